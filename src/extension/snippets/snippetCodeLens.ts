import * as vscode from 'vscode';
import { COMMANDS } from '../commandIds';
import type { SnippetRunRecord, SnippetRunsApi } from './runHistory';
import { isProgramFile } from './snippetFiles';

export const RUN_LENS_TITLE = 'Run in Tool Search sandbox';

function lastRunTitle(r: SnippetRunRecord): string {
  const time = new Date(r.startedAt).toLocaleTimeString();
  if (r.outcome === 'ok') {
    return `$(pass) run #${r.id}: ok in ${r.durationMs} ms (${time})`;
  }
  return `$(error) run #${r.id}: ${r.outcome}${r.errorLine !== undefined ? ` at line ${r.errorLine}` : ''} (${time})`;
}

/**
 * "Run in Tool Search sandbox" above a snippet (a `*.toolsearch.js` file or
 * JavaScript with the directive), bound to that document; beside it the
 * document's last run, which reveals the failing line.
 */
export class SnippetCodeLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscription: { dispose(): void };

  constructor(private readonly runs: SnippetRunsApi) {
    this.subscription = runs.onDidChange(() => this.changed.fire());
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    if (doc.languageId !== 'javascript' || !isProgramFile(doc.fileName, doc.getText(new vscode.Range(0, 0, 40, 0)))) {
      return [];
    }
    const top = new vscode.Range(0, 0, 0, 0);
    const uri = doc.uri.toString();
    const lenses = [new vscode.CodeLens(top, { title: `$(play) ${RUN_LENS_TITLE}`, command: COMMANDS.runBridgeSnippet, arguments: [uri], tooltip: 'Runs this file as a tool_search_code body in the isolated sandbox' })];
    const last = this.runs.lastFor(uri);
    if (last) {
      lenses.push(new vscode.CodeLens(top, { title: lastRunTitle(last), command: COMMANDS.revealSnippetLine, arguments: [uri, last.errorLine ?? 1], tooltip: last.error ?? 'The last run ended well' }));
    }
    return lenses;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
