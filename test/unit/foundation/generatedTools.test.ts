import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSurface } from '../../../src/core/modes/surface';
import { TOOL_SEARCH } from '../../../src/core/modes/toolSearchTools';
import { controlToolsFor, generatedToolsFor, GeneratedToolsError, knownConditionIds, parseGeneratedTools, unknownConditions } from '../../../src/core/sources/generatedTools';
import { OpenWorkspace } from '../../../src/core/workspace';
import { OPENCLAW_MODELS } from '../../../src/core/policy/openclawVersions';
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
    assert.equal(set.requestOrder, 'by-name');
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

  it('refuses Code Mode MCP API texts that lost a field or a template slot', () => {
    const mcpApiOf = (data: Record<string, unknown>): Record<string, Record<string, Record<string, unknown>>> =>
      ((data.codeMode as Record<string, unknown>).runtime as Record<string, unknown>).mcpApi as Record<string, Record<string, Record<string, unknown>>>;
    assert.equal(generatedToolsFor('2026.9.6')?.codeMode?.runtime?.mcpApi.files.mcpServer.path, 'mcp/{{identifier}}.d.ts');
    const noSlot = raw();
    (mcpApiOf(noSlot).files as Record<string, Record<string, unknown>>).mcpServer = { path: 'mcp/x.d.ts', description: 'MCP server declaration for {{serverName}}.' };
    assert.throws(() => parseGeneratedTools(noSlot), (e: Error) => e instanceof GeneratedToolsError && /^codeMode\.runtime\.mcpApi\.files\.mcpServer\.path: expected the slot\(s\) \{\{identifier\}\}$/.test(e.message));
    const noNote = raw();
    delete (mcpApiOf(noNote) as Record<string, unknown>).rootNote;
    assert.throws(() => parseGeneratedTools(noNote), /^Error: codeMode\.runtime\.mcpApi\.rootNote: expected a non-empty string$|codeMode\.runtime\.mcpApi\.rootNote: expected a non-empty string/);
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
    assert.deepEqual(s.tools.map((t) => t.name), [...(set.modes.tools?.visible ?? []), 'tool_call', 'tool_describe', TOOL_SEARCH].sort());
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

describe('generated tool definitions per epoch', () => {
  const versionsDir = path.dirname(DATA);
  const file = (v: string) => JSON.parse(fs.readFileSync(path.join(versionsDir, `openclaw-${v}.tools.json`), 'utf8')) as { openclawVersion: string; tools: { name: string; builtWhenNamed?: boolean }[] };

  it('each epoch with generated tools uses the data of the release measured in it; the others keep the version table', () => {
    for (const m of OPENCLAW_MODELS) {
      const set = generatedToolsFor(m.version);
      if (set) {
        assert.ok(m.epoch.releases.includes(set.openclawVersion), `${m.version}: ${set.openclawVersion} is not a release of its epoch`);
      }
    }
    // A release between two measured ones of an epoch, and the other measured release of 6.10's epoch.
    assert.equal(generatedToolsFor('2026.6.8')?.openclawVersion, '2026.6.10');
    assert.equal(generatedToolsFor('2026.7.1')?.openclawVersion, '2026.6.10');
    assert.equal(generatedToolsFor('2026.9.6')?.openclawVersion, '2026.9.6');
    // 2.26 - 3.23 keep createOpenClawCodingTools private; the generator reaches it, so they ship too.
    assert.equal(generatedToolsFor('2026.3.2')?.openclawVersion, '2026.2.26');
    assert.equal(generatedToolsFor('2026.3.11')?.openclawVersion, '2026.3.11');
    assert.equal(generatedToolsFor('2026.3.23')?.openclawVersion, '2026.3.23');
    // The seed's epoch keeps the seed's tables.
    assert.equal(generatedToolsFor('2026.2.9'), undefined);
    assert.equal(generatedToolsFor('2026.1.30'), undefined);
    // Every shipped file parses and is the release it names.
    for (const f of fs.readdirSync(versionsDir).filter((x) => x.endsWith('.tools.json'))) {
      const raw = JSON.parse(fs.readFileSync(path.join(versionsDir, f), 'utf8')) as { openclawVersion: string };
      assert.equal(f, `openclaw-${raw.openclawVersion}.tools.json`);
      assert.equal(generatedToolsFor(raw.openclawVersion)?.openclawVersion, raw.openclawVersion, `${f} is not shipped`);
    }
  });

  it('releases before 2026.5.12 send the composition order, later ones sort by name (requestOrder, generated)', () => {
    for (const m of OPENCLAW_MODELS) {
      const set = generatedToolsFor(m.version);
      if (set) {
        assert.equal(set.requestOrder, m.toolSearch ? 'by-name' : 'composition', m.version);
      }
    }
    // 2026.4.1 composes its core tools first (read, edit, write, ...), bundled-plugin tools after them.
    const names = generatedToolsFor('2026.4.1')?.tools.map((t) => t.name) ?? [];
    assert.deepEqual(names.slice(0, 3), ['read', 'edit', 'write']);
    assert.deepEqual(names.slice(-3), ['browser', 'memory_search', 'memory_get']);
  });

  it('releases without Tool Search have no modes; 5.12 has no directory mode and sends no control tools for it', () => {
    const old = generatedToolsFor('2026.4.8');
    assert.ok(old);
    assert.deepEqual(Object.keys(old.modes), []);
    const s512 = generatedToolsFor('2026.5.12');
    assert.ok(s512);
    assert.deepEqual(Object.keys(s512.modes).sort(), ['code', 'tools']);
    assert.deepEqual(controlToolsFor(s512, 'directory', { searchDefaultLimit: 8, maxSearchLimit: 20, codeTimeoutMs: 10000 }), []);
    assert.ok(controlToolsFor(s512, 'code', { searchDefaultLimit: 8, maxSearchLimit: 20, codeTimeoutMs: 10000 }).some((t) => t.name === 'tool_search_code'));
  });

  it('2026.6.10: update_plan is built only when an allow list names it (profile full, alsoAllow), and says why not otherwise', async () => {
    assert.deepEqual(file('2026.6.10').tools.filter((t) => t.builtWhenNamed).map((t) => t.name), ['update_plan']);
    const withConfig = async (config: string) => {
      const dir = scratchDir('tsi-generated-610-');
      fs.writeFileSync(path.join(dir, 'openclaw.json'), config);
      return (await catalogIn(dir, { openclawVersion: '2026.6.10' })).tools.find((t) => t.name === 'update_plan');
    };
    assert.equal((await withConfig('{ tools: { profile: "full" } }\n'))?.status, 'cataloged');
    assert.equal((await withConfig('{ tools: { alsoAllow: ["update_plan"] } }\n'))?.status, 'cataloged');
    // 6.10's coding profile names update_plan; messaging does not.
    assert.equal((await withConfig('{ tools: { profile: "coding" } }\n'))?.status, 'cataloged');
    // A model outside the strict-agentic contract, so that only the allow lists decide.
    const bare = await withConfig('{ tools: { profile: "messaging" }, agents: { defaults: { model: "anthropic/claude-opus-4-6" } } }\n');
    assert.equal(bare?.status, 'excluded');
    const why = bare?.reason;
    assert.ok(why?.kind === 'not-constructed' && /do not name "update_plan"/.test(why.setting), JSON.stringify(why));
    assert.match(why.setting, /anthropic\/claude-opus-4-6 is not a strict-agentic one \(openai, mock-openai with a model matching/);
  });

  it('2026.5.12 - 6.10: the plan-tool gate builds update_plan unnamed (tools.experimental.planTool, else a strict-agentic run: OpenClaw\'s default openai/gpt-5.5 too), as generated from each release', async () => {
    const statusOf = async (version: string, config: string) => {
      const dir = scratchDir('tsi-plan-gate-');
      fs.writeFileSync(path.join(dir, 'openclaw.json'), config);
      const t = (await catalogIn(dir, { openclawVersion: version })).tools.find((x) => x.name === 'update_plan');
      return { status: t?.status, why: t?.reason?.kind === 'not-constructed' ? t.reason.setting : undefined, at: t?.reason && 'at' in t.reason ? t.reason.at?.line : undefined };
    };
    // No profile (a profile's allow list would filter it after it is built): only the gate decides.
    const toolsKey = 'tools: { deny: ["browser"]';
    const gate610 = OPENCLAW_MODELS.find((m) => m.version === '2026.6.10')?.planToolGate;
    const gate512 = OPENCLAW_MODELS.find((m) => m.version === '2026.5.12')?.planToolGate;
    assert.deepEqual(gate610 && { tool: gate610.tool, providers: gate610.providers, contractKey: gate610.contractKey, defaultRun: gate610.defaultRun }, { tool: 'update_plan', providers: ['openai', 'mock-openai'], contractKey: 'embeddedAgent', defaultRun: { provider: 'openai', model: 'gpt-5.5' } });
    // 5.12 also admits openai-codex, and reads the contract under embeddedPi.
    assert.deepEqual(gate512 && { providers: gate512.providers, contractKey: gate512.contractKey }, { providers: ['openai', 'openai-codex', 'mock-openai'], contractKey: 'embeddedPi' });
    assert.equal(OPENCLAW_MODELS.find((m) => m.version === '2026.9.6')?.planToolGate, undefined);
    // No model named: OpenClaw runs its default, openai/gpt-5.5, a strict-agentic run.
    assert.equal((await statusOf('2026.6.10', `{ ${toolsKey} } }\n`)).status, 'cataloged');
    assert.equal((await statusOf('2026.6.10', `{ ${toolsKey} }, agents: { defaults: { model: { primary: "openai/gpt-5.4-mini" } } } }\n`)).status, 'cataloged');
    assert.equal((await statusOf('2026.6.10', `{ ${toolsKey} }, agents: { defaults: { model: "openai/gpt-4.1" } } }\n`)).status, 'excluded');
    // openai-codex is strict-agentic in 5.12 only.
    assert.equal((await statusOf('2026.5.12', `{ ${toolsKey} }, agents: { defaults: { model: "openai-codex/gpt-5.4" } } }\n`)).status, 'cataloged');
    assert.equal((await statusOf('2026.6.10', `{ ${toolsKey} }, agents: { defaults: { model: "openai-codex/gpt-5.4" } } }\n`)).status, 'excluded');
    // The setting wins both ways, and is the line the reason points at.
    const off = await statusOf('2026.6.10', `{\n  ${toolsKey},\n    experimental: { planTool: false } },\n}\n`);
    assert.equal(off.status, 'excluded');
    assert.match(off.why ?? '', /tools\.experimental\.planTool is false/);
    assert.equal(off.at, 3);
    assert.equal((await statusOf('2026.6.10', `{ ${toolsKey}, experimental: { planTool: true } }, agents: { defaults: { model: "anthropic/claude-opus-4-6" } } }\n`)).status, 'cataloged');
    // The agent's execution contract "default" opts out, under each release's own key.
    const optOut = await statusOf('2026.6.10', `{ ${toolsKey} }, agents: { defaults: { embeddedAgent: { executionContract: "default" } } } }\n`);
    assert.equal(optOut.status, 'excluded');
    assert.match(optOut.why ?? '', /agents\.defaults\.embeddedAgent\.executionContract is "default"/);
    assert.equal((await statusOf('2026.6.10', `{ ${toolsKey} }, agents: { defaults: { embeddedPi: { executionContract: "default" } } } }\n`)).status, 'cataloged', '6.10 does not read 5.12\'s key');
    assert.equal((await statusOf('2026.5.12', `{ ${toolsKey} }, agents: { defaults: { embeddedPi: { executionContract: "default" } } } }\n`)).status, 'excluded');
    // 2026.9.6 builds it (as progress_card) without being named: no tool of its data is marked.
    assert.deepEqual(file('2026.9.6').tools.filter((t) => t.builtWhenNamed).map((t) => t.name), []);
  });
});
