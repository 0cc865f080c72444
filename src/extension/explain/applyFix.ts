import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TextEdit } from '../../core/explain/configEdits';
import type { FixPlan } from '../../core/explain/quickFix';
import { loadCore } from '../coreLoader';

/** A fix that was applied, with what puts the file back. */
export interface AppliedFix {
  uri: vscode.Uri;
  title: string;
  /** Offsets into the file as the fix left it. */
  undo: TextEdit[];
  /** The text each undo edit expects to find, so a file edited since is not clobbered. */
  expect: string[];
}

/** Where a file named by core (relative to the catalog root when inside it) is. */
export function fileUri(folder: vscode.Uri, file: string): vscode.Uri {
  return path.isAbsolute(file) ? vscode.Uri.file(file) : vscode.Uri.joinPath(folder, file);
}

function workspaceEdit(doc: vscode.TextDocument, edits: readonly TextEdit[]): vscode.WorkspaceEdit {
  const we = new vscode.WorkspaceEdit();
  for (const e of edits) {
    we.replace(doc.uri, new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end)), e.newText);
  }
  return we;
}

/** The fix as a WorkspaceEdit on the document's current text (for code actions, which the editor applies). */
export async function fixWorkspaceEdit(doc: vscode.TextDocument, plan: FixPlan): Promise<vscode.WorkspaceEdit> {
  const { fixEdits } = await loadCore();
  return workspaceEdit(doc, fixEdits(plan, doc.getText()));
}

/**
 * Applies a fix to its file as one WorkspaceEdit (so Undo in the editor takes
 * it back too) and saves, so the catalog rebuilds from what is on disk.
 */
export async function applyFixPlan(folder: vscode.Uri, plan: FixPlan): Promise<AppliedFix> {
  const { fixEdits, inverseEdits } = await loadCore();
  const uri = fileUri(folder, plan.file);
  const doc = await vscode.workspace.openTextDocument(uri);
  const text = doc.getText();
  const edits = fixEdits(plan, text);
  if (edits.length === 0) {
    throw new Error(`nothing to change: ${plan.title} is already done in ${plan.file}`);
  }
  if (!(await vscode.workspace.applyEdit(workspaceEdit(doc, edits)))) {
    throw new Error(`the editor refused the edit to ${plan.file}`);
  }
  await doc.save();
  const undo = inverseEdits(text, edits);
  return { uri, title: plan.title, undo, expect: [...edits].sort((a, b) => a.start - b.start).map((e) => e.newText) };
}

/** Puts the file back as it was before `fix`, unless it was edited since. */
export async function undoFix(fix: AppliedFix): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(fix.uri);
  const text = doc.getText();
  fix.undo.forEach((e, i) => {
    if (text.slice(e.start, e.end) !== fix.expect[i]) {
      throw new Error(`${vscode.workspace.asRelativePath(fix.uri)} changed since the fix; undo it in the editor instead`);
    }
  });
  if (!(await vscode.workspace.applyEdit(workspaceEdit(doc, fix.undo)))) {
    throw new Error('the editor refused the undo');
  }
  await doc.save();
}
