import * as assert from 'node:assert/strict';
import { SessionLog } from '../../../src/core/telemetry/sessionLog';
import { readSessionView } from '../../../src/core/telemetry/sessionView';
import { programOf, toSessionLogView } from '../../../src/extension/sessions/sessionLogView';
import {
  MAX_PROGRAM_CODE,
  MAX_PROGRAM_OUTPUT_ITEMS,
  MAX_PROGRAM_TEXT,
  parseSessionHostMessage,
  parseSessionPanelState,
  parseSessionWebviewMessage,
} from '../../../src/webview/shared/sessionProtocol';

describe('session viewer protocol', () => {
  it('carries a real session view to the webview, which accepts it', () => {
    const log = new SessionLog(undefined, () => new Date('2026-11-30T10:00:00Z'));
    log.record({ type: 'search', callId: 'c1', query: 'parcel', hits: ['a'] });
    log.record({ type: 'call', callId: 'c2', via: 'tool_call', idOrName: 'a', id: 'mcp:gh:a', name: 'a', source: 'mcp', sourceName: 'gh', ok: true, result: { big: 'x'.repeat(30_000) }, durationMs: 2 });
    const view = toSessionLogView(readSessionView(`${log.toJsonl()}oops\n`), 'toolSearch.jsonl');
    const msg = JSON.parse(JSON.stringify({ type: 'session', view })) as unknown;
    assert.deepEqual(parseSessionHostMessage(msg), { type: 'session', view });
    assert.equal(view.answers.finalTool?.origin, 'MCP gh');
    assert.deepEqual(view.problems.map((p) => p.line), [3]);
    // Event details are bounded text: the 30,000-character result is cut.
    const detail = view.turns[0]?.steps[1]?.detail ?? '';
    assert.ok(detail.length < 20_100, String(detail.length));
    assert.equal(parseSessionHostMessage({ type: 'session', view: { ...view, turns: [{ turnId: 't', steps: [{ kind: 'teleport' }] }] } }), undefined);
    assert.deepEqual(parseSessionHostMessage({ type: 'error', message: 'x' }), { type: 'error', message: 'x' });
  });

  it('the webview says ready or asks for a line of the file', () => {
    assert.deepEqual(parseSessionWebviewMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseSessionWebviewMessage({ type: 'openLine', line: 3 }), { type: 'openLine', line: 3 });
    for (const bad of [{ type: 'openLine', line: 0 }, { type: 'openLine', line: '3' }, { type: 'run' }, null]) {
      assert.equal(parseSessionWebviewMessage(bad), undefined, JSON.stringify(bad));
    }
    assert.deepEqual(parseSessionPanelState({ step: 4, fileUri: 'file:///a.jsonl' }), { step: 4, fileUri: 'file:///a.jsonl' });
    assert.deepEqual(parseSessionPanelState({ step: -1 }), { step: 0 });
  });
});

describe('session viewer protocol: a Code Mode leg', () => {
  it('a leg reaches the webview within the bounds: long output cut with a count, a wait names the program it resumed', () => {
    const output = Array.from({ length: MAX_PROGRAM_OUTPUT_ITEMS + 5 }, (_, i) => `line ${i}`);
    const exec = programOf({ code: 'return 1;', status: 'completed', output, value: { ok: true }, counts: { searches: 1, describes: 0, calls: 2 } });
    assert.equal(exec.output.length, MAX_PROGRAM_OUTPUT_ITEMS);
    assert.equal(exec.output.at(-1), `… 6 more output items`);
    assert.equal(exec.value, '{\n  "ok": true\n}');
    const wait = programOf({ resumes: { runId: 'cm_1', execCallId: 'call_2' }, status: 'waiting', runId: 'cm_1', reason: 'yield', output: [] });
    assert.equal(wait.resumes, "call_2's program, run cm_1");
    assert.equal(wait.code, undefined);
    const long = programOf({ code: 'x'.repeat(MAX_PROGRAM_CODE + 10), status: 'failed', error: 'e'.repeat(MAX_PROGRAM_TEXT * 2), output: [] });
    assert.equal(long.code?.length, MAX_PROGRAM_CODE);
    assert.equal(long.error?.length, MAX_PROGRAM_TEXT);
    const step = { kind: 'model-call', line: 0, depth: 0, title: 't', ok: true, detail: '{}' };
    const viewWith = (program: unknown) => ({ type: 'session', view: { file: 'f', turns: [{ turnId: 't', steps: [{ ...step, program }] }], answers: { searches: 0, describes: 0, otherTools: [], failedCalls: [] }, eventCount: 1, lineCount: 0, problems: [], moreProblems: 0 } });
    for (const good of [exec, wait, long]) assert.ok(parseSessionHostMessage(viewWith(good)), JSON.stringify(good).slice(0, 80));
    for (const bad of [{ ...exec, output: 'x' }, { ...exec, counts: { searches: -1, describes: 0, calls: 0 } }, { ...exec, status: 1 }]) {
      assert.equal(parseSessionHostMessage(viewWith(bad)), undefined, JSON.stringify(bad).slice(0, 80));
    }
  });
});
