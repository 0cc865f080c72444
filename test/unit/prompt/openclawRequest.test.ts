// The prediction of OpenClaw's own request from the generated templates:
// tool lines in OpenClaw's order, every slot filled, the workspace's
// bootstrap files injected, the envelope in OpenClaw's key order, and the one
// normalization of the volatile parts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { captureConfig } from '../../../src/core/capture/captureConfig';
import { agentWorkspaceDir, readAgentWorkspace } from '../../../src/core/prompt/agentWorkspace';
import { configuredModelEntry } from '../../../src/core/prompt/modelEntry';
import { openclawRequestContext } from '../../../src/core/prompt/openclawContext';
import { buildOpenClawRequest as buildWith, toolLinesOf as linesWith, type OpenClawRequestInput } from '../../../src/core/prompt/openclawRequest';
import { newestPromptData } from '../../../src/core/prompt/promptVersions';
import { filterSkillsPrompt, skillFilterOf } from '../../../src/core/prompt/skillsFilter';
import { sandboxRunOf } from '../../../src/core/prompt/sandboxRun';

import { firstDifference, requestParts } from '../../../src/core/prompt/requestDiff';
import { normalizeRequest, normalizeText } from '../../../src/core/prompt/volatile';
import { scratchDir } from '../../helpers/scratch';

// The newest release's templates (what a prediction uses when nothing names a version).
const PROMPT_DATA = newestPromptData();
const buildOpenClawRequest = (i: OpenClawRequestInput) => buildWith(i, PROMPT_DATA);
const toolLinesOf = (names: readonly string[]) => linesWith(names, PROMPT_DATA);

const tool = (name: string): { name: string; description: string; parameters: Record<string, unknown> } => ({ name, description: `${name} tool`, parameters: { type: 'object', properties: {} } });

function input(over: Partial<OpenClawRequestInput> = {}): OpenClawRequestInput {
  return {
    mode: 'tools',
    tools: [tool('read'), tool('tool_search'), tool('exec')],
    directory: 'Available deferred-schema tools: none.',
    prompt: 'hello there',
    provider: 'prov',
    model: 'm-1',
    maxTokens: 777,
    workspace: { dir: '/agent/ws', fresh: true, files: PROMPT_DATA.bootstrapFiles },
    stateDir: '/state',
    openclawDir: '/pkg/openclaw',
    now: new Date('2026-03-04T05:06:00Z'),
    timeZone: 'UTC',
    ...over,
  };
}

function system(body: Record<string, unknown>): string {
  return (body.messages as { content: string }[])[0]?.content ?? '';
}

describe('prompt: OpenClaw request prediction', () => {
  it('lists tools in OpenClaw\'s own order with their summaries, then the rest sorted', () => {
    const lines = toolLinesOf(['zeta_tool', 'exec', 'read', 'alpha_tool']).split('\n');
    assert.equal(lines[0], `- read: ${PROMPT_DATA.toolLines.summaries.plain.read}`);
    assert.equal(lines[1], `- exec: ${PROMPT_DATA.toolLines.summaries.plain.exec}`);
    assert.deepEqual(lines.slice(2), ['- alpha_tool', '- zeta_tool']);
  });

  it('names sessions_history in the sessions_search summary only when that tool is there', () => {
    const withHistory = toolLinesOf(['sessions_search', 'sessions_history']);
    const without = toolLinesOf(['sessions_search']);
    assert.notEqual(PROMPT_DATA.toolLines.summaries.plain.sessions_search, PROMPT_DATA.toolLines.summaries.withoutSessionsHistory.sessions_search);
    assert.ok(withHistory.includes(`- sessions_search: ${PROMPT_DATA.toolLines.summaries.plain.sessions_search}`));
    assert.equal(without, `- sessions_search: ${PROMPT_DATA.toolLines.summaries.withoutSessionsHistory.sessions_search}`);
  });

  it('fills every slot: no {{...}} is left in the system prompt or the messages, in any mode', () => {
    for (const mode of ['direct', 'code', 'tools', 'directory'] as const) {
      const r = buildOpenClawRequest(input({ mode }));
      const text = JSON.stringify(r.body.messages);
      assert.doesNotMatch(text, /\{\{[A-Za-z]+(:[^}]+)?\}\}/, mode);
      assert.ok(system(r.body).includes('Working directory: /agent/ws'), mode);
      assert.ok(system(r.body).includes('Current date: 2026-03-04'), mode);
      assert.ok(system(r.body).includes('Current model identity: prov/m-1.'), mode);
    }
  });

  it('keeps OpenClaw\'s envelope: key order, model id, max_completion_tokens, stream options, tools as functions', () => {
    const r = buildOpenClawRequest(input());
    assert.deepEqual(Object.keys(r.body), PROMPT_DATA.envelopeOrder);
    assert.equal(r.body.model, 'm-1');
    assert.equal(r.body.max_completion_tokens, 777);
    assert.equal(r.body.stream, true);
    assert.deepEqual(r.body.stream_options, { include_usage: true });
    assert.deepEqual((r.body.tools as { function: { name: string } }[]).map((t) => t.function.name), ['read', 'tool_search', 'exec']);
    const messages = r.body.messages as { role: string; content: unknown }[];
    // Without process or sessions_spawn OpenClaw sends no internal-context message (issue 40); with them, the sentinel's layout.
    assert.deepEqual(messages.map((m) => m.role), PROMPT_DATA.messages.roles.slice(0, 2));
    assert.match(String(messages[1]?.content), /^\[Wed 2026-03-04 05:06 UTC\] hello there\n\nRuntime: agent=main \| /);
    const withFacts = buildOpenClawRequest(input({ availableTools: ['read', 'tool_search', 'exec', 'process', 'sessions_spawn'] }));
    assert.deepEqual((withFacts.body.messages as { role: string }[]).map((m) => m.role), PROMPT_DATA.messages.roles);
  });

  it('puts the directory under its heading in Tool Search modes and none in direct mode', () => {
    const tools = system(buildOpenClawRequest(input({ directory: 'DIRECTORY-TEXT' })).body);
    assert.ok(tools.includes('### Deferred Tool Schemas\nDIRECTORY-TEXT\nThe AGENTS.md Tools section'));
    const direct = system(buildOpenClawRequest(input({ mode: 'direct', directory: 'DIRECTORY-TEXT' })).body);
    assert.ok(!direct.includes('Deferred Tool Schemas') && !direct.includes('DIRECTORY-TEXT'));
  });

  it('injects the agent workspace\'s own files, and drops the section of a file it lacks', () => {
    const files = PROMPT_DATA.bootstrapFiles.filter((f) => f.name !== 'BOOTSTRAP.md').map((f) => (f.name === 'SOUL.md' ? { ...f, content: 'MY OWN SOUL\n' } : f));
    const r = buildOpenClawRequest(input({ workspace: { dir: '/agent/ws', fresh: false, files } }));
    assert.ok(system(r.body).includes('## /agent/ws/SOUL.md\nMY OWN SOUL\n'));
    assert.ok(!system(r.body).includes('## /agent/ws/BOOTSTRAP.md'));
    assert.ok(r.unmodelled.some((n) => n.startsWith('BOOTSTRAP.md')));
  });

  it('normalizes the volatile parts the same way on both sides', () => {
    const a = buildOpenClawRequest(input({ workspace: { dir: '/a/ws', fresh: true, files: PROMPT_DATA.bootstrapFiles }, stateDir: '/a/state', openclawDir: '/a/pkg', now: new Date('2026-01-01T00:00:00Z') }));
    const b = buildOpenClawRequest(input({ workspace: { dir: '/b/other', fresh: true, files: PROMPT_DATA.bootstrapFiles }, stateDir: '/b/st', openclawDir: '/b/p', now: new Date('2027-06-30T23:59:00Z') }));
    assert.notEqual(JSON.stringify(a.body), JSON.stringify(b.body));
    assert.equal(JSON.stringify(normalizeRequest(a.body, a.volatile)), JSON.stringify(normalizeRequest(b.body, b.volatile)));
    // Not normalized: a different prompt or model stays a difference.
    const c = buildOpenClawRequest(input({ prompt: 'other words' }));
    assert.notEqual(JSON.stringify(normalizeRequest(a.body, a.volatile)), JSON.stringify(normalizeRequest(c.body, c.volatile)));
    assert.equal(normalizeText('x /a/state/y /a', { workspaceDir: '/a', stateDir: '/a/state' }), 'x <stateDir>/y <workspaceDir>');
  });

  it('reports the first difference with both sides', () => {
    assert.equal(firstDifference('same', 'same'), undefined);
    const d = firstDifference('line1\nabcXdef', 'line1\nabcYdef') ?? '';
    assert.match(d, /character 9 \(line 2/);
    assert.ok(d.includes('"line1\\nabcXdef"') && d.includes('"line1\\nabcYdef"'));
    const parts = requestParts({ model: 'a', messages: [{ role: 'system', content: 'S' }, { role: 'user', content: 'U' }], tools: [] });
    assert.equal(parts['system prompt'], 'S');
    assert.equal(parts.envelope, JSON.stringify({ keys: ['model', 'messages', 'tools'], model: 'a' }));
  });
});

describe('prompt: the workspace side', () => {
  it('reads the primary model and its entry as OpenClaw resolves it (main agent first)', () => {
    const config = {
      agents: { defaults: { model: { primary: 'p/one' } }, list: [{ id: 'main', model: 'p/two' }] },
      models: { providers: { p: { models: [{ id: 'one', contextWindow: 1000 }, { id: 'two', contextWindow: 16000, maxTokens: 512 }] } } },
    };
    assert.deepEqual(configuredModelEntry(config), { provider: 'p', model: 'two', contextWindow: 16000, maxTokens: 512, listed: true });
    // Not listed under models.providers: a bundled catalog's model, whose entry is not modelled.
    assert.deepEqual(configuredModelEntry({ agents: { defaults: { model: 'p/one' } } }), { provider: 'p', model: 'one' });
    assert.equal(configuredModelEntry({ agents: { defaults: { model: 'no-slash' } } }), undefined);
    assert.equal(configuredModelEntry('hostile'), undefined);
  });

  it('a capture keeps the workspace model\'s context window and output bound', () => {
    const config = { agents: { defaults: { model: 'p/small' } }, models: { providers: { p: { models: [{ id: 'small', contextWindow: 16000, maxTokens: 1024 }] } } } };
    const cfg = captureConfig({ config, configDir: '/ws', mode: 'directory', baseUrl: 'http://127.0.0.1:1/v1', providerId: 'p', modelId: 'small', agentWorkspace: '/scratch' }) as { models: { providers: Record<string, { models: { contextWindow: number; maxTokens: number }[] }> } };
    assert.equal(cfg.models.providers.p?.models[0]?.contextWindow, 16000);
    assert.equal(cfg.models.providers.p?.models[0]?.maxTokens, 1024);
  });

  it('a model listed without maxTokens gets OpenClaw\'s default (8192, as a real 2026.9.6 turn sent), in the prediction and in a capture\'s stand-in', () => {
    const home = scratchDir('tsi-max-tokens-');
    const listed = { agents: { defaults: { model: 'p/m' } }, models: { providers: { p: { baseUrl: 'http://127.0.0.1:9/v1', models: [{ id: 'm', contextWindow: 128000 }] } } } };
    const ctx = openclawRequestContext({ config: listed, configDir: home, env: {}, home });
    assert.equal(ctx.maxTokens, 8192);
    assert.ok(ctx.assumed.some((a) => /lists no maxTokens for m: OpenClaw's default, max_completion_tokens 8192/.test(a)), ctx.assumed.join('; '));
    // The capture leaves the entry as written, so the real turn shows OpenClaw's default too.
    const cfg = captureConfig({ config: listed, configDir: home, mode: 'tools', baseUrl: 'http://127.0.0.1:1/v1', providerId: 'p', modelId: 'm', agentWorkspace: '/scratch' }) as { models: { providers: Record<string, { models: Record<string, unknown>[] }> } };
    assert.equal(cfg.models.providers.p?.models[0]?.maxTokens, undefined);
    // A model not listed under models.providers comes from a bundled catalog: not modelled, the assumption said.
    const unlisted = openclawRequestContext({ config: { agents: { defaults: { model: 'openai/gpt-5' } } }, configDir: home, env: {}, home });
    assert.equal(unlisted.maxTokens, 4096);
    assert.ok(unlisted.assumed.some((a) => /openai\/gpt-5 is not listed under models\.providers .*4096 assumed/.test(a)), unlisted.assumed.join('; '));
  });

  it('finds the agent workspace as OpenClaw does and reads the bootstrap files in it', () => {
    assert.equal(agentWorkspaceDir({ agents: { defaults: { workspace: 'rel/ws' } } }, '/cfg', {}, '/home/u'), path.resolve('/cfg', 'rel/ws'));
    assert.equal(agentWorkspaceDir({ agents: { defaults: { workspace: '~/w' } } }, '/cfg', {}, '/home/u'), path.join('/home/u', 'w'));
    assert.equal(agentWorkspaceDir({}, '/cfg', { OPENCLAW_STATE_DIR: '/st' }, '/home/u'), path.join('/st', 'workspace'));
    assert.equal(agentWorkspaceDir({}, '/cfg', {}, '/home/u'), path.join('/home/u', '.openclaw', 'workspace'));
    const dir = scratchDir('tsi-agent-ws-');
    {
      fs.writeFileSync(path.join(dir, 'SOUL.md'), 'soul\n');
      const ws = readAgentWorkspace(dir, PROMPT_DATA.bootstrapFiles);
      assert.equal(ws.fresh, false);
      assert.deepEqual(ws.files, [{ name: 'SOUL.md', content: 'soul\n' }]);
      const fresh = readAgentWorkspace(path.join(dir, 'missing'), PROMPT_DATA.bootstrapFiles);
      assert.equal(fresh.fresh, true);
      assert.deepEqual(fresh.files.map((f) => f.name), PROMPT_DATA.bootstrapFiles.map((f) => f.name));
    }
  });
});

describe('prompt: a new agent workspace under skipBootstrap (generated edits)', () => {
  it('has OpenClaw\'s [MISSING] markers, no bootstrap or project notes, and says nothing is unmodelled about it', () => {
    const skipped = buildOpenClawRequest(input({ mode: 'direct', workspace: { dir: '/agent/ws', fresh: true, files: [], bootstrapSkipped: true } }));
    const text = system(skipped.body);
    for (const f of ['AGENTS.md', 'SOUL.md', 'IDENTITY.md']) {
      assert.ok(text.includes(`## /agent/ws/${f}\n[MISSING] Expected at: /agent/ws/${f}\n`), f);
    }
    assert.doesNotMatch(text, /## Bootstrap Pending|Reminder: commit your changes|## Conversation Context|USER\.md: durable/);
    assert.deepEqual(skipped.unmodelled.filter((u) => /agent workspace|skipBootstrap/.test(u)), []);
    // A seeded new workspace keeps them all.
    const seeded = system(buildOpenClawRequest(input({ mode: 'direct' })).body);
    assert.match(seeded, /## Bootstrap Pending/);
    assert.doesNotMatch(seeded, /\[MISSING\]/);
  });

  it('a release without measured edits says so instead of guessing', () => {
    const data = { ...PROMPT_DATA, bootstrapSkipped: undefined, modes: Object.fromEntries(Object.entries(PROMPT_DATA.modes).map(([k, m]) => [k, { ...m, bootstrapSkipped: undefined }])) };
    const r = buildWith(input({ mode: 'direct', workspace: { dir: '/agent/ws', fresh: true, files: [], bootstrapSkipped: true } }), data);
    assert.ok(r.unmodelled.some((u) => u.startsWith('a new agent workspace under skipBootstrap is not measured')), r.unmodelled.join('\n'));
  });

  it('readAgentWorkspace marks a missing folder under skipBootstrap, and only then', () => {
    const dir = path.join(scratchDir('tsi-ws-'), 'not-yet');
    assert.deepEqual(readAgentWorkspace(dir, PROMPT_DATA.bootstrapFiles, false), { dir, fresh: true, files: [], bootstrapSkipped: true });
    assert.equal(readAgentWorkspace(dir, PROMPT_DATA.bootstrapFiles, true).bootstrapSkipped, undefined);
  });
});

describe('prompt: a bundled plugin the config turns on (memory-wiki, generated)', () => {
  it('adds its skills at their place by name and its ## Compiled Wiki supplement after the memory section, for the run\'s tools', () => {
    const run = (loadedPlugins: string[], names: string[]): string =>
      system(buildOpenClawRequest(input({ mode: 'direct', tools: names.map(tool), loadedPlugins })).body);
    const on = run(['memory-wiki'], ['read', 'memory_search', 'wiki_search', 'wiki_get']);
    const names = [...on.matchAll(/<name>([^<]*)<\/name>/g)].map((m) => m[1] ?? '');
    assert.ok(names.includes('wiki-maintainer') && names.includes('obsidian-vault-maintainer'));
    assert.deepEqual(names, [...names].sort(), 'still in name order');
    assert.match(on, /\nCitations: [^\n]+\n## Compiled Wiki\nUse the wiki when [^\n]+\nPrefer `memory_search` with `corpus=all`[^\n]+\nWorkflow: `wiki_search` first, then `wiki_get`/);
    const off = run([], ['read', 'memory_search', 'wiki_search', 'wiki_get']);
    assert.doesNotMatch(off, /## Compiled Wiki|wiki-maintainer/);
  });

  it('the package\'s custodian skills are the owner agent\'s only', () => {
    const config = { agents: { list: [{ id: 'writer', default: true }, { id: 'editor' }] } };
    const prompt = PROMPT_DATA.skillsPrompt;
    assert.match(prompt, /custodian-skills\//, 'the template lists custodian skills');
    assert.match(filterSkillsPrompt(prompt, skillFilterOf(config, 'writer'), '{{openclawDir}}/').prompt, /custodian-skills\//);
    assert.doesNotMatch(filterSkillsPrompt(prompt, skillFilterOf(config, 'editor'), '{{openclawDir}}/').prompt, /custodian-skills\//);
    assert.doesNotMatch(filterSkillsPrompt(prompt, skillFilterOf({ ...config, agents: { ...config.agents, defaults: { systemAgent: { agentId: 'editor' } } } }, 'writer'), '{{openclawDir}}/').prompt, /custodian-skills\//);
  });
});

describe('prompt: a sandboxed run (generated from an SSH-sandboxed sentinel turn)', () => {
  const ssh = { backend: 'ssh', workspaceAccess: 'rw', workspaceRoot: '/srv/sandboxes' };
  it('has the Workspace and Sandbox sections of the measured sandbox and each skill at its copy in the sandbox folder', () => {
    const r = buildOpenClawRequest(input({ mode: 'direct', tools: [tool('read'), tool('exec')], sandbox: ssh }));
    const text = system(r.body);
    const workdir = `/srv/sandboxes/openclaw-ssh-workspace-${'0'.repeat(32)}/workspace`;
    assert.ok(text.includes(`## Workspace\nWorking directory: ${workdir}\nFile tools use host workspace /agent/ws.`), text.slice(text.indexOf('## Workspace'), text.indexOf('## Workspace') + 300));
    assert.match(text, /\n## Sandbox\nSandbox runtime; [^\n]+\n[^\n]+\nSandbox container workdir: \/srv\/sandboxes\/openclaw-ssh-workspace-0{32}\/workspace\n/);
    const locations = [...text.matchAll(/<location>([^<]*)<\/location>/g)].map((m) => m[1] ?? '');
    assert.ok(locations.length > 0 && locations.every((l) => l.startsWith(`${workdir}/.openclaw/sandbox-skills/skills/`)), locations.join('\n'));
    assert.deepEqual(r.unmodelled.filter((u) => /sandbox/i.test(u)), []);
  });

  it('another backend or workspace access is said, not guessed', () => {
    for (const sandbox of [{ backend: 'docker', workspaceAccess: 'rw' }, { ...ssh, workspaceAccess: 'ro' }, { backend: 'ssh', workspaceAccess: 'rw' }]) {
      const r = buildOpenClawRequest(input({ mode: 'direct', tools: [tool('read')], sandbox }));
      assert.doesNotMatch(system(r.body), /## Sandbox\n/);
      assert.ok(r.unmodelled.some((u) => u.startsWith('a sandboxed run (backend')), JSON.stringify(sandbox));
    }
  });

  it('sandboxRunOf reads the agent\'s sandbox over the defaults\', sandboxed when its mode is all or the caller says so', () => {
    const config = { agents: { defaults: { sandbox: { mode: 'off', backend: 'ssh', ssh: { workspaceRoot: '/d' } } }, list: [{ id: 'ops', sandbox: { mode: 'all', workspaceAccess: 'rw' } }, { id: 'chat' }] } };
    assert.deepEqual(sandboxRunOf(config, 'ops'), { backend: 'ssh', workspaceAccess: 'rw', workspaceRoot: '/d' });
    assert.equal(sandboxRunOf(config, 'chat'), undefined);
    assert.deepEqual(sandboxRunOf(config, 'chat', true), { backend: 'ssh', workspaceAccess: 'none', workspaceRoot: '/d' });
    assert.equal(sandboxRunOf(config, 'ops', false), undefined);
  });
});
