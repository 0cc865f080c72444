import * as path from 'node:path';
import * as vscode from 'vscode';
import { editorHost } from '../host';
import type { Logger } from '../logger';
import { panelResourceRoots } from '../panels/panelBase';
import { panelHtml } from '../panels/panelShell';
import { handleTraceAction, TRACE_PAGE, TracePanel, traceCommandsAvailable } from '../panels/tracePanel';
import { parseTraceWebviewMessage, type TraceHostMessage, type TraceReportView } from '../../webview/shared/traceProtocol';
import { openInCustomEditor } from './sessionEditor';
import { readTraceFile, TRACE_FILE_EXTENSION, traceFileName, traceFileText } from './traceFile';
import { errorMessage } from '../../core/util/errors';
import { readBoundedUri } from '../boundedRead';
import { READ_LIMITS } from '../../core/util/readLimits';

export const TRACE_EDITOR_VIEW_TYPE = 'toolSearchInspector.traceFile';

/** Where "Save Trace" proposes to write: the run's folder, else the first workspace folder. */
function defaultSaveUri(report: TraceReportView): vscode.Uri | undefined {
  const name = traceFileName(report.source);
  if (report.documentUri) {
    const doc = vscode.Uri.parse(report.documentUri);
    if (doc.scheme === 'file') {
      return vscode.Uri.joinPath(doc, '..', name);
    }
  }
  const folder = editorHost.folders()[0];
  return folder ? vscode.Uri.joinPath(folder.uri, name) : undefined;
}

/**
 * Writes a report as a trace file; `target` skips the dialog (programmatic
 * use). Offers to open what it wrote in the trace editor.
 */
export async function saveTrace(report: TraceReportView, target?: vscode.Uri, writer?: string): Promise<vscode.Uri | undefined> {
  const uri =
    target ??
    (await vscode.window.showSaveDialog({
      title: 'Save Bridge Trace',
      saveLabel: 'Save Trace',
      defaultUri: defaultSaveUri(report),
      // VS Code's own dialog matches the last extension only: `json`; the name gets `.tstrace.json` below.
      filters: { 'Bridge trace': ['json'] },
    }));
  if (!uri) {
    return undefined;
  }
  // Whatever the dialog did to the name (added `.json`, or the whole extension twice), it ends in one `.tstrace.json`.
  const stem = uri.path.replace(/(\.tstrace\.json|\.json)+$/, '');
  const fixed = uri.with({ path: `${stem}${TRACE_FILE_EXTENSION}` });
  await vscode.workspace.fs.writeFile(fixed, new TextEncoder().encode(traceFileText(report, new Date(), writer)));
  if (!target) {
    void vscode.window.showInformationMessage(`Saved the bridge trace to ${path.basename(fixed.path)}.`, 'Open Trace').then((pick) => {
      if (pick) {
        void vscode.commands.executeCommand('vscode.openWith', fixed, TRACE_EDITOR_VIEW_TYPE);
      }
    });
  }
  return fixed;
}

/** "Save Bridge Trace": the report the Bridge Trace panel shows now. */
export async function saveTraceCommand(arg: unknown, writer?: string): Promise<vscode.Uri | undefined> {
  const report = TracePanel.open?.report;
  if (!report) {
    void vscode.window.showInformationMessage('Nothing to save yet: run a bridge snippet first ("Tool Search: Run Bridge Snippet").');
    return undefined;
  }
  const target = arg instanceof vscode.Uri ? arg : typeof arg === 'string' && arg !== '' ? vscode.Uri.parse(arg) : undefined;
  return saveTrace(report, target, writer);
}

/** "Open Saved Bridge Trace": a `*.tstrace.json` (a URI or path argument, else a file picker) in the trace editor. */
export async function openTraceCommand(arg: unknown): Promise<vscode.Uri | undefined> {
  return openInCustomEditor(arg, TRACE_EDITOR_VIEW_TYPE, { title: 'Open Saved Bridge Trace', openLabel: 'Open Trace', filters: { 'Bridge trace': ['json'] } });
}

/**
 * Opens `*.tstrace.json` files in the Bridge Trace webview, read-only: the
 * same trace, timeline and isolation table as the run showed.
 */
export class TraceEditorProvider implements vscode.CustomReadonlyEditorProvider {
  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: Logger,
  ) {}

  openCustomDocument(uri: vscode.Uri): vscode.CustomDocument {
    return { uri, dispose: () => undefined };
  }

  async resolveCustomEditor(document: vscode.CustomDocument, panel: vscode.WebviewPanel): Promise<void> {
    panel.webview.options = { enableScripts: true, localResourceRoots: panelResourceRoots(this.extensionUri) };
    panel.webview.html = panelHtml(panel.webview, this.extensionUri, { ...TRACE_PAGE, placeholder: 'Reading the saved trace…' });
    const name = path.basename(document.uri.path);
    let message: TraceHostMessage;
    let report: TraceReportView | undefined;
    try {
      const read = readTraceFile(new TextDecoder().decode(await readBoundedUri(document.uri, READ_LIMITS.inputFileBytes)));
      if (read.ok) {
        report = read.file.report;
        message = { type: 'report', report };
      } else {
        message = { type: 'error', message: `${name}: ${read.error}` };
      }
    } catch (err) {
      message = { type: 'error', message: `${name}: ${errorMessage(err)}` };
    }
    const sub = panel.webview.onDidReceiveMessage(async (raw: unknown) => {
      const msg = parseTraceWebviewMessage(raw);
      if (!msg) {
        this.log.warn(`saved trace: ignored an unexpected message ${JSON.stringify(raw)?.slice(0, 200)}`);
        return;
      }
      if (msg.type === 'ready') {
        const caps = await traceCommandsAvailable();
        void panel.webview.postMessage({ type: 'capabilities', capabilities: { ...caps, save: false, savedFile: name } } satisfies TraceHostMessage);
        void panel.webview.postMessage(message);
        return;
      }
      await handleTraceAction(msg, report, this.log).catch((err: unknown) => this.log.warn(`saved trace: ${msg.type} failed: ${errorMessage(err)}`));
    });
    panel.onDidDispose(() => sub.dispose());
  }
}
