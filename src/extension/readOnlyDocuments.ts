import * as vscode from 'vscode';

/**
 * Read-only documents under one URI scheme, holding text the extension wrote
 * (explanations, payload previews, verify reports): no "save changes?" on
 * close, and a document shown again with new text updates in place.
 */
export class ReadOnlyDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly docs = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(readonly scheme: string) {}

  /** Stores `text` as `fileName` (the tab shows it; slashes become `_`) and returns its URI. */
  protected put(fileName: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${fileName.replace(/[/\\]/g, '_')}` });
    this.docs.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.docs.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.changed.dispose();
  }
}
