import * as vscode from 'vscode';
import type { Catalog } from '../core/catalog/catalog';
import type { OpenWorkspace, WorkspaceOptions } from '../core/workspace';
import { loadCore } from './coreLoader';
import type { Logger } from './logger';
import { readSettings } from './settings';
import type { InspectorSettings } from './settingsModel';

export type CatalogState =
  | { kind: 'idle' }
  | { kind: 'no-folder' }
  | { kind: 'loading' }
  | { kind: 'ready'; catalog: Catalog; trusted: boolean; settings: InspectorSettings; buildMs: number }
  | { kind: 'error'; message: string; trusted: boolean };

/** Supplies the live MCP source once core has one; kept injectable so activation stays cheap. */
export type LiveMcpFactory = WorkspaceOptions['liveMcp'];

export interface CatalogServiceOptions {
  logger: Logger;
  liveMcp?: LiveMcpFactory;
  /** Read from the editor by default; tests may pin it. */
  isTrusted?: () => boolean;
}

/**
 * Owns the open workspace (and so any MCP connection it holds) and the
 * current catalog. Nothing is built until someone asks: activation must not
 * start servers. A rebuild aborts the one in flight and disposes the old
 * workspace only after the new catalog is ready.
 */
export class CatalogService implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<CatalogState>();
  readonly onDidChange = this.changed.event;
  private current: CatalogState = { kind: 'idle' };
  private workspace: OpenWorkspace | undefined;
  private inFlight: { promise: Promise<CatalogState>; abort: AbortController } | undefined;
  private generation = 0;
  /** How many catalogs were built: tests use it to prove activation is lazy. */
  builds = 0;

  constructor(private readonly options: CatalogServiceOptions) {}

  get state(): CatalogState {
    return this.current;
  }

  private get trusted(): boolean {
    return this.options.isTrusted ? this.options.isTrusted() : vscode.workspace.isTrusted;
  }

  /** The current catalog, building it on first use. */
  async getState(): Promise<CatalogState> {
    if (this.current.kind === 'ready' || this.current.kind === 'error' || this.current.kind === 'no-folder') {
      return this.current;
    }
    return this.inFlight ? this.inFlight.promise : this.refresh('first use');
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
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) {
      this.set({ kind: 'no-folder' });
      return this.current;
    }
    const trusted = this.trusted;
    const settings = readSettings(folder);
    for (const p of settings.problems) {
      this.options.logger.warn(p);
    }
    if (this.current.kind !== 'ready') {
      this.set({ kind: 'loading' });
    }
    const started = performance.now();
    this.options.logger.info(`building catalog (${reason}); workspace ${trusted ? 'trusted' : 'not trusted: no MCP servers, no plugin code'}`);
    let ws: OpenWorkspace | undefined;
    try {
      const { OpenWorkspace } = await loadCore();
      ws = new OpenWorkspace({
        workspace: folder.uri.fsPath,
        configPath: settings.configPath,
        noUserConfig: !settings.readUserConfig,
        snapshots: settings.snapshots,
        clientToolsPath: settings.clientToolsPath,
        policy: settings.policy,
        mode: settings.mode,
        trusted,
        // Untrusted: no live MCP source at all, not merely an unused one.
        liveMcp: trusted ? this.options.liveMcp : undefined,
      });
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
      this.set({ kind: 'ready', catalog, trusted, settings, buildMs });
    } catch (err) {
      await ws?.dispose();
      if (generation !== this.generation) {
        return this.current;
      }
      this.options.logger.error('catalog build failed', err);
      this.set({ kind: 'error', message: err instanceof Error ? err.message : String(err), trusted });
    }
    return this.current;
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
    void this.shutdown();
  }
}
