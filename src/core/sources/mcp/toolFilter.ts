import type { DefinitionDefect } from '../../reasons';
import type { McpToolFilter } from './serverConfig';

/**
 * One `toolFilter` pattern against a raw MCP tool name, as OpenClaw 2026.9.6
 * matches it (`matchesMcpToolFilterPattern`, src/agents/mcp-tool-filter.ts):
 * the pattern is trimmed, a blank pattern matches nothing, the comparison is
 * case-sensitive, and `*` (any run of characters) is the only wildcard; `?`,
 * `[...]` and `{a,b}` are literal characters.
 */
export function matchesToolFilterPattern(pattern: string, value: string): boolean {
  const trimmed = pattern.trim();
  if (trimmed === '') {
    return false;
  }
  if (!trimmed.includes('*')) {
    return trimmed === value;
  }
  const parts = trimmed.split('*');
  const first = parts[0] ?? '';
  const last = parts.at(-1) ?? '';
  if (first !== '' && !value.startsWith(first)) {
    return false;
  }
  let cursor = first.length;
  const endBound = last !== '' ? value.length - last.length : value.length;
  if (last !== '' && (!value.endsWith(last) || endBound < cursor)) {
    return false;
  }
  for (const part of parts.slice(1, -1)) {
    if (part === '') {
      continue;
    }
    const index = value.indexOf(part, cursor);
    if (index === -1 || index + part.length > endBound) {
      return false;
    }
    cursor = index + part.length;
  }
  return true;
}

/**
 * `toolFilter` of a server on the tool's raw name (never the model-facing
 * `<server>__<tool>`, OpenClaw's `isMcpToolAllowed`): a tool must match an
 * include pattern when the include list is not empty, and no exclude pattern.
 * Returns why a tool is filtered out, or undefined when it stays.
 */
export function toolFilterDefect(_server: string, filter: McpToolFilter | undefined, rawName: string): DefinitionDefect | undefined {
  if (!filter) {
    return undefined;
  }
  const hit = (patterns: readonly string[]): number => patterns.findIndex((g) => matchesToolFilterPattern(g, rawName));
  const exclude = filter.exclude ?? [];
  const ex = hit(exclude);
  if (ex >= 0) {
    const at = filter.excludeAt?.[ex] ?? filter.at;
    return { kind: 'tool-filter', rule: 'exclude', glob: exclude[ex], where: filter.where, ...(at ? { at } : {}) };
  }
  if (filter.include && filter.include.length > 0 && hit(filter.include) < 0) {
    // The include list itself decided: point at the list, not at one of its patterns.
    const at = filter.includeKeyAt ?? filter.at;
    return { kind: 'tool-filter', rule: 'include', where: filter.where, ...(at ? { at } : {}) };
  }
  return undefined;
}
