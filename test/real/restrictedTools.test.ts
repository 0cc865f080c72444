// `npm run test:real`: one real OpenClaw turn in direct and in code mode on a
// workspace whose tools differ from the demo's (test/fixtures/real/restricted:
// the coding profile, an agent that denies exec, read and web_fetch and adds
// message), judged by `capture --diff` itself: each captured request must
// equal the product's prediction of it after the documented normalization.
// Before the prompt's tool-dependent lines and the tools' availability texts
// were generated (2026-12-02), both modes differed (the gateway and
// sessions_spawn texts; ## Tooling, ## OpenClaw Control, ## Skills, ...).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { RequestDiff } from '../../src/core/capture/requestDiff';
import { runCliCaptured } from '../helpers/cliCapture';
import { openclawLocation, openclawSpec, REPO } from '../oracle/harness';

const WORKSPACE = path.join(REPO, 'test', 'fixtures', 'real', 'restricted');
const MODES = ['direct', 'code'] as const;

interface DiffedReport {
  modes: Record<string, { matched?: boolean; diff?: RequestDiff; outcome: string; error?: string } | undefined>;
}

describe('real: capture --diff matches on a workspace with restricted tools (coding profile, agent deny/alsoAllow)', function () {
  this.timeout(900_000);
  let report: DiffedReport | undefined;

  before(async () => {
    await openclawLocation(); // installs the pinned OpenClaw when it is missing
    const started = Date.now();
    const r = await runCliCaptured(['capture', '--workspace', WORKSPACE, '--no-user-config', '--json', '--diff', '--openclaw', openclawSpec(), '--concurrency', '2', '--mode', MODES.join(',')], REPO, { ...process.env });
    assert.ok(r.code === 0 || r.code === 1, `capture exit ${r.code}: ${r.err}`);
    report = JSON.parse(r.out) as DiffedReport;
    console.log(`      captured ${MODES.length} modes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  for (const mode of MODES) {
    it(`${mode}: the real first request equals the prediction`, () => {
      const m = report?.modes[mode];
      assert.ok(m, `${mode}: not captured`);
      assert.equal(m.outcome, 'ok', `${mode}: ${m.error ?? ''}`);
      assert.ok(m.diff, `${mode}: no diff in the report`);
      assert.equal(m.matched, true, `${mode} differs: ${JSON.stringify({ tools: m.diff.tools, prompt: m.diff.prompt, messages: m.diff.messages, envelope: m.diff.envelope }, null, 1).slice(0, 4000)}`);
    });
  }
});
