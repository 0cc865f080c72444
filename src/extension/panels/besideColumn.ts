import * as vscode from 'vscode';

/**
 * Where something "beside the editor" opens (issue 44): the nearest editor
 * group to the right of the one the user works in, else the nearest to its
 * left, and a new group to the right only when there is no other. A run
 * from the second of two groups then lands in the first instead of a narrow
 * third column.
 */
export function besideColumn(groups: readonly { viewColumn: vscode.ViewColumn }[] = vscode.window.tabGroups.all, active: vscode.ViewColumn = vscode.window.tabGroups.activeTabGroup.viewColumn): vscode.ViewColumn {
  const columns = groups.map((g) => g.viewColumn);
  const right = columns.filter((c) => c > active).sort((a, b) => a - b)[0];
  if (right !== undefined) {
    return right;
  }
  const left = columns.filter((c) => c < active).sort((a, b) => b - a)[0];
  return left ?? vscode.ViewColumn.Beside;
}
