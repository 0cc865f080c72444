import * as vscode from 'vscode';
import { exposesTestApi, type CatalogSummary, type ToolSearchInspectorApi, type ToolSearchInspectorTestApi, type TreeNodeSummary } from './api';
import { registerBaselineCommands } from './baseline/baselineCommands';
import { BridgeRunner } from './bridge/runSnippetCommand';
import { ActiveCatalog, CatalogRoots } from './catalogRoots';
import { useOpenClawInstallRoot } from './oracle/openclawInstalls';
import { workspaceConfigKey } from './keptResult';
import type { CatalogService } from './catalogService';
import { CATALOG_VIEW } from './commandIds';
import { registerCompare } from './compare/compareCommands';
import { registerCommands } from './commands';
import { Logger } from './logger';
import { McpInputStore, promptForMissingInputs } from './mcpInputs';
import { CatalogPanel, registerCatalogPanelSerializer } from './panels/catalogPanel';
import { DiffPanel } from './panels/diffPanel';
import { PlaygroundPanel, registerSearchPlayground } from './panels/playgroundPanel';
import { PreviewPanel, registerPreviewPanelSerializer } from './panels/previewPanel';
import { keepTraceHistory, registerTracePanel, TracePanel } from './panels/tracePanel';
import { registerSnippets } from './snippets/registerSnippets';
import { registerSessions } from './sessions/registerSessions';
import { PreviewDocuments } from './preview/previewCommand';
import { registerConfigLanguage } from './language/configLanguage';
import { publishCatalogProblems } from './problems';
import { validateConfigsWithOpenClaw } from './oracle/configValidation';
import { registerRuleCommands } from './explain/ruleCommands';
import { ExplainPanel } from './explain/explainPanel';
import { staleWhere } from './stale/staleMark';
import { createStatusBar } from './statusBar';
import { registerSearchTests } from './testing/searchTests';
import { CatalogTreeProvider } from './tree/catalogTreeProvider';
import type { TreeNode } from './tree/catalogTreeModel';

function summarize(nodes: readonly TreeNode[]): TreeNodeSummary[] {
  return nodes.map((n) => ({
    label: n.label,
    description: n.description,
    tooltip: n.tooltip,
    kind: n.kind,
    children: n.kind === 'group' ? summarize(n.children) : undefined,
  }));
}

async function summaryOf(service: CatalogService): Promise<CatalogSummary> {
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
}

/**
 * The composition root: logging first, then the services, each pushed to
 * `context.subscriptions` as soon as it exists. Nothing here reads a config
 * or starts a server; a catalog is built when the view or a command asks.
 */
export function activate(context: vscode.ExtensionContext): ToolSearchInspectorApi {
  const started = performance.now();
  const logger = new Logger();
  context.subscriptions.push(logger, useOpenClawInstallRoot(context.globalStorageUri));

  const inputStore = new McpInputStore(context.secrets);
  const roots = new CatalogRoots({ logger, mcpInputs: (folder) => inputStore.values(folder) });
  const service = new ActiveCatalog(roots);
  context.subscriptions.push(roots, service);
  activeRoots = roots;

  const tree = new CatalogTreeProvider(roots);
  const treeView = vscode.window.createTreeView(CATALOG_VIEW, { treeDataProvider: tree, showCollapseAll: true });
  context.subscriptions.push(tree, treeView, tree.showRunAgent(treeView));

  const prompts = promptForMissingInputs(roots, inputStore, logger);
  const bridge = new BridgeRunner({ extensionUri: context.extensionUri, storageUri: context.globalStorageUri, service, logger });
  context.subscriptions.push(prompts, bridge);
  const previewDocs = new PreviewDocuments();
  const redrawRow = (arg: unknown): void => tree.redrawRow(arg);
  const deps = { extensionUri: context.extensionUri, service, roots, logger, bridge, inputs: { store: inputStore, reset: () => prompts.reset() }, previewDocs, redrawRow, kept: context.workspaceState };
  context.subscriptions.push(previewDocs, ...registerCommands(deps), registerCatalogPanelSerializer(deps), registerTracePanel(context.extensionUri, logger),
    keepTraceHistory(context.workspaceState, async () => workspaceConfigKey((await service.getSession()).workspace)), registerPreviewPanelSerializer({ ...deps, documents: previewDocs }), createStatusBar(service, roots), publishCatalogProblems(roots));

  context.subscriptions.push(registerConfigLanguage(roots, logger), validateConfigsWithOpenClaw(roots, logger, context.extensionUri.fsPath));
  const searchTests = registerSearchTests({ roots, logger });
  context.subscriptions.push(...registerSearchPlayground({ extensionUri: context.extensionUri, service, logger }), ...searchTests.disposables);
  context.subscriptions.push(...registerSnippets({ extensionUri: context.extensionUri, service, bridge, logger }));
  context.subscriptions.push(...registerSessions(context, logger));

  context.subscriptions.push(...registerRuleCommands({ extensionUri: context.extensionUri, service, logger, redrawRow }));
  const baseline = registerBaselineCommands({ extensionUri: context.extensionUri, service, logger });
  context.subscriptions.push(...baseline.disposables);
  context.subscriptions.push(registerCompare({ extensionUri: context.extensionUri, storageUri: context.storageUri ?? context.globalStorageUri, secrets: context.secrets, service, logger, kept: context.workspaceState }));

  // File changes only matter once a catalog exists; `invalidate` keeps it lazy.
  roots.watch();

  const activationMs = performance.now() - started;
  logger.info(`activated in ${activationMs.toFixed(1)} ms (catalog not built yet)`);

  const api: ToolSearchInspectorApi = {
    catalogSummary: () => summaryOf(service),
    async catalogRoots() {
      return Promise.all(roots.roots().map(async (r) => ({ folder: r.folder.name, summary: await summaryOf(r) })));
    },
  };
  if (!exposesTestApi(context.extensionMode === vscode.ExtensionMode.Test, process.env)) {
    return api;
  }
  const testApi: ToolSearchInspectorTestApi = {
    ...api,
    activationMs,
    catalogBuilds: () => roots.builds,
    treeNodes: async () => summarize(await tree.rootNodes()),
    isPanelOpen: () => CatalogPanel.openPanels().length > 0,
    catalogPanels: () => CatalogPanel.openPanels().map((p) => ({ folder: p.folderName, shownSize: p.shownSize, statesPosted: p.statesPosted })),
    isTracePanelOpen: () => TracePanel.open !== undefined,
    modePreviewTimings: () => [...(PreviewPanel.open?.timings ?? [])],
    baselineMark: () => baseline.baselines.mark.kind,
    isDiffPanelOpen: () => DiffPanel.open !== undefined,
    searchPlayground: () => (PlaygroundPanel.open ? structuredClone(PlaygroundPanel.open.snapshot) : undefined),
    async searchTests() {
      await searchTests.controller.discover();
      const out: { id: string; label: string; children: { id: string; label: string }[] }[] = [];
      searchTests.controller.controller.items.forEach((file) => {
        const children: { id: string; label: string }[] = [];
        file.children.forEach((c) => children.push({ id: c.id, label: c.label }));
        out.push({ id: file.id, label: file.label, children });
      });
      return out;
    },
    searchTestsLastRun: () => [...searchTests.controller.lastRun],
    explainPanelQuery: () => ExplainPanel.open?.currentQuery,
    catalogStale: () => (service.state.kind === 'ready' && service.state.stale ? staleWhere(service.state.stale) : undefined),
  };
  return testApi;
}

let activeRoots: CatalogRoots | undefined;

/** VS Code waits for this: MCP servers are closed before the host goes. */
export async function deactivate(): Promise<void> {
  await activeRoots?.shutdown();
  activeRoots = undefined;
}
