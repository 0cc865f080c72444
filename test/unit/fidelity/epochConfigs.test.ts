// Issue 28's done-when: `catalog` on a real config last touched by OpenClaw
// 2026.6.10 shows what 2026.6.10 decides (its own generated facts, not the
// newest release's), and says which version it modelled and why.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EPOCHS } from '../../../src/core/policy/epochs/index';
import { OPENCLAW_MODELS } from '../../../src/core/policy/openclawVersions';
import { runCliCaptured } from '../../helpers/cliCapture';
import { scratchDir } from '../../helpers/scratch';

const CONFIG = path.join(__dirname, '..', '..', 'fixtures', 'epoch-configs', 'compaction-2026.6.10.openclaw.json');

interface CatalogJson {
  mode: string;
  openclawVersion: string;
  openclawVersionChosenBy: string;
  openclawEpochReleases: string[];
  tools: { name: string; status: string }[];
}

describe('fidelity: a real config last touched by OpenClaw 2026.6.10 (test/fixtures/epoch-configs)', () => {
  let home: string;
  beforeEach(() => {
    home = scratchDir('tsi-epoch-config-');
  });
  afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

  // No PATH: no OpenClaw is installed, so meta.lastTouchedVersion decides.
  const catalog = async (...extra: string[]) => {
    const ws = path.dirname(CONFIG);
    return runCliCaptured(['catalog', '--workspace', ws, '--config', CONFIG, '--no-user-config', ...extra], ws, { HOME: home });
  };

  it('catalog models 2026.6.10 from meta.lastTouchedVersion and says so in its header', async () => {
    const r = await catalog();
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^Modelling OpenClaw 2026\.6\.10 \(from meta\.lastTouchedVersion; the epoch measured on 2026\.6\.8, 2026\.6\.10\)/m);
    assert.match(r.out, /Mode: direct \(tools\.toolSearch not set\)/);
  });

  it('shows what 2026.6.10 decides: its own core tools (generated from the release), Tool Search off when unset; 2026.9.6 decides otherwise', async () => {
    const ours = JSON.parse((await catalog('--json')).out) as CatalogJson;
    assert.equal(ours.openclawVersion, '2026.6.10');
    assert.equal(ours.openclawVersionChosenBy, 'config');
    const epoch = EPOCHS.find((e) => e.releases.includes('2026.6.10'));
    assert.ok(epoch, 'openclaw@2026.6.10 is a measured release');
    assert.deepEqual(ours.openclawEpochReleases, epoch.releases);
    // No profile, no allow list: the agent gets every tool 2026.6.10's own composition builds for a
    // plain local turn (generated from the release: core and bundled-plugin tools), and only those;
    // not its policy table, which also names tools such a run does not build (code_execution, image, ...).
    const generated = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'src', 'core', 'sources', 'versions', 'openclaw-2026.6.10.tools.json'), 'utf8')) as { tools: { name: string; builtWhenNamed?: boolean }[] };
    // update_plan is built only when named, or by 6.10's plan-tool gate: a config naming no model runs OpenClaw's
    // default (openai/gpt-5.5), a strict-agentic run, so it is built here.
    const gate = OPENCLAW_MODELS.find((m) => m.version === '2026.6.10')?.planToolGate;
    assert.deepEqual(gate?.defaultRun, { provider: 'openai', model: 'gpt-5.5' });
    const theirs = generated.tools.filter((t) => t.builtWhenNamed !== true || t.name === gate?.tool).map((t) => t.name).sort();
    assert.deepEqual(ours.tools.map((t) => t.name).sort(), theirs);
    assert.ok(theirs.includes('cron') && !theirs.includes('automations'), '2026.6.10 still has cron');
    assert.ok(theirs.includes('file_fetch') && !theirs.includes('code_execution'), 'the bundled file-transfer tools, not the policy-only names');
    assert.ok(epoch.policy.coreTools.some((t) => t.name === 'code_execution'), 'the policy table names tools the run does not build');
    assert.equal(epoch.toolSearch?.whenUnset, 'off');
    assert.equal(ours.mode, 'direct');
    // The same file under the newest release: Tool Search on in tools mode, automations instead of cron.
    const newest = JSON.parse((await catalog('--json', '--openclaw-version', '2026.9.6')).out) as CatalogJson;
    assert.equal(newest.mode, 'tools');
    assert.ok(newest.tools.some((t) => t.name === 'automations') && !newest.tools.some((t) => t.name === 'cron'));
  });
});
