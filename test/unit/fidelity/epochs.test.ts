// The OpenClaw epochs the inspector models: generated per release by
// scripts/extract-openclaw-epochs.mjs (each release's own code answers), and
// the choice of the version a user runs.
import * as assert from 'node:assert/strict';
import { EPOCHS } from '../../../src/core/policy/epochs/index';
import seedTables from '../../../src/core/policy/versions/openclaw-2026.1.30.json';
import { modelFor, OPENCLAW_MODELS, resolveModelledVersion } from '../../../src/core/policy/openclawVersions';

describe('fidelity: OpenClaw behaviour epochs (generated)', () => {
  it('every epoch is generated, names its measured releases oldest first, and epochs do not overlap', () => {
    assert.ok(EPOCHS.length >= 5, `only ${EPOCHS.length} epochs`);
    let last = '';
    for (const e of EPOCHS) {
      assert.equal(e.generatedBy, 'scripts/extract-openclaw-epochs.mjs');
      assert.equal(e.releases[0], e.epoch);
      for (const r of e.releases) {
        assert.ok(['bundled-mjs', 'bundled-js', 'unbundled'].includes(e.distShapes[r] ?? ''), `${r}: ${e.distShapes[r]}`);
      }
      assert.ok(last === '' || modelFor(e.epoch)?.epoch.first === e.epoch, `${e.epoch} resolves to its own epoch`);
      last = e.epoch;
    }
  });

  it('consecutive epochs differ in a behaviour fact (releases with identical facts are one epoch; bundled plugin ids are kept per release)', () => {
    const behaviour = (e: (typeof EPOCHS)[number] | undefined) => ({ p: { ...e?.policy, bundledPlugins: [] }, t: e?.toolSearch });
    for (let i = 1; i < EPOCHS.length; i++) {
      assert.notDeepEqual(behaviour(EPOCHS[i - 1]), behaviour(EPOCHS[i]), `${EPOCHS[i - 1]?.epoch} and ${EPOCHS[i]?.epoch}`);
    }
    for (const e of EPOCHS) {
      assert.deepEqual(Object.keys(e.bundledPluginsByRelease), e.releases);
      assert.deepEqual(e.policy.bundledPlugins, [...new Set(Object.values(e.bundledPluginsByRelease).flat())].sort());
    }
  });

  it('the newest model is the full 2026.9.6 table with its epoch facts; the seed stays first', () => {
    const newest = OPENCLAW_MODELS[OPENCLAW_MODELS.length - 1];
    assert.equal(newest?.version, '2026.9.6');
    assert.ok(newest?.toolSearch && newest.toolSearch.whenUnset === 'tools');
    assert.equal(OPENCLAW_MODELS[0]?.version, '2026.1.30');
    assert.equal(OPENCLAW_MODELS[0]?.toolSearch, undefined);
  });

  it('Tool Search facts follow the releases: none before 2026.5.12, substring ranking until 2026.8.1, directory mode from 2026.6', () => {
    for (const e of EPOCHS) {
      const ts = e.toolSearch;
      if (e.epoch < '2026.5.12' && e.epoch.split('.')[1]?.length === 1 && Number(e.epoch.split('.')[1]) < 5) {
        assert.equal(ts, null, e.epoch);
      }
    }
    const at = (v: string) => modelFor(v)?.toolSearch;
    assert.equal(at('2026.5.12')?.ranking.kind, 'substring');
    assert.deepEqual(at('2026.5.12')?.modes, ['code', 'tools']);
    assert.equal(at('2026.5.12')?.inputHint, 'none');
    assert.equal(at('2026.6.10')?.ranking.kind, 'substring');
    assert.ok(at('2026.6.10')?.modes.includes('directory'));
    assert.equal(at('2026.8.1')?.ranking.kind, 'bm25');
    assert.equal(at('2026.8.1')?.inputHint, 'no-bounds');
    assert.equal(at('2026.9.5')?.inputHint, 'bounds');
    assert.equal(at('2026.9.5')?.whenUnset, 'off');
    assert.equal(at('2026.9.6')?.whenUnset, 'tools');
  });
});

describe('fidelity: which OpenClaw version is modelled', () => {
  it('the installed OpenClaw comes before meta.lastTouchedVersion; an override before both', () => {
    const v = resolveModelledVersion({ installed: { version: '2026.8.1', at: '/x/openclaw' }, configVersion: '2026.3.23' });
    assert.equal(v.source, 'installed');
    assert.equal(v.model.version, '2026.8.1');
    assert.equal(v.installedAt, '/x/openclaw');
    assert.match(v.describe, /OpenClaw 2026\.8\.1 \(the OpenClaw installed here at \/x\/openclaw/);
    assert.equal(resolveModelledVersion({ override: '2026.5.12', installed: { version: '2026.8.1' }, configVersion: '2026.3.23' }).source, 'override');
    assert.equal(resolveModelledVersion({ configVersion: '2026.3.23' }).source, 'config');
  });

  it('a version newer than every modelled one says so and uses the newest', () => {
    const v = resolveModelledVersion({ installed: { version: '2026.10.2' } });
    assert.equal(v.model.version, '2026.9.6');
    assert.equal(v.newerThanModelled, true);
    assert.match(v.describe, /2026\.10\.2 is newer than every modelled version; modelling the newest, 2026\.9\.6/);
  });

  it('a measured release of an epoch is named as itself', () => {
    for (const e of EPOCHS) {
      for (const r of e.releases) {
        const v = resolveModelledVersion({ configVersion: r });
        assert.match(v.describe, new RegExp(`^OpenClaw ${r.replace(/\./g, '\\.')} \\(`));
        assert.ok(v.model.epoch.releases.includes(r));
      }
    }
  });
});

describe('fidelity: the seed tables against the generated facts of 2026.1.30', () => {
  it('every hand-checked policy table equals what openclaw@2026.1.30 answers; the core tool list is the seed\'s, which lacks agents_list', () => {
    const seed = seedTables as unknown as Record<string, unknown>;
    const generated = EPOCHS.find((e) => e.releases.includes('2026.1.30'));
    assert.ok(generated, 'no generated epoch holds 2026.1.30');
    const sorted = (v: unknown): unknown =>
      v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v;
    for (const key of ['groups', 'profiles', 'aliases', 'sandbox', 'applyPatchAdmittedBy', 'stripsPluginOnlyAllowlist', 'sandboxAlsoAllow', 'sandboxImplicitAllow'] as const) {
      assert.deepEqual(sorted(generated.policy[key]), sorted(seed[key]), key);
    }
    assert.deepEqual(generated.bundledPluginsByRelease['2026.1.30'], seed.bundledPlugins);
    const seedNames = new Set((seed.coreTools as { name: string }[]).map((t) => t.name));
    assert.deepEqual(generated.policy.coreTools.map((t) => t.name).filter((n) => !seedNames.has(n)), ['agents_list']);
  });
});
