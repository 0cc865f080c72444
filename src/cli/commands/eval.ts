import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseJson5 } from '../../core/config/json5Document';
import { evaluate, type EvalCase } from '../../core/search/evaluate';
import { checkQuery, MAX_QUERY_CHARS, ToolIndex } from '../../core/search/toolIndex';
import { RankExplainer } from '../../core/searchExplain/rankExplanation';
import { parseSearchTests, runSearchTest, SEARCH_TESTS_FILE, type SearchTestFile, type SearchTestResult } from '../../core/searchExplain/searchTests';
import { errorMessage } from '../../core/util/errors';
import { UsageError, type CliCommand } from '../cliTypes';
import { formatDiagnostic, json, truncate } from '../format';
import { withCatalog } from '../session';
import { intFlag } from './search';
import { READ_LIMITS, readUserText } from '../../core/util/readLimits';

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
    text = readUserText(file, READ_LIMITS.inputFileBytes);
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

/** Reads a search tests file; a file that cannot be read or has a bad entry is a usage error naming the line. */
export function readSearchTests(file: string): SearchTestFile {
  let text: string;
  try {
    text = readUserText(file, READ_LIMITS.inputFileBytes);
  } catch (err) {
    throw new UsageError(`${file}: cannot read search tests: ${errorMessage(err)}`);
  }
  const parsed = parseSearchTests(file, text);
  const problem = parsed.diagnostics.find((d) => d.severity === 'error');
  if (problem) {
    throw new UsageError(formatDiagnostic(problem));
  }
  return parsed;
}

/** `--tests FILE`, else the workspace's own tests file when there is one (only when `--queries` is not given). */
function testsFileOf(ctx: Parameters<CliCommand['run']>[0], queries: string | undefined): string | undefined {
  const given = ctx.args.values.tests;
  if (typeof given === 'string' && given.length > 0) {
    return path.resolve(ctx.io.cwd, given);
  }
  if (queries !== undefined) {
    return undefined;
  }
  const own = path.join(ctx.workspaceOptions().workspace, SEARCH_TESTS_FILE);
  return fs.existsSync(own) ? own : undefined;
}

function testJson(r: SearchTestResult): Record<string, unknown> {
  return {
    query: r.test.query,
    expected: r.test.expected,
    within: r.within,
    match: r.test.match,
    line: r.test.line,
    passed: r.passed,
    hits: r.hits,
    outcomes: r.outcomes.map((o) => ({ expected: o.expected, ...(o.toolId ? { toolId: o.toolId } : {}), ...(o.rank !== undefined ? { rank: o.rank } : {}), ok: o.ok, ...(o.whyNot ? { whyNot: o.whyNot } : {}) })),
  };
}

export const evalCommand: CliCommand = {
  name: 'eval',
  summary: 'measure search quality over labelled queries (top-1, recall@k, MRR, misses) and run the search tests',
  usage: 'eval [--queries FILE] [--tests FILE] [--k N]',
  options: { queries: { type: 'string' }, tests: { type: 'string' }, k: { type: 'string' } },
  run: (ctx) => {
    const raw = ctx.args.values.queries;
    const queries = typeof raw === 'string' && raw.length > 0 ? raw : undefined;
    const testsFile = testsFileOf(ctx, queries);
    if (queries === undefined && testsFile === undefined) {
      throw new UsageError(`eval needs --queries FILE (a JSON array of {query, expected: [...]}) or --tests FILE (default ${SEARCH_TESTS_FILE} in the workspace)`);
    }
    const k = intFlag(ctx, 'k');
    if (k !== undefined && (k < 1 || k > 100)) {
      throw new UsageError(`--k must be between 1 and 100, got ${k}`);
    }
    const tests = testsFile !== undefined ? readSearchTests(testsFile) : undefined;
    const { cases, cut } = queries !== undefined ? readEvalCases(path.resolve(ctx.io.cwd, queries)) : { cases: (tests?.tests ?? []).map((t): EvalCase => ({ query: t.query, expected: t.expected })), cut: 0 };
    return withCatalog(ctx, (catalog) => {
      const index = ToolIndex.fromCatalog(catalog);
      const report = evaluate(index, cases, k ?? catalog.settings.searchDefaultLimit);
      const results = tests ? tests.tests.map((t) => runSearchTest(RankExplainer.fromCatalog(catalog, index), t)) : undefined;
      const failed = results?.filter((r) => !r.passed).length ?? 0;
      const code = failed > 0 ? 1 : 0;
      if (ctx.json) {
        const testsJson = tests && results ? { tests: { file: tests.file, passed: results.length - failed, failed, results: results.map(testJson) } } : {};
        ctx.io.stdout(json({ ...report, cutQueries: cut, ...testsJson }));
        return code;
      }
      const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
      const out = [`${report.n} queries, k=${report.k}: top-1 ${pct(report.top1)}, recall@${report.k} ${pct(report.recallAtK)}, MRR ${report.mrr.toFixed(3)}`];
      if (cut > 0) {
        out.push(`${cut} ${cut === 1 ? 'query was' : 'queries were'} longer than ${MAX_QUERY_CHARS} characters and scored cut to that bound`);
      }
      if (report.misses.length > 0 && queries !== undefined) {
        out.push('', `Misses (${report.misses.length}):`);
        for (const m of report.misses.slice(0, 50)) {
          out.push(`  "${truncate(m.query, 70)}"`, `    expected ${m.expected.join(', ')}`, `    got      ${m.got.slice(0, 5).join(', ') || '(nothing)'}`);
        }
        if (report.misses.length > 50) {
          out.push(`  … ${report.misses.length - 50} more (--json lists all)`);
        }
      }
      if (tests && results) {
        const shown = path.relative(ctx.io.cwd, tests.file);
        out.push('', `Search tests (${shown && !shown.startsWith('..') ? shown : tests.file}): ${results.length - failed} passed, ${failed} failed`);
        for (const r of results) {
          out.push(`  ${r.passed ? 'PASS' : 'FAIL'} "${truncate(r.test.query, 70)}" -> ${r.test.expected.join(', ')} within ${r.within}`);
          if (r.message) {
            out.push(...r.message.split('\n').map((l) => `       ${l}`));
          }
        }
      }
      ctx.io.stdout(out.join('\n'));
      return code;
    });
  },
};
