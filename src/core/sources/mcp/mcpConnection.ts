import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ToolCallResult } from '../../types';
import { errorMessage } from '../../util/errors';
import { killQuietly, trackChild, untrackChild } from './childRegistry';
import type { McpServerConfig, McpTransportKind } from './serverConfig';
import { StderrTail } from './stderrTail';

const CLIENT_INFO = { name: 'tool-search-inspector', version: '0.1.0' };

/**
 * A page of `tools/list`, read loosely: the SDK's strict schema would reject
 * the whole page for one bad tool, and we want to keep the good ones and
 * name the bad one. Each tool is checked later by mcpToolDefinitions.
 */
const ToolsPage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

/** How long a server gets to exit after its stdin closes before it is signalled. */
const EXIT_GRACE_MS = 250;
/** Headroom so our own deadline (with a better message) fires before the SDK's. */
const SDK_TIMEOUT_SLACK_MS = 1000;

export interface ToolPages {
  tools: unknown[];
  pages: number;
  /** Set when listing stopped before the server said it was done. */
  incomplete?: string;
}

class DeadlineError extends Error {}

export interface ConnectionHooks {
  /** The server sent `notifications/tools/list_changed`. */
  onToolsChanged(): void;
  /** The server went away (exited, or the HTTP stream ended) without us closing it. */
  onClosedByPeer?(): void;
}

function withDeadline<T>(work: Promise<T>, ms: number, message: () => string, signal?: AbortSignal): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(message())), ms);
    if (signal) {
      onAbort = () => reject(new Error('aborted'));
      if (signal.aborted) {
        onAbort();
      }
      signal.addEventListener('abort', onAbort, { once: true });
    }
  });
  return Promise.race([work, guard]).finally(() => {
    clearTimeout(timer);
    if (onAbort) {
      signal?.removeEventListener('abort', onAbort);
    }
  });
}

/** undici's `fetch failed` TypeError, whose cause says why (ECONNREFUSED, ENOTFOUND, ...). */
function fetchFailure(err: unknown): Error | undefined {
  return err instanceof TypeError && /fetch failed/i.test(err.message) ? err : undefined;
}

/** A URL fit for reports: no user info, query or fragment, where tokens tend to live. */
export function shownUrl(url: string | undefined): string {
  try {
    const u = new URL(url ?? '');
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '(invalid url)';
  }
}

function httpStatus(err: unknown): number | undefined {
  if (err instanceof StreamableHTTPError || err instanceof SseError) {
    return typeof err.code === 'number' && err.code >= 100 ? err.code : undefined;
  }
  return undefined;
}

/**
 * One live MCP server: connects with the SDK client over stdio, Streamable
 * HTTP or SSE, lists its tools page by page, calls them, and closes. Errors
 * come out as one-line messages a user can act on.
 */
export class McpServerConnection {
  readonly stderr = new StderrTail(20);
  private client?: Client;
  private httpTransport?: StreamableHTTPClientTransport;
  private pid?: number;
  private closing = false;
  private closedByPeer = false;
  /** The first error the transport reported on its own (unparsable stdout, a failed fetch). */
  private transportError?: Error;
  /** The transport actually used (a guessed one may fall back to SSE). */
  transport: McpTransportKind;

  constructor(readonly config: McpServerConfig, private readonly hooks: ConnectionHooks) {
    this.transport = config.transport;
  }

  get connected(): boolean {
    return this.client !== undefined && !this.closedByPeer;
  }

  /** Starts (stdio) or reaches (HTTP) the server and runs `initialize` within connectTimeout. */
  async connect(signal?: AbortSignal): Promise<void> {
    if (!this.config.transportGuessed) {
      return this.connectWith(this.config.transport, signal);
    }
    try {
      await this.connectWith('streamable-http', signal);
    } catch (err) {
      const status = httpStatus(err instanceof Error ? err.cause : undefined);
      // The SDK's recommended fallback for servers that predate Streamable HTTP.
      if (status === undefined || status < 400 || status >= 500 || status === 401 || status === 403) {
        throw err;
      }
      await this.close();
      this.closing = false;
      await this.connectWith('sse', signal);
    }
  }

  private makeTransport(kind: McpTransportKind): Transport {
    const c = this.config;
    if (kind === 'stdio') {
      const t = new StdioClientTransport({ command: c.command ?? '', args: c.args, env: c.env, cwd: c.cwd, stderr: 'pipe' });
      this.stderr.attach(t.stderr);
      return t;
    }
    const url = new URL(c.url ?? '');
    const requestInit = { headers: c.headers };
    return kind === 'sse' ? new SSEClientTransport(url, { requestInit }) : new StreamableHTTPClientTransport(url, { requestInit });
  }

  private async connectWith(kind: McpTransportKind, signal?: AbortSignal): Promise<void> {
    this.transport = kind;
    this.closedByPeer = false;
    this.transportError = undefined;
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    client.onerror = (err) => {
      this.transportError ??= err;
    };
    client.onclose = () => {
      // For stdio this is the child's 'close' event: it has exited, so its pid must not be signalled later.
      if (this.pid !== undefined) {
        untrackChild(this.pid);
      }
      if (!this.closing) {
        this.closedByPeer = true;
        this.hooks.onClosedByPeer?.();
      }
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.hooks.onToolsChanged();
    });
    const transport = this.makeTransport(kind);
    this.client = client;
    this.httpTransport = transport instanceof StreamableHTTPClientTransport ? transport : undefined;
    const ms = this.config.connectTimeoutMs;
    const connecting = client.connect(transport, { timeout: ms + SDK_TIMEOUT_SLACK_MS, signal });
    // connect() spawns synchronously, so the pid is known before initialize is answered.
    if (transport instanceof StdioClientTransport && transport.pid !== null) {
      this.pid = transport.pid;
      trackChild(this.pid);
    }
    try {
      await withDeadline(connecting, ms, () => `no answer to initialize within ${ms} ms`, signal);
    } catch (err) {
      throw new Error(this.describe(err, 'initialize'), { cause: err });
    }
  }

  /**
   * Lists every tool, following `nextCursor` to the end within the server's
   * timeout, and stops (saying why) on a cursor seen before or past `maxPages`.
   */
  async listTools(maxPages: number, signal?: AbortSignal): Promise<ToolPages> {
    const client = this.requireClient();
    // A server without the tools capability (prompts or resources only) has nothing to list, which is not a failure.
    if (client.getServerCapabilities()?.tools === undefined) {
      return { tools: [], pages: 0 };
    }
    const budget = this.config.timeoutMs;
    const deadline = Date.now() + budget;
    const tools: unknown[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const remaining = deadline - Date.now();
      try {
        if (remaining <= 0) {
          throw new DeadlineError(`tools/list did not finish within ${budget} ms (${pages} pages)`);
        }
        const request = cursor === undefined ? { method: 'tools/list' as const } : { method: 'tools/list' as const, params: { cursor } };
        const page = await withDeadline(
          client.request(request, ToolsPage, { timeout: remaining + SDK_TIMEOUT_SLACK_MS, signal }),
          remaining,
          () => `no answer to tools/list within ${budget} ms${pages > 0 ? ` (after ${pages} pages)` : ''}`,
          signal,
        );
        pages++;
        tools.push(...page.tools);
        const next = page.nextCursor;
        if (next === undefined || next === '') {
          return { tools, pages };
        }
        if (next === cursor || seen.has(next)) {
          return { tools, pages, incomplete: `tools/list returned cursor ${JSON.stringify(next.slice(0, 40))} again after ${pages} pages; listing stopped, ${tools.length} tools so far` };
        }
        if (pages >= maxPages) {
          return { tools, pages, incomplete: `tools/list still had more after ${maxPages} pages (the page cap); listing stopped, ${tools.length} tools so far` };
        }
        seen.add(next);
        cursor = next;
      } catch (err) {
        throw new Error(this.describe(err, 'tools/list'), { cause: err });
      }
    }
  }

  /** `tools/call` within the call's (or the server's) timeout. */
  async callTool(rawName: string, args: Record<string, unknown>, opts: { timeoutMs?: number; signal?: AbortSignal }): Promise<ToolCallResult> {
    const client = this.requireClient();
    const ms = opts.timeoutMs ?? this.config.timeoutMs;
    let res: Awaited<ReturnType<Client['callTool']>>;
    try {
      res = await withDeadline(
        client.callTool({ name: rawName, arguments: args }, undefined, { timeout: ms + SDK_TIMEOUT_SLACK_MS, signal: opts.signal }),
        ms,
        () => `no answer to tools/call "${rawName}" within ${ms} ms`,
        opts.signal,
      );
    } catch (err) {
      throw new Error(`MCP server "${this.config.name}": ${this.describe(err, 'tools/call')}`, { cause: err });
    }
    if ('toolResult' in res) {
      return { value: res.toolResult };
    }
    const out: ToolCallResult = { content: Array.isArray(res.content) ? res.content : [] };
    if (res.structuredContent !== undefined) {
      out.structuredContent = res.structuredContent;
    }
    if (res.isError === true) {
      out.isError = true;
    }
    return out;
  }

  /** What the server offers besides tools, from its `initialize` answer (OpenClaw's `summarizeServerCapabilities`). */
  capabilities(): { resources: boolean; prompts: boolean } {
    const caps = this.client?.getServerCapabilities();
    return { resources: caps?.resources !== undefined, prompts: caps?.prompts !== undefined };
  }

  /**
   * One of OpenClaw's MCP utility tools: `resources/list`, `resources/read`,
   * `prompts/list`, `prompts/get`, answered as OpenClaw answers them
   * (`toJsonAgentToolResult`: the value as JSON text, `resources` / `prompts`
   * wrapped in an object, `_meta` dropped; the details name the server and
   * mark the output untrusted).
   */
  async callUtility(operation: string, args: Record<string, unknown>, opts: { timeoutMs?: number; signal?: AbortSignal }): Promise<ToolCallResult> {
    const client = this.requireClient();
    const ms = opts.timeoutMs ?? this.config.timeoutMs;
    const options = { timeout: ms + SDK_TIMEOUT_SLACK_MS, signal: opts.signal };
    const text = (key: string): string => {
      const v = args[key];
      if (typeof v !== 'string') {
        throw new Error(`${key} is required`);
      }
      return v;
    };
    const run = async (): Promise<unknown> => {
      switch (operation) {
        case 'resources_list':
          return { resources: (await client.listResources(undefined, options)).resources };
        case 'resources_read':
          return client.readResource({ uri: text('uri') }, options);
        case 'prompts_list':
          return { prompts: (await client.listPrompts(undefined, options)).prompts };
        case 'prompts_get': {
          const a = args.arguments;
          const promptArgs = a !== null && typeof a === 'object' && !Array.isArray(a) ? (a as Record<string, string>) : undefined;
          return client.getPrompt({ name: text('name'), ...(promptArgs ? { arguments: promptArgs } : {}) }, options);
        }
        default:
          throw new Error(`unknown MCP utility operation ${operation}`);
      }
    };
    let value: unknown;
    try {
      value = await withDeadline(run(), ms, () => `no answer to ${operation} within ${ms} ms`, opts.signal);
    } catch (err) {
      throw new Error(`MCP server "${this.config.name}": ${this.describe(err, operation)}`, { cause: err });
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      delete (value as Record<string, unknown>)._meta;
    }
    return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], value };
  }

  private requireClient(): Client {
    if (!this.client || this.closedByPeer) {
      throw new Error(`MCP server "${this.config.name}" is not connected${this.closedByPeer ? ' (it exited)' : ''}`);
    }
    return this.client;
  }

  /** A one-line reason for a failure during `phase`, with what the server said last. */
  describe(err: unknown, phase: string): string {
    const c = this.config;
    const e = err as NodeJS.ErrnoException;
    const said = this.stderr.headline;
    const stderrNote = said ? `; stderr: ${said}` : '';
    // Writing to a server that has already exited (EPIPE) is a consequence of the exit, not something it wrote.
    const side = (this.transportError as NodeJS.ErrnoException | undefined)?.code === 'EPIPE' ? undefined : this.transportError;
    // On stdio, a transport error is output we could not parse; on HTTP, the last network or protocol failure.
    const sideNote = side ? (this.transport === 'stdio' ? `; the server wrote invalid output: ${errorMessage(side).slice(0, 200)}` : `; last transport error: ${errorMessage(side).slice(0, 200)}`) : '';
    if (typeof e?.code === 'string' && typeof e.syscall === 'string' && e.syscall.startsWith('spawn')) {
      if (e.code === 'ENOENT') {
        return `command not found: ${c.command ?? ''} (cwd ${c.cwd ?? '.'})`;
      }
      return `cannot start ${c.command ?? ''}: ${e.code}`;
    }
    const status = httpStatus(err) ?? httpStatus(side);
    if (status !== undefined) {
      return `HTTP ${status} from ${shownUrl(c.url)} during ${phase} (${this.transport}): ${errorMessage(httpStatus(err) !== undefined ? err : side).slice(0, 200)}`;
    }
    const net = fetchFailure(err) ?? fetchFailure(err instanceof Error ? err.cause : undefined) ?? fetchFailure(side);
    if (net) {
      return `cannot reach ${shownUrl(c.url)} (${this.transport}) during ${phase}: ${errorMessage(net.cause ?? net)}`;
    }
    if (err instanceof DeadlineError) {
      return `${err.message}${sideNote}${stderrNote}`;
    }
    if (this.closedByPeer || (err instanceof McpError && err.code === Number(ErrorCode.ConnectionClosed))) {
      const what = this.transport === 'stdio' ? 'the server exited' : 'the connection closed';
      return `${what} during ${phase}${sideNote}${stderrNote}`;
    }
    if (err instanceof z.ZodError) {
      return `invalid ${phase} result: ${err.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ').slice(0, 300)}`;
    }
    return `${errorMessage(err)}${stderrNote}`;
  }

  /**
   * Closes the connection. A stdio server gets its stdin closed, then
   * SIGTERM after a short grace, then SIGKILL, so close never waits long on
   * a server that ignores the polite way.
   */
  async close(): Promise<void> {
    this.closing = true;
    const client = this.client;
    const pid = this.pid;
    const http = this.httpTransport;
    this.client = undefined;
    this.httpTransport = undefined;
    this.pid = undefined;
    if (!client) {
      return;
    }
    const timers: NodeJS.Timeout[] = [];
    if (pid !== undefined) {
      timers.push(setTimeout(() => killQuietly(pid, 'SIGTERM'), EXIT_GRACE_MS));
      timers.push(setTimeout(() => killQuietly(pid, 'SIGKILL'), EXIT_GRACE_MS * 4));
    }
    try {
      // A stateful Streamable HTTP server is told the session is over (briefly: it may not support DELETE).
      if (http?.sessionId !== undefined && !this.closedByPeer) {
        await withDeadline(http.terminateSession(), 500, () => 'terminateSession timed out').catch(() => undefined);
      }
      await client.close();
    } catch {
      // Closing a broken connection may fail; the process is dealt with below.
    } finally {
      timers.forEach(clearTimeout);
      if (pid !== undefined) {
        untrackChild(pid);
      }
    }
  }
}
