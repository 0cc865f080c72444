// (a) tools.toolSearch resolution: any JSON value, ours vs OpenClaw's resolveToolSearchConfig.
import * as assert from 'node:assert/strict';
import { diffToolSearchConfigWithOracle } from '../../src/core/oracle/diffConfig';
import { differential, expectNoUndocumented, oracle } from './harness';
import { toolSearchValue } from './arbitraries';

describe('oracle (a): tools.toolSearch resolution', () => {
  it('resolves every generated tools.toolSearch value as OpenClaw does', async () => {
    const { oracle: o } = await oracle();
    await differential(toolSearchValue, (value) => diffToolSearchConfigWithOracle(o, { tools: { toolSearch: value } }));
  });

  it('resolves a config without tools.toolSearch as OpenClaw does', async () => {
    const { oracle: o } = await oracle();
    const ds = [...(await diffToolSearchConfigWithOracle(o, {})), ...(await diffToolSearchConfigWithOracle(o, { tools: {} }))];
    expectNoUndocumented(ds);
    assert.deepEqual(ds, []);
  });
});
