// The count of real checks (test/helpers/realChecks.ts, scripts/real-checks.mjs):
// a real mocha run with the root hooks over a fixture suite; only the passing
// tests of the suite that saw a real turn are counted, with every assertion
// they made, and node:assert still behaves (match is not doesNotMatch).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scratchDir } from '../../helpers/scratch';

const REPO = path.resolve(__dirname, '..', '..', '..');

describe('real checks: the count', () => {
  it('counts the assertions of passing tests in suites that judged a real turn, and the closing line sums them', function () {
    this.timeout(60_000);
    const ledger = path.join(scratchDir('real-checks'), 'ledger.jsonl');
    const r = spawnSync(process.execPath, [path.join(REPO, 'node_modules', 'mocha', 'bin', 'mocha.js'), '--no-config', '--require', 'tsx/cjs', '--require', 'test/helpers/realChecks.ts', '--extension', 'ts', 'test/fixtures/real-checks/judged.fixture.ts'], {
      cwd: REPO,
      encoding: 'utf8',
      env: { ...process.env, TSI_CHECK_LEDGER: ledger, TSI_CAPTURE_STORE: '', TSI_CHECK_CONSUMER: 'fixture' },
    });
    assert.equal(r.status, 1, `one test fails on purpose:\n${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /3 passing/);
    assert.match(r.stdout, /real checks \(fixture\): 1 real OpenClaw turn\(s\), 0 served from the capture store, 6 real-request assertion\(s\) in 2 test\(s\)/);
    const lines = fs.readFileSync(ledger, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { kind: string; test?: string; count?: number });
    assert.deepEqual(lines.filter((l) => l.kind === 'assertions').map((l) => [l.test, l.count]), [['judged makes five', 5], ['judged nested makes one', 1]]);
    const sum = spawnSync(process.execPath, ['scripts/real-checks.mjs', ledger, '--json'], { cwd: REPO, encoding: 'utf8' });
    assert.deepEqual(JSON.parse(sum.stdout), { realTurns: 1, distinctStoredKeys: 1, unstoredTurns: 0, replays: 0, realRequestAssertions: 6, realRequestTests: 2, failedTurns: 0 });
  });
});
