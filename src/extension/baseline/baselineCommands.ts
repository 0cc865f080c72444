import * as vscode from 'vscode';
import type { CatalogService } from '../catalogService';
import { COMMANDS } from '../commandIds';
import type { Logger } from '../logger';
import { DiffPanel } from '../panels/diffPanel';
import { BaselineService, diffSummary, type BaselineMark } from './baselineService';

export interface BaselineDeps {
  extensionUri: vscode.Uri;
  service: CatalogService;
  logger: Logger;
}

/** A status bar mark shown only while the live catalog differs from the saved baseline; clicking compares. */
function createBaselineMark(baselines: BaselineService): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('toolSearchInspector.baseline', vscode.StatusBarAlignment.Left, 49);
  item.name = 'Tool Search Catalog Baseline';
  item.command = COMMANDS.compareWithBaseline;
  const update = (mark: BaselineMark): void => {
    switch (mark.kind) {
      case 'differs':
        item.text = '$(diff) Catalog changed';
        item.tooltip = `The catalog differs from the saved baseline: ${diffSummary(mark.diff)}. Click to compare.`;
        item.accessibilityInformation = { label: 'Tool Search catalog differs from the saved baseline', role: 'button' };
        item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
        item.show();
        return;
      case 'unreadable':
        item.text = '$(warning) Catalog baseline';
        item.tooltip = `The catalog baseline cannot be read: ${mark.message}`;
        item.backgroundColor = undefined;
        item.show();
        return;
      default:
        item.hide();
    }
  };
  update(baselines.mark);
  return vscode.Disposable.from(item, baselines.onDidChangeMark(update));
}

/** "Save Catalog Baseline", "Compare with Baseline", "Compare with Snapshot File…" and the status bar mark. */
export function registerBaselineCommands(deps: BaselineDeps): { disposables: vscode.Disposable[]; baselines: BaselineService } {
  const baselines = new BaselineService(deps.service, deps.logger);
  const panelDeps = { ...deps, baselines };
  const guarded = (name: string, fn: () => Promise<void>) => async (): Promise<void> => {
    try {
      await fn();
    } catch (err) {
      await deps.logger.showError(`${name} failed`, err);
    }
  };
  const disposables = [
    baselines,
    createBaselineMark(baselines),
    vscode.commands.registerCommand(
      COMMANDS.saveBaseline,
      guarded('Save Catalog Baseline', async () => {
        const uri = await baselines.saveBaseline();
        void vscode.window.setStatusBarMessage(`$(check) Catalog baseline saved to ${vscode.workspace.asRelativePath(uri)}`, 4000);
        await DiffPanel.open?.render();
      }),
    ),
    vscode.commands.registerCommand(
      COMMANDS.compareWithBaseline,
      guarded('Compare with Baseline', async () => {
        if (!(await baselines.baseline())) {
          const save = 'Save Baseline Now';
          const pick = await vscode.window.showInformationMessage('No catalog baseline is saved yet.', save);
          if (pick === save) {
            await baselines.saveBaseline();
          }
          return;
        }
        DiffPanel.show(panelDeps, { kind: 'baseline', label: 'baseline' });
      }),
    ),
    vscode.commands.registerCommand(
      COMMANDS.compareWithSnapshot,
      guarded('Compare with Snapshot File', async () => {
        const picked = await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: 'Compare', filters: { 'Catalog snapshot': ['json'] }, defaultUri: deps.service.folder?.uri });
        const uri = picked?.[0];
        if (!uri) {
          return;
        }
        const snapshot = await baselines.read(uri);
        DiffPanel.show(panelDeps, { kind: 'file', label: vscode.workspace.asRelativePath(uri), snapshot });
      }),
    ),
  ];
  // A baseline saved earlier (or committed) marks the status bar once the catalog is first built.
  void baselines.recheck(deps.service.state);
  return { disposables, baselines };
}
