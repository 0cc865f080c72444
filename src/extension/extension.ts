import * as vscode from 'vscode';
import type { CatalogSummary, ToolSearchInspectorApi, TreeNodeSummary } from './api';
import { BridgeRunner } from './bridge/runSnippetCommand';
import { TracePanel } from './bridge/tracePanel';
import { CatalogService } from './catalogService';
import { registerCommands } from './commands';
import { Logger } from './logger';
import { McpInputStore, promptForMissingInputs } from './mcpInputs';
import { CatalogPanel, registerCatalogPanelSerializer } from './panels/catalogPanel';
import { PreviewDocuments } from './preview/previewCommand';
import { PreviewPanel, registerPreviewPanelSerializer } from './preview/previewPanel';
import { affectsCatalog, readSettings } from './settings';
import { publishCatalogProblems } from './problems';
import { createStatusBar } from './statusBar';
import { CatalogTreeProvider } from './tree/catalogTreeProvider';
import type { TreeNode } from './tree/catalogTreeModel';
import { debounce, watchCatalogInputs } from './watchers';

function summarize(nodes: readonly TreeNode[]): TreeNodeSummary[] {
  return nodes.map((n) => ({
    label: n.label,
    description: n.description,
    tooltip: n.tooltip,
    kind: n.kind,
    children: n.kind === 'group' ? summarize(n.children) : undefined,
  }));
}

/**
 * The composition root: logging first, then the services, each pushed to
 * `context.subscriptions` as soon as it exists. Nothing here reads a config
 * or starts a server; the catalog is built when the view or a command asks.
 */
export function activate(context: vscode.ExtensionContext): ToolSearchInspectorApi {
  const started = performance.now();
  const logger = new Logger();
  context.subscriptions.push(logger);

  const inputStore = new McpInputStore(context.secrets);
  const service = new CatalogService({ logger, mcpInputs: () => inputStore.values() });
  context.subscriptions.push(service);
  activeService = service;

  const tree = new CatalogTreeProvider(service);
  context.subscriptions.push(tree, vscode.window.createTreeView('toolSearchInspector.catalog', { treeDataProvider: tree, showCollapseAll: true }));

  const prompts = promptForMissingInputs(service, inputStore, logger);
  const bridge = new BridgeRunner({ extensionUri: context.extensionUri, storageUri: context.globalStorageUri, service, logger });
  context.subscriptions.push(prompts, bridge);
  const previewDocs = new PreviewDocuments();
  const deps = { extensionUri: context.extensionUri, service, logger, bridge, inputs: { store: inputStore, reset: () => prompts.reset() }, previewDocs };
  context.subscriptions.push(previewDocs, ...registerCommands(deps), registerCatalogPanelSerializer(deps), registerPreviewPanelSerializer({ ...deps, documents: previewDocs }), createStatusBar(service), publishCatalogProblems(service));

  // File changes only matter once a catalog exists; `invalidate` keeps it lazy.
  const rebuild = debounce(() => service.invalidate('files changed'), 400);
  context.subscriptions.push(rebuild);
  let watchers: vscode.Disposable | undefined;
  const rewatch = () => {
    watchers?.dispose();
    const folder = vscode.workspace.workspaceFolders?.[0];
    watchers = folder ? watchCatalogInputs(folder, readSettings(folder), (uri) => {
      logger.debug(`changed: ${uri.fsPath}`);
      rebuild.trigger();
    }) : undefined;
  };
  rewatch();
  context.subscriptions.push(
    { dispose: () => watchers?.dispose() },
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsCatalog(e)) {
        rewatch();
        service.invalidate('settings changed');
      }
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => {
      rewatch();
      service.invalidate('workspace folders changed');
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => service.invalidate('workspace trusted')),
  );

  const activationMs = performance.now() - started;
  logger.info(`activated in ${activationMs.toFixed(1)} ms (catalog not built yet)`);

  return {
    activationMs,
    catalogBuilds: () => service.builds,
    async catalogSummary(): Promise<CatalogSummary> {
      const state = await service.getState();
      if (state.kind !== 'ready') {
        throw new Error(state.kind === 'error' ? state.message : `catalog is ${state.kind}`);
      }
      const c = state.catalog;
      return {
        mode: c.settings.enabled ? c.settings.mode : 'direct',
        size: c.size,
        trusted: state.trusted,
        cataloged: c.cataloged.map((t) => t.id),
        directOnly: c.directOnly.map((t) => t.id),
        excluded: c.excluded.map((t) => t.id),
        servers: c.servers.map((s) => ({ name: s.name, status: s.status, toolCount: s.toolCount })),
      };
    },
    treeNodes: async () => summarize(await tree.rootNodes()),
    isPanelOpen: () => CatalogPanel.open !== undefined,
    isTracePanelOpen: () => TracePanel.open !== undefined,
    modePreviewTimings: () => [...(PreviewPanel.open?.timings ?? [])],
  };
}

let activeService: CatalogService | undefined;

/** VS Code waits for this: MCP servers are closed before the host goes. */
export async function deactivate(): Promise<void> {
  await activeService?.shutdown();
  activeService = undefined;
}
