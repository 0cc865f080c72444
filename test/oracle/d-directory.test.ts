// (d) the directory of directory mode, for generated catalogs, at generated
// context budgets: small budgets force the description shrink and dropped rows.
import * as fc from 'fast-check';
import { diffCatalogWithOracle } from '../../src/core/oracle/diffCatalog';
import { catalogOf } from '../../src/core/oracle/oracleCatalog';
import { differential, oracle } from './harness';
import { catalogSpec } from './arbitraries';

const budget = fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 12_000 }), fc.integer({ min: 7_000, max: 40_000 }), fc.integer({ min: 100_000, max: 400_000 }));

describe('oracle (d): directory text, bound and shrink', () => {
  it('writes the same directory for generated catalogs and budgets', async () => {
    // Our side models the release being run (its epoch's generated directory texts).
    const { oracle: o, openclaw } = await oracle();
    const arb = fc.record({ spec: catalogSpec({ maxPerSource: 12 }), budgets: fc.array(budget, { minLength: 1, maxLength: 3 }) });
    await differential(arb, async ({ spec, budgets }) => diffCatalogWithOracle(o, await catalogOf(spec, undefined, undefined, openclaw.model), { directory: budgets }));
  });
});
