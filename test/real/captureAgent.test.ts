// `npm run test:real`: one real OpenClaw turn (direct mode) on a config with
// two agents and no `main` (test/fixtures/capture/multi-agent: `coder`, the
// default, with the coding profile; `helper` with the minimal one). Before
// issue 41 every capture ran `--agent main` and OpenClaw refused it
// ("Unknown agent id \"main\""); now the turn runs OpenClaw's default agent,
// and the request is compared with the product's prediction for that agent.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { RequestDiff } from '../../src/core/capture/requestDiff';
import { runCliCaptured } from '../helpers/cliCapture';
import { openclawLocation, openclawSpec, REPO } from '../oracle/harness';

const WORKSPACE = path.join(REPO, 'test', 'fixtures', 'capture', 'multi-agent');

interface Body {
  messages: { role: string; content: string | { text: string }[] }[];
  tools?: { function: { name: string } }[];
}

interface DiffedReport {
  agent?: string;
  modes: Record<string, { matched?: boolean; diff?: RequestDiff; outcome: string; error?: string; requests: { body?: Body }[]; first?: { toolNames: string[] } } | undefined>;
}

const text = (c: Body['messages'][number]['content']): string => (typeof c === 'string' ? c : c.map((p) => p.text).join(''));

describe('real: capture runs the default agent of a config without main, and is compared with that agent\'s prediction', function () {
  this.timeout(900_000);
  let report: DiffedReport | undefined;

  before(async () => {
    await openclawLocation(); // installs the pinned OpenClaw when it is missing
    const started = Date.now();
    const r = await runCliCaptured(['capture', '--workspace', WORKSPACE, '--no-user-config', '--json', '--diff', '--openclaw', openclawSpec(), '--mode', 'direct'], REPO, { ...process.env });
    assert.ok(r.code === 0 || r.code === 1, `capture exit ${r.code}: ${r.err}`);
    report = JSON.parse(r.out) as DiffedReport;
    console.log(`      captured agent ${report.agent ?? '?'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it('the turn ran agent coder, and OpenClaw built its request for coder', () => {
    assert.equal(report?.agent, 'coder');
    const m = report?.modes.direct;
    assert.equal(m?.outcome, 'ok', m?.error);
    const body = m?.requests.find((r) => r.body?.tools !== undefined)?.body;
    assert.ok(body, 'a Chat Completions request');
    assert.ok(body.messages.some((x) => /^Runtime: agent=coder \|/m.test(text(x.content))), 'the runtime line names coder');
  });

  it('the tools sent are coder\'s as the product predicts them (not helper\'s), and the request equals the prediction', async () => {
    const m = report?.modes.direct;
    assert.ok(m?.diff, `no diff: ${m?.error ?? ''}`);
    assert.deepEqual({ onlyReal: m.diff.tools.added, onlyPredicted: m.diff.tools.removed }, { onlyReal: [], onlyPredicted: [] });
    assert.ok(m.first?.toolNames.includes('fake_plugin_tool_17'), 'coder\'s alsoAllow');
    const helper = await runCliCaptured(['catalog', '--workspace', WORKSPACE, '--no-user-config', '--json', '--agent', 'helper'], REPO, {});
    const helperTools = (JSON.parse(helper.out) as { catalogSize: number }).catalogSize;
    assert.notEqual(m.first?.toolNames.length, helperTools, 'not helper\'s tool set');
    assert.equal(m.matched, true, `differs: ${JSON.stringify({ tools: m.diff.tools, prompt: m.diff.prompt, messages: m.diff.messages, envelope: m.diff.envelope }, null, 1).slice(0, 4000)}`);
  });
});
