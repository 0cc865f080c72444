import * as vscode from 'vscode';
import type { CatalogService, CatalogState } from '../catalogService';
import { buildCatalogTree, ICONS, TRUST_NOTICE, type NodeIcon, type TreeNode } from './catalogTreeModel';

function themeIcon(icon: NodeIcon): vscode.ThemeIcon {
  return new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
}

/** Nodes for states without a catalog: loading, failure, no folder. */
function stateNodes(state: CatalogState, trusted: boolean): TreeNode[] {
  const trust: TreeNode[] = trusted
    ? []
    : [{ kind: 'notice', id: 'notice/trust', label: TRUST_NOTICE, description: 'Manage Workspace Trust', severity: 'warning', icon: ICONS.trust, command: { command: 'workbench.trust.manage', title: 'Manage Workspace Trust' } }];
  switch (state.kind) {
    case 'error':
      return [...trust, {
        kind: 'notice', id: 'notice/error', label: 'Could not build the catalog', description: state.message, tooltip: state.message,
        severity: 'error', icon: ICONS.error, command: { command: 'toolSearchInspector.showLogs', title: 'Show Logs' },
      }];
    case 'no-folder':
      return [];
    default:
      return [...trust, { kind: 'notice', id: 'notice/loading', label: 'Building catalog…', severity: 'info', icon: { id: 'loading~spin' } }];
  }
}

/**
 * The catalog view. Asking for its root is what builds the catalog the first
 * time: the view being shown is the signal that the user wants it.
 */
export class CatalogTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private roots: TreeNode[] | undefined;

  constructor(private readonly service: CatalogService) {
    this.subscription = service.onDidChange(() => {
      this.roots = undefined;
      this.changed.fire(undefined);
    });
  }

  /** The current top-level nodes (building the catalog if needed). */
  async rootNodes(): Promise<TreeNode[]> {
    if (!this.roots) {
      const state = await this.service.getState();
      this.roots = state.kind === 'ready'
        ? buildCatalogTree({ catalog: state.catalog, trusted: state.trusted, settingProblems: state.settings.problems })
        : stateNodes(state, vscode.workspace.isTrusted);
    }
    return this.roots;
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) {
      return this.rootNodes();
    }
    return node.kind === 'group' ? node.children : [];
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    const state = node.kind === 'group'
      ? (node.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed)
      : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(node.label, state);
    item.id = node.id;
    item.description = node.description;
    item.tooltip = node.tooltip;
    item.iconPath = themeIcon(node.icon);
    const located = node.location ? '.located' : '';
    item.contextValue = node.kind === 'tool' ? `tool.${node.tool.status}${located}` : `${node.kind}${located}`;
    if (node.command) {
      item.command = { command: node.command.command, title: node.command.title, arguments: node.command.args };
    } else if (node.location) {
      item.command = { command: 'toolSearchInspector.openLocation', title: 'Open Definition', arguments: [node.location] };
    }
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
