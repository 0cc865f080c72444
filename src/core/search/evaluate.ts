import type { CatalogTool } from '../types';
import { checkQuery, type ToolIndex } from './toolIndex';

/** One labelled query: the tools (names or ids) that answer it. */
export interface EvalCase {
  query: string;
  expected: string[];
}

export interface EvalMiss {
  query: string;
  expected: string[];
  /** Ids of the first k hits. */
  got: string[];
}

/** The contract's `eval` JSON. */
export interface EvalReport {
  n: number;
  k: number;
  top1: number;
  recallAtK: number;
  mrr: number;
  misses: EvalMiss[];
}

/** Whether `tool` is one of `expected`, by id, name or MCP raw name, case-insensitively. */
export function isExpected(tool: CatalogTool, expected: readonly string[]): boolean {
  const keys = [tool.id, tool.name, tool.rawName].filter((k): k is string => k !== undefined).map((k) => k.toLowerCase());
  return expected.some((e) => keys.includes(e.trim().toLowerCase()));
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}

/**
 * Search quality over labelled queries: top-1, recall@k (any expected tool in
 * the first k) and mean reciprocal rank of the first expected hit. Ranks
 * exactly as `search` does, but k is not clamped to the search limit.
 */
export function evaluate(index: ToolIndex, cases: readonly EvalCase[], k: number): EvalReport {
  let top1 = 0;
  let recall = 0;
  let rr = 0;
  const misses: EvalMiss[] = [];
  for (const c of cases) {
    const ranked = index.rank(checkQuery(c.query), k);
    const at = ranked.findIndex((r) => isExpected(r.tool, c.expected));
    if (at === 0) {
      top1++;
    }
    if (at >= 0) {
      recall++;
      rr += 1 / (at + 1);
    } else {
      misses.push({ query: c.query, expected: c.expected, got: ranked.map((r) => r.tool.id) });
    }
  }
  const n = cases.length;
  return { n, k, top1: n ? round(top1 / n) : 0, recallAtK: n ? round(recall / n) : 0, mrr: n ? round(rr / n) : 0, misses };
}
