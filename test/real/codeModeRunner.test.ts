// `npm run test:real`, the Code Mode runner: one real OpenClaw 2026.9.6 turn
// on the QA workspace with Code Mode on, in which the scripted model runs each
// program below through OpenClaw's own `exec` (and resumes a yielded one with
// `wait`), against the product's runner on the same workspace, in one session
// as OpenClaw's one agent run. Every result the model would read must be the
// same JSON after the run-to-run parts are named (the counter scope, run and
// result ids). Where the product deliberately words something differently
// (docs/fidelity.md, Code Mode runner), the program says which part and the
// rest is still compared.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CaptureReport } from '../../src/core/capture/capture';
import { CodeBridge } from '../../src/core/bridge/codeBridge';
import type { CodeModeExec, CodeModeSession } from '../../src/core/bridge/codeModeRun';
import { parseJson5 } from '../../src/core/config/json5Document';
import { createToolSearchApi } from '../../src/core/gateway/toolSearchApi';
import { codeModeSessionFor } from '../../src/core/orchestration/codeModeProgram';
import { ToolIndex } from '../../src/core/search/toolIndex';
import { OpenWorkspace } from '../../src/core/workspace';
import { runCliCaptured } from '../helpers/cliCapture';
import { scratchDir } from '../helpers/scratch';
import { openclawLocation, openclawSpec, REPO } from '../oracle/harness';
import { sandboxBundle } from '../sandbox/harness';

const QA = path.join(REPO, 'test', 'fixtures', 'capture', 'qa-workspace');
const MODEL_KEY = 'tsi-capture/capture-model';
const TURN_TIMEOUT_MS = 360_000;

interface Program {
  name: string;
  code: string;
  /** Compared apart from this part, which the product words differently on purpose (docs/fidelity.md). */
  except?: 'error-message';
}

/**
 * OpenClaw's documented guest examples (docs/tools/code-mode/guest-api.md,
 * output.md, quickstart.md), on the QA workspace's tools, and the API's edges.
 * Plugin tools are searched and described but not called for their value:
 * the QA plugin's handler in the product and its OpenClaw entry return
 * different details (the fixture, not the runner).
 */
const PROGRAMS: readonly Program[] = [
  {
    name: 'output order: text, json and every console level',
    code: [
      'text("hello");',
      'json({ a: 1, list: [1, "two", null] });',
      'console.log("log line", { b: 2 }, [3]);',
      'console.info("i");',
      'console.warn("careful", 1, "two");',
      'console.error(new Error("bad"));',
      'console.debug([1, "x"], null, undefined);',
      'text({ a: 1 });',
      'text(5);',
      'json("s");',
      'json(undefined);',
      'return undefined;',
    ].join('\n'),
  },
  { name: 'returned values: undefined and functions become null, an Error keeps its name and message', code: 'return [1, undefined, () => 1, new Error("e"), { nested: { ok: true } }];' },
  { name: 'an uncaught error: its text and the frame of the program', code: 'const x = 1;\nthrow new Error("boom " + x);' },
  { name: 'an unknown global', code: 'return await no_such_tool({});' },
  {
    name: 'catalog.search: handles with metadata, describe() of a plugin tool',
    code: ['const [t] = await catalog.search("fake plugin tool 17", { limit: 1 });', 'const d = await t.describe();', 'return { t, d, keys: Object.keys(t), type: typeof t };'].join('\n'),
  },
  {
    name: 'catalog.search ranks MCP handles with native ones; an MCP namespace call returns the native MCP result',
    code: [
      'const hits = await catalog.search("calendar events", { limit: 3 });',
      'const r = await MCP.calendar.createEvent({ summary: "x", start: "2026-01-01T10:00:00Z" });',
      'return { names: hits.map((h) => h.callableName), first: hits[0], r };',
    ].join('\n'),
  },
  {
    name: "guest-api.md's example: search, describe() and call one handle",
    code: [
      'const [search] = await catalog.search("create a calendar event", { limit: 1 });',
      'const schema = await search.describe();',
      'const hits = await search({ summary: "Planning", start: "2026-05-09T14:00:00Z" });',
      'return { schema, hits };',
    ].join('\n'),
  },
  { name: 'catalog.search without a match, catalog.all()', code: 'const none = await catalog.search("zzzz qqqq nothing");\nconst all = catalog.all();\nreturn { none, count: all.length, first: JSON.stringify(all[0]) };' },
  {
    name: 'results.save, load and delete',
    code: [
      'const s = await results.save({ big: [1, 2, 3] });',
      'const t = await results.save([{ a: 1, b: "x" }, { a: 2, b: "y" }]);',
      'const back = await results.load(s.id);',
      'const del = await results.delete(s.id);',
      'return { s, t, back, del };',
    ].join('\n'),
  },
  {
    name: 'setTimeout with arguments, clearTimeout before it fires',
    code: ['const got = await new Promise((resolve) => setTimeout((a) => resolve(a), 30, "arg"));', 'const id = setTimeout(() => text("never"), 10);', 'clearTimeout(id);', 'await new Promise((r) => setTimeout(r, 40));', 'return got;'].join('\n'),
  },
  { name: 'yield_control: waiting with its runId, then wait resumes it', code: 'text("before");\nawait yield_control("let me think");\ntext("after");\nreturn 7;' },
  { name: 'API.list and API.read of the MCP declarations', code: 'const files = await API.list("mcp");\nconst calendar = await API.read("mcp/calendar.d.ts");\nreturn { files, calendar };' },
  { name: "an MCP server's $api", code: 'return { server: await MCP.calendar.$api(), tool: await MCP.calendar.$api("createEvent", { schema: true }) };' },
  {
    name: 'output over maxOutputBytes: a truncation marker, and an oversized final array kept behind a reference',
    code: 'text("x".repeat(70000));\nreturn Array.from({ length: 3000 }, (_, i) => ({ i, even: i % 2 === 0 }));',
  },
  { name: 'a final string over the budget: a truncation marker as the value', code: 'text("é".repeat(300));\nreturn "y".repeat(80000);' },
  { name: 'a failed call: its phase, dispatch and frame', code: 'const x = await fake_plugin_tool_17();\nreturn x;', except: 'error-message' },
];

const PROMPT = ['Run these programs in order.', ...PROGRAMS.map((p) => `\`\`\`js\n${p.code}\n\`\`\``)].join('\n\n');

type Json = Record<string, unknown>;

/** The QA workspace with Code Mode on, in a scratch folder: its plugin copied, its MCP server by absolute path. */
function workspace(): string {
  const dir = scratchDir('tsi-real-code-mode-runner-');
  fs.cpSync(path.join(QA, 'plugins'), path.join(dir, 'plugins'), { recursive: true });
  const text = fs.readFileSync(path.join(QA, 'openclaw.json'), 'utf8');
  const server = path.join(REPO, 'test', 'fixtures', 'calendar', 'server.mjs');
  const cfg = parseJson5('openclaw.json', text.replace('"../../calendar/server.mjs"', JSON.stringify(server))).value as Json;
  (cfg.tools as Json).codeMode = true;
  fs.writeFileSync(path.join(dir, 'openclaw.json'), JSON.stringify(cfg, null, 2));
  return dir;
}

/** One result as the model read it: the JSON, and whether OpenClaw wrapped it in its external-content notice. */
interface Seen {
  json: Json;
  untrusted: boolean;
}

const WRAPPER = /^SECURITY NOTICE:[\s\S]*?<<<EXTERNAL_UNTRUSTED_CONTENT id="[^"]+">>>\nSource: [^\n]*\n---\n([\s\S]*)\n<<<END_EXTERNAL_UNTRUSTED_CONTENT id="[^"]+">>>$/;

function seenOf(content: unknown): Seen {
  const text = typeof content === 'string' ? content : Array.isArray(content) ? content.map((b) => String((b as { text?: unknown }).text ?? '')).join('') : '';
  const m = WRAPPER.exec(text);
  return { json: JSON.parse(m ? (m[1] ?? '') : text) as Json, untrusted: m !== null };
}

/** Each program's results in the real turn, in order: one, or a `waiting` one and the `wait` that resumed it. */
function realResults(capture: CaptureReport): Seen[][] {
  const c = capture.modes['code-mode'];
  assert.ok(c && c.requests.length > 0, `no request captured: ${c?.error ?? ''}\n${c?.stderrTail ?? ''}`);
  const last = c.requests[c.requests.length - 1]?.body as { messages?: { role: string; content?: unknown }[] } | undefined;
  const seen = (last?.messages ?? []).filter((m) => m.role === 'tool').map((m) => seenOf(m.content));
  const out: Seen[][] = [];
  for (let i = 0; i < seen.length; ) {
    const legs: Seen[] = [];
    for (let s = seen[i]; s; s = seen[i]) {
      legs.push(s);
      i++;
      if (s.json.status !== 'waiting') {
        break;
      }
    }
    out.push(legs);
  }
  return out;
}

/** Run-to-run values named: the counter scope, run ids, saved result ids. */
function normalized(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value)
      .replace(/"counterScope":"[0-9a-f]+"/g, '"counterScope":"<scope>"')
      .replace(/cm_[0-9a-f-]{36}/g, 'cm_<run>')
      .replace(/result_[0-9a-f-]{36}/g, 'result_<id>'),
  ) as unknown;
}

/** The error's first line up to its message, and its frame (the message itself is the part the product words differently). */
function withoutMessage(value: unknown): unknown {
  const v = value as Json;
  if (typeof v.error !== 'string') {
    return v;
  }
  const [head = '', ...frames] = v.error.split('\n');
  return { ...v, error: `${head.split(':')[0] ?? ''}: <message>\n${frames.join('\n')}` };
}

async function productResults(dir: string): Promise<CodeModeExec[][]> {
  const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, trusted: true, env: { PATH: process.env.PATH } });
  const catalog = await ws.buildCatalog();
  const api = createToolSearchApi(ws, catalog, { index: ToolIndex.fromCatalog(catalog) });
  const bridge = new CodeBridge({ api, bundlePath: await sandboxBundle(), warm: false });
  let session: CodeModeSession | undefined;
  try {
    session = codeModeSessionFor(ws, catalog, api, bridge);
    const out: CodeModeExec[][] = [];
    for (const p of PROGRAMS) {
      const legs = [await session.exec(p.code)];
      for (let last = legs[0]; last?.result.status === 'waiting' && legs.length < 5; last = legs[legs.length - 1]) {
        legs.push(await session.wait(last.result.runId));
      }
      out.push(legs);
    }
    return out;
  } finally {
    session?.dispose();
    bridge.dispose();
    await ws.dispose();
  }
}

describe('real: the Code Mode runner against OpenClaw 2026.9.6 exec', function () {
  this.timeout(900_000);
  let real: Seen[][] = [];
  let ours: CodeModeExec[][] = [];

  before(async () => {
    await openclawLocation();
    const dir = workspace();
    const r = await runCliCaptured(
      ['capture', '--workspace', dir, '--no-user-config', '--json', '--openclaw', openclawSpec(), '--timeout', String(TURN_TIMEOUT_MS), '--mode', 'code-mode', '--play', '--prompt', PROMPT, '--provider', MODEL_KEY],
      REPO,
      { ...process.env },
    );
    assert.ok(r.code === 0 || r.code === 1, `capture exit ${r.code}: ${r.err}`);
    real = realResults(JSON.parse(r.out) as CaptureReport);
    ours = await productResults(dir);
  });

  it('the real turn ran every program', () => {
    assert.equal(real.length, PROGRAMS.length, `results: ${real.map((legs) => legs.map((l) => l.json.status).join('+')).join(', ')}`);
  });

  PROGRAMS.forEach((p, i) => {
    it(p.name, () => {
      const theirs = real[i];
      const mine = ours[i];
      assert.ok(theirs && mine, 'no result');
      const strip = (v: unknown): unknown => (p.except === 'error-message' ? withoutMessage(v) : v);
      assert.deepEqual(
        mine.map((l) => ({ result: strip(normalized(l.result)), untrusted: l.untrusted })),
        theirs.map((l) => ({ result: strip(normalized(l.json)), untrusted: l.untrusted })),
      );
    });
  });
});
