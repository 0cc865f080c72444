// Which release's request templates a modelled version uses: its own, else
// the release measured in its epoch; none before Tool Search (2026.5.12), and
// then the prediction says so instead of showing another release's request.
import * as assert from 'node:assert/strict';
import { NEWEST_OPENCLAW_VERSION } from '../../../src/core/policy/openclawVersions';
import { openclawRequestContext } from '../../../src/core/prompt/openclawContext';
import { buildOpenClawRequest } from '../../../src/core/prompt/openclawRequest';
import { allPromptData, newestPromptData, promptDataFor } from '../../../src/core/prompt/promptVersions';
import { scratchDir } from '../../helpers/scratch';

describe('prompt: request templates per OpenClaw version', () => {
  it('every generated release is its own templates, oldest first, and the newest is the default', () => {
    const versions = allPromptData().map((d) => d.openclawVersion);
    assert.deepEqual(versions, ['2026.5.12', '2026.6.10', '2026.8.1', '2026.9.2', '2026.9.5', '2026.9.6']);
    for (const v of versions) {
      assert.equal(promptDataFor(v)?.openclawVersion, v);
    }
    assert.equal(newestPromptData().openclawVersion, NEWEST_OPENCLAW_VERSION);
  });

  it('a release not generated itself uses its epoch\'s release (2026.6.8 -> 6.10; 2026.7.1 -> 6.10; 2026.9.3 -> 9.2)', () => {
    assert.equal(promptDataFor('2026.6.8')?.openclawVersion, '2026.6.10');
    assert.equal(promptDataFor('2026.7.1')?.openclawVersion, '2026.6.10');
    assert.equal(promptDataFor('2026.9.3')?.openclawVersion, '2026.9.2');
    assert.equal(promptDataFor('2026.5.20')?.openclawVersion, '2026.5.12');
  });

  it('every release fills every slot in every mode it has', () => {
    for (const d of allPromptData()) {
      for (const mode of Object.keys(d.modes) as ('direct' | 'code' | 'tools' | 'directory')[]) {
        const body = buildOpenClawRequest({ mode, tools: [{ name: 'read', description: 'r', parameters: { type: 'object' } }], directory: 'DIR', prompt: 'P', provider: 'p', model: 'm', maxTokens: 9, workspace: { dir: '/w', fresh: true, files: d.bootstrapFiles }, stateDir: '/s', openclawDir: '/o' }, d).body;
        const left = /\{\{[A-Za-z]+(?::[^}]+)?\}\}/.exec(JSON.stringify(body));
        assert.equal(left, null, `${d.openclawVersion}/${mode}: ${left?.[0] ?? ''} is left`);
      }
    }
  });

  it('a release before Tool Search has none', () => {
    for (const v of ['2026.4.8', '2026.2.26', '2026.1.30']) {
      assert.equal(promptDataFor(v), undefined, v);
    }
  });

  it('modes a release lacks are absent (no directory mode in 2026.5.12) and building one is refused', () => {
    const d = promptDataFor('2026.5.12');
    assert.ok(d);
    assert.deepEqual(Object.keys(d.modes).sort(), ['code', 'direct', 'tools']);
    assert.throws(
      () => buildOpenClawRequest({ mode: 'directory', tools: [], prompt: 'p', provider: 'p', model: 'm', maxTokens: 1, workspace: { dir: '/w', fresh: true, files: d.bootstrapFiles }, stateDir: '/s', openclawDir: '/o' }, d),
      /has no directory mode/,
    );
  });

  it('the layouts differ as the releases do: 5.12 sends the user text as one content part, 9.2 the runtime line in the system prompt, 9.5 a third message', () => {
    const build = (v: string) => {
      const d = promptDataFor(v);
      assert.ok(d);
      return buildOpenClawRequest({ mode: 'direct', tools: [], prompt: 'PROMPT-X', provider: 'p', model: 'm', maxTokens: 9, workspace: { dir: '/w', fresh: true, files: d.bootstrapFiles }, stateDir: '/s', openclawDir: '/o', now: new Date('2026-03-04T05:06:00Z'), timeZone: 'UTC' }, d).body
        .messages as { role: string; content: unknown }[];
    };
    const m512 = build('2026.5.12');
    assert.deepEqual(m512[1]?.content, [{ type: 'text', text: 'PROMPT-X' }]);
    assert.match(String(m512[0]?.content), /^Runtime: agent=main \| host=/m);
    const m92 = build('2026.9.2');
    assert.equal(m92.length, 2);
    assert.equal(m92[1]?.content, '[Wed 2026-03-04 05:06 UTC] PROMPT-X');
    assert.match(String(m92[0]?.content), /^Runtime: agent=main \| session=agent:main:main \| sessionId=/m);
    const m95 = build('2026.9.5');
    assert.equal(m95.length, 3);
    assert.match(String(m95[1]?.content), /^\[Wed 2026-03-04 05:06 UTC\] PROMPT-X\n\nRuntime: /);
    assert.doesNotMatch(String(m95[0]?.content), /^Runtime: /m);
  });

  it('the context of a version without templates carries no data and says why (the sentence preview shows instead of a request)', () => {
    const home = scratchDir('tsi-prompt-versions-');
    const ctx = openclawRequestContext({ config: {}, configDir: home, env: { HOME: home }, home, version: '2026.4.8' });
    assert.equal(ctx.data, undefined);
    assert.match(ctx.noTemplates ?? '', /^OpenClaw 2026\.4\.8's request is not predicted: its system prompt and envelope are generated for releases from 2026\.5\.12 on/);
    const with96 = openclawRequestContext({ config: {}, configDir: home, env: { HOME: home }, home, version: '2026.6.9' });
    assert.equal(with96.data?.openclawVersion, '2026.6.10');
    assert.equal(with96.noTemplates, undefined);
    assert.equal(openclawRequestContext({ config: {}, configDir: home, env: { HOME: home }, home }).data?.openclawVersion, NEWEST_OPENCLAW_VERSION);
  });
});
