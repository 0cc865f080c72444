// Policy facts of older epochs, each generated from its release. Releases 1.30 - 4.1 drop an allow list that names no core tool
// (`stripPluginOnlyAllowlist`), and "core" there means a core tool the run
// builds, by exact name after group expansion (its `coreToolNames` from the
// run's tools, `expandToolGroups([entry]).some(t => coreTools.has(t))`).
// Judged against the releases themselves by test/oracle/b-policy.test.ts under
// `npm run test:versions -- 2026.2.26 2026.3.11 2026.3.23 2026.4.1`.
import * as assert from 'node:assert/strict';
import { modelFor, type OpenClawModel } from '../../../src/core/policy/openclawVersions';
import { ToolPolicy, type PolicyLayer } from '../../../src/core/policy/policyEngine';
import { namesCoreTool } from '../../../src/core/policy/toolPattern';
import { OpenWorkspace } from '../../../src/core/workspace';

function model(version: string): OpenClawModel {
  const m = modelFor(version);
  assert.ok(m, `no model for ${version}`);
  return m;
}

const allowOnly = (...patterns: string[]): PolicyLayer => ({ name: 'tools.allow', kind: 'list', allow: patterns.map((pattern) => ({ pattern })), alsoAllow: [], deny: [] });
const core = (...names: string[]) => names.map((name) => ({ name, source: 'openclaw', owner: 'core', built: true }));
const read = { name: 'read', source: 'openclaw' as const, owner: 'core', groups: [], id: 'openclaw:core:read' };

describe('fidelity: an allow list of core tools the run does not build (2026.1.30 - 4.1)', () => {
  const m = model('2026.4.1');

  it('is dropped when the run builds none of its entries, kept when it builds one', () => {
    assert.equal(m.stripsPluginOnlyAllowlist, true);
    const policy = new ToolPolicy([allowOnly('apply_patch')], m);
    const without = policy.forRun(core('read', 'exec', 'write')).evaluate(read);
    assert.equal(without.allowed, true);
    assert.match(without.decisions.map((d) => d.rule).join('\n'), /allow list names no core tool this run builds; OpenClaw 2026\.4\.1 ignores it/);
    assert.equal(policy.forRun(core('read', 'apply_patch')).evaluate(read).allowed, false);
  });

  it('counts an entry as core by exact name after group expansion: a glob alone is not core, `*` and a group are', () => {
    const run = core('read', 'sessions_list', 'sessions_send');
    assert.equal(namesCoreTool('sessions_*', m, new Set(['read', 'sessions_list'])), false);
    assert.equal(new ToolPolicy([allowOnly('sessions_*')], m).forRun(run).evaluate(read).allowed, true);
    assert.equal(new ToolPolicy([allowOnly('*')], m).forRun(run).evaluate(read).allowed, true);
    assert.equal(namesCoreTool('group:fs', m, new Set(['read'])), true);
    assert.equal(namesCoreTool('BASH', m, new Set(['exec'])), true, 'aliases are normalized');
    assert.equal(new ToolPolicy([allowOnly('group:sessions')], m).forRun(run).evaluate(read).allowed, false);
  });

  it('does not count a tool a bundled plugin registers, nor one the run does not build', () => {
    const withPlugin = model('2026.9.6');
    const bundled = Object.entries(withPlugin.bundledPluginTools).find(([, p]) => p.tools.length > 0);
    assert.ok(bundled, '2026.9.6 declares bundled plugin tools');
    const name = bundled[1].tools[0] as string;
    assert.deepEqual([...(new ToolPolicy([], withPlugin).forRun(core(name, 'read')).runCoreTools ?? [])], ['read']);
    assert.deepEqual([...(new ToolPolicy([], m).forRun([{ name: 'image', source: 'openclaw', owner: 'core', built: false }]).runCoreTools ?? [])], []);
  });

  it('releases from 2026.4.8 keep the allow list whatever the run builds', () => {
    const later = model('2026.4.8');
    assert.equal(later.stripsPluginOnlyAllowlist, false);
    assert.equal(new ToolPolicy([allowOnly('apply_patch')], later).forRun(core('read')).evaluate(read).allowed, false);
  });

  it('a 2026.4.1 config allowing only `image`: without an image credential the run builds no image tool, so every core tool stays; with one, the list restricts', async () => {
    const text = JSON.stringify({ meta: { lastTouchedVersion: '2026.4.1' }, tools: { allow: ['image'] } }, null, 2);
    const open = async (assume: string[]) => {
      const ws = new OpenWorkspace({ workspace: '/nonexistent-workspace', noUserConfig: true, env: {}, liveMcp: () => undefined, assume, configText: { file: 'openclaw.json', text, display: 'openclaw.json' } });
      try {
        return await ws.buildCatalog();
      } finally {
        await ws.dispose();
      }
    };
    const plain = await open([]);
    assert.equal(plain.openclaw?.model.version, '2026.4.1');
    const readTool = plain.tools.find((t) => t.id === 'openclaw:core:read');
    assert.notEqual(readTool?.status, 'excluded', 'read stays: the allow list names no tool this run builds');
    const withKey = await open(['credential-openai']);
    assert.equal(withKey.tools.find((t) => t.id === 'openclaw:core:read')?.status, 'excluded', 'the run builds image, so the allow list keeps image alone');
    assert.notEqual(withKey.tools.find((t) => t.id === 'openclaw:core:image')?.status, 'excluded');
  });
});

describe('fidelity: a deny list naming `write` denies apply_patch in 2026.4.1 - 4.8 (generated: applyPatchDeniedWithAdmitter)', () => {
  const denyWrite: PolicyLayer = { name: 'tools.deny', kind: 'list', allow: [], alsoAllow: [], deny: [{ pattern: 'write' }] };
  const applyPatch = { name: 'apply_patch', source: 'openclaw' as const, owner: 'core', groups: [], id: 'openclaw:core:apply_patch' };

  it('4.1 and 4.8 deny apply_patch with write, and say why', () => {
    for (const v of ['2026.4.1', '2026.4.8']) {
      const m = model(v);
      assert.equal(m.applyPatchDeniedWithAdmitter, true, v);
      const verdict = new ToolPolicy([denyWrite], m).evaluate(applyPatch);
      assert.equal(verdict.allowed, false, v);
      assert.match(verdict.decisions.map((d) => d.rule).join('\n'), /a deny list that names "write" denies apply_patch too/, v);
    }
  });

  it('earlier (admitted by exec) and later releases keep apply_patch when write is denied', () => {
    for (const v of ['2026.2.26', '2026.5.12', '2026.9.6']) {
      const m = model(v);
      assert.equal(m.applyPatchDeniedWithAdmitter, false, v);
      assert.equal(new ToolPolicy([denyWrite], m).evaluate(applyPatch).allowed, true, v);
    }
  });
});
