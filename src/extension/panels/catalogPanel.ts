import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { besideColumn } from './besideColumn';
import type { Catalog } from '../../core/catalog/catalog';
import type { GatewayToolSearchApi } from '../../core/gateway/toolSearchApi';
import type { SessionSuggestions } from '../../core/learning/fromSessions';
import { FolderGuard } from '../../core/util/insideFolder';
import { askApproval } from '../bridge/approver';
import type { CatalogRoots, RootsChange } from '../catalogRoots';
import type { CatalogService, CatalogState, FolderCatalog } from '../catalogService';
import { COMMANDS } from '../commandIds';
import { loadCore } from '../coreLoader';
import { editorHost, type EditorHost } from '../host';
import type { Approver } from '../../core/gateway/approvals';
import { applyToolSuggestion } from '../learning/suggestCommand';
import type { Logger } from '../logger';
import { catalogWire, parsePanelState, parseWebviewMessage, type CallResultView, type CatalogSnapshot, type CatalogWire, type HostMessage, type WebviewMessage } from '../../webview/shared/catalogProtocol';
import { catalogHead, PROGRESSIVE_MIN_TOOLS, toCatalogSnapshot } from './catalogSnapshot';
import { PanelBase, PanelRegistry, type PanelSpec } from './panelBase';
import { errorMessage } from '../../core/util/errors';

export const CATALOG_PANEL_VIEW_TYPE = 'toolSearchInspector.catalogPanel';

export interface PanelDeps {
  extensionUri: vscode.Uri;
  /** Asks before a "Try it" call that needs approval; default the editor's modal prompt (tests hand in their own). */
  approver?: Approver;
  host?: Pick<EditorHost, 'isTrusted'>;
  /** The active root: what a panel with no folder of its own shows. */
  service: CatalogService;
  roots: CatalogRoots;
  logger: Logger;
}

const SPEC: PanelSpec<WebviewMessage> = {
  viewType: CATALOG_PANEL_VIEW_TYPE,
  name: 'catalog panel',
  parse: parseWebviewMessage,
  page: { title: 'Effective Catalog', script: 'catalogPanel.js', stylesheet: 'catalogPanel.css', extraStyles: [['codicons', 'codicon.css']] },
  column: vscode.ViewColumn.Active,
};

const registry = new PanelRegistry<CatalogPanel, PanelDeps>(SPEC, (panel, deps, key) => new CatalogPanel(panel, deps, key));

/**
 * The Effective Catalog panel: one per catalog root, so two folders' catalogs
 * can stand side by side. It talks to the webview only through the typed
 * protocol and posts nothing before the webview's `ready`.
 */
export class CatalogPanel extends PanelBase<WebviewMessage, HostMessage | CatalogWire> {
  /** Size of the catalog last posted (tests read it). */
  shownSize: number | undefined;
  /** How many catalog states this panel has posted (tests read it: another root's rebuild posts none). */
  statesPosted = 0;
  /** Places this panel has shown: the only files `openLocation` opens. */
  private readonly shownPlaces = new Set<string>();
  private api: { catalog: Catalog; key: string; api: GatewayToolSearchApi } | undefined;
  private suggestions: { catalog: Catalog; result: SessionSuggestions | undefined; folders: string[] } | undefined;
  private calls = 0;
  /** Catalogs posted in two parts, numbered; the rest of the last one waits for its head to be painted. */
  private catalogSeq = 0;
  private pendingRest: { seq: number; wire: CatalogWire; timer: ReturnType<typeof setTimeout> } | undefined;
  /** The last head the webview said it painted (it may say so before the head's post has resolved here). */
  private headShown = 0;

  /** Some open catalog panel (the first). */
  static get open(): CatalogPanel | undefined {
    return registry.all()[0];
  }

  static openPanels(): CatalogPanel[] {
    return registry.all();
  }

  /** Opens (or reveals) the panel of `folder`'s root, or of the active root. */
  static createOrShow(deps: PanelDeps, folder?: vscode.WorkspaceFolder): CatalogPanel {
    registry.use(deps);
    const root = deps.roots.rootOf(folder) ?? deps.roots.active();
    const key = root?.folder.uri.toString() ?? '';
    const many = deps.roots.roots().length > 1;
    // Another root's panel is open: this one goes beside it, so both stay in view.
    const column = registry.all().some((p) => p.key !== key) ? besideColumn() : SPEC.column;
    return registry.createOrShow(deps.extensionUri, key, many && root ? `Effective Catalog — ${root.folder.name}` : 'Effective Catalog', column);
  }

  constructor(panel: vscode.WebviewPanel, private readonly deps: PanelDeps, readonly key: string) {
    super(panel, deps.extensionUri, SPEC, deps.logger);
    this.disposables.push(
      deps.roots.onDidChange((c) => {
        if (this.isReady && this.concerns(c)) {
          void this.postState(c.kind === 'state' ? c.state : this.service.state);
        }
      }),
      { dispose: () => this.dropPendingRest() },
    );
  }

  /** This panel's root; a panel restored without one follows the active root. */
  private get service(): CatalogService {
    return this.deps.roots.roots().find((r) => r.folder.uri.toString() === this.key) ?? this.deps.service;
  }

  /**
   * Whether a change is this panel's: its own root's state, or its root
   * coming or going. A panel with no root of its own follows the active one.
   * At 10,000 tools a snapshot is costly: another root's rebuild sends none.
   */
  private concerns(c: RootsChange): boolean {
    if (this.key === '') {
      return c.kind === 'roots' || c.root === this.deps.roots.active();
    }
    const mine = (r: FolderCatalog) => r.folder.uri.toString() === this.key;
    return c.kind === 'state' ? mine(c.root) : c.added.some(mine) || c.removed.some(mine);
  }

  get folderName(): string {
    return this.service.folder?.name ?? '';
  }

  /**
   * A large catalog goes in two parts: its first screen at once (the webview
   * paints it), then, once the webview says the head is painted, the whole
   * catalog. Sent together, the whole one's transfer and parse would hold up
   * the head's paint; a timer sends it anyway if the answer never comes.
   */
  private async postCatalog(snapshot: CatalogSnapshot): Promise<void> {
    this.dropPendingRest();
    const head = catalogHead(snapshot, { minTools: SPLIT_MIN_TOOLS });
    if (!head) {
      await this.post(catalogWire(snapshot, Date.now()));
      return;
    }
    const seq = ++this.catalogSeq;
    await this.post({ type: 'catalogHead', seq, ...head, postedAt: Date.now() });
    // Serialized while the webview paints the head.
    const wire = catalogWire(snapshot, 0, seq);
    if (this.catalogSeq === seq) {
      this.pendingRest = { seq, wire, timer: setTimeout(() => void this.postRest(seq), REST_FALLBACK_MS) };
      if (this.headShown >= seq) {
        await this.postRest(seq);
      }
    }
  }

  private async postRest(seq: number): Promise<void> {
    const pending = this.pendingRest;
    if (pending?.seq !== seq) {
      return;
    }
    this.dropPendingRest();
    await this.post({ ...pending.wire, postedAt: Date.now() });
  }

  private dropPendingRest(): void {
    if (this.pendingRest) {
      clearTimeout(this.pendingRest.timer);
      this.pendingRest = undefined;
    }
  }

  private async postState(state: CatalogState): Promise<void> {
    // Whatever comes now replaces a catalog still on its way (a head being posted too).
    this.dropPendingRest();
    this.catalogSeq++;
    this.statesPosted++;
    switch (state.kind) {
      case 'ready': {
        this.shownSize = state.catalog.size;
        const snapshot = toCatalogSnapshot(state.catalog, { workspaceName: this.folderName, trusted: state.trusted, rootUri: this.service.folder?.uri.toString(), stale: state.stale });
        for (const p of snapshot.problemLocations ?? []) {
          this.shownPlaces.add(placeKey(p.file, p.line));
        }
        // The rule links in the reason cells and the stale banner's parse error.
        for (const t of snapshot.tools) {
          if (t.rule?.file !== undefined) {
            this.shownPlaces.add(placeKey(t.rule.file, t.rule.line));
          }
        }
        if (snapshot.stale) {
          this.shownPlaces.add(placeKey(snapshot.stale.file, snapshot.stale.line));
        }
        await this.postCatalog(snapshot);
        return;
      }
      case 'error':
        await this.post({ type: 'error', message: state.message });
        return;
      case 'no-folder':
        await this.post({ type: 'error', message: 'Open a folder with an OpenClaw config to see its catalog.' });
        return;
      default:
        await this.post({ type: 'loading' });
    }
  }

  protected async handle(msg: WebviewMessage): Promise<void> {
    try {
      switch (msg.type) {
        case 'ready':
          await this.postState(await this.service.getState());
          return;
        case 'headShown':
          this.headShown = Math.max(this.headShown, msg.seq);
          await this.postRest(msg.seq);
          return;
        case 'refresh':
          await this.post({ type: 'loading' });
          await this.service.refresh('panel');
          return;
        case 'explain':
          await vscode.commands.executeCommand(COMMANDS.explainTool, msg.toolId);
          return;
        case 'openDefinition': {
          const s = this.service.state;
          const origin = s.kind === 'ready' ? s.catalog.get(msg.toolId)?.origin : undefined;
          if (origin) {
            await vscode.commands.executeCommand(COMMANDS.openLocation, { ...origin, folder: this.service.folder?.uri.toString() });
          }
          return;
        }
        case 'openLocation':
          if (this.shownPlaces.has(placeKey(msg.file, msg.line))) {
            await vscode.commands.executeCommand(COMMANDS.openLocation, { file: msg.file, ...(msg.line !== undefined ? { line: msg.line } : {}), ...(msg.column !== undefined ? { column: msg.column } : {}), folder: this.service.folder?.uri.toString() });
          } else {
            this.deps.logger.warn(`catalog panel: refused to open a place it never showed (${msg.file})`);
          }
          return;
        case 'select':
          await this.postDetail(msg.toolId);
          return;
        case 'validate':
          await this.validate(msg.toolId, msg.seq, msg.args);
          return;
        case 'call': {
          // Whatever happens, the form gets an answer: its Run button waits for one.
          const result = await this.call(msg.toolId, msg.args).catch((err: unknown): CallResultView => ({
            toolId: msg.toolId, callId: 'catalog-panel:try:failed', ok: false, error: errorMessage(err), text: '', durationMs: 0, args: msg.args, at: Date.now(),
          }));
          await this.post({ type: 'callResult', result });
          return;
        }
        case 'applySuggestion':
        case 'copySuggestion': {
          const found = await this.suggestionFor(msg.toolId);
          if (!found) {
            void vscode.window.showErrorMessage(`No description suggestion for ${msg.toolId}.`);
            return;
          }
          if (msg.type === 'copySuggestion') {
            await vscode.env.clipboard.writeText(found.suggestion.proposed);
            void vscode.window.showInformationMessage(`Copied the proposed description of ${found.suggestion.name}.`);
            return;
          }
          await applyToolSuggestion(found.suggestion, found.root);
          return;
        }
      }
    } catch (err) {
      if (msg.type === 'select') {
        await this.post({ type: 'detailError', toolId: msg.toolId, message: errorMessage(err) });
      }
      await this.deps.logger.showError(`catalog panel: ${msg.type} failed`, err);
    }
  }

  private async postDetail(toolId: string): Promise<void> {
    const { catalog, workspace } = await this.service.getSession();
    const tool = catalog.get(toolId);
    if (!tool) {
      await this.post({ type: 'detailError', toolId, message: `${toolId} is no longer in the catalog; refresh.` });
      return;
    }
    const core = await loadCore();
    const sugg = await this.sessionSuggestions(catalog);
    const forTool = sugg.result?.report.suggestions.find((s) => s.toolId === toolId);
    const note = sugg.folders.length === 0
      ? 'No session logs in this workspace (sessions/ or .openclaw/sessions/): suggestions come from the searches agents logged.'
      : !forTool
        ? `No logged search in ${sugg.folders.map((f) => path.basename(f)).join(', ')} led to this tool.`
        : forTool.words.length === 0
          ? 'Its logged searches are already served: no word would move it up without pulling it above another tool.'
          : '';
    const detail = core.toolDetail({
      catalog,
      policy: workspace.policy,
      tool,
      suggestions: { ...(forTool ? { forTool } : {}), note },
      ...((this.deps.host ?? editorHost).isTrusted() ? {} : { callsOff: 'Calls are off in an untrusted workspace: plugin code and MCP servers do not run.' }),
    });
    for (const loc of [detail.origin, ...detail.reasonLocations, ...detail.decisions.map((d) => d.location)]) {
      if (loc) {
        this.shownPlaces.add(placeKey(loc.file, loc.line));
      }
    }
    await this.post({ type: 'detail', detail });
  }

  /** Suggestions from this folder's session logs, computed once per catalog. */
  private async sessionSuggestions(catalog: Catalog): Promise<{ result: SessionSuggestions | undefined; folders: string[] }> {
    if (this.suggestions?.catalog === catalog) {
      return this.suggestions;
    }
    const root = this.service.folder?.uri.fsPath;
    // In an untrusted workspace a sessions folder that is a symlink out of it is not read.
    const guard = root ? FolderGuard.of(root, (this.deps.host ?? editorHost).isTrusted()) : FolderGuard.open;
    const folders = root ? [path.join(root, 'sessions'), path.join(root, '.openclaw', 'sessions')].filter((p) => isDirectory(p) && guard.refusal(p) === undefined) : [];
    const result = folders.length > 0 ? await (await loadCore()).suggestFromSessions(catalog.cataloged, folders, {}, { guard }) : undefined;
    this.suggestions = { catalog, result, folders };
    return this.suggestions;
  }

  private async suggestionFor(toolId: string): Promise<{ suggestion: NonNullable<SessionSuggestions['report']['suggestions'][number]>; root: string } | undefined> {
    const { catalog } = await this.service.getSession();
    const s = (await this.sessionSuggestions(catalog)).result?.report.suggestions.find((x) => x.toolId === toolId);
    const root = this.service.folder?.uri.fsPath;
    return s && root ? { suggestion: s, root } : undefined;
  }

  private async validate(toolId: string, seq: number, args: Record<string, unknown>): Promise<void> {
    const { catalog } = await this.service.getSession();
    const tool = catalog.get(toolId);
    if (!tool) {
      return;
    }
    // The gateway's own check, on the gateway's own worker: what passes here passes there.
    const verdict = await (await loadCore()).sharedArgumentChecker().check(tool.parameters, args);
    await this.post({ type: 'validation', toolId, seq, ...(verdict.problem !== undefined ? { problem: verdict.problem } : {}) });
  }

  /** One call through the gateway, as a model's: policy re-check, approval prompt, plugin hooks, the tool's source. */
  private async call(toolId: string, args: Record<string, unknown>): Promise<CallResultView> {
    const callId = `catalog-panel:try:${++this.calls}`;
    const at = Date.now();
    if (!(this.deps.host ?? editorHost).isTrusted()) {
      return { toolId, callId, ok: false, blockedBy: 'untrusted', error: 'Calls are off in an untrusted workspace: plugin code and MCP servers do not run. Trust the workspace to try tools.', text: '', durationMs: 0, args, at };
    }
    const { catalog, workspace, settings } = await this.service.getSession();
    const core = await loadCore();
    const key = JSON.stringify(settings.approvalTools);
    if (this.api?.catalog !== catalog || this.api.key !== key) {
      const api = core.createToolSearchApi(workspace, catalog, {
        index: new core.LazyIndex(catalog),
        approver: this.deps.approver ?? askApproval,
        approvalPatterns: settings.approvalTools,
        idPrefix: 'catalog-panel',
      });
      this.api = { catalog, key, api };
    }
    const out = await this.api.api.call(toolId, args, { callId, via: 'api' });
    this.deps.logger.info(`catalog panel: try ${toolId} (${callId}): ${out.ok ? 'ok' : `refused: ${out.blockedBy ?? ''} ${out.error ?? ''}`} in ${out.durationMs} ms`);
    const error = out.detail?.error ?? out.error;
    return {
      toolId,
      callId,
      ok: out.ok,
      ...(out.blockedBy ? { blockedBy: out.blockedBy } : {}),
      ...(error ? { error } : {}),
      text: core.resultText(out.envelope, out.result),
      ...(out.envelope !== undefined ? { json: out.envelope } : out.result !== undefined ? { json: out.result } : {}),
      durationMs: out.durationMs,
      args,
      at,
    };
  }
}

/**
 * From how many tools a catalog goes in two parts. The environment may move
 * it so bench/catalogPanel can time the one-message path in the same run.
 */
const SPLIT_MIN_TOOLS = positiveInt(process.env.TSI_CATALOG_SPLIT_MIN_TOOLS) ?? PROGRESSIVE_MIN_TOOLS;

function positiveInt(v: string | undefined): number | undefined {
  const n = Number(v);
  return v !== undefined && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** How long the rest of a catalog waits for its head's paint (a hidden webview paints late). */
const REST_FALLBACK_MS = 1500;

function placeKey(file: string, line: number | undefined): string {
  return `${file}\u0000${line ?? ''}`;
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Brings the panels back after a window reload, each to the root its saved snapshot names. */
export function registerCatalogPanelSerializer(deps: PanelDeps): vscode.Disposable {
  registry.use(deps);
  return registry.registerSerializer(deps.extensionUri, (state) => parsePanelState(state).snapshot?.rootUri ?? '');
}
