import * as http from 'node:http';
import { closeServer, listenOnLoopback } from './loopbackServer';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { TOOL_CALL, TOOL_DESCRIBE, TOOL_SEARCH, TOOL_SEARCH_CODE } from '../modes/toolSearchTools';

/**
 * A mock OpenAI-compatible provider on loopback, for the design's E2E QA
 * scenario: it records every request body exactly as received, and answers
 * with a scripted "model" that uses whatever tools it was given to call the
 * tool the user named (directly, through `tool_search_code`, or through
 * `tool_search` -> `tool_describe` -> `tool_call`).
 */

export interface RecordedRequest {
  path: string;
  /** Bytes of the body as received on the wire. */
  bytes: number;
  body: ChatRequest;
  toolNames: string[];
}

interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

interface ChatMessage {
  role: string;
  content?: string | null;
  tool_calls?: ChatToolCall[];
  tool_call_id?: string;
}

export interface ChatRequest {
  model?: string;
  messages?: ChatMessage[];
  tools?: { type: string; function?: { name?: string } }[];
}

/** What the scripted model wants to do next. */
type Decision = { call: string; args: Record<string, unknown> } | { say: string };

/** The tool the user named (`snake_case` or `server__tool`) and a `marker X` argument, if any. */
export function parsePrompt(prompt: string): { target?: string; args: Record<string, unknown> } {
  const target = /\b([A-Za-z][A-Za-z0-9]*(?:_{1,2}[A-Za-z0-9]+)+)\b/.exec(prompt)?.[1];
  const marker = /\bmarker\s+["']?([^\s"']+)/i.exec(prompt)?.[1];
  return { ...(target ? { target } : {}), args: marker ? { marker } : {} };
}

function parseJson(text: string | null | undefined): unknown {
  try {
    return JSON.parse(text ?? '') as unknown;
  } catch {
    return undefined;
  }
}

/** The snippet the scripted model sends to `tool_search_code`. */
export function bridgeSnippet(target: string, args: Record<string, unknown>): string {
  return [
    `const hits = await openclaw.tools.search(${JSON.stringify(target.replace(/_+/g, ' '))}, { limit: 5 });`,
    `const hit = hits.find((h) => h.name === ${JSON.stringify(target)}) ?? hits[0];`,
    `if (!hit) { return 'no matching tool'; }`,
    'await openclaw.tools.describe(hit.id);',
    `const out = await openclaw.tools.call(hit.id, ${JSON.stringify(args)});`,
    'return out.result;',
  ].join('\n');
}

/** The scripted model: one decision per request, from the tools offered and the conversation so far. */
export function decide(body: ChatRequest): Decision {
  const messages = body.messages ?? [];
  const tools = new Set((body.tools ?? []).map((t) => t.function?.name).filter((n): n is string => typeof n === 'string'));
  const user = messages.find((m) => m.role === 'user')?.content ?? '';
  const programs = programsOf(user);
  if (programs.length > 0 && tools.has(CODE_MODE_EXEC)) {
    return execDecision(messages, programs);
  }
  const { target, args } = parsePrompt(user);
  if (!target) {
    return { say: 'I could not tell which tool you want.' };
  }
  // The answer to the model's latest call; runtimes may add context messages
  // after it (OpenClaw appends an internal-context user message every request).
  const lastCall = messages.map((m) => m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0).lastIndexOf(true);
  const answer = lastCall >= 0 ? messages.slice(lastCall + 1).find((m) => m.role === 'tool') : undefined;
  const previous = lastCall >= 0 ? messages[lastCall]?.tool_calls?.[0]?.function.name : undefined;
  // A directory row names a tool the runtime may not let the model call by name
  // (OpenClaw's code and tools modes list deferred tools too): after a refusal, look it up.
  const refusedByName = previous === target && /\b(not found|unknown tool|not available)\b/i.test(answer?.content ?? '');
  if (lastCall < 0 || refusedByName) {
    const system = messages.find((m) => m.role === 'system')?.content ?? '';
    if (tools.has(target) || (!refusedByName && system.includes(`\n- ${target} (`))) {
      return { call: target, args };
    }
    if (tools.has(TOOL_SEARCH_CODE)) {
      return { call: TOOL_SEARCH_CODE, args: { code: bridgeSnippet(target, args) } };
    }
    if (tools.has(TOOL_SEARCH)) {
      return { call: TOOL_SEARCH, args: { query: target.replace(/_+/g, ' '), limit: 5 } };
    }
    return { say: `No tool named ${target} is available.` };
  }
  if (!answer) {
    return { say: 'The tool did not answer.' };
  }
  const result = parseJson(answer.content);
  if (previous === TOOL_SEARCH) {
    const hits = hitsOf(result);
    const hit = hits.find((h) => h.name === target) ?? hits[0];
    return hit ? { call: TOOL_DESCRIBE, args: { id: hit.id } } : { say: `Search found nothing for ${target}.` };
  }
  if (previous === TOOL_DESCRIBE) {
    const r = result as { id?: unknown; tool?: { id?: unknown } } | undefined;
    const id = typeof r?.id === 'string' ? r.id : typeof r?.tool?.id === 'string' ? r.tool.id : undefined;
    return id ? { call: TOOL_CALL, args: { id, args } } : { say: `Could not describe ${target}.` };
  }
  return { say: `Done. The tool returned: ${answer.content ?? ''}` };
}

/**
 * Code Mode's program tool. Its name is what OpenClaw's releases so far call
 * it; the scripted model only reacts to it when the prompt carries a program.
 */
const CODE_MODE_EXEC = 'exec';
const CODE_MODE_WAIT = 'wait';

/** The fenced ```js programs in the user's prompt, in order: the scripted model runs each through Code Mode's `exec` as written. */
export function programsOf(prompt: string): string[] {
  return [...prompt.matchAll(/```(?:js|javascript)\n([\s\S]*?)\n```/g)].map((m) => m[1] ?? '');
}

/** One `exec` per program, in order, then a final answer quoting what the last returned. */
function execDecision(messages: ChatMessage[], programs: readonly string[]): Decision {
  const lastCall = messages.map((m) => m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0).lastIndexOf(true);
  const answer = lastCall >= 0 ? messages.slice(lastCall + 1).find((m) => m.role === 'tool') : undefined;
  // A program that yielded: resume it with the runId its result named, before the next program.
  const waiting = /"status":"waiting"[\s\S]*?"runId":"([^"]+)"/.exec(answer?.content ?? '') ?? /"runId":"([^"]+)"[\s\S]*?"status":"waiting"/.exec(answer?.content ?? '');
  if (waiting) {
    return { call: CODE_MODE_WAIT, args: { runId: waiting[1] } };
  }
  const made = messages.filter((m) => m.role === 'assistant' && m.tool_calls?.some((c) => c.function.name === CODE_MODE_EXEC)).length;
  const next = programs[made];
  if (next !== undefined) {
    return { call: CODE_MODE_EXEC, args: { code: next } };
  }
  return { say: `Done. exec returned: ${answer?.content ?? ''}` };
}

/** Hits of a `tool_search` result: the product's `{ hits }`, or OpenClaw's plain array of entries. */
function hitsOf(result: unknown): { id: string; name: string }[] {
  const r = result as { hits?: unknown } | undefined;
  const lists = Array.isArray(result) ? [result] : Array.isArray(r?.hits) ? [r.hits] : [];
  return lists
    .flatMap((l) => (Array.isArray(l) ? (l as unknown[]) : []))
    .filter((h): h is { id: string; name: string } => !!h && typeof (h as { id?: unknown }).id === 'string' && typeof (h as { name?: unknown }).name === 'string');
}

export class MockProvider {
  readonly requests: RecordedRequest[] = [];
  private server: http.Server | undefined;
  private seq = 0;

  /** Starts on 127.0.0.1 (a free port); resolves the base URL for an OpenAI client (`.../v1`). */
  async start(): Promise<string> {
    const server = http.createServer((req, res) => this.handle(req, res));
    this.server = server;
    return listenOnLoopback(server);
  }

  close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return closeServer(server);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const send = (status: number, value: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) {
        send(404, { error: { message: `mock provider: only POST /v1/chat/completions is served, not ${req.method ?? '?'} ${req.url ?? ''}`, type: 'invalid_request_error' } });
        return;
      }
      const body = parseJson(raw.toString('utf8')) as ChatRequest | undefined;
      if (!body || typeof body !== 'object') {
        send(400, { error: { message: 'mock provider: the body is not JSON', type: 'invalid_request_error' } });
        return;
      }
      const toolNames = (body.tools ?? []).map((t) => t.function?.name ?? '?');
      this.requests.push({ path: req.url ?? '', bytes: raw.length, body, toolNames });
      const decision = decide(body);
      const n = ++this.seq;
      const promptTokens = countTokens(raw.toString('utf8'));
      const message =
        'call' in decision
          ? { role: 'assistant', content: null, tool_calls: [{ id: `call_${n}`, type: 'function', function: { name: decision.call, arguments: JSON.stringify(decision.args) } }] }
          : { role: 'assistant', content: decision.say };
      send(200, {
        id: `chatcmpl-mock-${n}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model ?? 'mock',
        choices: [{ index: 0, message, finish_reason: 'call' in decision ? 'tool_calls' : 'stop', logprobs: null }],
        usage: { prompt_tokens: promptTokens, completion_tokens: 16, total_tokens: promptTokens + 16 },
      });
    });
  }
}
