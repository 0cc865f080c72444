// (f) lookup (describe) and its error messages: each tool by its own id and
// name on each side, plus typed needles (other case, raw MCP names, typos,
// unknown words, padding).
import * as fc from 'fast-check';
import { diffCatalogWithOracle } from '../../src/core/oracle/diffCatalog';
import { catalogOf, type CatalogSpec } from '../../src/core/oracle/oracleCatalog';
import { differential, oracle } from './harness';
import { catalogSpec, word } from './arbitraries';

function needles(spec: CatalogSpec): fc.Arbitrary<string[]> {
  const all = [...spec.core.map((c) => c.name), ...spec.plugins.flatMap((p) => p.tools.map((t) => t.name)), ...spec.mcp.flatMap((s) => s.tools.map((t) => t.name)), ...spec.client.map((c) => c.name)];
  const base = all.length > 0 ? fc.constantFrom(...all) : word;
  const needle = fc.oneof(
    base,
    base.map((n) => n.toUpperCase()),
    base.map((n) => ` ${n} `),
    base.map((n) => (n.length > 3 ? n.slice(0, -1) : `${n}x`)),
    base.map((n) => `openclaw:core:${n}`),
    word,
    fc.constantFrom('', 'unknown_tool', 'mcp:github:create_issue', 'github__create_issue'),
  );
  return fc.array(needle, { minLength: 1, maxLength: 6 });
}

describe('oracle (f): lookup and its messages', () => {
  it('resolves the same tool, or fails with the same message', async () => {
    // Our side models the release being run (its core table, its epoch's entries).
    const { oracle: o, openclaw } = await oracle();
    const arb = catalogSpec({ maxPerSource: 5 }).chain((spec) => fc.record({ spec: fc.constant(spec), needles: needles(spec) }));
    await differential(arb, async ({ spec, needles: ns }) => {
      const catalog = await catalogOf(spec, undefined, undefined, openclaw.model);
      const toolLookups = catalog.allowed.flatMap((t) => [{ id: t.id, by: 'id' as const }, { id: t.id, by: 'name' as const }]);
      return diffCatalogWithOracle(o, catalog, { lookups: ns, toolLookups });
    });
  });
});
