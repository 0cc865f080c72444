import * as assert from 'node:assert/strict';
import { findOsLayer, isOsLayer } from '../../src/core/bridge/osLayer';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readSessionView } from '../../src/core/telemetry/sessionView';
import { runCliCaptured } from '../helpers/cliCapture';
import { DEMO, sandboxBundle } from './harness';
import { scratchDir } from '../helpers/scratch';

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

describe('CLI run (contract)', function () {
  let dir: string;
  let config: string;
  let env: Record<string, string | undefined>;

  before(async () => {
    dir = scratchDir('tsi-run-cli-');
    // The demo's policy and fake plugin, without its MCP servers (fast, offline).
    config = path.join(dir, 'openclaw.json');
    fs.writeFileSync(
      config,
      JSON.stringify({
        tools: { toolSearch: { mode: 'code', codeTimeoutMs: 3000 }, profile: 'full', deny: ['gateway', 'nodes'] },
        plugins: { load: { paths: [path.join(DEMO, 'plugins')] } },
      }),
    );
    env = { ...process.env, TSI_SANDBOX_BUNDLE: await sandboxBundle() };
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function cli(...args: string[]): Promise<Captured> {
    const r = await runCliCaptured(['run', '--workspace', dir, '--config', config, '--no-user-config', ...args], dir, env);
    return { code: r.code, stdout: r.out, stderr: r.err };
  }

  it('--json prints the contract fields and exits 0', async () => {
    const r = await cli('--json', '--eval', `const d = await openclaw.tools.describe('fake_plugin_tool_17'); console.log(d.id); return (await openclaw.tools.call(d.id, { marker: 'cli' })).result.details`);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    for (const key of ['ok', 'value', 'logs', 'telemetry', 'trace', 'isolation', 'durationMs']) {
      assert.ok(key in out, `missing ${key}`);
    }
    assert.equal(out.value, 'FAKE_PLUGIN_OK fake_plugin_tool_17 cli');
    assert.deepEqual(out.logs, [{ level: 'log', text: 'openclaw:fake-plugin:fake_plugin_tool_17' }]);
    const telemetry = out.telemetry as Record<string, unknown>;
    assert.deepEqual([telemetry.searchCount, telemetry.describeCount, telemetry.callCount], [0, 1, 1]);
    assert.ok((telemetry.catalogSize as number) > 36);
    const iso = out.isolation as Record<string, unknown>;
    for (const key of ['node', 'flags', 'fs', 'net', 'childProcess', 'worker', 'env']) {
      assert.ok(key in iso, `isolation.${key} missing`);
    }
  });

  it("issue 25's escape through run --eval: contained, the host CLI survives, and the report names each layer", async () => {
    const r = await cli(
      '--json',
      '--eval',
      `let h; try { await import('x') } catch (e) { h = e }
       const FP = h.constructor.constructor.prototype, O = Object.getPrototypeOf(FP).constructor; let p;
       O.defineProperty(FP, 'apply', { configurable: true, writable: true, value: function (s, a) { if (s && s.kill) p = s; return Reflect.apply(this, s, a || []) } });
       await openclaw.tools.search('x');
       if (p) { p.kill(p.ppid, 'SIGKILL'); }
       return typeof p;`,
    );
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { value: unknown; isolation: Record<string, { contained?: boolean; layer?: string; behind?: string[] } | unknown> };
    assert.equal(out.value, 'undefined');
    for (const key of ['signals', 'identity', 'channel']) {
      const c = out.isolation[key] as { contained: boolean; layer: string };
      assert.equal(c.contained, true, `isolation.${key}`);
    }
    const realm = out.isolation.realm as { attempts: string[]; escapes: string[] };
    assert.deepEqual(realm.escapes, []);
    const human = await cli('--eval', 'return 1');
    // Signals: the child's own PID namespace first where the host has unshare and perl (Linux here), the in-process layers otherwise.
    const signals = isOsLayer(findOsLayer()) ? 'os-namespace then vm-context then process-hardening' : 'vm-context then process-hardening';
    assert.match(human.stdout, new RegExp(`signals contained by ${signals}; host identity by vm-context then process-hardening; host channel by framed-channel`));
    assert.match(human.stdout, /realm: none of \d+ routes out of the context reached the child/);
  });

  it('human output escapes control, bidi and zero-width characters from the snippet and its tools; --json keeps them raw', async () => {
    const code = `console.log('\\u001b[2J\\u001b[Hclear'); return 'read\\u202Egnp.exe wipe\\u200B_all \\u001b]0;title\\u0007'`;
    const human = await cli('--eval', code);
    assert.equal(human.code, 0, human.stderr);
    assert.ok(!human.stdout.includes('\u001b') && !human.stderr.includes('\u001b'), 'an ESC byte reached the terminal');
    assert.ok(!/[\u202E\u200B]/.test(human.stdout), 'a bidi or zero-width character reached the terminal');
    assert.match(human.stdout, /\\x1b\[2J\\x1b\[Hclear/);
    assert.match(human.stdout, /read<U\+202E>gnp\.exe wipe<U\+200B>_all/);
    const json = JSON.parse((await cli('--json', '--eval', code)).stdout) as { value: string; logs: { text: string }[] };
    assert.equal(json.value, 'read\u202Egnp.exe wipe\u200B_all \u001b]0;title\u0007');
    assert.equal(json.logs[0]?.text, '\u001b[2J\u001b[Hclear');
  });

  it('--log FILE writes the session log of the snippet\'s operations, which the session viewer reads', async () => {
    const file = path.join(dir, 'run-session.jsonl');
    const r = await cli('--log', file, '--eval', `await openclaw.tools.search('fake plugin tool 17'); const d = await openclaw.tools.describe('fake_plugin_tool_17'); return (await openclaw.tools.call(d.id, { marker: 'log' })).result.details`);
    assert.equal(r.code, 0, r.stderr);
    const view = readSessionView(fs.readFileSync(file, 'utf8'));
    assert.deepEqual(view.problems, []);
    assert.deepEqual(view.turns.flatMap((t) => t.steps.map((s) => s.kind)), ['search', 'describe', 'call']);
    assert.deepEqual([view.answers.searches, view.answers.describes], [1, 1]);
    assert.equal(view.answers.finalTool?.id, 'openclaw:fake-plugin:fake_plugin_tool_17');
    assert.equal(view.answers.finalTool?.origin, 'OpenClaw plugin fake-plugin');
  });

  it('--code FILE runs the file; a thrown error exits 1 with the message', async () => {
    const file = path.join(dir, 'snippet.js');
    fs.writeFileSync(file, `await openclaw.tools.search('invoice');\nthrow new Error('nope');\n`);
    const r = await cli('--code', file);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /#1 search\("invoice"\) ok/);
    assert.match(r.stdout, /error: Error: nope \(line 2\)/);
  });

  it("the demo's Code Mode program runs as written: its trace names each hit, its text and its value", async () => {
    const r = await cli('--code', path.join(DEMO, 'snippets', 'find-and-call.codemode.js'));
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /#1 search\("fake plugin tool 17", \{"limit":1\}\) ok: 1 hit \(fake_plugin_tool_17\)/);
    assert.match(r.stdout, /text\(…\) {2}found fake_plugin_tool_17/);
    assert.match(r.stdout, /exec result \(completed\):/);
    assert.match(r.stdout, /"value":\{"tool":"fake_plugin_tool_17","result":"FAKE_PLUGIN_OK fake_plugin_tool_17 from-code-mode"\}/);
  });

  it('a denied tool exits 1: the snippet hears "unknown", the trace says blocked by policy', async () => {
    const r = await cli('--json', '--eval', `return await openclaw.tools.call('gateway', {})`);
    assert.equal(r.code, 1);
    const report = JSON.parse(r.stdout) as { error: string; trace: { op: string; error?: string }[] };
    assert.match(report.error, /Unknown tool id: gateway/);
    assert.doesNotMatch(report.error, /policy|deny/);
    assert.match(report.trace.find((t) => t.op === 'call')?.error ?? '', /denied by tools\.deny "gateway".*\[blocked by policy\]/);
  });

  it('--timeout ends a hanging snippet with exit 1', async () => {
    const r = await cli('--json', '--timeout', '1000', '--eval', 'for (;;) {}');
    assert.equal(r.code, 1);
    assert.match((JSON.parse(r.stdout) as { error: string }).error, /timed out after 1000 ms/);
  });

  it('usage errors exit 2 with one line', async () => {
    for (const args of [[], ['--eval', '1', '--code', 'x.js'], ['--eval', '1', '--timeout', 'soon'], ['--code', path.join(dir, 'missing.js')]]) {
      const r = await cli(...args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}`);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    }
  });

  it('--node pointing at nothing: no isolated runtime, nothing runs, exit 1 with the reason', async () => {
    const r = await cli('--json', '--node', path.join(dir, 'nonexistent-node'), '--eval', 'return 1');
    assert.equal(r.code, 1);
    const out = JSON.parse(r.stdout) as { ok: boolean; error: string; stoppedBy: string; trace: unknown[] };
    assert.deepEqual([out.ok, out.stoppedBy, out.trace], [false, 'isolation', []]);
    assert.match(out.error, /nonexistent-node is not an executable file/);
  });
});
