// (c) compact entries and input hints for generated tools and JSON schemas.
import * as fc from 'fast-check';
import { diffCatalogWithOracle } from '../../src/core/oracle/diffCatalog';
import { catalogOf } from '../../src/core/oracle/oracleCatalog';
import { differential, oracle } from './harness';
import { catalogSpec, description, parameters, schema, toolName } from './arbitraries';

describe('oracle (c): compact entries and input hints', () => {
  it('gives every tool of a generated catalog the same compact entry', async () => {
    const { oracle: o } = await oracle();
    await differential(catalogSpec({ maxPerSource: 4 }), async (spec) => diffCatalogWithOracle(o, await catalogOf(spec), { compact: true }));
  });

  it('gives a first-party tool with any generated schema the same input hint', async () => {
    const { oracle: o } = await oracle();
    const arb = fc.record({ name: toolName, description, parameters: fc.oneof(schema, parameters) });
    await differential(arb, async (t) =>
      diffCatalogWithOracle(o, await catalogOf({ core: [], plugins: [{ id: 'fake-plugin', tools: [t.parameters === undefined ? { name: t.name, description: t.description } : t] }], mcp: [], client: [] }), { compact: true }),
    );
  });
});
