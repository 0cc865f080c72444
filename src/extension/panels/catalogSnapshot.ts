// Turns a core Catalog into the panel's plain snapshot (no `vscode` here).
import type { Catalog } from '../../core/catalog/catalog';
import { toolReasonText } from '../../core/reasons';
import { formatLocation } from '../../core/util/location';
import { facetCountsOf, type FacetCounts } from '../../webview/shared/catalogFacets';
import type { CatalogSnapshot, SourceRow } from '../../webview/shared/catalogProtocol';
import { linkOf } from '../explain/explainView';
import { staleWhere, type StaleMark } from '../stale/staleMark';
import { EDITOR_WORDING } from '../editorWording';

export function toCatalogSnapshot(catalog: Catalog, opts: { workspaceName: string; trusted: boolean; rootUri?: string; stale?: StaleMark }): CatalogSnapshot {
  const rows = new Map<string, SourceRow>();
  for (const t of catalog.tools) {
    const key = `${t.source}\u0000${t.sourceName}`;
    const row = rows.get(key) ?? { source: t.source, sourceName: t.sourceName, cataloged: 0, directOnly: 0, excluded: 0 };
    if (t.status === 'cataloged') {
      row.cataloged++;
    } else if (t.status === 'direct-only') {
      row.directOnly++;
    } else {
      row.excluded++;
    }
    rows.set(key, row);
  }
  for (const s of catalog.servers) {
    const key = `mcp\u0000${s.name}`;
    const row = rows.get(key) ?? { source: 'mcp', sourceName: s.name, cataloged: 0, directOnly: 0, excluded: 0 };
    row.status = s.status;
    row.error = s.error;
    rows.set(key, row);
  }
  for (const p of catalog.plugins) {
    const key = `openclaw\u0000${p.id}`;
    const row = rows.get(key) ?? { source: 'openclaw', sourceName: p.id, cataloged: 0, directOnly: 0, excluded: 0 };
    row.status = p.status;
    row.error = p.status === 'failed' ? p.reason : undefined;
    rows.set(key, row);
  }
  const order = { openclaw: 0, mcp: 1, client: 2 };
  const sources = [...rows.values()].sort((a, b) => order[a.source] - order[b.source] || a.sourceName.localeCompare(b.sourceName));
  const s = catalog.settings;
  const errors = catalog.diagnostics.filter((d) => d.severity === 'error');
  return {
    ...(opts.rootUri ? { rootUri: opts.rootUri } : {}),
    workspaceName: opts.workspaceName,
    mode: s.enabled ? s.mode : 'direct',
    ...(catalog.openclaw ? { openclawVersion: catalog.openclaw.model.version, openclawVersionSource: catalog.openclaw.describe } : {}),
    searchEnabled: s.enabled,
    configured: s.configured,
    trusted: opts.trusted,
    size: catalog.size,
    counts: catalog.countBySource(),
    directOnly: catalog.directOnly.length,
    alwaysSent: catalog.directOnly.length + catalog.cataloged.filter((t) => t.directVisible === true).length,
    excluded: catalog.excluded.length,
    sources,
    tools: catalog.tools.map((t) => ({
      id: t.id,
      name: t.name,
      source: t.source,
      sourceName: t.sourceName,
      status: t.status,
      description: t.description,
      reason: toolReasonText(t, EDITOR_WORDING),
      reasonKind: t.reason?.kind,
      ...(t.status !== 'cataloged' && t.reason?.at ? { rule: linkOf(t.reason.at) } : {}),
    })),
    problems: errors.map((d) => `${formatLocation(d)}: ${d.message}`),
    // Index for index with `problems`, so each banner opens its own place.
    problemLocations: errors.map((d) => ({ file: d.file, ...(d.line !== undefined ? { line: d.line } : {}), label: formatLocation(d) })),
    builtAt: catalog.builtAt,
    ...(opts.stale ? { stale: { ...opts.stale, where: staleWhere(opts.stale) } } : {}),
  };
}

/** From this many tools on, the panel gets its catalog in two parts (below it, one message is as quick). */
export const PROGRESSIVE_MIN_TOOLS = 1000;
/** Rows in the first part: a tall screen's worth and then some, in the catalog's own (the table's default) order. */
export const HEAD_ROWS = 200;

/** What the first message of a large catalog carries (see `CatalogHead`). */
export interface CatalogHeadPart {
  snapshot: CatalogSnapshot;
  total: number;
  facets: FacetCounts;
}

/**
 * The first screen of `snapshot`: everything but its tools, its first
 * `headRows` tools, and the facet counts of all of them (counted here, so the
 * webview shows the whole catalog's counts before it has the whole catalog).
 * Undefined below `minTools`: the catalog goes as one message.
 */
export function catalogHead(snapshot: CatalogSnapshot, opts: { minTools?: number; headRows?: number } = {}): CatalogHeadPart | undefined {
  const total = snapshot.tools.length;
  if (total < (opts.minTools ?? PROGRESSIVE_MIN_TOOLS)) {
    return undefined;
  }
  return {
    snapshot: { ...snapshot, tools: snapshot.tools.slice(0, opts.headRows ?? HEAD_ROWS) },
    total,
    facets: facetCountsOf(snapshot.tools),
  };
}
