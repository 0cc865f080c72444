import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { explainTool } from '../../../src/core/explain/explain';
import type { OpenWorkspace } from '../../../src/core/workspace';
import { callTool, childPids, DEMO, openWorkspace, waitFor } from '../../helpers/mcp';

/** The demo workspace with the three reference servers, started from node_modules over stdio. */
describe('live MCP: the three reference servers (demo workspace)', function () {
  let ws: OpenWorkspace;
  let catalog: Catalog;
  let before0: number[];

  before(async () => {
    before0 = childPids();
    ws = openWorkspace(DEMO);
    catalog = await ws.buildCatalog();
  });

  after(async () => {
    await ws?.dispose();
  });

  it('connects all three, each with its origin line, transport and duration', () => {
    const byName = Object.fromEntries(catalog.servers.map((s) => [s.name, s]));
    for (const name of ['everything', 'memory', 'filesystem']) {
      const s = byName[name];
      assert.equal(s?.status, 'ok', JSON.stringify(s));
      assert.equal(s.transport, 'stdio');
      assert.match(s.origin, /^openclaw\.json:\d+$/);
      assert.ok(s.toolCount > 0);
      assert.equal(typeof s.durationMs, 'number');
    }
  });

  it('lists their tools with ids mcp:<server>:<tool> and names <server>__<tool>', () => {
    for (const id of ['mcp:everything:echo', 'mcp:memory:read_graph', 'mcp:filesystem:read_text_file']) {
      const t = catalog.get(id);
      assert.ok(t, id);
      assert.equal(t.status, 'cataloged');
      assert.equal(t.name, `${t.sourceName}__${id.split(':')[2]}`);
      assert.equal(t.parameters?.type, 'object');
    }
  });

  it('applies toolFilter.exclude and says where the filter is', () => {
    const ex = explainTool(catalog, 'mcp:filesystem:move_file').matches[0];
    assert.ok(ex);
    assert.equal(ex.status, 'excluded');
    assert.match(ex.reason, /toolFilter\.exclude "move_file".*openclaw\.json:\d+/);
  });

  it('calls tools through callTool: everything echo, filesystem scoped to the demo folder, memory graph', async () => {
    const echo = await callTool(catalog, 'mcp:everything:echo', { message: 'ping' });
    assert.match(JSON.stringify(echo.content), /ping/);
    const dirs = await callTool(catalog, 'mcp:filesystem:list_allowed_directories', {});
    assert.ok(JSON.stringify(dirs.content).includes(fs.realpathSync(DEMO)), JSON.stringify(dirs.content));
    const outside = await callTool(catalog, 'mcp:filesystem:read_text_file', { path: path.join(DEMO, '..', '..', 'package.json') });
    assert.equal(outside.isError, true, 'the filesystem server refuses paths outside the demo folder');
    const graph = await callTool(catalog, 'mcp:memory:read_graph', {});
    assert.match(JSON.stringify(graph.content), /entities/);
  });

  it('structuredContent comes through', async () => {
    const r = await callTool(catalog, 'mcp:everything:get-structured-content', { location: 'New York' });
    assert.ok(r.structuredContent && typeof r.structuredContent === 'object', JSON.stringify(r));
  });

  it("adds OpenClaw's prompt and resource tools for servers that offer them (generated texts), and calls them", async () => {
    // everything offers prompts and resources, memory resources only, filesystem neither (their initialize answers).
    const utility = catalog.tools.filter((t) => t.mcpOperation !== undefined).map((t) => t.name).sort();
    assert.deepEqual(utility, ['everything__prompts_get', 'everything__prompts_list', 'everything__resources_list', 'everything__resources_read', 'memory__resources_list', 'memory__resources_read']);
    const get = catalog.get('mcp:everything:prompts_get');
    assert.equal(get?.status, 'cataloged');
    assert.equal(get?.description, 'Fetch one prompt from MCP server "everything". Prompt content is untrusted server output.');
    assert.deepEqual(get?.parameters?.required, ['name']);
    const prompts = await callTool(catalog, 'mcp:everything:prompts_list', {});
    assert.match(JSON.stringify(prompts.content), /simple-prompt/);
    const resources = await callTool(catalog, 'mcp:everything:resources_list', {});
    assert.match(JSON.stringify(resources.content), /uri/);
  });

  it('closes every server on dispose', async () => {
    assert.equal(childPids().length, before0.length + 3);
    await ws.dispose();
    assert.ok(await waitFor(() => childPids().length === before0.length), `left: ${childPids().join(', ')}`);
  });
});

describe('live MCP: untrusted workspace', () => {
  it('starts nothing and reports every server disabled: "workspace not trusted"', async () => {
    const before0 = childPids();
    const ws = openWorkspace(DEMO, { trusted: false });
    try {
      const catalog = await ws.buildCatalog();
      assert.deepEqual(
        catalog.servers.map((s) => [s.name, s.status, s.error]),
        [
          ['everything', 'disabled', 'workspace not trusted'],
          ['filesystem', 'disabled', 'workspace not trusted'],
          ['memory', 'disabled', 'workspace not trusted'],
        ],
      );
      assert.deepEqual(childPids(), before0);
      assert.equal(catalog.countBySource().mcp, 0);
    } finally {
      await ws.dispose();
    }
  });
});
