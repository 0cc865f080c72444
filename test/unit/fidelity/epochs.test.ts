// The OpenClaw epochs the inspector models: generated per release by
// scripts/extract-openclaw-epochs.mjs (each release's own code answers), and
// the choice of the version a user runs.
import * as assert from 'node:assert/strict';
import { generatedToolsFor } from '../../../src/core/sources/generatedTools';
import { EPOCHS } from '../../../src/core/policy/epochs/index';
import seedTables from '../../../src/core/policy/versions/openclaw-2026.1.30.json';
import { modelFor, OPENCLAW_MODELS, resolveModelledVersion } from '../../../src/core/policy/openclawVersions';
import { patternMatches } from '../../../src/core/policy/toolPattern';
import { buildDirectory } from '../../../src/core/modes/directory';

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

  it('which tools stay visible while cataloged is each epoch\'s answer: message hidden behind search until 2026.8.1, then visible with the coding tools', () => {
    const m512 = modelFor('2026.5.12');
    assert.equal(m512?.replyToolSearchable, true);
    assert.equal(m512?.replyToolVisible, false);
    assert.deepEqual(m512?.directVisible, []);
    const m81 = modelFor('2026.8.1');
    assert.equal(m81?.replyToolVisible, true);
    assert.ok(m81?.directVisible.includes('exec') && m81.directVisible.includes('read'), String(m81?.directVisible));
    assert.ok(!m81?.directVisible.includes('ls'), '8.1 has no ls tool');
    assert.deepEqual([...(modelFor('2026.9.6')?.directVisible ?? [])].sort(), ['apply_patch', 'edit', 'exec', 'ls', 'process', 'read', 'write']);
    assert.match(m81?.sources.directVisible ?? '', /openclaw@2026\.8\.1/);
  });

  it('a shipped family key replaces the entry in 2026.8.1 - 9.2 (canvas no longer names the core tool canvas) and joins it from 9.5', () => {
    const canvas = { name: 'canvas', source: 'openclaw' as const, owner: 'core', groups: [], id: 'openclaw:core:canvas' };
    const widget = { name: 'show_widget', source: 'openclaw' as const, owner: 'core', groups: [], id: 'openclaw:core:show_widget' };
    for (const v of ['2026.8.1', '2026.9.2']) {
      const m = modelFor(v);
      assert.ok(m);
      assert.equal(m.policyFamilyKeepsEntry, false, v);
      assert.equal(patternMatches('canvas', canvas, m), false, v);
      assert.equal(patternMatches('canvas', widget, m), true, v);
    }
    const m95 = modelFor('2026.9.5');
    assert.ok(m95);
    assert.equal(m95.policyFamilyKeepsEntry, true);
    assert.equal(patternMatches('canvas', canvas, m95), true);
    assert.equal(patternMatches('canvas', widget, m95), true);
    assert.equal(patternMatches('canvas', canvas, modelFor('2026.6.10')), true, 'no families before 8.1');
  });

  it('the directory texts are each epoch\'s rendering: no notice line before 8.1, one guidance for every mode before 8.1, the mode guidance from 9.3', () => {
    const entries = [{ id: 'openclaw:core:alpha', name: 'alpha', owner: 'core', source: 'openclaw' as const, description: 'probe alpha' }];
    const text = (v: string, mode: 'code' | 'tools' | 'directory') => buildDirectory(entries, 18000, mode, modelFor(v)?.directoryTexts).text;
    assert.equal(modelFor('2026.5.12')?.directoryTexts, undefined, '5.12 has no directory');
    const t610 = text('2026.6.10', 'tools');
    assert.ok(!t610.includes('Policy-approved MCP'), t610);
    assert.equal(text('2026.6.10', 'code'), t610);
    const t81 = text('2026.8.1', 'tools');
    assert.ok(t81.includes('Policy-approved MCP'), t81);
    assert.match(t81, /Call tool_describe with a listed tool name/);
    assert.match(text('2026.8.1', 'code'), /Use tool_search_code/);
    assert.match(text('2026.9.6', 'tools'), /Deferred names are not directly callable/);
    assert.equal(text('2026.9.6', 'tools'), buildDirectory(entries, 18000, 'tools').text, 'the newest epoch renders what the product always did');
  });

  it('the tools kept visible are rows of the directory in 2026.6.8 - 9.2 (every catalog entry is listed) and not from 9.5, as each release answered', () => {
    // `read` stays in front of the model from 8.1 on; a visible client tool is no catalog entry in directory mode.
    const entries = [
      { id: 'openclaw:core:alpha', name: 'alpha', owner: 'core', source: 'openclaw' as const, description: 'probe alpha' },
      { id: 'openclaw:core:read', name: 'read', owner: 'core', source: 'openclaw' as const, description: 'probe read', directVisible: true },
      { id: 'client:client:pick', name: 'pick', owner: 'client', source: 'client' as const, description: 'probe pick', directVisible: true },
    ];
    const lists = (v: string) => modelFor(v)?.directoryTexts?.listsVisibleTools;
    assert.equal(lists('2026.6.10'), true);
    assert.equal(lists('2026.8.1'), true);
    assert.equal(lists('2026.9.2'), true);
    assert.equal(lists('2026.9.5'), false);
    assert.equal(lists('2026.9.6'), false);
    assert.match(modelFor('2026.8.1')?.sources.directoryTexts ?? '', /openclaw@2026\.8\.1/);
    const d81 = buildDirectory(entries, 18000, 'directory', modelFor('2026.8.1')?.directoryTexts);
    assert.deepEqual(d81.text.split('\n').filter((l) => l.startsWith('- ')), ['- alpha (core): probe alpha', '- read (core): probe read']);
    assert.equal(d81.shown + d81.omitted, 2, 'the client tool is not counted');
    const d96 = buildDirectory(entries, 18000, 'directory', modelFor('2026.9.6')?.directoryTexts);
    assert.deepEqual(d96.text.split('\n').filter((l) => l.startsWith('- ')), ['- alpha (core): probe alpha']);
  });

  it('directory rows are in locale order in 2026.6.8 - 6.10 (localeCompare) and in code-unit order from 8.1, as each release sorted them', () => {
    const entries = ['newSave', 'news'].map((name) => ({ id: `openclaw:p:${name}`, name, owner: 'p', source: 'openclaw' as const, description: '' }));
    const rows = (v: string) => buildDirectory(entries, 18000, 'directory', modelFor(v)?.directoryTexts).text.split('\n').filter((l) => l.startsWith('- ')).map((l) => l.slice(2, l.indexOf(' (')));
    assert.equal(modelFor('2026.6.10')?.directoryTexts?.rowOrder, 'locale');
    assert.deepEqual(rows('2026.6.10'), ['news', 'newSave']);
    assert.equal(modelFor('2026.8.1')?.directoryTexts?.rowOrder, 'code-unit');
    assert.deepEqual(rows('2026.8.1'), ['newSave', 'news']);
    assert.deepEqual(rows('2026.9.6'), ['newSave', 'news']);
  });

  it('every generated tool set keeps the same tools visible in each of its Tool Search modes (the catalog marks them once)', () => {
    for (const v of ['2026.5.12', '2026.6.10', '2026.8.1', '2026.9.2', '2026.9.5', '2026.9.6']) {
      const set = generatedToolsFor(v);
      assert.ok(set, v);
      const lists = Object.values(set.modes).map((m) => JSON.stringify([...m.visible].sort()));
      assert.ok(lists.length >= 2, v);
      assert.equal(new Set(lists).size, 1, `${v}: ${lists.join(' / ')}`);
    }
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
