import type { Catalog } from '../catalog/catalog';
import { ToolApiError, type DescribedTool, type SearchHit, type SearchOptions, type SearchResult } from '../toolApi';
import type { CatalogTool, ToolSearchSettings, ToolSourceKind } from '../types';
import { Bm25Index, type Bm25Match } from './bm25Index';
import { compactHit, describedTool } from './compactHit';
import { entryTerms, openClawId, openClawLabel, type McpEntryOwner } from './entryText';
import { ToolLookup } from './lookup';
import { queryTerms } from './tokenizer';
import { rankBySubstring } from './substringRanking';
import type { RankingFacts, ToolSearchFacts } from '../policy/epochTypes';

/** Batch search bounds of the design. */
export const MAX_BATCH_QUERIES = 16;
export const MAX_QUERY_CHARS = 512;

export interface RankedTool {
  tool: CatalogTool;
  /** BM25 score (0 for an exact match that shares no indexed term with the query). */
  score: number;
  /** 0: exact name or id, 1: matched a word the query wrote, 2: matched only through expansions. */
  tier: 0 | 1 | 2;
}

export interface ToolIndexOptions {
  settings?: Pick<ToolSearchSettings, 'searchDefaultLimit' | 'maxSearchLimit'>;
  unavailableServers?: readonly string[];
  /**
   * The modelled epoch's ranking (`OpenClawModel.toolSearch.ranking`):
   * `substring` is `scoreEntry` of 2026.5.12 - 2026.7; anything else, or
   * nothing, is today's BM25.
   */
  ranking?: RankingFacts;
  /** The modelled epoch's compact `input` hint: none before 2026.8.1, no numeric bounds until 2026.9.1. */
  inputHint?: ToolSearchFacts['inputHint'];
  /** Whom OpenClaw's id of an MCP tool names (`bundle-mcp` in 2026.5.12 - 6.10): it is ranked and tie-broken on. */
  mcpEntryOwner?: McpEntryOwner;
}

/** One searchable tool: where its document sits in the BM25 index, and its OpenClaw id (ties break on it). */
interface Indexed {
  tool: CatalogTool;
  slot: number;
  openClawId: string;
  /** Lower-cased id, OpenClaw id and name: what an exact query may spell. */
  keys: string[];
}

// OpenClaw breaks ties with `localeCompare` (default locale); so do we.
const collator = new Intl.Collator();

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

function addKey(map: Map<string, string[]>, key: string, id: string): void {
  const ids = map.get(key);
  if (ids === undefined) {
    map.set(key, [id]);
  } else if (!ids.includes(id)) {
    ids.push(id);
  }
}

function dropKey(map: Map<string, string[]>, key: string, id: string): void {
  const rest = (map.get(key) ?? []).filter((x) => x !== id);
  if (rest.length === 0) {
    map.delete(key);
  } else {
    map.set(key, rest);
  }
}

/**
 * The search index of one catalog, ranking as OpenClaw's Tool Search does
 * (`ToolSearchRuntime.search` in `src/agents/tool-search-runtime.ts`): BM25
 * over each tool's name, id, label, description and (first-party tools only)
 * parameter text, with OpenClaw's tokenizer, stop words, stems and query
 * expansions. Order: exact name or id matches first, then tools that match a
 * word the query wrote, then tools reached only through expansions; within
 * each, higher score first, ties by OpenClaw's id. Queries that share no term
 * with the catalog (stop words only, other words) return no hits.
 *
 * Only `cataloged` tools are searchable (never excluded or direct-only ones);
 * direct-only tools can still be described, since the model sees them anyway.
 *
 * Deliberate differences: an empty query is an input error (OpenClaw returns
 * nothing); exact matching also accepts our MCP id spelling
 * (`mcp:github:create_issue`) besides OpenClaw's
 * (`mcp:github:github__create_issue`); describe and lookup are
 * case-insensitive and accept raw MCP names (see lookup.ts).
 *
 * @example
 * const index = ToolIndex.fromCatalog(catalog);
 * index.search('create an issue', { limit: 5 }).hits[0]?.id; // 'mcp:github:create_issue'
 * index.describe('create_issue').parameters;                // the exact input schema
 */
export class ToolIndex {
  private readonly bm25 = new Bm25Index();
  /** Every tool the model may name: cataloged and direct-only. */
  private readonly visible = new ToolLookup();
  /** The cataloged tools, the only ones search returns, by id. */
  private readonly searchable = new Map<string, Indexed>();
  private readonly bySlot: (Indexed | undefined)[] = [];
  /** Case-sensitive id or OpenClaw id -> our id. */
  private readonly exactIds = new Map<string, string>();
  /** Lower-cased id, OpenClaw id or name -> ids. */
  private readonly exactKeys = new Map<string, string[]>();
  private readonly owners = new Map<string, Set<string>>();
  private readonly settings: Pick<ToolSearchSettings, 'searchDefaultLimit' | 'maxSearchLimit'>;
  private unavailable: string[];
  private readonly ranking: RankingFacts | undefined;
  private readonly hintVariant: ToolSearchFacts['inputHint'];
  private readonly mcpOwner: McpEntryOwner;

  constructor(tools: readonly CatalogTool[], options: ToolIndexOptions = {}) {
    this.settings = options.settings ?? { searchDefaultLimit: 8, maxSearchLimit: 20 };
    this.ranking = options.ranking;
    this.hintVariant = options.inputHint ?? 'bounds';
    this.mcpOwner = options.mcpEntryOwner ?? 'server';
    this.unavailable = [...(options.unavailableServers ?? [])].sort();
    this.addTools(tools);
  }

  /** The index of a built catalog, with its search limits and failed servers. */
  static fromCatalog(catalog: Catalog): ToolIndex {
    const toolSearch = catalog.openclaw?.model.toolSearch;
    return new ToolIndex(catalog.allowed, {
      settings: catalog.settings,
      unavailableServers: catalog.unavailableServers.map((s) => s.name),
      ...(toolSearch ? { ranking: toolSearch.ranking, inputHint: toolSearch.inputHint, ...(toolSearch.mcpEntryOwner ? { mcpEntryOwner: toolSearch.mcpEntryOwner } : {}) } : {}),
    });
  }

  /** `substring` when the modelled epoch ranks by `scoreEntry`, else `bm25`. */
  get rankingKind(): 'substring' | 'bm25' {
    return this.ranking?.kind === 'substring' ? 'substring' : 'bm25';
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
      hits: this.rank(q, limit).map((r): SearchHit => compactHit(r.tool, r.score, this.hintVariant)),
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

  /** The compact entry of one tool as `search` returns it, in the modelled epoch's variant (score 0). */
  compactEntry(tool: CatalogTool): SearchHit {
    return compactHit(tool, 0, this.hintVariant);
  }

  /** `describe(idOrName)`: the compact descriptor plus the exact input schema. */
  describe(idOrName: string): DescribedTool {
    return describedTool(this.lookup(idOrName), this.hintVariant);
  }

  /** The tool an id or name refers to; ToolApiError when ambiguous or unknown. */
  lookup(idOrName: string): CatalogTool {
    // An empty id is an unknown one, answered with suggestions as OpenClaw answers it.
    return this.visible.resolve(idOrName, this.unavailable, (t) => openClawId(t, this.mcpOwner));
  }

  /**
   * The ordered ranking behind `search`, without the limit clamp (evaluation
   * looks deeper than a model may). `query` must already be checked.
   */
  rank(query: string, limit: number): RankedTool[] {
    if (limit <= 0) {
      return [];
    }
    if (this.ranking?.kind === 'substring') {
      // OpenClaw's entry: its id and its label (an MCP tool without a title is labelled with its raw name).
      const entries = [...this.searchable.values()].map((e) => {
        const label = openClawLabel(e.tool);
        return { id: e.openClawId, name: e.tool.name, ...(label !== undefined ? { label } : {}), description: e.tool.description, e };
      });
      return rankBySubstring(entries, query, this.ranking, limit).map((h) => ({ tool: h.entry.e.tool, score: h.score, tier: 1 as const }));
    }
    const exact = this.exactMatches(query);
    const matches = this.bm25.score(queryTerms(query));
    const scoreOf = new Map<number, number>();
    for (const m of exact) {
      scoreOf.set(m.slot, 0);
    }
    if (scoreOf.size > 0) {
      for (const m of matches) {
        if (scoreOf.has(m.slot)) {
          scoreOf.set(m.slot, m.score);
        }
      }
    }
    const ranked = (e: Indexed, tier: 0 | 1 | 2, score: number): RankedTool => ({ tool: e.tool, score, tier });
    // OpenClaw answers a one-hit request for an exact name with that tool alone.
    if (limit === 1 && exact.length === 1) {
      const only = exact[0] as Indexed;
      return [ranked(only, 0, scoreOf.get(only.slot) ?? 0)];
    }
    const matched = new Set(matches.map((m) => m.slot));
    // Exact matches the words missed still come first, in catalog (id) order.
    const unmatchedExact = exact.filter((e) => !matched.has(e.slot));
    const best = new TopK<Bm25Match>(limit - unmatchedExact.length, (a, b) => this.compare(a, b, scoreOf));
    for (const m of matches) {
      best.offer(m);
    }
    const out = unmatchedExact.map((e) => ranked(e, 0, 0));
    for (const m of best.items) {
      const e = this.bySlot[m.slot];
      if (e) {
        out.push(ranked(e, scoreOf.has(m.slot) ? 0 : m.literal ? 1 : 2, m.score));
      }
    }
    return out.slice(0, limit);
  }

  /** OpenClaw's order: exact first, then literal matches, then score, then id (locale order). */
  private compare(a: Bm25Match, b: Bm25Match, exact: ReadonlyMap<number, number>): number {
    const ea = exact.has(a.slot);
    if (ea !== exact.has(b.slot)) {
      return ea ? -1 : 1;
    }
    if (a.literal !== b.literal) {
      return a.literal ? -1 : 1;
    }
    if (a.score !== b.score) {
      return b.score - a.score;
    }
    const ia = this.bySlot[a.slot]?.openClawId ?? '';
    const ib = this.bySlot[b.slot]?.openClawId ?? '';
    return collator.compare(ia, ib) || (ia < ib ? -1 : ia > ib ? 1 : 0);
  }

  /**
   * Searchable tools the whole query names: an id spelled exactly (ours or
   * OpenClaw's) alone, else every tool whose name or id equals the query
   * case-insensitively. Raw MCP names do not count here, as in OpenClaw.
   */
  private exactMatches(query: string): Indexed[] {
    const spelling = query.trim();
    const exactId = this.exactIds.get(spelling);
    const ids = exactId !== undefined ? [exactId] : (this.exactKeys.get(spelling.toLowerCase()) ?? []);
    const out: Indexed[] = [];
    for (const id of ids) {
      const e = this.searchable.get(id);
      if (e) {
        out.push(e);
      }
    }
    return out.sort((a, b) => collator.compare(a.openClawId, b.openClawId));
  }

  private addTools(tools: readonly CatalogTool[]): void {
    for (const tool of tools) {
      if (tool.status === 'excluded') {
        continue;
      }
      if (this.visible.get(tool.id)) {
        // A re-added id replaces the old entry rather than duplicating it.
        this.removeOne(tool.id);
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
        this.index(tool);
      }
    }
  }

  private index(tool: CatalogTool): void {
    const ocId = openClawId(tool, this.mcpOwner);
    const e: Indexed = { tool, slot: this.bm25.add(entryTerms(tool, ocId)), openClawId: ocId, keys: [...new Set([tool.id, ocId, tool.name].map((k) => k.toLowerCase()))] };
    this.searchable.set(tool.id, e);
    this.bySlot[e.slot] = e;
    this.exactIds.set(tool.id, tool.id);
    this.exactIds.set(ocId, tool.id);
    for (const k of e.keys) {
      addKey(this.exactKeys, k, tool.id);
    }
  }

  private removeOne(id: string): void {
    const tool = this.visible.remove(id);
    const e = this.searchable.get(id);
    if (e) {
      this.searchable.delete(id);
      this.bm25.remove(e.slot);
      this.bySlot[e.slot] = undefined;
      for (const spelling of [e.tool.id, e.openClawId]) {
        if (this.exactIds.get(spelling) === id) {
          this.exactIds.delete(spelling);
        }
      }
      for (const k of e.keys) {
        dropKey(this.exactKeys, k, id);
      }
    }
    if (tool) {
      this.owners.get(ownerKey(tool.source, tool.sourceName))?.delete(id);
    }
  }
}

/** The first k items in a comparator's order, kept by insertion: no sort of everything that matched. */
class TopK<T> {
  readonly items: T[] = [];

  constructor(
    private readonly k: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  offer(c: T): void {
    const items = this.items;
    const k = this.k;
    if (k <= 0 || (items.length === k && this.compare(c, items[k - 1] as T) >= 0)) {
      return;
    }
    let i = items.length === k ? k - 1 : items.length;
    while (i > 0 && this.compare(c, items[i - 1] as T) < 0) {
      items[i] = items[i - 1] as T;
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
