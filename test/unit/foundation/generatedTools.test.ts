import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSurface } from '../../../src/core/modes/surface';
import { TOOL_SEARCH } from '../../../src/core/modes/toolSearchTools';
import { controlToolsFor, generatedToolsFor, GeneratedToolsError, knownConditionIds, parseGeneratedTools, unknownConditions } from '../../../src/core/sources/generatedTools';
import { OpenWorkspace } from '../../../src/core/workspace';
import { cli, cliWorkspace } from '../../helpers/cliWorkspace';
import { scratchDir } from '../../helpers/scratch';

const DATA = path.resolve(__dirname, '../../../src/core/sources/versions/openclaw-2026.9.6.tools.json');
const raw = (): Record<string, unknown> => JSON.parse(fs.readFileSync(DATA, 'utf8')) as Record<string, unknown>;

async function catalogIn(dir: string, extra: Partial<ConstructorParameters<typeof OpenWorkspace>[0]> = {}) {
  const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, ...extra });
  try {
    return await ws.buildCatalog();
  } finally {
    await ws.dispose();
  }
}

function emptyWorkspace(): string {
  const dir = scratchDir('tsi-generated-');
  fs.writeFileSync(path.join(dir, 'openclaw.json'), '{ tools: { profile: "full" } }\n');
  return dir;
}

describe('generated tool definitions (OpenClaw 2026.9.6)', () => {
  it('loads the generated file: its version, the script that made it, and no seed table', () => {
    const set = generatedToolsFor('2026.9.6');
    assert.ok(set);
    assert.equal(raw().generatedBy, 'scripts/extract-openclaw-tools.mjs');
    assert.equal(generatedToolsFor('2026.1.30'), undefined, 'the seed version keeps its hand tables');
    const names = set.tools.map((t) => t.name);
    assert.deepEqual(names, [...names].sort(), 'sorted by name as OpenClaw sends them');
    // Bundled plugins own their tools (issue 27 cause 3).
    assert.equal(set.tools.find((t) => t.name === 'dir_list')?.owner, 'file-transfer');
    assert.equal(set.tools.find((t) => t.name === 'node_inference')?.owner, 'ollama');
    assert.equal(set.tools.find((t) => t.name === 'exec')?.owner, 'core');
    // Direct-only marks come from the data (cause 6).
    assert.deepEqual(set.tools.filter((t) => t.catalogMode === 'direct-only').map((t) => t.name), ['openclaw', 'sessions_yield']);
    assert.equal(set.conditionalTools.find((t) => t.name === 'computer')?.catalogMode, 'direct-only');
  });

  it('refuses a malformed file with the place that is wrong', () => {
    const broken = raw();
    (broken.tools as Record<string, unknown>[])[3] = { ...(broken.tools as Record<string, unknown>[])[3], parameters: 'nope' };
    assert.throws(() => parseGeneratedTools(broken), (e: Error) => e instanceof GeneratedToolsError && /^tools\[3\] \(\w+\)\.parameters: expected an object schema$/.test(e.message));
    const badCondition = raw();
    (badCondition.conditionalTools as Record<string, unknown>[])[0] = { ...(badCondition.conditionalTools as Record<string, unknown>[])[0], conditions: ['no-such'] };
    assert.throws(() => parseGeneratedTools(badCondition), /conditions: unknown no-such/);
    const noModes = raw();
    delete noModes.modes;
    assert.throws(() => parseGeneratedTools(noModes), /^Error: modes: expected an object$|modes: expected an object/);
    assert.throws(() => parseGeneratedTools([]), /expected an object/);
  });

  it('fills the control tools with the workspace limits where OpenClaw quotes them', () => {
    const set = generatedToolsFor('2026.9.6');
    assert.ok(set);
    const eight = controlToolsFor(set, 'tools', { searchDefaultLimit: 8, maxSearchLimit: 20, codeTimeoutMs: 10000 });
    const three = controlToolsFor(set, 'tools', { searchDefaultLimit: 3, maxSearchLimit: 20, codeTimeoutMs: 10000 });
    assert.deepEqual(eight.map((t) => t.name), ['tool_search', 'tool_describe', 'tool_call']);
    assert.match(JSON.stringify(eight[0]), /Defaults to 8 when omitted/);
    assert.match(JSON.stringify(three[0]), /Defaults to 3 when omitted/);
    assert.deepEqual(controlToolsFor(set, 'code', { searchDefaultLimit: 8, maxSearchLimit: 20, codeTimeoutMs: 10000 }).map((t) => t.name), ['tool_search_code']);
  });

  it('a conditional tool is shown excluded with its conditions, not counted; --assume brings it into the catalog', async () => {
    const dir = emptyWorkspace();
    const plain = await catalogIn(dir);
    const view = plain.get('openclaw:core:view_image');
    assert.equal(view?.status, 'excluded');
    assert.equal(view?.reason?.kind, 'needs-condition');
    assert.ok(view?.reason?.kind === 'needs-condition' && view.reason.conditions.some((c) => c.id === 'vision-model' && c.kind === 'model-capability'));
    assert.ok(!plain.allowed.some((t) => t.name === 'view_image' || t.name === 'computer'));
    const vision = await catalogIn(dir, { assume: ['vision-model'] });
    // Both are direct-only in the data (catalogMode): visible, outside the index and the count.
    assert.equal(vision.get('openclaw:core:view_image')?.status, 'direct-only');
    assert.equal(vision.get('openclaw:core:computer')?.status, 'direct-only');
    assert.equal(vision.size, plain.size);
    assert.equal(vision.directOnly.length, plain.directOnly.length + 2);
    assert.equal(vision.get('openclaw:core:heartbeat_respond')?.status, 'excluded', 'other conditions still do not hold');
    const key = await catalogIn(dir, { assume: ['credential-openai'] });
    const added = ['image_generate', 'pdf', 'video_generate'];
    assert.deepEqual(added.map((n) => key.get(`openclaw:core:${n}`)?.status), ['cataloged', 'cataloged', 'cataloged']);
    assert.equal(key.size, plain.size + added.length, 'an assumed credential makes its tools count');
  });

  it('an unknown condition is an error diagnostic naming the known ones', async () => {
    assert.deepEqual(unknownConditions(generatedToolsFor('2026.9.6'), ['vision-model', 'bogus']), ['bogus']);
    assert.ok(knownConditionIds().includes('credential-openai'));
    const c = await catalogIn(emptyWorkspace(), { assume: ['bogus'] });
    assert.ok(c.diagnostics.some((d) => d.severity === 'error' && /unknown condition "bogus" for OpenClaw 2026\.9\.6; known: .*vision-model/.test(d.message)));
  });

  it('Tool Search modes keep the generated visible tools and hide message (a local operator turn)', async () => {
    const catalog = await catalogIn(emptyWorkspace());
    const s = buildSurface({ catalog, mode: 'tools' });
    const set = generatedToolsFor('2026.9.6');
    assert.ok(set);
    assert.deepEqual(s.tools.map((t) => t.name), [...set.modes.tools.visible, 'tool_call', 'tool_describe', TOOL_SEARCH].sort());
    assert.ok(!s.tools.some((t) => t.name === 'message'));
  });

  it('CLI: --assume changes the catalog; an unknown condition is a usage error (exit 2)', async () => {
    const ws = cliWorkspace();
    const before = await cli(ws, 'catalog', '--all', '--json');
    const after = await cli(ws, 'catalog', '--all', '--json', '--assume', 'credential-openai,heartbeat');
    assert.equal(before.code, 0, before.err);
    assert.equal(after.code, 0, after.err);
    const status = (out: string, id: string): string | undefined => (JSON.parse(out) as { tools: { id: string; status: string }[] }).tools.find((t) => t.id === id)?.status;
    assert.equal(status(before.out, 'openclaw:core:image_generate'), 'excluded');
    assert.equal(status(after.out, 'openclaw:core:image_generate'), 'cataloged');
    assert.equal(status(after.out, 'openclaw:core:heartbeat_respond'), 'direct-only');
    // The text table lists a conditional tool without --all, as `conditional`, and the summary counts them apart.
    const text = await cli(ws, 'catalog');
    assert.match(text.out, /^conditional +openclaw:core:image_generate +built only when the run has an OpenAI API key/m);
    assert.match(text.out, /excluded \(\d+ built only under a run-time condition: --assume\)/);
    const assumed = await cli(ws, 'catalog', '--assume', 'credential-openai');
    assert.match(assumed.out, /^cataloged +openclaw:core:image_generate /m);
    const bad = await cli(ws, 'catalog', '--assume', 'telepathy');
    assert.equal(bad.code, 2);
    assert.match(bad.err, /--assume takes conditions of the modelled OpenClaw versions \(.*vision-model.*\), got "telepathy"/);
  });
});
