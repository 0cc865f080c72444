import * as assert from 'node:assert/strict';
import type { ModeComparisonReport, LaneReport } from '../../../src/core/orchestration/modeComparison';
import type { SessionEvent } from '../../../src/core/telemetry/sessionLog';
import { summarizeSession } from '../../../src/core/telemetry/summary';
import { toCompareView, traceStep } from '../../../src/extension/compare/compareView';
import { parseBaseUrl, redactSecret, secretKeyFor } from '../../../src/extension/compare/providerSettings';
import { MAX_PROMPT_CHARS, MAX_TRACE_STEPS, parseCompareState, parseHostMessage, parseWebviewMessage, type CompareView } from '../../../src/webview/shared/compareProtocol';

const AT = '2026-11-30T00:00:00.000Z';

/** A Tool Search lane's log as the gateway writes it: a bridge run with a nested search and call. */
function toolSearchEvents(): SessionEvent[] {
  return [
    { seq: 1, at: AT, type: 'turn-start', turnId: 'toolSearch:1', mode: 'code', effectiveMode: 'code', catalogSize: 133, sources: { openclaw: 96, mcp: 35, client: 2 }, schemasUpFront: 9, catalogSchemasUpFront: 8, visibleTools: ['tool_search_code', 'read'], bytes: { tools: 4000, prompt: 300, total: 4400 }, tokens: { tools: 900, prompt: 70, total: 1000, encoding: 'o200k_base' } },
    { seq: 2, at: AT, type: 'search', callId: 'toolSearch-s1', parentCallId: 'call_1', query: 'fake_plugin_tool_17', hits: ['openclaw:fake-plugin:fake_plugin_tool_17'] },
    { seq: 3, at: AT, type: 'call', callId: 'toolSearch-c1', parentCallId: 'call_1', via: 'tool_search_code', idOrName: 'openclaw:fake-plugin:fake_plugin_tool_17', id: 'openclaw:fake-plugin:fake_plugin_tool_17', name: 'fake_plugin_tool_17', source: 'openclaw', sourceName: 'fake-plugin', ok: true, resultBytes: 80, durationMs: 3 },
    { seq: 4, at: AT, type: 'model-call', callId: 'call_1', name: 'tool_search_code', ok: true, durationMs: 40 },
    { seq: 5, at: AT, type: 'turn-end', turnId: 'toolSearch:1', ok: true },
  ];
}

function directEvents(): SessionEvent[] {
  return [
    { seq: 1, at: AT, type: 'turn-start', turnId: 'direct:1', mode: 'direct', effectiveMode: 'direct', catalogSize: 133, sources: { openclaw: 96, mcp: 35, client: 2 }, schemasUpFront: 133, catalogSchemasUpFront: 133, visibleTools: Array.from({ length: 133 }, (_, i) => `tool_${i}`), bytes: { tools: 50000, prompt: 300, total: 51000 }, tokens: { tools: 11000, prompt: 70, total: 11100, encoding: 'o200k_base' } },
    { seq: 2, at: AT, type: 'call', callId: 'direct-c1', via: 'direct', idOrName: 'fake_plugin_tool_17', id: 'openclaw:fake-plugin:fake_plugin_tool_17', name: 'fake_plugin_tool_17', source: 'openclaw', sourceName: 'fake-plugin', ok: true, durationMs: 2 },
    { seq: 3, at: AT, type: 'turn-end', turnId: 'direct:1', ok: true },
  ];
}

function lane(mode: 'direct' | 'code', events: SessionEvent[], requests: LaneReport['requests']): LaneReport {
  const start = events[0];
  if (start?.type !== 'turn-start') {
    throw new Error('a lane log starts with turn-start');
  }
  if (!start.bytes) {
    throw new Error('a lane log knows its bytes');
  }
  return { mode, effectiveMode: mode, visibleTools: start.visibleTools, bytes: start.bytes, requests, finalText: 'FAKE_PLUGIN_OK fake_plugin_tool_17 QA-17', summary: summarizeSession(events) };
}

function report(checksOk: boolean[]): ModeComparisonReport {
  return {
    provider: 'mock',
    prompt: 'Call fake_plugin_tool_17 with marker QA-17.',
    lanes: { direct: lane('direct', directEvents(), [{ bytes: 51000, tools: ['a', 'b'] }, { bytes: 51200, tools: ['a', 'b'] }]), toolSearch: lane('code', toolSearchEvents(), [{ bytes: 4400, tools: ['tool_search_code'] }]) },
    checks: checksOk.map((ok, i) => ({ name: `check ${i}`, ok, detail: `detail ${i}` })),
  };
}

function viewOf(checksOk: boolean[]): CompareView {
  return toCompareView({ report: report(checksOk), events: { direct: directEvents(), toolSearch: toolSearchEvents() }, logFiles: { direct: 'runs/direct.jsonl', toolSearch: 'runs/toolSearch.jsonl' }, durationMs: 812.4, sessionViewer: true });
}

describe('Compare in the editor: the view, the protocol and the provider rules', () => {
  it('builds both lanes from the report and their session logs: sizes, tokens, counts, final tools and the trace', () => {
    const view = viewOf([true, true, true]);
    assert.equal(view.allOk, true);
    assert.equal(view.durationMs, 812);
    const d = view.lanes.direct;
    const t = view.lanes.toolSearch;
    assert.equal(d.schemasUpFront, 133);
    assert.equal(d.visibleTools.length + d.visibleOmitted, 133);
    assert.ok(d.visibleOmitted > 0, 'direct mode’s hundreds of names are cut for the panel');
    assert.deepEqual(d.tokens, { tools: 11000, prompt: 70, total: 11100 });
    assert.deepEqual(t.bytes, { tools: 4000, prompt: 300, total: 4400 });
    assert.deepEqual(d.requests, [{ bytes: 51000, tools: 2 }, { bytes: 51200, tools: 2 }]);
    assert.deepEqual([t.searches, t.describes, t.calls], [1, 0, 1]);
    assert.deepEqual(t.finalCalls, [{ id: 'openclaw:fake-plugin:fake_plugin_tool_17', name: 'fake_plugin_tool_17', origin: 'OpenClaw plugin fake-plugin', via: 'tool_search_code' }]);
    assert.deepEqual(
      t.trace.map((s) => [s.kind, s.nested, s.ok]),
      [
        ['turn-start', false, undefined],
        ['search', true, true],
        ['call', true, true],
        ['model-call', false, true],
        ['turn-end', false, true],
      ],
    );
    assert.equal(t.logFile, 'runs/toolSearch.jsonl');
    assert.equal(viewOf([true, false]).allOk, false);
    assert.equal(viewOf([]).allOk, false, 'no checks is not a pass');
  });

  it('says why a call failed in its trace row, and cuts a long trace', () => {
    const refused = traceStep({ seq: 9, at: AT, type: 'call', callId: 'c', via: 'tool_call', idOrName: 'exec', ok: false, blockedBy: 'deny "exec" (openclaw.json)', durationMs: 0 });
    assert.equal(refused.ok, false);
    assert.match(refused.detail, /blocked by deny "exec"/);
    const many: SessionEvent[] = Array.from({ length: MAX_TRACE_STEPS + 5 }, (_, i) => ({ seq: i + 1, at: AT, type: 'search', callId: `s${i}`, query: `q${i}`, hits: [] }));
    const r = report([true]);
    const view = toCompareView({ report: r, events: { direct: directEvents(), toolSearch: many }, logFiles: {}, durationMs: 1, sessionViewer: false });
    assert.equal(view.lanes.toolSearch.trace.length, MAX_TRACE_STEPS);
    assert.equal(view.lanes.toolSearch.traceOmitted, 5);
    assert.equal(view.lanes.toolSearch.logFile, undefined);
  });

  it('the host accepts only the exact webview messages', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseWebviewMessage({ type: 'run', provider: 'mock', prompt: 'hi', real: false, extra: 1 }), { type: 'run', provider: 'mock', prompt: 'hi', real: false });
    assert.deepEqual(parseWebviewMessage({ type: 'checkReal', modes: ['x'] }), { type: 'checkReal' });
    assert.deepEqual(parseWebviewMessage({ type: 'openSessionLog', lane: 'toolSearch' }), { type: 'openSessionLog', lane: 'toolSearch' });
    for (const bad of [
      null,
      'run',
      { type: 'run', provider: 'anthropic', prompt: 'hi', real: false },
      { type: 'run', provider: 'mock', prompt: 'hi' },
      { type: 'run', provider: 'mock', prompt: 'hi', real: 'yes' },
      { type: 'run', provider: 'openai', prompt: '   ', real: false },
      { type: 'run', provider: 'mock', prompt: 'x'.repeat(MAX_PROMPT_CHARS + 1), real: false },
      { type: 'run', provider: 'openai', prompt: 'hi', apiKey: undefined, baseUrl: 1 } as unknown,
      { type: 'openSessionLog', lane: '../../etc/passwd' },
      { type: 'openSessionLog', file: '/tmp/x.jsonl' },
      { type: 'eval', code: '1' },
    ]) {
      const parsed = parseWebviewMessage(bad);
      // The one extra-field case above is still a valid run: only its known fields pass through.
      if (parsed?.type === 'run') {
        assert.deepEqual(Object.keys(parsed).sort(), ['prompt', 'provider', 'real', 'type']);
        continue;
      }
      assert.equal(parsed, undefined, JSON.stringify(bad));
    }
  });

  it('the webview accepts a real view and drops a malformed one; saved state survives only when valid', () => {
    const view = viewOf([true, true]);
    assert.deepEqual(parseHostMessage({ type: 'result', view }), { type: 'result', view });
    const tampered = JSON.parse(JSON.stringify(view)) as { lanes: { toolSearch: { trace: unknown[] } } };
    tampered.lanes.toolSearch.trace.push({ seq: 1, kind: 'exec', title: 'x', detail: '', nested: false });
    assert.equal(parseHostMessage({ type: 'result', view: tampered }), undefined);
    assert.equal(parseHostMessage({ type: 'result', view: { ...view, lanes: { direct: view.lanes.toolSearch, toolSearch: view.lanes.direct } } }), undefined, 'lanes in the wrong slots');
    assert.deepEqual(parseHostMessage({ type: 'running', provider: 'mock', lane: 'direct', laneMode: 'direct' }), { type: 'running', provider: 'mock', lane: 'direct', laneMode: 'direct' });
    assert.equal(parseHostMessage({ type: 'running', provider: 'mock', lane: 'other' }), undefined);
    assert.deepEqual(parseHostMessage({ type: 'running', provider: 'mock', capture: { version: '2026.9.6', modes: ['direct', 'code'] } }), { type: 'running', provider: 'mock', capture: { version: '2026.9.6', modes: ['direct', 'code'] } });
    assert.equal(parseHostMessage({ type: 'running', provider: 'mock', capture: { version: 1, modes: [] } }), undefined);
    const real = { version: '2026.9.6', source: 'capture', mode: 'code', direct: { bytes: 168856, tools: 93 }, toolSearch: { bytes: 59174, tools: 10 }, missing: [] };
    assert.deepEqual(parseHostMessage({ type: 'result', view: { ...view, real } }), { type: 'result', view: { ...view, real } });
    assert.equal(parseHostMessage({ type: 'result', view: { ...view, real: { ...real, missing: [{ mode: 'code' }] } } }), undefined);
    assert.deepEqual(parseHostMessage({ type: 'setup', setup: { prompt: 'p', provider: 'mock', keyStored: false } }), { type: 'setup', setup: { prompt: 'p', provider: 'mock', keyStored: false } });
    assert.equal(parseHostMessage({ type: 'setup', setup: { prompt: 'p', provider: 'mock', keyStored: 'yes' } }), undefined);
    assert.deepEqual(parseCompareState({ view, prompt: 'p' }), { view, prompt: 'p' });
    assert.deepEqual(parseCompareState({ view: { provider: 'mock' }, prompt: 3 }), {});
  });

  it('takes an https base URL (or http on this machine) without credentials, and keys secrets by origin', () => {
    assert.deepEqual(parseBaseUrl('https://api.example.com/v1/'), { ok: true, baseUrl: 'https://api.example.com/v1' });
    assert.deepEqual(parseBaseUrl(' http://127.0.0.1:11434/v1?x=1#y '), { ok: true, baseUrl: 'http://127.0.0.1:11434/v1' });
    assert.deepEqual(parseBaseUrl('http://localhost:8080'), { ok: true, baseUrl: 'http://localhost:8080' });
    for (const [raw, why] of [
      ['', /no OpenAI-compatible base URL/],
      ['api.example.com', /not a URL/],
      ['http://api.example.com/v1', /must be https/],
      ['https://user:sk-secret@api.example.com/v1', /must not carry credentials/],
      ['file:///etc/passwd', /http\(s\)/],
    ] as const) {
      const r = parseBaseUrl(raw);
      assert.equal(r.ok, false, raw);
      assert.match(r.ok ? '' : r.problem, why);
      assert.doesNotMatch(r.ok ? '' : r.problem, /sk-secret/);
    }
    assert.equal(secretKeyFor('https://api.example.com/v1'), secretKeyFor('https://api.example.com/v2'));
    assert.notEqual(secretKeyFor('https://api.example.com/v1'), secretKeyFor('https://evil.example.net/v1'));
    assert.equal(redactSecret('401: bad key sk-abc123 (sk-abc123)', 'sk-abc123'), '401: bad key *** (***)');
    assert.equal(redactSecret('nothing to hide', undefined), 'nothing to hide');
  });
});
