// The ranking explanation at scale: how long the Search Playground's
// explanation and "why not" take on MetaTool and on 10,000 tools built from
// the real catalogs, whether every hit's parts add up to the index's score,
// and how often the why-not's "add these words" gets a missed tool back
// within the limit (in sample: the words come from the query itself).
import { median } from '../lib/timing';
import type { RawServer } from '../search/data';
import { catalogOf, loadGitHub, loadLiveMcpBench, loadMetaTool, sharedDataDir } from '../search/data';
import { isExpected } from '../../src/core/search/evaluate';
import { MAX_QUERY_CHARS } from '../../src/core/search/toolIndex';
import { RankExplainer } from '../../src/core/searchExplain/rankExplanation';

function scaled(base: readonly RawServer[], target: number): RawServer[] {
  const out: RawServer[] = [];
  let count = 0;
  for (let copy = 0; count < target; copy++) {
    for (const s of base) {
      if (count >= target) break;
      const tools = s.tools.slice(0, target - count);
      out.push({ name: copy === 0 ? s.name : `${s.name}-${copy}`, tools });
      count += tools.length;
    }
  }
  return out;
}

function ms(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const dir = sharedDataDir();
  if (!dir) {
    console.log('bench:explain skipped: shared data not found (set TSI_SHARED_DATA or place it at ../shared/data).');
    return;
  }
  const meta = loadMetaTool(dir);
  const odd = meta.queries.filter((q) => q.row % 2 === 1).map((q) => ({ ...q, query: q.query.trim().slice(0, MAX_QUERY_CHARS).trim() })).filter((q) => q.query.length > 0);
  const metaCatalog = await catalogOf(meta.servers);
  const metaExplainer = RankExplainer.fromCatalog(metaCatalog);
  const limit = metaCatalog.settings.searchDefaultLimit;

  // Parts add up: every hit of every odd-row query, to the bit.
  let hits = 0;
  let exact = 0;
  for (const q of odd) {
    for (const h of metaExplainer.explain(q.query).hits) {
      if (h.tier === 'exact') continue;
      hits++;
      if (h.matched.reduce((s, m) => s + m.contribution, 0) === h.score) exact++;
    }
  }

  // Why-not on the misses: how often the suggested words bring the tool within the limit.
  let misses = 0;
  let rescued = 0;
  let noMatch = 0;
  const whyNotMs: number[] = [];
  // Every fourth odd row: enough misses for the share, and the bench stays light on a shared machine.
  for (const q of odd.filter((_, i) => i % 4 === 0)) {
    const top = metaExplainer.index.rank(q.query, limit);
    if (top.some((r) => isExpected(r.tool, q.gold))) continue;
    const tool = metaCatalog.cataloged.find((t) => isExpected(t, q.gold));
    if (!tool) continue;
    misses++;
    let w: ReturnType<RankExplainer['whyNot']>;
    whyNotMs.push(ms(() => (w = metaExplainer.whyNot(q.query, tool.id))));
    const found = w;
    if (found?.rank === undefined) noMatch++;
    const add = found?.suggestions.find((s) => s.kind === 'add-words');
    if (add?.kind === 'add-words' && add.withinLimitAfter) rescued++;
  }

  // 10,000 tools.
  const live = loadLiveMcpBench(dir);
  const big = await catalogOf(scaled([...meta.servers, ...live.servers, loadGitHub(dir)], 10_000));
  let bigExplainer: RankExplainer | undefined;
  const buildMs = ms(() => (bigExplainer = RankExplainer.fromCatalog(big)));
  const explainer = bigExplainer as RankExplainer;
  const sample = odd.filter((_, i) => i % 50 === 0);
  const explainMs = sample.map((q) => ms(() => explainer.explain(q.query)));
  const bigWhyNot = sample.map((q) => {
    const tool = big.cataloged.find((t) => isExpected(t, q.gold));
    return tool ? ms(() => explainer.whyNot(q.query, tool.id)) : 0;
  });

  const f = (x: number): string => x.toFixed(1);
  console.log(`| measure | value |\n| --- | --- |`);
  console.log(`| MetaTool (${metaExplainer.index.size} tools), odd rows (n=${odd.length}): hits whose term contributions sum exactly to the index's score | ${exact} / ${hits} |`);
  console.log(`| MetaTool odd-row misses, every fourth row (expected tool not in the top ${limit}) | ${misses} (${noMatch} share no word with the query) |`);
  console.log(`| ... of which the why-not's "add these words" brings within the limit (in sample: words from the query itself) | ${rescued} (${f((rescued / Math.max(misses, 1)) * 100)}%) |`);
  console.log(`| MetaTool why-not, median ms | ${f(median(whyNotMs))} |`);
  console.log(`| 10,000 tools: RankExplainer build, ms | ${f(buildMs)} |`);
  console.log(`| 10,000 tools: explain (the playground's search), median / max ms over ${sample.length} queries | ${f(median(explainMs))} / ${f(Math.max(...explainMs))} |`);
  console.log(`| 10,000 tools: why-not for the expected tool, median / max ms | ${f(median(bigWhyNot))} / ${f(Math.max(...bigWhyNot))} |`);
}

void main();
