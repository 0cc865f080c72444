// The tools table's model: which rows a filter, facets and sort leave, in
// which order. Pure (no DOM), so it is unit-tested and stays fast at 10,000
// rows: every row's search text and sort keys are computed once per catalog.
import type { SourceKindView, ToolRow, ToolStatusView } from '../shared/catalogProtocol';
import { facetCountsOf, ownerKey, SOURCE_ORDER, STATUS_ORDER, type FacetCounts } from '../shared/catalogFacets';

export { ownerKey, type FacetCount, type FacetCounts } from '../shared/catalogFacets';

export type SortColumn = 'status' | 'name' | 'source' | 'description';
export type SortDirection = 'asc' | 'desc';

export interface SortOrder {
  column: SortColumn;
  direction: SortDirection;
}

/** Facet selections: an empty set means "any". */
export interface Facets {
  sources: ReadonlySet<SourceKindView>;
  statuses: ReadonlySet<ToolStatusView>;
  /** `source\u0000sourceName` keys (an MCP server, a plugin, `core`, `client`). */
  owners: ReadonlySet<string>;
}

export interface TableQuery {
  filter: string;
  facets: Facets;
  /** Undefined: the catalog's own order. */
  sort?: SortOrder;
}

export const SORT_COLUMNS: readonly SortColumn[] = ['status', 'name', 'source', 'description'];

/** What the description column shows: a tool's description, or the reason it is not searchable. */
export function rowText(t: ToolRow): string {
  return t.status === 'cataloged' ? t.description : (t.reason ?? t.status);
}

/**
 * The rows of one catalog, prepared once: lower-cased search text and sort
 * keys, so a keystroke costs one substring scan and no allocation per row.
 */
export class ToolTable {
  private readonly haystacks: string[];
  private readonly orders = new Map<SortColumn, Uint32Array>();
  private readonly collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

  constructor(readonly rows: readonly ToolRow[]) {
    this.haystacks = rows.map((t) => `${t.name}\n${t.id}\n${t.sourceName}\n${t.description}\n${t.reason ?? ''}`.toLowerCase());
  }

  /** Row indices in ascending order of `column` (stable: ties keep catalog order). */
  private order(column: SortColumn): Uint32Array {
    let o = this.orders.get(column);
    if (!o) {
      const idx = Array.from(this.rows.keys());
      const r = this.rows;
      const cmp = this.collator.compare;
      const key: (i: number) => string = column === 'name' ? (i) => r[i]?.name ?? '' : column === 'description' ? (i) => rowText(r[i] as ToolRow) : (i) => r[i]?.sourceName ?? '';
      idx.sort((a, b) => {
        const ra = r[a] as ToolRow;
        const rb = r[b] as ToolRow;
        if (column === 'status') {
          return STATUS_ORDER[ra.status] - STATUS_ORDER[rb.status] || a - b;
        }
        if (column === 'source') {
          return SOURCE_ORDER[ra.source] - SOURCE_ORDER[rb.source] || cmp(key(a), key(b)) || cmp(ra.name, rb.name) || a - b;
        }
        return cmp(key(a), key(b)) || a - b;
      });
      o = Uint32Array.from(idx);
      this.orders.set(column, o);
    }
    return o;
  }

  private passes(i: number, q: TableQuery, needle: string): boolean {
    const t = this.rows[i] as ToolRow;
    const f = q.facets;
    if (f.sources.size > 0 && !f.sources.has(t.source)) {
      return false;
    }
    if (f.statuses.size > 0 && !f.statuses.has(t.status)) {
      return false;
    }
    if (f.owners.size > 0 && !f.owners.has(ownerKey(t))) {
      return false;
    }
    return needle === '' || (this.haystacks[i] as string).includes(needle);
  }

  /** Indices into `rows` of the rows shown, in display order. */
  query(q: TableQuery): number[] {
    const needle = q.filter.trim().toLowerCase();
    const out: number[] = [];
    if (!q.sort) {
      for (let i = 0; i < this.rows.length; i++) {
        if (this.passes(i, q, needle)) {
          out.push(i);
        }
      }
      return out;
    }
    const order = this.order(q.sort.column);
    if (q.sort.direction === 'asc') {
      for (const i of order) {
        if (this.passes(i, q, needle)) {
          out.push(i);
        }
      }
    } else {
      for (let k = order.length - 1; k >= 0; k--) {
        const i = order[k] as number;
        if (this.passes(i, q, needle)) {
          out.push(i);
        }
      }
    }
    return out;
  }

  /** Counts per source, status and owner over the whole catalog (facet labels). */
  facetCounts(): FacetCounts {
    return facetCountsOf(this.rows, this.collator);
  }
}

/** The next sort after a click on `column`: ascending, then descending, then the catalog's order. */
export function nextSort(current: SortOrder | undefined, column: SortColumn): SortOrder | undefined {
  if (!current || current.column !== column) {
    return { column, direction: 'asc' };
  }
  return current.direction === 'asc' ? { column, direction: 'desc' } : undefined;
}

/** A set with `key` added or removed. */
export function toggled<T>(set: ReadonlySet<T>, key: T): Set<T> {
  const next = new Set(set);
  if (!next.delete(key)) {
    next.add(key);
  }
  return next;
}
