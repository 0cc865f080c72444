import * as path from 'node:path';
import * as vscode from 'vscode';
import { readSessionView } from '../../core/telemetry/sessionView';
import type { Logger } from '../logger';
import { panelResourceRoots } from '../panels/panelBase';
import { panelHtml } from '../panels/panelShell';
import { parseSessionWebviewMessage, type SessionHostMessage } from '../../webview/shared/sessionProtocol';
import { toSessionLogView } from './sessionLogView';

export const SESSION_EDITOR_VIEW_TYPE = 'toolSearchInspector.sessionLog';

const PAGE = { title: 'Session Log', script: 'sessionPanel.js', stylesheet: 'sessionPanel.css', placeholder: 'Reading the session log…', extraStyles: [['codicons', 'codicon.css']] };

/** The URI a command argument names: a Uri, a URI string, or a file path. */
export function uriFromArg(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) {
    return arg;
  }
  if (typeof arg !== 'string' || arg === '') {
    return undefined;
  }
  return /^[a-z][a-z0-9+.-]+:/i.test(arg) && !/^[a-z]:[\\/]/i.test(arg) ? vscode.Uri.parse(arg) : vscode.Uri.file(arg);
}

/**
 * `toolSearchInspector.openSessionLog`: a session log (the JSONL that `run`,
 * `call --log` and `compare` write) in the session viewer. Without an
 * argument it asks for the file.
 */
export async function openSessionLogCommand(arg?: unknown): Promise<vscode.Uri | undefined> {
  return openInCustomEditor(arg, SESSION_EDITOR_VIEW_TYPE, { title: 'Open Session Log', openLabel: 'Open Session Log', filters: { 'Session log': ['jsonl'], 'All files': ['*'] } });
}

/** The file named by `arg` (a URI or path), else one picked in a file dialog, opened in the custom editor `viewType`. */
export async function openInCustomEditor(arg: unknown, viewType: string, dialog: { title: string; openLabel: string; filters: Record<string, string[]> }): Promise<vscode.Uri | undefined> {
  const uri =
    uriFromArg(arg) ??
    (await vscode.window.showOpenDialog({ ...dialog, canSelectMany: false, defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri }))?.[0];
  if (!uri) {
    return undefined;
  }
  await vscode.commands.executeCommand('vscode.openWith', uri, viewType, { preview: false });
  return uri;
}

/**
 * The session viewer, as a read-only custom editor: the command opens files
 * with it, and "Open With…" offers it for any `*.jsonl`. The log is read
 * again when the file changes (a `compare` may still be writing it).
 */
export class SessionEditorProvider implements vscode.CustomReadonlyEditorProvider {
  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: Logger,
  ) {}

  openCustomDocument(uri: vscode.Uri): vscode.CustomDocument {
    return { uri, dispose: () => undefined };
  }

  private async message(uri: vscode.Uri): Promise<SessionHostMessage> {
    const name = path.basename(uri.path);
    try {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      return { type: 'session', view: toSessionLogView(readSessionView(text), name) };
    } catch (err) {
      return { type: 'error', message: `${name}: ${err instanceof Error ? err.message : String(err)}` };
    }
  }

  resolveCustomEditor(document: vscode.CustomDocument, panel: vscode.WebviewPanel): void {
    const uri = document.uri;
    panel.webview.options = { enableScripts: true, localResourceRoots: panelResourceRoots(this.extensionUri) };
    panel.webview.html = panelHtml(panel.webview, this.extensionUri, PAGE);
    const post = async (): Promise<void> => {
      void panel.webview.postMessage(await this.message(uri));
    };
    const watcher = uri.scheme === 'file' ? vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(uri, '..'), path.basename(uri.path))) : undefined;
    const subs: vscode.Disposable[] = [
      panel.webview.onDidReceiveMessage(async (raw: unknown) => {
        const msg = parseSessionWebviewMessage(raw);
        if (!msg) {
          this.log.warn(`session log: ignored an unexpected message ${JSON.stringify(raw)?.slice(0, 200)}`);
          return;
        }
        if (msg.type === 'ready') {
          await post();
          return;
        }
        const line = msg.line - 1;
        await vscode.window.showTextDocument(uri, { selection: new vscode.Range(line, 0, line, 0), viewColumn: vscode.ViewColumn.Beside, preview: true });
      }),
    ];
    if (watcher) {
      subs.push(watcher, watcher.onDidChange(() => void post()), watcher.onDidCreate(() => void post()));
    }
    panel.onDidDispose(() => {
      for (const s of subs) {
        s.dispose();
      }
    });
  }
}
