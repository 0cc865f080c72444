import * as vscode from 'vscode';
import type { CatalogRoots } from '../catalogRoots';
import type { CatalogState, FolderCatalog } from '../catalogService';
import { COMMANDS, MANAGE_TRUST } from '../commandIds';
import { editorHost } from '../host';
import { buildCatalogTree, ICONS, modeAndSize, rootGroup, shownNode, TRUST_NOTICE, type NodeIcon, type TreeNode } from './catalogTreeModel';

function themeIcon(icon: NodeIcon): vscode.ThemeIcon {
  return new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
}

/** Nodes for states without a catalog: loading, failure, no folder. */
function stateNodes(state: CatalogState, trusted: boolean): TreeNode[] {
  const trust: TreeNode[] = trusted
    ? []
    : [{ kind: 'notice', id: 'notice/trust', label: TRUST_NOTICE, description: 'Manage Workspace Trust', severity: 'warning', icon: ICONS.trust, command: { command: MANAGE_TRUST, title: 'Manage Workspace Trust' } }];
  switch (state.kind) {
    case 'error':
      return [...trust, {
        kind: 'notice', id: 'notice/error', label: 'Could not build the catalog', description: state.message, tooltip: state.message,
        severity: 'error', icon: ICONS.error, command: { command: COMMANDS.showLogs, title: 'Show Logs' },
      }];
    case 'no-folder':
      return [];
    default:
      return [...trust, { kind: 'notice', id: 'notice/loading', label: 'Building catalog…', severity: 'info', icon: { id: 'loading~spin' } }];
  }
}

/** One root's nodes: its catalog's tree, or the notice for its state. */
async function nodesOf(root: FolderCatalog): Promise<TreeNode[]> {
  const state = await root.getState();
  return state.kind === 'ready'
    ? buildCatalogTree({ catalog: state.catalog, trusted: state.trusted, settingProblems: state.settings.problems, stale: state.stale, hasConfig: state.config !== undefined })
    : stateNodes(state, editorHost.isTrusted());
}

/**
 * The catalog view: one root's tree, or with several catalog roots one
 * node per folder. Asking for its root is what builds the catalogs the
 * first time: the view being shown is the signal that the user wants them.
 */
export class CatalogTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private nodes: TreeNode[] | undefined;

  constructor(private readonly roots: CatalogRoots) {
    this.subscription = roots.onDidChange(() => {
      this.nodes = undefined;
      this.changed.fire(undefined);
    });
  }

  /** The current top-level nodes (building the catalog if needed). */
  async rootNodes(): Promise<TreeNode[]> {
    if (!this.nodes) {
      const roots = this.roots.roots();
      const only = roots.length === 1 ? roots[0] : undefined;
      if (only || roots.length === 0) {
        this.nodes = only ? await nodesOf(only) : [];
      } else {
        this.nodes = await Promise.all(roots.map(async (r) => {
          const children = await nodesOf(r);
          const s = r.state;
          return rootGroup({ name: r.folder.name, key: r.folder.uri.toString(), description: s.kind === 'ready' ? modeAndSize(s.catalog, s.stale) : undefined }, children);
        }));
      }
    }
    return this.nodes;
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
    const shown = shownNode(node);
    const item = new vscode.TreeItem(shown.label, state);
    item.id = node.id;
    item.description = shown.description;
    item.tooltip = shown.tooltip;
    item.iconPath = themeIcon(node.icon);
    const located = node.location ? '.located' : '';
    // `.rule`: Go to Rule applies; `server.failed`: Show stderr, Restart and Open config apply.
    if (node.kind === 'tool') {
      item.contextValue = `tool.${node.tool.status}${located}${node.rule ? '.rule' : ''}`;
    } else if (node.kind === 'notice' && node.server) {
      item.contextValue = `server.failed${located}`;
    } else {
      item.contextValue = `${node.kind}${located}${node.kind === 'notice' && node.topic ? `.${node.topic}` : ''}`;
    }
    if (node.command) {
      item.command = { command: node.command.command, title: node.command.title, arguments: node.command.args };
    } else if (node.location) {
      item.command = { command: COMMANDS.openLocation, title: 'Open Definition', arguments: [node.location] };
    }
    return item;
  }

  /**
   * Says above the tree whose run it shows, when the config lists agents
   * (`Showing agent main (OpenClaw's default: ...)`, the CLI's "Agent:"
   * line): the tree is one agent's tools, and Pick Agent shows another's. A
   * view alone in its container shows no description, so it is the message.
   */
  showRunAgent(view: vscode.TreeView<TreeNode>): vscode.Disposable {
    const update = (): void => {
      const roots = this.roots.roots();
      const s = roots.length === 1 ? roots[0]?.state : undefined;
      const agent = s?.kind === 'ready' ? s.agent : undefined;
      view.message = agent ? `Showing ${agent.text}. Pick Agent (the person above) shows another agent's tools.` : undefined;
    };
    update();
    return this.roots.onDidChange(update);
  }

  /**
   * Draws a row again. VS Code keeps a row's hover card up after one of the
   * row's inline actions ran, and the card then covers what the action just
   * showed beside the tree (the rule's line, the Explain view); a row drawn
   * again drops its card. Anything that is not one of this tree's nodes is ignored.
   */
  redrawRow(arg: unknown): void {
    if (typeof arg === 'object' && arg !== null && 'kind' in arg && 'id' in arg) {
      this.changed.fire(arg as TreeNode);
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
