import { ToolApiError, type SearchResult } from '../../core/toolApi';
import { ToolIndex } from '../../core/search/toolIndex';
import { UsageError, type CliCommand, type CommandContext } from '../cliTypes';
import { json, table, truncate } from '../format';
import { withCatalog } from '../session';

/** A positive integer flag; anything else is a usage error (exit 2). */
export function intFlag(ctx: CommandContext, name: string): number | undefined {
  const raw = ctx.args.values[name];
  if (raw === undefined) {
    return undefined;
  }
  if (typeof raw !== 'string' || !/^\s*-?\d+\s*$/.test(raw)) {
    throw new UsageError(`--${name} needs a whole number, got "${String(raw)}"`);
  }
  return Number.parseInt(raw, 10);
}

/** A search input error (empty or over-long query) is bad input: exit 2 with its one-line reason. */
export function asUsageError(err: unknown): never {
  if (err instanceof ToolApiError && (err.code === 'empty-query' || err.code === 'query-too-long' || err.code === 'too-many-queries')) {
    throw new UsageError(err.message);
  }
  throw err;
}

export const searchCommand: CliCommand = {
  name: 'search',
  summary: 'search the catalog as the model does: compact hits, best first',
  usage: 'search QUERY [--limit N]',
  options: { limit: { type: 'string' } },
  run: (ctx) => {
    const query = ctx.args.positionals.join(' ');
    if (query.trim().length === 0) {
      throw new UsageError('search needs a query, e.g. search "create an issue"');
    }
    const limit = intFlag(ctx, 'limit');
    return withCatalog(ctx, (catalog) => {
      let result: SearchResult;
      try {
        result = ToolIndex.fromCatalog(catalog).search(query, limit !== undefined ? { limit } : {});
      } catch (err) {
        asUsageError(err);
      }
      if (ctx.json) {
        ctx.io.stdout(json(result));
        return 0;
      }
      const out: string[] = [];
      if (result.hits.length === 0) {
        out.push(`No tool matches "${result.query}" (${catalog.size} tools searched).`);
      } else {
        out.push(
          table(
            ['#', 'SCORE', 'ID', 'INPUT / DESCRIPTION'],
            result.hits.flatMap((h, i) => [
              [String(i + 1), h.score.toFixed(2), h.id, truncate(h.input ?? "(none: this OpenClaw sends no input hint)", 90)],
              ['', '', '', truncate(h.description, 90)],
            ]),
          ),
        );
        out.push('', `${result.hits.length} hits (limit ${result.limit}) from ${catalog.size} cataloged tools.`);
      }
      if (result.unavailableServers?.length) {
        out.push(`Unavailable MCP servers (their tools cannot be found): ${result.unavailableServers.join(', ')}`);
      }
      ctx.io.stdout(out.join('\n'));
      return 0;
    });
  },
};
