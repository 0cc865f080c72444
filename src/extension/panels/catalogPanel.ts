import * as vscode from 'vscode';
import type { CatalogRoots } from '../catalogRoots';
import type { CatalogService, CatalogState } from '../catalogService';
import { COMMANDS } from '../commandIds';
import type { Logger } from '../logger';
import { parsePanelState, parseWebviewMessage, type HostMessage, type WebviewMessage } from '../../webview/shared/catalogProtocol';
import { toCatalogSnapshot } from './catalogSnapshot';
import { PanelBase, PanelRegistry, type PanelSpec } from './panelBase';

export const CATALOG_PANEL_VIEW_TYPE = 'toolSearchInspector.catalogPanel';

export interface PanelDeps {
  extensionUri: vscode.Uri;
  /** The active root: what a panel with no folder of its own shows. */
  service: CatalogService;
  roots: CatalogRoots;
  logger: Logger;
}

const SPEC: PanelSpec = {
  viewType: CATALOG_PANEL_VIEW_TYPE,
  page: { title: 'Effective Catalog', script: 'catalogPanel.js', stylesheet: 'catalogPanel.css' },
  column: vscode.ViewColumn.Active,
};

// Set when the panels are registered, before any panel is made.
let panelDeps: PanelDeps | undefined;
const registry = new PanelRegistry<CatalogPanel>(SPEC, (panel, key) => {
  if (!panelDeps) {
    throw new Error('the catalog panel is used before registerCatalogPanelSerializer');
  }
  return new CatalogPanel(panel, panelDeps, key);
});

/**
 * The Effective Catalog panel: one per catalog root, so two folders' catalogs
 * can stand side by side. It talks to the webview only through the typed
 * protocol and posts nothing before the webview's `ready`.
 */
export class CatalogPanel extends PanelBase {
  private ready = false;
  /** Size of the catalog last posted (tests read it). */
  shownSize: number | undefined;

  /** Some open catalog panel (the first). */
  static get open(): CatalogPanel | undefined {
    return registry.all()[0];
  }

  static openPanels(): CatalogPanel[] {
    return registry.all();
  }

  /** Opens (or reveals) the panel of `folder`'s root, or of the active root. */
  static createOrShow(deps: PanelDeps, folder?: vscode.WorkspaceFolder): CatalogPanel {
    panelDeps = deps;
    const root = deps.roots.rootOf(folder) ?? deps.roots.active();
    const key = root?.folder.uri.toString() ?? '';
    const many = deps.roots.roots().length > 1;
    // Another root's panel is open: this one goes beside it, so both stay in view.
    const column = registry.all().some((p) => p.key !== key) ? vscode.ViewColumn.Beside : SPEC.column;
    return registry.createOrShow(deps.extensionUri, key, many && root ? `Effective Catalog — ${root.folder.name}` : 'Effective Catalog', column);
  }

  constructor(panel: vscode.WebviewPanel, private readonly deps: PanelDeps, readonly key: string) {
    super(panel, deps.extensionUri, SPEC);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((raw: unknown) => {
        const msg = parseWebviewMessage(raw);
        if (!msg) {
          deps.logger.warn(`catalog panel: ignored an unexpected message ${JSON.stringify(raw)?.slice(0, 200)}`);
          return;
        }
        void this.handle(msg);
      }),
      deps.roots.onDidChange(() => {
        if (this.ready) {
          void this.postState(this.service.state);
        }
      }),
    );
  }

  /** This panel's root; a panel restored without one follows the active root. */
  private get service(): CatalogService {
    return this.deps.roots.roots().find((r) => r.folder.uri.toString() === this.key) ?? this.deps.service;
  }

  get folderName(): string {
    return this.service.folder?.name ?? '';
  }

  private post(msg: HostMessage): Thenable<boolean> {
    return this.panel.webview.postMessage(msg);
  }

  private async postState(state: CatalogState): Promise<void> {
    switch (state.kind) {
      case 'ready': {
        this.shownSize = state.catalog.size;
        const snapshot = toCatalogSnapshot(state.catalog, { workspaceName: this.folderName, trusted: state.trusted, rootUri: this.service.folder?.uri.toString(), stale: state.stale });
        await this.post({ type: 'catalog', snapshot });
        return;
      }
      case 'error':
        await this.post({ type: 'error', message: state.message });
        return;
      case 'no-folder':
        await this.post({ type: 'error', message: 'Open a folder with an OpenClaw config to see its catalog.' });
        return;
      default:
        await this.post({ type: 'loading' });
    }
  }

  private async handle(msg: WebviewMessage): Promise<void> {
    try {
      switch (msg.type) {
        case 'ready':
          this.ready = true;
          await this.postState(await this.service.getState());
          return;
        case 'refresh':
          await this.post({ type: 'loading' });
          await this.service.refresh('panel');
          return;
        case 'explain':
          await vscode.commands.executeCommand(COMMANDS.explainTool, msg.toolId);
          return;
        case 'openDefinition': {
          const s = this.service.state;
          const origin = s.kind === 'ready' ? s.catalog.get(msg.toolId)?.origin : undefined;
          if (origin) {
            await vscode.commands.executeCommand(COMMANDS.openLocation, { ...origin, folder: this.service.folder?.uri.toString() });
          }
          return;
        }
      }
    } catch (err) {
      await this.deps.logger.showError(`catalog panel: ${msg.type} failed`, err);
    }
  }
}

/** Brings the panels back after a window reload, each to the root its saved snapshot names. */
export function registerCatalogPanelSerializer(deps: PanelDeps): vscode.Disposable {
  panelDeps = deps;
  return registry.registerSerializer(deps.extensionUri, (state) => parsePanelState(state).snapshot?.rootUri ?? '');
}
