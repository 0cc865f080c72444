import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CodeBridge } from '../../core/bridge/codeBridge';
import type { RunReport } from '../../core/bridge/runReport';
import type { Catalog } from '../../core/catalog/catalog';
import type { Approver } from '../../core/gateway/approvals';
import type { CallOutcome, ToolSearchApi } from '../../core/toolApi';
import type { OpenWorkspace } from '../../core/workspace';
import type { CatalogService } from '../catalogService';
import { loadCore } from '../coreLoader';
import { editorHost, type EditorHost } from '../host';
import type { Logger } from '../logger';
import type { TraceReportView } from '../../webview/shared/traceProtocol';
import { askApproval } from './approver';
import { TracePanel } from '../panels/tracePanel';
import { toTraceView } from './traceView';

export interface BridgeRunDeps {
  extensionUri: vscode.Uri;
  /** Private folder for the child's V8 start-up snapshot. */
  storageUri: vscode.Uri;
  service: CatalogService;
  logger: Logger;
  approver?: Approver;
  host?: Pick<EditorHost, 'isTrusted'>;
}

/** What the command returns (for tests and other extensions): the raw report and what the panel shows. */
export interface SnippetRunResult {
  report: RunReport;
  view: TraceReportView;
}

/** A programmatic run: the code and a name for it, instead of the active editor. */
export interface SnippetArg {
  code: string;
  source?: string;
  /** The document it came from (a URI string): the trace's history re-runs and reveals lines in it. */
  documentUri?: string;
}

function isSnippetArg(v: unknown): v is SnippetArg {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'string';
}

/** The selection, or the whole file when nothing is selected; only JavaScript or untitled buffers. */
function snippetFromEditor(): SnippetArg | string {
  // From the palette while the trace panel has focus there is no active text editor: take the visible snippet.
  const runnable = (e: vscode.TextEditor) => e.document.isUntitled || e.document.languageId === 'javascript';
  const editor = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors.find(runnable);
  if (!editor) {
    return 'Open a JavaScript file (or an untitled editor) with a tool_search_code body first.';
  }
  const doc = editor.document;
  if (!doc.isUntitled && doc.languageId !== 'javascript' && path.extname(doc.fileName) !== '.js') {
    return `The snippet must be a .js file or an untitled editor; "${path.basename(doc.fileName)}" is ${doc.languageId}.`;
  }
  const name = doc.isUntitled ? 'untitled' : path.basename(doc.fileName);
  const sel = editor.selection;
  if (!sel.isEmpty) {
    return { code: doc.getText(sel), source: `selection of ${name} (lines ${sel.start.line + 1}-${sel.end.line + 1})`, documentUri: doc.uri.toString() };
  }
  return { code: doc.getText(), source: name, documentUri: doc.uri.toString() };
}

/**
 * Runs `tool_search_code` bodies through the real CodeBridge against the
 * current catalog. One bridge per catalog (its gateway is bound to it), warm
 * start on; a catalog rebuild retires the old bridge and its idle child.
 */
export class BridgeRunner implements vscode.Disposable {
  private bridge: { catalog: Catalog; key: string; bridge: CodeBridge } | undefined;
  /** The current run's cancel (the notification's Cancel, or the trace panel's). */
  private cancelled: AbortSignal | undefined;
  private running = false;
  private runs = 0;

  constructor(private readonly deps: BridgeRunDeps) {}

  async command(arg?: unknown): Promise<SnippetRunResult | undefined> {
    if (!(this.deps.host ?? editorHost).isTrusted()) {
      void vscode.window.showErrorMessage('Run Bridge Snippet is off in an untrusted workspace: the snippet can call plugin tools and MCP servers. Trust the workspace to run it.');
      return undefined;
    }
    const snippet = isSnippetArg(arg) ? { code: arg.code, source: arg.source ?? 'snippet', ...(typeof arg.documentUri === 'string' ? { documentUri: arg.documentUri } : {}) } : snippetFromEditor();
    if (typeof snippet === 'string') {
      void vscode.window.showErrorMessage(snippet);
      return undefined;
    }
    if (this.running) {
      void vscode.window.showWarningMessage('A bridge snippet is already running; wait for it or cancel it first.');
      return undefined;
    }
    this.running = true;
    try {
      return await this.runWithProgress(snippet.code, snippet.source ?? 'snippet', snippet.documentUri);
    } finally {
      this.running = false;
    }
  }

  private async runWithProgress(code: string, source: string, documentUri?: string): Promise<SnippetRunResult | undefined> {
    const { catalog, workspace, settings } = await this.deps.service.getSession();
    const panel = TracePanel.show(this.deps.extensionUri, this.deps.logger);
    // Cancel kills the child at once; calls it had in flight are refused. The panel offers it too.
    const abort = new AbortController();
    this.cancelled = abort.signal;
    panel.running(source, () => abort.abort());
    const bridge = await this.bridgeFor(catalog, workspace, settings.sandboxNodePath ?? 'node', settings.approvalTools);
    const timeoutMs = catalog.settings.codeTimeoutMs;
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Running ${source} in the isolated child`, cancellable: true },
      async (progress, token) => {
        progress.report({ message: `timeout ${timeoutMs} ms` });
        const parentCallId = `editor-run-${++this.runs}`;
        const onCancel = token.onCancellationRequested(() => abort.abort());
        const report = await bridge
          .run(code, { timeoutMs, parentCallId, catalog: { size: catalog.size, sources: catalog.countBySource() }, signal: abort.signal })
          .finally(() => onCancel.dispose());
        const view = toTraceView(report, source, { cancelled: abort.signal.aborted, ...(documentUri ? { documentUri } : {}) });
        panel.showReport(view);
        this.deps.logger.info(`bridge run ${parentCallId} (${source}): ${view.outcome.kind}: ${view.outcome.title}${view.outcome.detail ? ` ${view.outcome.detail}` : ''} ${report.trace.length} trace entries`);
        if (!report.isolation.ok) {
          void vscode.window.showErrorMessage(`No isolated child could be started, so nothing ran: ${report.isolation.reason ?? 'the isolation probe failed'}`);
        }
        return { report, view };
      },
    );
  }

  private async bridgeFor(catalog: Catalog, workspace: OpenWorkspace, nodePath: string, approvalPatterns: string[]): Promise<CodeBridge> {
    const key = JSON.stringify([nodePath, approvalPatterns]);
    if (this.bridge && this.bridge.catalog === catalog && this.bridge.key === key) {
      return this.bridge.bridge;
    }
    this.bridge?.bridge.dispose();
    const core = await loadCore();
    const inner = core.createToolSearchApi(workspace, catalog, {
      index: core.ToolIndex.fromCatalog(catalog),
      approver: this.deps.approver ?? askApproval,
      approvalPatterns,
      idPrefix: 'editor',
    });
    const api: ToolSearchApi = {
      search: (q, o) => inner.search(q, o),
      describe: (id) => inner.describe(id),
      resolve: (id) => inner.resolve(id),
      call: (id, args, ctx): Promise<CallOutcome> => {
        if (this.cancelled?.aborted) {
          return Promise.resolve({ ok: false, error: 'the run was cancelled in the editor', blockedBy: 'cancelled' });
        }
        return inner.call(id, args, ctx);
      },
    };
    const bridge = new core.CodeBridge({
      api,
      nodePath,
      warm: true,
      snapshotDir: vscode.Uri.joinPath(this.deps.storageUri, 'sandbox-snapshot').fsPath,
      env: process.env,
    });
    this.bridge = { catalog, key, bridge };
    return bridge;
  }

  dispose(): void {
    this.bridge?.bridge.dispose();
    this.bridge = undefined;
  }
}
