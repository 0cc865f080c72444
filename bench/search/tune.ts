/**
 * Ranking tuning on the rows tuning may look at: even MetaTool rows only.
 * Prints top-1 / recall@5 for the defaults and for variants given as JSON
 * (partial RankingTuning) on the command line:
 *
 *   npx tsx bench/search/tune.ts '{"expansionWeight":0}' '{"literalTier":false}'
 */
import { DEFAULT_TUNING, ToolIndex, type RankingTuning } from '../../src/core/search/toolIndex';
import { catalogOf, loadMetaTool, sharedDataDir } from './data';

async function main(): Promise<void> {
  const dir = sharedDataDir();
  if (!dir) {
    console.log('tune skipped: shared data not found (set TSI_SHARED_DATA).');
    return;
  }
  const meta = loadMetaTool(dir);
  const catalog = await catalogOf(meta.servers);
  const even = meta.queries.filter((q) => q.row % 2 === 0);
  const variants: Partial<RankingTuning>[] = [{}, ...process.argv.slice(2).map((a) => JSON.parse(a) as Partial<RankingTuning>)];
  for (const v of variants) {
    const tuning = { ...v, boost: { ...DEFAULT_TUNING.boost, ...v.boost } };
    const index = ToolIndex.fromCatalog(catalog, tuning);
    let top1 = 0;
    let r5 = 0;
    for (const q of even) {
      const got = index.rank(q.query.slice(0, 512), 5).map((r) => r.tool.rawName ?? r.tool.name);
      const at = got.indexOf(q.gold[0] ?? '');
      top1 += at === 0 ? 1 : 0;
      r5 += at >= 0 ? 1 : 0;
    }
    console.log(`${(top1 / even.length).toFixed(3)} ${(r5 / even.length).toFixed(3)}  ${JSON.stringify(v)}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
