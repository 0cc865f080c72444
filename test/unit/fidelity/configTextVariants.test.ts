import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generatedToolsFor } from '../../../src/core/sources/generatedTools';
import { OpenWorkspace } from '../../../src/core/workspace';
import { scratchDir } from '../../helpers/scratch';

// Issue 40: config values that change a tool's text, measured from the
// package (extract-openclaw-tools.mjs CONFIG_TEXT_VARIANTS): with
// memory.search.extraPaths, memory_get and memory_search say "configured
// extra paths", globally or on the run agent's own entry, and not otherwise.
describe('tool texts that follow the config (generated configTextVariants)', () => {
  const variant = generatedToolsFor('2026.9.6')?.configTextVariants?.find((v) => v.id === 'memory-extra-paths');
  const descriptions = async (config: string, agent?: string): Promise<Record<string, string>> => {
    const dir = scratchDir('tsi-variants-');
    fs.writeFileSync(path.join(dir, 'openclaw.json'), config);
    const ws = new OpenWorkspace({ workspace: dir, configPath: path.join(dir, 'openclaw.json'), noUserConfig: true, env: {}, liveMcp: () => undefined, openclawVersion: '2026.9.6', ...(agent ? { policy: { agent } } : {}) });
    const catalog = await ws.buildCatalog();
    return Object.fromEntries(catalog.tools.filter((t) => t.name.startsWith('memory_')).map((t) => [t.name, t.description]));
  };

  it('2026.9.6 has the memory-extra-paths variant for memory_get and memory_search', () => {
    assert.ok(variant);
    assert.deepEqual(Object.keys(variant.tools).sort(), ['memory_get', 'memory_search']);
    assert.match(variant.tools.memory_get?.description ?? '', /configured extra paths/);
  });

  it('applies with memory.search.extraPaths, not with an empty list or none', async () => {
    const on = await descriptions('{ memory: { search: { extraPaths: ["notes"] } } }');
    assert.equal(on.memory_get, variant?.tools.memory_get?.description);
    assert.equal(on.memory_search, variant?.tools.memory_search?.description);
    for (const config of ['{ memory: { search: { extraPaths: [] } } }', '{ memory: { search: { extraPaths: ["  "] } } }', '{}']) {
      assert.doesNotMatch((await descriptions(config)).memory_get ?? '', /configured extra paths/, config);
    }
  });
});
