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
  const hit = (globs: readonly string[]): string | undefined => globs.find((g) => names.some((n) => picomatch.isMatch(n, g, { nocase: true })));
  const ex = hit(filter.exclude ?? []);
  if (ex !== undefined) {
    return { kind: 'tool-filter', rule: 'exclude', glob: ex, where: filter.where };
  }
  if (filter.include && filter.include.length > 0 && hit(filter.include) === undefined) {
    return { kind: 'tool-filter', rule: 'include', where: filter.where };
  }
  return undefined;
}
