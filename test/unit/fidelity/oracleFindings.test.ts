import * as assert from 'node:assert/strict';
import { parseOpenClawConfig } from '../../../src/core/config/openclawConfig';
import { clientToolConflicts, buildSurface } from '../../../src/core/modes/surface';
import { catalogOf, type CatalogSpec } from '../../../src/core/oracle/oracleCatalog';
import { modelFor } from '../../../src/core/policy/openclawVersions';
import { ToolPolicy } from '../../../src/core/policy/policyEngine';
import { compactHit } from '../../../src/core/search/compactHit';
import { toolReasonText } from '../../../src/core/reasons';
import { ToolIndex } from '../../../src/core/search/toolIndex';

// Behaviours the differential suites against the real OpenClaw 2026.9.6
// (npm run test:oracle) found the product getting wrong; each row would fail
// on the code before the fix, and cites the OpenClaw symbol it follows.

interface Row {
  behaviour: string;
  openclaw: string;
  check: () => void | Promise<void>;
}

const empty: CatalogSpec = { core: [], plugins: [], mcp: [], client: [] };
const schema = { type: 'object' as const, properties: {} };

const rows: Row[] = [
  {
    behaviour: "an MCP tool's compact sourceName is its server's provider-safe name; the id keeps the raw server name",
    openclaw: 'tool-search-catalog.ts classifyTool (sourceName: mcp.safeServerName)',
    check: async () => {
      const catalog = await catalogOf({ ...empty, mcp: [{ server: 'vigil:harbor', tools: [{ name: 'ability', inputSchema: schema }] }] });
      const tool = catalog.get('mcp:vigil:harbor:ability');
      assert.ok(tool);
      assert.equal(tool.name, 'vigil-harbor__ability');
      assert.equal(tool.sourceName, 'vigil:harbor');
      assert.equal(compactHit(tool, 0).sourceName, 'vigil-harbor');
    },
  },
  {
    behaviour: 'client tool names are trimmed before the conflict check: " github__ability " clashes with the MCP tool',
    openclaw: 'agent-tool-definition-adapter.ts findClientToolNameConflicts',
    check: async () => {
      const catalog = await catalogOf({
        ...empty,
        mcp: [{ server: 'github', tools: [{ name: 'ability', inputSchema: schema }] }],
        client: [{ name: ' github__ability ', description: 'x' }],
      });
      assert.deepEqual(clientToolConflicts(catalog).map((c) => c.name), ['github__ability']);
    },
  },
  {
    behaviour: 'two client tools with one (normalized) name both conflict',
    openclaw: 'agent-tool-definition-adapter.ts findClientToolNameConflicts (seenClientNames)',
    check: async () => {
      const same = await catalogOf({ ...empty, client: [{ name: 'ability', description: 'a' }, { name: 'ability', description: 'b' }] });
      assert.deepEqual(clientToolConflicts(same).map((c) => c.name), ['ability']);
      assert.equal(same.allowed.length, 0);
      const alias = await catalogOf({ ...empty, client: [{ name: 'bash', description: 'a' }, { name: 'exec', description: 'b' }] });
      assert.deepEqual(clientToolConflicts(alias).map((c) => c.name).sort(), ['bash', 'exec']);
    },
  },
  {
    behaviour: 'a core name and its 2026.9.6 alias conflict for client tools even without a policy (cron is read as automations)',
    openclaw: 'tool-policy-shared.ts normalizeToolPolicyName',
    check: async () => {
      const catalog = await catalogOf({ ...empty, core: [{ name: 'cron', description: 'cron' }], client: [{ name: 'automations', description: 'x' }] });
      assert.deepEqual(clientToolConflicts(catalog).map((c) => c.name), ['automations']);
    },
  },
  {
    behaviour: "an agent's unknown profile still replaces the global profile, and then restricts nothing",
    openclaw: 'agent-tools.policy.ts resolveEffectiveToolPolicy (agent profile ?? global), resolveToolProfilePolicy (unknown -> none)',
    check: () => {
      const loaded = parseOpenClawConfig('openclaw.json', JSON.stringify({ tools: { profile: 'minimal' }, agents: { list: [{ id: 'main', tools: { profile: 'bogus' } }] } }));
      const policy = ToolPolicy.fromConfig(loaded.reader, { agent: 'main' }, undefined, modelFor('2026.9.6'));
      assert.equal(policy.evaluate({ name: 'x_search', source: 'openclaw', owner: 'core', groups: [], id: 'openclaw:core:x_search' }).allowed, true);
      assert.ok(!policy.layers.some((l) => l.kind === 'profile'));
    },
  },
  {
    behaviour: '2026.9.6 keeps core coding tools visible while searchable, and in a local operator turn not the reply tool; the directory lists neither',
    openclaw: 'tool-search-catalog.ts isDirectVisibleCatalogTool, core-tool-factory-descriptors.ts isCoreCodingSurfaceToolName',
    check: async () => {
      const spec: CatalogSpec = { ...empty, core: ['process', 'message', 'web_search'].map((name) => ({ name, description: `${name} tool`, parameters: schema })) };
      const catalog = await catalogOf(spec);
      // `message` joins OpenClaw's directToolNames only when it is a channel run's reply path; the generated turn is local.
      assert.deepEqual(catalog.cataloged.filter((t) => t.directVisible).map((t) => t.name), ['process']);
      const index = ToolIndex.fromCatalog(catalog);
      assert.equal(index.search('process').hits[0]?.id, 'openclaw:core:process');
      assert.equal(index.search('message').hits[0]?.id, 'openclaw:core:message');
      const tools = buildSurface({ catalog, mode: 'tools' });
      // Sorted by name, as OpenClaw sends the array.
      assert.deepEqual(tools.tools.map((t) => t.name), ['process', 'tool_call', 'tool_describe', 'tool_search']);
      const directory = buildSurface({ catalog, mode: 'directory' }).directory?.text ?? '';
      assert.match(directory, /^- web_search \(core\): web_search tool$/m);
      assert.match(directory, /^- message \(core\)/m);
      assert.doesNotMatch(directory, /- process \(core\)/);
      // The seed's version keeps the reply tool direct-only and nothing else visible.
      const seed = await catalogOf(spec, undefined, undefined, modelFor('2026.1.30'));
      assert.equal(seed.get('openclaw:core:message')?.status, 'direct-only');
      assert.ok(!seed.tools.some((t) => t.directVisible));
    },
  },
  {
    behaviour: 'an exact model-facing name resolves even when an MCP raw name is the same (the loose match never makes it ambiguous)',
    openclaw: 'tool-search-runtime.ts findEntry (exact id, then exact name)',
    check: async () => {
      const catalog = await catalogOf({ ...empty, core: [{ name: 'cron', description: 'cron' }], mcp: [{ server: 'github', tools: [{ name: 'cron', inputSchema: schema }] }] });
      const index = ToolIndex.fromCatalog(catalog);
      assert.equal(index.describe('cron').id, 'openclaw:core:cron');
      assert.equal(index.describe('github__cron').id, 'mcp:github:cron');
    },
  },
  {
    behaviour: 'an empty id is an unknown one: "Unknown tool id: ." with three suggestions (every id contains the empty needle)',
    openclaw: 'tool-search-recovery.ts formatUnknownToolIdError',
    check: async () => {
      const catalog = await catalogOf({ ...empty, plugins: [{ id: 'p', tools: ['delta', 'alpha', 'charlie', 'bravo'].map((name) => ({ name, description: name })) }] });
      assert.throws(() => ToolIndex.fromCatalog(catalog).describe(''), (e: Error) => e.message === 'Unknown tool id: . Did you mean: alpha, bravo, charlie?');
    },
  },
  {
    behaviour: 'a first-party tool named message is the reply tool only where the run replies through it (the seed version); an MCP lookalike never is',
    openclaw: 'tool-search-catalog.ts isDirectVisibleCatalogTool (directToolNames)',
    check: async () => {
      const catalog = await catalogOf({ ...empty, plugins: [{ id: 'chat', tools: [{ name: 'message', description: 'send' }] }] });
      // 2026.9.6's generated local operator turn adds nothing to directToolNames.
      assert.equal(catalog.get('openclaw:chat:message')?.directVisible, undefined);
      const mcp = await catalogOf({ ...empty, mcp: [{ server: 'chat', tools: [{ name: 'message', inputSchema: schema }] }] });
      assert.ok(!mcp.tools.some((t) => t.directVisible), 'an MCP lookalike never becomes the reply tool');
    },
  },
  {
    behaviour: "a tool named like a Tool Search control tool is never cataloged",
    openclaw: 'tool-search-catalog.ts shouldCatalogTool (TOOL_SEARCH_CONTROL_TOOL_NAMES)',
    check: async () => {
      const catalog = await catalogOf({ ...empty, plugins: [{ id: 'fake-plugin', tools: [{ name: 'tool_search', description: 'x', parameters: schema }] }] });
      const t = catalog.get('openclaw:fake-plugin:tool_search');
      assert.equal(t?.status, 'excluded');
      assert.equal(t?.reason?.kind, 'not-admitted');
      assert.match(t ? toolReasonText(t) ?? '' : '', /control tool/);
    },
  },
  {
    behaviour: 'a sandbox deny that covers image covers view_image too, so the implicit view_image allow does not apply',
    openclaw: 'sandbox/tool-policy.ts expandResolvedPolicy (image deny adds view_image)',
    check: () => {
      const loaded = parseOpenClawConfig('openclaw.json', JSON.stringify({ tools: { sandbox: { tools: { deny: ['image'] } } } }));
      const policy = ToolPolicy.fromConfig(loaded.reader, { sandboxed: true }, undefined, modelFor('2026.9.6'));
      const viewImage = { name: 'view_image', source: 'openclaw' as const, owner: 'core', groups: [], id: 'openclaw:core:view_image' };
      assert.equal(policy.evaluate(viewImage).allowed, false);
      const open = ToolPolicy.fromConfig(parseOpenClawConfig('openclaw.json', '{}').reader, { sandboxed: true }, undefined, modelFor('2026.9.6'));
      assert.equal(open.evaluate(viewImage).allowed, true, 'without the image deny the default allow list gains view_image');
    },
  },
  {
    behaviour: 'a name in another letter case finds the model-facing name before any MCP raw name (ours is case-insensitive; OpenClaw says unknown)',
    openclaw: 'tool-search-runtime.ts findEntry (exact id, then unique name); our documented lookup-case-insensitive difference',
    check: async () => {
      const catalog = await catalogOf({
        ...empty,
        core: [{ name: 'process', description: 'Manage processes', parameters: schema }],
        mcp: [{ server: 'ability', tools: [{ name: 'process', inputSchema: schema }] }],
      });
      assert.equal(ToolIndex.fromCatalog(catalog).describe('PROCESS').id, 'openclaw:core:process');
    },
  },
];

describe('fidelity: findings of the differential suites against OpenClaw 2026.9.6', () => {
  for (const r of rows) {
    it(`${r.behaviour} [${r.openclaw}]`, r.check);
  }
});
