import type { ScanPath } from './json5Scan';

/**
 * What the strings of a list in an OpenClaw config name:
 * - `tool-pattern`: tool policy entries (names, globs, `group:*`, plugin ids, `bundle-mcp`),
 * - `tool-filter`: globs over one MCP server's tools (`mcp.servers.<server>.toolFilter`),
 * - `plugin-id`: plugin ids (`plugins.allow`, `plugins.deny`).
 */
export type ListKind =
  | { kind: 'tool-pattern'; field: 'allow' | 'alsoAllow' | 'deny' }
  | { kind: 'tool-filter'; server: string; field: 'include' | 'exclude' }
  | { kind: 'plugin-id'; field: 'allow' | 'deny' };

const POLICY_FIELDS = ['allow', 'alsoAllow', 'deny'] as const;

/**
 * The `tools` sections that hold policy lists, as key paths with `*` for any
 * key or index. `agents.list` is the spelling the inspector's policy reads;
 * `agents.entries` is 2026.9.6's.
 */
const POLICY_SECTIONS: readonly (readonly string[])[] = (() => {
  const inTools: (readonly string[])[] = [[], ['byProvider', '*'], ['toolsBySender', '*'], ['sandbox', 'tools'], ['subagents', 'tools']];
  const roots: (readonly string[])[] = [['tools'], ['agents', 'list', '*', 'tools'], ['agents', 'entries', '*', 'tools']];
  return roots.flatMap((r) => inTools.map((s) => [...r, ...s]));
})();

function matches(path: ScanPath, pattern: readonly string[]): boolean {
  return path.length === pattern.length && pattern.every((p, i) => p === '*' || p === String(path[i]));
}

/** The kind of list whose element is at `path` (the path of the list itself plus an index). */
export function listKindOf(listPath: ScanPath): ListKind | undefined {
  const field = listPath[listPath.length - 1];
  const parent = listPath.slice(0, -1);
  if (typeof field !== 'string') {
    return undefined;
  }
  if ((POLICY_FIELDS as readonly string[]).includes(field) && POLICY_SECTIONS.some((s) => matches(parent, s))) {
    return { kind: 'tool-pattern', field: field as (typeof POLICY_FIELDS)[number] };
  }
  if ((field === 'include' || field === 'exclude') && matches(parent, ['mcp', 'servers', '*', 'toolFilter'])) {
    return { kind: 'tool-filter', server: String(parent[2]), field };
  }
  if ((field === 'allow' || field === 'deny') && matches(parent, ['plugins'])) {
    return { kind: 'plugin-id', field };
  }
  return undefined;
}

/** The list kind of an element path (`[..., 'deny', 3]`), when the element is in such a list. */
export function listKindOfElement(path: ScanPath): ListKind | undefined {
  const last = path[path.length - 1];
  return typeof last === 'number' ? listKindOf(path.slice(0, -1)) : undefined;
}

/** Whether a key path names a plugin entry (`plugins.entries.<id>`). */
export function isPluginEntryKey(path: ScanPath): boolean {
  return matches(path, ['plugins', 'entries', '*']);
}

/** The `tools.toolSearch` key a path is at or inside (`mode`, `maxSearchLimit`, ...), or `''` for the section itself. */
export function toolSearchKeyOf(path: ScanPath): string | undefined {
  if (path[0] !== 'tools' || path[1] !== 'toolSearch') {
    return undefined;
  }
  return path.length === 2 ? '' : String(path[2]);
}
