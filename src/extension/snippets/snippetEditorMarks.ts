import * as vscode from 'vscode';
import type { SnippetMarks } from './snippetMarks';

/**
 * A run's marks in its document: diagnostics (one collection, one entry per
 * run document) and notes after the lines. Both belong to the text that ran:
 * the first edit of the document clears them.
 */
export class SnippetEditorMarks implements vscode.Disposable {
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('Tool Search snippet');
  private readonly okNote = vscode.window.createTextEditorDecorationType({
    after: { margin: '0 0 0 2em', color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic' },
    isWholeLine: false,
  });
  private readonly failedNote = vscode.window.createTextEditorDecorationType({
    after: { margin: '0 0 0 2em', color: new vscode.ThemeColor('editorError.foreground'), fontStyle: 'italic' },
  });
  /** Notes per document URI, re-applied when its editor becomes visible again. */
  private readonly notes = new Map<string, SnippetMarks['notes']>();
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) {
          this.clear(e.document.uri);
        }
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.clear(d.uri)),
      vscode.window.onDidChangeVisibleTextEditors((editors) => {
        for (const e of editors) {
          this.decorate(e);
        }
      }),
    ];
  }

  show(uri: vscode.Uri, marks: SnippetMarks): void {
    this.diagnostics.set(
      uri,
      marks.problems.map((p) => {
        const d = new vscode.Diagnostic(new vscode.Range(p.line, 0, p.line, Number.MAX_SAFE_INTEGER), p.message, p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
        d.source = 'Tool Search sandbox';
        return d;
      }),
    );
    this.notes.set(uri.toString(), marks.notes);
    for (const e of vscode.window.visibleTextEditors.filter((ed) => ed.document.uri.toString() === uri.toString())) {
      this.decorate(e);
    }
  }

  /** What a document shows now (tests read it). */
  problems(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.diagnostics.get(uri) ?? [];
  }

  notesOf(uri: vscode.Uri): SnippetMarks['notes'] {
    return this.notes.get(uri.toString()) ?? [];
  }

  private decorate(editor: vscode.TextEditor): void {
    const notes = this.notes.get(editor.document.uri.toString()) ?? [];
    const options = (failed: boolean): vscode.DecorationOptions[] =>
      notes
        .filter((n) => n.failed === failed && n.line < editor.document.lineCount)
        .map((n) => {
          const end = editor.document.lineAt(n.line).range.end;
          return { range: new vscode.Range(end, end), renderOptions: { after: { contentText: n.text } }, hoverMessage: n.text };
        });
    editor.setDecorations(this.okNote, options(false));
    editor.setDecorations(this.failedNote, options(true));
  }

  private clear(uri: vscode.Uri): void {
    if (!this.notes.delete(uri.toString()) && !this.diagnostics.has(uri)) {
      return;
    }
    this.diagnostics.delete(uri);
    for (const e of vscode.window.visibleTextEditors.filter((ed) => ed.document.uri.toString() === uri.toString())) {
      this.decorate(e);
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) {
      s.dispose();
    }
    this.diagnostics.dispose();
    this.okNote.dispose();
    this.failedNote.dispose();
  }
}
