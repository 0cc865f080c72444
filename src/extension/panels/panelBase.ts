import * as vscode from 'vscode';
import { panelHtml, type PanelPage } from './panelShell';

/** The only folders a webview may load from: the built bundles and media. */
export function panelResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
}

export interface PanelSpec {
  viewType: string;
  page: PanelPage;
  /** Where a new panel opens. */
  column: vscode.ViewColumn | { viewColumn: vscode.ViewColumn; preserveFocus: boolean };
  /** Reveal without taking focus (a panel that follows a run beside the editor). */
  revealPreservingFocus?: boolean;
}

/**
 * What every webview panel of ours shares: the icon, the resource roots,
 * the CSP'd shell page, disposal exactly once. Subclasses add their protocol.
 */
export abstract class PanelBase implements vscode.Disposable {
  protected readonly disposables: vscode.Disposable[] = [];
  private disposed = false;
  private readonly disposedEmitter = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposedEmitter.event;

  protected constructor(
    readonly panel: vscode.WebviewPanel,
    protected readonly extensionUri: vscode.Uri,
    spec: PanelSpec,
  ) {
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.png');
    panel.webview.html = panelHtml(panel.webview, extensionUri, spec.page);
    this.disposables.push(panel.onDidDispose(() => this.dispose()));
  }

  dispose(): void {
    // Closing the tab disposes the panel, which calls back here: do it once.
    if (this.disposed) {
      return;
    }
    this.disposed = true;
    this.disposedEmitter.fire();
    this.disposedEmitter.dispose();
    this.panel.dispose();
    for (const d of this.disposables.splice(0)) {
      d.dispose();
    }
  }
}

/**
 * The open panels of one kind, by key ('' for a one-per-window panel, a
 * folder URI for one per catalog root): create-or-show, and revive after a
 * window reload through a serializer.
 */
export class PanelRegistry<P extends PanelBase> {
  private readonly open = new Map<string, P>();

  constructor(
    private readonly spec: PanelSpec,
    private readonly make: (panel: vscode.WebviewPanel, key: string) => P,
  ) {}

  get(key = ''): P | undefined {
    return this.open.get(key);
  }

  all(): P[] {
    return [...this.open.values()];
  }

  createOrShow(extensionUri: vscode.Uri, key: string, title: string, column: PanelSpec['column'] = this.spec.column): P {
    const existing = this.open.get(key);
    if (existing) {
      existing.panel.reveal(undefined, this.spec.revealPreservingFocus === true);
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(this.spec.viewType, title, column, { enableScripts: true, localResourceRoots: panelResourceRoots(extensionUri) });
    return this.track(panel, key);
  }

  /** A panel VS Code restored after a reload: our options again, then the panel's own code. */
  revive(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, key: string): P {
    this.open.get(key)?.dispose();
    panel.webview.options = { enableScripts: true, localResourceRoots: panelResourceRoots(extensionUri) };
    return this.track(panel, key);
  }

  /** Brings panels of this kind back after a window reload; `keyOf` reads the key from the webview's saved state. */
  registerSerializer(extensionUri: vscode.Uri, keyOf: (state: unknown) => string = () => ''): vscode.Disposable {
    return vscode.window.registerWebviewPanelSerializer(this.spec.viewType, {
      deserializeWebviewPanel: (panel: vscode.WebviewPanel, state: unknown): Thenable<void> => {
        this.revive(panel, extensionUri, keyOf(state));
        return Promise.resolve();
      },
    });
  }

  private track(panel: vscode.WebviewPanel, key: string): P {
    const p = this.make(panel, key);
    this.open.set(key, p);
    p.onDidDispose(() => {
      if (this.open.get(key) === p) {
        this.open.delete(key);
      }
    });
    return p;
  }
}
