import { EDITOR_WORDING } from '../editorWording';
import * as vscode from 'vscode';
import type { Catalog } from '../../core/catalog/catalog';
import type { Explanation } from '../../core/explain/explain';
import { parseWebviewMessage, type HostMessage, type LinkView, type WebviewMessage } from '../../webview/shared/explainProtocol';
import type { CatalogService } from '../catalogService';
import { COMMANDS } from '../commandIds';
import { loadCore } from '../coreLoader';
import type { Logger } from '../logger';
import { PanelBase, PanelRegistry, type PanelSpec } from '../panels/panelBase';
import { applyFixPlan, undoFix, type AppliedFix } from './applyFix';
import { toExplainView } from './explainView';
import { errorMessage } from '../../core/util/errors';

export const EXPLAIN_PANEL_VIEW_TYPE = 'toolSearchInspector.explain';

export interface ExplainPanelDeps {
  extensionUri: vscode.Uri;
  service: CatalogService;
  logger: Logger;
}

// Opened in the active group, as one tab that every Explain reuses: never a new column beside an empty one.
const SPEC: PanelSpec<WebviewMessage> = {
  viewType: EXPLAIN_PANEL_VIEW_TYPE,
  name: 'Explain panel',
  parse: parseWebviewMessage,
  page: { title: 'Explain', script: 'explainPanel.js', stylesheet: 'explainPanel.css', extraStyles: [['codicons', 'codicon.css']], placeholder: 'Explaining…' },
  column: vscode.ViewColumn.Active,
};

const registry = new PanelRegistry<ExplainPanel, ExplainPanelDeps>(SPEC, (panel, deps) => new ExplainPanel(panel, deps));

// A plan rebuilds the catalog from the edited config: one per catalog, query and config text (code actions ask often).
const planned = new WeakMap<Catalog, Map<string, Promise<Explanation>>>();

/** Explains a query against the service's current catalog, with a checked fix plan for every excluded match. */
export async function explainNow(service: CatalogService, query: string): Promise<Explanation> {
  const state = await service.getState();
  if (state.kind !== 'ready') {
    throw new Error(state.kind === 'error' ? state.message : 'the catalog is not built');
  }
  const session = await service.getSession();
  const { explainWithFixPlans } = await loadCore();
  // Plans are computed on the config as the editor shows it (unsaved edits included), where they are applied.
  const file = session.workspace.config.file;
  const doc = file !== undefined ? vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file) : undefined;
  const text = doc?.getText();
  const byKey = planned.get(session.catalog) ?? new Map<string, Promise<Explanation>>();
  planned.set(session.catalog, byKey);
  const key = `${query}\u0000${text ?? ''}`;
  let e = byKey.get(key);
  if (!e) {
    e = explainWithFixPlans(session.workspace, session.catalog, query, { ...(text !== undefined ? { text } : {}), wording: EDITOR_WORDING });
    byKey.set(key, e);
    e.catch(() => byKey.delete(key));
  }
  return e;
}

/**
 * The Explain panel: the decision chain of one tool, its links and its fix.
 * It follows the catalog: after a fix (or any edit) it explains the same
 * query again, so the tool is seen coming back.
 */
export class ExplainPanel extends PanelBase<WebviewMessage, HostMessage> {
  private query = '';
  private applied: AppliedFix | undefined;
  /** The last explanation shown, for tests and the command's return value. */
  last: Explanation | undefined;

  static get open(): ExplainPanel | undefined {
    return registry.get();
  }

  get currentQuery(): string {
    return this.query;
  }

  /** Shows `query` in the one Explain tab (made on first use). */
  static show(deps: ExplainPanelDeps, query: string): ExplainPanel {
    registry.use(deps);
    const p = registry.createOrShow(deps.extensionUri, '', `Explain ${query}`);
    p.setQuery(query);
    return p;
  }

  constructor(panel: vscode.WebviewPanel, private readonly deps: ExplainPanelDeps) {
    super(panel, deps.extensionUri, SPEC, deps.logger);
    this.disposables.push(
      deps.service.onDidChange((s) => {
        if (s.kind === 'ready' && this.query) {
          void this.render();
        }
      }),
    );
  }

  private setQuery(query: string): void {
    this.query = query;
    this.panel.title = `Explain ${query}`;
    void this.render();
  }

  async render(): Promise<void> {
    if (!this.isReady || !this.query) {
      return;
    }
    try {
      const e = await explainNow(this.deps.service, this.query);
      this.last = e;
      const state = this.deps.service.state;
      await this.post({ type: 'explain', view: toExplainView(e, state.kind === 'ready' ? state.stale : undefined) });
    } catch (err) {
      await this.post({ type: 'error', message: errorMessage(err) });
    }
  }

  protected async handle(msg: WebviewMessage): Promise<void> {
    switch (msg.type) {
      case 'ready':
        await this.render();
        break;
      case 'open':
        await this.openLink(msg.target);
        break;
      case 'explain':
        this.setQuery(msg.query);
        break;
      case 'applyFix':
        await this.fix(msg.toolId);
        break;
      case 'undoFix':
        await this.undo();
        break;
    }
  }

  private async openLink(at: LinkView): Promise<void> {
    await vscode.commands.executeCommand(COMMANDS.openLocation, { file: at.file, line: at.line, column: at.column, folder: this.deps.service.folder?.uri.toString() });
  }

  private async fix(toolId: string): Promise<void> {
    try {
      this.applied = await applyToolFix(this.deps.service, toolId);
      await this.post({ type: 'fixResult', ok: true, message: `Applied: ${this.applied.title}. The catalog rebuilds from the saved file.`, undo: true });
    } catch (err) {
      this.deps.logger.error('quick fix failed', err);
      await this.post({ type: 'fixResult', ok: false, message: errorMessage(err), undo: false });
    }
  }

  private async undo(): Promise<void> {
    const applied = this.applied;
    if (!applied) {
      return;
    }
    try {
      await undoFix(applied);
      this.applied = undefined;
      this.deps.service.invalidate('quick fix undone');
      await this.post({ type: 'fixResult', ok: true, message: `Undone: ${applied.title}.`, undo: false });
    } catch (err) {
      await this.post({ type: 'fixResult', ok: false, message: errorMessage(err), undo: false });
    }
  }
}

/** Applies the one-click fix of an excluded tool, then rebuilds the catalog from the saved file. */
export async function applyToolFix(service: CatalogService, toolId: string): Promise<AppliedFix> {
  const e = await explainNow(service, toolId);
  const plan = e.matches.find((m) => m.id === toolId)?.fix;
  const folder = service.folder;
  if (!plan || !folder) {
    throw new Error(`no one-click fix for ${toolId}`);
  }
  const applied = await applyFixPlan(folder.uri, plan);
  // The watcher would notice too; asking now makes the tool come back without waiting for its debounce.
  void service.refresh('quick fix applied');
  return applied;
}
