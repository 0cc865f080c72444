import * as http from 'node:http';
import { closeServer, listenOnLoopback } from './loopbackServer';
import { decide, type ChatRequest } from './mockProvider';
import { messageText } from '../util/messageText';
import { errorMessage } from '../util/errors';

/**
 * A recording OpenAI-compatible provider on loopback, for capturing what a
 * real OpenClaw run sends (`core/capture`). Unlike the scripted
 * `MockProvider`, it never plays a model: every chat completion is answered
 * at once with one short final assistant message (streamed when the request
 * asks for `stream: true`, as OpenClaw's `openai-completions` transport does),
 * so the turn ends after its first request. It keeps every request as it came
 * in (method, path, raw headers in order, byte count, the body parsed as
 * JSON), within bounds: at most `maxRequests` requests and `maxBodyBytes` per
 * body; past either bound the request is answered with an error and counted
 * in `dropped`, never stored.
 */

export interface CapturedRequest {
  /** 1 for the first request this provider received. */
  seq: number;
  /** Milliseconds since the provider started listening. */
  atMs: number;
  method: string;
  path: string;
  /** The headers exactly as received: `[name, value]` in wire order and case (Node's `rawHeaders`). */
  headers: [string, string][];
  /** UTF-8 bytes of the body as received on the wire. */
  bytes: number;
  /** The body parsed as JSON; absent when it is not JSON (see `parseError`). */
  body?: unknown;
  parseError?: string;
}

export interface RecordingProviderOptions {
  /** The text of the final assistant message. */
  reply?: string;
  /** Requests kept; later ones are answered with 429 and counted in `dropped`. Default 64. */
  maxRequests?: number;
  /** Bytes read per body; a larger body is answered with 413 and counted in `dropped`. Default 16 MiB. */
  maxBodyBytes?: number;
  /** Answer as the scripted QA model (tool calls) instead of with one final message. */
  play?: boolean;
  /** Called once the answer to a Chat Completions request has been handed to the socket. */
  onAnswered?: (record: CapturedRequest) => void;
}

export const DEFAULT_CAPTURE_REPLY = 'Captured by Tool Search Inspector.';
const DEFAULT_MAX_REQUESTS = 64;
const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

interface CompletionRequest {
  model?: unknown;
  stream?: unknown;
  stream_options?: { include_usage?: unknown };
}

function errorBody(message: string, type = 'invalid_request_error'): string {
  return JSON.stringify({ error: { message: `recording provider: ${message}`, type } });
}

export class RecordingProvider {
  readonly requests: CapturedRequest[] = [];
  /** Requests refused because a bound was reached (too many, or a body over `maxBodyBytes`). */
  dropped = 0;
  private server: http.Server | undefined;
  private started = 0;
  private seq = 0;
  private readonly reply: string;
  private readonly maxRequests: number;
  private readonly maxBodyBytes: number;
  private readonly play: boolean;
  private readonly onAnswered: ((record: CapturedRequest) => void) | undefined;

  constructor(opts: RecordingProviderOptions = {}) {
    this.play = opts.play === true;
    this.onAnswered = opts.onAnswered;
    this.reply = opts.reply ?? DEFAULT_CAPTURE_REPLY;
    this.maxRequests = opts.maxRequests ?? DEFAULT_MAX_REQUESTS;
    this.maxBodyBytes = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  }

  /** Listens on 127.0.0.1 (a free port); resolves the base URL for an OpenAI-compatible client (`.../v1`). */
  async start(): Promise<string> {
    const server = http.createServer((req, res) => this.handle(req, res));
    this.server = server;
    const url = await listenOnLoopback(server);
    this.started = Date.now();
    return url;
  }

  close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return closeServer(server);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > this.maxBodyBytes) {
        over = true;
        chunks.length = 0;
        return;
      }
      if (!over) {
        chunks.push(c);
      }
    });
    req.on('end', () => {
      const method = req.method ?? '?';
      const urlPath = req.url ?? '';
      if (over) {
        this.dropped++;
        this.send(res, 413, errorBody(`the body has more than ${this.maxBodyBytes} bytes`));
        return;
      }
      if (this.requests.length >= this.maxRequests) {
        this.dropped++;
        this.send(res, 429, errorBody(`more than ${this.maxRequests} requests`, 'rate_limit_error'));
        return;
      }
      const raw = Buffer.concat(chunks);
      const headers: [string, string][] = [];
      for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
        headers.push([req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string]);
      }
      const record: CapturedRequest = { seq: ++this.seq, atMs: Date.now() - this.started, method, path: urlPath, headers, bytes: raw.length };
      if (raw.length > 0) {
        try {
          record.body = JSON.parse(raw.toString('utf8')) as unknown;
        } catch (err) {
          record.parseError = errorMessage(err);
        }
      }
      this.requests.push(record);
      this.answer(req, res, record);
    });
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, record: CapturedRequest): void {
    const pathname = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'GET' && /\/models$/.test(pathname)) {
      this.send(res, 200, JSON.stringify({ object: 'list', data: [] }));
      return;
    }
    if (req.method !== 'POST' || !/\/chat\/completions$/.test(pathname)) {
      this.send(res, 404, errorBody(`only POST /v1/chat/completions is served, not ${req.method ?? '?'} ${req.url ?? ''}`));
      return;
    }
    const body = record.body as CompletionRequest | undefined;
    if (!body || typeof body !== 'object') {
      this.send(res, 400, errorBody('the body is not a JSON object'));
      return;
    }
    res.once('finish', () => this.onAnswered?.(record));
    const id = `chatcmpl-capture-${record.seq}`;
    const created = Math.floor(Date.now() / 1000);
    const model = typeof body.model === 'string' ? body.model : 'capture';
    const usage = { prompt_tokens: 0, completion_tokens: 8, total_tokens: 8 };
    const decision = this.play ? decide(asChatRequest(body)) : { say: this.reply };
    const call = 'call' in decision
      ? { id: `call_${record.seq}`, type: 'function' as const, function: { name: decision.call, arguments: JSON.stringify(decision.args) } }
      : undefined;
    const finish = call ? 'tool_calls' : 'stop';
    if (body.stream !== true) {
      const message = call ? { role: 'assistant', content: null, tool_calls: [call] } : { role: 'assistant', content: 'say' in decision ? decision.say : '' };
      this.send(res, 200, JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
        usage,
      }));
      return;
    }
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}): string =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`;
    const events = [
      chunk([{ index: 0, delta: { role: 'assistant', content: call ? null : '' }, finish_reason: null }]),
      call
        ? chunk([{ index: 0, delta: { tool_calls: [{ index: 0, ...call }] }, finish_reason: null }])
        : chunk([{ index: 0, delta: { content: 'say' in decision ? decision.say : '' }, finish_reason: null }]),
      chunk([{ index: 0, delta: {}, finish_reason: finish }]),
      ...(body.stream_options?.include_usage === true ? [chunk([], { usage })] : []),
      'data: [DONE]\n\n',
    ];
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.end(events.join(''));
  }

  private send(res: http.ServerResponse, status: number, text: string): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(text);
  }
}

/**
 * The scripted model reads plain string contents; OpenClaw sends a message's
 * content as an array of text parts as often as a string.
 */
function asChatRequest(body: unknown): ChatRequest {
  const b = body as { messages?: unknown; tools?: unknown; model?: unknown };
  const messages = Array.isArray(b.messages) ? b.messages : [];
  return {
    ...(typeof b.model === 'string' ? { model: b.model } : {}),
    tools: Array.isArray(b.tools) ? (b.tools as ChatRequest['tools']) : [],
    messages: messages.map((m: unknown) => {
      const msg = (m ?? {}) as Record<string, unknown>;
      return { ...msg, role: typeof msg.role === 'string' ? msg.role : '?', content: messageText(msg.content) ?? null } as NonNullable<ChatRequest['messages']>[number];
    }),
  };
}
