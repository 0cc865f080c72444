/**
 * Search quality and speed benchmark: the product's ToolIndex against an
 * untuned minisearch baseline (fields name + description, default options,
 * whole query) measured in the same run, on the shared reference data.
 *
 *   npm run bench:search            full run
 *   npm run bench:search -- --tune  even MetaTool rows only (the rows tuning may look at)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import MiniSearch from 'minisearch';
import type { CatalogTool } from '../../src/core/types';
import { MAX_QUERY_CHARS, ToolIndex } from '../../src/core/search/toolIndex';
import { catalogOf, loadGitHub, loadLiveMcpBench, loadMetaTool, sharedDataDir, type LabelledQuery, type RawServer } from './data';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const TUNE = process.argv.includes('--tune');

/** A ranker returns raw tool names, best first. */
type Ranker = (query: string, k: number) => string[];

function rawName(t: CatalogTool): string {
  return t.rawName ?? t.name;
}

function baselineOf(tools: readonly CatalogTool[]): { ranker: Ranker; mini: MiniSearch } {
  const mini = new MiniSearch({ fields: ['name', 'description'] });
  const names = new Map<string, string>();
  mini.addAll(tools.map((t) => ({ id: t.id, name: rawName(t), description: t.description })));
  for (const t of tools) {
    names.set(t.id, rawName(t));
  }
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

function timeQueries(queries: readonly string[], run: (q: string) => void): { p50: number; p99: number; mean: number } {
  for (const q of queries.slice(0, 200)) {
    run(q);
  }
  const times: number[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    run(q);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), mean: times.reduce((a, b) => a + b, 0) / times.length };
}

/** Best build time of `runs` (each result dropped before the next), then the heap one build keeps alive. */
function measureBuild<T>(build: () => T, runs: number): { ms: number; heapMb: number; value: T } {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    gc();
    const t0 = performance.now();
    build();
    best = Math.min(best, performance.now() - t0);
  }
  gc();
  const before = process.memoryUsage().heapUsed;
  const value = build();
  gc();
  const heapMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  return { ms: best, heapMb, value };
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

  // MetaTool: odd rows are reported; even rows are the only ones tuning looks at.
  const meta = loadMetaTool(dir);
  const metaCatalog = await catalogOf(meta.servers);
  const metaIndex = ToolIndex.fromCatalog(metaCatalog);
  const metaBase = baselineOf(metaCatalog.cataloged);
  const odd = meta.queries.filter((q) => q.row % 2 === 1);
  const even = meta.queries.filter((q) => q.row % 2 === 0);
  const reportRows = TUNE ? even : odd;
  const label = TUNE ? 'even rows (tuning)' : 'odd rows';
  const mOurs = singleGold(reportRows, oursOf(metaIndex));
  const mBase = singleGold(reportRows, metaBase.ranker);
  row(`MetaTool top-1, ${label} (n=${reportRows.length}, ${metaIndex.size} tools)`, f3(mBase.top1), f3(mOurs.top1), '>= 0.55');
  row(`MetaTool recall@5, ${label}`, f3(mBase.recall5), f3(mOurs.recall5), '>= 0.80');
  row(`MetaTool MRR@5, ${label}`, f3(mBase.mrr), f3(mOurs.mrr), '');
  if (!TUNE) {
    const allBase = singleGold(meta.queries, metaBase.ranker);
    row(`MetaTool baseline on all rows (n=${meta.queries.length}; README: 0.231 / 0.386)`, `${f3(allBase.top1)} / ${f3(allBase.recall5)}`, '', '');
  }

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

  if (!TUNE) {
    // Speed at 10,000 tools built from the real ones above.
    const big = await catalogOf(scaledServers([...meta.servers, ...live.servers, github], 10_000));
    const tools = big.cataloged;
    const queries = [...odd.filter((_, i) => i % 10 === 0).map((q) => q.query), ...live.queries.map((q) => q.query.slice(0, MAX_QUERY_CHARS)), ...ghQueries.map((q) => q.query)];
    const baseBuild = measureBuild(() => baselineOf(tools).mini, 3);
    const oursBuild = measureBuild(() => ToolIndex.fromCatalog(big), 3);
    const baseLat = timeQueries(queries, (q) => void baseBuild.value.search(q).slice(0, 8));
    const oursLat = timeQueries(queries, (q) => void oursBuild.value.search(q.slice(0, MAX_QUERY_CHARS), { limit: 8 }));
    row(`10k tools: index build ms (${tools.length} tools, best of 3)`, f2(baseBuild.ms), f2(oursBuild.ms), `<= 0.5x (${ratio(oursBuild.ms, baseBuild.ms)})`);
    row('10k tools: index heap MB', f2(baseBuild.heapMb), f2(oursBuild.heapMb), '');
    row(`10k tools: query p50 ms (n=${queries.length}, top 8)`, f2(baseLat.p50), f2(oursLat.p50), '');
    row('10k tools: query p99 ms', f2(baseLat.p99), f2(oursLat.p99), `<= 0.33x (${ratio(oursLat.p99, baseLat.p99)})`);
  }

  const header = ['metric', 'baseline (untuned minisearch)', 'ToolIndex', 'target'];
  console.log([`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'));
  console.log(`\nNode ${process.version}, ${new Date().toISOString().slice(0, 10)}.`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
