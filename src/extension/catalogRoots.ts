import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { Catalog } from '../core/catalog/catalog';
import { FolderCatalog, type CatalogService, type CatalogServiceOptions, type CatalogSession, type CatalogState, type MissingInput } from './catalogService';
import { catalogRootFolders } from './catalogRootsModel';
import { editorHost, type EditorHost } from './host';
import { readSettings, requiresRebuild } from './settings';
import type { InspectorSettings } from './settingsModel';
import { debounce, watchCatalogInputs } from './watchers';

export interface CatalogRootsOptions extends CatalogServiceOptions {
  host?: EditorHost;
  /** Whether a file exists (tests may hand in their own). */
  exists?: (file: string) => boolean;
}

/** What changed among the roots: the list (with what came and went), or one root's state. */
export type RootsChange =
  | { kind: 'roots'; added: readonly FolderCatalog[]; removed: readonly FolderCatalog[] }
  | { kind: 'state'; root: FolderCatalog; state: CatalogState };

/** How long a burst of file changes settles before the catalogs are rebuilt (editors save in several steps). */
const REBUILD_DEBOUNCE_MS = 400;

/**
 * The catalog roots of the window: one `FolderCatalog` per workspace folder
 * with an OpenClaw or MCP config. The tree, the catalog panels and the
 * status bar show each; commands act on the active one (`ActiveCatalog`).
 * It owns what rebuilds them: the input files' watchers, the settings (read
 * once per folder per sync, for the roots, the watchers and the builds) and
 * Workspace Trust.
 */
export class CatalogRoots implements vscode.Disposable {
  private readonly byFolder = new Map<string, { root: FolderCatalog; subs: vscode.Disposable[] }>();
  /** Each folder's settings as the last sync read them. */
  private settings = new Map<string, InspectorSettings>();
  private readonly changed = new vscode.EventEmitter<RootsChange>();
  /** The list of roots changed, or one root's state did. */
  readonly onDidChange = this.changed.event;
  private readonly missing = new vscode.EventEmitter<{ root: FolderCatalog; missing: MissingInput[] }>();
  readonly onMissingInputs = this.missing.event;
  private readonly host: EditorHost;
  private watching: vscode.Disposable | undefined;
  private fileWatchers: vscode.Disposable | undefined;

  constructor(private readonly options: CatalogRootsOptions) {
    this.host = options.host ?? editorHost;
    this.sync();
  }

  /**
   * Keeps the roots current: a watched input file invalidates its folder's
   * catalog (after a debounce), a settings change that needs it rebuilds,
   * a folder added or removed re-syncs, granted trust rebuilds everything.
   */
  watch(): void {
    if (this.watching) {
      return;
    }
    const changedFolders = new Set<string>();
    const rebuild = debounce(() => {
      this.sync();
      for (const root of this.roots()) {
        if (changedFolders.has(root.folder.uri.toString())) {
          root.invalidate('files changed');
        }
      }
      changedFolders.clear();
    }, REBUILD_DEBOUNCE_MS);
    const rewatch = () => {
      this.fileWatchers?.dispose();
      this.fileWatchers = vscode.Disposable.from(...this.host.folders().map((folder) => watchCatalogInputs(folder, this.settingsOf(folder), (uri) => {
        this.options.logger.debug(`changed: ${uri.fsPath}`);
        changedFolders.add(folder.uri.toString());
        rebuild.trigger();
      })));
    };
    rewatch();
    this.watching = vscode.Disposable.from(
      rebuild,
      { dispose: () => this.fileWatchers?.dispose() },
      vscode.workspace.onDidChangeConfiguration((e) => {
        const touched = this.roots().filter((r) => requiresRebuild(e, r.folder));
        if (touched.length > 0 || this.host.folders().some((f) => requiresRebuild(e, f))) {
          this.sync();
          rewatch();
          for (const r of touched) {
            r.invalidate('settings changed');
          }
        }
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        this.sync();
        rewatch();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        // Trusted, a file setting may point outside the folder: read the settings again first.
        this.sync();
        this.invalidateAll('workspace trusted');
      }),
    );
  }

  /** A folder's settings as the last sync read them (read now for a folder it has not seen). */
  settingsOf(folder: vscode.WorkspaceFolder): InspectorSettings {
    return this.settings.get(folder.uri.toString()) ?? readSettings(folder, this.host.isTrusted());
  }

  /** Re-reads the folders (added, removed, a config created or deleted) and their settings; keeps the roots that stay. */
  sync(): void {
    const exists = this.options.exists ?? fs.existsSync;
    const trusted = this.host.isTrusted();
    this.settings = new Map(this.host.folders().map((folder) => [folder.uri.toString(), readSettings(folder, trusted)]));
    const facts = this.host.folders().map((folder) => ({ folder, path: folder.uri.fsPath, configPathSet: this.settingsOf(folder).configPath !== undefined }));
    const wanted = catalogRootFolders(facts, exists).map((f) => f.folder);
    const keys = new Set(wanted.map((f) => f.uri.toString()));
    const removed: FolderCatalog[] = [];
    for (const [key, entry] of this.byFolder) {
      if (!keys.has(key)) {
        this.byFolder.delete(key);
        entry.subs.forEach((d) => d.dispose());
        entry.root.dispose();
        removed.push(entry.root);
      }
    }
    const added: FolderCatalog[] = [];
    for (const folder of wanted) {
      const key = folder.uri.toString();
      if (!this.byFolder.has(key)) {
        const root = new FolderCatalog(folder, { ...this.options, settings: () => this.settingsOf(folder) });
        const subs = [root.onDidChange((state) => this.changed.fire({ kind: 'state', root, state })), root.onMissingInputs((missing) => this.missing.fire({ root, missing }))];
        this.byFolder.set(key, { root, subs });
        added.push(root);
      }
    }
    if (added.length > 0 || removed.length > 0) {
      this.changed.fire({ kind: 'roots', added, removed });
    }
  }

  /** The roots, in the workspace's folder order. */
  roots(): FolderCatalog[] {
    const order = this.host.folders().map((f) => f.uri.toString());
    return [...this.byFolder.entries()].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0])).map(([, e]) => e.root);
  }

  rootOf(folder: vscode.WorkspaceFolder | undefined): FolderCatalog | undefined {
    return folder ? this.byFolder.get(folder.uri.toString())?.root : undefined;
  }

  /** The root of the active editor's folder, else the first root. */
  active(): FolderCatalog | undefined {
    return this.rootOf(this.host.activeFolder()) ?? this.roots()[0];
  }

  get builds(): number {
    return this.roots().reduce((n, r) => n + r.builds, 0);
  }

  invalidateAll(reason: string): void {
    for (const r of this.roots()) {
      r.invalidate(reason);
    }
  }

  async shutdown(): Promise<void> {
    await Promise.all(this.roots().map((r) => r.shutdown()));
  }

  dispose(): void {
    this.watching?.dispose();
    for (const { root, subs } of this.byFolder.values()) {
      subs.forEach((d) => d.dispose());
      root.dispose();
    }
    this.byFolder.clear();
    this.changed.dispose();
    this.missing.dispose();
  }
}

const NO_FOLDER: CatalogState = { kind: 'no-folder' };

/** The active root as one `CatalogService`: what commands and single-catalog panels use. */
export class ActiveCatalog implements CatalogService, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<CatalogState>();
  readonly onDidChange = this.changed.event;
  private readonly subs: vscode.Disposable[];

  constructor(private readonly roots: CatalogRoots, host: EditorHost = editorHost) {
    this.subs = [
      // Another root's state is not the active root's news.
      roots.onDidChange((c) => {
        if (c.kind === 'roots') {
          this.changed.fire(this.state);
        } else if (c.root === roots.active()) {
          this.changed.fire(c.state);
        }
      }),
      host.onDidChangeActiveEditor(() => this.changed.fire(this.state)),
    ];
  }

  private root(): FolderCatalog {
    const r = this.roots.active();
    if (!r) {
      throw new Error('no workspace folder is open');
    }
    return r;
  }

  get state(): CatalogState {
    return this.roots.active()?.state ?? NO_FOLDER;
  }

  get folder(): vscode.WorkspaceFolder | undefined {
    return this.roots.active()?.folder;
  }

  get builds(): number {
    return this.roots.builds;
  }

  getState(): Promise<CatalogState> {
    return this.roots.active()?.getState() ?? Promise.resolve(NO_FOLDER);
  }

  getSession(): Promise<CatalogSession> {
    return this.root().getSession();
  }

  getCatalog(): Promise<Catalog> {
    return this.root().getCatalog();
  }

  refresh(reason: string): Promise<CatalogState> {
    return this.roots.active()?.refresh(reason) ?? Promise.resolve(NO_FOLDER);
  }

  invalidate(reason: string): void {
    this.roots.active()?.invalidate(reason);
  }

  settingsChanging(write: PromiseLike<unknown>): void {
    this.roots.active()?.settingsChanging(write);
  }

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
    this.changed.dispose();
  }
}
