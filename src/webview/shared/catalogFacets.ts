// Facet counts of the tools table (per source, status and server/plugin),
// shared by both ends: the host computes them for a catalog's first message,
// before the webview has every row, and the webview's table from its rows.
// One function, so the counts shown early are the counts the full table has.
import type { SourceKindView, ToolRow, ToolStatusView } from './catalogProtocol';

export interface FacetCount {
  key: string;
  label: string;
  count: number;
}

export interface FacetCounts {
  sources: FacetCount[];
  statuses: FacetCount[];
  owners: FacetCount[];
}

export const STATUS_ORDER: Record<ToolStatusView, number> = { cataloged: 0, 'direct-only': 1, excluded: 2 };
export const SOURCE_ORDER: Record<SourceKindView, number> = { openclaw: 0, mcp: 1, client: 2 };

export function ownerKey(t: Pick<ToolRow, 'source' | 'sourceName'>): string {
  return `${t.source}\u0000${t.sourceName}`;
}

/** Counts per source, status and owner over `rows` (the facet labels). */
export function facetCountsOf(rows: readonly Pick<ToolRow, 'source' | 'sourceName' | 'status'>[], collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })): FacetCounts {
  const sources = new Map<string, number>();
  const statuses = new Map<string, number>();
  const owners = new Map<string, FacetCount>();
  for (const t of rows) {
    sources.set(t.source, (sources.get(t.source) ?? 0) + 1);
    statuses.set(t.status, (statuses.get(t.status) ?? 0) + 1);
    const k = ownerKey(t);
    const o = owners.get(k) ?? { key: k, label: t.sourceName, count: 0 };
    o.count++;
    owners.set(k, o);
  }
  const list = (m: Map<string, number>, order: Record<string, number>): FacetCount[] =>
    [...m].map(([key, count]) => ({ key, label: key, count })).sort((a, b) => (order[a.key] ?? 9) - (order[b.key] ?? 9));
  const sourceRank = (key: string): number => SOURCE_ORDER[key.split('\u0000')[0] as SourceKindView] ?? 9;
  return {
    sources: list(sources, SOURCE_ORDER),
    statuses: list(statuses, STATUS_ORDER),
    owners: [...owners.values()].sort((a, b) => sourceRank(a.key) - sourceRank(b.key) || collator.compare(a.label, b.label)),
  };
}

function isFacetList(v: unknown): v is FacetCount[] {
  return Array.isArray(v) && v.every((c: unknown) => typeof c === 'object' && c !== null && typeof (c as FacetCount).key === 'string' && typeof (c as FacetCount).label === 'string' && Number.isSafeInteger((c as FacetCount).count) && (c as FacetCount).count >= 0);
}

export function isFacetCounts(v: unknown): v is FacetCounts {
  if (typeof v !== 'object' || v === null) {
    return false;
  }
  const f = v as Record<string, unknown>;
  return isFacetList(f.sources) && isFacetList(f.statuses) && isFacetList(f.owners);
}
