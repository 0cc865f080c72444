import * as vscode from 'vscode';
import type { CatalogService, CatalogState } from './catalogService';
import { statusText } from './tree/catalogTreeModel';

/** The tooltip with a link to the Mode Preview panel (only that command may run from it). */
function withPreviewLink(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.appendText(text);
  md.appendMarkdown('\n\n[$(eye) Open Mode Preview](command:toolSearchInspector.openModePreview "See what the model sees in each mode")');
  md.isTrusted = { enabledCommands: ['toolSearchInspector.openModePreview'] };
  return md;
}

/** Effective mode and catalog size; clicking opens the catalog view, the tooltip links to the Mode Preview. */
export function createStatusBar(service: CatalogService): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('toolSearchInspector.status', vscode.StatusBarAlignment.Left, 50);
  item.name = 'Tool Search Inspector';
  item.command = 'toolSearchInspector.catalog.focus';
  const update = (state: CatalogState) => {
    switch (state.kind) {
      case 'ready': {
        const t = statusText(state.catalog);
        item.text = t.text;
        item.tooltip = withPreviewLink(t.tooltip);
        item.backgroundColor = undefined;
        break;
      }
      case 'loading':
        item.text = '$(loading~spin) Tool Search';
        item.tooltip = 'Building the catalog…';
        break;
      case 'error':
        item.text = '$(error) Tool Search';
        item.tooltip = `Catalog failed: ${state.message}`;
        item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
        break;
      default:
        // Not built yet: building it is the view's or a command's job, not ours.
        item.text = '$(search) Tool Search';
        item.tooltip = 'Open the Tool Search catalog view';
    }
  };
  update(service.state);
  item.show();
  const sub = service.onDidChange(update);
  return vscode.Disposable.from(item, sub);
}
