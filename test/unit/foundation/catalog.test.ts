import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { OpenWorkspace } from '../../../src/core/workspace';
import { explainTool } from '../../../src/core/explain/explain';
import { scratchDir } from '../../helpers/scratch';
import { toolReasonText } from '../../../src/core/reasons';
import type { CatalogTool } from '../../../src/core/types';

const reasonOf = (t: CatalogTool | undefined): string => (t ? toolReasonText(t) ?? '' : '');

/** Writes a small workspace from a map of relative paths to contents. */
function workspace(files: Record<string, string | object>): string {
  const dir = scratchDir('tsi-ws-');
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(dir, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

async function catalogOf(files: Record<string, string | object>, extra: Partial<ConstructorParameters<typeof OpenWorkspace>[0]> = {}) {
  const dir = workspace(files);
  const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, ...extra });
  try {
    return { dir, catalog: await ws.buildCatalog() };
  } finally {
    await ws.dispose();
  }
}

const tool = (name: string, extra: object = {}) => ({
  name,
  description: `The ${name} tool`,
  parameters: { type: 'object', properties: { q: { type: 'string' } } },
  ...extra,
});

describe('catalog builder', () => {
  it('lists core tools with ids openclaw:core:<name>, sorted; message searchable and not kept visible (2026.9.6 local turn), direct-only in the seed version', async () => {
    const { catalog } = await catalogOf({});
    const ids = catalog.tools.map((t) => t.id);
    assert.deepEqual(ids, [...ids].sort());
    assert.ok(ids.includes('openclaw:core:read'));
    assert.equal(catalog.get('openclaw:core:message')?.status, 'cataloged');
    assert.equal(catalog.get('openclaw:core:message')?.directVisible, undefined);
    assert.equal(catalog.get('openclaw:core:read')?.directVisible, true);
    assert.equal(catalog.get('openclaw:core:web_search')?.directVisible, undefined);
    const seed = (await catalogOf({}, { openclawVersion: '2026.1.30' })).catalog;
    assert.equal(seed.get('openclaw:core:message')?.status, 'direct-only');
    assert.ok(!seed.cataloged.some((t) => t.name === 'message'), 'direct-only tools stay out of the index');
    assert.ok(!seed.tools.some((t) => t.directVisible), 'the seed version keeps no tool visible behind search');
    assert.equal(catalog.size, catalog.cataloged.length);
    assert.equal(catalog.countBySource().openclaw, catalog.size);
  });

  it('keeps excluded tools with the policy reason and decisions', async () => {
    const { catalog } = await catalogOf({ 'openclaw.json': '{\n tools: {\n  deny: ["exec"],\n },\n}' });
    const exec = catalog.get('openclaw:core:exec');
    assert.equal(exec?.status, 'excluded');
    assert.match(reasonOf(exec), /denied by tools\.deny "exec" \(openclaw\.json:3\)/);
    assert.equal(exec?.decisions[0]?.line, 3);
  });

  describe('plugins', () => {
    it('reads manifests from plugins.load.paths and .openclaw/extensions', async () => {
      const { catalog } = await catalogOf({
        'openclaw.json': '{ plugins: { load: { paths: ["./vendor"] } } }',
        'vendor/alpha/openclaw.plugin.json': { id: 'alpha', name: 'Alpha', tools: [tool('alpha_one')] },
        '.openclaw/extensions/beta/openclaw.plugin.json': { id: 'beta', name: 'Beta', contracts: { tools: ['beta_one'] }, tools: [tool('beta_one')] },
      });
      assert.equal(catalog.get('openclaw:alpha:alpha_one')?.status, 'cataloged');
      assert.equal(catalog.get('openclaw:beta:beta_one')?.status, 'cataloged');
      assert.deepEqual(catalog.plugins.map((p) => [p.id, p.status, p.toolCount]), [['alpha', 'loaded', 1], ['beta', 'loaded', 1]]);
    });

    it('manifest faults are diagnostics and excluded tools, never a crash', async () => {
      const { catalog } = await catalogOf({
        '.openclaw/extensions/bad/openclaw.plugin.json': JSON.stringify(
          {
            id: 'bad',
            contracts: { tools: ['ok_tool', 'ghost', 'dup', 'bad_schema', 'not_a_fn'] },
            tools: [
              tool('ok_tool'),
              tool('dup'),
              tool('dup'),
              tool('bad_schema', { parameters: { type: 'string' } }),
              tool('undeclared'),
              { name: 'has space' },
            ],
          },
          null,
          2,
        ),
        '.openclaw/extensions/broken/openclaw.plugin.json': '{ id: "broken", tools: [ }',
        '.openclaw/extensions/noid/openclaw.plugin.json': '{ tools: [] }',
      });
      const status = (id: string) => catalog.get(id)?.status;
      assert.equal(status('openclaw:bad:ok_tool'), 'cataloged');
      assert.equal(status('openclaw:bad:ghost'), 'excluded');
      assert.match(reasonOf(catalog.get('openclaw:bad:ghost')), /declared in contracts\.tools .* but has no definition/);
      assert.equal(status('openclaw:bad:bad_schema'), 'excluded');
      assert.match(reasonOf(catalog.get('openclaw:bad:bad_schema')), /type "object"/);
      assert.equal(status('openclaw:bad:undeclared'), 'excluded');
      assert.equal(catalog.tools.filter((t) => t.id === 'openclaw:bad:dup').length, 1, 'one entry per id');
      const files = catalog.diagnostics.map((d) => `${d.file}:${d.line ?? '?'} ${d.message}`);
      assert.ok(files.some((f) => f.startsWith('.openclaw/extensions/bad/openclaw.plugin.json:') && f.includes('duplicate tool name "dup"')), files.join('\n'));
      assert.ok(files.some((f) => f.startsWith('.openclaw/extensions/broken/openclaw.plugin.json:1 JSON5 syntax error')), files.join('\n'));
      assert.ok(files.some((f) => f.includes('has no "id"')), files.join('\n'));
      assert.ok(files.some((f) => f.includes('"has space" is not a valid function name')), files.join('\n'));
      assert.deepEqual(catalog.plugins.map((p) => [p.id, p.status]), [['bad', 'loaded'], ['broken', 'failed'], ['noid', 'failed']]);
    });

    it('honours plugins.enabled, allow, deny and entries.<id>.enabled', async () => {
      const files = {
        '.openclaw/extensions/a/openclaw.plugin.json': { id: 'a', tools: [tool('a_t')] },
        '.openclaw/extensions/b/openclaw.plugin.json': { id: 'b', tools: [tool('b_t')] },
        '.openclaw/extensions/c/openclaw.plugin.json': { id: 'c', tools: [tool('c_t')] },
      };
      const run = async (plugins: string) => (await catalogOf({ ...files, 'openclaw.json': `{ plugins: ${plugins} }` })).catalog;
      let c = await run('{ enabled: false }');
      assert.ok(['a_t', 'b_t', 'c_t'].every((n) => c.withName(n)[0]?.status === 'excluded'));
      assert.match(reasonOf(c.withName('a_t')[0]), /plugins\.enabled is false/);
      c = await run('{ allow: ["a"] }');
      assert.deepEqual(['a_t', 'b_t'].map((n) => c.withName(n)[0]?.status), ['cataloged', 'excluded']);
      c = await run('{ deny: ["b"] }');
      assert.deepEqual(['a_t', 'b_t'].map((n) => c.withName(n)[0]?.status), ['cataloged', 'excluded']);
      c = await run('{ entries: { c: { enabled: false } } }');
      assert.equal(c.withName('c_t')[0]?.status, 'excluded');
      assert.equal(c.plugins.find((p) => p.id === 'c')?.status, 'disabled');
    });

    it('never loads handler code to build the catalog', async () => {
      const { dir, catalog } = await catalogOf(
        {
          '.openclaw/extensions/h/openclaw.plugin.json': { id: 'h', tools: [tool('h_t')], handler: './handler.js' },
          '.openclaw/extensions/h/handler.js': 'require("fs").writeFileSync(__dirname + "/LOADED", "x"); exports.call = async () => 1;',
        },
        { trusted: true },
      );
      assert.equal(catalog.get('openclaw:h:h_t')?.status, 'cataloged');
      assert.equal(fs.existsSync(path.join(dir, '.openclaw/extensions/h/LOADED')), false);
    });

    it('runs a handler on call only in a trusted workspace', async () => {
      const files = {
        '.openclaw/extensions/h/openclaw.plugin.json': { id: 'h', tools: [tool('h_t')], handler: './handler.js' },
        '.openclaw/extensions/h/handler.js': 'exports.call = async (name, args) => `ran ${name} ${args.q}`;',
      };
      for (const trusted of [true, false]) {
        const dir = workspace(files);
        const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, trusted });
        const catalog = await ws.buildCatalog();
        const t = catalog.get('openclaw:h:h_t');
        assert.ok(t);
        const exec = catalog.executorFor(t.source, t.id);
        const run = exec?.execute(t, { q: 'x' }, { callId: 'c1' });
        if (trusted) {
          assert.deepEqual(await run, { value: 'ran h_t x' });
        } else {
          await assert.rejects(run as Promise<unknown>, /not trusted/);
        }
        await ws.dispose();
      }
    });
  });

  describe('client tools', () => {
    it('reads .openclaw/client-tools.json in plain and OpenAI shapes', async () => {
      const { catalog } = await catalogOf({
        '.openclaw/client-tools.json': [tool('pick_color'), { type: 'function', function: tool('show_map') }],
      });
      assert.equal(catalog.get('client:client:pick_color')?.status, 'cataloged');
      assert.equal(catalog.get('client:client:show_map')?.status, 'cataloged');
      assert.equal(catalog.countBySource().client, 2);
    });

    it('refuses client names that clash with OpenClaw, plugin or MCP names', async () => {
      const dir = workspace({
        '.openclaw/extensions/p/openclaw.plugin.json': { id: 'p', tools: [tool('p_tool')] },
        'snap.json': { tools: [{ name: 'thing', description: 'x', inputSchema: { type: 'object' } }] },
        'client.json': [tool('read'), tool('P_TOOL'), tool('srv__thing'), tool('fine')],
      });
      const ws = new OpenWorkspace({
        workspace: dir,
        noUserConfig: true,
        env: {},
        clientToolsPath: path.join(dir, 'client.json'),
        snapshots: [{ name: 'srv', path: path.join(dir, 'snap.json') }],
      });
      const c = await ws.buildCatalog();
      assert.equal(c.get('client:client:fine')?.status, 'cataloged');
      for (const n of ['read', 'P_TOOL', 'srv__thing']) {
        const t = c.get(`client:client:${n}`);
        assert.equal(t?.status, 'excluded', n);
        assert.match(reasonOf(t), /^client tool name conflict: /);
      }
      assert.equal(c.get('openclaw:core:read')?.status, 'cataloged', 'the OpenClaw tool keeps its name');
      const d = c.diagnostics.find((x) => x.message.startsWith('client tool name conflict:'));
      assert.equal(d?.message, 'client tool name conflict: P_TOOL, read, srv__thing');
      assert.equal(d?.file, 'client.json');
    });
  });

  describe('snapshots', () => {
    it('reads a tools/list result, an array, and a folder of .snap files', async () => {
      const data = path.join(__dirname, '..', '..', '..', 'examples', 'demo', 'snapshots', 'github');
      const dir = workspace({
        'list.json': { tools: [{ name: 'a', description: 'A', inputSchema: { type: 'object' } }] },
        'arr.json': [{ name: 'b', description: 'B', inputSchema: { type: 'object' } }, { name: 'b', description: 'dup' }, { name: 'c', inputSchema: { type: 'array' } }],
      });
      const ws = new OpenWorkspace({
        workspace: dir,
        noUserConfig: true,
        env: {},
        // Trusted, as the CLI runs: the github snapshot is the demo's, outside this workspace.
        trusted: true,
        snapshots: [
          { name: 'one', path: path.join(dir, 'list.json') },
          { name: 'two', path: path.join(dir, 'arr.json') },
          { name: 'github', path: data },
        ],
      });
      const c = await ws.buildCatalog();
      assert.equal(c.get('mcp:one:a')?.name, 'one__a');
      // OpenClaw drops every copy of a name a server lists twice (normalizeMcpToolCatalog).
      assert.equal(c.get('mcp:two:b')?.status, 'excluded');
      assert.equal(c.get('mcp:two:b')?.reason?.kind, 'duplicate');
      assert.equal(c.get('mcp:two:c')?.status, 'excluded');
      assert.ok(c.diagnostics.some((d) => d.message.includes('duplicate tool name "b"')));
      assert.equal(c.countBySourceName().github, fs.readdirSync(data).filter((f) => f.endsWith('.snap')).length);
      assert.deepEqual(c.servers.map((s) => [s.name, s.status, s.transport]), [['github', 'ok', 'snapshot'], ['one', 'ok', 'snapshot'], ['two', 'ok', 'snapshot']]);
    });
  });

  it('builds a 1,000-tool catalog from fixtures with correct counts and order', async () => {
    const tools = Array.from({ length: 1000 }, (_, i) => ({
      name: `tool_${String(i).padStart(4, '0')}`,
      description: `Fixture tool number ${i}`,
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
    }));
    const dir = workspace({ 'big.json': { tools }, 'openclaw.json': '{ tools: { deny: ["big__tool_000*"] } }' });
    const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, snapshots: [{ name: 'big', path: path.join(dir, 'big.json') }] });
    const c = await ws.buildCatalog();
    assert.equal(c.countBySourceName(c.tools.filter((t) => t.source === 'mcp')).big, 1000);
    assert.equal(c.countBySource().mcp, 990);
    assert.equal(c.excluded.filter((t) => t.source === 'mcp').length, 10);
    const ids = c.tools.map((t) => t.id);
    assert.deepEqual(ids, [...ids].sort());
  });

  describe('explain', () => {
    it('names the rule, file and line for an excluded tool, with a fix', async () => {
      // The seed's tables: a short profile to spell out in full.
      const { catalog } = await catalogOf({ 'openclaw.json': '{\n meta: { lastTouchedVersion: "2026.1.30" },\n tools: {\n  profile: "coding",\n },\n}' });
      const e = explainTool(catalog, 'browser');
      assert.equal(e.matches[0]?.status, 'excluded');
      assert.deepEqual(e.matches[0]?.decisions[0], {
        layer: 'tools.profile (coding)',
        rule: 'not in profile "coding" of OpenClaw 2026.1.30 [group:fs, group:runtime, group:sessions, group:memory, image]',
        effect: 'deny',
        file: 'openclaw.json',
        line: 4,
        column: 12,
        path: ['tools', 'profile'],
      });
      assert.match(e.matches[0]?.hint ?? '', /alsoAllow/);
    });

    it('a tool of a disabled server is unavailable, naming the server, not unknown', async () => {
      const { catalog } = await catalogOf({ 'openclaw.json': '{ mcp: { servers: { tracker: { command: "node", args: ["x.js"], enabled: false } } } }' }, { trusted: true });
      const e = explainTool(catalog, 'tracker__open_ticket');
      assert.equal(e.matches[0]?.status, 'unavailable');
      assert.match(e.matches[0]?.reason ?? '', /MCP server "tracker" is disabled/);
      assert.match(e.matches[0]?.hint ?? '', /enable the server configured at openclaw\.json:1/);
    });

    it('suggests close names for an unknown tool', async () => {
      const { catalog } = await catalogOf({});
      const e = explainTool(catalog, 'web_serch');
      assert.equal(e.matches[0]?.status, 'unknown');
      assert.equal(e.suggestions[0], 'web_search');
    });
  });
});
