import { parseJson5 } from '../config/json5Document';
import { isExpected } from '../search/evaluate';
import { MAX_QUERY_CHARS } from '../search/toolIndex';
import type { Diagnostic } from '../types';
import { whyNotText } from './explanationText';
import type { RankExplainer, WhyNot } from './rankExplanation';

/**
 * Search tests: a workspace file (`.openclaw/tool-search.tests.json`) of
 * queries and the tools they must find, so that a catalog change that buries
 * a tool fails like any other test, in the editor's Testing view and in CI
 * (`eval`). The ranking is the real index's; a failure carries the why-not
 * analysis of each missed tool.
 */

/** Where a workspace keeps its search tests. */
export const SEARCH_TESTS_FILE = '.openclaw/tool-search.tests.json';
/** The largest "within" a test may ask for: the highest search limit a config allows. */
export const MAX_WITHIN = 50;

export interface SearchTest {
  /** Stable within the file: the query, numbered when repeated. */
  id: string;
  query: string;
  /** Tool ids or names (MCP raw names too), case-insensitive. */
  expected: string[];
  /** Each expected tool must rank at most here; absent: the configured search limit. */
  within?: number;
  /** `all` (default): every expected tool; `any`: one of them is enough. */
  match: 'all' | 'any';
  /** 1-based line of the test in its file. */
  line: number;
}

export interface SearchTestFile {
  file: string;
  tests: SearchTest[];
  /** Problems with the file or an entry (an entry with a problem is left out, not guessed). */
  diagnostics: Diagnostic[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads a tests file: `{ tests: [...] }` or a bare array of `{ query, expected, within?, match? }`. */
export function parseSearchTests(file: string, text: string): SearchTestFile {
  const doc = parseJson5(file, text);
  const diagnostics: Diagnostic[] = [...doc.diagnostics];
  if (diagnostics.some((d) => d.severity === 'error')) {
    return { file, tests: [], diagnostics };
  }
  const root = doc.value;
  const items = Array.isArray(root) ? root : isRecord(root) && Array.isArray(root.tests) ? root.tests : undefined;
  const base: (string | number)[] = Array.isArray(root) ? [] : ['tests'];
  if (items === undefined) {
    diagnostics.push({ file, line: 1, severity: 'error', message: 'search tests must be { "tests": [{ "query": "...", "expected": ["tool id or name"] }] }' });
    return { file, tests: [], diagnostics };
  }
  const tests: SearchTest[] = [];
  const seen = new Map<string, number>();
  items.forEach((item: unknown, i) => {
    const line = doc.locate([...base, i])?.line ?? 1;
    const problem = (message: string): void => {
      diagnostics.push({ file, line, severity: 'error', message: `test #${i + 1}: ${message}` });
    };
    if (!isRecord(item)) {
      problem('must be an object { query, expected }');
      return;
    }
    const { query, expected, within, match } = item;
    if (typeof query !== 'string' || query.trim().length === 0) {
      problem('"query" must be a non-empty string');
      return;
    }
    if (query.trim().length > MAX_QUERY_CHARS) {
      problem(`"query" is longer than the search bound of ${MAX_QUERY_CHARS} characters`);
      return;
    }
    const list = typeof expected === 'string' ? [expected] : expected;
    if (!Array.isArray(list) || list.length === 0 || !list.every((e) => typeof e === 'string' && e.trim().length > 0)) {
      problem('"expected" must be a tool id or name, or a non-empty array of them');
      return;
    }
    if (within !== undefined && (typeof within !== 'number' || !Number.isInteger(within) || within < 1 || within > MAX_WITHIN)) {
      problem(`"within" must be an integer from 1 to ${MAX_WITHIN}`);
      return;
    }
    if (match !== undefined && match !== 'all' && match !== 'any') {
      problem('"match" must be "all" or "any"');
      return;
    }
    const q = query.trim();
    const n = (seen.get(q) ?? 0) + 1;
    seen.set(q, n);
    tests.push({ id: n === 1 ? q : `${q} (${n})`, query: q, expected: list as string[], ...(within !== undefined ? { within } : {}), match: match ?? 'all', line });
  });
  return { file, tests, diagnostics };
}

export interface ExpectedOutcome {
  expected: string;
  /** The tool it names, when the catalog has one. */
  toolId?: string;
  /** 1-based rank; absent when the tool matched nothing (or is not searchable or unknown). */
  rank?: number;
  ok: boolean;
  /** For a missed tool: why, and what would help. */
  whyNot?: WhyNot;
}

export interface SearchTestResult {
  test: SearchTest;
  passed: boolean;
  within: number;
  /** Ids of the hits the model would get (the configured limit). */
  hits: string[];
  outcomes: ExpectedOutcome[];
  /** One paragraph per missed tool, for a failure message. */
  message?: string;
}

/** Runs one test with the real ranking. */
export function runSearchTest(explainer: RankExplainer, test: SearchTest): SearchTestResult {
  const explanation = explainer.explain(test.query);
  const within = test.within ?? explanation.limit;
  const ranked = explainer.index.rank(test.query, Math.max(within, explanation.limit));
  const outcomes = test.expected.map((expected): ExpectedOutcome => {
    const at = ranked.findIndex((r) => isExpected(r.tool, [expected]));
    if (at >= 0 && at < within) {
      return { expected, toolId: ranked[at]?.tool.id, rank: at + 1, ok: true };
    }
    const tool = explainer.find(expected);
    if (!tool) {
      return { expected, ok: false };
    }
    const whyNot = explainer.whyNot(test.query, tool.id);
    return { expected, toolId: tool.id, ...(whyNot?.rank !== undefined ? { rank: whyNot.rank } : {}), ok: false, ...(whyNot ? { whyNot } : {}) };
  });
  const passed = test.match === 'any' ? outcomes.some((o) => o.ok) : outcomes.every((o) => o.ok);
  const result: SearchTestResult = { test, passed, within, hits: explanation.result.hits.map((h) => h.id), outcomes };
  if (!passed) {
    result.message = failureMessage(result);
  }
  return result;
}

function failureMessage(r: SearchTestResult): string {
  const parts: string[] = [];
  for (const o of r.outcomes.filter((x) => !x.ok)) {
    if (!o.toolId) {
      parts.push(`"${o.expected}" is not a tool of this catalog.`);
      continue;
    }
    const where = o.rank === undefined ? 'not found' : `found at #${o.rank}`;
    parts.push(`${o.toolId}: expected within the top ${r.within}, ${where}.`);
    if (o.whyNot) {
      parts.push(whyNotText(o.whyNot));
    }
  }
  parts.push(`Hits: ${r.hits.join(', ') || '(none)'}`);
  return parts.join('\n');
}
