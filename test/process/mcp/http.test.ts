import * as assert from 'node:assert/strict';
import { startSseServer, startStreamableHttpServer, type RunningHttpServer } from '../../fixtures/mcp/httpServers';
import { callTool, openWorkspace, tempWorkspace } from '../../helpers/mcp';

/**
 * Streamable HTTP and SSE servers started here with the SDK on 127.0.0.1:0,
 * declared in three config formats: `.vscode/mcp.json` (with an input for
 * the bearer token), `.mcp.json` (SSE) and OpenClaw (a url with no transport).
 */
describe('live MCP over HTTP', () => {
  let streamable: RunningHttpServer;
  let sse: RunningHttpServer;
  let legacy: RunningHttpServer;
  let dir: string;

  before(async () => {
    streamable = await startStreamableHttpServer({ token: 'sekrit' });
    sse = await startSseServer();
    legacy = await startSseServer();
    dir = tempWorkspace({
      '.vscode/mcp.json': [
        '{',
        '  "inputs": [{ "id": "token", "type": "promptString", "description": "API token", "password": true }],',
        `  "servers": { "remote": { "type": "http", "url": "${streamable.url}", "headers": { "Authorization": "Bearer \${input:token}" } } }`,
        '}',
      ].join('\n'),
      '.mcp.json': { mcpServers: { events: { type: 'sse', url: sse.url } } },
      'openclaw.json': `{\n  mcp: {\n    servers: {\n      old: { url: "${legacy.url}" },\n    },\n  },\n}\n`,
    });
  });

  after(async () => {
    await Promise.all([streamable, sse, legacy].map((s) => s?.close()));
  });

  it('a missing input fails only that server, names the input, and sends nothing', async () => {
    const ws = openWorkspace(dir);
    try {
      const catalog = await ws.buildCatalog();
      const remote = catalog.servers.find((s) => s.name === 'remote');
      assert.equal(remote?.status, 'failed');
      assert.match(remote?.error ?? '', /needs a value for input "token".*--input token=VALUE/);
      assert.equal(remote?.origin, '.vscode/mcp.json:3');
      assert.deepEqual(streamable.seen, []);
      assert.equal(catalog.servers.find((s) => s.name === 'events')?.status, 'ok');
    } finally {
      await ws.dispose();
    }
  });

  it('Streamable HTTP with headers from inputs, SSE, and a url without transport falling back to SSE', async () => {
    const ws = openWorkspace(dir, { inputs: { token: 'sekrit' } });
    try {
      const catalog = await ws.buildCatalog();
      const by = Object.fromEntries(catalog.servers.map((s) => [s.name, s]));
      assert.deepEqual(
        [by.remote, by.events, by.old].map((s) => [s?.status, s?.transport, s?.toolCount]),
        [
          ['ok', 'streamable-http', 2],
          ['ok', 'sse', 2],
          ['ok', 'sse', 2],
        ],
      );
      assert.equal(by.events?.origin, '.mcp.json:3');
      const greet = await callTool(catalog, 'mcp:remote:greet', { name: 'Ada' });
      assert.deepEqual(greet.content, [{ type: 'text', text: 'hello Ada via streamable-http' }]);
      const add = await callTool(catalog, 'mcp:events:add', { a: 2, b: 3 });
      assert.deepEqual(add.structuredContent, { sum: 5 });
      const old = await callTool(catalog, 'mcp:old:greet', { name: 'Bo' });
      assert.deepEqual(old.content, [{ type: 'text', text: 'hello Bo via sse' }]);
      const warn = catalog.diagnostics.find((d) => /has a url but no transport/.test(d.message));
      assert.deepEqual([warn?.file, warn?.line], ['openclaw.json', 4]);
    } finally {
      await ws.dispose();
    }
  });
});
