// First-run installs are never silent (issue 30): a long step prints a line
// at least every heartbeat while it runs, and keeps the command's status and output.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scratchDir } from '../../helpers/scratch';

const SCRIPTS = path.resolve(__dirname, '..', '..', '..', 'scripts');
const HEARTBEAT = path.join(SCRIPTS, 'lib', 'heartbeat.mjs');

function runner(script: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, TSI_HEARTBEAT_MS: '300' }, timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('tooling: long install steps keep talking', () => {
  it('prints "still …" with the usual duration while the command runs, then exits with its status', () => {
    const r = runner(`
      import { spawnSyncWithHeartbeat } from ${JSON.stringify(HEARTBEAT)};
      const x = spawnSyncWithHeartbeat('sh', ['-c', 'echo from-the-command; sleep 1.2; exit 3'], {}, { prefix: '[tooling]', label: 'installing code-server@4', usually: '2-3 min' });
      console.log('status=' + x.status);`);
    assert.match(r.stdout, /from-the-command/);
    assert.match(r.stdout, /status=3/);
    // A busy machine (this one is shared) is named after the usual duration.
    const beats = r.stderr.split('\n').filter((l) => /^\[tooling\] still installing code-server@4: \d+ s so far \(usually about 2-3 min(; this machine is busy: load \d+\.\d on \d+ cores?)?\)$/.test(l));
    assert.ok(beats.length >= 2, `heartbeats: ${r.stderr}`);
  });

  it('names a busy machine (load above the core count) so a slow step says why, and says nothing of an idle one', async () => {
    const { heartbeatLine } = (await import(HEARTBEAT)) as { heartbeatLine: (o: { prefix: string; label: string; usually?: string }, s: number, load: number, cores: number) => string };
    const step = { prefix: '[tooling] ', label: 'installing code-server@4', usually: '2-3 min on an idle machine' };
    assert.equal(heartbeatLine(step, 300, 10.64, 2), '[tooling]  still installing code-server@4: 300 s so far (usually about 2-3 min on an idle machine; this machine is busy: load 10.6 on 2 cores)');
    assert.equal(heartbeatLine(step, 45, 1.5, 2), '[tooling]  still installing code-server@4: 45 s so far (usually about 2-3 min on an idle machine)');
    assert.equal(heartbeatLine({ prefix: '[t]', label: 'x' }, 15, 3, 1), '[t] still x: 15 s so far (this machine is busy: load 3.0 on 1 core)');
  });

  it('a quiet step stays quiet, and stdout can still be ignored as the caller asked', () => {
    const r = runner(`
      import { spawnSyncWithHeartbeat } from ${JSON.stringify(HEARTBEAT)};
      const x = spawnSyncWithHeartbeat('sh', ['-c', 'echo hidden; echo shown >&2'], { stdio: ['ignore', 'ignore', 'inherit'] }, { prefix: '[t]', label: 'x' });
      console.log('status=' + x.status);`);
    assert.doesNotMatch(r.stdout, /hidden/);
    assert.match(r.stderr, /shown/);
    assert.doesNotMatch(r.stderr, /still/);
    assert.match(r.stdout, /status=0/);
  });

  it('a command that cannot start is status 127 with its reason', () => {
    const r = runner(`
      import { spawnSyncWithHeartbeat } from ${JSON.stringify(HEARTBEAT)};
      const x = spawnSyncWithHeartbeat('no-such-command-tsi', [], {}, { prefix: '[t]', label: 'x' });
      console.log('status=' + x.status);`);
    assert.match(r.stdout, /status=127/);
    assert.match(r.stderr, /no-such-command-tsi: .*ENOENT/);
  });

  it('a fresh clone\'s npm ci (ensure-deps, as `npm test` and the README run it) is not a silent minute: a real npm ci under the heartbeat', function () {
    this.timeout(120_000);
    // A clone in miniature: ensure-deps and its helpers, and a lock with one local package (no registry needed).
    const clone = scratchDir('ensure-deps-');
    fs.mkdirSync(path.join(clone, 'scripts', 'lib'), { recursive: true });
    for (const f of ['ensure-deps.mjs', 'lib/cleanEnv.mjs', 'lib/heartbeat.mjs']) {
      fs.copyFileSync(path.join(SCRIPTS, f), path.join(clone, 'scripts', f));
    }
    fs.mkdirSync(path.join(clone, 'dep'));
    fs.writeFileSync(path.join(clone, 'dep', 'package.json'), JSON.stringify({ name: 'dep', version: '1.0.0' }));
    fs.writeFileSync(path.join(clone, 'package.json'), JSON.stringify({ name: 'mini', version: '1.0.0', private: true, dependencies: { dep: 'file:dep' } }));
    const lock = spawnSync('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund'], { cwd: clone, encoding: 'utf8', timeout: 60_000 });
    assert.equal(lock.status, 0, lock.stderr);
    const r = spawnSync(process.execPath, [path.join(clone, 'scripts', 'ensure-deps.mjs')], { cwd: clone, encoding: 'utf8', env: { ...process.env, TSI_HEARTBEAT_MS: '100' }, timeout: 90_000 });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /installing locked dependencies \(npm ci\)/);
    assert.match(r.stderr, /\[ensure-deps\] {2}still installing locked dependencies \(npm ci\): \d+ s so far \(usually about 1 min on an idle machine/);
    assert.ok(fs.existsSync(path.join(clone, 'node_modules', 'dep', 'package.json')), 'npm ci installed the lock');
  });
});
