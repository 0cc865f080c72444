import picomatch from 'picomatch';
import { mcpQualifiedName } from '../mcpNames';
import type { McpToolFilter } from './serverConfig';

/**
 * `toolFilter` of a server: globs matched against the raw tool name or the
 * model-visible `<server>__<tool>`. Returns why a tool is filtered out, or
 * undefined when it stays. Exclude wins over include.
 */
export function toolFilterReason(server: string, filter: McpToolFilter | undefined, rawName: string): string | undefined {
  if (!filter) {
    return undefined;
  }
  const names = [rawName, mcpQualifiedName(server, rawName)];
  const hit = (globs: readonly string[]): string | undefined => globs.find((g) => names.some((n) => picomatch.isMatch(n, g, { nocase: true })));
  const ex = hit(filter.exclude ?? []);
  if (ex !== undefined) {
    return `filtered out by toolFilter.exclude "${ex}" of MCP server "${server}" (${filter.where})`;
  }
  if (filter.include && filter.include.length > 0 && hit(filter.include) === undefined) {
    return `not matched by toolFilter.include of MCP server "${server}" (${filter.where})`;
  }
  return undefined;
}
