import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Diagnostic } from '../core/types';
import { visibleText } from '../core/util/visibleText';
import type { CatalogRoots } from './catalogRoots';

const SEVERITY: Record<Diagnostic['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/** Where a diagnostic points: core names files relative to the workspace when inside it. */
function uriOf(file: string, folder: vscode.Uri): vscode.Uri | undefined {
  if (!file.includes('/') && !file.includes('.')) {
    // Not a file (a source name such as "plugins"): nothing to point at.
    return undefined;
  }
  return path.isAbsolute(file) ? vscode.Uri.file(file) : vscode.Uri.joinPath(folder, file);
}

/**
 * Publishes the catalog's diagnostics (config clamps, bad manifests, name
 * clashes, ...) to the Problems panel, on the file and line they name, so a
 * broken config is visible where it is edited.
 */
export function publishCatalogProblems(roots: CatalogRoots): vscode.Disposable {
  const collection = vscode.languages.createDiagnosticCollection('toolSearchInspector');
  const publish = () => {
    const byFile = new Map<string, { uri: vscode.Uri; items: vscode.Diagnostic[] }>();
    for (const root of roots.roots()) {
      const state = root.state;
      if (state.kind !== 'ready') {
        continue;
      }
      // The kept catalog's own diagnostics stay; the parse error that made it stale is added, and failed servers sit on their config entry.
      const extra: Diagnostic[] = [];
      if (state.stale) {
        extra.push({ file: state.stale.file, line: state.stale.line, column: state.stale.column, severity: 'error', message: state.stale.message });
      }
      for (const s of state.catalog.servers) {
        if (s.status === 'failed' && s.at?.file) {
          const tail = s.stderrTail && s.stderrTail.length > 0 ? ` (stderr: ${s.stderrTail[s.stderrTail.length - 1] ?? ''})` : '';
          extra.push({ file: s.at.file, line: s.at.line, column: s.at.column, severity: 'error', message: `MCP server "${s.name}" failed: ${s.error ?? 'no reason given'}${tail}` });
        }
      }
      for (const d of [...state.catalog.diagnostics, ...extra]) {
        const uri = uriOf(d.file, root.folder.uri);
        if (!uri) {
          continue;
        }
        const line = Math.max(0, (d.line ?? 1) - 1);
        const col = Math.max(0, (d.column ?? 1) - 1);
        const item = new vscode.Diagnostic(new vscode.Range(line, col, line, Number.MAX_SAFE_INTEGER), visibleText(d.message), SEVERITY[d.severity]);
        item.source = 'Tool Search Inspector';
        const entry = byFile.get(uri.toString()) ?? { uri, items: [] };
        entry.items.push(item);
        byFile.set(uri.toString(), entry);
      }
    }
    collection.clear();
    for (const { uri, items } of byFile.values()) {
      collection.set(uri, items);
    }
  };
  const sub = roots.onDidChange(publish);
  return vscode.Disposable.from(sub, collection);
}
