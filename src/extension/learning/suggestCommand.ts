import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ToolSuggestion } from '../../core/learning/suggest';
import type { CatalogService } from '../catalogService';
import { COMMANDS } from '../commandIds';
import { loadCore } from '../coreLoader';

export const SUGGEST_SCHEME = 'tool-search-suggestions';
export const APPLY_SUGGESTION = COMMANDS.applyDescriptionSuggestion;
export const COPY_SUGGESTION = COMMANDS.copyDescriptionSuggestion;

interface ShownSuggestions {
  text: string;
  headingLines: number[];
  suggestions: ToolSuggestion[];
  /** Folder that relative tool origins are relative to. */
  root: string;
}

/**
 * Read-only documents of suggestions, with an action on each tool's heading:
 * "Apply" (plugin manifests and client-tools files) or "Copy" (MCP servers
 * and OpenClaw core tools, whose descriptions belong to someone else).
 */
export class SuggestionDocuments implements vscode.TextDocumentContentProvider, vscode.CodeLensProvider {
  private readonly docs = new Map<string, ShownSuggestions>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  set(shown: ShownSuggestions): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: SUGGEST_SCHEME, path: '/Description Suggestions.md' });
    this.docs.set(uri.toString(), shown);
    this.changed.fire(uri);
    return uri;
  }

  get(uri: vscode.Uri): ShownSuggestions | undefined {
    return this.docs.get(uri.toString());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.docs.get(uri.toString())?.text ?? '';
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const shown = this.docs.get(document.uri.toString());
    if (!shown) {
      return [];
    }
    return shown.suggestions.flatMap((s, i) => {
      const line = shown.headingLines[i];
      if (line === undefined || s.words.length === 0) {
        return [];
      }
      const range = new vscode.Range(line, 0, line, 0);
      const editable = (s.target === 'plugin-manifest' || s.target === 'client-tools') && s.origin !== undefined;
      return [
        editable
          ? new vscode.CodeLens(range, { title: `Apply to ${path.basename(s.origin?.file ?? '')}`, command: APPLY_SUGGESTION, arguments: [s.toolId] })
          : new vscode.CodeLens(range, { title: 'Copy suggestion', command: COPY_SUGGESTION, arguments: [s.toolId] }),
      ];
    });
  }

  /** The suggestion for a tool id in the most recent document. */
  find(toolId: string): { suggestion: ToolSuggestion; root: string } | undefined {
    for (const shown of [...this.docs.values()].reverse()) {
      const suggestion = shown.suggestions.find((s) => s.toolId === toolId);
      if (suggestion) {
        return { suggestion, root: shown.root };
      }
    }
    return undefined;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** Folders of session logs this workspace (or this user's OpenClaw) is likely to have. */
export function likelyFolders(root: string): string[] {
  return [path.join(root, 'sessions'), path.join(root, '.openclaw', 'sessions'), path.join(os.homedir(), '.openclaw', 'agents')].filter((p) => {
    try {
      return fs.statSync(p).isDirectory();
    } catch {
      return false;
    }
  });
}

async function chooseFolders(root: string): Promise<string[] | undefined> {
  const choose = '$(folder-opened) Choose a folder or log file…';
  const picks = [...likelyFolders(root).map((p) => ({ label: path.relative(root, p) || p, description: p, path: p })), { label: choose, description: '', path: '' }];
  const picked = await vscode.window.showQuickPick(picks, { title: 'Session logs to learn from', placeHolder: 'A folder of *.jsonl session logs (this product\'s, or OpenClaw transcripts)' });
  if (!picked) {
    return undefined;
  }
  if (picked.path) {
    return [picked.path];
  }
  const uris = await vscode.window.showOpenDialog({ canSelectFiles: true, canSelectFolders: true, canSelectMany: true, defaultUri: vscode.Uri.file(root), openLabel: 'Learn from these logs' });
  return uris?.map((u) => u.fsPath);
}

/**
 * `toolSearchInspector.suggestDescriptions`: reads a chosen folder of session
 * logs (or `paths`, for tests and other commands), suggests description words
 * for the current catalog's tools, and opens them as a read-only document.
 * Returns the suggestions shown.
 */
export async function suggestDescriptionsCommand(service: CatalogService, docs: SuggestionDocuments, paths?: unknown): Promise<ToolSuggestion[] | undefined> {
  const { catalog, workspace } = await service.getSession();
  const root = workspace.options.workspace;
  const given = Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string') : typeof paths === 'string' ? [paths] : undefined;
  const folders = given?.map((p) => path.resolve(root, p)) ?? (await chooseFolders(root));
  if (!folders || folders.length === 0) {
    return undefined;
  }
  const core = await loadCore();
  const result = await core.suggestFromSessions(catalog.cataloged, folders);
  const document = core.suggestionDocument(result, folders.map((f) => path.relative(root, f) || f));
  const uri = docs.set({ ...document, suggestions: result.report.suggestions, root });
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
  await vscode.window.showTextDocument(doc, { preview: false });
  return result.report.suggestions;
}

/**
 * Applies one suggestion to the tool's plugin manifest or client-tools file
 * as a WorkspaceEdit: the file is left open and unsaved, so the change can be
 * read, saved or undone like any other edit. Returns whether it was applied.
 */
export async function applySuggestionCommand(docs: SuggestionDocuments, toolId: unknown): Promise<boolean> {
  const found = typeof toolId === 'string' ? docs.find(toolId) : undefined;
  if (!found?.suggestion.origin) {
    void vscode.window.showErrorMessage(`No suggestion to apply for ${String(toolId)}.`);
    return false;
  }
  return applyToolSuggestion(found.suggestion, found.root);
}

/** Applies one tool's suggestion (its origin relative to `root`) as an undoable WorkspaceEdit; the catalog panel's detail uses it too. */
export async function applyToolSuggestion(suggestion: ToolSuggestion, root: string): Promise<boolean> {
  const origin = suggestion.origin;
  if (!origin) {
    void vscode.window.showErrorMessage(`No file to apply the suggestion for ${suggestion.name} to.`);
    return false;
  }
  const file = path.isAbsolute(origin.file) ? origin.file : path.join(root, origin.file);
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  const core = await loadCore();
  const r = core.descriptionEdit(file, document.getText(), suggestion.name, suggestion.proposed);
  if ('problem' in r) {
    void vscode.window.showErrorMessage(`Cannot apply the suggestion: ${r.problem}`);
    return false;
  }
  const range = new vscode.Range(document.positionAt(r.edit.offset), document.positionAt(r.edit.offset + r.edit.length));
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, range, r.edit.newText, { label: `Description suggestion for ${suggestion.name}`, needsConfirmation: false });
  if (!(await vscode.workspace.applyEdit(edit))) {
    return false;
  }
  // Select what was added (the tail of the new string), so the eye lands on it.
  const added = JSON.stringify(suggestion.added.trim()).slice(1, -1);
  const endOffset = r.edit.offset + r.edit.newText.length - 1;
  const startOffset = added && r.edit.newText.endsWith(`${added}"`) ? endOffset - added.length : r.edit.offset;
  const selection = new vscode.Range(document.positionAt(startOffset), document.positionAt(endOffset));
  const editor = await vscode.window.showTextDocument(document, { selection, preview: false });
  editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return true;
}

/** Copies an MCP or core tool's proposed description, for whoever owns it. */
export async function copySuggestionCommand(docs: SuggestionDocuments, toolId: unknown): Promise<boolean> {
  const found = typeof toolId === 'string' ? docs.find(toolId) : undefined;
  if (!found) {
    return false;
  }
  await vscode.env.clipboard.writeText(found.suggestion.proposed);
  void vscode.window.showInformationMessage(`Copied the proposed description of ${found.suggestion.name}.`);
  return true;
}
