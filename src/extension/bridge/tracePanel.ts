import * as vscode from 'vscode';
import type { Logger } from '../logger';
import { panelHtml } from '../panels/panelShell';
import { parseTraceWebviewMessage, type TraceHostMessage, type TraceReportView } from '../../webview/shared/traceProtocol';

export const TRACE_PANEL_VIEW_TYPE = 'toolSearchInspector.bridgeTrace';

/**
 * The Bridge Trace panel: one per window, reused by every run. Messages wait
 * for the webview's `ready`; only the latest one matters, so it is kept, not queued.
 */
export class TracePanel implements vscode.Disposable {
  private static current: TracePanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private ready = false;
  private pending: TraceHostMessage | undefined;
  private disposed = false;
  /** The last report shown (tests and the command's return read it). */
  report: TraceReportView | undefined;

  static get open(): TracePanel | undefined {
    return TracePanel.current;
  }

  static show(extensionUri: vscode.Uri, logger: Logger): TracePanel {
    if (TracePanel.current) {
      TracePanel.current.panel.reveal(undefined, true);
      return TracePanel.current;
    }
    const panel = vscode.window.createWebviewPanel(TRACE_PANEL_VIEW_TYPE, 'Bridge Trace', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, {
      enableScripts: true,
      retainContextWhenHidden: false,
      localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')],
    });
    TracePanel.current = new TracePanel(panel, extensionUri, logger);
    return TracePanel.current;
  }

  private constructor(readonly panel: vscode.WebviewPanel, extensionUri: vscode.Uri, logger: Logger) {
    const webview = panel.webview;
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.png');
    webview.html = panelHtml(webview, extensionUri, {
      title: 'Bridge Trace',
      script: 'tracePanel.js',
      stylesheet: 'tracePanel.css',
      placeholder: 'Waiting for the run…',
    });
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      // A hidden webview is torn down (no retained context) and says `ready` again when shown:
      // until then a message would be lost, so it waits like before the first `ready`.
      panel.onDidChangeViewState(() => {
        if (!panel.visible) {
          this.ready = false;
        }
      }),
      webview.onDidReceiveMessage((raw: unknown) => {
        if (!parseTraceWebviewMessage(raw)) {
          logger.warn(`bridge trace: ignored an unexpected message ${JSON.stringify(raw)?.slice(0, 200)}`);
          return;
        }
        this.ready = true;
        const msg = this.pending ?? (this.report ? { type: 'report', report: this.report } : undefined);
        this.pending = undefined;
        if (msg) {
          void this.panel.webview.postMessage(msg);
        }
      }),
    );
  }

  running(source: string): void {
    this.post({ type: 'running', source });
  }

  showReport(report: TraceReportView): void {
    this.report = report;
    this.post({ type: 'report', report });
  }

  private post(msg: TraceHostMessage): void {
    if (!this.ready) {
      this.pending = msg;
      return;
    }
    void this.panel.webview.postMessage(msg);
  }

  dispose(): void {
    if (this.disposed) {
      return;
    }
    this.disposed = true;
    if (TracePanel.current === this) {
      TracePanel.current = undefined;
    }
    this.panel.dispose();
    for (const d of this.disposables.splice(0)) {
      d.dispose();
    }
  }
}
