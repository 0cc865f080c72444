import type { Options, SearchResult as MiniResult } from 'minisearch';
import type { Catalog } from '../catalog/catalog';
import { ToolApiError, type DescribedTool, type SearchHit, type SearchOptions, type SearchResult } from '../gateway/toolApi';
import type { CatalogTool, ToolSearchSettings, ToolSourceKind } from '../types';
import { analyze, analyzeName, distinct } from './analyzer';
import { BulkMiniSearch, type BulkDoc } from './bulkLoad';
import { compactHit, describedTool } from './compactHit';
import { expansionsOf } from './expansions';
import { ToolLookup } from './lookup';
import { parameterText } from './schemaText';

/** Batch search bounds of the design. */
export const MAX_BATCH_QUERIES = 16;
export const MAX_QUERY_CHARS = 512;

type Field = 'name' | 'label' | 'description' | 'paramNames' | 'paramDocs' | 'owner';

/** Indexed text of one tool, as pieces per minisearch field. */
type ToolDoc = BulkDoc<Field>;

/**
 * Field weights. The name says what a tool does most densely; parameter
 * prose is long and generic, so it counts least. Tuned on even MetaTool rows
 * and the GitHub queries only (see bench/search).
 */
const BOOST: Record<Field, number> = {
  name: 3,
  label: 2,
  description: 1,
  paramNames: 0.6,
  paramDocs: 0.3,
  owner: 0.8,
};
const FIELDS = Object.keys(BOOST) as Field[];

/** Weight of a related word (see expansions) relative to the word the query used. */
const EXPANSION_WEIGHT = 0.35;
/** Shortest query term that also matches longer words it starts (`sched` -> `schedule`). */
const PREFIX_MIN = 4;
/** Shortest query term that also matches words one edit away (typos). */
const FUZZY_MIN = 6;

export interface RankedTool {
  tool: CatalogTool;
  score: number;
  /** 0: exact name/id, 1: a query word matched as written, 2: only related, prefix or fuzzy matches. */
  tier: 0 | 1 | 2;
}

export interface ToolIndexOptions {
  settings?: Pick<ToolSearchSettings, 'searchDefaultLimit' | 'maxSearchLimit'>;
  unavailableServers?: readonly string[];
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
 * index.search('open an issue', { limit: 5 }).hits[0]?.id; // 'mcp:github:create_issue'
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

  constructor(tools: readonly CatalogTool[], options: ToolIndexOptions = {}) {
    this.settings = options.settings ?? { searchDefaultLimit: 8, maxSearchLimit: 20 };
    this.unavailable = [...(options.unavailableServers ?? [])];
    this.mini = new BulkMiniSearch<Field>(MINI_OPTIONS);
    this.addTools(tools);
  }

  /** The index of a built catalog, with its search limits and failed servers. */
  static fromCatalog(catalog: Catalog): ToolIndex {
    return new ToolIndex(catalog.allowed, {
      settings: catalog.settings,
      unavailableServers: catalog.unavailableServers.map((s) => s.name),
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
    for (const id of this.owners.get(key) ?? []) {
      if (this.searchable.delete(id) && this.mini.has(id)) {
        this.mini.discard(id);
      }
      this.visible.remove(id);
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
    const weights = new Map<string, number>(words.map((w) => [w, 1]));
    for (const w of words) {
      for (const e of expansionsOf(w)) {
        if (!weights.has(e)) {
          weights.set(e, EXPANSION_WEIGHT);
        }
      }
    }
    const ranked = new Map<string, RankedTool>();
    if (weights.size > 0) {
      const results: MiniResult[] = this.mini.search([...weights.keys()].join(' '), {
        combineWith: 'OR',
        tokenize: (s) => s.split(' '),
        processTerm: (t) => t,
        boost: BOOST,
        boostTerm: (term) => weights.get(term) ?? 1,
        prefix: (term) => originals.has(term) && term.length >= PREFIX_MIN,
        fuzzy: (term) => (originals.has(term) && term.length >= FUZZY_MIN ? 1 : false),
        maxFuzzy: 1,
      });
      for (const r of results) {
        const tool = this.visible.get(String(r.id));
        if (tool) {
          const literal = r.terms.some((t) => originals.has(t));
          ranked.set(tool.id, { tool, score: r.score, tier: literal ? 1 : 2 });
        }
      }
    }
    for (const tool of exact) {
      ranked.set(tool.id, { tool, score: ranked.get(tool.id)?.score ?? 0, tier: 0 });
    }
    const ordered = [...ranked.values()].sort(
      (a, b) => a.tier - b.tier || b.score - a.score || (a.tool.id < b.tool.id ? -1 : a.tool.id > b.tool.id ? 1 : 0),
    );
    return ordered.slice(0, Math.max(0, limit));
  }

  private addTools(tools: readonly CatalogTool[]): void {
    const docs = new Map<string, ToolDoc>();
    for (const tool of tools) {
      if (tool.status === 'excluded') {
        continue;
      }
      if (this.visible.get(tool.id)) {
        // A re-added id replaces the old entry rather than duplicating it.
        this.removeOne(tool.id);
        docs.delete(tool.id);
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
        docs.set(tool.id, toDoc(tool));
      }
    }
    this.mini.addAllPieces([...docs.values()], FIELDS, analyzeField);
  }

  private removeOne(id: string): void {
    if (this.searchable.delete(id) && this.mini.has(id)) {
      this.mini.discard(id);
    }
    const tool = this.visible.remove(id);
    if (tool) {
      this.owners.get(ownerKey(tool.source, tool.sourceName))?.delete(id);
    }
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
