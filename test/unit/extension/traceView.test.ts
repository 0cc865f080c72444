import * as assert from 'node:assert/strict';
import type { IsolationReport } from '../../../src/core/bridge/isolation';
import type { RunReport } from '../../../src/core/bridge/runReport';
import { isolationView, text, toTraceView } from '../../../src/extension/bridge/traceView';
import { parseTraceHostMessage } from '../../../src/webview/shared/traceProtocol';

const contained = { contained: true, layer: 'permission-model' as const, detail: 'denied' };
const isolation: IsolationReport = {
  ok: true, node: 'v20.19.0', nodePath: '/usr/bin/node', flags: ['--permission'], entry: 'snapshot', fs: contained,
  net: { contained: true, layer: 'vm-context' as const, detail: 'no sockets in the context' }, childProcess: contained, worker: contained, env: contained,
  context: { forbiddenGlobals: ['process'], codeGenerationBlocked: true, wasmBlocked: true }, probeMs: 12,
};

function report(over: Partial<RunReport> = {}): RunReport {
  return {
    ok: true,
    value: { answer: 42 },
    logs: [{ level: 'warn', text: 'hello' }],
    telemetry: { catalogSize: 7, sources: { openclaw: 5, mcp: 1, client: 1 }, searchCount: 1, describeCount: 0, callCount: 1 },
    trace: [
      { seq: 1, op: 'search', args: ['invoice', { limit: 2 }], ok: true, result: [{ id: 'a' }], startMs: 1, durationMs: 2 },
      { seq: 2, op: 'log', level: 'warn', args: ['hello'], text: 'hello', ok: true, startMs: 3, durationMs: 0 },
      { seq: 3, op: 'call', args: ['a', {}], ok: false, error: 'blocked', startMs: 4, durationMs: 1, callId: 'tool_search_code:c1:a:1' },
    ],
    isolation,
    warm: true,
    durationMs: 30,
    ...over,
  };
}

describe('trace view (the Bridge Trace panel\'s data)', () => {
  it('maps each trace row: operations with JSON text args and result or error, log lines with their level and text', () => {
    const v = toTraceView(report(), 'snippet.js');
    assert.deepEqual(v.trace[0], { seq: 1, op: 'search', args: text(['invoice', { limit: 2 }]), ok: true, result: text([{ id: 'a' }]), startMs: 1, durationMs: 2 });
    assert.deepEqual(v.trace[1], { seq: 2, op: 'log', level: 'warn', args: 'hello', ok: true, startMs: 3, durationMs: 0 });
    assert.deepEqual(v.trace[2], { seq: 3, op: 'call', args: text(['a', {}]), ok: false, error: 'blocked', startMs: 4, durationMs: 1, callId: 'tool_search_code:c1:a:1' });
    assert.equal(v.value, '{\n  "answer": 42\n}');
    assert.equal(v.error, undefined);
    assert.deepEqual(v.telemetry, { catalogSize: 7, searchCount: 1, describeCount: 0, callCount: 1 });
    assert.equal(v.source, 'snippet.js');
    assert.equal(v.warm, true);
    assert.equal(v.cancelled, undefined);
  });

  it('a failed or cancelled run shows its error and why it stopped, not a value', () => {
    const v = toTraceView(report({ ok: false, value: undefined, error: 'timed out after 5000 ms', stoppedBy: 'timeout' }), 's', true);
    assert.equal(v.ok, false);
    assert.equal(v.value, undefined);
    assert.equal(v.error, 'timed out after 5000 ms');
    assert.equal(v.stoppedBy, 'timeout');
    assert.equal(v.cancelled, true);
    const noText = toTraceView(report({ ok: false, value: undefined, error: undefined }), 's');
    assert.equal(noText.error, 'the run failed');
  });

  it('shows the isolation report as one row per capability, with the layer that contains it', () => {
    const iso = isolationView({ ...isolation, ok: false, reason: 'no permission model', snapshotError: 'bad blob' });
    assert.deepEqual(iso.containment.map((r) => [r.capability, r.layer]), [
      ['file system', 'permission-model'], ['network', 'vm-context'], ['child process', 'permission-model'], ['worker', 'permission-model'], ['environment', 'permission-model'],
    ]);
    assert.equal(iso.reason, 'no permission model');
    assert.equal(iso.snapshotError, 'bad blob');
    assert.deepEqual(iso.forbiddenGlobals, ['process']);
    assert.equal(isolationView(isolation).reason, undefined);
  });

  it('renders values as bounded JSON text: undefined says so, long text is cut with the count of what is left', () => {
    assert.equal(text(undefined), '(undefined)');
    assert.equal(text('x'), '"x"');
    const long = text('y'.repeat(30_000));
    assert.ok(long.length < 20_100, String(long.length));
    assert.match(long, /… \(\d+ more characters\)$/);
  });

  it('is what the webview accepts: a report message round-trips through the protocol parser', () => {
    const v = toTraceView(report(), 'snippet.js');
    assert.deepEqual(parseTraceHostMessage(JSON.parse(JSON.stringify({ type: 'report', report: v }))), { type: 'report', report: v });
  });
});
