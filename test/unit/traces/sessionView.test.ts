import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SessionLog } from '../../../src/core/telemetry/sessionLog';
import { readSessionView } from '../../../src/core/telemetry/sessionView';

const DEMO = path.resolve(__dirname, '..', '..', '..', 'examples', 'demo', 'sessions', 'inspector-run.jsonl');
const at = () => new Date('2026-11-30T10:00:00Z');

/** A code-mode turn as `compare` writes it: the request, the bridge's operations, the model's call, the end. */
function codeTurn(log: SessionLog, turn: string, parent: string, final: { id: string; source: 'openclaw' | 'mcp'; sourceName: string }): void {
  log.record({
    type: 'turn-start', turnId: turn, mode: 'code', effectiveMode: 'code', catalogSize: 54, sources: { openclaw: 44, mcp: 10, client: 0 },
    schemasUpFront: 2, catalogSchemasUpFront: 1, visibleTools: ['tool_search_code', 'message'], bytes: { tools: 1890, prompt: 240, total: 2130 },
  });
  log.record({ type: 'search', callId: `tool_search_code:${parent}:search:1`, parentCallId: parent, query: 'parcel', hits: [final.id] });
  log.record({ type: 'describe', callId: `tool_search_code:${parent}:describe:2`, parentCallId: parent, idOrName: final.id, id: final.id });
  log.record({
    type: 'call', callId: `tool_search_code:${parent}:x:3`, parentCallId: parent, via: 'tool_search_code', idOrName: final.id, id: final.id,
    name: final.id.split(':').pop(), source: final.source, sourceName: final.sourceName, ok: true, resultBytes: 10, durationMs: 3,
  });
  log.record({ type: 'model-call', callId: parent, name: 'tool_search_code', ok: true, durationMs: 40 });
  log.record({ type: 'turn-end', turnId: turn, ok: true });
}

describe('session view (the session viewer\'s reading of a JSONL log)', () => {
  it('groups a log the writer wrote into turns, nests the bridge\'s operations under the model call, and answers the four questions', () => {
    const log = new SessionLog(undefined, at);
    codeTurn(log, 't1', 'call_1', { id: 'mcp:github:search_issues', source: 'mcp', sourceName: 'github' });
    codeTurn(log, 't2', 'call_2', { id: 'openclaw:fake-plugin:fake_plugin_tool_17', source: 'openclaw', sourceName: 'fake-plugin' });
    const v = readSessionView(log.toJsonl());
    assert.deepEqual(v.problems, []);
    assert.equal(v.eventCount, 12);
    assert.equal(v.lineCount, 12);
    assert.deepEqual(v.turns.map((t) => [t.turnId, t.ok, t.steps.map((s) => `${s.kind}/${s.depth}@${s.line}`).join(' ')]), [
      ['t1', true, 'turn-start/0@1 search/1@2 describe/1@3 call/1@4 model-call/0@5 turn-end/0@6'],
      ['t2', true, 'turn-start/0@7 search/1@8 describe/1@9 call/1@10 model-call/0@11 turn-end/0@12'],
    ]);
    const a = v.answers;
    assert.equal(a.schemasUpFront, 2);
    assert.equal(a.catalogSchemasUpFront, 1);
    assert.equal(a.searches, 2);
    assert.equal(a.describes, 2);
    assert.equal(a.finalTool?.id, 'openclaw:fake-plugin:fake_plugin_tool_17');
    assert.equal(a.finalTool?.origin, 'OpenClaw plugin fake-plugin');
    assert.equal(a.finalTool?.via, 'tool_search_code');
    assert.deepEqual(a.otherTools.map((c) => c.origin), ['MCP github']);
    const first = v.turns[0]?.steps;
    assert.match(first?.[0]?.title ?? '', /^Turn in code mode: 2 schemas up front \(1 from the catalog of 54\), 2130 bytes$/);
    assert.match(first?.[1]?.title ?? '', /^search "parcel": 1 hit/);
    assert.match(first?.[4]?.title ?? '', /^Model called tool_search_code: ok in 40 ms \(3 operations inside\)$/);
  });

  it('steps through each model request of a turn, as compare records them, with what the reply asked for', () => {
    const log = new SessionLog(undefined, at);
    codeTurn(log, 't1', 'call_1', { id: 'openclaw:core:read', source: 'openclaw', sourceName: 'core' });
    const lines = log.toJsonl().split('\n').filter(Boolean);
    const req = (round: number, toolCalls: number) => JSON.stringify({ type: 'model-request', turnId: 't1', round, bytes: 5111, tools: 9, toolCalls, seq: 0, at: '' });
    const v = readSessionView([lines[0], req(1, 1), ...lines.slice(1, 5), req(2, 0), lines[5]].join('\n'));
    assert.deepEqual(v.problems, []);
    assert.deepEqual(v.turns[0]?.steps.map((s) => s.kind), ['turn-start', 'model-request', 'search', 'describe', 'call', 'model-call', 'model-request', 'turn-end']);
    assert.equal(v.turns[0]?.steps[1]?.title, 'Model request 1: 5111 bytes, 9 schemas; the reply asked for 1 tool call');
    assert.equal(v.turns[0]?.steps[6]?.title, 'Model request 2: 5111 bytes, 9 schemas; the reply answered');
    assert.equal(readSessionView(JSON.stringify({ type: 'model-request', turnId: 't', round: 1 })).problems[0]?.message, 'model-request event without its round, bytes, tools and tool calls');
  });

  it('reads the bundled demo log: five turns, the last tool fake_plugin_tool_17 from the fake-plugin', () => {
    const v = readSessionView(fs.readFileSync(DEMO, 'utf8'));
    assert.deepEqual(v.problems, []);
    assert.equal(v.turns.length, 5);
    assert.equal(v.answers.searches, 9);
    assert.equal(v.answers.finalTool?.id, 'openclaw:fake-plugin:fake_plugin_tool_17');
    assert.equal(v.answers.finalTool?.origin, 'OpenClaw plugin fake-plugin');
  });

  it('tolerates bad lines: each is a problem with its line number, the rest still reads', () => {
    const log = new SessionLog(undefined, at);
    codeTurn(log, 't1', 'call_1', { id: 'openclaw:core:read', source: 'openclaw', sourceName: 'core' });
    const good = log.toJsonl().split('\n').filter(Boolean);
    const lines = [
      good[0],
      '{"type":"search","callId":"c"',
      good[1],
      '[1,2]',
      '{"type":"teleport","callId":"x"}',
      '{"type":"call","callId":"c9","idOrName":"t","via":"cli"}',
      '{"type":"turn-start","turnId":"t9","bytes":"big"}',
      '',
      ...good.slice(2),
    ];
    const v = readSessionView(`${lines.join('\r\n')}\n`);
    assert.deepEqual(v.problems.map((p) => p.line), [2, 4, 5, 6, 7]);
    assert.match(v.problems[0]?.message ?? '', /^not JSON/);
    assert.equal(v.problems[1]?.message, 'not a session event (no "type")');
    assert.equal(v.problems[2]?.message, 'unknown event type "teleport"');
    assert.equal(v.problems[3]?.message, 'call event without ok');
    assert.equal(v.problems[4]?.message, 'turn-start event without its modes');
    assert.equal(v.eventCount, 6);
    assert.equal(v.answers.finalTool?.origin, 'OpenClaw core');
    assert.deepEqual(v.turns[0]?.steps.map((s) => s.line), [1, 3, 9, 10, 11, 12]);
  });

  it('events before any turn (a `call --log` session) form one turn outside any turn, and failed calls are answered too', () => {
    const log = new SessionLog(undefined, at);
    log.record({ type: 'call', callId: 'cli-1', via: 'cli', idOrName: 'exec', id: 'openclaw:core:exec', ok: false, blockedBy: 'policy', error: 'denied by tools.deny', durationMs: 1 });
    const v = readSessionView(log.toJsonl());
    assert.deepEqual(v.turns.map((t) => t.turnId), ['(outside a turn)']);
    assert.equal(v.answers.schemasUpFront, undefined);
    assert.equal(v.answers.finalTool, undefined);
    assert.deepEqual(v.answers.failedCalls.map((c) => [c.id, c.error]), [['openclaw:core:exec', 'denied by tools.deny']]);
    assert.match(v.turns[0]?.steps[0]?.title ?? '', /refused or failed: policy: denied by tools\.deny/);
  });

  it('is bounded: characters, lines, line length and the number of problems listed', () => {
    const line = '{"type":"model-call","callId":"c","name":"tool_search","ok":true,"durationMs":1}';
    const many = `${Array.from({ length: 50 }, () => line).join('\n')}\n`;
    const byLines = readSessionView(many, { maxChars: 1e6, maxLines: 10, maxLineChars: 1000, maxProblems: 5 });
    assert.equal(byLines.eventCount, 10);
    assert.match(byLines.truncated ?? '', /first 10 lines/);
    const byChars = readSessionView(many, { maxChars: line.length * 3 + 5, maxLines: 100, maxLineChars: 1000, maxProblems: 5 });
    assert.equal(byChars.eventCount, 3);
    assert.match(byChars.truncated ?? '', /characters/);
    const long = readSessionView(`${line}\n{"type":"search","query":"${'q'.repeat(2000)}"}\n`, { maxChars: 1e6, maxLines: 100, maxLineChars: 1000, maxProblems: 5 });
    assert.deepEqual(long.problems.map((p) => p.line), [2]);
    assert.match(long.problems[0]?.message ?? '', /too long/);
    const junk = readSessionView(Array.from({ length: 12 }, () => 'nope').join('\n'), { maxChars: 1e6, maxLines: 100, maxLineChars: 1000, maxProblems: 5 });
    assert.equal(junk.problems.length, 5);
    assert.equal(junk.moreProblems, 7);
    assert.deepEqual(readSessionView('').turns, []);
  });
});
