import * as vscode from 'vscode';
import type { Logger } from '../logger';
import { parseTraceWebviewMessage, type TraceHostMessage, type TraceReportView } from '../../webview/shared/traceProtocol';
import { PanelBase, PanelRegistry, type PanelSpec } from './panelBase';

export const TRACE_PANEL_VIEW_TYPE = 'toolSearchInspector.bridgeTrace';

const SPEC: PanelSpec = {
  viewType: TRACE_PANEL_VIEW_TYPE,
  page: { title: 'Bridge Trace', script: 'tracePanel.js', stylesheet: 'tracePanel.css', placeholder: 'Waiting for the run…' },
  column: { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false },
  revealPreservingFocus: true,
};

// Set by `show` or the serializer's registration, before any panel is made.
const host: { uri?: vscode.Uri; logger?: Logger } = {};
const registry = new PanelRegistry<TracePanel>(SPEC, (panel) => {
  if (!host.uri) {
    throw new Error('the Bridge Trace panel is used before registerTracePanel');
  }
  return new TracePanel(panel, host.uri, host.logger);
});

/**
 * The Bridge Trace panel: one per window, reused by every run. Messages wait
 * for the webview's `ready`; only the latest one matters, so it is kept, not queued.
 * After a reload the webview shows the last report from its own saved state.
 */
export class TracePanel extends PanelBase {
  private ready = false;
  private pending: TraceHostMessage | undefined;
  /** The last report shown (tests and the command's return read it). */
  report: TraceReportView | undefined;

  static get open(): TracePanel | undefined {
    return registry.get();
  }

  static show(uri: vscode.Uri, log: Logger): TracePanel {
    host.uri = uri;
    host.logger = log;
    return registry.createOrShow(uri, '', 'Bridge Trace');
  }

  constructor(panel: vscode.WebviewPanel, uri: vscode.Uri, log: Logger | undefined) {
    super(panel, uri, SPEC);
    const webview = panel.webview;
    this.disposables.push(
      // A hidden webview is torn down (no retained context) and says `ready` again when shown:
      // until then a message would be lost, so it waits like before the first `ready`.
      panel.onDidChangeViewState(() => {
        if (!panel.visible) {
          this.ready = false;
        }
      }),
      webview.onDidReceiveMessage((raw: unknown) => {
        if (!parseTraceWebviewMessage(raw)) {
          log?.warn(`bridge trace: ignored an unexpected message ${JSON.stringify(raw)?.slice(0, 200)}`);
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
}

/** The serializer that brings the panel back after a window reload. */
export function registerTracePanel(uri: vscode.Uri, log: Logger): vscode.Disposable {
  host.uri = uri;
  host.logger = log;
  return registry.registerSerializer(uri);
}
