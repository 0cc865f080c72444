// (i) composition: whole runs. For generated configs, OpenClaw's own
// composition (default agent, sandbox status, createOpenClawCodingTools with
// its policy pipeline, MCP materialisation from listings, applyToolSearchCatalog)
// against the product's catalog of the same config: per tool present or not,
// searchable, sent up front.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { diffCompositions, openclawComposition, ourCatalogFor, ourComposition, pendingCoreTools } from '../../src/core/oracle/diffComposition';
import { differential, oracle } from './harness';
import { compositionCase } from './arbitraries';

describe('oracle (i): composition of a run', () => {
  let dir = '';
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-composition-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('builds the same tools, searchable and visible alike, for generated configs', async () => {
    const { oracle: o, openclaw } = await oracle();
    const version = openclaw.model.version;
    const pending = await pendingCoreTools(o, dir, version);
    console.log(`      core tools still pending (different on an empty config): ${[...pending].sort().join(', ') || 'none'}`);
    await differential(compositionCase, async (c) => {
      const ours = await ourCatalogFor(c, dir, version);
      const theirs = await openclawComposition(o, c);
      return diffCompositions(ourComposition(ours.catalog, ours.refused), theirs, JSON.stringify(c.config).slice(0, 300), pending, c.config);
    });
  });
});
