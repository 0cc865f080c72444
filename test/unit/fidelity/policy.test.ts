import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseOpenClawConfig } from '../../../src/core/config/openclawConfig';
import { explainTool } from '../../../src/core/explain/explain';
import { groupsOfCoreTool } from '../../../src/core/policy/groups';
import { modelFor, resolveModelledVersion, type OpenClawModel } from '../../../src/core/policy/openclawVersions';
import { ToolPolicy } from '../../../src/core/policy/policyEngine';
import type { PolicySubject } from '../../../src/core/policy/toolPattern';
import { OpenWorkspace } from '../../../src/core/workspace';
import { scratchDir } from '../../helpers/scratch';
import { toolReasonText } from '../../../src/core/reasons';
import type { CatalogTool } from '../../../src/core/types';

const reasonOf = (t: CatalogTool | undefined): string => (t ? toolReasonText(t) ?? '' : '');

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'openclaw-policy');

interface Case {
  id: string;
  cfg: unknown;
  agent?: string;
  provider?: string;
  model?: string;
  sandboxed?: boolean;
}
interface FixtureTool {
  name: string;
  plugin?: string;
}

const { tools, cases } = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'cases.json'), 'utf8')) as { tools: FixtureTool[]; cases: Case[] };
// Recorded from OpenClaw 2026.9.6's own pipeline by test/fixtures/openclaw-policy/record.mjs, not from this product.
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'expected-2026.9.6.json'), 'utf8')) as Record<string, string[]>;

function subject(t: FixtureTool, model: OpenClawModel): PolicySubject {
  if (t.plugin === 'bundle-mcp') {
    const [server = '', tool = ''] = t.name.split('__');
    return { name: t.name, source: 'mcp', owner: server, groups: [], id: `mcp:${server}:${tool}` };
  }
  if (t.plugin) {
    return { name: t.name, source: 'openclaw', owner: t.plugin, groups: [], id: `openclaw:${t.plugin}:${t.name}` };
  }
  return { name: t.name, source: 'openclaw', owner: 'core', groups: groupsOfCoreTool(t.name, model), id: `openclaw:core:${t.name}` };
}

function kept(cfg: unknown, ctx: { agent?: string; provider?: string; sandboxed?: boolean }, model: OpenClawModel, names: readonly FixtureTool[] = tools): string[] {
  const doc = parseOpenClawConfig('openclaw.json', JSON.stringify(cfg));
  const policy = ToolPolicy.fromConfig(doc.reader, { ...ctx, sandboxed: ctx.sandboxed ?? false }, undefined, model);
  return names.filter((t) => policy.evaluate(subject(t, model)).allowed).map((t) => t.name);
}

const V9 = modelFor('2026.9.6') as OpenClawModel;
const SEED = modelFor('2026.1.30') as OpenClawModel;

/** Which OpenClaw symbol each recorded case exercises. */
const FOLLOWS: Record<string, string> = {
  'deny-bash-alias': 'tool-policy-shared.ts normalizeToolPolicyName (TOOL_NAME_ALIASES bash -> exec)',
  'deny-Bash-case-trim': 'tool-policy-shared.ts normalizeToolPolicyName (trim, lower-case)',
  'allow-apply-patch-alias': 'tool-policy-shared.ts TOOL_NAME_ALIASES (apply-patch -> apply_patch)',
  'allow-exec-only': 'tool-policy-match.ts createToolPolicyMatcher (2026.9.6: exec no longer admits apply_patch)',
  'allow-write-only': 'tool-policy-match.ts createToolPolicyMatcher (write admits apply_patch)',
  'cron-alias': 'tool-policy-shared.ts TOOL_NAME_ALIASES (cron -> automations)',
  'plugin-id-deny': 'tool-policy.ts expandPolicyWithPluginGroups (a plugin id stands for its tools)',
  'plugin-id-allow': 'tool-policy.ts expandPolicyWithPluginGroups',
  'group-plugins': 'tool-policy.ts expandPluginGroups (group:plugins, MCP tools included as plugin bundle-mcp)',
  'bundle-mcp-deny': 'tool-policy.ts buildPluginToolGroups (pluginId bundle-mcp)',
  'profile-coding': 'tool-catalog.ts resolveCoreToolProfilePolicy (coding)',
  'profile-messaging': 'tool-catalog.ts resolveCoreToolProfilePolicy (messaging)',
  'profile-minimal': 'tool-catalog.ts resolveCoreToolProfilePolicy (minimal)',
  'profile-coding-alsoAllow': 'tool-policy.ts mergeAlsoAllowPolicy',
  'agent-profile-replaces': 'agent-tools.policy.ts resolveEffectiveToolPolicy (agent profile ?? global profile)',
  'agent-alsoAllow-replaces': 'agent-tools.policy.ts resolveEffectiveToolPolicy (profileAlsoAllow: agent ?? global)',
  'agent-lists-layer': 'tool-policy-pipeline.ts buildDefaultToolPolicyPipelineSteps (global and agent lists are separate steps)',
  'global-alsoAllow-only': 'sandbox-tool-policy.ts pickSandboxToolPolicy (alsoAllow alone is "*" plus extras)',
  'provider-profile': 'agent-tools.policy.ts resolveEffectiveToolPolicy (providerProfile from byProvider)',
  'provider-key-case': 'provider-tool-policy.ts resolveProviderToolPolicyEntry (trimmed, lower-case keys)',
  'provider-model-wins': 'provider-tool-policy.ts resolveProviderToolPolicyEntry (provider/model before provider)',
  'agent-byProvider': 'tool-policy-pipeline.ts buildDefaultToolPolicyPipelineSteps (agent byProvider step)',
  'sandbox-default': 'sandbox/tool-policy.ts resolveSandboxToolPolicyForAgent (DEFAULT_TOOL_ALLOW / DEFAULT_TOOL_DENY)',
  'sandbox-deny-only': 'sandbox/tool-policy.ts resolveSandboxToolPolicyForAgent (allow falls back to the default)',
  'sandbox-allow-lifts-default-deny': 'sandbox/tool-policy.ts filterDefaultDenyForExplicitAllows',
  'sandbox-alsoAllow': 'sandbox/tool-policy.ts mergeAllowlist',
  'sandbox-empty-allow': 'sandbox/tool-policy.ts mergeAllowlist (an empty allow list allows all but the default deny)',
  'sandbox-agent-overrides': 'sandbox/tool-policy.ts pickConfiguredList (agent before global)',
  glob: 'glob-pattern.ts compileGlobPatterns (normalized patterns)',
  'group-fs': 'tool-policy-shared.ts expandToolGroups (CORE_TOOL_GROUPS)',
};

describe('fidelity: policy (OpenClaw 2026.9.6, recorded from its own pipeline)', () => {
  it('every recorded case names the OpenClaw symbol it follows', () => {
    assert.deepEqual(cases.map((c) => c.id).filter((id) => !FOLLOWS[id]), []);
  });
  for (const c of cases) {
    it(`${c.id}: ${FOLLOWS[c.id] ?? '?'}`, () => {
      const ctx = { agent: c.agent, provider: c.provider ? `${c.provider}${c.model ? `/${c.model}` : ''}` : undefined, sandboxed: c.sandboxed };
      assert.deepEqual(kept(c.cfg, ctx, V9), expected[c.id]);
    });
  }
});

interface SeedRow {
  behaviour: string;
  follows: string;
  cfg: unknown;
  ctx?: { agent?: string; sandboxed?: boolean };
  allowed: string[];
  denied: string[];
}

const core = (...names: string[]): FixtureTool[] => names.map((name) => ({ name }));

/** The seed's tables (OpenClaw 2026.1.30 source, hand-checked). */
const SEED_ROWS: SeedRow[] = [
  {
    behaviour: 'an allow list that admits exec also admits apply_patch',
    follows: 'pi-tools.policy.js makeToolPolicyMatcher',
    cfg: { tools: { allow: ['exec'] } },
    allowed: ['exec', 'apply_patch'],
    denied: ['write', 'read'],
  },
  {
    behaviour: 'coding = group:fs, group:runtime, group:sessions, group:memory, image',
    follows: 'tool-policy.js TOOL_PROFILES.coding',
    cfg: { tools: { profile: 'coding' } },
    allowed: ['read', 'apply_patch', 'exec', 'process', 'sessions_spawn', 'session_status', 'memory_get', 'image'],
    denied: ['web_search', 'web_fetch', 'cron', 'message', 'browser', 'gateway'],
  },
  {
    behaviour: 'messaging = group:messaging, sessions_list/history/send, session_status',
    follows: 'tool-policy.js TOOL_PROFILES.messaging',
    cfg: { tools: { profile: 'messaging' } },
    allowed: ['message', 'sessions_list', 'sessions_history', 'sessions_send', 'session_status'],
    denied: ['sessions_spawn', 'read', 'exec'],
  },
  {
    behaviour: 'a sandboxed run with no sandbox lists keeps the default allow list, without cron or messaging',
    follows: 'sandbox/constants.js DEFAULT_TOOL_ALLOW, DEFAULT_TOOL_DENY',
    cfg: {},
    ctx: { sandboxed: true },
    allowed: ['exec', 'process', 'read', 'write', 'edit', 'apply_patch', 'image', 'sessions_spawn', 'session_status'],
    denied: ['cron', 'gateway', 'browser', 'message', 'memory_search', 'web_search'],
  },
  {
    behaviour: 'bash is exec: tools.deny ["bash"] removes exec',
    follows: 'tool-policy.js normalizeToolName (TOOL_NAME_ALIASES)',
    cfg: { tools: { deny: ['bash'] } },
    allowed: ['read'],
    denied: ['exec'],
  },
];

describe('fidelity: policy (the seed tables, OpenClaw 2026.1.30)', () => {
  for (const r of SEED_ROWS) {
    it(`${r.behaviour} (${r.follows})`, () => {
      const names = core(...r.allowed, ...r.denied);
      assert.deepEqual(kept(r.cfg, r.ctx ?? {}, SEED, names), r.allowed);
    });
  }

  it('an allow list naming only plugin tools is ignored, so core tools stay (tool-policy.js stripPluginOnlyAllowlist)', () => {
    const names: FixtureTool[] = [{ name: 'read' }, { name: 'notes_search', plugin: 'notes' }];
    assert.deepEqual(kept({ tools: { allow: ['notes'] } }, {}, SEED, names), ['read', 'notes_search']);
    // 2026.9.6 keeps such a list (applyToolPolicyPipeline only warns).
    assert.deepEqual(kept({ tools: { allow: ['notes'] } }, {}, V9, names), ['notes_search']);
  });

  it('a client tool Bash conflicts with exec (normalizeToolPolicyName in conflict checks)', async () => {
    const dir = scratchDir('tsi-fid-');
    try {
      fs.mkdirSync(path.join(dir, '.openclaw'));
      fs.writeFileSync(path.join(dir, '.openclaw', 'client-tools.json'), JSON.stringify([{ name: 'Bash', description: 'run', parameters: { type: 'object' } }]));
      const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, liveMcp: () => undefined });
      const catalog = await ws.buildCatalog();
      const bash = catalog.tools.find((t) => t.source === 'client' && t.name === 'Bash');
      assert.equal(bash?.status, 'excluded');
      assert.deepEqual(bash?.reason, { kind: 'client-conflict', with: 'openclaw:core:exec', at: { file: '.openclaw/client-tools.json', line: 1, column: 2 }, withAt: { builtIn: 'OpenClaw core tool "exec"' } });
      assert.match(reasonOf(bash), /client tool name conflict: Bash \(also openclaw:core:exec\)/);
      await ws.dispose();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('fidelity: explain names the cause and the fix', () => {
  let dir: string;
  beforeEach(() => {
    dir = scratchDir('tsi-fid-');
    fs.mkdirSync(path.join(dir, 'snap'));
    fs.writeFileSync(path.join(dir, 'snap', 'tools.json'), JSON.stringify({ tools: [{ name: 'create_event', description: 'Create a calendar event', inputSchema: { type: 'object' } }] }));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function explain(config: string, query: string, extra: Partial<ConstructorParameters<typeof OpenWorkspace>[0]> = {}) {
    fs.writeFileSync(path.join(dir, 'openclaw.json'), config);
    const ws = new OpenWorkspace({
      workspace: dir,
      noUserConfig: true,
      env: {},
      liveMcp: () => undefined,
      snapshots: [{ name: 'calendar', path: path.join(dir, 'snap', 'tools.json') }],
      ...extra,
    });
    const catalog = await ws.buildCatalog();
    await ws.dispose();
    return explainTool(catalog, query);
  }

  it('an MCP tool removed by the default sandbox lists: the default is the rule, the fix is tools.sandbox.tools.allow', async () => {
    const e = await explain('{ tools: { toolSearch: true } }', 'calendar__create_event', { policy: { sandboxed: true } });
    const m = e.matches[0];
    assert.equal(m?.status, 'excluded');
    assert.match(m?.reason ?? '', /not in OpenClaw 2026\.9\.6's default sandbox allow list/);
    assert.ok(m?.decisions.some((d) => d.layer === 'tools.sandbox.tools.allow' && d.effect === 'deny' && /default sandbox allow list/.test(d.rule)));
    assert.match(m?.hint ?? '', /add it to tools\.sandbox\.tools\.allow/);
  });

  it('exec removed through the bash alias: the rule says so, with file and line, and the fix removes "bash"', async () => {
    const e = await explain('{\n  tools: {\n    deny: ["bash"],\n  },\n}', 'exec');
    const m = e.matches[0];
    assert.equal(m?.status, 'excluded');
    assert.deepEqual(m?.decisions[0], { layer: 'tools.deny', rule: 'deny "bash" (OpenClaw reads "bash" as "exec")', effect: 'deny', file: 'openclaw.json', line: 3, column: 12, path: ['tools', 'deny', 0] });
    assert.match(m?.hint ?? '', /remove "bash" from tools\.deny \(openclaw\.json:3\)/);
  });

  it('a tool removed by an agent profile: names the agent profile, the global profile it replaces, and the fix', async () => {
    const config = '{\n  tools: { profile: "coding" },\n  agents: { list: [\n    { id: "support", tools: { profile: "messaging" } },\n  ] },\n}';
    const e = await explain(config, 'read', { policy: { agent: 'support' } });
    const m = e.matches[0];
    assert.equal(m?.status, 'excluded');
    assert.match(m?.reason ?? '', /not in profile "messaging" as OpenClaw 2026\.9\.6 defines it, set by agents\.list\[0\]\.tools\.profile/);
    assert.match(m?.reason ?? '', /replaces the global profile "coding" \(openclaw\.json:2\)/);
    assert.match(m?.hint ?? '', /alsoAllow/);
    // ... and message, which the global coding profile lacks, is kept: the agent profile replaces it.
    const msg = (await explain(config, 'message', { policy: { agent: 'support' } })).matches[0];
    assert.notEqual(msg?.status, 'excluded');
  });

  it('--openclaw-version switches the coding profile between versions, and explain says why', async () => {
    const config = '{ tools: { profile: "coding", toolSearch: true } }';
    const old = await explain(config, 'web_search', { openclawVersion: '2026.1.30' });
    assert.equal(old.matches[0]?.status, 'excluded');
    assert.match(old.matches[0]?.reason ?? '', /not in profile "coding" as OpenClaw 2026\.1\.30 defines it/);
    assert.match(old.openclawVersion ?? '', /OpenClaw 2026\.1\.30/);
    const now = await explain(config, 'web_search', { openclawVersion: '2026.9.6' });
    assert.equal(now.matches[0]?.status, 'cataloged');
    assert.ok(now.matches[0]?.decisions.some((d) => d.rule === 'profile "coding" of OpenClaw 2026.9.6 includes "web_search"'));
    assert.match(now.openclawVersion ?? '', /OpenClaw 2026\.9\.6 \(chosen by --openclaw-version/);
  });

  it('explain does not say "indexed for search" when Tool Search is off', async () => {
    const e = await explain('{ tools: { toolSearch: false } }', 'read');
    assert.equal(e.matches[0]?.status, 'cataloged');
    assert.doesNotMatch(e.matches[0]?.reason ?? '', /indexed for search/);
    assert.match(e.matches[0]?.reason ?? '', /Tool Search is off/);
  });
});

describe('fidelity: the modelled version', () => {
  it('comes from meta.lastTouchedVersion, and an override wins', () => {
    assert.equal(resolveModelledVersion({ configVersion: '2026.9.6' }).model.version, '2026.9.6');
    assert.equal(resolveModelledVersion({ configVersion: '2026.9.6', override: '2026.1.30' }).model.version, '2026.1.30');
    assert.equal(resolveModelledVersion({}).source, 'default');
  });

  it('a version between epochs is modelled by the epoch it belongs to, and says so', () => {
    const v = resolveModelledVersion({ configVersion: '2026.7.1' });
    assert.equal(v.model.version, '2026.6.10');
    assert.match(v.describe, /OpenClaw 2026\.7\.1 as 2026\.6\.10 \(not measured itself/);
    assert.equal(v.requested, '2026.7.1');
  });
});

describe('shipped name families (2026.9.6 expandShippedCoreToolPolicyNames, generated table)', () => {
  const family: FixtureTool[] = [{ name: 'canvas', plugin: 'canvas' }, { name: 'show_widget' }, { name: 'progress_card' }, { name: 'read' }];
  it('the table is generated from the package: canvas names show_widget, update_plan names progress_card', () => {
    assert.deepEqual(V9.policyNameFamilies, { canvas: ['show_widget'] });
    assert.deepEqual(V9.policyNameRenames, { update_plan: 'progress_card' });
  });
  it('a deny of canvas also denies show_widget; an allow of update_plan admits progress_card', () => {
    assert.deepEqual(kept({ tools: { deny: ['canvas'] } }, {}, V9, family), ['progress_card', 'read']);
    assert.deepEqual(kept({ tools: { allow: ['update_plan', 'read'] } }, {}, V9, family), ['progress_card', 'read']);
    assert.deepEqual(kept({ tools: { allow: ['Canvas'] } }, {}, V9, family), ['canvas', 'show_widget']);
    // Only exact entries expand: a glob is matched as written.
    assert.deepEqual(kept({ tools: { deny: ['canv*'] } }, {}, V9, family), ['show_widget', 'progress_card', 'read']);
  });
});
