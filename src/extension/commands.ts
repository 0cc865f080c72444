import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SourceLocation } from '../core/types';
import type { CatalogService } from './catalogService';
import { explainToolCommand, ExplainDocuments, EXPLAIN_SCHEME } from './explain/explainCommand';
import type { Logger } from './logger';
import { CatalogPanel } from './panels/catalogPanel';

/** Every command the manifest contributes; the smoke test checks both agree. */
export const COMMANDS = {
  refresh: 'toolSearchInspector.refresh',
  explainTool: 'toolSearchInspector.explainTool',
  openCatalogPanel: 'toolSearchInspector.openCatalogPanel',
  showLogs: 'toolSearchInspector.showLogs',
  openLocation: 'toolSearchInspector.openLocation',
} as const;

export interface CommandDeps {
  extensionUri: vscode.Uri;
  service: CatalogService;
  logger: Logger;
}

function locationFrom(arg: unknown): SourceLocation | undefined {
  if (!arg || typeof arg !== 'object') {
    return undefined;
  }
  const o = arg as { file?: unknown; location?: unknown; line?: unknown; column?: unknown };
  if (typeof o.file === 'string') {
    return { file: o.file, line: typeof o.line === 'number' ? o.line : undefined, column: typeof o.column === 'number' ? o.column : undefined };
  }
  return o.location ? locationFrom(o.location) : undefined;
}

async function openLocation(arg: unknown): Promise<void> {
  const loc = locationFrom(arg);
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!loc || !folder) {
    return;
  }
  // Core reports paths relative to the workspace where it can.
  const file = path.isAbsolute(loc.file) ? loc.file : path.join(folder.uri.fsPath, loc.file);
  const line = Math.max(0, (loc.line ?? 1) - 1);
  const col = Math.max(0, (loc.column ?? 1) - 1);
  await vscode.window.showTextDocument(vscode.Uri.file(file), { selection: new vscode.Range(line, col, line, col), preview: true });
}

/** Registers the commands; each one reports its failure with "Show Logs". */
export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  const docs = new ExplainDocuments();
  const guarded = <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) => async (...args: A): Promise<R | undefined> => {
    try {
      return await fn(...args);
    } catch (err) {
      await deps.logger.showError(`${name} failed`, err);
      return undefined;
    }
  };
  return [
    vscode.workspace.registerTextDocumentContentProvider(EXPLAIN_SCHEME, docs),
    vscode.commands.registerCommand(COMMANDS.refresh, guarded('Refresh', async () => {
      const s = await deps.service.refresh('command');
      return s.kind;
    })),
    vscode.commands.registerCommand(COMMANDS.explainTool, guarded('Explain Tool', (arg?: unknown) => explainToolCommand(deps.service, docs, arg))),
    vscode.commands.registerCommand(COMMANDS.openCatalogPanel, guarded('Open Effective Catalog', () => {
      CatalogPanel.createOrShow(deps);
      return Promise.resolve(true);
    })),
    vscode.commands.registerCommand(COMMANDS.showLogs, () => deps.logger.channel.show()),
    vscode.commands.registerCommand(COMMANDS.openLocation, guarded('Open Definition', openLocation)),
  ];
}
