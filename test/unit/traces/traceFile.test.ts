import * as assert from 'node:assert/strict';
import { RunHistory } from '../../../src/extension/panels/traceHistory';
import { MAX_TRACE_FILE_CHARS, readTraceFile, TRACE_FILE_FORMAT, traceFileName, traceFileText } from '../../../src/extension/sessions/traceFile';
import type { TraceReportView } from '../../../src/webview/shared/traceProtocol';

function view(over: Partial<TraceReportView> = {}): TraceReportView {
  return {
    source: 'parcel.toolsearch.js',
    documentUri: 'file:///w/parcel.toolsearch.js',
    at: '2026-11-30T10:00:00.000Z',
    ok: true,
    outcome: { kind: 'ok', title: 'Returned after 30 ms.' },
    value: '{\n  "a": 1\n}',
    trace: [{ seq: 1, op: 'search', args: '["parcel"]', ok: true, result: '[]', startMs: 1, durationMs: 2, line: 2 }],
    telemetry: { catalogSize: 54, searchCount: 1, describeCount: 0, callCount: 0 },
    isolation: {
      ok: true, node: 'v20.19.0', nodePath: 'node', flags: [], entry: 'source', containment: [],
      codeGenerationBlocked: true, wasmBlocked: true, forbiddenGlobals: [], checkedGlobals: ['process'],
    },
    warm: false,
    durationMs: 30,
    ...over,
  };
}

describe('saved traces (*.tstrace.json)', () => {
  it('round-trip: what is saved reads back as the same report, in a versioned envelope', () => {
    const text = traceFileText(view(), new Date('2026-11-30T11:00:00Z'), 'tool-search-inspector 0.1.0');
    const raw = JSON.parse(text) as Record<string, unknown>;
    assert.equal(raw.format, TRACE_FILE_FORMAT);
    assert.equal(raw.version, 1);
    assert.equal(raw.savedAt, '2026-11-30T11:00:00.000Z');
    const read = readTraceFile(text);
    assert.ok(read.ok);
    assert.deepEqual(read.file.report, view());
    assert.equal(read.file.writer, 'tool-search-inspector 0.1.0');
  });

  it('refuses what is not a saved trace, each with a reason, never a throw', () => {
    const good = JSON.parse(traceFileText(view(), new Date())) as Record<string, unknown>;
    const cases: [string, RegExp][] = [
      ['not json', /not valid JSON/],
      ['[1]', /not a JSON object/],
      [JSON.stringify({ ...good, format: 'other' }), /"format"/],
      [JSON.stringify({ ...good, version: 2 }), /version 2/],
      [JSON.stringify({ ...good, report: { ...view(), outcome: undefined } }), /no readable report/],
      [JSON.stringify({ ...good, report: { ...view(), trace: [{ seq: 'one' }] } }), /malformed trace entry/],
      [JSON.stringify({ ...good, report: { ...view(), value: 'v'.repeat(50_000) } }), /refused/],
      [`${'['.repeat(40)}${']'.repeat(40)}`, /refused/],
      [' '.repeat(MAX_TRACE_FILE_CHARS + 1), /characters of JSON/],
    ];
    for (const [text, why] of cases) {
      const r = readTraceFile(text);
      assert.equal(r.ok, false, text.slice(0, 40));
      assert.match(r.ok ? '' : r.error, why, text.slice(0, 40));
    }
  });

  it('names the file after what ran', () => {
    assert.equal(traceFileName('parcel.toolsearch.js'), 'bridge-trace-parcel.toolsearch.tstrace.json');
    assert.equal(traceFileName('selection of a.js (lines 1-3)'), 'bridge-trace-selection-of-a.js-lines-1-3.tstrace.json');
    assert.equal(traceFileName('///'), 'bridge-trace-snippet.tstrace.json');
  });
});

describe('run history (the trace panel\'s last runs)', () => {
  it('keeps the newest runs first, at most its size, each with its outcome, time, document and view', () => {
    const h = new RunHistory(3);
    const ids = [1, 2, 3, 4].map((n) => h.add(view({ source: `s${n}.js`, outcome: { kind: n === 4 ? 'cancelled' : 'ok', title: `t${n}` }, durationMs: n })));
    assert.deepEqual(ids, [1, 2, 3, 4]);
    assert.equal(h.length, 3);
    assert.deepEqual(h.items().map((i) => [i.id, i.source, i.outcome, i.durationMs]), [[4, 's4.js', 'cancelled', 4], [3, 's3.js', 'ok', 3], [2, 's2.js', 'ok', 2]]);
    assert.equal(h.items()[0]?.documentUri, 'file:///w/parcel.toolsearch.js');
    assert.equal(h.items()[0]?.at, '2026-11-30T10:00:00.000Z');
    assert.equal(h.view(4)?.source, 's4.js');
    assert.equal(h.view(1), undefined, 'the oldest fell off');
  });

  it('is kept across a window reload (issue 41, part 5): stored newest first within a bound, restored run by run, runs of another config marked stale', () => {
    const h = new RunHistory();
    h.add(view({ source: 'a.js' }), 'config-1');
    h.add(view({ source: 'b.js' }), 'config-2');
    const stored = JSON.parse(JSON.stringify(h.stored(2_000_000))) as unknown;
    const back = RunHistory.restore(stored);
    assert.deepEqual(back.items().map((i) => i.source), ['b.js', 'a.js']);
    // The current config is config-2: the run made against config-1 is stale, in the list and when shown.
    assert.deepEqual(back.items('config-2').map((i) => i.stale ?? false), [false, true]);
    assert.match(back.view(1, 'config-2')?.stale ?? '', /^Stale: the config changed since this run/);
    assert.equal(back.view(2, 'config-2')?.stale, undefined);
    // New runs after a reload take new ids.
    assert.equal(back.add(view({ source: 'c.js' })), 3);
    // A bound keeps the newest runs that fit; nothing read back is trusted.
    assert.equal(h.stored(JSON.stringify(h.stored(2_000_000).runs[0]).length).runs.length, 1);
    assert.equal(RunHistory.restore({ runs: [{ item: { id: 'x' }, view: {} }, null, 7] }).length, 0);
    assert.equal(RunHistory.restore('garbage').length, 0);
  });

  it('defaults to the last 20 runs', () => {
    const h = new RunHistory();
    for (let i = 0; i < 25; i++) {
      h.add(view());
    }
    assert.equal(h.items().length, 20);
    assert.equal(h.items()[19]?.id, 6);
  });
});
