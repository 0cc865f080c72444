import * as assert from 'node:assert/strict';
import type { IsolationReport } from '../../../src/core/bridge/isolation';
import type { RunReport } from '../../../src/core/bridge/runReport';
import { text, toTraceView } from '../../../src/extension/bridge/traceView';

const contained = { contained: true, layer: 'permission-model' as const, detail: 'denied' };
const isolation: IsolationReport = {
  ok: true, node: 'v20', nodePath: 'node', flags: [], entry: 'eval', fs: contained, net: contained, childProcess: contained, worker: contained, env: contained,
  context: { forbiddenGlobals: [], codeGenerationBlocked: true, wasmBlocked: true }, probeMs: 1,
};

function deep(n: number): unknown {
  let v: unknown = 0;
  for (let i = 0; i < n; i++) {
    v = [v];
  }
  return v;
}

describe('trace view: never recurses on what a run hands it', () => {
  it('renders a value nested 100,000 deep and a 10 MB error without overflowing or growing', () => {
    const report: RunReport = {
      ok: false,
      error: 'e'.repeat(10_000_000),
      logs: [],
      telemetry: { catalogSize: 0, sources: { openclaw: 0, mcp: 0, client: 0 }, searchCount: 1, describeCount: 0, callCount: 0 },
      trace: [
        { seq: 1, op: 'search', args: [deep(100_000)], ok: true, result: deep(100_000), startMs: 0, durationMs: 1 },
        { seq: 2, op: 'call', args: [], ok: false, error: 'x'.repeat(10_000_000), startMs: 0, durationMs: 1 },
      ],
      isolation,
      warm: false,
      durationMs: 1,
    };
    const view = toTraceView(report, 'return 1');
    const size = JSON.stringify(view).length;
    assert.ok(size < 100_000, `${size} characters`);
    const row = view.trace[0];
    assert.match(row && 'result' in row ? String(row.result) : '', /not shown: it is nested deeper than 64 levels/);
    assert.match(view.error ?? '', /cut by the host: 10000000 characters/);
  });

  it('pretty-prints ordinary values and cuts long ones', () => {
    assert.equal(text({ a: [1] }), '{\n  "a": [\n    1\n  ]\n}');
    assert.equal(text(undefined), '(undefined)');
    assert.match(text(Array.from({ length: 50_000 }, (_, i) => i)), /… \(\d+ more characters\)$/);
  });
});
