import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InspectorSettings } from './settingsModel';

/** Workspace files whose change can change the catalog. */
const WORKSPACE_GLOBS = [
  'openclaw.json',
  '.openclaw/*.json',
  '**/openclaw.plugin.json',
  '.vscode/mcp.json',
  '.mcp.json',
];

/** Calls `fire` once after a burst of changes settles (editors save in several steps). */
export function debounce(fn: () => void, ms: number): { trigger(): void; dispose(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    trigger() {
      if (timer) {
        clearTimeout(timer);
      }
      timer = setTimeout(() => {
        timer = undefined;
        fn();
      }, ms);
    },
    dispose() {
      if (timer) {
        clearTimeout(timer);
      }
    },
  };
}

/** Watches configs, manifests, client tools, mcp.json and configured files outside the workspace. */
export function watchCatalogInputs(folder: vscode.WorkspaceFolder, settings: InspectorSettings | undefined, onChange: (uri: vscode.Uri) => void): vscode.Disposable {
  const patterns: vscode.GlobPattern[] = WORKSPACE_GLOBS.map((g) => new vscode.RelativePattern(folder, g));
  const extra = [settings?.configPath, settings?.clientToolsPath, ...(settings?.snapshots ?? []).map((s) => s.path)];
  for (const file of extra) {
    if (file && !file.startsWith(folder.uri.fsPath + path.sep)) {
      // A snapshot may be a folder: watch below it as well as the path itself.
      patterns.push(new vscode.RelativePattern(vscode.Uri.file(path.dirname(file)), path.basename(file)));
      patterns.push(new vscode.RelativePattern(vscode.Uri.file(file), '**'));
    } else if (file) {
      patterns.push(new vscode.RelativePattern(folder, `${path.relative(folder.uri.fsPath, file).split(path.sep).join('/')}{,/**}`));
    }
  }
  const disposables: vscode.Disposable[] = [];
  for (const p of patterns) {
    const w = vscode.workspace.createFileSystemWatcher(p);
    disposables.push(w, w.onDidChange(onChange), w.onDidCreate(onChange), w.onDidDelete(onChange));
  }
  return vscode.Disposable.from(...disposables);
}
