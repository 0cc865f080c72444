// `tool-search-inspect capture` without a real OpenClaw turn: usage errors
// exit 2, an OpenClaw that is not installed exits 3 with the install command.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliCaptured } from '../../helpers/cliCapture';
import { scratchDir } from '../../helpers/scratch';

const REPO = path.resolve(__dirname, '..', '..', '..');
const WORKSPACE = path.join(REPO, 'test', 'fixtures', 'capture', 'qa-workspace');

describe('capture: command line', () => {
  it('exits 3 when the OpenClaw asked for is not installed, naming how to install it', async () => {
    const cache = scratchDir('capture-cache');
    const r = await runCliCaptured(['capture', '--workspace', WORKSPACE, '--no-user-config', '--openclaw', '2000.1.1'], REPO, { ...process.env, TSI_TOOLING_CACHE: cache });
    assert.equal(r.code, 3, r.err);
    assert.match(r.err, /openclawTooling\.mjs --version 2000\.1\.1/);
    const notPackage = await runCliCaptured(['capture', '--workspace', WORKSPACE, '--no-user-config', '--openclaw', WORKSPACE], REPO, { ...process.env, TSI_TOOLING_CACHE: cache });
    assert.equal(notPackage.code, 3, notPackage.err);
  });

  it('exits 2 on bad flags', async () => {
    for (const args of [['--mode', 'bogus'], ['--mode', 'code,bogus'], ['--timeout', '0'], ['--concurrency', 'two'], ['--prompt', '  '], ['--provider', '/x']]) {
      const r = await runCliCaptured(['capture', '--workspace', WORKSPACE, '--no-user-config', ...args], REPO, { ...process.env });
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
      assert.match(r.err, /tool-search-inspect capture: /);
      assert.equal(r.out, '');
    }
  });

  it('exits 2 on a config that cannot be used, before OpenClaw is looked up or any turn runs, with --json too', async () => {
    const dir = scratchDir('capture-badconfig');
    fs.writeFileSync(path.join(dir, 'openclaw.json'), '{ tools: { ');
    const r = await runCliCaptured(['capture', '--workspace', dir, '--no-user-config', '--json', '--openclaw', '2000.1.1'], REPO, { ...process.env, TSI_TOOLING_CACHE: dir });
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /openclaw\.json:\d+:\d+: JSON5 syntax error/);
    assert.equal(r.out, '');
  });
});
