// A real Code Mode session of OpenClaw 2026.9.6 (recorded by
// scripts/record-session-fixtures.mjs: `exec` programs run by the scripted
// model, one yielding and resumed by `wait`, one failing) read as a user reads
// it: each program with its result, the tools it called with their arguments,
// the wait, and the counts OpenClaw itself reported.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readSessions } from '../../../src/core/telemetry/sessionSources';
import { sessionAnswers, sessionViewOfEvents, type SessionStep } from '../../../src/core/telemetry/sessionView';
import { summarizeSession } from '../../../src/core/telemetry/summary';
import type { CallEvent, ModelCallEvent } from '../../../src/core/telemetry/sessionLog';
import { usageFromSessions } from '../../../src/core/learning/usagePairs';
import { programsOf } from '../../../src/core/provider/mockProvider';
import { toSessionLogView } from '../../../src/extension/sessions/sessionLogView';
import { MAX_PROGRAM_CODE, parseSessionHostMessage } from '../../../src/webview/shared/sessionProtocol';

const REPO = path.resolve(__dirname, '../../..');
const FIXTURES = path.join(REPO, 'test', 'fixtures', 'sessions', 'openclaw-2026.9.6');
const STORE = path.join(FIXTURES, 'code-mode');
interface Recorded {
  modes: Record<string, { bridgeCalls: { search: number; describe: number; call: number }; assistantTurns: number; prompt: string; codeModeEngaged: boolean }>;
}
const recorded = (JSON.parse(fs.readFileSync(path.join(FIXTURES, 'recorded.json'), 'utf8')) as Recorded).modes['code-mode']!;
/** The programs the scripted model ran, in order, as the prompt spelled them. */
const programs = programsOf(recorded.prompt);

async function session() {
  const read = await readSessions([STORE]);
  assert.deepEqual(read.errors, []);
  assert.equal(read.sessions.length, 1);
  return read.sessions[0]!;
}

function steps(events: Parameters<typeof sessionViewOfEvents>[0]): SessionStep[] {
  const view = sessionViewOfEvents(events);
  assert.equal(view.turns.length, 1);
  return view.turns[0]!.steps;
}

const modelCall = (st: SessionStep | undefined): ModelCallEvent => {
  assert.equal(st?.event.type, 'model-call', st?.title);
  return st!.event as ModelCallEvent;
};
const call = (st: SessionStep | undefined): CallEvent => {
  assert.equal(st?.event.type, 'call', st?.title);
  return st!.event as CallEvent;
};

describe('OpenClaw sessions: a real Code Mode run of 2026.9.6 (exec, wait and the calls inside the programs)', () => {
  it('the run is Code Mode, with the schemas up front and the counts OpenClaw itself reported', async () => {
    assert.equal(recorded.codeModeEngaged, true, 'OpenClaw says Code Mode engaged for the recorded turn');
    const s = await session();
    assert.equal(s.format, 'openclaw-store');
    assert.equal(s.openclawVersion, '2026.9.6');
    assert.equal(s.mode, 'code-mode');
    const summary = summarizeSession(s.events);
    const answers = sessionAnswers(summary);
    // OpenClaw's own reply counts the programs' searches, describes and calls (agentMeta.bridgeCalls).
    assert.equal(answers.searches, recorded.bridgeCalls.search);
    assert.equal(answers.describes, recorded.bridgeCalls.describe);
    assert.equal(summary.callCount, recorded.bridgeCalls.call);
    assert.equal(summary.modelCalls, recorded.assistantTurns - 1, 'three execs and one wait');
    // exec, wait, openclaw, sessions_yield: two of them Code Mode's own.
    assert.equal(answers.schemasUpFront, 4);
    assert.equal(answers.catalogSchemasUpFront, 2);
    assert.equal(summary.catalogSize, 91, "the catalog size from exec's telemetry");
    assert.equal(answers.finalTool?.name, 'fake_plugin_tool_17');
    assert.equal(answers.finalTool?.via, 'exec');
    assert.deepEqual(answers.failedCalls, []);
  });

  it('step by step: each program as the model wrote it, its result, and the calls it made with their arguments under it', async () => {
    const st = steps((await session()).events);
    assert.match(st[0]!.title, /^Turn in Code Mode: 4 schemas up front \(2 from the catalog of 91\)/);

    // 1. exec: search, describe and call, completed.
    const first = modelCall(st[1]);
    assert.equal(first.name, 'exec');
    assert.equal(first.program?.code, programs[0]);
    assert.equal(first.program?.status, 'completed');
    assert.deepEqual(first.program?.output, ['found fake_plugin_tool_17 (7 fields described)']);
    assert.deepEqual(first.program?.value, { tool: 'fake_plugin_tool_17', marker: 'QA-17' });
    assert.match(st[1]!.title, /^Model ran a program with exec \(4 lines\): completed, returned \{"tool":"fake_plugin_tool_17","marker":"QA-17"\}, 1 output item in \d+ ms \(3 operations inside\)$/);
    assert.deepEqual(st.slice(2, 5).map((x) => [x.kind, x.depth]), [['search', 1], ['describe', 1], ['call', 1]]);
    assert.equal(st[2]!.title, 'search "fake plugin tool 17" (read from the program; its hits were not recorded)');
    const c1 = call(st[4]);
    assert.equal(c1.callId, 'tool_search_code:call_1:fake_plugin_tool_17:1', "OpenClaw's own id of the nested call");
    assert.equal(c1.parentCallId, first.callId);
    assert.deepEqual(c1.args, { marker: 'QA-17' });
    assert.match(st[4]!.title, /^call fake_plugin_tool_17 \{"marker":"QA-17"\} via exec \(call_1's program\): ok in \d+ ms$/);

    // 2. exec: an MCP call, then yield_control: waiting with its runId.
    const second = modelCall(st[5]);
    assert.equal(second.program?.code, programs[1]);
    assert.equal(second.program?.status, 'waiting');
    assert.equal(second.program?.reason, 'yield');
    assert.match(second.program?.runId ?? '', /^cm_/);
    assert.deepEqual(second.program?.output, ['booked evt-1']);
    assert.match(st[5]!.title, /: waiting \(yield\), run cm_/);
    const mcp = call(st[6]);
    assert.equal(st[6]!.depth, 1);
    assert.equal(mcp.name, 'calendar__create_event', 'named as OpenClaw names MCP tools');
    assert.equal(mcp.id, 'mcp:calendar:create_event');
    assert.equal(mcp.source, 'mcp');
    assert.deepEqual(mcp.args, { summary: 'QA-17 review', start: '2026-09-07T10:00:00Z' });
    assert.equal(mcp.parentCallId, second.callId);

    // 3. wait resumes that run; the call the resumed program made sits under the wait, its parent still the exec.
    const wait = modelCall(st[7]);
    assert.equal(wait.name, 'wait');
    assert.deepEqual(wait.program?.resumes, { runId: second.program?.runId, execCallId: second.callId });
    assert.equal(wait.program?.status, 'completed');
    assert.deepEqual(wait.program?.counts, { searches: 0, describes: 0, calls: 1 });
    assert.match(st[7]!.title, /^Model resumed call_2's program with wait: completed, .* \(1 operation inside\)$/);
    const resumed = call(st[8]);
    assert.equal(st[8]!.depth, 1);
    assert.equal(resumed.callId, 'tool_search_code:call_2:fake_plugin_tool_17:2');
    assert.equal(resumed.parentCallId, second.callId);
    assert.equal(resumed.resumedBy, wait.callId);
    assert.match(st[8]!.title, /via exec \(call_2's program, resumed by call_3\)/);

    // 4. exec: a program that throws: failed, with its output and error.
    const fourth = modelCall(st[9]);
    assert.equal(fourth.program?.code, programs[2]);
    assert.equal(fourth.ok, false);
    assert.equal(fourth.program?.status, 'failed');
    assert.deepEqual(fourth.program?.output, ['checking the flag']);
    assert.match(fourth.program?.error ?? '', /^Error: QA-17 flag not confirmed\n\s+at openclaw-code-mode:user\.js:2:7/);
    assert.equal(st[9]!.ok, false);
    assert.match(st[9]!.title, /: failed: Error: QA-17 flag not confirmed, 1 output item/);
    assert.equal(st[10]!.kind, 'turn-end');
    assert.equal(st.length, 11);
  });

  it("the session panel gets each program, its status, output, value and error through the typed protocol", async () => {
    const view = toSessionLogView(sessionViewOfEvents((await session()).events), 'openclaw-agent.sqlite');
    const msg = JSON.parse(JSON.stringify({ type: 'session', view })) as unknown;
    assert.deepEqual(parseSessionHostMessage(msg), { type: 'session', view });
    const legs = view.turns[0]!.steps.flatMap((s) => (s.program ? [s.program] : []));
    assert.deepEqual(legs.map((p) => p.status), ['completed', 'waiting', 'completed', 'failed']);
    assert.equal(legs[0]!.code, programs[0]);
    assert.equal(legs[2]!.code, undefined, 'a wait has no program of its own');
    assert.match(legs[2]!.resumes ?? '', /^call_2's program, run cm_/);
    assert.equal(legs[2]!.value, JSON.stringify({ tool: 'fake_plugin_tool_17', marker: 'QA-17' }, null, 2));
    assert.match(legs[3]!.error ?? '', /QA-17 flag not confirmed/);
    // A program over the protocol's bound is refused by the webview's guard.
    const big = { ...view, turns: [{ ...view.turns[0]!, steps: [{ ...view.turns[0]!.steps[1]!, program: { ...legs[0]!, code: 'x'.repeat(MAX_PROGRAM_CODE + 1) } }] }] };
    assert.equal(parseSessionHostMessage({ type: 'session', view: big }), undefined);
  });

  it('learning pairs the program\'s search with the tool it then called; the calls after it pair with nothing', async () => {
    const read = await readSessions([STORE]);
    const usage = usageFromSessions(read);
    assert.deepEqual(usage.pairs, [{ query: 'fake plugin tool 17', tool: 'fake_plugin_tool_17', count: 1, foundInHits: 0 }]);
    assert.equal(usage.successfulCalls, 3);
  });

  const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(REPO, 'dist', 'cli.js'), ...args], { encoding: 'utf8', cwd: REPO });

  it('sessions --steps prints each program, its output and error, and the calls inside it', () => {
    const r = cli('sessions', STORE, '--steps');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /code-mode +4 +1 +1 +fake_plugin_tool_17 \(source not recorded, via exec\)/);
    for (const line of programs[0]!.split('\n')) assert.ok(r.stdout.includes(`| ${line}`), line);
    assert.match(r.stdout, /\n {6}call calendar__create_event \{"summary":"QA-17 review","start":"2026-09-07T10:00:00Z"\} via exec \(call_2's program\) \(mcp calendar\)/);
    assert.match(r.stdout, /\n {4}Model resumed call_2's program with wait: completed/);
    assert.match(r.stdout, /\n {4}✗ Model ran a program with exec \(2 lines\): failed: Error: QA-17 flag not confirmed/);
    assert.match(r.stdout, /error: Error: QA-17 flag not confirmed at openclaw-code-mode:user\.js:2:7/);
    const j = cli('sessions', STORE, '--steps', '--json');
    assert.equal(j.status, 0, j.stderr);
    const out = JSON.parse(j.stdout) as { sessions: { mode: string; steps: { steps: { kind: string; program?: { status?: string }; args?: unknown }[] }[] }[] };
    assert.equal(out.sessions[0]!.mode, 'code-mode');
    const all = out.sessions[0]!.steps[0]!.steps;
    assert.deepEqual(all.flatMap((s) => (s.program ? [s.program.status] : [])), ['completed', 'waiting', 'completed', 'failed']);
    assert.deepEqual(all.filter((s) => s.kind === 'call').map((s) => s.args), [{ marker: 'QA-17' }, { summary: 'QA-17 review', start: '2026-09-07T10:00:00Z' }, { marker: 'QA-17' }]);
  });

  it('compare --sessions: the direct run beside the Code Mode run, the same final tool reached from a program', () => {
    const r = cli('compare', '--sessions', STORE, '--sessions', path.join(FIXTURES, 'direct'), '--json');
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const out = JSON.parse(r.stdout) as { lanes: { toolSearch: { mode: string } }; checks: { name: string; ok: boolean; detail: string }[] };
    assert.equal(out.lanes.toolSearch.mode, 'code-mode');
    assert.deepEqual(
      out.checks.map((c) => [c.name, c.ok]),
      [
        ['the direct run calls a tool', true],
        ['the Code Mode run ends in the same tool', true],
        ['the Code Mode run reached it from a program (exec)', true],
        ['the Code Mode run saw fewer schemas up front', true],
        ['no call was refused or failed', true],
      ],
    );
    assert.match(out.checks[1]!.detail, /fake_plugin_tool_17 via exec \(inside call_2\)/);
  });
});
