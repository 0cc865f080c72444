import picomatch from 'picomatch';
import type { DefinitionDefect } from '../../reasons';
import { mcpQualifiedName } from '../mcpNames';
import type { McpToolFilter } from './serverConfig';

/**
 * `toolFilter` of a server: globs matched against the raw tool name or the
 * model-visible `<server>__<tool>`. Returns why a tool is filtered out, or
 * undefined when it stays. Exclude wins over include.
 */
export function toolFilterDefect(server: string, filter: McpToolFilter | undefined, rawName: string): DefinitionDefect | undefined {
  if (!filter) {
    return undefined;
  }
  const names = [rawName, mcpQualifiedName(server, rawName)];
  const hit = (globs: readonly string[]): number => globs.findIndex((g) => names.some((n) => picomatch.isMatch(n, g, { nocase: true })));
  const exclude = filter.exclude ?? [];
  const ex = hit(exclude);
  if (ex >= 0) {
    const at = filter.excludeAt?.[ex] ?? filter.at;
    return { kind: 'tool-filter', rule: 'exclude', glob: exclude[ex], where: filter.where, ...(at ? { at } : {}) };
  }
  if (filter.include && filter.include.length > 0 && hit(filter.include) < 0) {
    // The include list itself decided: point at the list, not at one of its globs.
    const at = filter.includeKeyAt ?? filter.at;
    return { kind: 'tool-filter', rule: 'include', where: filter.where, ...(at ? { at } : {}) };
  }
  return undefined;
}
