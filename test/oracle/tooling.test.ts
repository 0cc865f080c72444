// The tooling cache layout and the adapter's failure when a function is missing.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cachedOpenClawPaths, locateOpenClaw, OpenClawUnavailableError, PINNED_OPENCLAW_VERSION, ORACLE_NODE_VERSION } from '../../src/core/oracle/openclawLocation';
import { OracleError } from '../../src/core/oracle/openclawOracle';
import { oracle, REPO } from './harness';

interface ToolingModule {
  PINNED_OPENCLAW: string;
  NODE_VERSION: string;
  REQUIRED_FUNCTIONS: readonly string[];
  openclawToolingPaths(version: string, env: Record<string, string | undefined>): { dir: string; node: string; dist: string; marker: string };
}

async function tooling(): Promise<ToolingModule> {
  return (await import(path.join(REPO, 'scripts', 'lib', 'openclawTooling.mjs'))) as ToolingModule;
}

describe('oracle: tooling', () => {
  it('installs and looks up the same cache folder', async () => {
    const t = await tooling();
    assert.equal(t.PINNED_OPENCLAW, PINNED_OPENCLAW_VERSION);
    assert.equal(t.NODE_VERSION, ORACLE_NODE_VERSION);
    for (const env of [{ TSI_TOOLING_CACHE: '/x/cache' }, { TSI_TOOLING_CACHE: '' }, {}]) {
      const a = t.openclawToolingPaths('2026.5.12', env);
      const b = cachedOpenClawPaths('2026.5.12', env);
      assert.deepEqual({ dir: a.dir, node: a.node, dist: a.dist, marker: a.marker }, { dir: b.dir, node: b.node, dist: b.dist, marker: b.marker });
    }
  });

  it('says how to install a version that is not in the cache', () => {
    assert.throws(() => locateOpenClaw('2000.1.1', { env: { TSI_TOOLING_CACHE: path.join(REPO, 'no-such-cache') } }), (e: unknown) => e instanceof OpenClawUnavailableError && /openclawTooling\.mjs --version 2000\.1\.1/.test(e.message));
    assert.throws(() => locateOpenClaw(REPO), (e: unknown) => e instanceof OpenClawUnavailableError && /neither an openclaw package/.test(e.message));
  });

  it('finds every function the tooling checks for, by name', async () => {
    const { oracle: o } = await oracle();
    const t = await tooling();
    for (const name of t.REQUIRED_FUNCTIONS) {
      // Calling with no arguments may throw inside OpenClaw; only "not found" matters here.
      await o.call(name).catch((err: unknown) => {
        assert.ok(!(err instanceof OracleError && err.missingFunction), `${name}: ${String(err)}`);
      });
    }
  });

  it('names the missing function when a version renamed one', async () => {
    const { oracle: o } = await oracle();
    await assert.rejects(o.call('resolveToolSearchConfigRenamedInAFutureVersion', {}), (e: unknown) => e instanceof OracleError && e.missingFunction === 'resolveToolSearchConfigRenamedInAFutureVersion' && /no dist chunk exports a function named "resolveToolSearchConfigRenamedInAFutureVersion"/.test(e.message));
  });

  it('runs OpenClaw in its pinned Node, from a marked install', async () => {
    const { oracle: o, location } = await oracle();
    assert.match(o.nodeVersion, /^v24\./);
    if (location.from === 'cache') {
      assert.ok(fs.existsSync(path.join(location.packageDir, '..', '..', '..', 'complete.json')));
      // Parallel real turns on a cold cache each tried to complete a pending
      // package lifecycle, and all but one failed: the install completes it.
      for (const marker of ['.openclaw-lifecycle-pending', path.join('dist', 'openclaw-install-guard')]) {
        assert.ok(!fs.existsSync(path.join(location.packageDir, marker)), `${marker} is still in the cached install`);
      }
    }
  });
});
