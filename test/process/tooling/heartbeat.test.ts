// First-run installs are never silent (issue 30): a long step prints a line
// at least every heartbeat while it runs, and keeps the command's status and output.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const HEARTBEAT = path.resolve(__dirname, '..', '..', '..', 'scripts', 'lib', 'heartbeat.mjs');

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
    const beats = r.stderr.split('\n').filter((l) => /^\[tooling\] still installing code-server@4: \d+ s so far \(usually about 2-3 min\)$/.test(l));
    assert.ok(beats.length >= 2, `heartbeats: ${r.stderr}`);
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
});
