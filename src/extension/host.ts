import * as vscode from 'vscode';

/**
 * The editor state the extension reads, behind one thin wrapper: logic takes
 * an `EditorHost`, so it reads no global and tests can hand in their own.
 */
export interface EditorHost {
  /** The open workspace folders, in the order the workspace lists them. */
  folders(): readonly vscode.WorkspaceFolder[];
  /** Workspace Trust, read now (it can be granted while we run). */
  isTrusted(): boolean;
  /** The workspace folder of the active editor, if it has one. */
  activeFolder(): vscode.WorkspaceFolder | undefined;
  /** Fires when the active editor changes (its folder may have changed). */
  onDidChangeActiveEditor: vscode.Event<unknown>;
}

export const editorHost: EditorHost = {
  folders: () => vscode.workspace.workspaceFolders ?? [],
  isTrusted: () => vscode.workspace.isTrusted,
  activeFolder: () => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    return uri ? vscode.workspace.getWorkspaceFolder(uri) : undefined;
  },
  onDidChangeActiveEditor: (listener, thisArg, disposables) => vscode.window.onDidChangeActiveTextEditor(listener, thisArg, disposables),
};
