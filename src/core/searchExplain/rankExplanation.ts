import { buildDirectory, DESCRIPTION_STEPS, directoryBound } from '../modes/directory';
import { reasonText } from '../reasons';
import type { SearchResult } from '../toolApi';
import type { CatalogTool, ToolSearchSettings } from '../types';
import { openClawId, openClawLabel, parameterText } from '../search/entryText';
import { STOP_WORDS } from '../search/stopWords';
import { documentTerms, pieceTerms, queryTerms, splitWords, type QueryTerm } from '../search/tokenizer';
import { checkQuery, ToolIndex, type RankedTool } from '../search/toolIndex';

/**
 * Why the ranker put each tool where it did, for people: per hit, which query
 * terms matched in which field of the tool's indexed text and how much each
 * added to the BM25 score; per tool that is not in the results, its rank, the
 * terms it lacks, what the tools above it matched, and what its owner could
 * change. The ranking itself is the index's (OpenClaw's, in toolIndex.ts):
 * this module only reads it, and recomputes the BM25 terms with the same
 * statistics and in the same order so that the parts add up to the very
 * score the index returned (a unit test holds them equal).
 */

/** The parts of a tool's indexed text, in OpenClaw's order. */
export type MatchField = 'name' | 'id' | 'label' | 'description' | 'parameters';
export const MATCH_FIELDS: readonly MatchField[] = ['name', 'id', 'label', 'description', 'parameters'];

const K1 = 1.2;
const B = 0.75;
const K1_PLUS_1 = 2.2;
const ONE_MINUS_B = 0.25;

export interface TermMatch {
  /** The indexed (stemmed) term. */
  term: string;
  /** The query words it came from (an expansion names the word that fired it). */
  from: string[];
  /** 1 for a written word, the expansion weight for an added one. */
  weight: number;
  expansion: boolean;
  idf: number;
  /** Occurrences in the tool's whole indexed text. */
  frequency: number;
  /** Occurrences per field (fields without the term are absent). */
  fields: Partial<Record<MatchField, number>>;
  /** What this term added to the score; the contributions of a hit sum to its score. */
  contribution: number;
}

export type RankTier = 'exact' | 'literal' | 'expansion';

export interface HitExplanation {
  /** 1-based position in the ranking. */
  rank: number;
  id: string;
  name: string;
  source: CatalogTool['source'];
  sourceName: string;
  /** The index's own score (unrounded). */
  score: number;
  /** exact name or id, a written word matched, or only expansions matched: the ranker orders by this before the score. */
  tier: RankTier;
  matched: TermMatch[];
  /** Written query terms this tool's text lacks. */
  missing: string[];
  /** The score apportioned to fields by each term's occurrences there, plus what expansion terms brought. */
  byField: Record<MatchField | 'expansions', number>;
}

export interface RankExplanation {
  query: string;
  limit: number;
  /** What the model receives: the index's own search result. */
  result: SearchResult;
  /** The query's terms in the ranker's order. */
  terms: { term: string; from: string[]; weight: number; expansion: boolean; documentFrequency: number }[];
  hits: HitExplanation[];
}

/** What the owner of a tool could do about its rank. Data; `whyNotText` words it. */
export type WhyNotSuggestion =
  | { kind: 'add-words'; words: string[]; addition: string; rankAfter?: number; withinLimitAfter: boolean }
  | { kind: 'expansion-only'; terms: string[] }
  | { kind: 'outscored'; above: number; distinctive: string[] }
  | { kind: 'name-splits-badly'; name: string; seenAs: string[]; hidden: string[]; better: string }
  | { kind: 'directory-cut'; cut: 'shortened' | 'dropped'; descriptionLimit: number; maxChars: number; directoryMode: boolean }
  | { kind: 'not-searchable'; status: CatalogTool['status']; reason: string }
  | { kind: 'no-query-terms' };

export interface WhyNot {
  query: string;
  limit: number;
  tool: { id: string; name: string; source: CatalogTool['source']; sourceName: string; status: CatalogTool['status'] };
  /** 1-based rank for this query; absent when it matches no term (or is not searchable). */
  rank?: number;
  inResults: boolean;
  /** Its own explanation when it ranks at all. */
  explanation?: HitExplanation;
  /** Written query words whose terms its text lacks. */
  lacks: string[];
  /** Expansion terms it lacks. */
  lacksExpansions: string[];
  /** The tools ranked above it (at most `ABOVE_SHOWN`), with what they matched. */
  above: HitExplanation[];
  aboveCount: number;
  suggestions: WhyNotSuggestion[];
}

/** Shorter word sets tried before suggesting every lacking word. */
const MAX_WORD_TRIES = 3;

/** Tools above a missing one that are explained; the rest are counted. */
export const ABOVE_SHOWN = 10;

interface FieldTerms {
  fields: Record<MatchField, readonly string[]>;
  counts: Map<string, number>;
  length: number;
}

function fieldTermsOf(tool: CatalogTool): FieldTerms {
  const fields: Record<MatchField, readonly string[]> = {
    name: documentTerms(tool.name),
    id: documentTerms(openClawId(tool)),
    label: pieceTerms(openClawLabel(tool) ?? ''),
    description: pieceTerms(tool.description),
    parameters: tool.source === 'openclaw' ? parameterText(tool.parameters).flatMap((p) => pieceTerms(p)) : [],
  };
  const counts = new Map<string, number>();
  let length = 0;
  for (const f of MATCH_FIELDS) {
    for (const t of fields[f]) {
      counts.set(t, (counts.get(t) ?? 0) + 1);
      length++;
    }
  }
  return { fields, counts, length };
}

function countIn(terms: readonly string[], term: string): number {
  let n = 0;
  for (const t of terms) {
    if (t === term) n++;
  }
  return n;
}

const TIERS: Record<RankedTool['tier'], RankTier> = { 0: 'exact', 1: 'literal', 2: 'expansion' };

interface QueryTermInfo extends QueryTerm {
  from: string[];
  expansion: boolean;
}

/** The query's terms with the words they came from: each written word's own terms are its stems, the rest are its expansions. */
function describeQuery(query: string): QueryTermInfo[] {
  const written = new Map<string, Set<string>>();
  const expandedBy = new Map<string, Set<string>>();
  for (const word of splitWords(query).filter((w) => !STOP_WORDS.has(w))) {
    for (const t of queryTerms(word)) {
      const into = t.weight >= 1 ? written : expandedBy;
      const set = into.get(t.term) ?? new Set<string>();
      set.add(word);
      into.set(t.term, set);
    }
  }
  return queryTerms(query).map((t) => {
    const expansion = t.weight < 1;
    return { ...t, expansion, from: [...((expansion ? expandedBy : written).get(t.term) ?? [])] };
  });
}

function zeroByField(): Record<MatchField | 'expansions', number> {
  return { name: 0, id: 0, label: 0, description: 0, parameters: 0, expansions: 0 };
}

/** The query words worth adding to a description: written, not stop words, at least 3 characters, not bare numbers. */
function usefulWords(words: readonly string[]): string[] {
  return [...new Set(words.map((w) => w.toLowerCase()))].filter((w) => w.length >= 3 && !/^\d+$/.test(w));
}

export interface RankExplainerOptions {
  /** Every tool of the catalog, excluded ones too (why-not explains those as well). */
  tools: readonly CatalogTool[];
  settings: Pick<ToolSearchSettings, 'searchDefaultLimit' | 'maxSearchLimit' | 'mode' | 'enabled'>;
  /** The index to explain; built from the tools when absent. */
  index?: ToolIndex;
  unavailableServers?: readonly string[];
  /** The directory bound to check cut entries against (default 18,000 characters). */
  directoryMaxChars?: number;
}

/**
 * Explains one catalog's ranking. Built once per catalog (it reads every
 * searchable tool's text once, as the index does), then asked per query.
 *
 * @example
 * const explainer = RankExplainer.fromCatalog(catalog);
 * explainer.explain('create an issue').hits[0]?.matched; // terms, fields, contributions
 * explainer.whyNot('create an issue', 'notes_create').suggestions;
 */
export class RankExplainer {
  readonly index: ToolIndex;
  private readonly tools: readonly CatalogTool[];
  private readonly byId = new Map<string, CatalogTool>();
  private readonly searchable: CatalogTool[];
  private readonly terms = new Map<string, FieldTerms>();
  private readonly documentFrequency = new Map<string, number>();
  private readonly averageLength: number;
  private readonly settings: RankExplainerOptions['settings'];
  private readonly directoryMaxChars: number;
  /** A copy of the index for "what if" rankings (see rankWithDescription). */
  private scratch: ToolIndex | undefined;
  /** The directory of this catalog, computed once. */
  private directory: ReturnType<typeof buildDirectory> | undefined;

  constructor(options: RankExplainerOptions) {
    this.tools = options.tools;
    this.settings = options.settings;
    this.directoryMaxChars = options.directoryMaxChars ?? directoryBound();
    this.searchable = options.tools.filter((t) => t.status === 'cataloged');
    this.index = options.index ?? new ToolIndex(options.tools, { settings: options.settings, unavailableServers: options.unavailableServers });
    let total = 0;
    for (const t of options.tools) {
      this.byId.set(t.id, t);
    }
    for (const t of this.searchable) {
      const ft = fieldTermsOf(t);
      this.terms.set(t.id, ft);
      total += ft.length;
      for (const term of ft.counts.keys()) {
        this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      }
    }
    this.averageLength = this.searchable.length > 0 ? total / this.searchable.length : 0;
  }

  static fromCatalog(catalog: { tools: readonly CatalogTool[]; settings: ToolSearchSettings; unavailableServers: readonly { name: string }[] }, index?: ToolIndex): RankExplainer {
    return new RankExplainer({ tools: catalog.tools, settings: catalog.settings, index, unavailableServers: catalog.unavailableServers.map((s) => s.name) });
  }

  /** The tool an id or name (case-insensitive, raw MCP names too) refers to, searchable or not. */
  find(idOrName: string): CatalogTool | undefined {
    const key = idOrName.trim();
    const exact = this.byId.get(key);
    if (exact) return exact;
    const lower = key.toLowerCase();
    const matches = this.tools.filter((t) => [t.id, t.name, t.rawName, openClawId(t)].some((k) => k?.toLowerCase() === lower));
    // A name shared by several tools names the searchable one when there is exactly one.
    const searchable = matches.filter((t) => t.status === 'cataloged');
    return searchable.length === 1 ? searchable[0] : matches[0];
  }

  /** The search the model would make, and why each hit is there. */
  explain(query: string, limit?: number): RankExplanation {
    const q = checkQuery(query);
    const result = this.index.search(q, limit === undefined ? {} : { limit });
    const info = describeQuery(q);
    const ranked = this.index.rank(q, result.limit);
    return {
      query: q,
      limit: result.limit,
      result,
      terms: info.map((t) => ({ term: t.term, from: t.from, weight: t.weight, expansion: t.expansion, documentFrequency: this.documentFrequency.get(t.term) ?? 0 })),
      hits: ranked.map((r, i) => this.explainHit(r, i + 1, info)),
    };
  }

  /** Why `idOrName` is not (or is) in the results of `query`, and what would change that. */
  whyNot(query: string, idOrName: string, limit?: number): WhyNot | undefined {
    const tool = this.find(idOrName);
    if (!tool) return undefined;
    const q = checkQuery(query);
    const used = this.index.search(q, limit === undefined ? {} : { limit }).limit;
    const info = describeQuery(q);
    const base = { query: q, limit: used, tool: { id: tool.id, name: tool.name, source: tool.source, sourceName: tool.sourceName, status: tool.status } };
    const writtenWords = usefulWords(info.filter((t) => !t.expansion).flatMap((t) => t.from));
    if (tool.status !== 'cataloged') {
      const reason = tool.reason ? reasonText(tool.reason, { source: tool.source, owner: tool.sourceName, name: tool.name }) : tool.status;
      return { ...base, inResults: false, lacks: [], lacksExpansions: [], above: [], aboveCount: 0, suggestions: [{ kind: 'not-searchable', status: tool.status, reason }] };
    }
    const ft = this.terms.get(tool.id);
    const own = ft?.counts ?? new Map<string, number>();
    const lacks = writtenWords.filter((w) => queryTerms(w).filter((t) => t.weight >= 1).every((t) => !own.has(t.term)));
    const lacksExpansions = info.filter((t) => t.expansion && !own.has(t.term)).map((t) => t.term);
    // The ranker's own order over everything that matched: the rank is its position there.
    const all = this.index.rank(q, Math.max(this.index.size, 1));
    const at = all.findIndex((r) => r.tool.id === tool.id);
    const rank = at >= 0 ? at + 1 : undefined;
    const aboveTools = at >= 0 ? all.slice(0, at) : all;
    const above = aboveTools.slice(0, ABOVE_SHOWN).map((r, i) => this.explainHit(r, i + 1, info));
    const explanation = at >= 0 ? this.explainHit(all[at] as RankedTool, at + 1, info) : undefined;
    const suggestions: WhyNotSuggestion[] = [];
    if (info.length === 0) {
      suggestions.push({ kind: 'no-query-terms' });
    }
    if (lacks.length > 0) {
      suggestions.push(this.addWords(tool, q, lacks, used));
    }
    if (rank !== undefined && rank > used && lacks.length === 0) {
      suggestions.push({ kind: 'outscored', above: aboveTools.length, distinctive: this.distinctiveWords(tool, aboveTools) });
    }
    if (explanation?.tier === 'expansion') {
      suggestions.push({ kind: 'expansion-only', terms: explanation.matched.map((m) => m.term) });
    }
    const badName = nameSplitProblem(tool.name, writtenWords);
    if (badName) {
      suggestions.push(badName);
    }
    const cut = this.directoryCut(tool);
    if (cut) {
      suggestions.push(cut);
    }
    return { ...base, rank, inResults: rank !== undefined && rank <= used, explanation, lacks, lacksExpansions, above, aboveCount: aboveTools.length, suggestions };
  }

  private explainHit(r: RankedTool, rank: number, info: readonly QueryTermInfo[]): HitExplanation {
    const ft = this.terms.get(r.tool.id);
    const matched: TermMatch[] = [];
    const byField = zeroByField();
    const missing: string[] = [];
    if (ft) {
      const total = this.searchable.length;
      const normalized = this.averageLength > 0 ? ft.length / this.averageLength : 1;
      for (const t of info) {
        const frequency = ft.counts.get(t.term) ?? 0;
        if (frequency === 0) {
          if (!t.expansion) missing.push(t.term);
          continue;
        }
        const n = this.documentFrequency.get(t.term) ?? 0;
        const idf = Math.log(1 + (total - n + 0.5) / (n + 0.5));
        // The index's expression, operand for operand: the parts must add up to its score bit for bit.
        const contribution = (t.weight * (idf * (frequency * K1_PLUS_1))) / (frequency + K1 * (ONE_MINUS_B + B * normalized));
        const fields: Partial<Record<MatchField, number>> = {};
        for (const f of MATCH_FIELDS) {
          const c = countIn(ft.fields[f], t.term);
          if (c > 0) {
            fields[f] = c;
            if (!t.expansion) byField[f] += (contribution * c) / frequency;
          }
        }
        if (t.expansion) byField.expansions += contribution;
        matched.push({ term: t.term, from: t.from, weight: t.weight, expansion: t.expansion, idf, frequency, fields, contribution });
      }
    }
    return { rank, id: r.tool.id, name: r.tool.name, source: r.tool.source, sourceName: r.tool.sourceName, score: r.score, tier: TIERS[r.tier], matched, missing, byField };
  }

  /**
   * The fewest lacking query words (rarest in the catalog first, so the most
   * telling) that bring the tool within the limit, ranked by the real index
   * over the changed catalog; all of them when no shorter set does.
   */
  private addWords(tool: CatalogTool, query: string, words: readonly string[], limit: number): WhyNotSuggestion {
    const rarity = (w: string): number => Math.min(...queryTerms(w).filter((t) => t.weight >= 1).map((t) => this.documentFrequency.get(t.term) ?? 0), Number.MAX_SAFE_INTEGER);
    const ordered = [...words].sort((a, b) => rarity(a) - rarity(b));
    const rankWith = (added: readonly string[]): { addition: string; rankAfter?: number } => {
      const addition = ` ${added.join(', ')}.`;
      const rankAfter = this.rankWithDescription(tool, `${tool.description.replace(/\s+$/, '')}${addition}`, query);
      return { addition: addition.trim(), ...(rankAfter !== undefined ? { rankAfter } : {}) };
    };
    // A few tries at most: each re-indexes the tool's owner.
    const tries = Math.min(ordered.length, MAX_WORD_TRIES);
    let best = { words: ordered, ...rankWith(ordered) };
    for (let n = 1; n <= tries && n < ordered.length; n++) {
      const some = ordered.slice(0, n);
      const r = rankWith(some);
      if (r.rankAfter !== undefined && r.rankAfter <= limit) {
        best = { words: some, ...r };
        break;
      }
    }
    const withinLimitAfter = best.rankAfter !== undefined && best.rankAfter <= limit;
    return { kind: 'add-words', words: best.words, addition: best.addition, ...(best.rankAfter !== undefined ? { rankAfter: best.rankAfter } : {}), withinLimitAfter };
  }

  /**
   * The tool's rank for `query` if its description were `description`, from a
   * private copy of the index (built on first use) whose owner of that tool is
   * swapped in and back out: the index's own incremental path, whose
   * statistics are those of a rebuild. The real index is never touched.
   */
  private rankWithDescription(tool: CatalogTool, description: string, query: string): number | undefined {
    this.scratch ??= new ToolIndex(this.tools, { settings: this.settings });
    const scratch = this.scratch;
    const owned = this.tools.filter((t) => t.source === tool.source && t.sourceName === tool.sourceName);
    scratch.replaceOwner(tool.source, tool.sourceName, owned.map((t) => (t.id === tool.id ? { ...t, description } : t)));
    try {
      const at = scratch.rank(query, Math.max(scratch.size, 1)).findIndex((r) => r.tool.id === tool.id);
      return at >= 0 ? at + 1 : undefined;
    } finally {
      scratch.replaceOwner(tool.source, tool.sourceName, owned);
    }
  }

  /** Words of the tool's own text that none of the tools above it has: what a query needs to tell it apart. */
  private distinctiveWords(tool: CatalogTool, above: readonly RankedTool[]): string[] {
    const theirs = new Set<string>();
    for (const r of above) {
      for (const t of this.terms.get(r.tool.id)?.counts.keys() ?? []) theirs.add(t);
    }
    const out = new Map<string, number>();
    for (const word of splitWords(`${tool.name} ${tool.description}`)) {
      const w = word.toLowerCase();
      if (w.length < 3 || /^\d+$/.test(w) || STOP_WORDS.has(w) || out.has(w)) continue;
      const terms = queryTerms(w).filter((t) => t.weight >= 1).map((t) => t.term);
      if (terms.length > 0 && terms.every((t) => !theirs.has(t))) {
        out.set(w, Math.min(...terms.map((t) => this.documentFrequency.get(t) ?? 0)));
      }
    }
    return [...out].sort((a, b) => a[1] - b[1]).slice(0, 5).map(([w]) => w);
  }

  /** A first-party tool whose directory row is shortened or dropped by the bound. */
  private directoryCut(tool: CatalogTool): WhyNotSuggestion | undefined {
    if (tool.source !== 'openclaw') return undefined;
    this.directory ??= buildDirectory(
      this.tools.filter((t) => t.status !== 'excluded').map((t) => ({ id: t.id, name: t.name, owner: t.sourceName, source: t.source, description: t.description, directVisible: t.status === 'direct-only' || t.directVisible === true })),
      this.directoryMaxChars,
    );
    const directory = this.directory;
    const directoryMode = this.settings.enabled && this.settings.mode === 'directory';
    const common = { descriptionLimit: directory.descriptionLimit, maxChars: directory.maxChars, directoryMode };
    if (directory.dropped.includes(tool.name)) return { kind: 'directory-cut', cut: 'dropped', ...common };
    // Every row is cut at the first step by design; only a deeper cut is the bound's doing.
    if (directory.descriptionLimit < (DESCRIPTION_STEPS[0] ?? 0) && directory.shortened.includes(tool.name)) return { kind: 'directory-cut', cut: 'shortened', ...common };
    return undefined;
  }
}

/**
 * A name the tokenizer reads as one word although a query word hides inside
 * it (`getweather` is one term; `get_weather` or `getWeather` would be two).
 */
export function nameSplitProblem(name: string, queryWords: readonly string[]): WhyNotSuggestion | undefined {
  const seenAs = [...new Set(documentTerms(name))];
  const parts = splitWords(name).map((w) => w.toLowerCase());
  const hidden: string[] = [];
  let better = name;
  for (const word of queryWords) {
    const w = word.toLowerCase();
    const stems = queryTerms(w).filter((t) => t.weight >= 1).map((t) => t.term);
    if (w.length < 3 || stems.some((s) => seenAs.includes(s))) continue;
    const host = parts.find((p) => p.length > w.length && p.includes(w));
    if (host === undefined) continue;
    hidden.push(w);
    const i = better.toLowerCase().indexOf(w);
    if (i >= 0) {
      const before = i > 0 && better[i - 1] !== '_' ? '_' : '';
      const after = i + w.length < better.length && better[i + w.length] !== '_' ? '_' : '';
      better = `${better.slice(0, i)}${before}${better.slice(i, i + w.length)}${after}${better.slice(i + w.length)}`;
    }
  }
  return hidden.length > 0 ? { kind: 'name-splits-badly', name, seenAs, hidden, better } : undefined;
}
