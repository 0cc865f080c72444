import { buildDirectory, DIRECTORY_MAX_CHARS, type DirectoryEntry } from '../modes/directory';
import { entryTerms } from '../search/entryText';
import { pieceTerms, queryTerms, splitWords } from '../search/tokenizer';
import { MAX_QUERY_CHARS, ToolIndex } from '../search/toolIndex';
import type { CatalogTool, SourceLocation, ToolSourceKind } from '../types';
import { additionText, withAddition } from './additionText';
import { chooseByMeasuredEffect, type LoggedPair, type WordCandidate } from './measuredChoice';
import type { UsagePair } from './usagePairs';

export { ADDITION_PREFIX, additionText, withAddition } from './additionText';

/**
 * Description suggestions learned from usage: for each tool with logged
 * queries, the words those queries use that its indexed text (name, id,
 * label, description, first-party parameters) lacks. Candidates are scored
 * by how many of the tool's queries use them and how specific they are to
 * it; then each word is tried with the real ranking (ToolIndex) over the
 * logged pairs it can move, and kept only if the rank it wins for its own
 * tool's queries outweighs the rank it costs other tools' queries
 * (measuredChoice.ts). The ranking is never changed: the only lever is the
 * text a tool's owner may add.
 */

export const DEFAULT_MAX_ADDED_CHARS = 120;
/**
 * How much a word's specificity to the tool counts in its candidate score
 * (score = queries x specificity^exponent). Chosen, with the word choice and
 * the shortlist, on held-out even MetaTool rows only, never on the test rows
 * (`npm run bench:learning -- --validation`, bench/README.md).
 */
export const DEFAULT_SPECIFICITY_EXPONENT = 1;
/** How words are chosen (SuggestOptions.choice); chosen on held-out even MetaTool rows only. */
export const DEFAULT_CHOICE: 'measured' | 'ranked' = 'measured';
/** Best-scored candidates per tool the measured choice tries; chosen on the same validation rows. */
export const DEFAULT_SHORTLIST = 20;

export interface SuggestOptions {
  /** Characters a description may grow by (default 120). */
  maxAddedChars?: number;
  /** Weighted logged queries of the tool a word must appear in (default 2). */
  minQueries?: number;
  /** Fill-check-prune rounds against the real ranking (default 3). */
  rounds?: number;
  /** Ranks looked at per query (default 20); a tool below is "not found". */
  depth?: number;
  /** Directory bound to respect (default 18,000). */
  directoryMaxChars?: number;
  /** Weight of a word's specificity in its candidate score (default DEFAULT_SPECIFICITY_EXPONENT). */
  specificityExponent?: number;
  /**
   * How words are chosen among the candidates (default DEFAULT_CHOICE):
   * `measured` adds, one at a time, the word that most raises the tool's
   * logged queries net of what it costs other tools' logged queries, with the
   * real ranking; `ranked` fills the budget in candidate order, then prunes
   * words that did not pay (the first method, kept for comparison).
   */
  choice?: 'measured' | 'ranked';
  /** Best-scored candidates per tool that `measured` tries (default DEFAULT_SHORTLIST). */
  shortlist?: number;
  /** What `measured` maximises per logged query: reciprocal rank (default) or top-1 + top-5 + reciprocal rank. */
  objective?: 'rr' | 'mixed';
  /** `measured` screens each word on the queries that use it only (default false: measured on all it can move). */
  screen?: boolean;
  /** `measured` also adds words that move no logged query either way (default false). */
  acceptNeutral?: boolean;
  /** Count a word once per distinct logged query rather than by call count (default false). */
  distinctQueries?: boolean;
  /** Write each word in its shortest logged spelling the tokenizer reads the same (default false). */
  shortestSpelling?: boolean;
}

/** Mean over a tool's logged queries (weighted by count). */
export interface RankFigures {
  top1: number;
  recall5: number;
  mrr: number;
}

export interface SuggestedWord {
  word: string;
  /** Weighted logged queries of this tool that use the word. */
  queries: number;
  /** Reciprocal-rank gain it brought this tool's queries, and the loss it caused other tools' queries (weighted). */
  gain: number;
  loss: number;
}

/** How a suggestion reaches the tool's owner. */
export type SuggestionTarget = 'plugin-manifest' | 'client-tools' | 'mcp-server' | 'openclaw-core';

export interface ToolSuggestion {
  toolId: string;
  name: string;
  source: ToolSourceKind;
  sourceName: string;
  origin?: SourceLocation;
  target: SuggestionTarget;
  /** Weighted logged queries that led to this tool. */
  queries: number;
  current: string;
  /** The text appended (empty when nothing helps). */
  added: string;
  proposed: string;
  words: SuggestedWord[];
  /** This tool's logged queries ranked with the catalog as is, and with every suggestion applied. */
  before: RankFigures;
  after: RankFigures;
}

export interface DirectoryCheck {
  maxChars: number;
  before: { descriptionLimit: number; dropped: number; chars: number };
  after: { descriptionLimit: number; dropped: number; chars: number };
  /** The directory with every suggestion applied keeps the catalog's own description limit and rows. */
  holds: boolean;
}

export interface SuggestionReport {
  suggestions: ToolSuggestion[];
  /** Logged tools not searchable in this catalog (unknown, excluded, direct-only). */
  unresolved: string[];
  pairsUsed: number;
  /** All logged queries, before and after. */
  overall: { before: RankFigures; after: RankFigures };
  directory: DirectoryCheck;
}

type Pair = LoggedPair;
type Candidate = WordCandidate;

function targetOf(tool: CatalogTool): SuggestionTarget {
  if (tool.source === 'mcp') {
    return 'mcp-server';
  }
  if (tool.source === 'client') {
    return 'client-tools';
  }
  return tool.sourceName === 'core' ? 'openclaw-core' : 'plugin-manifest';
}

function rankQuery(query: string): string {
  return query.trim().slice(0, MAX_QUERY_CHARS).trim();
}

/** Candidate words of one tool's queries, best first. */
interface CandidateSettings {
  minQueries: number;
  exponent: number;
  distinctQueries: boolean;
  shortestSpelling: boolean;
}

function candidatesOf(tool: CatalogTool, pairs: readonly Pair[], globalCounts: ReadonlyMap<string, number>, settings: CandidateSettings): Candidate[] {
  const { minQueries, exponent } = settings;
  const own = new Set(entryTerms(tool));
  const stats = new Map<string, { terms: readonly string[]; queries: number; surfaces: Map<string, number> }>();
  for (const p of pairs) {
    const seen = new Set<string>();
    for (const surface of splitWords(p.query)) {
      const terms = pieceTerms(surface);
      if (terms.length === 0 || surface.length < 3 || /^\d+$/.test(surface) || terms.every((t) => own.has(t))) {
        continue;
      }
      const key = terms.join(' ');
      if (seen.has(key)) {
        continue;
      }
      seen.add(key);
      const s = stats.get(key) ?? { terms, queries: 0, surfaces: new Map<string, number>() };
      const uses = settings.distinctQueries ? 1 : p.count;
      s.queries += uses;
      s.surfaces.set(surface, (s.surfaces.get(surface) ?? 0) + uses);
      stats.set(key, s);
    }
  }
  const out: Candidate[] = [];
  for (const [key, s] of stats) {
    if (s.queries < minQueries) {
      continue;
    }
    // Specificity: the share of all logged uses of the word that led to this tool; a word every tool's
    // queries use would pull this tool above the right one for them.
    const precision = s.queries / Math.max(s.queries, globalCounts.get(key) ?? s.queries);
    // Spellings of one key are the same terms to the index; the shortest leaves room for another word.
    const bySpelling = settings.shortestSpelling ? (a: [string, number], b: [string, number]): number => a[0].length - b[0].length || b[1] - a[1] || a[0].localeCompare(b[0]) : (a: [string, number], b: [string, number]): number => b[1] - a[1] || a[0].localeCompare(b[0]);
    const word = [...s.surfaces].sort(bySpelling)[0]?.[0] ?? key;
    out.push({ key, terms: s.terms, word, queries: s.queries, score: s.queries * precision ** exponent });
  }
  return out.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
}

/** Candidates in order while the addition fits `maxChars`. */
function fill(candidates: readonly Candidate[], rejected: ReadonlySet<string>, maxChars: number): Candidate[] {
  const chosen: Candidate[] = [];
  for (const c of candidates) {
    if (rejected.has(c.key)) {
      continue;
    }
    if (additionText([...chosen, c].map((x) => x.word)).length <= maxChars) {
      chosen.push(c);
    }
  }
  return chosen;
}

interface Evaluation {
  /** Per pair: the 1-based rank of its tool (Infinity below depth), and the ids ranked above it. */
  rank: number[];
  above: string[][];
}

function evaluatePairs(tools: readonly CatalogTool[], pairs: readonly Pair[], depth: number): Evaluation {
  const index = new ToolIndex(tools);
  const rank: number[] = [];
  const above: string[][] = [];
  const cache = new Map<string, string[]>();
  for (const p of pairs) {
    let ids = cache.get(p.query);
    if (!ids) {
      ids = index.rank(rankQuery(p.query), depth).map((r) => r.tool.id);
      cache.set(p.query, ids);
    }
    const at = ids.indexOf(p.toolId);
    rank.push(at >= 0 ? at + 1 : Infinity);
    above.push(at >= 0 ? ids.slice(0, at) : ids);
  }
  return { rank, above };
}

function figures(ranks: readonly number[], weights: readonly number[]): RankFigures {
  let n = 0;
  let top1 = 0;
  let recall5 = 0;
  let mrr = 0;
  ranks.forEach((r, i) => {
    const w = weights[i] ?? 1;
    n += w;
    top1 += r === 1 ? w : 0;
    recall5 += r <= 5 ? w : 0;
    mrr += Number.isFinite(r) ? w / r : 0;
  });
  return n === 0 ? { top1: 0, recall5: 0, mrr: 0 } : { top1: top1 / n, recall5: recall5 / n, mrr: mrr / n };
}

const rr = (r: number): number => (Number.isFinite(r) ? 1 / r : 0);

/** Each logged tool reference (id, OpenClaw id or name) resolved against this catalog; the ones that are not, by name. */
function resolvePairs(logged: readonly UsagePair[], searchable: readonly CatalogTool[], baseIndex: ToolIndex): { pairs: Pair[]; unresolved: Set<string> } {
  const unresolved = new Set<string>();
  const resolved = new Map<string, string | undefined>();
  const pairs: Pair[] = [];
  for (const u of logged) {
    if (!resolved.has(u.tool)) {
      let id: string | undefined;
      try {
        id = baseIndex.lookup(u.tool).id;
      } catch {
        id = undefined;
      }
      resolved.set(u.tool, id !== undefined && searchable.some((t) => t.id === id) ? id : undefined);
    }
    const toolId = resolved.get(u.tool);
    const query = rankQuery(u.query);
    if (toolId === undefined || query.length === 0) {
      unresolved.add(u.tool);
      continue;
    }
    pairs.push({ query, toolId, count: u.count, terms: new Set(queryTerms(query).map((t) => t.term)) });
  }
  return { pairs, unresolved };
}

/**
 * Suggestions for every searchable tool that logged queries led to.
 *
 * @example
 * const report = suggestDescriptions(catalog.cataloged, usageFromLogs(logs).pairs);
 * report.suggestions[0]?.proposed; // the description with " Related: bitcoin, crypto." appended
 */
export function suggestDescriptions(tools: readonly CatalogTool[], logged: readonly UsagePair[], options: SuggestOptions = {}): SuggestionReport {
  const maxChars = options.maxAddedChars ?? DEFAULT_MAX_ADDED_CHARS;
  const minQueries = options.minQueries ?? 2;
  const exponent = options.specificityExponent ?? DEFAULT_SPECIFICITY_EXPONENT;
  const rounds = options.rounds ?? 3;
  const depth = options.depth ?? 20;
  const searchable = tools.filter((t) => t.status === 'cataloged');
  const baseIndex = new ToolIndex(searchable);

  const { pairs, unresolved } = resolvePairs(logged, searchable, baseIndex);
  const weights = pairs.map((p) => p.count);

  const byTool = new Map<string, Pair[]>();
  const globalCounts = new Map<string, number>();
  const distinctQueries = options.distinctQueries ?? false;
  for (const p of pairs) {
    byTool.set(p.toolId, [...(byTool.get(p.toolId) ?? []), p]);
    const seen = new Set<string>();
    for (const surface of splitWords(p.query)) {
      const key = pieceTerms(surface).join(' ');
      if (key && !seen.has(key)) {
        seen.add(key);
        globalCounts.set(key, (globalCounts.get(key) ?? 0) + (distinctQueries ? 1 : p.count));
      }
    }
  }
  const toolById = new Map(searchable.map((t) => [t.id, t]));
  const candidates = new Map<string, Candidate[]>();
  for (const [id, own] of byTool) {
    const tool = toolById.get(id);
    if (tool) {
      candidates.set(id, candidatesOf(tool, own, globalCounts, { minQueries, exponent, distinctQueries, shortestSpelling: options.shortestSpelling ?? false }));
    }
  }

  const before = evaluatePairs(searchable, pairs, depth);
  const applied = (sets: ReadonlyMap<string, Candidate[]>): CatalogTool[] =>
    searchable.map((t) => {
      const words = sets.get(t.id);
      return words && words.length > 0 ? { ...t, description: withAddition(t.description, words.map((c) => c.word)) } : t;
    });

  let kept: Map<string, Candidate[]>;
  let credit: Map<string, Map<string, { gain: number; loss: number }>>;
  if ((options.choice ?? DEFAULT_CHOICE) === 'measured') {
    const measured = chooseByMeasuredEffect(searchable, pairs, candidates, { maxChars, depth, shortlist: options.shortlist ?? DEFAULT_SHORTLIST, objective: options.objective ?? 'rr', acceptNeutral: options.acceptNeutral ?? false, screen: options.screen ?? false });
    kept = new Map([...measured].map(([id, words]) => [id, words.map((w) => w.candidate)]));
    credit = new Map([...measured].map(([id, words]) => [id, new Map(words.map((w) => [w.candidate.key, { gain: w.gain, loss: w.loss }]))]));
  } else {
    ({ kept, credit } = chooseRanked(pairs, before, candidates, maxChars, rounds, (sets) => evaluatePairs(applied(sets), pairs, depth)));
  }
  const directory = checkDirectory(searchable, kept, options.directoryMaxChars);
  const after = evaluatePairs(applied(kept), pairs, depth);
  const suggestions: ToolSuggestion[] = [];
  for (const [id, own] of byTool) {
    const tool = toolById.get(id);
    if (!tool) {
      continue;
    }
    const idx = pairs.flatMap((p, i) => (p.toolId === id ? [i] : []));
    const words = kept.get(id) ?? [];
    const proposed = withAddition(tool.description, words.map((w) => w.word));
    suggestions.push({
      toolId: id,
      name: tool.name,
      source: tool.source,
      sourceName: tool.sourceName,
      ...(tool.origin ? { origin: tool.origin } : {}),
      target: targetOf(tool),
      queries: own.reduce((s, p) => s + p.count, 0),
      current: tool.description,
      added: additionText(words.map((w) => w.word)),
      proposed: words.length > 0 ? proposed : tool.description,
      words: words.map((w) => {
        const m = credit.get(id)?.get(w.key) ?? { gain: 0, loss: 0 };
        return { word: w.word, queries: w.queries, gain: m.gain, loss: m.loss };
      }),
      before: figures(idx.map((i) => before.rank[i] ?? Infinity), idx.map((i) => weights[i] ?? 1)),
      after: figures(idx.map((i) => after.rank[i] ?? Infinity), idx.map((i) => weights[i] ?? 1)),
    });
  }
  suggestions.sort((a, b) => b.after.mrr - b.before.mrr - (a.after.mrr - a.before.mrr) || a.toolId.localeCompare(b.toolId));
  return {
    suggestions,
    unresolved: [...unresolved].sort(),
    pairsUsed: pairs.length,
    overall: { before: figures(before.rank, weights), after: figures(after.rank, weights) },
    directory,
  };
}

/**
 * The first method: fill the budget in candidate order, check the set with
 * the real ranking, drop words that did not pay for themselves and refill,
 * `rounds` times; words that still lose more than they win are left out.
 */
function chooseRanked(
  pairs: readonly Pair[],
  before: Evaluation,
  candidates: ReadonlyMap<string, Candidate[]>,
  maxChars: number,
  rounds: number,
  evaluate: (sets: ReadonlyMap<string, Candidate[]>) => Evaluation,
): { kept: Map<string, Candidate[]>; credit: Map<string, Map<string, { gain: number; loss: number }>> } {
  const rejected = new Map<string, Set<string>>([...candidates.keys()].map((id) => [id, new Set<string>()]));
  let chosen = new Map<string, Candidate[]>();
  let credit = new Map<string, Map<string, { gain: number; loss: number }>>();
  for (let round = 0; round <= rounds; round++) {
    const last = round === rounds;
    if (!last) {
      chosen = new Map([...candidates].map(([id, list]) => [id, fill(list, rejected.get(id) ?? new Set(), maxChars)]));
    }
    credit = attribute(pairs, before, evaluate(chosen), chosen);
    if (last) {
      break;
    }
    // A word that did not pay for itself on the logged pairs is not tried again.
    for (const [id, words] of chosen) {
      const c = credit.get(id);
      for (const w of words) {
        const m = c?.get(w.key);
        if (!m || m.gain - m.loss <= 0) {
          rejected.get(id)?.add(w.key);
        }
      }
    }
  }
  const kept = new Map([...chosen].map(([id, words]) => [id, words.filter((w) => {
    const m = credit.get(id)?.get(w.key);
    return m !== undefined && m.gain > m.loss;
  })]));
  if (![...kept].every(([id, words]) => words.length === (chosen.get(id)?.length ?? 0))) {
    credit = attribute(pairs, before, evaluate(kept), kept);
  }
  return { kept, credit };
}

/**
 * Credits each pair's reciprocal-rank change to the added words that could
 * have caused it: a gain to its own tool's added words that the query uses;
 * a loss to the added words (used by the query) of tools that newly ranked
 * above the right one, or else to the right tool's own added words (a longer
 * description weighs each of its words less).
 */
function attribute(pairs: readonly Pair[], before: Evaluation, after: Evaluation, chosen: ReadonlyMap<string, Candidate[]>): Map<string, Map<string, { gain: number; loss: number }>> {
  const out = new Map<string, Map<string, { gain: number; loss: number }>>();
  const bump = (toolId: string, key: string, field: 'gain' | 'loss', v: number): void => {
    let m = out.get(toolId);
    if (!m) {
      m = new Map();
      out.set(toolId, m);
    }
    const e = m.get(key) ?? { gain: 0, loss: 0 };
    e[field] += v;
    m.set(key, e);
  };
  const usedIn = (toolId: string, p: Pair): Candidate[] => (chosen.get(toolId) ?? []).filter((c) => c.terms.some((t) => p.terms.has(t)));
  pairs.forEach((p, i) => {
    const delta = (rr(after.rank[i] ?? Infinity) - rr(before.rank[i] ?? Infinity)) * p.count;
    if (delta > 0) {
      const own = usedIn(p.toolId, p);
      for (const c of own) {
        bump(p.toolId, c.key, 'gain', delta / own.length);
      }
    } else if (delta < 0) {
      const wasAbove = new Set(before.above[i] ?? []);
      const risen = (after.above[i] ?? []).filter((id) => !wasAbove.has(id)).flatMap((id) => usedIn(id, p).map((c) => ({ id, c })));
      // Nothing added to the tools that rose: the right tool's own longer text sank it (BM25 length normalization).
      const blamed = risen.length > 0 ? risen : (chosen.get(p.toolId) ?? []).map((c) => ({ id: p.toolId, c }));
      for (const { id, c } of blamed) {
        bump(id, c.key, 'loss', -delta / blamed.length);
      }
    }
  });
  return out;
}

function directoryEntries(tools: readonly CatalogTool[]): DirectoryEntry[] {
  return tools.map((t) => ({ id: t.id, name: t.name, owner: t.sourceName, source: t.source, description: t.description }));
}

/**
 * The directory shortens every row when it outgrows its bound; added words
 * must not make it cut deeper or drop rows. When they would, the longest
 * addition of a listed (first-party) tool loses its last word, until the
 * directory is as it was or nothing is left to take back.
 */
function checkDirectory(tools: readonly CatalogTool[], kept: Map<string, Candidate[]>, maxChars?: number): DirectoryCheck {
  const sum = (d: ReturnType<typeof buildDirectory>): DirectoryCheck['before'] => ({ descriptionLimit: d.descriptionLimit, dropped: d.dropped.length, chars: d.chars });
  const applied = (): CatalogTool[] => tools.map((t) => {
    const words = kept.get(t.id);
    return words && words.length > 0 ? { ...t, description: withAddition(t.description, words.map((c) => c.word)) } : t;
  });
  const b = sum(buildDirectory(directoryEntries(tools), maxChars));
  let a = sum(buildDirectory(directoryEntries(applied()), maxChars));
  const worse = (x: DirectoryCheck['before']): boolean => x.descriptionLimit < b.descriptionLimit || x.dropped > b.dropped;
  const listed = tools.filter((t) => t.source === 'openclaw');
  while (worse(a)) {
    let longest: Candidate[] | undefined;
    for (const t of listed) {
      const words = kept.get(t.id);
      if (words && words.length > 0 && additionText(words.map((w) => w.word)).length > (longest ? additionText(longest.map((w) => w.word)).length : 0)) {
        longest = words;
      }
    }
    if (!longest) {
      break;
    }
    longest.pop();
    a = sum(buildDirectory(directoryEntries(applied()), maxChars));
  }
  return { maxChars: maxChars ?? DIRECTORY_MAX_CHARS, before: b, after: a, holds: !worse(a) };
}
