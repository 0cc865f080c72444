import * as assert from 'node:assert/strict';
import { parseTraceHostMessage, parseTracePanelState, parseTraceWebviewMessage } from '../../../src/webview/shared/traceProtocol';

const report = { ok: true, source: 's', trace: [], telemetry: {}, isolation: {} };

describe('trace panel protocol: only well-formed messages pass', () => {
  it('the webview says only ready', () => {
    assert.deepEqual(parseTraceWebviewMessage({ type: 'ready' }), { type: 'ready' });
    for (const bad of [undefined, null, 'ready', [], { type: 'refresh' }, { type: 'READY' }]) {
      assert.equal(parseTraceWebviewMessage(bad), undefined, JSON.stringify(bad));
    }
  });

  it('the host sends running with a source, or a report with its required parts', () => {
    assert.deepEqual(parseTraceHostMessage({ type: 'running', source: 'a.js' }), { type: 'running', source: 'a.js' });
    assert.equal(parseTraceHostMessage({ type: 'running', source: 3 }), undefined);
    assert.deepEqual(parseTraceHostMessage({ type: 'report', report }), { type: 'report', report });
    for (const missing of ['ok', 'source', 'trace', 'telemetry', 'isolation']) {
      const partial: Record<string, unknown> = { ...report };
      delete partial[missing];
      assert.equal(parseTraceHostMessage({ type: 'report', report: partial }), undefined, missing);
    }
    assert.equal(parseTraceHostMessage({ type: 'report', report: { ...report, trace: {} } }), undefined);
    assert.equal(parseTraceHostMessage({ type: 'other' }), undefined);
    assert.equal(parseTraceHostMessage([]), undefined);
  });

  it('saved state keeps a valid report and numeric selection; anything else falls back to empty', () => {
    assert.deepEqual(parseTracePanelState(undefined), { selected: 0, expanded: [] });
    assert.deepEqual(parseTracePanelState({ report, selected: 2, expanded: [1, 'x', 3] }), { report, selected: 2, expanded: [1, 3] });
    assert.deepEqual(parseTracePanelState({ report: { ok: 'yes' }, selected: '2', expanded: 'all' }), { report: undefined, selected: 0, expanded: [] });
  });
});
