import * as vscode from 'vscode';
import type { CatalogService, CatalogState } from '../catalogService';
import type { Logger } from '../logger';
import { parseWebviewMessage, type HostMessage, type WebviewMessage } from '../../webview/shared/catalogProtocol';
import { toCatalogSnapshot } from './catalogSnapshot';
import { panelHtml } from './panelShell';

export const CATALOG_PANEL_VIEW_TYPE = 'toolSearchInspector.catalogPanel';

export interface PanelDeps {
  extensionUri: vscode.Uri;
  service: CatalogService;
  logger: Logger;
}

/** The only folders the webview may load from: the built bundles and media. */
function localRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
}

function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return { enableScripts: true, localResourceRoots: localRoots(extensionUri) };
}

/**
 * The Effective Catalog panel: one per window. It talks to the webview only
 * through the typed protocol and posts nothing before the webview's `ready`.
 */
export class CatalogPanel implements vscode.Disposable {
  private static current: CatalogPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private ready = false;

  static get open(): CatalogPanel | undefined {
    return CatalogPanel.current;
  }

  static createOrShow(deps: PanelDeps): CatalogPanel {
    if (CatalogPanel.current) {
      CatalogPanel.current.panel.reveal();
      return CatalogPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(CATALOG_PANEL_VIEW_TYPE, 'Effective Catalog', vscode.ViewColumn.Active, webviewOptions(deps.extensionUri));
    CatalogPanel.current = new CatalogPanel(panel, deps);
    return CatalogPanel.current;
  }

  /** Called by the serializer after a reload: the webview restores its own state. */
  static revive(panel: vscode.WebviewPanel, deps: PanelDeps): CatalogPanel {
    CatalogPanel.current?.dispose();
    panel.webview.options = webviewOptions(deps.extensionUri);
    CatalogPanel.current = new CatalogPanel(panel, deps);
    return CatalogPanel.current;
  }

  private constructor(readonly panel: vscode.WebviewPanel, private readonly deps: PanelDeps) {
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'icon.png');
    panel.webview.html = this.html();
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((raw: unknown) => {
        const msg = parseWebviewMessage(raw);
        if (!msg) {
          deps.logger.warn(`catalog panel: ignored an unexpected message ${JSON.stringify(raw)?.slice(0, 200)}`);
          return;
        }
        void this.handle(msg);
      }),
      deps.service.onDidChange((state) => {
        if (this.ready) {
          void this.postState(state);
        }
      }),
    );
  }

  private html(): string {
    return panelHtml(this.panel.webview, this.deps.extensionUri, { title: 'Effective Catalog', script: 'catalogPanel.js', stylesheet: 'catalogPanel.css' });
  }

  private post(msg: HostMessage): Thenable<boolean> {
    return this.panel.webview.postMessage(msg);
  }

  private async postState(state: CatalogState): Promise<void> {
    switch (state.kind) {
      case 'ready': {
        const name = vscode.workspace.workspaceFolders?.[0]?.name ?? '';
        await this.post({ type: 'catalog', snapshot: toCatalogSnapshot(state.catalog, { workspaceName: name, trusted: state.trusted }) });
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
          await this.postState(await this.deps.service.getState());
          return;
        case 'refresh':
          await this.post({ type: 'loading' });
          await this.deps.service.refresh('panel');
          return;
        case 'explain':
          await vscode.commands.executeCommand('toolSearchInspector.explainTool', msg.toolId);
          return;
        case 'openDefinition': {
          const s = this.deps.service.state;
          const origin = s.kind === 'ready' ? s.catalog.get(msg.toolId)?.origin : undefined;
          if (origin) {
            await vscode.commands.executeCommand('toolSearchInspector.openLocation', origin);
          }
          return;
        }
      }
    } catch (err) {
      await this.deps.logger.showError(`catalog panel: ${msg.type} failed`, err);
    }
  }

  private disposed = false;

  dispose(): void {
    // Closing the tab disposes the panel, which calls back here: do it once.
    if (this.disposed) {
      return;
    }
    this.disposed = true;
    if (CatalogPanel.current === this) {
      CatalogPanel.current = undefined;
    }
    this.panel.dispose();
    for (const d of this.disposables.splice(0)) {
      d.dispose();
    }
  }
}

/** Brings the panel back after a window reload. */
export function registerCatalogPanelSerializer(deps: PanelDeps): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(CATALOG_PANEL_VIEW_TYPE, {
    deserializeWebviewPanel(panel: vscode.WebviewPanel): Thenable<void> {
      CatalogPanel.revive(panel, deps);
      return Promise.resolve();
    },
  });
}
