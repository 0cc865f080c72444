import type { Catalog } from './catalog';
import { openClawId } from './openclawId';
import type { CatalogTool } from '../types';
import { ToolApiError, type ToolApiErrorCode } from '../toolApi';

/** Where a lookup may find tools: the index's own maps, or the authorized part of a catalog. */
export interface LookupCandidates {
  byId(id: string): CatalogTool | undefined;
  /** Tools whose name (or MCP raw name) equals `name`, case-insensitively. */
  byName(name: string): CatalogTool[];
  /** Tools to suggest from when nothing matches. */
  tools(): Iterable<CatalogTool>;
  /**
   * The id OpenClaw gives a tool, which its suggestions score (an MCP tool's
   * is `mcp:<safe server>:<model-facing name>`, not ours with the raw server
   * and tool names); default our id.
   */
  openclawId?(t: CatalogTool): string;
}

function lookupTokens(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^a-z0-9]+/u).filter((t) => t !== ''));
}

/** How well a tool answers a missed needle: OpenClaw's `scoreUnknownToolSuggestion` weights. */
function suggestionScore(needle: string, needleTokens: ReadonlySet<string>, t: CatalogTool, openclawId: string): number {
  const name = t.name.toLowerCase();
  const id = openclawId.toLowerCase();
  const label = (t.label ?? '').toLowerCase();
  const description = t.description.toLowerCase();
  const own = lookupTokens(`${t.name} ${openclawId} ${t.label ?? ''} ${t.description}`);
  let score = 0;
  if ((name !== '' && needle.includes(name)) || id.includes(needle)) score += 40;
  if (name !== '' && needleTokens.has(name)) score += 40;
  for (const token of needleTokens) {
    if (own.has(token)) score += 12;
  }
  if (label.includes(needle) || description.includes(needle)) score += 8;
  return score;
}

/**
 * Up to three tools to suggest after a miss, as OpenClaw picks them
 * (`formatUnknownToolIdError`): scored on name, id, label and description
 * tokens, best first, then alphabetically; a name two tools share is
 * suggested by id.
 */
export function suggestTools(needle: string, tools: Iterable<CatalogTool>, openclawId: (t: CatalogTool) => string = (t) => t.id): string[] {
  const all = [...tools];
  const counts = new Map<string, number>();
  for (const t of all) {
    counts.set(t.name, (counts.get(t.name) ?? 0) + 1);
  }
  const lower = needle.toLowerCase();
  const tokens = lookupTokens(needle);
  const scored = all
    .map((t) => ({ value: (counts.get(t.name) ?? 0) > 1 ? t.id : t.name, score: suggestionScore(lower, tokens, t, openclawId(t)) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.value.localeCompare(b.value));
  return [...new Set(scored.map((c) => c.value))].slice(0, 3);
}

/**
 * The one lookup rule of Tool Search: exact id, then a unique name.
 * Ambiguous names list the ids to use; unknown ones suggest close names and
 * name the failed servers a missing tool may belong to.
 */
export function resolveTool(idOrName: string, c: LookupCandidates, unavailableServers: readonly string[] = []): CatalogTool {
  const q = idOrName.trim();
  const byId = c.byId(q);
  if (byId) {
    return byId;
  }
  const matches = c.byName(q);
  if (matches.length === 1) {
    return matches[0] as CatalogTool;
  }
  // The loose match (other letter case, MCP raw names) never makes an exact model-facing name ambiguous.
  const exact = matches.filter((t) => t.name === q);
  if (exact.length === 1) {
    return exact[0] as CatalogTool;
  }
  // Then a model-facing name in another letter case, before any MCP raw name:
  // "PROCESS" is the core `process`, not also an MCP server's raw `process`.
  const folded = q.toLowerCase();
  const sameName = matches.filter((t) => t.name.toLowerCase() === folded);
  if (sameName.length === 1) {
    return sameName[0] as CatalogTool;
  }
  if (matches.length > 1) {
    const ids = matches.map((t) => t.id).sort();
    // OpenClaw's text (`findEntry`), then the ids to choose from.
    throw new ToolApiError(`Ambiguous tool name: ${q}; use an exact tool id. Ids: ${ids.join(', ')}.`, 'ambiguous-tool');
  }
  const suggestions = suggestTools(q, c.tools(), (t) => c.openclawId?.(t) ?? t.id);
  let message = `Unknown tool id: ${q}.`;
  if (suggestions.length > 0) {
    message += ` Did you mean: ${suggestions.join(', ')}?`;
  }
  if (unavailableServers.length > 0) {
    message += ` Unavailable MCP servers: ${unavailableServers.join(', ')}.`;
  }
  throw new ToolApiError(message, 'unknown-tool');
}

/** Where a lookup miss is reported: the code bridge, or the structured tools. */
export type RecoverySurface = 'code-mode' | 'tools';

/**
 * OpenClaw's recovery guidance after "Unknown tool id" (`formatUnknownToolIdError`):
 * models loop on bare misses, so each surface says how to find the tool.
 */
export function recoveryGuidance(surface: RecoverySurface, names: ControlToolNames = PRODUCT_CONTROL_NAMES): string {
  return surface === 'code-mode'
    ? 'Use openclaw.tools.search to find a tool, openclaw.tools.describe to inspect it, then openclaw.tools.call with the exact id or name.'
    : `Use ${names.search} to find a tool, ${names.describe} to inspect it, then ${names.call} with the exact id or name.`;
}

/** The structured control tools' names the tools-mode guidance quotes: the modelled release's (a release may rename them). */
export interface ControlToolNames {
  search: string;
  describe: string;
  call: string;
}

/** The names of 2026.5.12 - 9.6 (and of the product's own Tool Search), where no release says otherwise. */
const PRODUCT_CONTROL_NAMES: ControlToolNames = { search: 'tool_search', describe: 'tool_describe', call: 'tool_call' };

/**
 * A failure's message with the surface's recovery guidance appended when the
 * failure is an unknown tool (by its code, never by its text); other messages unchanged.
 */
export function withRecoveryGuidance(message: string, code: ToolApiErrorCode | undefined, surface: RecoverySurface, names?: ControlToolNames): string {
  return code === 'unknown-tool' ? `${message} ${recoveryGuidance(surface, names)}` : message;
}

/** The lookup code of a thrown error, if it is a ToolApiError. */
export function toolApiErrorCode(err: unknown): ToolApiErrorCode | undefined {
  return err instanceof ToolApiError ? err.code : undefined;
}

/**
 * Finds a tool the model may use. Only authorized tools (cataloged or
 * direct-only, and passing `permit`) are ever found or suggested, so a
 * lookup error never names a tool outside the policy.
 */
export function lookupAllowed(catalog: Catalog, idOrName: string, permit: (t: CatalogTool) => boolean = () => true): CatalogTool {
  const ok = (t: CatalogTool): boolean => t.status !== 'excluded' && permit(t);
  const mcpOwner = catalog.openclaw?.model.toolSearch?.mcpEntryOwner;
  return resolveTool(
    idOrName,
    {
      byId: (id) => {
        const t = catalog.get(id);
        return t && ok(t) ? t : undefined;
      },
      byName: (name) => catalog.withName(name).filter(ok),
      tools: () => catalog.allowed.filter(ok),
      openclawId: (t) => openClawId(t, mcpOwner),
    },
    catalog.unavailableServers.map((s) => s.name),
  );
}

/** The excluded tool a name or id refers to, if exactly one: so a refused call can say why. */
export function lookupExcluded(catalog: Catalog, idOrName: string): CatalogTool | undefined {
  const q = idOrName.trim();
  const byId = catalog.get(q);
  if (byId) {
    return byId.status === 'excluded' ? byId : undefined;
  }
  const named = catalog.withName(q);
  return named.length === 1 && named[0]?.status === 'excluded' ? named[0] : undefined;
}
