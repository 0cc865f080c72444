// What the Search Playground draws, from core's explanations: pure, so the
// protocol test can carry real explanations through the webview's validator.
import type { Catalog } from '../../core/catalog/catalog';
import type { ToolSuggestion } from '../../core/learning/suggest';
import type { HitExplanation, RankExplanation, WhyNot, WhyNotSuggestion } from '../../core/searchExplain/rankExplanation';
import type { HitView, LearnedView, ResultsView, WhyNotView } from '../../webview/shared/playgroundProtocol';

export function hitView(h: HitExplanation, catalog: Pick<Catalog, 'get'>): HitView {
  return { ...h, located: catalog.get(h.id)?.origin !== undefined };
}

export function resultsView(e: RankExplanation, catalog: Pick<Catalog, 'get'>, ms: number): ResultsView {
  return { query: e.query, limit: e.limit, json: JSON.stringify(e.result.hits), hits: e.hits.map((h) => hitView(h, catalog)), terms: e.terms, unavailableServers: e.result.unavailableServers ?? [], ms };
}

export function whyNotView(w: WhyNot, catalog: Pick<Catalog, 'get'>, text: (s: WhyNotSuggestion, toolName: string, limit: number) => string): WhyNotView {
  return {
    query: w.query,
    limit: w.limit,
    tool: { id: w.tool.id, name: w.tool.name, status: w.tool.status },
    ...(w.rank !== undefined ? { rank: w.rank } : {}),
    inResults: w.inResults,
    ...(w.explanation ? { explanation: hitView(w.explanation, catalog) } : {}),
    lacks: w.lacks,
    lacksExpansions: w.lacksExpansions,
    above: w.above.map((h) => hitView(h, catalog)),
    aboveCount: w.aboveCount,
    suggestions: w.suggestions.map((s) => ({ kind: s.kind, text: text(s, w.tool.name, w.limit) })),
  };
}

/** Issue 19's suggestion for one tool, or none: `apply` only where the product can edit the tool's definition. */
export function learnedView(toolId: string, folders: string[], s: ToolSuggestion | undefined): LearnedView {
  const view: LearnedView = { toolId, folders };
  if (s && s.words.length > 0) {
    view.suggestion = {
      words: s.words.map((w) => ({ word: w.word, queries: w.queries })),
      added: s.added,
      proposed: s.proposed,
      queries: s.queries,
      before: { top1: s.before.top1, recall5: s.before.recall5 },
      after: { top1: s.after.top1, recall5: s.after.recall5 },
      action: (s.target === 'plugin-manifest' || s.target === 'client-tools') && s.origin !== undefined ? 'apply' : 'copy',
      target: s.target,
    };
  }
  return view;
}
