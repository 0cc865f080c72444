import * as assert from 'node:assert/strict';
import { runOutcome } from '../../../src/core/bridge/runOutcome';

const base = { durationMs: 120 };

describe('run outcome: exactly one message per way a run ends', () => {
  it('ok is a return, whatever happened to the cancel token after it finished', () => {
    for (const cancelled of [false, true]) {
      const o = runOutcome({ ...base, ok: true }, cancelled);
      assert.equal(o.kind, 'ok');
      assert.equal(o.detail, undefined);
      assert.match(o.title, /^Returned after 120 ms/);
    }
  });

  it('cancelled is the user\'s, not a failure and not a deadline, with no second message', () => {
    const o = runOutcome({ ...base, ok: false, error: 'bridge: the run was cancelled; the sandbox child was killed', stoppedBy: 'cancelled' });
    assert.equal(o.kind, 'cancelled');
    assert.equal(o.detail, undefined);
    assert.match(o.title, /^Cancelled by you after 120 ms/);
    assert.doesNotMatch(o.title, /deadline|fail/i);
    // The editor knows the user pressed Cancel even when a refused call made the snippet throw first.
    assert.equal(runOutcome({ ...base, ok: false, error: 'refused: the run was cancelled in the editor' }, true).kind, 'cancelled');
  });

  it('timeout says the deadline stopped it', () => {
    const o = runOutcome({ ...base, ok: false, error: 'bridge: the snippet timed out after 100 ms; the sandbox child was killed', stoppedBy: 'timeout' });
    assert.equal(o.kind, 'timeout');
    assert.match(o.title, /deadline/);
    assert.equal(o.detail, undefined);
  });

  it('errors keep the snippet\'s message as detail and name why the child stopped', () => {
    const thrown = runOutcome({ ...base, ok: false, error: 'Error: boom' });
    assert.deepEqual([thrown.kind, thrown.cause, thrown.detail], ['error', 'thrown', 'Error: boom']);
    assert.match(thrown.title, /threw/);
    const memory = runOutcome({ ...base, ok: false, error: 'bridge: the snippet used 300 MB of memory (limit 256 MB); the sandbox child was killed', stoppedBy: 'memory' });
    assert.deepEqual([memory.kind, memory.cause], ['error', 'memory']);
    assert.equal(memory.detail, 'the snippet used 300 MB of memory (limit 256 MB); the sandbox child was killed');
    assert.equal(runOutcome({ ...base, ok: false, error: 'x', stoppedBy: 'crash' }).cause, 'crash');
    assert.match(runOutcome({ ...base, ok: false, error: 'no permission model', stoppedBy: 'isolation' }).title, /^Nothing ran/);
    assert.equal(runOutcome({ ...base, ok: false }).detail, 'the run failed');
  });
});
