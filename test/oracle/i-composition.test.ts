// (i) composition: whole runs. For generated configs, OpenClaw's own
// composition of a local operator turn (default agent, sandbox status, the
// run's capability profile with its plugin metadata, createOpenClawCodingTools
// with its policy pipeline, MCP materialisation from listings,
// applyToolSearchCatalog) against the product's catalog of the same config:
// per tool present or not, searchable, sent up front. Nothing is excused:
// the core and bundled-plugin tables are generated from the package, and
// the plugin-tool allow-list gate is modelled exactly.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { diffCompositions, openclawComposition, ourCatalogFor, ourComposition, type CompositionCase } from '../../src/core/oracle/diffComposition';
import { parseJson5 } from '../../src/core/config/json5Document';
import { differential, oracle } from './harness';
import { compositionCase, pluginGateCase } from './arbitraries';

describe('oracle (i): composition of a run', () => {
  let dir = '';
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-composition-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const compare = async (c: CompositionCase) => {
    const { oracle: o, openclaw } = await oracle();
    const ours = await ourCatalogFor(c, dir, openclaw.model.version);
    const theirs = await openclawComposition(o, c);
    return diffCompositions(ourComposition(ours.catalog, ours.refused), theirs, JSON.stringify(c.config).slice(0, 300));
  };

  it('builds the same tools as OpenClaw for an empty config (computer, intent, message, transcripts included)', async () => {
    assert.deepEqual(await compare({ config: {}, session: 'main', mcpListings: {} }), []);
  });

  it('builds the MCP prompt and resource tools OpenClaw adds for servers that offer them, names, filters and collisions alike', async () => {
    const { oracle: o } = await oracle();
    const c: CompositionCase = {
      config: { mcp: { servers: { gh: { command: 'node', args: ['s.js'] }, docs: { command: 'node', args: ['d.js'], toolFilter: { exclude: ['prompts_get'] } } } } },
      session: 'main',
      mcpListings: { gh: [{ name: 'resources_list', inputSchema: { type: 'object' } }, { name: 'search', inputSchema: { type: 'object' } }], docs: [] },
      mcpCapabilities: { gh: { resources: true, prompts: true }, docs: { prompts: true } },
    };
    const theirs = await openclawComposition(o, c);
    const names = [...theirs.tools.keys()].filter((n) => n.startsWith('gh__') || n.startsWith('docs__')).sort();
    assert.deepEqual(names, ['docs__prompts_list', 'gh__prompts_get', 'gh__prompts_list', 'gh__resources_list', 'gh__resources_list-2', 'gh__resources_read', 'gh__search']);
    assert.deepEqual(await compare(c), []);
  });

  // Issue 27's walk-through as a test: public configs with several agents (a default one, or the only one) and sandboxes,
  // as their authors wrote them, for the agent OpenClaw runs when none is asked for, main and other sessions.
  for (const name of ['ampler-sandboxed-agents', 'bestia-agents', 'multi-agent-feishu', 'bluewasabe-jarvis', 'beko-secure-claw', 'alexlee-backup']) {
    it(`builds the same tools as OpenClaw for the real config ${name} (default agent, main and sandboxed sessions)`, async () => {
      const file = path.join(__dirname, '..', 'fixtures', 'real-configs', `${name}.openclaw.json`);
      const config = parseJson5(file, fs.readFileSync(file, 'utf8')).value as Record<string, unknown>;
      const servers = Object.keys(((config.mcp as { servers?: Record<string, unknown> } | undefined)?.servers) ?? {});
      for (const session of ['main', 'other'] as const) {
        const ds = await compare({ config, session, mcpListings: Object.fromEntries(servers.map((s) => [s, []])) });
        assert.deepEqual(ds.filter((d) => !d.known), [], `${name}, ${session} session`);
      }
    });
  }

  it('builds the same tools, searchable and visible alike, for generated configs', async () => {
    await differential(compositionCase, compare);
  });

  it('builds a bundled plugin tool exactly when OpenClaw\'s plugin-tool allow-list gate lets it (profiles, allow and alsoAllow with core groups)', async () => {
    // Each failed before the gate followed createPluginToolAllowlist over collectExplicitAllowlist.
    const seen: CompositionCase['config'][] = [
      { agents: { list: [{ id: 'main', tools: { allow: ['exec'], alsoAllow: ['group:ui'] } }] }, tools: { profile: 'minimal' } },
      { tools: { profile: 'messaging', allow: ['group:ui', 'group:fs', 'canvas'] }, agents: { list: [{ id: 'main', tools: { allow: ['group:ui', 'memory_search'], alsoAllow: [' group:UI ', 'read'] } }] } },
      { tools: { profile: 'nope', allow: ['group:web'], alsoAllow: ['file_*', 'group:ui', 'browser'] }, agents: { list: [{ id: 'main', tools: { profile: 'nope', allow: [], alsoAllow: ['intent', 'group:web', 'file-transfer'] } }] } },
      { tools: { profile: 'coding' } },
    ];
    for (const config of seen) {
      assert.deepEqual(await compare({ config, session: 'main', mcpListings: {} }), [], JSON.stringify(config));
    }
    await differential(pluginGateCase, compare);
  });
});
