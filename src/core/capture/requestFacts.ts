import type { CapturedRequest } from '../provider/recordingProvider';

/** What one captured Chat Completions request carried, read from its parsed body. */
export interface RequestFacts {
  /** The request's `seq` at the recording provider. */
  seq: number;
  bytes: number;
  model?: string;
  stream?: boolean;
  /** `tools[].function.name` (or a flat `tools[].name`), in the order sent. */
  toolNames: string[];
  toolsCount: number;
  /** Serialized UTF-8 bytes of the `tools` array alone (`JSON.stringify` of the parsed value). */
  toolsBytes: number;
  /** Characters of every `system` and `developer` message's text. */
  systemPromptChars: number;
  messageCount: number;
  /** `role` of each message, in order. */
  roles: string[];
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The text of a message's content: a string, or the `text` of each part. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') {
    return content;
  }
  if (!Array.isArray(content)) {
    return '';
  }
  return content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

function toolName(t: unknown): string {
  if (!isObject(t)) {
    return '?';
  }
  if (isObject(t.function) && typeof t.function.name === 'string') {
    return t.function.name;
  }
  return typeof t.name === 'string' ? t.name : '?';
}

/** True for a request to a Chat Completions endpoint (the ones a turn's model calls go to). */
export function isCompletionRequest(r: CapturedRequest): boolean {
  return r.method === 'POST' && /\/chat\/completions(\?|$)/.test(r.path);
}

export function requestFacts(r: CapturedRequest): RequestFacts {
  const body = isObject(r.body) ? r.body : {};
  const tools = Array.isArray(body.tools) ? body.tools : [];
  const messages = Array.isArray(body.messages) ? body.messages : [];
  let systemPromptChars = 0;
  const roles: string[] = [];
  for (const m of messages) {
    const role = isObject(m) && typeof m.role === 'string' ? m.role : '?';
    roles.push(role);
    if (isObject(m) && (role === 'system' || role === 'developer')) {
      systemPromptChars += contentText(m.content).length;
    }
  }
  return {
    seq: r.seq,
    bytes: r.bytes,
    ...(typeof body.model === 'string' ? { model: body.model } : {}),
    ...(typeof body.stream === 'boolean' ? { stream: body.stream } : {}),
    toolNames: tools.map(toolName),
    toolsCount: tools.length,
    toolsBytes: Array.isArray(body.tools) ? Buffer.byteLength(JSON.stringify(body.tools), 'utf8') : 0,
    systemPromptChars,
    messageCount: messages.length,
    roles,
  };
}
