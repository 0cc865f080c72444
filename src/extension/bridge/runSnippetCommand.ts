import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CodeBridge } from '../../core/bridge/codeBridge';
import type { RunReport } from '../../core/bridge/runReport';
import type { Catalog } from '../../core/catalog/catalog';
import type { Approver } from '../../core/gateway/approvals';
import type { CallOutcome, ToolSearchApi } from '../../core/toolApi';
import type { OpenWorkspace } from '../../core/workspace';
import type { CatalogService } from '../catalogService';
import { loadCore, type CoreModule } from '../coreLoader';
import { editorHost, type EditorHost } from '../host';
import type { Logger } from '../logger';
import type { TraceReportView } from '../../webview/shared/traceProtocol';
import { askApproval } from './approver';
import { TracePanel } from '../panels/tracePanel';
import { toCodeModeTraceView, toTraceView } from './traceView';
import type { CodeModeExec, CodeModeSession } from '../../core/bridge/codeModeRun';
import { outcomeOf, SnippetRunHistory, type SnippetRunRecord } from '../snippets/runHistory';
import { SnippetEditorMarks } from '../snippets/snippetEditorMarks';
import { snippetMarks } from '../snippets/snippetMarks';
import { withCancellableProgress } from '../cancellableProgress';
import { errorMessage } from '../../core/util/errors';
import { declaredSurface } from '../snippets/snippetFiles';
import type { ProgramSurface } from '../../core/bridge/programKind';
import { workspaceConfigKey } from '../keptResult';

/** Legs of one Code Mode program the editor resumes (a program that yields in a loop stops here). */
const MAX_CODE_MODE_LEGS = 20;

export interface BridgeRunDeps {
  extensionUri: vscode.Uri;
  /** The extension's global storage: earlier versions kept the child's V8 start-up snapshots there. */
  storageUri: vscode.Uri;
  service: CatalogService;
  logger: Logger;
  approver?: Approver;
  host?: Pick<EditorHost, 'isTrusted'>;
}

/** The document a run came from: document line = snippet line + lineOffset. */
export interface SnippetBinding {
  uri: string;
  lineOffset: number;
}

/** What the command returns (for tests and other extensions): the raw report and what the panel shows. */
export interface SnippetRunResult {
  report: RunReport;
  view: TraceReportView;
  /** Absent for a run of code passed in (`{ code }`), which has no document. */
  binding?: SnippetBinding;
  /** The history entry of a document run. */
  record?: SnippetRunRecord;
}

/** A programmatic run: the code and a name for it, instead of the active editor. */
export interface SnippetArg {
  code: string;
  source?: string;
}

function isSnippetArg(v: unknown): v is SnippetArg {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'string';
}

/** What one run runs, and the document it is bound to (if any). */
interface SnippetTarget {
  code: string;
  source: string;
  document?: vscode.TextDocument;
  lineOffset: number;
}

function runnable(doc: vscode.TextDocument): boolean {
  return doc.isUntitled || doc.languageId === 'javascript' || path.extname(doc.fileName) === '.js';
}

function nameOf(doc: vscode.TextDocument): string {
  return doc.isUntitled ? 'untitled' : path.basename(doc.fileName);
}

function notRunnable(doc: vscode.TextDocument): string {
  return `The snippet must be a .js file or an untitled editor; "${nameOf(doc)}" is ${doc.languageId}.`;
}

function wholeDocument(doc: vscode.TextDocument): SnippetTarget | string {
  return runnable(doc) ? { code: doc.getText(), source: nameOf(doc), document: doc, lineOffset: 0 } : notRunnable(doc);
}

/** The selection, or the whole file when nothing is selected. */
function fromEditor(editor: vscode.TextEditor): SnippetTarget | string {
  const doc = editor.document;
  if (!runnable(doc)) {
    return notRunnable(doc);
  }
  const sel = editor.selection;
  if (!sel.isEmpty) {
    return { code: doc.getText(sel), source: `selection of ${nameOf(doc)} (lines ${sel.start.line + 1}-${sel.end.line + 1})`, document: doc, lineOffset: sel.start.line };
  }
  return wholeDocument(doc);
}

/** An open document by URI string, or the file opened. */
export async function documentAt(uri: string): Promise<vscode.TextDocument | string> {
  let parsed: vscode.Uri;
  try {
    parsed = vscode.Uri.parse(uri, true);
  } catch {
    return `Not a document URI: ${uri.slice(0, 200)}`;
  }
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === parsed.toString());
  if (open) {
    return open;
  }
  try {
    return await vscode.workspace.openTextDocument(parsed);
  } catch (err) {
    return `Cannot open ${uri.slice(0, 200)}: ${errorMessage(err)}`;
  }
}

/**
 * Runs `tool_search_code` bodies through the real CodeBridge against the
 * current catalog. One bridge per catalog (its gateway is bound to it), warm
 * start on; a catalog rebuild retires the old bridge and its idle child.
 */
export class BridgeRunner implements vscode.Disposable {
  private bridge: { catalog: Catalog; key: string; bridge: CodeBridge; api: ToolSearchApi } | undefined;
  /** The current run's cancel (the notification's Cancel, or the trace panel's). */
  private cancelled: AbortSignal | undefined;
  private running = false;
  private runs = 0;
  /** The last runs of documents, newest first (the trace panel's history reads it). */
  readonly history = new SnippetRunHistory();
  /** Diagnostics and inline notes of each run document. */
  readonly marks = new SnippetEditorMarks();

  constructor(private readonly deps: BridgeRunDeps) {
    // Children start from source now: the start-up snapshots earlier versions kept (several MB each) are removed.
    void vscode.workspace.fs.delete(vscode.Uri.joinPath(deps.storageUri, 'sandbox-snapshot'), { recursive: true, useTrash: false }).then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * Runs a snippet. `arg`: `{ code, source? }` (no document); a URI string
   * (CodeLens, re-run: the whole document); a `vscode.Uri` (the editor's
   * context menu: its selection when it is the active editor); nothing (the
   * active editor, or with a panel focused the document of the last run,
   * never some other visible editor).
   */
  async command(arg?: unknown): Promise<SnippetRunResult | undefined> {
    if (!(this.deps.host ?? editorHost).isTrusted()) {
      void vscode.window.showErrorMessage('Run Bridge Snippet is off in an untrusted workspace: the snippet can call plugin tools and MCP servers. Trust the workspace to run it.');
      return undefined;
    }
    const target = await this.target(arg);
    if (typeof target === 'string') {
      void vscode.window.showErrorMessage(target);
      return undefined;
    }
    return this.start(target);
  }

  /** Runs the whole document at `uri` again (the trace panel's history and re-run buttons). */
  async rerun(uri: unknown): Promise<SnippetRunResult | undefined> {
    if (typeof uri !== 'string') {
      void vscode.window.showErrorMessage('Re-run needs the URI of the snippet\'s document.');
      return undefined;
    }
    return this.command(uri);
  }

  private async target(arg: unknown): Promise<SnippetTarget | string> {
    if (isSnippetArg(arg)) {
      return { code: arg.code, source: arg.source ?? 'snippet', lineOffset: 0 };
    }
    if (typeof arg === 'string') {
      const doc = await documentAt(arg);
      return typeof doc === 'string' ? doc : wholeDocument(doc);
    }
    const active = vscode.window.activeTextEditor;
    if (arg instanceof vscode.Uri) {
      if (active && active.document.uri.toString() === arg.toString()) {
        return fromEditor(active);
      }
      const doc = await documentAt(arg.toString());
      return typeof doc === 'string' ? doc : wholeDocument(doc);
    }
    if (active) {
      return fromEditor(active);
    }
    // No active text editor: a panel (the trace) has focus. Run what ran last, not whichever editor is visible.
    const last = this.history.list()[0];
    const doc = last && vscode.workspace.textDocuments.find((d) => d.uri.toString() === last.uri && !d.isClosed);
    if (doc) {
      const shown = vscode.window.visibleTextEditors.find((e) => e.document === doc);
      return shown ? fromEditor(shown) : wholeDocument(doc);
    }
    return 'Open a JavaScript file (or an untitled editor) with a tool_search_code body first.';
  }

  private async start(target: SnippetTarget): Promise<SnippetRunResult | undefined> {
    if (this.running) {
      void vscode.window.showWarningMessage('A bridge snippet is already running; wait for it or cancel it first.');
      return undefined;
    }
    this.running = true;
    try {
      const startedAt = Date.now();
      const doc = target.document;
      // A selection runs on the surface its file declares (its name, or a directive in its head).
      const declared = doc ? declaredSurface(doc.isUntitled ? undefined : doc.fileName, doc.getText(new vscode.Range(0, 0, 40, 0))) : undefined;
      return await this.runWithProgress(
        target.code,
        target.source,
        (result) => (doc ? this.bind(result, target, doc, startedAt) : result),
        doc ? { documentUri: doc.uri.toString(), lineOffset: target.lineOffset, ...(declared ? { surface: declared } : {}) } : {},
      );
    } finally {
      this.running = false;
    }
  }

  /** Puts a run's marks on its document and records it in the history. */
  private bind(result: SnippetRunResult, target: SnippetTarget, doc: vscode.TextDocument, startedAt: number): SnippetRunResult {
    const { report } = result;
    const uri = doc.uri.toString();
    this.marks.show(doc.uri, snippetMarks(report, target.lineOffset, Math.max(doc.lineCount - 1, 0)));
    const record = this.history.add({
      uri,
      label: target.source,
      lineOffset: target.lineOffset,
      outcome: outcomeOf(report),
      ...(report.ok ? {} : { error: report.error ?? 'the run failed' }),
      ...(report.errorLine !== undefined ? { errorLine: report.errorLine + target.lineOffset } : {}),
      startedAt,
      durationMs: report.durationMs,
    });
    return { ...result, binding: { uri, lineOffset: target.lineOffset }, record };
  }

  /** `settle` binds the result to its document before the panel shows it, so the history already has the run then. */
  private async runWithProgress(
    code: string,
    source: string,
    settle: (r: SnippetRunResult) => SnippetRunResult,
    origin: { documentUri?: string; lineOffset?: number; surface?: ProgramSurface },
  ): Promise<SnippetRunResult | undefined> {
    const { catalog, workspace, settings } = await this.deps.service.getSession();
    const panel = TracePanel.show(this.deps.extensionUri, this.deps.logger);
    // Cancel kills the child at once; calls it had in flight are refused. The panel offers it too.
    const abort = new AbortController();
    this.cancelled = abort.signal;
    panel.running(source, () => abort.abort());
    const bridge = await this.bridgeFor(catalog, workspace, settings.sandboxNodePath ?? 'node', settings.approvalTools);
    const timeoutMs = catalog.settings.codeTimeoutMs;
    return withCancellableProgress(`Running ${source} in the isolated child`, abort, async (progress) => {
      progress.report({ message: `timeout ${timeoutMs} ms` });
      const parentCallId = `editor-run-${++this.runs}`;
      const core = await loadCore();
      const codeMode = core.programSurface(code, workspace, origin.surface) === 'code-mode' ? await this.codeModeRun(core, workspace, catalog, bridge, code, parentCallId, abort.signal) : undefined;
      if (typeof codeMode === 'string') {
        panel.failed(codeMode);
        void vscode.window.showErrorMessage(codeMode);
        return undefined;
      }
      const report = codeMode?.report ?? (await bridge.run(code, { timeoutMs, parentCallId, catalog: { size: catalog.size, sources: catalog.countBySource() }, signal: abort.signal }));
      const viewOptions = { cancelled: abort.signal.aborted, ...(origin.documentUri !== undefined ? { documentUri: origin.documentUri } : {}), ...(origin.lineOffset !== undefined ? { lineOffset: origin.lineOffset } : {}) };
      const view = codeMode ? toCodeModeTraceView(report, codeMode.legs, source, viewOptions) : toTraceView(report, source, viewOptions);
      const result = settle({ report, view });
      panel.showReport(view, workspaceConfigKey(workspace));
      this.deps.logger.info(`bridge run ${parentCallId} (${source}): ${view.outcome.kind}: ${view.outcome.title}${view.outcome.detail ? ` ${view.outcome.detail}` : ''} ${report.trace.length} trace entries`);
      if (!report.isolation.ok) {
        void vscode.window.showErrorMessage(`No isolated child could be started, so nothing ran: ${report.isolation.reason ?? 'the isolation probe failed'}`);
      }
      return result;
    });
  }

  /**
   * A Code Mode program, as the workspace's run would execute it: yields are
   * resumed at once (as a model calls \`wait\`), every leg kept for the panel.
   * A string: why it cannot run (the modelled release has no Code Mode).
   */
  private async codeModeRun(core: CoreModule, workspace: OpenWorkspace, catalog: Catalog, bridge: CodeBridge, code: string, parentCallId: string, signal: AbortSignal): Promise<{ report: RunReport; legs: CodeModeExec[] } | string> {
    let session: CodeModeSession;
    try {
      const api = this.bridge?.bridge === bridge ? this.bridge.api : undefined;
      if (!api) {
        return 'the sandbox bridge changed while the program was starting; run it again';
      }
      session = core.codeModeSessionFor(workspace, catalog, api, bridge);
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
    try {
      const legs = [await session.exec(code, { parentCallId, signal })];
      for (let last = legs[0]; last?.result.status === 'waiting' && legs.length < MAX_CODE_MODE_LEGS && !signal.aborted; last = legs[legs.length - 1]) {
        legs.push(await session.wait(last.result.runId));
      }
      const report = legs[legs.length - 1]?.report;
      return report ? { report, legs } : 'the Code Mode program was still waiting after its last resume';
    } finally {
      session.dispose();
    }
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
      env: process.env,
    });
    this.bridge = { catalog, key, bridge, api };
    return bridge;
  }

  dispose(): void {
    this.bridge?.bridge.dispose();
    this.bridge = undefined;
    this.marks.dispose();
  }
}
