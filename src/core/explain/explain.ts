import type { Catalog } from '../catalog/catalog';
import { suggestNames } from '../catalog/suggestNames';
import { toolReasonText, type ToolReason, type ToolReasonKind } from '../reasons';
import type { CatalogTool, PolicyDecision, ToolSourceKind } from '../types';
import { formatLocation } from '../util/location';

export type ExplainStatus = 'cataloged' | 'direct-only' | 'excluded' | 'unknown' | 'unavailable';

export interface ExplainMatch {
  id?: string;
  name: string;
  source?: ToolSourceKind;
  sourceName?: string;
  status: ExplainStatus;
  /** The text of `why` (or of the status when there is none): the one rendering, reasons.ts. */
  reason: string;
  /** The kind of `why`, for readers that branch on it. */
  reasonKind?: ToolReasonKind;
  /** Why the tool is excluded or direct-only, as data. */
  why?: ToolReason;
  decisions: PolicyDecision[];
  hint?: string;
}

export interface Explanation {
  query: string;
  /** The OpenClaw version whose tables decided the verdicts (profiles, groups, sandbox defaults, core tools). */
  openclawVersion?: string;
  matches: ExplainMatch[];
  suggestions: string[];
  unavailableServers: string[];
}

function reasonFor(t: CatalogTool, catalog: Catalog): string {
  if (t.status === 'cataloged') {
    return catalog.settings.enabled
      ? 'allowed by policy and indexed for search'
      : 'allowed by policy; Tool Search is off, so its schema is sent to the model up front (direct mode)';
  }
  return toolReasonText(t) ?? t.status;
}

function definitionFix(t: CatalogTool): string | undefined {
  return t.origin ? `fix the definition at ${formatLocation(t.origin)}` : undefined;
}

/** How to let an excluded tool through, chosen by the kind of its reason. */
function hintFor(t: CatalogTool): string | undefined {
  if (t.status !== 'excluded' || !t.reason) {
    return undefined;
  }
  switch (t.reason.kind) {
    case 'policy':
      return t.reason.hint ?? t.hint;
    case 'plugin-disabled':
      return 'enable the plugin in plugins.entries / plugins.allow';
    case 'client-conflict':
    case 'name-conflict':
      return 'rename one of the clashing tools';
    case 'tool-filter':
      return `change the toolFilter of MCP server "${t.sourceName}" (${t.reason.where})`;
    default:
      return definitionFix(t);
  }
}

/** Splits `<server>__<tool>` / `mcp:<server>:<tool>` to name a server a missing tool may come from. */
function serverOf(query: string): string | undefined {
  const m = /^mcp:([^:]+):/.exec(query);
  if (m) {
    return m[1];
  }
  const i = query.indexOf('__');
  return i > 0 ? query.slice(0, i) : undefined;
}

/**
 * Why a tool is (or is not) in the catalog: its status, the policy decisions
 * with file and line, a fix, and, when it is found nowhere, close names and
 * the servers that failed (so a miss is not mistaken for absence).
 */
export function explainTool(catalog: Catalog, query: string): Explanation {
  const q = query.trim();
  const found = new Map<string, CatalogTool>();
  const exact = catalog.get(q);
  if (exact) {
    found.set(exact.id, exact);
  }
  for (const t of catalog.withName(q)) {
    found.set(t.id, t);
  }
  const unavailable = catalog.unavailableServers.map((s) => s.name);
  const matches: ExplainMatch[] = [...found.values()].map((t) => ({
    id: t.id,
    name: t.name,
    source: t.source,
    sourceName: t.sourceName,
    status: t.status,
    reason: reasonFor(t, catalog),
    ...(t.reason ? { reasonKind: t.reason.kind, why: t.reason } : {}),
    decisions: t.decisions,
    hint: hintFor(t),
  }));
  if (matches.length === 0) {
    const server = serverOf(q);
    // A tool of a server that failed or is disabled is unavailable, not unknown.
    const down = server ? catalog.servers.find((s) => s.status !== 'ok' && s.name.toLowerCase() === server.toLowerCase()) : undefined;
    if (down) {
      const what = down.status === 'failed' ? 'failed' : 'is disabled';
      matches.push({
        name: q,
        source: 'mcp',
        sourceName: down.name,
        status: 'unavailable',
        reason: `MCP server "${down.name}" ${what}: ${down.error ?? 'no reason given'}`,
        decisions: [],
        hint: down.status === 'failed' ? `fix the server configured at ${down.origin}` : `enable the server configured at ${down.origin}`,
      });
    } else {
      matches.push({
        name: q,
        status: 'unknown',
        reason: `no source offers a tool named "${q}"`,
        decisions: [],
        hint:
          unavailable.length > 0
            ? `it may come from a server that failed: ${unavailable.join(', ')}`
            : 'check the tool name, or add the server or plugin that provides it',
      });
    }
  }
  const names = catalog.tools.flatMap((t) => (t.rawName ? [t.name, t.rawName] : [t.name]));
  return {
    query: q,
    ...(catalog.openclaw ? { openclawVersion: catalog.openclaw.describe } : {}),
    matches,
    suggestions: matches.some((m) => m.status === 'unknown' || m.status === 'unavailable') ? suggestNames(q, names) : [],
    unavailableServers: unavailable,
  };
}
