// (c) compact entries and input hints for generated tools and JSON schemas.
import * as fc from 'fast-check';
import { diffCatalogWithOracle } from '../../src/core/oracle/diffCatalog';
import { catalogOf } from '../../src/core/oracle/oracleCatalog';
import { differential, oracle } from './harness';
import { catalogSpec, description, parameters, schema, toolName } from './arbitraries';

describe('oracle (c): compact entries and input hints', () => {
  // Our side models the release being run: its epoch's compact entries (no `input` hint before 2026.8.1, no bounds until 2026.9.2).
  it('gives every tool of a generated catalog the same compact entry', async () => {
    const { oracle: o, openclaw } = await oracle();
    await differential(catalogSpec({ maxPerSource: 4 }), async (spec) => diffCatalogWithOracle(o, await catalogOf(spec, undefined, undefined, openclaw.model), { compact: true }));
  });

  it('gives a first-party tool with any generated schema the same input hint', async () => {
    const { oracle: o, openclaw } = await oracle();
    const arb = fc.record({ name: toolName, description, parameters: fc.oneof(schema, parameters) });
    await differential(arb, async (t) =>
      diffCatalogWithOracle(o, await catalogOf({ core: [], plugins: [{ id: 'fake-plugin', tools: [t.parameters === undefined ? { name: t.name, description: t.description } : t] }], mcp: [], client: [] }, undefined, undefined, openclaw.model), { compact: true }),
    );
  });
});
