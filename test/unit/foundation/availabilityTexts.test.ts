// Tool texts that follow the run (generated from OpenClaw 2026.9.6's own
// composition): a tool's text per combination of the other tools the run has
// (applyToolAvailabilityDescriptions) and, for gateway, per tool profile
// (profileAllowsGatewayConfigReads). The catalog picks them; the data says
// which text goes with which tools, this checks the picking.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { profileRestricts } from '../../../src/core/catalog/availabilityTexts';
import { parseOpenClawConfig } from '../../../src/core/config/openclawConfig';
import { ToolPolicy } from '../../../src/core/policy/policyEngine';
import { generatedToolsFor } from '../../../src/core/sources/generatedTools';
import type { CatalogTool } from '../../../src/core/types';
import { OpenWorkspace } from '../../../src/core/workspace';
import { scratchDir } from '../../helpers/scratch';

async function catalogOf(config: string): Promise<readonly CatalogTool[]> {
  const dir = scratchDir('tsi-availability-');
  fs.writeFileSync(path.join(dir, 'openclaw.json'), config);
  const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {} });
  try {
    return (await ws.buildCatalog()).allowed;
  } finally {
    await ws.dispose();
  }
}

const set = generatedToolsFor('2026.9.6');
const generated = (name: string) => set?.tools.find((t) => t.name === name);

describe('tool texts that follow the run\'s other tools and profile (OpenClaw 2026.9.6)', () => {
  it('are generated for sessions_spawn (agents_list among its tools) and gateway (its profile)', () => {
    assert.ok(generated('sessions_spawn')?.availability?.vars.includes('agents_list'));
    assert.ok(generated('gateway')?.whenProfileRestricts);
  });

  it('the catalog picks the text by the tools it allows', async () => {
    const spawn = generated('sessions_spawn');
    const all = await catalogOf('{ tools: { profile: "full" } }');
    const without = await catalogOf('{ tools: { profile: "full", deny: ["agents_list"] } }');
    const text = (tools: readonly CatalogTool[]) => tools.find((t) => t.name === 'sessions_spawn')?.description ?? '';
    assert.equal(text(all), spawn?.description);
    assert.notEqual(text(without), text(all));
    const vars = spawn?.availability?.vars ?? [];
    const key = vars.map((v) => (v === 'agents_list' ? '0' : '1')).join('');
    assert.equal(text(without), spawn?.availability?.variants[key]?.description);
  });

  it('gateway without config reads under a profile that restricts it; alsoAllow naming gateway lifts that', async () => {
    const gateway = (tools: readonly CatalogTool[]) => tools.find((t) => t.name === 'gateway');
    const full = gateway(await catalogOf('{ tools: { profile: "full" } }'));
    const coding = gateway(await catalogOf('{ tools: { profile: "coding" } }'));
    const lifted = gateway(await catalogOf('{ tools: { profile: "coding", alsoAllow: ["gateway"] } }'));
    assert.ok(full && coding && lifted);
    assert.notEqual(coding.description, full.description);
    assert.notDeepEqual(coding.parameters, full.parameters);
    assert.equal(lifted.description.startsWith(full.description.slice(0, 40)), true);
  });

  it('profileRestricts: a profile without "*" whose alsoAllow does not name the tool; no profile restricts nothing', () => {
    const tool = { name: 'gateway', source: 'openclaw', sourceName: 'core', groups: [], id: 'openclaw:core:gateway' } as unknown as CatalogTool;
    const policy = (text: string) => ToolPolicy.fromConfig(parseOpenClawConfig('ws/openclaw.json', text).reader, {});
    assert.equal(profileRestricts(policy('{ tools: { profile: "coding" } }'), tool), true);
    assert.equal(profileRestricts(policy('{ tools: { profile: "coding", alsoAllow: ["gateway"] } }'), tool), false);
    assert.equal(profileRestricts(policy('{ tools: { profile: "full" } }'), tool), false);
    assert.equal(profileRestricts(policy('{ tools: {} }'), tool), false);
  });
});
