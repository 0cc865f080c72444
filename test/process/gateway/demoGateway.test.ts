import * as assert from 'node:assert/strict';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { ApprovalPolicy } from '../../../src/core/gateway/approvals';
import { ToolGateway } from '../../../src/core/gateway/gateway';
import { pluginHooks } from '../../../src/core/gateway/hooks';
import { createToolSearchApi } from '../../../src/core/gateway/toolSearchApi';
import { ToolPolicy } from '../../../src/core/policy/policyEngine';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import { OpenWorkspace } from '../../../src/core/workspace';
import { DEMO, RecordingSource, catalogFrom, def } from '../../unit/gateway/fixtures';

// The demo workspace starts its live MCP server and loads plugin code; the deadline test waits out a timer.
describe('gateway', () => {
  describe('with the demo workspace (real plugin handler and hooks)', () => {
    let ws: OpenWorkspace;
    let catalog: Catalog;
    before(async () => {
      ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, env: {}, trusted: true });
      catalog = await ws.buildCatalog();
    });
    after(async () => ws.dispose());

    it('calls the fake plugin tool through its handler', async () => {
      const api = createToolSearchApi(ws, catalog, { index: ToolIndex.fromCatalog(catalog) });
      const out = await api.call('fake_plugin_tool_17', { marker: 'abc' }, { callId: 'p1' });
      assert.equal(out.ok, true, out.error);
      assert.equal(out.result, 'FAKE_PLUGIN_OK fake_plugin_tool_17 abc');
      assert.equal(out.tool?.id, 'openclaw:fake-plugin:fake_plugin_tool_17');
    });

    it("runs the plugin's beforeToolCall hook, which blocks forbidden markers", async () => {
      assert.ok(pluginHooks(ws.plugins).some((h) => h.pluginId === 'fake-plugin'));
      const api = createToolSearchApi(ws, catalog, { index: ToolIndex.fromCatalog(catalog) });
      const out = await api.call('fake_plugin_tool_03', { marker: 'forbidden-1' }, { callId: 'p2', approved: true });
      assert.equal(out.ok, false);
      assert.equal(out.blockedBy, 'hook:fake-plugin');
      assert.match(out.error ?? '', /fake-plugin refuses forbidden markers/);
    });

    it('a hook may rewrite the parameters before the tool runs', async () => {
      const gateway = new ToolGateway({
        catalog: () => catalog,
        policy: () => ws.policy,
        approvals: new ApprovalPolicy([]),
        hooks: () => [{ pluginId: 'redactor', run: (e) => Promise.resolve({ params: { ...e.params, marker: 'REDACTED' } }) }, ...pluginHooks(ws.plugins)],
      });
      const out = await gateway.call('fake_plugin_tool_05', { marker: 'secret' }, { callId: 'p3' });
      assert.equal(out.result, 'FAKE_PLUGIN_OK fake_plugin_tool_05 REDACTED');
      assert.equal(out.paramsRewritten, true);
    });

    it('an OpenClaw core tool is declared, not executed, and says so', async () => {
      const api = createToolSearchApi(ws, catalog, { index: ToolIndex.fromCatalog(catalog) });
      const out = await api.call('read', { path: 'README.md' }, { callId: 'p4' });
      assert.equal(out.ok, false);
      assert.equal(out.tool?.id, 'openclaw:core:read');
      assert.match(out.error ?? '', /OpenClaw core tools are declared here, not executed/);
    });

    it('a denied demo tool cannot be called by name or id', async () => {
      const api = createToolSearchApi(ws, catalog, { index: ToolIndex.fromCatalog(catalog) });
      for (const q of ['fake_plugin_tool_36', 'openclaw:fake-plugin:fake_plugin_tool_36']) {
        const out = await api.call(q, { marker: 'x' }, { callId: 'p5' });
        assert.equal(out.blockedBy, 'lookup', q);
        assert.match(out.error ?? '', /^Unknown tool id/);
        assert.equal(out.detail?.blockedBy, 'policy', q);
      }
    });

    it('reads approval rules from approvals.tools in the config', () => {
      const approvals = ApprovalPolicy.fromConfig(ws.config.reader, ['fake_plugin_tool_0*']);
      const t = catalog.get('openclaw:fake-plugin:fake_plugin_tool_07');
      assert.ok(t);
      assert.equal(approvals.ruleFor(t)?.pattern, 'fake_plugin_tool_0*');
      const t2 = catalog.get('openclaw:fake-plugin:fake_plugin_tool_17');
      assert.ok(t2);
      assert.equal(approvals.ruleFor(t2), undefined);
    });
  });
});

describe('gateway deadlines', () => {
  it('a source that never answers fails the call at the deadline instead of hanging the turn', async () => {
    const hanging = new RecordingSource('slow', [def('mcp', 'slow', 'slow_tool')]);
    (hanging.executor as { execute: unknown }).execute = () => new Promise(() => undefined);
    const catalog = await catalogFrom([hanging]);
    const gateway = new ToolGateway({ catalog: () => catalog, policy: () => new ToolPolicy([]), approvals: new ApprovalPolicy([]), timeoutMs: 50 });
    const out = await gateway.call('slow_tool', { q: 'x' }, { callId: 'd1' });
    assert.equal(out.ok, false);
    assert.match(out.error ?? '', /slow_tool did not answer within 50 ms/);
    const ac = new AbortController();
    const pending = new ToolGateway({ catalog: () => catalog, policy: () => new ToolPolicy([]), approvals: new ApprovalPolicy([]) }).call('slow_tool', { q: 'x' }, { callId: 'd2', signal: ac.signal });
    ac.abort();
    const cancelled = await pending;
    assert.match(cancelled.error ?? '', /cancelled/);
  });
});
