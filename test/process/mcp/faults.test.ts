import * as assert from 'node:assert/strict';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { explainTool } from '../../../src/core/explain/explain';
import type { ServerReport } from '../../../src/core/types';
import type { OpenWorkspace } from '../../../src/core/workspace';
import { startStatusServer, type RunningHttpServer } from '../../fixtures/mcp/httpServers';
import { callTool, childPids, HOSTILE, openWorkspace, tempWorkspace, waitFor } from '../../helpers/mcp';

/**
 * One workspace declaring a healthy server next to one hostile server per
 * fault. The catalog must still build, every fault must be named on its
 * server and explained as "unavailable", and no child may outlive dispose.
 */
describe('live MCP faults', function () {
  const statuses: Record<string, RunningHttpServer> = {};
  let ws: OpenWorkspace;
  let catalog: Catalog;
  let childrenBefore: number[];
  let refusedUrl: string;

  // Servers that should answer get room to start on a busy machine; the
  // ones that hang get a short fuse, which is what their messages name. (OpenClaw 2026.9.6, modelled here, reads them as seconds.)
  const stdio = (mode: string, fuse = 15) => ({ command: 'node', args: [HOSTILE, mode], connectTimeout: fuse, timeout: fuse });

  before(async function () {
    for (const code of [401, 404, 500]) {
      statuses[code] = await startStatusServer(code);
    }
    // A port nobody listens on: bind one, then let it go.
    const probe = await startStatusServer(200);
    refusedUrl = probe.url;
    await probe.close();
    childrenBefore = childPids();
    const dir = tempWorkspace({
      'openclaw.json': {
        mcp: {
          servers: {
            fine: stdio('ok'),
            pager: stdio('paged'),
            promptsOnly: stdio('no-tools'),
            off: { ...stdio('ok'), enabled: false },
            missing: { command: 'definitely-not-a-command-tsi' },
            quitter: stdio('exit-before-init'),
            crasher: stdio('exit-during-list'),
            // A real crash: Node cannot find the server's script and prints its stack, then its version.
            nomodule: { command: 'node', args: ['./does-not-exist.js'], connectTimeout: 15, timeout: 15 },
            sleeper: stdio('hang-init', 1),
            stuck: { ...stdio('hang-list'), timeout: 1 },
            noisy: stdio('garbage', 3),
            sloppy: stdio('invalid-schemas'),
            looper: stdio('repeat-cursor'),
            endless: stdio('endless-pages'),
            locked: { url: statuses[401]?.url, transport: 'streamable-http', connectTimeout: 5, timeout: 5 },
            gone: { url: statuses[404]?.url, transport: 'streamable-http', connectTimeout: 5, timeout: 5 },
            broken: { url: statuses[500]?.url, transport: 'sse', connectTimeout: 5, timeout: 5 },
            nobody: { url: refusedUrl, transport: 'streamable-http', connectTimeout: 5, timeout: 5 },
          },
        },
      },
    });
    ws = openWorkspace(dir);
    catalog = await ws.buildCatalog();
  });

  after(async () => {
    await ws?.dispose();
    await Promise.all(Object.values(statuses).map((s) => s.close()));
  });

  const server = (name: string): ServerReport => {
    const s = catalog.servers.find((x) => x.name === name);
    assert.ok(s, `server ${name} is reported`);
    return s;
  };

  const failedWith = (name: string, pattern: RegExp): void => {
    const s = server(name);
    assert.equal(s.status, 'failed', `${name}: ${JSON.stringify(s)}`);
    assert.match(s.error ?? '', pattern);
    assert.match(s.origin, /^openclaw\.json:\d+$/);
    for (const q of [`mcp:${name}:anything`, `${name}__anything`]) {
      const ex = explainTool(catalog, q);
      assert.equal(ex.matches[0]?.status, 'unavailable', q);
      assert.ok(ex.matches[0]?.reason.includes(s.error ?? '?'), ex.matches[0]?.reason);
      assert.ok(ex.unavailableServers.includes(name));
    }
  };

  it('still builds the rest of the catalog: the healthy server is listed and callable', async () => {
    assert.equal(server('fine').status, 'ok');
    assert.ok(catalog.get('mcp:fine:echo'));
    assert.ok(catalog.get('openclaw:core:read'), 'core tools are still there');
    const echo = await callTool(catalog, 'mcp:fine:echo', { text: 'hi' });
    assert.deepEqual(echo.content, [{ type: 'text', text: 'echo: hi' }]);
    assert.deepEqual(echo.structuredContent, { echoed: 'hi' });
    const fail = await callTool(catalog, 'mcp:fine:fail', {});
    assert.equal(fail.isError, true);
  });

  it('follows tools/list pagination to the end', () => {
    assert.equal(server('pager').status, 'ok');
    assert.deepEqual(
      catalog.tools.filter((t) => t.sourceName === 'pager').map((t) => t.id),
      ['mcp:pager:p0', 'mcp:pager:p1', 'mcp:pager:p2', 'mcp:pager:p3'],
    );
  });

  it('a server without the tools capability is fine with no tools: only the prompt tools OpenClaw adds for it', () => {
    const s = server('promptsOnly');
    assert.deepEqual([s.status, s.toolCount, s.error], ['ok', 2, undefined]);
    assert.deepEqual(catalog.tools.filter((t) => t.sourceName === 'promptsOnly').map((t) => [t.name, t.mcpOperation]), [
      ['promptsOnly__prompts_get', 'prompts_get'],
      ['promptsOnly__prompts_list', 'prompts_list'],
    ]);
  });

  it('a server with enabled: false is reported disabled, with where, and is not started', () => {
    const off = server('off');
    assert.equal(off.status, 'disabled');
    assert.match(off.error ?? '', /^disabled in openclaw\.json:\d+$/);
    assert.equal(off.durationMs, 0);
  });

  it('a command that does not exist', () => failedWith('missing', /command not found: definitely-not-a-command-tsi/));

  it('a server that exits before initialize, with its stderr kept', () => {
    failedWith('quitter', /server exited during initialize.*missing API key/);
    assert.deepEqual(server('quitter').stderrTail, ['fixture: missing API key, giving up']);
  });

  it("a real crash: the headline is Node's error line, not its version trailer", () => {
    failedWith('nomodule', /^the server exited during initialize; stderr: Error: Cannot find module '.*does-not-exist\.js'$/);
    assert.doesNotMatch(server('nomodule').error ?? '', /Node\.js v\d/);
    assert.match((server('nomodule').stderrTail ?? []).join('\n'), /Node\.js v\d/, 'the whole tail is still kept');
  });

  it('a server that exits during tools/list', () => failedWith('crasher', /server exited during tools\/list.*crashed while listing/));

  it('a server that hangs on initialize', () => failedWith('sleeper', /no answer to initialize within 1000 ms/));

  it('a server that hangs on tools/list', () => failedWith('stuck', /no answer to tools\/list within 1000 ms/));

  it('a server that writes garbage to stdout', () => failedWith('noisy', /no answer to initialize within 3000 ms; the server wrote invalid output: .*not valid JSON/));

  it('a paginated list whose cursor never advances', () => {
    failedWith('looper', /cursor "same-cursor" again after 2 pages/);
    // What was listed before the loop stays visible.
    assert.ok(catalog.get('mcp:looper:page_1'));
  });

  it('a paginated list that never ends hits the page cap', () => failedWith('endless', /after 100 pages \(the page cap\)/));

  it('HTTP 401, 404 and 500 answers', () => {
    failedWith('locked', /HTTP 401 from http:\/\/127\.0\.0\.1:\d+\/mcp/);
    failedWith('gone', /HTTP 404/);
    failedWith('broken', /HTTP 500.*\(sse\)/);
  });

  it('an HTTP server nobody listens on', () => failedWith('nobody', /cannot reach http:\/\/127\.0\.0\.1:\d+\/mcp \(streamable-http\) during initialize: .*ECONNREFUSED/));

  it('invalid tool schemas and duplicate names exclude those tools, keep the good ones, and say why', () => {
    const s = server('sloppy');
    assert.equal(s.status, 'ok');
    // A raw name with spaces is kept, under a provider-safe model-facing name (OpenClaw's buildSafeToolName).
    // "good" is listed twice: OpenClaw drops every copy (normalizeMcpToolCatalog), so one tool is left.
    assert.equal(s.toolCount, 1);
    assert.equal(catalog.get('mcp:sloppy:bad name with spaces')?.name, 'sloppy__bad-name-with-spaces');
    assert.match(s.error ?? '', /tools excluded/);
    assert.equal(catalog.get('mcp:sloppy:good')?.status, 'excluded');
    assert.match(explainTool(catalog, 'mcp:sloppy:good').matches[0]?.reason ?? '', /lists it 2 times, and OpenClaw drops every copy/);
    const stringy = explainTool(catalog, 'mcp:sloppy:stringy').matches[0];
    assert.ok(stringy);
    assert.equal(stringy.status, 'excluded');
    assert.match(stringy.reason, /must have type "object"/);
    const messages = catalog.diagnostics.map((d) => d.message).join('\n');
    assert.match(messages, /duplicate tool name "good": MCP server "sloppy" lists it 2 times/);
    assert.match(messages, /tool has no name/);
    assert.match(messages, /tool "bad name with spaces" is exposed to the model as "sloppy__bad-name-with-spaces"/);
  });

  it('leaves no child process behind after dispose', async () => {
    assert.ok(childPids().length > childrenBefore.length, 'healthy stdio servers are running');
    await ws.dispose();
    assert.ok(await waitFor(() => childPids().length === childrenBefore.length), `children left: ${childPids().join(', ')}`);
  });
});
