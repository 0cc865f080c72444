import * as assert from 'node:assert/strict';
import type { IsolationReport } from '../../../src/core/bridge/isolation';
import type { RunReport } from '../../../src/core/bridge/runReport';
import { isolationView, text, toTraceView } from '../../../src/extension/bridge/traceView';
import { parseTraceHostMessage } from '../../../src/webview/shared/traceProtocol';

const contained = { contained: true, layer: 'permission-model' as const, detail: 'denied' };
const isolation: IsolationReport = {
  ok: true, node: 'v20.19.0', nodePath: '/usr/bin/node', flags: ['--permission'], entry: 'eval', fs: contained,
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
    assert.equal(v.outcome.kind, 'ok');
  });

  it('a failed run shows its error and why it stopped, not a value', () => {
    const v = toTraceView(report({ ok: false, value: undefined, error: 'bridge: the snippet timed out after 5000 ms; the sandbox child was killed', stoppedBy: 'timeout' }), 's');
    assert.equal(v.ok, false);
    assert.equal(v.value, undefined);
    assert.equal(v.stoppedBy, 'timeout');
    assert.equal(v.outcome.kind, 'timeout');
    const noText = toTraceView(report({ ok: false, value: undefined, error: undefined }), 's');
    assert.equal(noText.error, 'the run failed');
    assert.deepEqual([noText.outcome.kind, noText.outcome.detail], ['error', 'the run failed']);
  });

  it('a run the user cancelled has one outcome, cancelled, whatever the bridge called it', () => {
    const killed = report({ ok: false, value: undefined, error: 'bridge: the run was cancelled; the sandbox child was killed', stoppedBy: 'cancelled' });
    for (const v of [toTraceView(killed, 's', true), toTraceView(killed, 's', { cancelled: true }), toTraceView(killed, 's')]) {
      assert.equal(v.outcome.kind, 'cancelled');
      assert.equal(v.outcome.detail, undefined);
      assert.doesNotMatch(v.outcome.title, /deadline|failed|error/i);
    }
    // A refused call made the snippet throw before the kill landed: still the user's cancel.
    const threw = toTraceView(report({ ok: false, value: undefined, error: 'refused: the run was cancelled in the editor' }), 's', { cancelled: true });
    assert.equal(threw.outcome.kind, 'cancelled');
  });

  it('keeps where the run came from, when, and the snippet line of an entry when the run recorded one', () => {
    const r = report();
    const withLine = { ...r, trace: r.trace.map((t, i) => (i === 0 ? { ...t, line: 3 } : t)) };
    const v = toTraceView(withLine, 'a.toolsearch.js', { documentUri: 'file:///w/a.toolsearch.js', at: new Date('2026-11-30T10:00:00Z') });
    assert.equal(v.documentUri, 'file:///w/a.toolsearch.js');
    assert.equal(v.at, '2026-11-30T10:00:00.000Z');
    assert.equal(v.trace[0]?.line, 3);
    assert.equal(v.trace[1]?.line, undefined);
  });

  it('shows the isolation report as one row per capability, with the layer that contains it', () => {
    const iso = isolationView({ ...isolation, ok: false, reason: 'no permission model' });
    assert.deepEqual(iso.containment.map((r) => [r.capability, r.layer]), [
      ['file system', 'permission-model'], ['network', 'vm-context'], ['child process', 'permission-model'], ['worker', 'permission-model'], ['environment', 'permission-model'],
    ]);
    assert.equal(iso.reason, 'no permission model');
    assert.deepEqual(iso.forbiddenGlobals, ['process']);
    assert.equal(isolationView(isolation).reason, undefined);
  });

  it('shows what the child can do to the host (signals, identity, channel) and the realm probe, each with every layer the probe exercised', () => {
    const held = { contained: true, layer: 'vm-context' as const, behind: ['process-hardening' as const], detail: 'no process' };
    const v = isolationView({
      ...isolation,
      net: { ...isolation.net, behind: ['process-hardening'] },
      signals: held,
      identity: held,
      channel: { contained: true, layer: 'framed-channel', detail: 'no IPC' },
      realm: { attempts: ['import() rejection', 'bridge error'], escapes: [], intrinsicsFrozen: true, processResidue: ['kill'], globalResidue: ['fetch'] },
    });
    assert.equal(v.containment.find((c) => c.capability === 'network')?.layer, 'vm-context, then process-hardening');
    assert.deepEqual(v.hostContainment?.map((c) => [c.capability, c.layer]), [
      ['signals', 'vm-context, then process-hardening'],
      ['host identity', 'vm-context, then process-hardening'],
      ['host channel', 'framed-channel'],
    ]);
    assert.deepEqual(v.realm, { attempts: ['import() rejection', 'bridge error'], escapes: [], intrinsicsFrozen: true, residue: ['process.kill', 'fetch'] });
    // A report saved before these were probed shows none of them, rather than claiming them.
    const old = isolationView(isolation);
    assert.deepEqual([old.hostContainment, old.realm], [undefined, undefined]);
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
