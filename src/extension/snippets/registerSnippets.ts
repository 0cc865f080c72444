import * as vscode from 'vscode';
import type { BridgeRunner } from '../bridge/runSnippetCommand';
import { documentAt } from '../bridge/runSnippetCommand';
import type { CatalogService } from '../catalogService';
import { COMMANDS } from '../commandIds';
import type { Logger } from '../logger';
import { SnippetCodeLens } from './snippetCodeLens';
import { isBridgeSnippet, SNIPPET_DIRECTIVE } from './snippetFiles';
import { ToolIdCompletions } from './toolIdCompletion';
import { ensureTypingsPlugin } from './typingsPlugin';
import { errorMessage } from '../../core/util/errors';

export interface SnippetDeps {
  extensionUri: vscode.Uri;
  service: CatalogService;
  bridge: BridgeRunner;
  logger: Logger;
}

const JAVASCRIPT: vscode.DocumentSelector = [{ language: 'javascript', scheme: 'file' }, { language: 'javascript', scheme: 'untitled' }];

/** Shows a document line (1-based) in the editor the document has, else in the first column, not beside the trace panel. */
export async function revealSnippetLine(uri: unknown, line: unknown): Promise<vscode.TextEditor | undefined> {
  if (typeof uri !== 'string' || typeof line !== 'number' || !Number.isInteger(line) || line < 1) {
    void vscode.window.showErrorMessage('Reveal Snippet Line needs a document URI string and a line number (from 1).');
    return undefined;
  }
  const doc = await documentAt(uri);
  if (typeof doc === 'string') {
    void vscode.window.showErrorMessage(doc);
    return undefined;
  }
  const at = Math.min(line - 1, doc.lineCount - 1);
  const range = doc.lineAt(at).range;
  const shown = vscode.window.visibleTextEditors.find((e) => e.document === doc);
  const editor = await vscode.window.showTextDocument(doc, { viewColumn: shown?.viewColumn ?? vscode.ViewColumn.One, selection: new vscode.Range(range.start, range.start), preserveFocus: false });
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return editor;
}

/** Inserts the directive comment on the first line, so the JavaScript service gives the file the bridge's declarations. */
async function addDirective(): Promise<boolean> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'javascript') {
    void vscode.window.showErrorMessage('Open a JavaScript file first.');
    return false;
  }
  const doc = editor.document;
  if (isBridgeSnippet(doc.fileName, doc.getText(new vscode.Range(0, 0, 40, 0)))) {
    void vscode.window.showInformationMessage('This file is already a bridge snippet: openclaw.tools completes here.');
    return true;
  }
  return editor.edit((b) => b.insert(new vscode.Position(0, 0), `${SNIPPET_DIRECTIVE}\n`));
}

/**
 * Bridge snippets in the editor: declarations for the JavaScript service
 * (through the TypeScript server plugin), tool-id completions, the run
 * CodeLens, re-run and reveal.
 */
export function registerSnippets(deps: SnippetDeps): vscode.Disposable[] {
  const lens = new SnippetCodeLens(deps.bridge.history);
  try {
    if (ensureTypingsPlugin(deps.extensionUri.fsPath) === 'written') {
      deps.logger.info('bridge typings: the TypeScript server plugin was installed; restarting the TypeScript server so it loads');
      // Only when the JavaScript service is already running; otherwise it loads the plugin when it starts.
      if (vscode.extensions.getExtension('vscode.typescript-language-features')?.isActive) {
        void vscode.commands.executeCommand('typescript.restartTsServer').then(undefined, () => undefined);
      }
    }
  } catch (err) {
    deps.logger.warn(`bridge typings: the TypeScript server plugin could not be installed in the extension folder, so openclaw.tools will not complete: ${errorMessage(err)}`);
  }
  return [
    lens,
    vscode.languages.registerCodeLensProvider(JAVASCRIPT, lens),
    vscode.languages.registerCompletionItemProvider(JAVASCRIPT, new ToolIdCompletions(deps.service), '"', "'", '`', ':'),
    vscode.commands.registerCommand(COMMANDS.rerunBridgeSnippet, (uri?: unknown) => deps.bridge.rerun(uri)),
    vscode.commands.registerCommand(COMMANDS.revealSnippetLine, (uri?: unknown, line?: unknown) => revealSnippetLine(uri, line)),
    vscode.commands.registerCommand(COMMANDS.addBridgeTypingsDirective, () => addDirective()),
  ];
}
