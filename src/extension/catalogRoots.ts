import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { Catalog } from '../core/catalog/catalog';
import { FolderCatalog, type CatalogService, type CatalogServiceOptions, type CatalogSession, type CatalogState, type MissingInput } from './catalogService';
import { catalogRootFolders } from './catalogRootsModel';
import { editorHost, type EditorHost } from './host';
import { readSettings } from './settings';

export interface CatalogRootsOptions extends CatalogServiceOptions {
  host?: EditorHost;
  /** Whether a file exists (tests may hand in their own). */
  exists?: (file: string) => boolean;
}

/**
 * The catalog roots of the window: one `FolderCatalog` per workspace folder
 * with an OpenClaw or MCP config. The tree, the catalog panels and the
 * status bar show each; commands act on the active one (`ActiveCatalog`).
 */
export class CatalogRoots implements vscode.Disposable {
  private readonly byFolder = new Map<string, { root: FolderCatalog; subs: vscode.Disposable[] }>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** The list of roots changed, or one root's state did. */
  readonly onDidChange = this.changed.event;
  private readonly missing = new vscode.EventEmitter<{ root: FolderCatalog; missing: MissingInput[] }>();
  readonly onMissingInputs = this.missing.event;
  private readonly host: EditorHost;

  constructor(private readonly options: CatalogRootsOptions) {
    this.host = options.host ?? editorHost;
    this.sync();
  }

  /** Re-reads the folders (added, removed, a config created or deleted); keeps the roots that stay. */
  sync(): void {
    const exists = this.options.exists ?? fs.existsSync;
    const facts = this.host.folders().map((folder) => ({ folder, path: folder.uri.fsPath, configPathSet: readSettings(folder, this.host.isTrusted()).configPath !== undefined }));
    const wanted = catalogRootFolders(facts, exists).map((f) => f.folder);
    const keys = new Set(wanted.map((f) => f.uri.toString()));
    let dirty = false;
    for (const [key, entry] of this.byFolder) {
      if (!keys.has(key)) {
        this.byFolder.delete(key);
        entry.subs.forEach((d) => d.dispose());
        entry.root.dispose();
        dirty = true;
      }
    }
    for (const folder of wanted) {
      const key = folder.uri.toString();
      if (!this.byFolder.has(key)) {
        const root = new FolderCatalog(folder, this.options);
        const subs = [root.onDidChange(() => this.changed.fire()), root.onMissingInputs((missing) => this.missing.fire({ root, missing }))];
        this.byFolder.set(key, { root, subs });
        dirty = true;
      }
    }
    if (dirty) {
      this.changed.fire();
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
    const fire = () => this.changed.fire(this.state);
    this.subs = [roots.onDidChange(fire), host.onDidChangeActiveEditor(fire)];
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

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
    this.changed.dispose();
  }
}
