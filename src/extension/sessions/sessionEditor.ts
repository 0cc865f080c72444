import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { besideColumn } from '../panels/besideColumn';
import { findSessionFiles, sniffSessionFile } from '../../core/telemetry/sessionFiles';
import type { LoadedSession } from '../../core/telemetry/sessionSources';
import { loadCore } from '../coreLoader';
import { readSessionView, sessionViewOfEvents } from '../../core/telemetry/sessionView';
import { editorHost } from '../host';
import type { Logger } from '../logger';
import { panelResourceRoots } from '../panels/panelBase';
import { panelHtml } from '../panels/panelShell';
import { parseSessionWebviewMessage, type SessionHostMessage, type SessionLogView } from '../../webview/shared/sessionProtocol';
import { COMMANDS } from '../commandIds';
import { toSessionLogView } from './sessionLogView';
import { errorMessage } from '../../core/util/errors';
import { READ_LIMITS, readUserFileHead } from '../../core/util/readLimits';
import { readBoundedUri } from '../boundedRead';

export const SESSION_EDITOR_VIEW_TYPE = 'toolSearchInspector.sessionLog';
/** The same viewer, the default editor of OpenClaw's agent stores (`openclaw-agent.sqlite`). */
export const STORE_EDITOR_VIEW_TYPE = 'toolSearchInspector.openclawStore';

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
  const given = uriFromArg(arg);
  if (given?.scheme === 'file' && fs.existsSync(given.fsPath) && fs.statSync(given.fsPath).isDirectory()) {
    return openSessionsInFolder(given);
  }
  return openInCustomEditor(given ?? arg, SESSION_EDITOR_VIEW_TYPE, { title: 'Open Session Log', openLabel: 'Open Session Log', filters: { 'Session log or OpenClaw store': ['jsonl', 'sqlite'], 'All files': ['*'] } });
}

/** A state, agent or log folder: its one store or log opens at once; several are offered by agent and file. */
async function openSessionsInFolder(folder: vscode.Uri): Promise<vscode.Uri | undefined> {
  const files = findSessionFiles(folder.fsPath).filter((f) => !('notSession' in sniffSessionFile(f)));
  if (files.length === 0) {
    void vscode.window.showInformationMessage(`No session in ${path.basename(folder.fsPath)}: looked for OpenClaw stores (openclaw-agent.sqlite), OpenClaw transcripts and session logs (*.jsonl).`);
    return undefined;
  }
  const items = files.map((f) => ({ label: path.relative(folder.fsPath, f) || path.basename(f), file: f }));
  const picked = items.length === 1 ? items[0] : await vscode.window.showQuickPick(items, { title: 'Open a session store or log', placeHolder: `${items.length} in ${path.basename(folder.fsPath)}` });
  if (!picked) {
    return undefined;
  }
  const uri = vscode.Uri.file(picked.file);
  await vscode.commands.executeCommand('vscode.openWith', uri, SESSION_EDITOR_VIEW_TYPE, { preview: false });
  return uri;
}

/** The file named by `arg` (a URI or path), else one picked in a file dialog, opened in the custom editor `viewType`. */
export async function openInCustomEditor(arg: unknown, viewType: string, dialog: { title: string; openLabel: string; filters: Record<string, string[]> }): Promise<vscode.Uri | undefined> {
  const uri =
    uriFromArg(arg) ??
    (await vscode.window.showOpenDialog({ ...dialog, canSelectMany: false, defaultUri: editorHost.folders()[0]?.uri }))?.[0];
  if (!uri) {
    return undefined;
  }
  await vscode.commands.executeCommand('vscode.openWith', uri, viewType, { preview: false });
  return uri;
}

/**
 * A search step of the shown session asked again of the current catalog in
 * the Search Playground, with "why not" for the tool the session finally
 * called. The step is looked up in what the host itself posted, so the
 * webview names only an index.
 */
async function replaySearch(view: SessionLogView | undefined, step: number): Promise<void> {
  const replay = view?.turns.flatMap((t) => t.steps)[step]?.replay;
  if (!view || !replay) {
    return;
  }
  await vscode.commands.executeCommand(COMMANDS.openSearchPlayground, replay.query, view.answers.finalTool?.id, { from: view.file, ...(replay.limit ? { limit: replay.limit } : {}), ...(replay.hits ? { hits: replay.hits } : {}) });
}

/** A session as the picker lists it: agent, start, mode and model. */
function sessionLabel(s: LoadedSession): string {
  return [s.agentId ? `agent ${s.agentId}` : undefined, s.startedAt, s.mode ? `${s.mode} mode` : undefined, s.model].filter((x): x is string => x !== undefined).join(' · ') || s.sessionId;
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

  private async message(uri: vscode.Uri, pick: number): Promise<SessionHostMessage> {
    const name = path.basename(uri.path);
    try {
      const sniffed = uri.scheme === 'file' ? sniffSessionFile(uri.fsPath) : { format: 'inspector' as const };
      if ('notSession' in sniffed) {
        return { type: 'error', message: `${name}: ${sniffed.notSession}` };
      }
      if (sniffed.format === 'inspector') {
        // A product log: its head only, within the viewer's bound (the view cuts at the last whole line).
        const bytes = uri.scheme === 'file' ? readUserFileHead(uri.fsPath, READ_LIMITS.sessionLogChars) : await readBoundedUri(uri, READ_LIMITS.sessionLogChars);
        const text = new TextDecoder().decode(bytes);
        return { type: 'session', view: toSessionLogView(readSessionView(text), name) };
      }
      // OpenClaw's stores (SQLite) and transcripts: the one session reader, every session of the file.
      const read = await (await loadCore()).readSessions([uri.fsPath]);
      const first = read.errors[0];
      if (read.sessions.length === 0) {
        return { type: 'error', message: `${name}: ${first ? first.message : 'no session in this file'}` };
      }
      const sessions = [...read.sessions].sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? ''));
      const selected = Math.min(pick, sessions.length - 1);
      const shown = sessions[selected] as LoadedSession;
      const view = toSessionLogView(sessionViewOfEvents(shown.events), name);
      return {
        type: 'session',
        view: {
          ...view,
          ...(shown.mode ? { mode: shown.mode, effectiveMode: shown.mode } : {}),
          source: { format: shown.format, sessions: sessions.map(sessionLabel), selected, ...(shown.openclawVersion ? { openclawVersion: shown.openclawVersion } : {}) },
        },
      };
    } catch (err) {
      return { type: 'error', message: `${name}: ${errorMessage(err)}` };
    }
  }

  resolveCustomEditor(document: vscode.CustomDocument, panel: vscode.WebviewPanel): void {
    const uri = document.uri;
    panel.webview.options = { enableScripts: true, localResourceRoots: panelResourceRoots(this.extensionUri) };
    panel.webview.html = panelHtml(panel.webview, this.extensionUri, PAGE);
    let pick = 0;
    let shown: SessionLogView | undefined;
    const post = async (): Promise<void> => {
      const message = await this.message(uri, pick);
      shown = message.type === 'session' ? message.view : undefined;
      void panel.webview.postMessage(message);
    };
    // A store's newest events may sit in its -wal file.
    const base = path.basename(uri.path);
    const watcher = uri.scheme === 'file' ? vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(uri, '..'), `{${base},${base}-wal}`)) : undefined;
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
        if (msg.type === 'pickSession') {
          pick = msg.index;
          await post();
          return;
        }
        if (msg.type === 'replaySearch') {
          await replaySearch(shown, msg.step);
          return;
        }
        const line = msg.line - 1;
        await vscode.window.showTextDocument(uri, { selection: new vscode.Range(line, 0, line, 0), viewColumn: besideColumn(), preview: true });
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
