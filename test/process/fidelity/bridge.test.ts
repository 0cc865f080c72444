import * as assert from 'node:assert/strict';
import { callIdPart, CodeBridge } from '../../../src/core/bridge/codeBridge';
import type { RunReport } from '../../../src/core/bridge/runReport';
import { recoveryGuidance, resolveTool, suggestTools } from '../../../src/core/catalog/lookup';
import { createToolSearchApi } from '../../../src/core/gateway/toolSearchApi';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import type { CatalogTool } from '../../../src/core/types';
import { toolResultEnvelope } from '../../../src/core/gateway/toolResult';
import { TurnDispatcher } from '../../../src/core/modes/turnDispatcher';
import { buildSurface } from '../../../src/core/modes/surface';
import { TOOL_SEARCH_CODE, toolSearchTools } from '../../../src/core/modes/toolSearchTools';
import { openDemo, sandboxBundle, type Demo } from '../../sandbox/harness';

// The code bridge's contract as OpenClaw 2026.9.6 implements it (and as the
// seed's snippets use it). One row per behaviour, each naming the OpenClaw
// file and symbol it follows. Rows that run code use the real isolated child.

describe('fidelity: bridge contract (OpenClaw 2026.9.6)', function () {
  this.timeout(30000);
  let demo: Demo;
  let bridge: CodeBridge;

  before(async () => {
    demo = await openDemo();
    bridge = new CodeBridge({ api: demo.api, bundlePath: await sandboxBundle(), warm: false });
  });
  after(async () => {
    bridge.dispose();
    await demo.dispose();
  });

  const run = (code: string, parentCallId = 'call_fid'): Promise<RunReport> => bridge.run(code, { timeoutMs: 8000, parentCallId });

  interface Row {
    behaviour: string;
    openclaw: string;
    check: () => Promise<void> | void;
  }

  const rows: Row[] = [
    {
      behaviour: 'openclaw.tools.search(query, {limit}) resolves to an array of compact hits',
      openclaw: 'tool-search-runtime.ts ToolSearchRuntime.search (returns compactToolSearchCatalogEntry[])',
      check: async () => {
        const r = await run(`const hits = await openclaw.tools.search("feature flags", { limit: 3 }); return { isArray: Array.isArray(hits), n: hits.length, first: hits[0] };`);
        const v = r.value as { isArray: boolean; n: number; first: Record<string, unknown> };
        assert.deepEqual([v.isArray, v.n], [true, 3]);
        for (const key of ['id', 'source', 'sourceName', 'name', 'description', 'input']) {
          assert.ok(key in v.first, `hit has ${key}`);
        }
      },
    },
    {
      behaviour: 'openclaw.tools.call(id, args) resolves to { tool, result }: tool the full compact entry, the JSON value under result.details, text content kept',
      openclaw: 'tool-search-runtime.ts ToolSearchRuntime.executeEntry; tool-results.ts jsonResult/textResult',
      check: async () => {
        const r = await run(`return await openclaw.tools.call("fake_plugin_tool_17", { marker: "f1" });`);
        const d = demo.api.describe('fake_plugin_tool_17');
        const { parameters: _p, outputSchema: _o, ...compact } = d;
        assert.deepEqual(r.value, {
          tool: compact,
          result: { content: [{ type: 'text', text: 'FAKE_PLUGIN_OK fake_plugin_tool_17 f1' }], details: 'FAKE_PLUGIN_OK fake_plugin_tool_17 f1' },
        });
      },
    },
    {
      behaviour: 'a JSON value is pretty-printed into the text content and kept as is under details',
      openclaw: 'tool-results.ts jsonResult',
      check: () => {
        assert.deepEqual(toolResultEnvelope({ source: 'openclaw', sourceName: 'p', name: 't' }, { value: { ok: true, n: 2 } }), {
          content: [{ type: 'text', text: '{\n  "ok": true,\n  "n": 2\n}' }],
          details: { ok: true, n: 2 },
        });
      },
    },
    {
      behaviour: 'an MCP result keeps its content; details name the server and tool and carry structuredContent (status "error" on failure; fallback text when empty)',
      openclaw: 'mcp-content.ts projectMcpCallToolResult',
      check: () => {
        const tool = { source: 'mcp' as const, sourceName: 'calendar', name: 'calendar__create_event', rawName: 'create_event' };
        assert.deepEqual(toolResultEnvelope(tool, { content: [{ type: 'text', text: 'ok' }], structuredContent: { id: 'e1' } }), {
          content: [{ type: 'text', text: 'ok' }],
          details: { mcpServer: 'calendar', mcpTool: 'create_event', structuredContent: { id: 'e1' } },
        });
        assert.deepEqual(toolResultEnvelope(tool, { content: [], isError: true }), {
          content: [{ type: 'text', text: 'MCP tool failed without returning content.' }],
          details: { mcpServer: 'calendar', mcpTool: 'create_event', status: 'error' },
        });
        assert.deepEqual(toolResultEnvelope(tool, { content: [] }).content, [{ type: 'text', text: 'MCP tool completed without returning content.' }]);
      },
    },
    {
      behaviour: 'nested call ids are tool_search_code:<parentCallId>:<toolName>:<n>, where only calls advance n',
      openclaw: 'tool-search-runtime.ts executeEntry (toolCallId, ++callSequence)',
      check: async () => {
        const r = await run(
          `await openclaw.tools.search("feature flags"); await openclaw.tools.describe("fake_plugin_tool_03");
           await openclaw.tools.call("fake_plugin_tool_03", { marker: "a" }); await openclaw.tools.search("notes");
           await openclaw.tools.call("openclaw:fake-plugin:fake_plugin_tool_04", { marker: "b" });`,
          'call_seq',
        );
        const ids = r.trace.flatMap((t) => (t.op === 'call' ? [t.callId] : []));
        assert.deepEqual(ids, ['tool_search_code:call_seq:fake_plugin_tool_03:1', 'tool_search_code:call_seq:fake_plugin_tool_04:2']);
      },
    },
    {
      behaviour: 'the parent call id part is sanitized: runs of other characters become "_", at most 120 characters',
      openclaw: 'tool-search-runtime.ts sanitizeToolCallIdPart',
      check: async () => {
        const r = await run(`await openclaw.tools.call("fake_plugin_tool_03", { marker: "a" });`, 'call 7/€x');
        const call = r.trace.find((t) => t.op === 'call');
        assert.equal(call?.op === 'call' ? call.callId : undefined, 'tool_search_code:call_7_x:fake_plugin_tool_03:1');
        assert.equal(callIdPart('x'.repeat(200)).length, 120);
        assert.equal(callIdPart('  '), 'call');
      },
    },
    {
      behaviour: 'a lookup miss in code mode carries the openclaw.tools recovery guidance (describe and call)',
      openclaw: 'tool-search-catalog-errors.ts formatUnknownToolIdError (recoverySurface "code-mode")',
      check: async () => {
        const guidance = 'Use openclaw.tools.search to find a tool, openclaw.tools.describe to inspect it, then openclaw.tools.call with the exact id or name.';
        assert.equal(recoveryGuidance('code-mode'), guidance);
        const d = await run(`return await openclaw.tools.describe("no_such_tool_xyz");`);
        assert.ok(d.error?.includes(`Unknown tool id: no_such_tool_xyz.`) && d.error.endsWith(guidance), d.error);
        const c = await run(`return await openclaw.tools.call("no_such_tool_xyz", {});`);
        assert.ok(c.error?.includes(guidance), c.error);
      },
    },
    {
      behaviour: 'a lookup miss in the structured tools carries the tool_search recovery guidance',
      openclaw: 'tool-search-catalog-errors.ts formatUnknownToolIdError (default surface)',
      check: async () => {
        const guidance = 'Use tool_search to find a tool, tool_describe to inspect it, then tool_call with the exact id or name.';
        assert.equal(recoveryGuidance('tools'), guidance);
        const surface = buildSurface({ catalog: demo.catalog, mode: 'tools' });
        const api = createToolSearchApi(demo.ws, demo.catalog, { index: ToolIndex.fromCatalog(demo.catalog) });
        const dispatcher = new TurnDispatcher({ surface, api, catalog: () => demo.catalog });
        const described = await dispatcher.dispatch({ callId: 'c1', name: 'tool_describe', arguments: { id: 'no_such_tool_xyz' } });
        assert.ok(described.error?.startsWith('Unknown tool id: no_such_tool_xyz.') && described.error.endsWith(guidance), described.error);
        const called = await dispatcher.dispatch({ callId: 'c2', name: 'tool_call', arguments: { id: 'no_such_tool_xyz', args: {} } });
        assert.ok(called.error?.endsWith(guidance), called.error);
      },
    },
    {
      behaviour: 'a miss suggests up to three tools scored on name, id, label and description tokens; a shared name is suggested by id',
      openclaw: 'tool-search-recovery.ts formatUnknownToolIdError, scoreUnknownToolSuggestion',
      check: () => {
        const tool = (id: string, name: string, description = ''): CatalogTool => ({ id, name, description }) as CatalogTool;
        // The needle's own id spelling names a tool whose name is its last part: OpenClaw suggests it (an edit distance would not).
        assert.deepEqual(suggestTools('openclaw:core:abilityAbility', [tool('client:client:abilityAbility', 'abilityAbility')]), ['abilityAbility']);
        // Description tokens count; twins are named by id; best score first, then alphabetical; at most three.
        const many = [tool('mcp:a:search', 'search'), tool('mcp:b:search', 'search'), tool('openclaw:core:web_fetch', 'web_fetch', 'fetch a page'), tool('openclaw:core:read', 'read', 'read a page')];
        assert.deepEqual(suggestTools('search page', many), ['mcp:a:search', 'mcp:b:search', 'read']);
        assert.deepEqual(suggestTools('zzz', many), []);
      },
    },
    {
      behaviour: 'an ambiguous name says "Ambiguous tool name: X; use an exact tool id." (we add the ids)',
      openclaw: 'tool-search-runtime.ts findEntry',
      check: () => {
        const twins = ['mcp:a:search', 'mcp:b:search'].map((id) => ({ id, name: 'search' }) as CatalogTool);
        assert.throws(
          () => resolveTool('search', { byId: () => undefined, byName: () => twins, tools: () => [] }),
          (e: Error) => e.message === 'Ambiguous tool name: search; use an exact tool id. Ids: mcp:a:search, mcp:b:search.',
        );
      },
    },
    {
      behaviour: 'the tool_search_code description says call returns { tool, result } with JSON values in result.details, and search returns an array',
      openclaw: 'tool-search.ts createToolSearchTools (tool_search_code description)',
      check: () => {
        const d = toolSearchTools(demo.catalog.settings)[TOOL_SEARCH_CODE]?.description ?? '';
        assert.match(d, /openclaw\.tools\.call\(id, args\)`? -> `\{ tool, result \}`; JSON values normally live in `result\.details`/);
        assert.match(d, /openclaw\.tools\.search\(query, \{ limit \}\)`? -> an array of compact hits/);
      },
    },
  ];

  for (const r of rows) {
    it(`${r.behaviour} [${r.openclaw}]`, r.check);
  }
});
