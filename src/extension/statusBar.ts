import * as vscode from 'vscode';
import type { CatalogRoots } from './catalogRoots';
import type { CatalogService, CatalogState } from './catalogService';
import { COMMANDS, FOCUS_CATALOG_VIEW } from './commandIds';
import { statusText } from './tree/catalogTreeModel';
import { staleText } from './stale/staleMark';

/** The tooltip with a link to the Mode Preview panel (only that command may run from it). */
function withPreviewLink(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.appendText(text);
  md.appendMarkdown(`\n\n[$(eye) Open Mode Preview](command:${COMMANDS.openModePreview} "See what the model sees in each mode")`);
  md.isTrusted = { enabledCommands: [COMMANDS.openModePreview] };
  return md;
}

/**
 * Effective mode and catalog size of the active root (the active editor's
 * folder; its name leads when there are several roots); clicking opens the
 * catalog view, the tooltip links to the Mode Preview.
 */
export function createStatusBar(service: CatalogService, roots: CatalogRoots): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('toolSearchInspector.status', vscode.StatusBarAlignment.Left, 50);
  item.name = 'Tool Search Inspector';
  item.command = FOCUS_CATALOG_VIEW;
  // One notification per break: shown when the config stops parsing, not on every rebuild while it stays broken.
  let notifiedSince: number | undefined;
  const update = (state: CatalogState) => {
    switch (state.kind) {
      case 'ready': {
        const t = statusText(state.catalog, roots.roots().length > 1 ? service.folder?.name : undefined, state.stale, state.agent?.text);
        item.text = t.text;
        item.tooltip = withPreviewLink(t.tooltip);
        item.accessibilityInformation = { label: t.ariaLabel, role: 'button' };
        const failed = state.catalog.servers.some((x) => x.status === 'failed');
        item.backgroundColor = state.stale || t.noTools ? new vscode.ThemeColor('statusBarItem.warningBackground') : failed ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
        const stale = state.stale;
        if (stale && notifiedSince !== stale.since) {
          notifiedSince = stale.since;
          void vscode.window.showWarningMessage(staleText(stale), 'Go to Error').then((pick) => {
            if (pick) {
              void vscode.commands.executeCommand(COMMANDS.openLocation, { file: stale.file, line: stale.line, column: stale.column, folder: service.folder?.uri.toString() });
            }
          });
        } else if (!stale && notifiedSince !== undefined) {
          notifiedSince = undefined;
          vscode.window.setStatusBarMessage('$(check) Tool Search: the config parses again; catalog rebuilt', 5000);
        }
        break;
      }
      case 'loading':
        item.text = '$(loading~spin) Tool Search';
        item.accessibilityInformation = undefined;
        item.tooltip = 'Building the catalog…';
        break;
      case 'error':
        item.text = '$(error) Tool Search';
        item.accessibilityInformation = undefined;
        item.tooltip = `Catalog failed: ${state.message}`;
        item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
        break;
      default:
        // Not built yet: building it is the view's or a command's job, not ours.
        item.text = '$(search) Tool Search';
        item.accessibilityInformation = undefined;
        item.tooltip = 'Open the Tool Search catalog view';
    }
  };
  update(service.state);
  item.show();
  const sub = service.onDidChange(update);
  return vscode.Disposable.from(item, sub);
}
