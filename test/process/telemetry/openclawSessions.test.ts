// OpenClaw's real session stores (recorded by scripts/record-session-fixtures.mjs
// from real `openclaw agent --local` turns, one per mode) read into the one
// session model, every input shape, and every kind of wrong input.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readOpenClawStore } from '../../../src/core/telemetry/openclawStore';
import { readSessions } from '../../../src/core/telemetry/sessionSources';
import { sessionAnswers } from '../../../src/core/telemetry/sessionView';
import { summarizeSession } from '../../../src/core/telemetry/summary';
import { applyWal } from '../../../src/core/telemetry/sqliteImage';
import { runtimes } from '../../sandbox/harness';
import { scratchDir } from '../../helpers/scratch';
import { openWorkspace } from '../../helpers/mcp';
import { RankExplainer } from '../../../src/core/searchExplain/rankExplanation';
import { compareReplay, replaySummary } from '../../../src/core/searchExplain/sessionReplay';
import { replayOf } from '../../../src/extension/sessions/sessionLogView';

const REPO = path.resolve(__dirname, '../../..');
const FIXTURES = path.join(REPO, 'test', 'fixtures', 'sessions', 'openclaw-2026.9.6');
const MODES = ['direct', 'code', 'tools', 'directory'] as const;
const storeOf = (mode: string): string => path.join(FIXTURES, mode, 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
interface Recorded {
  openclaw: string;
  recordedIn: string;
  modes: Record<string, { bridgeCalls: { search: number; describe: number; call: number } | null; assistantTurns: number; requests: number }>;
}
const recorded = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'recorded.json'), 'utf8')) as Recorded;

function scratch(): string {
  return scratchDir('tsi-sessions-');
}

describe('OpenClaw sessions: the real stores of 2026.9.6', () => {
  for (const mode of MODES) {
    it(`${mode} mode: the run's mode, tools up front, searches, describes and final tool, as OpenClaw itself counted them`, async () => {
      const read = await readSessions([path.join(FIXTURES, mode)]);
      assert.deepEqual(read.errors, []);
      assert.equal(read.sessions.length, 1);
      const s = read.sessions[0]!;
      assert.equal(s.format, 'openclaw-store');
      assert.equal(s.agentId, 'main');
      assert.equal(s.openclawVersion, '2026.9.6');
      assert.equal(s.mode, mode);
      const summary = summarizeSession(s.events);
      const answers = sessionAnswers(summary);
      assert.equal(summary.turns, 1);
      // OpenClaw's own reply counts the bridge's searches, describes and calls (agentMeta.bridgeCalls).
      const own = recorded.modes[mode]!;
      if (own.bridgeCalls) {
        assert.equal(answers.searches, own.bridgeCalls.search);
        assert.equal(answers.describes, own.bridgeCalls.describe);
        assert.equal(summary.callCount, own.bridgeCalls.call);
      } else {
        assert.equal(answers.searches, 0);
        assert.equal(summary.callCount, 1);
      }
      assert.equal(summary.modelCalls, own.assistantTurns - 1, 'every assistant turn but the last asked for one tool');
      assert.equal(answers.finalTool?.name, 'fake_plugin_tool_17');
      assert.equal(answers.finalTool?.ok, true);
      assert.equal(answers.schemasUpFront, { direct: 93, code: 10, tools: 12, directory: 12 }[mode]);
    });
  }

  it('code mode: the call made inside tool_search_code sits under it, with its id from OpenClaw and the query read from the snippet', async () => {
    const [s] = (await readSessions([storeOf('code')])).sessions;
    const calls = s!.events.filter((e) => e.type === 'call');
    assert.equal(calls.length, 1);
    const call = calls[0]!;
    assert.ok(call.type === 'call');
    assert.equal(call.via, 'tool_search_code');
    assert.match(call.callId, /^tool_search_code:call_1:fake_plugin_tool_17:1$/);
    assert.equal(call.parentCallId, 'call_1');
    const search = s!.events.find((e) => e.type === 'search');
    assert.ok(search?.type === 'search' && search.fromCode === true && search.query === 'fake plugin tool 17');
    const start = s!.events.find((e) => e.type === 'turn-start');
    assert.ok(start?.type === 'turn-start');
    assert.equal(start.catalogSize, 91, "the catalog size from tool_search_code's telemetry");
  });

  it('tools mode: the search has its hits, the describe its id, and the final tool its source from the id', async () => {
    const [s] = (await readSessions([storeOf('tools')])).sessions;
    const search = s!.events.find((e) => e.type === 'search');
    assert.ok(search?.type === 'search');
    assert.equal(search.query, 'fake plugin tool 17');
    assert.equal(search.hits[0], 'openclaw:fake-plugin:fake_plugin_tool_17');
    const describe = s!.events.find((e) => e.type === 'describe');
    assert.ok(describe?.type === 'describe' && describe.id === 'openclaw:fake-plugin:fake_plugin_tool_17');
    const final = sessionAnswers(summarizeSession(s!.events)).finalTool;
    assert.equal(final?.origin, 'OpenClaw plugin fake-plugin');
    assert.equal(final?.via, 'tool_call');
  });

  it('reads a state folder, an agent folder and the store file alike', async () => {
    const a = await readSessions([path.join(FIXTURES, 'tools')]);
    const b = await readSessions([path.join(FIXTURES, 'tools', 'agents', 'main')]);
    const c = await readSessions([storeOf('tools')]);
    for (const r of [b, c]) {
      assert.deepEqual(r.sessions.map((s) => [s.sessionId, s.events.length]), a.sessions.map((s) => [s.sessionId, s.events.length]));
    }
    const all = await readSessions([FIXTURES]);
    assert.equal(all.sessions.length, 5, 'the four Tool Search modes and Code Mode');
  });

  it('holds no path of the machine that recorded it: only the neutral recording folder', async () => {
    for (const mode of [...MODES, 'code-mode']) {
      const store = await readOpenClawStore(storeOf(mode));
      const text = JSON.stringify(store.sessions);
      for (const foreign of [REPO, os.homedir(), '/work/', '/home/', '/root/']) {
        assert.ok(!text.includes(foreign), `${mode}: the store mentions ${foreign}`);
      }
      assert.ok(text.includes(recorded.recordedIn), `${mode}: recorded in ${recorded.recordedIn}`);
    }
  });
});

describe('OpenClaw sessions: wrong input gets a clear answer', () => {
  it('a missing path, an empty folder, a trajectory file, other JSON lines and other files are each named', async () => {
    const dir = scratch();
    fs.mkdirSync(path.join(dir, 'empty'));
    const trajectory = path.join(dir, 'run.trajectory.jsonl');
    fs.writeFileSync(trajectory, `${JSON.stringify({ traceSchema: 'openclaw-trajectory', schemaVersion: 1, type: 'session.started' })}\n`);
    const other = path.join(dir, 'other.jsonl');
    fs.writeFileSync(other, '{"hello":"world"}\n');
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'just words\n');
    const r = await readSessions([path.join(dir, 'missing'), path.join(dir, 'empty'), trajectory, other, text]);
    assert.equal(r.sessions.length, 0);
    const messages = r.errors.map((e) => `${path.basename(e.file)}: ${e.message}`);
    assert.match(messages[0]!, /^missing: ENOENT/);
    assert.match(messages[1]!, /^empty: no session here: looked for OpenClaw stores/);
    assert.match(messages[2]!, /trajectory file .*not a transcript/);
    assert.match(messages[3]!, /neither an OpenClaw transcript nor a Tool Search Inspector session log/);
    assert.match(messages[4]!, /neither an SQLite store nor JSON lines/);
  });

  it('inside a folder, a trajectory file beside the transcripts is left out and said so, not read as a log', async () => {
    const dir = scratch();
    fs.cpSync(path.join(FIXTURES, 'direct'), dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'agents', 'main', 'x.trajectory.jsonl'), `${JSON.stringify({ traceSchema: 'openclaw-trajectory', type: 'session.started' })}\n`);
    const r = await readSessions([dir]);
    assert.equal(r.sessions.length, 1);
    assert.equal(r.skipped.length, 1);
    assert.deepEqual(r.errors, []);
  });

  it('a truncated store fails with the reason, and the other paths still read', async () => {
    const dir = scratch();
    const cut = path.join(dir, 'cut.sqlite');
    const bytes = fs.readFileSync(storeOf('code'));
    fs.writeFileSync(cut, bytes.subarray(0, 8192));
    const r = await readSessions([cut, storeOf('direct')]);
    assert.equal(r.sessions.length, 1);
    assert.equal(r.errors.length, 1);
    assert.match(r.errors[0]!.message, /not a readable SQLite database|not an OpenClaw agent store|malformed/i);
  });

  it('suggest --sessions and sessions exit 2 with the reason when a path holds no session, never "0 files" and exit 0', () => {
    const dir = scratch();
    for (const args of [['suggest', '--sessions', dir, '--workspace', path.join(REPO, 'test', 'fixtures', 'capture', 'qa-workspace')], ['sessions', dir]]) {
      const r = spawnSync(process.execPath, [path.join(REPO, 'dist', 'cli.js'), ...args], { encoding: 'utf8' });
      assert.equal(r.status, 2, `${args[0]}: ${r.stderr}`);
      assert.match(r.stderr, /no session here/);
    }
  });

  it('sessions --json summarizes each store with the four answers', () => {
    const r = spawnSync(process.execPath, [path.join(REPO, 'dist', 'cli.js'), 'sessions', FIXTURES, '--json'], { encoding: 'utf8', cwd: REPO });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { sessions: { mode: string; answers: { searches: number; finalTool?: { name: string } } }[] };
    assert.deepEqual(out.sessions.map((s) => s.mode).sort(), ['code', 'code-mode', 'direct', 'directory', 'tools']);
    assert.ok(out.sessions.every((s) => s.answers.finalTool?.name === 'fake_plugin_tool_17'));
  });
});

describe('OpenClaw sessions: a store whose OpenClaw is still running', () => {
  const node = runtimes().find((rt) => rt.nodePath && /Node 2[4-9]/.test(rt.label))?.nodePath;

  it('reads the events still in the -wal file, up to the last commit', async function () {
    if (!node) {
      this.skip();
    }
    const dir = scratch();
    const store = path.join(dir, 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
    fs.mkdirSync(path.dirname(store), { recursive: true });
    fs.copyFileSync(storeOf('direct'), store);
    const [before] = (await readSessions([store])).sessions;
    // Node's own SQLite writes one more user message into the WAL and exits
    // without closing, as a killed OpenClaw would: nothing is checkpointed.
    const script = `
      const { DatabaseSync } = require('node:sqlite');
      const db = new DatabaseSync(process.argv[1]);
      db.exec('PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;');
      const sid = db.prepare('SELECT session_id FROM transcript_events LIMIT 1').get().session_id;
      const seq = db.prepare('SELECT MAX(seq) AS m FROM transcript_events').get().m + 1;
      const entry = { type: 'message', id: 'late', parentId: null, timestamp: '2026-12-02T01:00:00.000Z', message: { role: 'user', content: 'A question asked while the store was open', timestamp: 1 } };
      db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at) VALUES (?, ?, ?, ?)').run(sid, seq, JSON.stringify(entry), Date.now());
      process.reallyExit(0);`;
    const r = spawnSync(node!, ['-e', script, store], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(fs.statSync(`${store}-wal`).size > 0, 'the new event is in the -wal file');
    const [after] = (await readSessions([store])).sessions;
    assert.equal(summarizeSession(after!.events).turns, summarizeSession(before!.events).turns + 1);

    // A log cut in the middle of a frame reads up to its last whole commit: the file alone here.
    const wal = fs.readFileSync(`${store}-wal`);
    const cut = applyWal(fs.readFileSync(store), wal.subarray(0, wal.length - 100));
    assert.equal(cut.frames, 0);
  });
});

describe('OpenClaw sessions: a recorded search replayed against the current catalog', () => {
  it('the tools-mode run\'s search, asked again of the same workspace, gets the same hits in the same order', async () => {
    const [s] = (await readSessions([storeOf('tools')])).sessions;
    const search = s!.events.find((e) => e.type === 'search');
    assert.ok(search);
    const replay = replayOf(search);
    assert.deepEqual(replay, { query: 'fake plugin tool 17', limit: 5, hits: search.type === 'search' ? search.hits : [] });
    const ws = openWorkspace(path.join(REPO, 'test', 'fixtures', 'capture', 'qa-workspace'));
    try {
      const catalog = await ws.buildCatalog();
      const explainer = RankExplainer.fromCatalog(catalog);
      const now = explainer.explain(replay!.query, replay!.limit).hits.map((h) => h.id);
      const c = compareReplay(replay!.hits ?? [], now, (id) => explainer.find(id)?.id);
      assert.equal(c.same, true, replaySummary(c));
    } finally {
      await ws.dispose();
    }
  });

  it('a search read from a code-mode snippet replays its query without hits to compare; an unrecorded one does not replay', async () => {
    const [s] = (await readSessions([storeOf('code')])).sessions;
    const search = s!.events.find((e) => e.type === 'search');
    assert.ok(search);
    assert.deepEqual(replayOf(search), { query: 'fake plugin tool 17' });
    assert.equal(replayOf({ ...search, type: 'search', callId: 'x', query: '', hits: [], unrecorded: true } as typeof search), undefined);
  });
});

describe('OpenClaw sessions: the bridge telemetry OpenClaw reported is the product\'s catalog', () => {
  // tool_search_code's result carries OpenClaw's own catalogSize and sources; the product's catalog of the
  // recorded workspace, for the version that ran, must count the same (the Bridge Trace and `run` show ours).
  for (const version of ['2026.9.6', '2026.6.10']) {
    it(`code mode of ${version}: catalogSize and sources equal the catalog built for ${version}`, async () => {
      const read = await readSessions([path.join(REPO, 'test', 'fixtures', 'sessions', `openclaw-${version}`, 'code')]);
      const start = read.sessions[0]?.events.find((e) => e.type === 'turn-start');
      assert.ok(start?.type === 'turn-start' && start.catalogSize !== undefined, 'the recorded run reports its catalog');
      const ws = openWorkspace(path.join(REPO, 'test', 'fixtures', 'capture', 'qa-workspace'), { openclawVersion: version });
      try {
        const catalog = await ws.buildCatalog();
        assert.deepEqual({ catalogSize: catalog.size, sources: catalog.countBySource() }, { catalogSize: start.catalogSize, sources: start.sources });
      } finally {
        await ws.dispose();
      }
    });
  }
});

describe('Compare from real sessions: a recorded direct run beside a recorded Tool Search run', () => {
  const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(REPO, 'dist', 'cli.js'), 'compare', ...args], { encoding: 'utf8', cwd: REPO });
  const OLD = path.join(REPO, 'test', 'fixtures', 'sessions', 'openclaw-2026.6.10');
  for (const mode of ['code', 'tools', 'directory']) {
    it(`2026.9.6 direct vs ${mode}: the same final tool, reached through Tool Search with fewer schemas up front, in either order`, () => {
      for (const order of [[path.join(FIXTURES, 'direct'), path.join(FIXTURES, mode)], [path.join(FIXTURES, mode), path.join(FIXTURES, 'direct')]]) {
        const r = cli('--sessions', order[0]!, '--sessions', order[1]!, '--json');
        assert.equal(r.status, 0, r.stderr + r.stdout);
        const out = JSON.parse(r.stdout) as { lanes: { direct: { mode: string }; toolSearch: { mode: string; summary: { schemasUpFront: number } } }; checks: { name: string; ok: boolean }[] };
        assert.equal(out.lanes.direct.mode, 'direct');
        assert.equal(out.lanes.toolSearch.mode, mode);
        assert.deepEqual(out.checks.map((c) => c.ok), [true, true, true, true, true]);
      }
    });
  }

  it('2026.6.10 transcripts record no mode: the Tool Search run is told by its bridge call, and the unnamed nested tool gets no verdict', () => {
    const r = cli('--sessions', path.join(OLD, 'code'), '--sessions', path.join(OLD, 'direct'));
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.doesNotMatch(r.stdout, /ends in the same tool/);
    assert.match(r.stdout, /does not record which tool the snippet called/);
  });

  it('two Tool Search runs, one path, or a path without exactly one session: exit 2 with the reason', () => {
    const two = cli('--sessions', `${FIXTURES}/code`, '--sessions', `${FIXTURES}/tools`);
    assert.equal(two.status, 2);
    assert.match(two.stderr, /one direct-mode session and one Tool Search or Code Mode session; these are code and tools/);
    const one = cli('--sessions', `${FIXTURES}/code`);
    assert.equal(one.status, 2);
    assert.match(one.stderr, /--sessions takes two paths/);
    const many = cli('--sessions', FIXTURES, '--sessions', `${FIXTURES}/code`);
    assert.equal(many.status, 2);
    assert.match(many.stderr, /5 sessions/);
    const none = cli('--sessions', scratch(), '--sessions', `${FIXTURES}/code`);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /no session here/);
  });
});

describe('OpenClaw sessions: the demo ships a real store', () => {
  it('examples/demo/openclaw-state is the recorded tools-mode store, byte for byte, and reads with the four answers', async () => {
    const demo = path.join(REPO, 'examples', 'demo', 'openclaw-state');
    const file = path.join(demo, 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
    assert.ok(fs.readFileSync(file).equals(fs.readFileSync(storeOf('tools'))), 'the demo store is the recorded one, not an edited copy');
    const read = await readSessions([demo]);
    assert.deepEqual(read.errors, []);
    assert.equal(read.sessions.length, 1);
    const answers = sessionAnswers(summarizeSession(read.sessions[0]!.events));
    assert.equal(answers.searches, 1);
    assert.equal(answers.describes, 1);
    assert.equal(answers.finalTool?.name, 'fake_plugin_tool_17');
    assert.equal(answers.finalTool?.origin, 'OpenClaw plugin fake-plugin');
  });
});

describe('OpenClaw sessions: JSONL transcripts of an older release (2026.6.10, recorded by real turns)', () => {
  const OLD = path.join(REPO, 'test', 'fixtures', 'sessions', 'openclaw-2026.6.10');
  const expected = {
    direct: { searches: 0, describes: 0, final: 'fake_plugin_tool_17', via: 'direct' },
    code: { searches: 1, describes: 1, final: '(not recorded)', via: 'tool_search_code' },
    tools: { searches: 1, describes: 1, final: 'fake_plugin_tool_17', via: 'tool_call' },
    directory: { searches: 0, describes: 0, final: 'fake_plugin_tool_17', via: 'direct' },
  } as const;
  for (const mode of MODES) {
    it(`${mode} mode: searches, describes and the final tool; what the transcript does not record is not made up`, async () => {
      const read = await readSessions([path.join(OLD, mode)]);
      assert.deepEqual(read.errors, []);
      assert.equal(read.sessions.length, 1);
      const s = read.sessions[0]!;
      assert.equal(s.format, 'openclaw-jsonl');
      const summary = summarizeSession(s.events);
      const answers = sessionAnswers(summary);
      const want = expected[mode];
      assert.equal(answers.searches, want.searches);
      assert.equal(answers.describes, want.describes);
      assert.equal(answers.finalTool?.name ?? answers.finalTool?.id, want.final);
      assert.equal(answers.finalTool?.via, want.via);
      // 2026.6 transcripts record neither the tools sent nor the mode: no count is invented.
      assert.equal(answers.schemasUpFront, undefined);
      assert.equal(summary.mode, undefined);
    });
  }

  it('holds no path of the machine that recorded it', () => {
    for (const file of fs.readdirSync(OLD, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(OLD, f)).isFile())) {
      const text = fs.readFileSync(path.join(OLD, file), 'utf8');
      for (const foreign of [REPO, os.homedir(), '/work/', '/home/', '/root/']) {
        assert.ok(!text.includes(foreign), `${file} mentions ${foreign}`);
      }
    }
  });
});
