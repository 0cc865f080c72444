// Capture runs the agent the workspace's run is for (issue 41): `--agent ID`,
// else OpenClaw's default, on configs without a `main` agent; `--agent all`
// captures each agent; an unknown agent or session key is a usage error
// listing the agents; OpenClaw's own reason for a failed turn is shown with
// the user's file and line. A stand-in `openclaw` package behaves as
// 2026.9.6 does for these (it refuses an unknown agent id with its words and
// cites config lines of the file it is given); the real one is
// test/real/captureAgent.test.ts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliCaptured } from '../../helpers/cliCapture';
import { scratchDir } from '../../helpers/scratch';

const REPO = path.resolve(__dirname, '..', '..', '..');
const MULTI = path.join(REPO, 'test', 'fixtures', 'capture', 'multi-agent');

const FAKE_OPENCLAW = `
import { readFileSync } from 'node:fs';
const args = process.argv.slice(2);
const agent = args[args.indexOf('--agent') + 1];
const message = args[args.indexOf('--message') + 1];
const text = readFileSync(process.env.OPENCLAW_CONFIG_PATH, 'utf8');
const cfg = JSON.parse(text);
const ids = Array.isArray(cfg.agents?.list) ? cfg.agents.list.map((a) => a.id) : ['main'];
if (!ids.includes(agent)) {
  process.stdout.write(JSON.stringify({ ok: false, error: { type: 'cli_error', message: 'Unknown agent id "' + agent + '".' } }));
  process.stderr.write('[openclaw] The CLI command failed.\\n[openclaw] Reason: Unknown agent id "' + agent + '". Use "openclaw agents list" to see configured agents.\\n');
  process.exit(1);
}
if (message === 'invalid') {
  // As 2026.9.6 reports a key its schema rejects: the config file's line.
  const line = text.split('\\n').findIndex((l) => l.includes('"alsoAllow"')) + 1;
  process.stderr.write('OpenClaw config is invalid\\nFile: ' + process.env.OPENCLAW_CONFIG_PATH + '\\nProblem:\\n  - openclaw.json:' + line + ' — agents.entries.coder.tools: Unrecognized key: "alsoAllow"\\n\\nFix: openclaw doctor --fix\\n');
  process.exit(1);
}
const provider = Object.values(cfg.models.providers).find((p) => p.api === 'openai-completions');
const body = { model: 'm', stream: false, messages: [{ role: 'system', content: 'sys' }, { role: 'user', content: message + '\\nRuntime: agent=' + agent }], tools: [{ type: 'function', function: { name: agent + '_tool', parameters: {} } }] };
const res = await fetch(provider.baseUrl + '/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
await res.text();
process.stdout.write(JSON.stringify({ payloads: [{ text: 'ok' }] }));
`;

/**
 * The stand-in package, and a Node that says it is 24 (what capture needs)
 * but runs this test's Node without the preloaded network guard (TypeScript
 * for Node 24; the guard has its own test).
 */
function standIn(): { pkg: string; env: Record<string, string | undefined> } {
  const dir = scratchDir('capture-agents');
  const pkg = path.join(dir, 'openclaw');
  fs.mkdirSync(pkg);
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'openclaw', version: '2026.9.6', bin: { openclaw: 'openclaw.mjs' } }));
  fs.writeFileSync(path.join(pkg, 'openclaw.mjs'), FAKE_OPENCLAW);
  fs.mkdirSync(path.join(pkg, 'dist'));
  const node = path.join(dir, 'node');
  fs.writeFileSync(node, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo v24.0.0; exit 0; fi\nunset NODE_OPTIONS\nexec "${process.execPath}" "$@"\n`, { mode: 0o755 });
  return { pkg, env: { PATH: process.env.PATH, HOME: dir, TSI_OPENCLAW_NODE: node, TSI_TOOLING_CACHE: path.join(dir, 'cache') } };
}

interface Report {
  agent?: string;
  ok: boolean;
  modes: Record<string, { outcome: string; error?: string; reason?: string; stderrTail?: string; requests: { body?: { messages: { content: string }[]; tools: { function: { name: string } }[] } }[] }>;
}

const toolOf = (r: Report, mode = 'direct'): string | undefined => r.modes[mode]?.requests[0]?.body?.tools[0]?.function.name;

describe('capture: the agent the run is for', function () {
  this.timeout(60_000);

  it('runs OpenClaw\'s default agent on a config without main, and the agent --agent names', async () => {
    const { pkg, env } = standIn();
    const r = await runCliCaptured(['capture', '--workspace', MULTI, '--no-user-config', '--mode', 'direct', '--openclaw', pkg, '--json'], REPO, env);
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as Report;
    assert.equal(j.agent, 'coder');
    assert.equal(toolOf(j), 'coder_tool');
    const helper = await runCliCaptured(['capture', '--workspace', MULTI, '--no-user-config', '--mode', 'direct', '--agent', 'helper', '--openclaw', pkg, '--json'], REPO, env);
    assert.equal(helper.code, 0, helper.err);
    assert.equal(toolOf(JSON.parse(helper.out) as Report), 'helper_tool');
  });

  it('--agent all captures every agent, one section each', async () => {
    const { pkg, env } = standIn();
    const r = await runCliCaptured(['capture', '--workspace', MULTI, '--no-user-config', '--mode', 'direct,code', '--agent', 'all', '--openclaw', pkg, '--json'], REPO, env);
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as { ok: boolean; agents: Record<string, Report> };
    assert.equal(j.ok, true);
    assert.deepEqual(Object.keys(j.agents), ['coder', 'helper']);
    for (const id of ['coder', 'helper']) {
      assert.equal(j.agents[id]?.agent, id);
      assert.equal(toolOf(j.agents[id] as Report, 'code'), `${id}_tool`);
      assert.match(j.agents[id]?.modes.direct?.requests[0]?.body?.messages[1]?.content ?? '', new RegExp(`Runtime: agent=${id}$`));
    }
    const text = await runCliCaptured(['capture', '--workspace', MULTI, '--no-user-config', '--mode', 'direct', '--agent', 'all', '--openclaw', pkg], REPO, env);
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /^== agent coder ==$/m);
    assert.match(text.out, /^== agent helper ==$/m);
  });

  it('a failed turn shows OpenClaw\'s own reason, its config lines mapped to the user\'s file', async () => {
    const { pkg, env } = standIn();
    const r = await runCliCaptured(['capture', '--workspace', MULTI, '--no-user-config', '--mode', 'direct', '--prompt', 'invalid', '--openclaw', pkg, '--json'], REPO, env);
    assert.equal(r.code, 1, r.err);
    const c = (JSON.parse(r.out) as Report).modes.direct;
    const userLine = fs.readFileSync(path.join(MULTI, 'openclaw.json'), 'utf8').split('\n').findIndex((l) => l.includes('alsoAllow')) + 1;
    assert.equal(c?.reason, `OpenClaw refuses the config: openclaw.json:${userLine} — agents.entries.coder.tools: Unrecognized key: "alsoAllow"`);
    assert.match(c?.error ?? '', /^openclaw agent exited with 1: OpenClaw refuses the config: openclaw\.json:\d+/);
    assert.match(c?.stderrTail ?? '', new RegExp(`^File: openclaw\\.json$`, 'm'));
    const human = await runCliCaptured(['capture', '--workspace', MULTI, '--no-user-config', '--mode', 'direct', '--prompt', 'invalid', '--openclaw', pkg], REPO, env);
    assert.equal(human.code, 1);
    assert.match(human.out, new RegExp(`direct: openclaw agent exited with 1: OpenClaw refuses the config: openclaw\\.json:${userLine} `));
  });
});

describe('CLI contract: agents and lookups (issue 41)', function () {
  this.timeout(60_000);

  it('an unknown --agent or --session agent exits 2 listing the config\'s agents, for catalog, preview and capture', async () => {
    const { pkg, env } = standIn();
    for (const args of [['catalog', '--agent', 'nope'], ['preview', '--agent', 'nope'], ['capture', '--agent', 'nope', '--openclaw', pkg], ['catalog', '--session', 'agent:nope:main'], ['catalog', '--agent', 'main']]) {
      const r = await runCliCaptured([...args, '--workspace', MULTI, '--no-user-config'], REPO, env);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
      assert.match(r.err, /is not an agent of openclaw\.json; its agents: coder, helper/);
      assert.equal(r.err.trim().split('\n').length, 1, 'one line');
      assert.equal(r.out, '');
    }
    // `all` is every agent of the roster (cliAgentAll.test.ts), not an unknown one.
    const every = await runCliCaptured(['catalog', '--agent', 'all', '--workspace', MULTI, '--no-user-config'], REPO, env);
    assert.equal(every.code, 0, every.err);
    assert.match(every.out, /^== agent coder ==$/m);
    // Without a roster the one agent is the implicit main.
    const bare = scratchDir('capture-agents-bare');
    fs.writeFileSync(path.join(bare, 'openclaw.json'), '{}');
    const none = await runCliCaptured(['catalog', '--agent', 'coder', '--workspace', bare, '--no-user-config'], REPO, env);
    assert.equal(none.code, 2);
    assert.match(none.err, /its agents: main$/m);
    assert.equal((await runCliCaptured(['catalog', '--agent', 'main', '--workspace', bare, '--no-user-config'], REPO, env)).code, 0);
    assert.equal((await runCliCaptured(['catalog', '--agent', 'HELPER', '--session', 'agent:helper:main', '--workspace', MULTI, '--no-user-config'], REPO, env)).code, 0);
  });

  it('explain of a tool no source offers exits 1, with --json too; a known one exits 0', async () => {
    for (const json of [[], ['--json']]) {
      const miss = await runCliCaptured(['explain', 'no_such_tool', '--workspace', MULTI, '--no-user-config', ...json], REPO, {});
      assert.equal(miss.code, 1, miss.err);
      assert.match(miss.out, /unknown/);
      const hit = await runCliCaptured(['explain', 'read', '--workspace', MULTI, '--no-user-config', ...json], REPO, {});
      assert.equal(hit.code, 0, hit.err);
    }
  });
});
