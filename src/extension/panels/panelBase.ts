import * as vscode from 'vscode';
import { errorMessage } from '../../core/util/errors';
import type { Logger } from '../logger';
import { panelHtml, type PanelPage } from './panelShell';

/** The only folders a webview may load from: the built bundles and media. */
export function panelResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
}

/** What a panel's host side needs of its webview protocol: a message is an object with a `type`. */
export interface PanelMessage {
  readonly type: string;
}

export interface PanelSpec<In extends PanelMessage = PanelMessage> {
  viewType: string;
  page: PanelPage;
  /** Where a new panel opens (a function: decided when it opens, `besideColumn`). */
  column: vscode.ViewColumn | { viewColumn: vscode.ViewColumn; preserveFocus: boolean } | (() => vscode.ViewColumn | { viewColumn: vscode.ViewColumn; preserveFocus: boolean });
  /** Reveal without taking focus (a panel that follows a run beside the editor). */
  revealPreservingFocus?: boolean;
  /** The protocol's parser: the host trusts nothing the webview sends, only the shapes this lets through. */
  parse: (raw: unknown) => In | undefined;
  /** How the log names the panel. */
  name: string;
  /**
   * What `post` does before the webview's `ready`: `send` (the default; the
   * panel posts only what answers the webview), `queue` every message in
   * order, keep only the `latest` (a panel whose newest state replaces the
   * rest), or `drop` it (a panel that sends its whole state on `ready`, read
   * after its own awaits: nothing older can then arrive after something newer).
   */
  beforeReady?: 'send' | 'queue' | 'latest' | 'drop';
  /**
   * A hidden webview is torn down (no retained context) and says `ready`
   * again when shown: until then a message would be lost, so it waits as
   * before the first `ready`.
   */
  readyAgainWhenShown?: boolean;
}

/** What `PanelBase` logs to. */
type PanelLog = Pick<Logger, 'warn'> | undefined;

/**
 * What every webview panel of ours shares: the icon, the resource roots,
 * the CSP'd shell page, the typed protocol (parse and validate what comes
 * in, `post` what goes out), the `ready` handshake, disposal exactly once.
 * Subclasses handle their protocol's messages.
 */
export abstract class PanelBase<In extends PanelMessage, Out> implements vscode.Disposable {
  protected readonly disposables: vscode.Disposable[] = [];
  private disposed = false;
  private ready = false;
  private readonly early: Out[] = [];
  private waiters: (() => void)[] = [];
  private readonly disposedEmitter = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposedEmitter.event;

  protected constructor(
    readonly panel: vscode.WebviewPanel,
    protected readonly extensionUri: vscode.Uri,
    private readonly spec: PanelSpec<In>,
    private readonly panelLog: PanelLog,
  ) {
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.png');
    panel.webview.html = panelHtml(panel.webview, extensionUri, spec.page);
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)),
    );
    if (spec.readyAgainWhenShown === true) {
      this.disposables.push(panel.onDidChangeViewState(() => {
        if (!panel.visible) {
          this.ready = false;
        }
      }));
    }
  }

  /** The webview said `ready` (and, for a panel that waits again when hidden, is shown). */
  protected get isReady(): boolean {
    return this.ready;
  }

  /** Something posted before `ready` waits to go out after it. */
  protected get hasWaiting(): boolean {
    return this.early.length > 0;
  }

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  /** One message of the panel's protocol, already parsed. `ready` arrives here too, after `isReady` is set. */
  protected abstract handle(msg: In): Promise<void>;

  /** Posts to the webview: nothing once closed; before `ready`, as the spec's `beforeReady` says. */
  protected post(msg: Out): Thenable<boolean> {
    if (this.disposed) {
      return Promise.resolve(false);
    }
    const policy = this.spec.beforeReady ?? 'send';
    if (!this.ready && policy !== 'send') {
      if (policy === 'drop') {
        return Promise.resolve(false);
      }
      if (policy === 'latest') {
        this.early.splice(0);
      }
      this.early.push(msg);
      return Promise.resolve(false);
    }
    return this.panel.webview.postMessage(msg);
  }

  /** Resolves once the webview has said `ready`. */
  whenReady(): Promise<void> {
    return this.ready ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  private async receive(raw: unknown): Promise<void> {
    const msg = this.spec.parse(raw);
    if (!msg) {
      this.panelLog?.warn(`${this.spec.name}: ignored an unexpected message ${JSON.stringify(raw)?.slice(0, 200)}`);
      return;
    }
    const ready = msg.type === 'ready';
    if (ready) {
      this.ready = true;
    }
    try {
      await this.handle(msg);
    } catch (err) {
      this.panelLog?.warn(`${this.spec.name}: ${msg.type} failed: ${errorMessage(err)}`);
    }
    if (ready) {
      // What waited for the webview goes after what the panel sends on `ready` (its first state).
      for (const m of this.early.splice(0)) {
        void this.post(m);
      }
      for (const w of this.waiters.splice(0)) {
        w();
      }
    }
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

/** What the registry needs of a panel. */
export interface TrackedPanel extends vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  readonly onDidDispose: vscode.Event<void>;
}

/**
 * The open panels of one kind, by key ('' for a one-per-window panel, a
 * folder URI for one per catalog root): create-or-show, and revive after a
 * window reload through a serializer.
 */
export class PanelRegistry<P extends TrackedPanel, D> {
  private readonly open = new Map<string, P>();
  private deps: D | undefined;

  constructor(
    private readonly spec: PanelSpec,
    private readonly make: (panel: vscode.WebviewPanel, deps: D, key: string) => P,
  ) {}

  /** What panels are made with from now on: given before the first is made (by the panel's `show`, or its serializer's registration). */
  use(deps: D): void {
    this.deps = deps;
  }

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
    const where = typeof column === 'function' ? column() : column;
    const panel = vscode.window.createWebviewPanel(this.spec.viewType, title, where, { enableScripts: true, localResourceRoots: panelResourceRoots(extensionUri) });
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
    if (this.deps === undefined) {
      throw new Error(`the ${this.spec.page.title} panel is made before the registry has its dependencies (PanelRegistry.use)`);
    }
    const p = this.make(panel, this.deps, key);
    this.open.set(key, p);
    p.onDidDispose(() => {
      if (this.open.get(key) === p) {
        this.open.delete(key);
      }
    });
    return p;
  }
}
