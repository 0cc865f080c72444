import * as assert from 'node:assert/strict';
import { parseTraceHostMessage, parseTracePanelState, parseTraceWebviewMessage } from '../../../src/webview/shared/traceProtocol';

const report = { ok: true, source: 's', outcome: { kind: 'ok', title: 'Returned after 3 ms.' }, trace: [], telemetry: {}, isolation: {} };

describe('trace panel protocol: only well-formed messages pass', () => {
  it('the webview says ready, save, re-run a document, reveal a line, or show a run of the history', () => {
    assert.deepEqual(parseTraceWebviewMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseTraceWebviewMessage({ type: 'save', extra: 1 }), { type: 'save' });
    assert.deepEqual(parseTraceWebviewMessage({ type: 'rerun', documentUri: 'file:///a.js' }), { type: 'rerun', documentUri: 'file:///a.js' });
    assert.deepEqual(parseTraceWebviewMessage({ type: 'reveal', documentUri: 'file:///a.js', line: 4 }), { type: 'reveal', documentUri: 'file:///a.js', line: 4 });
    assert.deepEqual(parseTraceWebviewMessage({ type: 'showRun', id: 2 }), { type: 'showRun', id: 2 });
    assert.deepEqual(parseTraceWebviewMessage({ type: 'cancel' }), { type: 'cancel' });
    for (const bad of [undefined, null, 'ready', [], { type: 'refresh' }, { type: 'READY' }, { type: 'rerun' }, { type: 'rerun', documentUri: 'x'.repeat(5000) },
      { type: 'reveal', documentUri: 'file:///a.js', line: 0 }, { type: 'reveal', documentUri: 'file:///a.js', line: 1.5 }, { type: 'showRun', id: -1 }]) {
      assert.equal(parseTraceWebviewMessage(bad), undefined, JSON.stringify(bad));
    }
  });

  it('the host sends running with a source, or a report with its required parts', () => {
    assert.deepEqual(parseTraceHostMessage({ type: 'running', source: 'a.js' }), { type: 'running', source: 'a.js' });
    assert.deepEqual(parseTraceHostMessage({ type: 'running', source: 'a.js', cancellable: true }), { type: 'running', source: 'a.js', cancellable: true });
    assert.deepEqual(parseTraceHostMessage({ type: 'running', source: 'a.js', cancellable: 'yes' }), { type: 'running', source: 'a.js' });
    assert.deepEqual(parseTraceHostMessage({ type: 'error', message: 'bad file' }), { type: 'error', message: 'bad file' });
    assert.equal(parseTraceHostMessage({ type: 'running', source: 3 }), undefined);
    assert.deepEqual(parseTraceHostMessage({ type: 'report', report }), { type: 'report', report });
    for (const missing of ['ok', 'source', 'outcome', 'trace', 'telemetry', 'isolation']) {
      const partial: Record<string, unknown> = { ...report };
      delete partial[missing];
      assert.equal(parseTraceHostMessage({ type: 'report', report: partial }), undefined, missing);
    }
    assert.equal(parseTraceHostMessage({ type: 'report', report: { ...report, trace: {} } }), undefined);
    assert.equal(parseTraceHostMessage({ type: 'report', report: { ...report, outcome: { kind: 'failed', title: 'x' } } }), undefined);
    assert.deepEqual(parseTraceHostMessage({ type: 'report', report, historyId: 3 }), { type: 'report', report, historyId: 3 });
    const run = { id: 1, source: 'a.js', documentUri: 'file:///a.js', outcome: 'cancelled', title: 't', at: '2026-11-30T10:00:00Z', durationMs: 5 };
    assert.deepEqual(parseTraceHostMessage({ type: 'history', runs: [run] }), { type: 'history', runs: [run] });
    assert.equal(parseTraceHostMessage({ type: 'history', runs: [{ ...run, outcome: 'maybe' }] }), undefined);
    const capabilities = { rerun: true, reveal: false, save: true };
    assert.deepEqual(parseTraceHostMessage({ type: 'capabilities', capabilities }), { type: 'capabilities', capabilities });
    assert.equal(parseTraceHostMessage({ type: 'capabilities', capabilities: { rerun: 'yes' } }), undefined);
    assert.equal(parseTraceHostMessage({ type: 'other' }), undefined);
    assert.equal(parseTraceHostMessage([]), undefined);
  });

  it('saved state keeps a valid report and numeric selection; anything else falls back to empty', () => {
    assert.deepEqual(parseTracePanelState(undefined), { selected: 0, expanded: [] });
    assert.deepEqual(parseTracePanelState({ report, selected: 2, expanded: [1, 'x', 3] }), { report, selected: 2, expanded: [1, 3] });
    assert.deepEqual(parseTracePanelState({ report: { ok: 'yes' }, selected: '2', expanded: 'all' }), { report: undefined, selected: 0, expanded: [] });
  });
});
