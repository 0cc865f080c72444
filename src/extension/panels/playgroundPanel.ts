import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { besideColumn } from './besideColumn';
import type { Catalog } from '../../core/catalog/catalog';
import type { SessionSuggestions } from '../../core/learning/fromSessions';
import type { RankExplainer, WhyNot } from '../../core/searchExplain/rankExplanation';
import { FolderGuard } from '../../core/util/insideFolder';
import { editorHost } from '../host';
import { parseWebviewMessage, type CatalogInfo, type HostMessage, type WebviewMessage } from '../../webview/shared/playgroundProtocol';
import { MAX_REPLAY_HITS } from '../../webview/shared/sessionProtocol';
import type { CatalogService, CatalogState } from '../catalogService';
import { COMMANDS } from '../commandIds';
import { loadCore } from '../coreLoader';
import { applyToolSuggestion, likelyFolders } from '../learning/suggestCommand';
import type { Logger } from '../logger';
import { PanelBase, PanelRegistry, type PanelSpec } from './panelBase';
import { learnedView, resultsView, whyNotView } from './playgroundView';
import { errorMessage } from '../../core/util/errors';

export const PLAYGROUND_VIEW_TYPE = 'toolSearchInspector.searchPlayground';
/** The workspace's search tests (core's SEARCH_TESTS_FILE; spelled here so activation does not load core). */
export const TESTS_FILE_SEGMENTS = ['.openclaw', 'tool-search.tests.json'] as const;

export interface PlaygroundDeps {
  extensionUri: vscode.Uri;
  service: CatalogService;
  logger: Logger;
}

const SPEC: PanelSpec<WebviewMessage> = {
  viewType: PLAYGROUND_VIEW_TYPE,
  name: 'search playground',
  parse: parseWebviewMessage,
  page: { title: 'Search Playground', script: 'playgroundPanel.js', stylesheet: 'playgroundPanel.css', extraStyles: [['codicons', 'codicon.css']], placeholder: 'Building the search index…' },
  column: vscode.ViewColumn.Active,
};

const registry = new PanelRegistry<PlaygroundPanel, PlaygroundDeps>(SPEC, (panel, deps) => new PlaygroundPanel(panel, deps));

/** A search a session made, handed over by the session viewer. */
export interface RecordedSearch {
  /** The session's file name. */
  from: string;
  /** The limit the model asked for; the replay searches with it. */
  limit?: number;
  /** Its hits in order, when the run recorded them. */
  hits?: string[];
}

/** A recorded search from a command argument: anything else is no replay. */
export function recordedSearchOf(v: unknown): RecordedSearch | undefined {
  if (typeof v !== 'object' || v === null) {
    return undefined;
  }
  const r = v as { from?: unknown; hits?: unknown; limit?: unknown };
  if (typeof r.from !== 'string' || r.from.length > 1024) {
    return undefined;
  }
  const hits = Array.isArray(r.hits) && r.hits.length <= MAX_REPLAY_HITS && r.hits.every((h) => typeof h === 'string') ? (r.hits as string[]) : undefined;
  const limit = typeof r.limit === 'number' && Number.isInteger(r.limit) && r.limit > 0 && r.limit <= MAX_REPLAY_HITS ? r.limit : undefined;
  return { from: r.from, ...(limit !== undefined ? { limit } : {}), ...(hits ? { hits } : {}) };
}

/** What the last search and why-not showed, for tests (read through the extension API). */
export interface PlaygroundSnapshot {
  query?: string;
  hits: string[];
  replay?: { from: string; same?: boolean; summary?: string };
  whyNot?: { toolId: string; rank?: number; inResults: boolean; suggestions: string[] };
  learned?: { toolId: string; words: string[] };
}

/**
 * The Search Playground: a query box over the real index of the active
 * catalog (the configured limit), the hits as the model gets them, each
 * hit's explanation, "why is it not in the results?" for any tool, and the
 * description words the workspace's session logs suggest for it. One per window.
 */
export class PlaygroundPanel extends PanelBase<WebviewMessage, HostMessage> {
  /** A query asked for before the webview was ready. */
  private pending: { query: string; toolId?: string } | undefined;
  private explainer: RankExplainer | undefined;
  private explainerFor: Catalog | undefined;
  private learned: { catalog: Catalog; result: SessionSuggestions; root: string; folders: string[] } | undefined;
  /** The session search the box was last given, compared with each search of the same query. */
  private replay: (RecordedSearch & { query: string }) | undefined;
  readonly snapshot: PlaygroundSnapshot = { hits: [] };

  static get open(): PlaygroundPanel | undefined {
    return registry.get();
  }

  static createOrShow(deps: PlaygroundDeps): PlaygroundPanel {
    registry.use(deps);
    return registry.createOrShow(deps.extensionUri, '', 'Search Playground');
  }

  constructor(panel: vscode.WebviewPanel, private readonly deps: PlaygroundDeps) {
    super(panel, deps.extensionUri, SPEC, deps.logger);
    this.disposables.push(
      deps.service.onDidChange((state) => {
        if (this.isReady) {
          void this.onState(state);
        }
      }),
    );
  }

  private async explainerOf(catalog: Catalog): Promise<RankExplainer> {
    if (this.explainer && this.explainerFor === catalog) {
      return this.explainer;
    }
    const core = await loadCore();
    this.explainer = core.RankExplainer.fromCatalog(catalog);
    this.explainerFor = catalog;
    return this.explainer;
  }

  private root(): string | undefined {
    return this.deps.service.folder?.uri.fsPath;
  }

  private async onState(state: CatalogState): Promise<void> {
    switch (state.kind) {
      case 'ready': {
        const catalog = state.catalog;
        await this.explainerOf(catalog);
        const root = this.root();
        const info: CatalogInfo = {
          workspaceName: this.deps.service.folder?.name ?? '',
          size: catalog.size,
          limit: catalog.settings.searchDefaultLimit,
          maxLimit: catalog.settings.maxSearchLimit,
          tools: catalog.tools.map((t) => ({ id: t.id, name: t.name, status: t.status })),
          sessions: root !== undefined && likelyFolders(root).length > 0,
        };
        await this.post({ type: 'catalog', info });
        return;
      }
      case 'error':
        await this.post({ type: 'error', message: state.message });
        return;
      case 'no-folder':
        await this.post({ type: 'error', message: 'Open a folder with an OpenClaw config to search its catalog.' });
        return;
      default:
        await this.post({ type: 'loading' });
    }
  }

  private async search(query: string): Promise<void> {
    const catalog = await this.deps.service.getCatalog();
    const explainer = await this.explainerOf(catalog);
    const t0 = performance.now();
    try {
      // A replayed session search runs with the limit the model asked for, so its hits compare.
      const replaying = this.replay?.query === query ? this.replay : undefined;
      const e = explainer.explain(query, replaying?.limit);
      const ms = performance.now() - t0;
      this.snapshot.query = e.query;
      this.snapshot.hits = e.hits.map((h) => h.id);
      await this.post({ type: 'results', view: resultsView(e, catalog, ms) });
      if (this.replay && this.replay.query === e.query) {
        await this.postReplay(this.replay, this.snapshot.hits, explainer);
      }
    } catch (err) {
      // An empty or over-long query is the model's input error too: shown, not thrown.
      await this.post({ type: 'queryError', query, message: errorMessage(err) });
    }
  }

  /** Today's hits for a session's query beside the ones the session got. */
  private async postReplay(r: RecordedSearch & { query: string }, now: string[], explainer: RankExplainer): Promise<void> {
    const core = await loadCore();
    const c = r.hits ? core.compareReplay(r.hits, now, (id) => explainer.find(id)?.id) : undefined;
    const summary = c ? core.replaySummary(c) : undefined;
    this.snapshot.replay = { from: r.from, same: c?.same, summary };
    await this.post({ type: 'replay', view: { from: r.from, query: r.query, hitsRecorded: c !== undefined, same: c?.same ?? false, summary: summary ?? '' } });
  }

  private async whyNot(query: string, toolId: string): Promise<void> {
    const catalog = await this.deps.service.getCatalog();
    const explainer = await this.explainerOf(catalog);
    const core = await loadCore();
    let w: WhyNot | undefined;
    try {
      w = explainer.whyNot(query, toolId);
    } catch (err) {
      await this.post({ type: 'queryError', query, message: errorMessage(err) });
      return;
    }
    if (!w) {
      await this.post({ type: 'queryError', query, message: `${toolId} is not a tool of this catalog.` });
      return;
    }
    const found = w;
    const view = whyNotView(found, catalog, core.suggestionText);
    this.snapshot.whyNot = { toolId: found.tool.id, rank: found.rank, inResults: found.inResults, suggestions: view.suggestions.map((s) => s.text) };
    await this.post({ type: 'whyNot', view });
    await this.postLearned(catalog, found.tool.id);
  }

  /** Issue 19's suggestions for the picked tool, learned from the workspace's session logs (read once per catalog). */
  private async postLearned(catalog: Catalog, toolId: string): Promise<void> {
    const root = this.root();
    const folders = root ? likelyFolders(root) : [];
    if (!root || folders.length === 0) {
      return;
    }
    if (!this.learned || this.learned.catalog !== catalog) {
      const core = await loadCore();
      // Untrusted: a sessions folder (or a file in it) that resolves outside the workspace is not read, nor is ~/.openclaw.
      const guard = FolderGuard.of(root, editorHost.isTrusted());
      this.learned = { catalog, result: await core.suggestFromSessions(catalog.cataloged, folders, {}, { guard }), root, folders: folders.map((f) => path.relative(root, f) || f) };
    }
    const s = this.learned.result.report.suggestions.find((x) => x.toolId === toolId);
    const view = learnedView(toolId, this.learned.folders, s);
    this.snapshot.learned = { toolId, words: view.suggestion?.words.map((w) => w.word) ?? [] };
    await this.post({ type: 'learned', view });
  }

  private learnedFor(toolId: string): { suggestion: SessionSuggestions['report']['suggestions'][number]; root: string } | undefined {
    const s = this.learned?.result.report.suggestions.find((x) => x.toolId === toolId);
    return s && this.learned ? { suggestion: s, root: this.learned.root } : undefined;
  }

  private async openTests(): Promise<void> {
    const root = this.root();
    if (!root) {
      return;
    }
    const file = path.join(root, ...TESTS_FILE_SEGMENTS);
    const uri = vscode.Uri.file(file);
    if (!fs.existsSync(file)) {
      // A new file with the current query as its first test: an edit the user saves (or undoes).
      const edit = new vscode.WorkspaceEdit();
      const query = this.snapshot.query ?? 'create an issue';
      const expected = this.snapshot.whyNot?.toolId ?? this.snapshot.hits[0] ?? 'tool id or name';
      edit.createFile(uri, { ignoreIfExists: true, contents: new TextEncoder().encode(`${JSON.stringify({ tests: [{ query, expected: [expected] }] }, null, 2)}\n`) });
      await vscode.workspace.applyEdit(edit);
    }
    await vscode.window.showTextDocument(uri, { viewColumn: besideColumn(), preview: false });
  }

  /**
   * Puts a query (and a why-not tool) in the box and runs it, as if typed.
   * The host answers at once (so the answer does not wait for the page to
   * load); the box shows the query when the page is ready.
   */
  async runFor(query: string, toolId?: string, recorded?: RecordedSearch): Promise<void> {
    const q = { query: query.slice(0, 512), ...(toolId ? { toolId } : {}) };
    this.replay = recorded ? { ...recorded, query: q.query } : undefined;
    if (!this.isReady) {
      this.pending = q;
    } else {
      await this.post({ type: 'setQuery', ...q });
    }
    await this.search(q.query);
    // A session's final tool may be gone from today's catalog: then the replay shows the hits only.
    if (q.toolId && (!recorded || (await this.explainerOf(await this.deps.service.getCatalog())).find(q.toolId))) {
      await this.whyNot(q.query, q.toolId);
    }
  }

  protected async handle(msg: WebviewMessage): Promise<void> {
    try {
      switch (msg.type) {
        case 'ready': {
          await this.onState(await this.deps.service.getState());
          const pending = this.pending;
          this.pending = undefined;
          if (pending) {
            await this.post({ type: 'setQuery', ...pending });
          }
          return;
        }
        case 'search':
          await this.search(msg.query);
          return;
        case 'whyNot':
          await this.whyNot(msg.query, msg.toolId);
          return;
        case 'applySuggestion': {
          const found = this.learnedFor(msg.toolId);
          if (found) {
            await applyToolSuggestion(found.suggestion, found.root);
          }
          return;
        }
        case 'copySuggestion': {
          const found = this.learnedFor(msg.toolId);
          if (found) {
            await vscode.env.clipboard.writeText(found.suggestion.proposed);
            void vscode.window.setStatusBarMessage(`Copied the proposed description of ${found.suggestion.name}`, 3000);
          }
          return;
        }
        case 'openDefinition': {
          const origin = (await this.deps.service.getCatalog()).get(msg.toolId)?.origin;
          if (origin) {
            await vscode.commands.executeCommand(COMMANDS.openLocation, origin);
          }
          return;
        }
        case 'openTests':
          await this.openTests();
          return;
        case 'refresh':
          await this.post({ type: 'loading' });
          await this.deps.service.refresh('search playground');
          return;
      }
    } catch (err) {
      await this.deps.logger.showError(`search playground: ${msg.type} failed`, err);
    }
  }
}

/** The command and the reload serializer of the Search Playground. */
export function registerSearchPlayground(deps: PlaygroundDeps): vscode.Disposable[] {
  registry.use(deps);
  return [
    registry.registerSerializer(deps.extensionUri),
    vscode.commands.registerCommand(COMMANDS.openSearchPlayground, async (query?: unknown, toolId?: unknown, recorded?: unknown) => {
      try {
        const panel = PlaygroundPanel.createOrShow(deps);
        // From a test or another command: start with this query (and why-not tool).
        if (typeof query === 'string' && query.trim()) {
          await panel.runFor(query, typeof toolId === 'string' ? toolId : undefined, recordedSearchOf(recorded));
        }
        return true;
      } catch (err) {
        await deps.logger.showError('Open Search Playground failed', err);
        return false;
      }
    }),
  ];
}
