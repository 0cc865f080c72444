import * as vscode from 'vscode';
import type { Catalog } from '../core/catalog/catalog';
import { openclawInstallRoots } from './oracle/openclawInstalls';
import type { DiscoveredServers } from '../core/sources/mcp';
import type { ToolSourceProvider } from '../core/sources/toolSource';
import type { OpenWorkspace, WorkspaceOptions } from '../core/workspace';
import { loadCore, type CoreModule } from './coreLoader';
import type { Logger } from './logger';
import { editorHost, type EditorHost } from './host';
import { readSettings } from './settings';
import type { InspectorSettings } from './settingsModel';
import { staleMarkOf, type StaleMark } from './stale/staleMark';
import { errorMessage } from '../core/util/errors';

/** The config a catalog was built from: how diagnostics name it, and where it is. */
export interface ConfigFileInfo {
  file: string;
  absFile: string;
}

export type CatalogState =
  | { kind: 'idle' }
  | { kind: 'no-folder' }
  | { kind: 'loading' }
  | {
      kind: 'ready';
      catalog: Catalog;
      trusted: boolean;
      settings: InspectorSettings;
      buildMs: number;
      /** The OpenClaw config read, when there is one (none: Tool Search is off unless the modelled version turns it on). */
      config?: ConfigFileInfo;
      /** Set when the config stopped parsing: `catalog` is then the last good one. */
      stale?: StaleMark;
      /**
       * Whose run the catalog is, when the config lists agents: `main` and why
       * (OpenClaw's default, or asked for), as the CLI's "Agent:" line says it.
       */
      agent?: { id?: string; text: string };
    }
  | { kind: 'error'; message: string; trusted: boolean };

/** Supplies the live MCP source once core has one; kept injectable so activation stays cheap. */
export type LiveMcpFactory = WorkspaceOptions['liveMcp'];

export interface CatalogServiceOptions {
  logger: Logger;
  liveMcp?: LiveMcpFactory;
  /** The editor's state (trust); tests may hand in their own. */
  host?: Pick<EditorHost, 'isTrusted'>;
  /** Values for `${input:id}` in MCP configs of a folder (kept in SecretStorage by the editor). */
  mcpInputs?: (folder: vscode.WorkspaceFolder) => Promise<Record<string, string>>;
  /** The folder's settings for a build: `CatalogRoots` hands in the ones its last sync read; default read now. */
  settings?: () => InspectorSettings;
}

/** A session: the catalog with the workspace it came from, and the folder's settings as they are now. */
export interface CatalogSession {
  catalog: Catalog;
  workspace: OpenWorkspace;
  /** Read when asked, so live settings (`sandbox.nodePath`, `approvals.tools`) apply without a rebuild. */
  settings: InspectorSettings;
  folder: vscode.WorkspaceFolder;
}

/**
 * What commands, panels and views need from a catalog: one folder's
 * (`FolderCatalog`), or whichever root is active (`ActiveCatalog`).
 */
export interface CatalogService {
  readonly state: CatalogState;
  readonly onDidChange: vscode.Event<CatalogState>;
  /** The folder this catalog belongs to, when there is one. */
  readonly folder: vscode.WorkspaceFolder | undefined;
  readonly builds: number;
  getState(): Promise<CatalogState>;
  getSession(): Promise<CatalogSession>;
  getCatalog(): Promise<Catalog>;
  refresh(reason: string): Promise<CatalogState>;
  invalidate(reason: string): void;
  /**
   * A setting of this folder is being written (an agent picked): sessions
   * wait for the write and the rebuild it causes, so a command started right
   * after (a capture) acts on the new run, not the one shown before.
   */
  settingsChanging(write: PromiseLike<unknown>): void;
}

/** An MCP input a server still needs: declared (maybe) in a config, with no value yet. */
export interface MissingInput {
  id: string;
  description?: string;
  password: boolean;
  servers: string[];
}

/**
 * One catalog root: owns the folder's open workspace (and so any MCP
 * connection it holds) and its current catalog. Nothing is built until
 * someone asks: activation must not start servers. A rebuild aborts the one
 * in flight and disposes the old workspace only after the new catalog is ready.
 */
export class FolderCatalog implements CatalogService, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<CatalogState>();
  readonly onDidChange = this.changed.event;
  private readonly missing = new vscode.EventEmitter<MissingInput[]>();
  /** Fired after a build in which some MCP server lacked `${input:id}` values. */
  readonly onMissingInputs = this.missing.event;
  private current: CatalogState = { kind: 'idle' };
  /** The last catalog built from a config that parsed: kept while the config does not. */
  private lastGood: Extract<CatalogState, { kind: 'ready' }> | undefined;
  private workspace: OpenWorkspace | undefined;
  private inFlight: { promise: Promise<CatalogState>; abort: AbortController } | undefined;
  private pendingSettings: Promise<void> | undefined;
  private generation = 0;
  /** How many catalogs were built: tests use it to prove activation is lazy. */
  builds = 0;

  constructor(
    readonly folder: vscode.WorkspaceFolder,
    private readonly options: CatalogServiceOptions,
  ) {}

  get state(): CatalogState {
    return this.current;
  }

  private get trusted(): boolean {
    return (this.options.host ?? editorHost).isTrusted();
  }

  /** The current catalog, building it on first use. */
  async getState(): Promise<CatalogState> {
    if (this.current.kind === 'ready' || this.current.kind === 'error' || this.current.kind === 'no-folder') {
      return this.current;
    }
    return this.inFlight ? this.inFlight.promise : this.refresh('first use');
  }

  /** The catalog with the workspace it came from (for the gateway, the bridge and previews). */
  settingsChanging(write: PromiseLike<unknown>): void {
    const pending: Promise<void> = Promise.resolve(write).then(
      () => undefined,
      () => undefined,
    );
    this.pendingSettings = pending;
    void pending.then(() => {
      if (this.pendingSettings === pending) {
        this.pendingSettings = undefined;
      }
    });
  }

  async getSession(): Promise<CatalogSession> {
    await this.pendingSettings;
    let s = await this.getState();
    // A build started meanwhile (a setting changed): the session is the newest one.
    while (this.inFlight) {
      s = await this.inFlight.promise;
    }
    // Read now, not as the last sync read them: live settings (`approvals.tools`, `sandbox.nodePath`) apply at once.
    const live = (): InspectorSettings => readSettings(this.folder, this.trusted);
    let settings = live();
    // The run's policy context (the agent just picked, ...) changed before its rebuild began: a
    // command that acts on the run (capture, compare) must not act on the agent shown before.
    if (s.kind === 'ready' && JSON.stringify(settings.policy) !== JSON.stringify(s.settings.policy)) {
      s = await this.refresh('the run\'s agent or policy changed');
      settings = live();
    }
    if (s.kind === 'ready' && this.workspace) {
      return { catalog: s.catalog, workspace: this.workspace, settings, folder: this.folder };
    }
    throw new Error(s.kind === 'error' ? s.message : 'no workspace folder is open');
  }

  async getCatalog(): Promise<Catalog> {
    const s = await this.getState();
    if (s.kind === 'ready') {
      return s.catalog;
    }
    throw new Error(s.kind === 'error' ? s.message : 'no workspace folder is open');
  }

  /** Rebuilds now; an older build still running is aborted and its result dropped. */
  refresh(reason: string): Promise<CatalogState> {
    this.inFlight?.abort.abort();
    const abort = new AbortController();
    const generation = ++this.generation;
    const promise = this.build(reason, abort.signal, generation);
    this.inFlight = { promise, abort };
    void promise.finally(() => {
      if (this.inFlight?.promise === promise) {
        this.inFlight = undefined;
      }
    });
    return promise;
  }

  /** Rebuilds only if someone already looked at the catalog; otherwise stays lazy. */
  invalidate(reason: string): void {
    if (this.current.kind === 'idle' && !this.inFlight) {
      return;
    }
    void this.refresh(reason);
  }

  private set(state: CatalogState): void {
    this.current = state;
    this.changed.fire(state);
  }

  private async build(reason: string, signal: AbortSignal, generation: number): Promise<CatalogState> {
    const folder = this.folder;
    const trusted = this.trusted;
    const settings = this.options.settings?.() ?? readSettings(folder, trusted);
    for (const p of settings.problems) {
      this.options.logger.warn(p);
    }
    if (this.current.kind !== 'ready') {
      this.set({ kind: 'loading' });
    }
    const started = performance.now();
    this.options.logger.info(`building catalog of ${folder.name} (${reason}); workspace ${trusted ? 'trusted' : 'not trusted: no MCP servers, no plugin code'}`);
    let ws: OpenWorkspace | undefined;
    let missing: MissingInput[] = [];
    try {
      const core = await loadCore();
      const inputs = trusted ? await this.options.mcpInputs?.(folder) : undefined;
      const live = (w: OpenWorkspace) => {
        const found = liveServers(core, w);
        missing = found.missing;
        return core.createLiveMcpSource(w, found);
      };
      ws = new core.OpenWorkspace({
        workspace: folder.uri.fsPath,
        configPath: settings.configPath,
        noUserConfig: !settings.readUserConfig,
        snapshots: settings.snapshots,
        clientToolsPath: settings.clientToolsPath,
        policy: settings.policy,
        mode: settings.mode,
        openclawVersion: settings.openclawVersion,
        // The OpenClaw the user runs (the oracle.openclaw setting, else `openclaw` on PATH): only its package.json is read.
        installedOpenClaw: core.findInstalledOpenClaw(settings.oracleOpenclaw, { cwd: folder.uri.fsPath, installRoots: openclawInstallRoots() }),
        assume: settings.assume,
        trusted,
        inputs,
        // Untrusted: the live source starts nothing and reports each server as not started.
        liveMcp: (w) => this.watchLive(w, trusted ? (this.options.liveMcp ?? live)(w) : live(w)),
        // One stale snapshot path or client-tools setting fails its source, not the whole catalog.
        lenientInputs: true,
      });
      const config = ws.config.file ? { file: ws.config.reader?.file ?? ws.config.unusable?.file ?? ws.config.file, absFile: ws.config.file } : undefined;
      const last = this.lastGood;
      const stale = staleMarkOf(ws.config, last !== undefined);
      if (stale && last) {
        // A syntax error must not silently change the answer: keep the last good catalog (and its workspace) and say so.
        await ws.dispose();
        ws = undefined;
        if (generation !== this.generation) {
          return this.current;
        }
        this.options.logger.warn(`config does not parse (${stale.file}:${stale.line ?? '?'}): keeping the catalog built at ${new Date(last.catalog.builtAt).toISOString()}`);
        const keptSince = this.current.kind === 'ready' && this.current.stale ? this.current.stale.since : stale.since;
        this.set({ ...last, stale: { ...stale, since: keptSince } });
        return this.current;
      }
      const catalog = await ws.buildCatalog(signal);
      if (generation !== this.generation) {
        await ws.dispose();
        return this.current;
      }
      const old = this.workspace;
      this.workspace = ws;
      await old?.dispose();
      this.builds++;
      const buildMs = performance.now() - started;
      this.options.logger.info(`catalog built in ${buildMs.toFixed(0)} ms: ${catalog.size} cataloged, ${catalog.directOnly.length} direct-only, ${catalog.excluded.length} excluded`);
      // With no agents.list there is one implicit main agent: nothing to choose, nothing to say.
      const agent = ws.agent.kind === 'implicit' ? undefined : { ...(ws.agent.kind === 'refused' ? {} : { id: ws.agent.id }), text: core.runAgentText(ws.agent, config?.file) };
      const ready: Extract<CatalogState, { kind: 'ready' }> = { kind: 'ready', catalog, trusted, settings, buildMs, ...(config ? { config } : {}), ...(stale ? { stale } : {}), ...(agent ? { agent } : {}) };
      if (!stale) {
        this.lastGood = ready;
      }
      this.set(ready);
      if (missing.length > 0) {
        this.missing.fire(missing);
      }
    } catch (err) {
      await ws?.dispose();
      if (generation !== this.generation) {
        return this.current;
      }
      this.options.logger.error('catalog build failed', err);
      this.set({ kind: 'error', message: errorMessage(err), trusted });
    }
    return this.current;
  }

  /** list_changed (or a server going away): catalog again over the same connections. */
  private watchLive(ws: OpenWorkspace, source: ToolSourceProvider | undefined): ToolSourceProvider | undefined {
    const live = source as (ToolSourceProvider & { onDidChange?: unknown }) | undefined;
    if (live && typeof live.onDidChange === 'function') {
      (live.onDidChange as (listener: () => void) => unknown).call(live, () => this.relist(ws, 'MCP tools changed'));
    }
    return source;
  }

  /**
   * Catalogs the current workspace again without reconnecting anything: the
   * live MCP source already re-listed the server that changed.
   */
  private relist(ws: OpenWorkspace, reason: string): void {
    if (ws !== this.workspace || this.inFlight) {
      return;
    }
    const generation = ++this.generation;
    const promise = (async (): Promise<CatalogState> => {
      try {
        const started = performance.now();
        const catalog = await ws.buildCatalog();
        if (generation === this.generation && ws === this.workspace && this.current.kind === 'ready') {
          this.builds++;
          this.options.logger.info(`catalog rebuilt (${reason}): ${catalog.size} cataloged`);
          const next = { ...this.current, catalog, buildMs: performance.now() - started };
          if (!next.stale) {
            this.lastGood = next;
          }
          this.set(next);
        }
      } catch (err) {
        this.options.logger.error(`catalog rebuild (${reason}) failed`, err);
      }
      return this.current;
    })();
    this.inFlight = { promise, abort: new AbortController() };
    void promise.finally(() => {
      if (this.inFlight?.promise === promise) {
        this.inFlight = undefined;
      }
    });
  }

  /** Aborts any build and closes the workspace's MCP connections; safe to call twice. */
  async shutdown(): Promise<void> {
    this.generation++;
    this.inFlight?.abort.abort();
    const ws = this.workspace;
    this.workspace = undefined;
    await ws?.dispose();
  }

  dispose(): void {
    this.changed.dispose();
    this.missing.dispose();
    void this.shutdown();
  }
}

/** The workspace's MCP servers with the inputs given, and which inputs are still missing. */
function liveServers(core: CoreModule, w: OpenWorkspace): DiscoveredServers & { missing: MissingInput[] } {
  const found = core.discoverWorkspaceServers(w);
  const byId = new Map<string, MissingInput>();
  for (const server of found.servers) {
    for (const id of server.missingInputs ?? []) {
      const declared = found.inputs.find((i) => i.id === id);
      const m = byId.get(id) ?? { id, description: declared?.description, password: declared?.password ?? false, servers: [] };
      m.servers.push(server.name);
      byId.set(id, m);
    }
  }
  return { ...found, missing: [...byId.values()] };
}
