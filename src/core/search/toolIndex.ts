import type { Options, SearchResult as MiniResult } from 'minisearch';
import type { Catalog } from '../catalog/catalog';
import { ToolApiError, type DescribedTool, type SearchHit, type SearchOptions, type SearchResult } from '../gateway/toolApi';
import type { CatalogTool, ToolSearchSettings, ToolSourceKind } from '../types';
import { analyze, analyzeName, distinct } from './analyzer';
import { BulkMiniSearch, type BulkDoc } from './bulkLoad';
import { compactHit, describedTool } from './compactHit';
import { expansionsOf, isWeakQueryWord } from './expansions';
import { ToolLookup } from './lookup';
import { parameterText } from './schemaText';

/** Batch search bounds of the design. */
export const MAX_BATCH_QUERIES = 16;
export const MAX_QUERY_CHARS = 512;

type Field = 'name' | 'label' | 'description' | 'paramNames' | 'paramDocs' | 'owner';

/** Indexed text of one tool, as pieces per minisearch field. */
type ToolDoc = BulkDoc<Field>;

/** The knobs of ranking. Defaults were tuned on even MetaTool rows only (see bench/search). */
export interface RankingTuning {
  /**
   * Field weights. The name says what a tool does most densely; parameter
   * prose is long and generic, so it counts least.
   */
  boost: Record<Field, number>;
  /** Weight of a related word (see expansions) relative to the word the query used. */
  expansionWeight: number;
  /** Shortest query term that also matches longer words it starts (`sched` -> `schedule`). */
  prefixMin: number;
  /** Shortest query term that also matches words one edit away (typos). */
  fuzzyMin: number;
  /** Okapi BM25 parameters (minisearch's `d` is BM25+'s lower bound for a match). */
  bm25: { k: number; b: number; d: number };
  /** Whether a tool that matches a query word as written outranks one reached only by related words, prefixes or typos. */
  literalTier: boolean;
  /** Query terms found in more than this share of tools are not searched (they cost much and weigh nearly nothing). */
  maxDocShare: number;
  /** At most this many tool postings are visited for the words of one query (before prefix and typo matches). */
  postingBudget: number;
  /** Prefix and typo matching apply to queries of at most this many words. */
  approximateMaxWords: number;
  /** Weight of request-framing words ("find", "show", "information"). */
  weakWordWeight: number;
  /** How much matching more distinct query words counts: score x (words matched ^ coverage). */
  coverage: number;
}

export const DEFAULT_TUNING: RankingTuning = {
  boost: { name: 2, label: 1.5, description: 1, paramNames: 0.6, paramDocs: 0.3, owner: 0.8 },
  expansionWeight: 0.35,
  prefixMin: 4,
  fuzzyMin: 6,
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
  literalTier: true,
  coverage: 1,
  weakWordWeight: 0.3,
  maxDocShare: 0.5,
  postingBudget: 10_000,
  approximateMaxWords: 6,
};

const FIELDS: Field[] = ['name', 'label', 'description', 'paramNames', 'paramDocs', 'owner'];

export interface RankedTool {
  tool: CatalogTool;
  score: number;
  /** 0: exact name/id, 1: a query word matched as written, 2: only related, prefix or fuzzy matches. */
  tier: 0 | 1 | 2;
}

export interface ToolIndexOptions {
  settings?: Pick<ToolSearchSettings, 'searchDefaultLimit' | 'maxSearchLimit'>;
  unavailableServers?: readonly string[];
  /** Ranking overrides (benchmarks); defaults otherwise. */
  tuning?: Partial<RankingTuning>;
}

function ownerKey(source: ToolSourceKind, sourceName: string): string {
  return `${source}:${sourceName}`;
}

function clampLimit(requested: number | undefined, settings: Pick<ToolSearchSettings, 'searchDefaultLimit' | 'maxSearchLimit'>): number {
  const max = Math.max(1, Math.floor(settings.maxSearchLimit));
  if (requested === undefined || !Number.isFinite(requested)) {
    return Math.min(Math.max(1, Math.floor(settings.searchDefaultLimit)), max);
  }
  return Math.min(Math.max(1, Math.floor(requested)), max);
}

function toDoc(tool: CatalogTool): ToolDoc {
  const params = parameterText(tool.parameters);
  return {
    id: tool.id,
    fields: {
      // MCP names carry the server as a prefix; the owner field already holds it.
      name: [tool.rawName ?? tool.name],
      label: tool.label ? [tool.label] : [],
      description: [tool.description],
      paramNames: params.names,
      paramDocs: params.descriptions,
      owner: [tool.sourceName],
    },
  };
}

function analyzeField(text: string, field: Field): string[] {
  return field === 'name' ? analyzeName(text) : analyze(text);
}

const MINI_OPTIONS: Options<ToolDoc> = {
  idField: 'id',
  fields: FIELDS,
  storeFields: [],
  extractField: (doc, field) => (field === 'id' ? doc.id : doc.fields[field as Field].join('\n')),
  tokenize: (text, field) => analyzeField(text, field as Field),
  // Terms come out of the analyzer final; minisearch must not touch them again.
  processTerm: (term) => term,
  autoVacuum: true,
};

/**
 * The search index of one catalog: only `cataloged` tools are searchable
 * (never excluded or direct-only ones); direct-only tools can still be
 * described, since the model sees them anyway.
 *
 * Ranking is BM25 over analyzed fields (see analyzer), then ordered by tier:
 * an exact name or id match first, then tools that match a query word as
 * written, then tools reached only through related words, prefixes or typos;
 * within a tier by score, ties by id, so equal inputs give equal output.
 *
 * @example
 * const index = ToolIndex.fromCatalog(catalog);
 * index.search('create an issue', { limit: 5 }).hits[0]?.id; // 'mcp:github:create_issue'
 * index.describe('create_issue').parameters;                // the exact input schema
 */
export class ToolIndex {
  private readonly mini: BulkMiniSearch<Field>;
  /** Every tool the model may name: cataloged and direct-only. */
  private readonly visible = new ToolLookup();
  /** Ids of the cataloged tools, the only ones search returns. */
  private readonly searchable = new Set<string>();
  private readonly owners = new Map<string, Set<string>>();
  private readonly settings: Pick<ToolSearchSettings, 'searchDefaultLimit' | 'maxSearchLimit'>;
  private unavailable: string[];
  private readonly tuning: RankingTuning;

  constructor(tools: readonly CatalogTool[], options: ToolIndexOptions = {}) {
    this.settings = options.settings ?? { searchDefaultLimit: 8, maxSearchLimit: 20 };
    this.unavailable = [...(options.unavailableServers ?? [])].sort();
    this.tuning = { ...DEFAULT_TUNING, ...options.tuning };
    this.mini = new BulkMiniSearch<Field>(MINI_OPTIONS);
    this.addTools(tools);
  }

  /** The index of a built catalog, with its search limits and failed servers. */
  static fromCatalog(catalog: Catalog, tuning?: Partial<RankingTuning>): ToolIndex {
    return new ToolIndex(catalog.allowed, {
      settings: catalog.settings,
      unavailableServers: catalog.unavailableServers.map((s) => s.name),
      tuning,
    });
  }

  /** Number of searchable tools. */
  get size(): number {
    return this.searchable.size;
  }

  get unavailableServers(): readonly string[] {
    return this.unavailable;
  }

  setUnavailableServers(names: readonly string[]): void {
    this.unavailable = [...names].sort();
  }

  /**
   * Replaces the tools of one owner (an MCP server whose tool list changed, a
   * reloaded plugin) without rebuilding the rest. Tools that are not
   * cataloged are dropped from search.
   */
  replaceOwner(source: ToolSourceKind, sourceName: string, tools: readonly CatalogTool[]): void {
    this.removeOwner(source, sourceName);
    this.addTools(tools.filter((t) => t.source === source && t.sourceName === sourceName));
  }

  removeOwner(source: ToolSourceKind, sourceName: string): void {
    const key = ownerKey(source, sourceName);
    for (const id of [...(this.owners.get(key) ?? [])]) {
      this.removeOne(id);
    }
    this.owners.delete(key);
  }

  /** `search(query, {limit})`: compact hits, best first. */
  search(query: string, options: SearchOptions = {}): SearchResult {
    const q = checkQuery(query);
    const limit = clampLimit(options.limit, this.settings);
    const result: SearchResult = {
      query: q,
      limit,
      hits: this.rank(q, limit).map((r): SearchHit => compactHit(r.tool, r.score)),
    };
    if (this.unavailable.length > 0) {
      result.unavailableServers = [...this.unavailable];
    }
    return result;
  }

  /** Several searches at once: at most 16 queries of at most 512 characters, all checked before any runs. */
  searchBatch(queries: readonly string[], options: SearchOptions = {}): SearchResult[] {
    if (queries.length === 0) {
      throw new ToolApiError('searchBatch needs at least one query', 'empty-query');
    }
    if (queries.length > MAX_BATCH_QUERIES) {
      throw new ToolApiError(`searchBatch takes at most ${MAX_BATCH_QUERIES} queries, got ${queries.length}`, 'too-many-queries');
    }
    queries.forEach((q, i) => checkQuery(q, i));
    return queries.map((q) => this.search(q, options));
  }

  /** `describe(idOrName)`: the compact descriptor plus the exact input schema. */
  describe(idOrName: string): DescribedTool {
    return describedTool(this.lookup(idOrName));
  }

  /** The tool an id or name refers to; ToolApiError when ambiguous or unknown. */
  lookup(idOrName: string): CatalogTool {
    if (idOrName.trim().length === 0) {
      throw new ToolApiError('a tool id or name is required', 'unknown-tool');
    }
    return this.visible.resolve(idOrName, this.unavailable);
  }

  /**
   * The ordered ranking behind `search`, without the limit clamp (evaluation
   * looks deeper than a model may). `query` must already be checked.
   */
  rank(query: string, limit: number): RankedTool[] {
    const exact = this.visible.exact(query).filter((t) => this.searchable.has(t.id));
    const words = distinct(analyze(query));
    const originals = new Set(words);
    const weights = new Map<string, number>(words.map((w) => [w, isWeakQueryWord(w) ? this.tuning.weakWordWeight : 1]));
    // Which query word each searched term stands for: a word and its related words are one concept.
    const conceptOf = new Map<string, string>(words.map((w) => [w, w]));
    for (const w of words) {
      // Request-framing words carry little; their related words would carry less and cost as much.
      if (isWeakQueryWord(w)) {
        continue;
      }
      for (const e of expansionsOf(w)) {
        if (!weights.has(e)) {
          weights.set(e, this.tuning.expansionWeight);
          conceptOf.set(e, w);
        }
      }
    }
    this.dropCommonTerms(weights);
    // Typos and word starts matter in short queries (a name, two or three
    // words); a long query has enough words, and expanding each costs time.
    const short = words.length <= this.tuning.approximateMaxWords;
    const best = new TopK(Math.max(0, limit));
    const exactIds = new Map<string, number>(exact.map((t) => [t.id, 0]));
    if (weights.size > 0) {
      const results: MiniResult[] = this.mini.search([...weights.keys()].join(' '), {
        combineWith: 'OR',
        tokenize: (s) => s.split(' '),
        processTerm: (t) => t,
        boost: this.tuning.boost,
        boostTerm: (term) => weights.get(term) ?? 1,
        prefix: (term) => short && originals.has(term) && term.length >= this.tuning.prefixMin,
        fuzzy: (term) => (short && originals.has(term) && term.length >= this.tuning.fuzzyMin ? 1 : false),
        maxFuzzy: 1,
        bm25: this.tuning.bm25,
      });
      // Broad queries match most of a large catalog: keep only the best k, and resolve tools for those alone.
      for (const r of results) {
        const id = r.id as string;
        const score = this.conceptScore(r, conceptOf);
        if (exactIds.has(id)) {
          exactIds.set(id, score);
          continue;
        }
        const literal = !this.tuning.literalTier || r.terms.some((t) => originals.has(t));
        best.offer({ id, score, tier: literal ? 1 : 2 });
      }
    }
    for (const [id, score] of exactIds) {
      best.offer({ id, score, tier: 0 });
    }
    const out: RankedTool[] = [];
    for (const c of best.items) {
      const tool = this.visible.get(c.id);
      if (tool) {
        out.push({ tool, score: c.score, tier: c.tier });
      }
    }
    return out;
  }

  /**
   * Bounds the work of one query. Terms found in more than `maxDocShare` of
   * the tools are dropped (their BM25 weight is near zero, but scoring them
   * visits most of the index); then, rarest first, terms are kept while the
   * tools they would visit stay within `postingBudget`. On catalogs of a few
   * thousand tools the budget never bites; on large ones it drops the common
   * words of long queries, which is what made them slow. The rarest term
   * always stays.
   */
  private dropCommonTerms(weights: Map<string, number>): void {
    const n = this.mini.documentCount;
    if (n < 50 || weights.size <= 1) {
      return;
    }
    const byRarity = [...weights.keys()].map((term) => ({ term, df: this.mini.documentFrequency(term) })).sort((a, b) => a.df - b.df || (a.term < b.term ? -1 : 1));
    const rarest = byRarity[0];
    let visited = 0;
    for (const { term, df } of byRarity) {
      visited += df;
      if (df > this.tuning.maxDocShare * n || (visited > this.tuning.postingBudget && term !== rarest?.term)) {
        weights.delete(term);
      }
    }
    if (weights.size === 0 && rarest) {
      weights.set(rarest.term, 1);
    }
  }

  /**
   * minisearch multiplies a result's score by the number of query terms it
   * matched; with related words in the query, a tool matching three synonyms
   * of one word would count three times. Here the multiplier is the number of
   * distinct query words (concepts) matched, raised to `coverage`.
   */
  private conceptScore(r: MiniResult, conceptOf: ReadonlyMap<string, string>): number {
    const matched = r.queryTerms.length || 1;
    let concepts = matched;
    if (r.queryTerms.some((t) => conceptOf.get(t) !== t)) {
      concepts = new Set(r.queryTerms.map((t) => conceptOf.get(t) ?? t)).size || 1;
    } else if (this.tuning.coverage === 1) {
      return r.score;
    }
    return (r.score / matched) * concepts ** this.tuning.coverage;
  }

  private addTools(tools: readonly CatalogTool[]): void {
    let docs: ToolDoc[] = [];
    for (const tool of tools) {
      if (tool.status === 'excluded') {
        continue;
      }
      if (this.visible.get(tool.id)) {
        // A re-added id replaces the old entry rather than duplicating it.
        this.removeOne(tool.id);
        docs = docs.filter((d) => d.id !== tool.id);
      }
      this.visible.add(tool);
      const key = ownerKey(tool.source, tool.sourceName);
      let ids = this.owners.get(key);
      if (!ids) {
        ids = new Set();
        this.owners.set(key, ids);
      }
      ids.add(tool.id);
      if (tool.status === 'cataloged') {
        this.searchable.add(tool.id);
        docs.push(toDoc(tool));
      }
    }
    this.mini.addAllPieces(docs, FIELDS, analyzeField);
  }

  private removeOne(id: string): void {
    const tool = this.visible.remove(id);
    if (this.searchable.delete(id) && tool && this.mini.has(id)) {
      // `remove` (not `discard`): its terms leave the index now, so scores
      // equal a rebuild's at once instead of after a later vacuum.
      this.mini.remove(toDoc(tool));
    }
    if (tool) {
      this.owners.get(ownerKey(tool.source, tool.sourceName))?.delete(id);
    }
  }
}

interface Candidate {
  id: string;
  score: number;
  tier: 0 | 1 | 2;
}

/** Ranking order: tier, then score (higher first), then id. */
function compareCandidates(a: Candidate, b: Candidate): number {
  return a.tier - b.tier || b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The first k candidates in ranking order, kept by insertion: no sort of everything that matched. */
class TopK {
  readonly items: Candidate[] = [];

  constructor(private readonly k: number) {}

  offer(c: Candidate): void {
    const items = this.items;
    const k = this.k;
    if (k <= 0 || (items.length === k && compareCandidates(c, items[k - 1] as Candidate) >= 0)) {
      return;
    }
    let i = items.length === k ? k - 1 : items.length;
    while (i > 0 && compareCandidates(c, items[i - 1] as Candidate) < 0) {
      items[i] = items[i - 1] as Candidate;
      i--;
    }
    items[i] = c;
  }
}

/** Trims and bounds a query; empty and over-long ones are errors, never an unranked dump. */
export function checkQuery(query: string, index?: number): string {
  const where = index === undefined ? '' : ` (query #${index + 1})`;
  if (typeof query !== 'string' || query.trim().length === 0) {
    throw new ToolApiError(`search needs a non-empty query${where}: describe the tool you want, e.g. "create an issue"`, 'empty-query');
  }
  const q = query.trim();
  if (q.length > MAX_QUERY_CHARS) {
    throw new ToolApiError(`query is ${q.length} characters${where}; at most ${MAX_QUERY_CHARS} are allowed`, 'query-too-long');
  }
  return q;
}
