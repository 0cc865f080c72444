import * as assert from 'node:assert/strict';
import { SessionLog } from '../../../src/core/telemetry/sessionLog';
import { readSessionView } from '../../../src/core/telemetry/sessionView';
import { toSessionLogView } from '../../../src/extension/sessions/sessionLogView';
import { parseSessionHostMessage, parseSessionPanelState, parseSessionWebviewMessage } from '../../../src/webview/shared/sessionProtocol';

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
