import type { CatalogEntry, Diagnostic, ServerReport, ServerStatus, ToolCallContext, ToolCallResult, ToolDefinition, ToolExecutor } from '../../types';
import { errorMessage } from '../../util/errors';
import { assignSafeServerNames, LETTER_FIRST, type McpNameRule } from '../mcpNames';
import { mcpToolDefinitions } from '../mcpTools';
import type { SourceListing, ToolSourceProvider } from '../toolSource';
import { McpServerConnection, type ConnectionHooks } from './mcpConnection';
import { launchDescription, originText, type McpServerConfig } from './serverConfig';
import { defectText } from '../../reasons';
import { toolFilterDefect } from './toolFilter';
import type { McpUtilityTool } from '../generatedTools';

export interface LiveMcpSourceOptions {
  servers: readonly McpServerConfig[];
  /** Problems found while reading the server configs, repeated in every listing. */
  diagnostics?: readonly Diagnostic[];
  /** Untrusted workspaces start and reach nothing: every server is reported disabled. */
  trusted: boolean;
  /** Most `tools/list` pages read from one server. */
  maxPages?: number;
  /** Quiet period before a `list_changed` burst re-lists a server. */
  refreshDebounceMs?: number;
  /**
   * Makes the connection to one server (default: a real `McpServerConnection`).
   * The differential suite hands in connections that answer `tools/list` with
   * generated listings, so this source's own code decides what they become.
   */
  openConnection?: (config: McpServerConfig, hooks: ConnectionHooks) => McpServerConnection;
  /** The modelled version's tools for servers that offer resources or prompts (generated); none when absent. */
  utilityTools?: readonly McpUtilityTool[];
  /** The modelled release's name sanitizing (default: 2026.5.12 on). */
  nameRule?: McpNameRule;
}

interface ServerState {
  config: McpServerConfig;
  connection?: McpServerConnection;
  status: ServerStatus;
  error?: string;
  durationMs: number;
  tools: ToolDefinition[];
  diagnostics: Diagnostic[];
  refreshTimer?: NodeJS.Timeout;
  /** Connected and listed: from here on, a server that goes away is a change worth announcing. */
  ready?: boolean;
}

export const DEFAULT_MAX_PAGES = 100;

/**
 * MCP tools from live servers. The first `list` connects every configured
 * server in parallel (each within its own connect and list timeouts); later
 * listings reuse the connections. A server that fails is reported with its
 * reason and never holds up the others. `notifications/tools/list_changed`
 * re-lists that one server and announces the change.
 */
export class LiveMcpSource implements ToolSourceProvider {
  readonly name = 'mcp';
  readonly executor: ToolExecutor = { execute: (tool, args, ctx) => this.execute(tool, args, ctx) };
  private readonly states = new Map<string, ServerState>();
  private readonly listeners = new Set<() => void>();
  private starting?: Promise<void>;
  /** A refresh closing the old connections: a list() meanwhile waits for it rather than racing it. */
  private refreshing?: Promise<void>;
  private disposed = false;

  /** Server parts of model-facing names, assigned over all configured servers in declaration order. */
  private readonly safeNames: Map<string, string>;

  constructor(private readonly options: LiveMcpSourceOptions) {
    this.safeNames = assignSafeServerNames(options.servers.map((s) => s.name), options.nameRule ?? LETTER_FIRST);
  }

  async list(signal?: AbortSignal): Promise<SourceListing> {
    if (this.disposed) {
      throw new Error('the live MCP source was disposed');
    }
    await this.refreshing;
    this.starting ??= this.startAll(signal);
    await this.starting;
    return this.listing();
  }

  /** Current reports without connecting anything (empty before the first `list`). */
  get servers(): ServerReport[] {
    return [...this.states.values()].map((s) => this.report(s));
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Closes every connection; the next `list` connects afresh. */
  async refresh(): Promise<void> {
    const pending = this.starting;
    this.starting = undefined;
    const closing = (async () => {
      await pending?.catch(() => undefined);
      await this.closeAll();
    })();
    this.refreshing = closing;
    try {
      await closing;
    } finally {
      if (this.refreshing === closing) {
        this.refreshing = undefined;
      }
    }
    this.emit();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.listeners.clear();
    await this.closeAll();
    // A start still in flight closes what it opens once it sees `disposed`.
    await this.starting?.catch(() => undefined);
    await this.closeAll();
  }

  private async closeAll(): Promise<void> {
    const states = [...this.states.values()];
    this.states.clear();
    await Promise.all(
      states.map(async (s) => {
        clearTimeout(s.refreshTimer);
        await s.connection?.close();
      }),
    );
  }

  private emit(): void {
    for (const l of [...this.listeners]) {
      l();
    }
  }

  private async startAll(signal?: AbortSignal): Promise<void> {
    await Promise.all(this.options.servers.map((cfg) => this.startServer(cfg, signal)));
  }

  private async startServer(config: McpServerConfig, signal?: AbortSignal): Promise<void> {
    const started = performance.now();
    const state: ServerState = { config, status: 'ok', durationMs: 0, tools: [], diagnostics: [] };
    this.states.set(config.name, state);
    if (!config.enabled) {
      state.status = 'disabled';
      state.error = `disabled in ${originText(config.origin)}`;
    } else if (!this.options.trusted) {
      state.status = 'disabled';
      state.error = 'workspace not trusted';
    } else if (config.problem) {
      state.status = 'failed';
      state.error = config.problem;
    } else {
      const hooks: ConnectionHooks = {
        onToolsChanged: () => this.scheduleRefresh(config.name, connection),
        onClosedByPeer: () => this.lost(state, connection),
      };
      const connection: McpServerConnection = this.options.openConnection?.(config, hooks) ?? new McpServerConnection(config, hooks);
      state.connection = connection;
      let broken = false;
      try {
        await connection.connect(signal);
        await this.loadTools(state, connection, signal);
        state.ready = true;
      } catch (err) {
        broken = true;
        state.status = 'failed';
        state.error = errorMessage(err);
        state.tools = [];
      }
      // Measured before any close: the time the server cost the catalog, not its shutdown.
      state.durationMs = Math.round(performance.now() - started);
      // An incomplete listing keeps its connection: the tools it did list stay callable.
      if (broken || this.disposed || this.states.get(config.name) !== state) {
        await connection.close();
      }
      return;
    }
    // A server not started (disabled, untrusted, unusable config) cost nothing: durationMs stays 0,
    // not the few ms a busy event loop would put between two clock reads.
  }

  private async loadTools(state: ServerState, connection: McpServerConnection, signal?: AbortSignal): Promise<void> {
    const { config } = state;
    const listed = await connection.listTools(this.options.maxPages ?? DEFAULT_MAX_PAGES, signal);
    const diagnostics: Diagnostic[] = [];
    const defs = mcpToolDefinitions(config.name, listed.tools, config.origin, diagnostics, {
      safeServer: this.safeNames.get(config.name),
      launch: launchDescription(config),
      nameRule: this.options.nameRule ?? LETTER_FIRST,
      toolFilter: (raw) => toolFilterDefect(config.name, config.toolFilter, raw),
      ...(this.options.utilityTools ? { utilities: { capabilities: connection.capabilities(), tools: this.options.utilityTools } } : {}),
    });
    state.tools = defs;
    state.diagnostics = diagnostics;
    const bad = defs.filter((d) => d.invalid !== undefined && d.invalid.kind !== 'tool-filter');
    if (listed.incomplete) {
      state.status = 'failed';
      state.error = listed.incomplete;
    } else {
      state.status = 'ok';
      state.error =
        bad.length > 0 ? `${bad.length} of ${defs.length} tools excluded: ${bad[0]?.invalid ? defectText(bad[0].invalid, bad[0]) : ''}${bad.length > 1 ? `; and ${bad.length - 1} more (see diagnostics)` : ''}` : undefined;
    }
  }

  /** A server that was fine has gone: its tools cannot be called any more, so they leave the catalog. */
  private lost(state: ServerState, connection: McpServerConnection): void {
    if (!state.ready || state.connection !== connection || this.states.get(state.config.name) !== state || this.disposed) {
      return;
    }
    state.ready = false;
    state.status = 'failed';
    const last = connection.stderr.headline;
    state.error = `${connection.transport === 'stdio' ? 'the server exited' : 'the connection closed'} after listing its tools${last ? `; stderr: ${last}` : ''}`;
    state.tools = [];
    void connection.close();
    this.emit();
  }

  private scheduleRefresh(name: string, connection: McpServerConnection): void {
    const state = this.states.get(name);
    if (!state || state.connection !== connection || this.disposed) {
      return;
    }
    clearTimeout(state.refreshTimer);
    state.refreshTimer = setTimeout(() => {
      void this.relist(state, connection);
    }, this.options.refreshDebounceMs ?? 50);
  }

  /** Re-lists one server; durationMs keeps measuring the initial connect and list. */
  private async relist(state: ServerState, connection: McpServerConnection): Promise<void> {
    try {
      await this.loadTools(state, connection);
    } catch (err) {
      state.status = 'failed';
      state.error = `re-listing after tools/list_changed failed: ${errorMessage(err)}`;
      state.tools = [];
      await connection.close();
    }
    if (this.states.get(state.config.name) === state && !this.disposed) {
      this.emit();
    }
  }

  private listing(): SourceListing {
    const states = [...this.states.values()];
    return {
      tools: states.flatMap((s) => s.tools),
      servers: states.map((s) => this.report(s)),
      diagnostics: [...(this.options.diagnostics ?? []), ...states.flatMap((s) => s.diagnostics)],
    };
  }

  private report(s: ServerState): ServerReport {
    const tail = s.connection?.stderr.tail ?? [];
    return {
      name: s.config.name,
      origin: originText(s.config.origin),
      at: { file: s.config.origin.file, line: s.config.origin.line, column: s.config.origin.column },
      transport: s.connection?.transport ?? s.config.transport,
      status: s.status,
      toolCount: s.tools.filter((t) => t.invalid === undefined).length,
      ...(s.error !== undefined ? { error: s.error } : {}),
      durationMs: s.durationMs,
      ...(tail.length > 0 ? { stderrTail: tail } : {}),
    };
  }

  private async execute(tool: CatalogEntry, args: Record<string, unknown>, ctx: ToolCallContext): Promise<ToolCallResult> {
    const state = this.states.get(tool.sourceName);
    const prefix = `mcp:${tool.sourceName}:`;
    const raw = tool.id.startsWith(prefix) ? tool.id.slice(prefix.length) : tool.name;
    if (!state || !state.connection?.connected) {
      const why = state?.error ?? (state ? 'not connected' : 'not configured');
      throw new Error(`${tool.id}: MCP server "${tool.sourceName}" is unavailable (${why})`);
    }
    // Fail closed: only tools the server listed (and we admitted) are called.
    const def = state.tools.find((t) => t.rawName === raw && t.invalid === undefined);
    if (!def) {
      throw new Error(`${tool.id}: MCP server "${tool.sourceName}" no longer lists this tool`);
    }
    if (def.mcpOperation !== undefined) {
      return state.connection.callUtility(def.mcpOperation, args, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
    }
    return state.connection.callTool(raw, args, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
  }
}
