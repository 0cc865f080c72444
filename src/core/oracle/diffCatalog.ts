import type { Catalog } from '../catalog/catalog';
import { controlNamesByMode } from './controlStubs';
import { buildSurface } from '../modes/surface';
import { toolApiErrorCode, withRecoveryGuidance } from '../catalog/lookup';
import { DIRECTORY_HEADING } from '../modes/directory';
import { ToolIndex } from '../search/toolIndex';
import { REPLY_TOOL_NAME } from '../sources/coreTools';
import { generatedToolsFor } from '../sources/generatedTools';
import type { CatalogTool } from '../types';
import { errorMessage } from '../util/errors';
import { classify, jsonEqual, type Difference } from './differences';
import type { OpenClawOracle } from './openclawOracle';
import { oracleSpecsOf } from './oracleCatalog';

/** What to compare over one catalog; each part is optional. */
export interface CatalogChecks {
  compact?: boolean;
  /** Directory text at these context budgets (`undefined`: no budget, the 18,000-character bound). */
  directory?: (number | undefined)[];
  searches?: { query: string; limit?: number }[];
  /** Needles to describe, the same text on both sides. */
  lookups?: string[];
  /** Our tools to describe by each side's own id or name for them. */
  toolLookups?: { id: string; by: 'id' | 'name' }[];
}

type OpResult = { error: string } | { entries: { key?: string; entry: Record<string, unknown> }[] } | { hits: { id: string; key?: string }[] } | { id: string; key?: string } | { text: string };

const COMPACT_FIELDS = ['id', 'source', 'sourceName', 'name', 'label', 'description', 'input'] as const;

/** Hit ids, or the error message: what a caller of search gets. */
type SearchAnswer = string[] | { error: string };
type LookupAnswer = { id: string } | { error: string };

function ourSearch(index: ToolIndex, query: string, limit: number | undefined): SearchAnswer {
  try {
    return index.search(query, limit === undefined ? {} : { limit }).hits.map((h) => h.id);
  } catch (err) {
    return { error: errorMessage(err) };
  }
}

/** `tool_describe` as the tools-mode dispatcher answers it: a miss carries the recovery guidance. */
function ourLookup(index: ToolIndex, needle: string): LookupAnswer {
  try {
    return { id: index.describe(needle).id };
  } catch (err) {
    return { error: withRecoveryGuidance(errorMessage(err), toolApiErrorCode(err), 'tools') };
  }
}

function ourDirectory(catalog: Catalog, contextTokens: number | undefined): string {
  return buildSurface({ catalog, mode: 'directory', isolation: { ok: true }, ...(contextTokens === undefined ? {} : { contextTokens }) }).directory?.text ?? '';
}

/**
 * Compares the product and OpenClaw over one catalog: the tools the model
 * may use (cataloged and direct-only) go to OpenClaw with the same names,
 * texts and schemas, in one request. Tools are matched by our id.
 */
export async function diffCatalogWithOracle(oracle: OpenClawOracle, catalog: Catalog, checks: CatalogChecks): Promise<Difference[]> {
  const tools = catalog.allowed;
  const byId = new Map<string, CatalogTool>(tools.map((t) => [t.id, t]));
  const ops: Record<string, unknown>[] = [];
  if (checks.compact) ops.push({ op: 'compact' });
  for (const contextTokens of checks.directory ?? []) ops.push({ op: 'directory', mode: 'directory', ...(contextTokens === undefined ? {} : { contextTokens }) });
  for (const s of checks.searches ?? []) ops.push({ op: 'search', query: s.query, ...(s.limit === undefined ? {} : { limit: s.limit }) });
  for (const id of checks.lookups ?? []) ops.push({ op: 'describe', id });
  for (const t of checks.toolLookups ?? []) ops.push({ op: 'describe', key: t.id, by: t.by });
  if (ops.length === 0) return [];
  // The seed's design models a run that replies through the message tool (OpenClaw's `directToolNames`); a
  // version with generated tools models the local operator turn it was generated from, where nothing is added.
  const version = catalog.openclaw?.model.version;
  const directToolNames = version !== undefined && generatedToolsFor(version) ? [] : [REPLY_TOOL_NAME];
  const results = await oracle.recipe<OpResult[]>('catalog', { tools: oracleSpecsOf(tools), ops, directToolNames, controls: controlNamesByMode(version) });
  const index = ToolIndex.fromCatalog(catalog);
  const out: Difference[] = [];
  let i = 0;
  const next = (): OpResult => results[i++] ?? { error: 'no answer' };

  if (checks.compact) {
    const r = next();
    // Our compact entry as search returns it for the modelled epoch (no `input` before 2026.8.1, no bounds until 9.2).
    // An error instead of entries is a difference: comparing nothing must not pass.
    if (!('entries' in r)) {
      out.push(classify({ suite: 'compact', subject: `compact entries (${tools.length} tools)`, field: 'answer', ours: 'entries', openclaw: r }));
    }
    const entries = 'entries' in r ? r.entries : [];
    for (const { key, entry } of entries) {
      const tool = key === undefined ? undefined : byId.get(key);
      if (!tool) continue;
      const ours = index.compactEntry(tool) as unknown as Record<string, unknown>;
      for (const f of COMPACT_FIELDS) {
        const a = ours[f] ?? null;
        const b = entry[f] ?? null;
        if (!jsonEqual(a, b)) {
          out.push(classify({ suite: 'compact', subject: tool.id, field: f, ours: a, openclaw: b, facts: { source: tool.source, parameters: tool.parameters } }));
        }
      }
    }
  }
  for (const contextTokens of checks.directory ?? []) {
    const r = next();
    const theirs = 'text' in r ? `${DIRECTORY_HEADING}\n${r.text}` : r;
    const ours = ourDirectory(catalog, contextTokens);
    if (!jsonEqual(ours, theirs)) {
      out.push(classify({ suite: 'directory', subject: `directory (contextTokens ${contextTokens ?? 'none'}, ${tools.length} tools)`, field: 'text', ours, openclaw: theirs, facts: { contextTokens } }));
    }
  }
  for (const s of checks.searches ?? []) {
    const r = next();
    const theirs: SearchAnswer = 'hits' in r ? r.hits.map((h) => h.key ?? h.id) : 'error' in r ? { error: r.error } : { error: 'unexpected answer' };
    const ours = ourSearch(index, s.query, s.limit);
    if (!jsonEqual(ours, theirs)) {
      out.push(classify({ suite: 'search', subject: `search ${JSON.stringify(s.query)}${s.limit === undefined ? '' : ` limit ${s.limit}`}`, field: 'hits', ours, openclaw: theirs, facts: { query: s.query, limit: s.limit } }));
    }
  }
  const needles = [
    ...(checks.lookups ?? []).map((needle) => ({ needle, subject: `describe ${JSON.stringify(needle)}` })),
    ...(checks.toolLookups ?? []).map((t) => {
      const tool = byId.get(t.id);
      return { needle: (t.by === 'name' ? tool?.name : tool?.id) ?? t.id, subject: `describe ${t.id} by its ${t.by}` };
    }),
  ];
  for (const { needle, subject } of needles) {
    const r = next();
    const theirs: LookupAnswer = 'error' in r ? { error: r.error } : 'id' in r ? { id: r.key ?? r.id } : { error: 'unexpected answer' };
    const ours = ourLookup(index, needle);
    const resolved = 'id' in ours ? byId.get(ours.id) : undefined;
    const facts = { needle, resolvedId: resolved?.id, resolvedName: resolved?.name, resolvedRawName: resolved?.rawName };
    if ('id' in ours !== 'id' in theirs) {
      out.push(classify({ suite: 'lookup', subject, field: 'resolves', ours, openclaw: theirs, facts }));
    } else if (!jsonEqual(ours, theirs)) {
      out.push(classify({ suite: 'lookup', subject, field: 'id' in ours ? 'tool' : 'message', ours, openclaw: theirs, facts }));
    }
  }
  return out;
}
