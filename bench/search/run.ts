/**
 * Search quality and speed benchmark: the product's ToolIndex (OpenClaw's own
 * ranking) against an untuned minisearch baseline (fields name + description,
 * default options, whole query) measured in the same run, on the shared
 * reference data.
 *
 *   npm run bench:search
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import MiniSearch from 'minisearch';
import type { CatalogTool } from '../../src/core/types';
import { resetTokenizerCache } from '../../src/core/search/tokenizer';
import { MAX_QUERY_CHARS, ToolIndex } from '../../src/core/search/toolIndex';
import { catalogOf, loadGitHub, loadLiveMcpBench, loadMetaTool, sharedDataDir, type LabelledQuery, type RawServer } from './data';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** A ranker returns raw tool names, best first. */
type Ranker = (query: string, k: number) => string[];

function rawName(t: CatalogTool): string {
  return t.rawName ?? t.name;
}

/** The untuned baseline: minisearch with its default options over name + description. */
function baselineIndex(tools: readonly CatalogTool[]): MiniSearch {
  const mini = new MiniSearch({ fields: ['name', 'description'] });
  mini.addAll(tools.map((t) => ({ id: t.id, name: rawName(t), description: t.description })));
  return mini;
}

function baselineOf(tools: readonly CatalogTool[]): { ranker: Ranker; mini: MiniSearch } {
  const mini = baselineIndex(tools);
  const names = new Map(tools.map((t) => [t.id, rawName(t)]));
  return { mini, ranker: (q, k) => mini.search(q).slice(0, k).map((r) => names.get(String(r.id)) ?? '') };
}

function oursOf(index: ToolIndex): Ranker {
  // The API caps queries at 512 characters; a caller with a longer task sends its start.
  return (q, k) => index.rank(q.trim().slice(0, MAX_QUERY_CHARS).trim(), k).map((r) => rawName(r.tool));
}

interface Quality {
  top1: number;
  recall5: number;
  mrr: number;
}

function singleGold(queries: readonly LabelledQuery[], rank: Ranker): Quality {
  let top1 = 0;
  let recall = 0;
  let rr = 0;
  for (const q of queries) {
    const got = rank(q.query, 5);
    const at = got.findIndex((n) => q.gold.includes(n));
    top1 += at === 0 ? 1 : 0;
    recall += at >= 0 ? 1 : 0;
    rr += at >= 0 ? 1 / (at + 1) : 0;
  }
  const n = queries.length || 1;
  return { top1: top1 / n, recall5: recall / n, mrr: rr / n };
}

interface MultiGold {
  /** Mean over tasks of the share of gold tools in the top k. */
  recall: number;
  /** Share of gold tools, over all tasks, found in the top k. */
  recallMicro: number;
  /** Share of tasks with at least one gold tool in the top k. */
  anyHit: number;
}

function multiGold(queries: readonly LabelledQuery[], rank: Ranker, k: number): MultiGold {
  let recall = 0;
  let found = 0;
  let total = 0;
  let any = 0;
  for (const q of queries) {
    const got = new Set(rank(q.query, k));
    const hits = q.gold.filter((g) => got.has(g)).length;
    recall += q.gold.length ? hits / q.gold.length : 0;
    found += hits;
    total += q.gold.length;
    any += hits > 0 ? 1 : 0;
  }
  return { recall: recall / queries.length, recallMicro: found / total, anyHit: any / queries.length };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Per-query latency of two searchers on the same queries, interleaved so
 * both see the same machine load; each query's time is the best of `reps`
 * (this machine is shared: single timings carry other processes' noise).
 */
function timeQueries(queries: readonly string[], a: (q: string) => void, b: (q: string) => void, reps = 3): { a: number[]; b: number[] } {
  for (const q of queries.slice(0, 200)) {
    a(q);
    b(q);
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (const q of queries) {
    let ba = Infinity;
    let bb = Infinity;
    for (let r = 0; r < reps; r++) {
      let t0 = performance.now();
      a(q);
      ba = Math.min(ba, performance.now() - t0);
      t0 = performance.now();
      b(q);
      bb = Math.min(bb, performance.now() - t0);
    }
    ta.push(ba);
    tb.push(bb);
  }
  return { a: ta.sort((x, y) => x - y), b: tb.sort((x, y) => x - y) };
}

interface BuildCost {
  wallMs: number;
  cpuMs: number;
}

/** Builds with `a` and `b` in turns, `rounds` times each; the best wall and CPU time of each (CPU time includes GC threads). */
function timeBuilds(a: () => unknown, b: () => unknown, rounds: number): { a: BuildCost; b: BuildCost } {
  const best = { a: { wallMs: Infinity, cpuMs: Infinity }, b: { wallMs: Infinity, cpuMs: Infinity } };
  for (let i = 0; i < rounds; i++) {
    for (const [key, build] of [['a', a], ['b', b]] as const) {
      gc();
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      build();
      const wall = performance.now() - t0;
      const used = process.cpuUsage(cpu);
      best[key].wallMs = Math.min(best[key].wallMs, wall);
      best[key].cpuMs = Math.min(best[key].cpuMs, (used.user + used.system) / 1000);
    }
  }
  return best;
}

/** Heap one built index keeps alive. */
function heapOf<T>(build: () => T): { heapMb: number; value: T } {
  gc();
  const before = process.memoryUsage().heapUsed;
  const value = build();
  gc();
  return { heapMb: (process.memoryUsage().heapUsed - before) / 1024 / 1024, value };
}

/** ~10,000 tools from the real ones: every real server repeated under new names until the count is reached. */
function scaledServers(base: readonly RawServer[], target: number): RawServer[] {
  const out: RawServer[] = [];
  let count = 0;
  for (let copy = 0; count < target; copy++) {
    for (const s of base) {
      if (count >= target) {
        break;
      }
      const tools = s.tools.slice(0, target - count);
      out.push({ name: copy === 0 ? s.name : `${s.name}-${copy}`, tools });
      count += tools.length;
    }
  }
  return out;
}

const f3 = (x: number): string => x.toFixed(3);
const f2 = (x: number): string => x.toFixed(2);
const ratio = (a: number, b: number): string => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');

async function main(): Promise<void> {
  const dir = sharedDataDir();
  if (!dir) {
    console.log('bench:search skipped: shared data not found (set TSI_SHARED_DATA or place it at ../shared/data).');
    return;
  }
  const rows: string[][] = [];
  const row = (...cells: string[]): void => {
    rows.push(cells);
  };

  // MetaTool: odd rows, as reported before the ranking became OpenClaw's (earlier tuning looked at even rows only).
  const meta = loadMetaTool(dir);
  const metaCatalog = await catalogOf(meta.servers);
  const metaIndex = ToolIndex.fromCatalog(metaCatalog);
  const metaBase = baselineOf(metaCatalog.cataloged);
  const odd = meta.queries.filter((q) => q.row % 2 === 1);
  const reportRows = odd;
  const label = 'odd rows';
  const mOurs = singleGold(reportRows, oursOf(metaIndex));
  const mBase = singleGold(reportRows, metaBase.ranker);
  row(`MetaTool top-1, ${label} (n=${reportRows.length}, ${metaIndex.size} tools)`, f3(mBase.top1), f3(mOurs.top1), '>= 0.55');
  row(`MetaTool recall@5, ${label}`, f3(mBase.recall5), f3(mOurs.recall5), '>= 0.80');
  row(`MetaTool MRR@5, ${label}`, f3(mBase.mrr), f3(mOurs.mrr), '');
  const allBase = singleGold(meta.queries, metaBase.ranker);
  const allOurs = singleGold(meta.queries, oursOf(metaIndex));
  row(`MetaTool top-1 / recall@5 on all rows (n=${meta.queries.length}; README baseline: 0.231 / 0.386)`, `${f3(allBase.top1)} / ${f3(allBase.recall5)}`, `${f3(allOurs.top1)} / ${f3(allOurs.recall5)}`, '');

  // LiveMCPBench: multi-step tasks, several gold tools each.
  const live = loadLiveMcpBench(dir);
  const liveCatalog = await catalogOf(live.servers);
  const liveIndex = ToolIndex.fromCatalog(liveCatalog);
  const liveBase = baselineOf(liveCatalog.cataloged);
  const lOurs = multiGold(live.queries, oursOf(liveIndex), 8);
  const lBase = multiGold(live.queries, liveBase.ranker, 8);
  const excluded = liveCatalog.excluded.length;
  row(`LiveMCPBench recall@8 of gold tools (mean per task; n=${live.queries.length}, ${liveIndex.size} tools${excluded ? `, ${excluded} invalid` : ''})`, f3(lBase.recall), f3(lOurs.recall), '>= 0.35');
  row('LiveMCPBench recall@8 of gold tools (all gold tools pooled)', f3(lBase.recallMicro), f3(lOurs.recallMicro), '');
  row('LiveMCPBench tasks with >= 1 gold tool in top 8', f3(lBase.anyHit), f3(lOurs.anyHit), '>= 0.65');

  // GitHub's MCP server with hand-written queries.
  const github = loadGitHub(dir);
  const ghCatalog = await catalogOf([github]);
  const ghIndex = ToolIndex.fromCatalog(ghCatalog);
  const ghBase = baselineOf(ghCatalog.cataloged);
  const ghQueries = (JSON.parse(fs.readFileSync(path.join(__dirname, 'github-queries.json'), 'utf8')) as { query: string; expected: string[] }[]).map(
    (q, i): LabelledQuery => ({ query: q.query, gold: q.expected, row: i + 1 }),
  );
  const gOurs = singleGold(ghQueries, oursOf(ghIndex));
  const gBase = singleGold(ghQueries, ghBase.ranker);
  row(`GitHub MCP top-1 (n=${ghQueries.length} written queries, ${ghIndex.size} tools)`, f3(gBase.top1), f3(gOurs.top1), '');
  row('GitHub MCP recall@5', f3(gBase.recall5), f3(gOurs.recall5), '');
  row('GitHub MCP MRR@5', f3(gBase.mrr), f3(gOurs.mrr), '');

  {
    // Speed at 10,000 tools built from the real ones above.
    const big = await catalogOf(scaledServers([...meta.servers, ...live.servers, github], 10_000));
    const tools = big.cataloged;
    const queries = [...odd.filter((_, i) => i % 10 === 0).map((q) => q.query), ...live.queries.map((q) => q.query), ...ghQueries.map((q) => q.query)].map((q) =>
      // Both sides get the same text: the API's 512-character cap.
      q.trim().slice(0, MAX_QUERY_CHARS).trim(),
    );
    const builds = timeBuilds(
      () => baselineIndex(tools),
      () => {
        resetTokenizerCache();
        return ToolIndex.fromCatalog(big);
      },
      7,
    );
    const baseHeap = heapOf(() => baselineIndex(tools));
    resetTokenizerCache();
    const oursHeap = heapOf(() => ToolIndex.fromCatalog(big));
    const lat = timeQueries(
      queries,
      (q) => void baseHeap.value.search(q).slice(0, 8),
      (q) => void oursHeap.value.search(q, { limit: 8 }),
    );
    const [bp50, bp99, op50, op99] = [percentile(lat.a, 50), percentile(lat.a, 99), percentile(lat.b, 50), percentile(lat.b, 99)];
    row(`10k tools: index build, wall ms (${tools.length} tools, best of 7)`, f2(builds.a.wallMs), f2(builds.b.wallMs), `<= 0.5x (${ratio(builds.b.wallMs, builds.a.wallMs)})`);
    row('10k tools: index build, CPU ms incl. GC threads (best of 7)', f2(builds.a.cpuMs), f2(builds.b.cpuMs), `(${ratio(builds.b.cpuMs, builds.a.cpuMs)})`);
    row('10k tools: index heap MB', f2(baseHeap.heapMb), f2(oursHeap.heapMb), '');
    row(`10k tools: query p50 ms (n=${queries.length}, top 8, best of 3 each)`, f2(bp50), f2(op50), `(${ratio(op50, bp50)})`);
    row('10k tools: query p99 ms', f2(bp99), f2(op99), `<= 0.33x (${ratio(op99, bp99)})`);
  }

  const header = ['metric', 'baseline (untuned minisearch)', 'ToolIndex (OpenClaw ranking)', 'target'];
  console.log([`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'));
  console.log(`\nNode ${process.version}, ${new Date().toISOString().slice(0, 10)}.`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
