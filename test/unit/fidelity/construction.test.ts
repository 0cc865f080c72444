import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { explainTool } from '../../../src/core/explain/explain';
import { modelFor, type OpenClawModel } from '../../../src/core/policy/openclawVersions';
import { toolReasonText } from '../../../src/core/reasons';
import { OpenWorkspace } from '../../../src/core/workspace';
import { knownConditionIds } from '../../../src/core/sources/generatedTools';
import { scratchDir } from '../../helpers/scratch';

const V9 = modelFor('2026.9.6') as OpenClawModel;

/** A workspace whose config is `text` as written (lines matter: reasons point at them). */
async function open(text: string) {
  const dir = scratchDir('construction-');
  const file = path.join(dir, 'openclaw.json');
  fs.writeFileSync(file, text);
  const ws = new OpenWorkspace({ workspace: dir, configPath: file, noUserConfig: true, env: {}, liveMcp: () => undefined, openclawVersion: '2026.9.6' });
  const catalog = await ws.buildCatalog();
  await ws.dispose();
  const tool = (name: string) => catalog.tools.find((t) => t.name === name);
  return { catalog, tool, reason: (name: string) => { const t = tool(name); return t ? toolReasonText(t) ?? '' : ''; } };
}

describe('switches outside the tool policy (issue 27, cause 2; generated from 2026.9.6)', () => {
  it('the tables come from the package: web switches and the bundled plugins that own canvas, browser, memory_*', () => {
    assert.deepEqual(V9.constructionSwitches.map((s) => [s.path.join('.'), s.removes]), [['tools.web.search.enabled', ['web_search']], ['tools.web.fetch.enabled', ['web_fetch']]]);
    assert.deepEqual([V9.bundledPluginTools.canvas?.tools, V9.bundledPluginTools.browser?.tools], [['canvas'], ['browser']]);
    assert.ok(V9.bundledPluginTools['memory-core']?.tools.includes('memory_search'));
    assert.equal(V9.defaultMemorySlot, 'memory-core');
  });

  it('experimental.localModelLean (generated from the package\'s own filter): automations and browser are not built, with the line; an allow-list entry keeps one; an agent\'s false wins', async () => {
    assert.deepEqual(V9.localModelLean?.removes, ['automations', 'browser', 'image_generate', 'message', 'music_generate', 'pdf', 'tts', 'video_generate']);
    const r = await open('{\n  agents: {\n    defaults: {\n      experimental: { localModelLean: true },\n    },\n  },\n}\n');
    for (const name of ['automations', 'browser']) {
      assert.equal(r.tool(name)?.reason?.kind, 'not-constructed', name);
    }
    assert.match(r.reason('automations'), /agents\.defaults\.experimental\.localModelLean: true \(local-model lean mode\) \(openclaw\.json:4:/);
    assert.equal(r.tool('exec')?.status, 'cataloged');
    const kept = await open('{ tools: { alsoAllow: ["group:ui"] }, agents: { defaults: { experimental: { localModelLean: true } } } }');
    assert.notEqual(kept.tool('browser')?.reason?.kind, 'not-constructed');
    assert.equal(kept.tool('automations')?.reason?.kind, 'not-constructed');
    const off = await open('{ agents: { defaults: { experimental: { localModelLean: true } }, list: [{ id: "main", experimental: { localModelLean: false } }] } }');
    assert.notEqual(off.tool('automations')?.reason?.kind, 'not-constructed');
  });

  it('tools.web.search.enabled: false: no web_search, with the line and what would bring it back', async () => {
    const r = await open('{\n  tools: {\n    web: {\n      search: { enabled: false },\n    },\n  },\n}\n');
    assert.equal(r.tool('web_search')?.status, 'excluded');
    assert.equal(r.tool('web_search')?.reason?.kind, 'not-constructed');
    assert.match(r.reason('web_search'), /turned off by tools\.web\.search\.enabled: false \(openclaw\.json:4:/);
    assert.match(r.reason('web_search'), /web-search\.ts isWebSearchDisabled/);
    assert.equal(r.tool('web_fetch')?.status, 'cataloged');
    const e = explainTool(r.catalog, 'web_search');
    assert.match(JSON.stringify(e), /remove tools\.web\.search\.enabled/);
  });

  it('a plugins.allow list without memory-core, browser: their tools are not built; canvas (listed) is', async () => {
    const r = await open('{\n  plugins: { allow: ["canvas"] },\n}\n');
    for (const name of ['memory_search', 'memory_get', 'browser']) {
      assert.equal(r.tool(name)?.reason?.kind, 'not-constructed', name);
    }
    assert.match(r.reason('browser'), /plugins\.allow \(a list without "browser"\) \(openclaw\.json:2:/);
    assert.match(r.reason('browser'), /add "browser" to plugins\.allow/);
    assert.notEqual(r.tool('canvas')?.status, 'excluded');
  });

  it('deny, a disabled entry, plugins.enabled: false and the memory slot each turn a bundled plugin off; an enabled entry passes the allow list', async () => {
    assert.equal((await open('{ plugins: { deny: ["Canvas"] } }')).tool('canvas')?.reason?.kind, 'not-constructed');
    assert.equal((await open('{ plugins: { entries: { browser: { enabled: false } } } }')).tool('browser')?.reason?.kind, 'not-constructed');
    assert.equal((await open('{ plugins: { enabled: false } }')).tool('canvas')?.reason?.kind, 'not-constructed');
    const slot = await open('{ plugins: { slots: { memory: "none" } } }');
    assert.match(slot.reason('memory_get'), /plugins\.slots\.memory "none"/);
    const entry = await open('{ plugins: { allow: ["canvas"], entries: { browser: { enabled: true } } } }');
    assert.notEqual(entry.tool('browser')?.status, 'excluded');
    assert.equal(entry.tool('memory_get')?.reason?.kind, 'not-constructed');
  });

  it('an empty config builds them all, and lists none of a bundled plugin that loads only when turned on (memory-wiki)', async () => {
    const r = await open('{}');
    assert.deepEqual(r.catalog.tools.filter((t) => t.reason?.kind === 'not-constructed').map((t) => t.name), []);
    assert.equal(r.tool('wiki_search'), undefined);
    // Named but off: listed, excluded by its entry.
    const off = await open('{ plugins: { entries: { "memory-wiki": { enabled: false } } } }');
    assert.equal(off.tool('wiki_search')?.reason?.kind, 'not-constructed');
    assert.match(off.reason('wiki_search'), /plugins\.entries\.memory-wiki\.enabled: false/);
  });

  it('a bundled plugin turned on in the config builds its tools, measured from the package (a config-switch condition, never assumed)', async () => {
    const r = await open('{ plugins: { entries: { "memory-wiki": { enabled: true } } } }');
    for (const name of ['wiki_apply', 'wiki_get', 'wiki_lint', 'wiki_search', 'wiki_status']) {
      assert.notEqual(r.tool(name)?.status, 'excluded', name);
      assert.equal(r.tool(name)?.sourceName, 'memory-wiki', name);
    }
    assert.ok(!knownConditionIds().includes('plugin-memory-wiki'), '--assume does not offer it');
  });

  it("the plugin-tool gate follows createPluginToolAllowlist: a core group in alsoAllow names no plugin tool, at any level", async () => {
    // Measured against the composition oracle: OpenClaw builds neither browser nor canvas here.
    const r = await open('{\n  tools: { profile: "minimal" },\n  agents: { list: [{ id: "main", tools: { allow: ["exec"], alsoAllow: ["group:ui"] } }] },\n}\n');
    assert.equal(r.tool('browser')?.reason?.kind, 'not-constructed');
    assert.match(r.reason('browser'), /plugin tools are built only when an allow list names the plugin or the tool/);
    assert.match(r.reason('browser'), /a group such as group:ui or group:memory does not count/);
    // An alsoAllow without an allow list stands for the default plugin tools: every enabled plugin builds its tools.
    const also = await open('{ tools: { profile: "minimal", alsoAllow: ["group:ui"] } }');
    assert.notEqual(also.tool('browser')?.reason?.kind, 'not-constructed');
    assert.notEqual(also.tool('file_fetch')?.reason?.kind, 'not-constructed');
    // An empty allow list joined by an alsoAllow becomes `*` plus the alsoAllow: every plugin's tools are built.
    const empty = await open('{ agents: { list: [{ id: "main", tools: { allow: [], alsoAllow: ["exec"] } }] }, tools: { allow: ["exec"] } }');
    assert.notEqual(empty.tool('talk_voice')?.reason?.kind, 'not-constructed');
    // A plugin id or a glob over the tool's name lets the tool be built.
    const named = await open('{ tools: { allow: ["file-transfer", "talk_*"] } }');
    assert.notEqual(named.tool('dir_list')?.reason?.kind, 'not-constructed');
    assert.notEqual(named.tool('talk_voice')?.reason?.kind, 'not-constructed');
    assert.equal(named.tool('node_inference')?.reason?.kind, 'not-constructed');
  });

  it("a plugin manifest's toolMetadata.profiles adds the tool to that profile (intent under coding and messaging), unless plugins are off", async () => {
    assert.deepEqual(V9.bundledPluginTools['memory-core']?.toolProfiles, { intent: ['coding', 'messaging'] });
    assert.equal((await open('{ tools: { profile: "coding" } }')).tool('intent')?.status, 'cataloged');
    assert.equal((await open('{ tools: { profile: "messaging" } }')).tool('intent')?.status, 'cataloged');
    assert.equal((await open('{ tools: { profile: "minimal" } }')).tool('intent')?.status, 'excluded');
  });
});
