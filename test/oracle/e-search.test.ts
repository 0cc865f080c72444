// (e) search: the same top-k tools for generated queries over generated
// catalogs, and for real queries (MetaTool, GitHub) over real tools.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as fc from 'fast-check';
import { diffCatalogWithOracle } from '../../src/core/oracle/diffCatalog';
import { formatDifference, undocumented, type Difference } from '../../src/core/oracle/differences';
import { catalogOf, type CatalogSpec } from '../../src/core/oracle/oracleCatalog';
import { countCases, differential, oracle, REPO } from './harness';
import { catalogSpec, METATOOL, queriesFor, specWords } from './arbitraries';

function names(spec: CatalogSpec): string[] {
  return [...spec.core.map((c) => c.name), ...spec.plugins.flatMap((p) => p.tools.map((t) => t.name)), ...spec.mcp.flatMap((s) => s.tools.map((t) => t.name)), ...spec.client.map((c) => c.name)];
}

/** MetaTool's sample tools as one plugin, and GitHub's real MCP tool snapshots. */
function realSpec(): CatalogSpec {
  const dir = path.join(REPO, 'test', 'fixtures', 'search', 'snapshots', 'github');
  const github = fs.readdirSync(dir).filter((f) => f.endsWith('.snap')).sort().map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { name: string; description?: string; inputSchema: Record<string, unknown> });
  return {
    core: [],
    plugins: [{ id: 'metatool', tools: Object.entries(METATOOL.tools).map(([name, description]) => ({ name, description })) }],
    mcp: [{ server: 'github', tools: github }],
    client: [],
  };
}

describe('oracle (e): search', () => {
  // Our side models the release being run: its epoch's ranking (scoreEntry before 2026.8.1, BM25 from then).
  it('returns the same top-k for generated queries over generated catalogs', async () => {
    const { oracle: o, openclaw } = await oracle();
    const arb = catalogSpec({ maxPerSource: 8 }).chain((spec) => fc.record({ spec: fc.constant(spec), queries: queriesFor(specWords(spec), names(spec)) }));
    await differential(arb, async ({ spec, queries }) => diffCatalogWithOracle(o, await catalogOf(spec, undefined, undefined, openclaw.model), { searches: queries }));
  });

  it('returns the same top-k for every real query over real tools', async () => {
    const { oracle: o, openclaw } = await oracle();
    const github = JSON.parse(fs.readFileSync(path.join(REPO, 'bench', 'search', 'github-queries.json'), 'utf8')) as { query: string }[];
    const queries = [...METATOOL.queries.map((q) => q.query), ...github.map((q) => q.query)];
    const catalog = await catalogOf(realSpec(), undefined, undefined, openclaw.model);
    const ds: Difference[] = [];
    // Batched: one request per 50 queries, each at the default limit and at 5.
    for (let i = 0; i < queries.length; i += 50) {
      const batch = queries.slice(i, i + 50).flatMap((query) => [{ query }, { query, limit: 5 }]);
      ds.push(...(await diffCatalogWithOracle(o, catalog, { searches: batch })));
    }
    const bad = undocumented(ds);
    countCases(queries.length * 2);
    console.log(`      ${queries.length * 2} real searches; ${bad.length} differ`);
    if (bad.length > 0) {
      throw new Error(`${bad.length} of ${queries.length * 2} real searches differ from OpenClaw; first ${Math.min(10, bad.length)}:\n${bad.slice(0, 10).map(formatDifference).join('\n')}`);
    }
  });
});
