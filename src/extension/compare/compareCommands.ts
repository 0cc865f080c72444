import * as vscode from 'vscode';
import type { CatalogService } from '../catalogService';
import { COMMANDS } from '../commandIds';
import type { Logger } from '../logger';
import { ComparePanel } from './comparePanel';
import { CompareRunner } from './compareRunner';
import type { KeptStore } from '../keptResult';

export interface CompareDeps {
  extensionUri: vscode.Uri;
  storageUri: vscode.Uri;
  secrets: vscode.SecretStorage;
  service: CatalogService;
  logger: Logger;
  /** Where the folder's last result is kept (the extension's workspaceState). */
  kept?: KeptStore;
}

/** "Compare Direct and Tool Search" and "Set API Key for Compare". */
export function registerCompare(deps: CompareDeps): vscode.Disposable {
  const runner = new CompareRunner(deps);
  return vscode.Disposable.from(
    runner,
    ComparePanel.registerSerializer(runner),
    vscode.commands.registerCommand(COMMANDS.compareInEditor, (arg?: unknown) => runner.command(arg)),
    // From the Explorer's context menu with two selected: (clicked, [all selected]).
    vscode.commands.registerCommand(COMMANDS.compareRecordedSessions, (clicked?: unknown, selected?: unknown) => {
      const uris = (Array.isArray(selected) ? selected : [clicked]).filter((u): u is vscode.Uri => u instanceof vscode.Uri);
      return runner.compareRecorded(uris.length === 2 ? uris : undefined);
    }),
    vscode.commands.registerCommand(COMMANDS.setCompareApiKey, async () => {
      const stored = await runner.setApiKey();
      const open = ComparePanel.open;
      if (stored && open) {
        open.setup(await runner.setupView());
      }
      return stored;
    }),
  );
}
