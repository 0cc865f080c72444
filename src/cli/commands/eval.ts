import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseJson5 } from '../../core/config/json5Document';
import { evaluate, type EvalCase } from '../../core/search/evaluate';
import { checkQuery, MAX_QUERY_CHARS, ToolIndex } from '../../core/search/toolIndex';
import { errorMessage } from '../../core/util/errors';
import { UsageError, type CliCommand } from '../cliTypes';
import { formatDiagnostic, json, truncate } from '../format';
import { withCatalog } from '../session';
import { intFlag } from './search';

/** Labelled queries, some cut to the search bound. */
export interface EvalInput {
  cases: EvalCase[];
  /** How many queries were longer than the search bound and were scored cut to it. */
  cut: number;
}

/**
 * Reads `[{query, expected: [name or id, ...]}]`; any problem is a usage
 * error naming the file (and line). A query over the search bound is cut to
 * it, as a model's would have to be, and counted: one long query must not
 * void the evaluation of the rest.
 */
export function readEvalCases(file: string): EvalInput {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${file}: cannot read queries: ${errorMessage(err)}`);
  }
  const doc = parseJson5(file, text);
  const syntax = doc.diagnostics.find((d) => d.severity === 'error');
  if (syntax) {
    throw new UsageError(formatDiagnostic(syntax));
  }
  if (!Array.isArray(doc.value)) {
    throw new UsageError(`${file}:1: queries must be a JSON array of {query, expected: [tool name or id, ...]}`);
  }
  let cut = 0;
  const cases = doc.value.map((item: unknown, i): EvalCase => {
    const where = `${file}:${doc.locate([i])?.line ?? 1}`;
    if (item === null || typeof item !== 'object') {
      throw new UsageError(`${where}: item #${i + 1} must be an object {query, expected}`);
    }
    const { query, expected } = item as { query?: unknown; expected?: unknown };
    if (typeof query !== 'string') {
      throw new UsageError(`${where}: item #${i + 1}: "query" must be a string`);
    }
    let q = query;
    if (q.trim().length > MAX_QUERY_CHARS) {
      q = q.trim().slice(0, MAX_QUERY_CHARS);
      cut++;
    }
    try {
      checkQuery(q);
    } catch (err) {
      throw new UsageError(`${where}: item #${i + 1}: ${errorMessage(err)}`);
    }
    if (!Array.isArray(expected) || expected.length === 0 || !expected.every((e) => typeof e === 'string')) {
      throw new UsageError(`${where}: item #${i + 1}: "expected" must be a non-empty array of tool names or ids`);
    }
    return { query: q, expected: expected as string[] };
  });
  return { cases, cut };
}

export const evalCommand: CliCommand = {
  name: 'eval',
  summary: 'measure search quality over labelled queries: top-1, recall@k, MRR and the misses',
  usage: 'eval --queries FILE [--k N]',
  options: { queries: { type: 'string' }, k: { type: 'string' } },
  run: (ctx) => {
    const raw = ctx.args.values.queries;
    if (typeof raw !== 'string' || raw.length === 0) {
      throw new UsageError('eval needs --queries FILE (a JSON array of {query, expected: [...]})');
    }
    const k = intFlag(ctx, 'k');
    if (k !== undefined && (k < 1 || k > 100)) {
      throw new UsageError(`--k must be between 1 and 100, got ${k}`);
    }
    const { cases, cut } = readEvalCases(path.resolve(ctx.io.cwd, raw));
    return withCatalog(ctx, (catalog) => {
      const report = evaluate(ToolIndex.fromCatalog(catalog), cases, k ?? catalog.settings.searchDefaultLimit);
      if (ctx.json) {
        ctx.io.stdout(json({ ...report, cutQueries: cut }));
        return 0;
      }
      const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
      const out = [`${report.n} queries, k=${report.k}: top-1 ${pct(report.top1)}, recall@${report.k} ${pct(report.recallAtK)}, MRR ${report.mrr.toFixed(3)}`];
      if (cut > 0) {
        out.push(`${cut} ${cut === 1 ? 'query was' : 'queries were'} longer than ${MAX_QUERY_CHARS} characters and scored cut to that bound`);
      }
      if (report.misses.length > 0) {
        out.push('', `Misses (${report.misses.length}):`);
        for (const m of report.misses.slice(0, 50)) {
          out.push(`  "${truncate(m.query, 70)}"`, `    expected ${m.expected.join(', ')}`, `    got      ${m.got.slice(0, 5).join(', ') || '(nothing)'}`);
        }
        if (report.misses.length > 50) {
          out.push(`  … ${report.misses.length - 50} more (--json lists all)`);
        }
      }
      ctx.io.stdout(out.join('\n'));
      return 0;
    });
  },
};
