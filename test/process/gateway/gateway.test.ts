import * as assert from 'node:assert/strict';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { ApprovalPolicy, type ApprovalRequest } from '../../../src/core/gateway/approvals';
import { ToolGateway } from '../../../src/core/gateway/gateway';
import { composeToolSearchApi } from '../../../src/core/gateway/toolSearchApi';
import { ToolApiError } from '../../../src/core/toolApi';
import { ToolPolicy } from '../../../src/core/policy/policyEngine';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import { SessionLog } from '../../../src/core/telemetry/sessionLog';
import { OpenWorkspace } from '../../../src/core/workspace';
import { DEMO, RecordingSource, catalogFrom, def, layer } from '../../unit/gateway/fixtures';

function gatewayFor(catalog: () => Catalog, policy: () => ToolPolicy, extra: Partial<ConstructorParameters<typeof ToolGateway>[0]> = {}) {
  const log = new SessionLog();
  const gateway = new ToolGateway({ catalog, policy, approvals: new ApprovalPolicy([]), log, ...extra });
  return { gateway, log };
}

describe('gateway', () => {
  const notes = () => new RecordingSource('notes', [def('mcp', 'notes', 'notes_search', 'Search notes'), def('mcp', 'notes', 'notes_delete', 'Delete a note')]);

  it('executes an allowed tool through its own source and returns {tool, result}', async () => {
    const src = notes();
    const catalog = await catalogFrom([src]);
    const { gateway, log } = gatewayFor(() => catalog, () => new ToolPolicy([]));
    const out = await gateway.call('notes_search', { q: 'milk' }, { callId: 'c1' });
    assert.equal(out.ok, true);
    assert.deepEqual(out.tool, { id: 'mcp:notes:notes_search', source: 'mcp', sourceName: 'notes' });
    assert.equal(out.result, 'RAN notes_search {"q":"milk"}');
    assert.deepEqual(src.executed, [{ id: 'mcp:notes:notes_search', args: { q: 'milk' } }]);
    const e = log.events[0];
    assert.equal(e?.type, 'call');
    assert.equal(e?.type === 'call' && e.source, 'mcp');
  });

  describe('fail closed', () => {
    it('a tool outside the policy is never returned by search or describe, even if the index holds it', async () => {
      const src = notes();
      const open = await catalogFrom([src]);
      // The index was built before the policy tightened: it still holds notes_delete.
      const index = ToolIndex.fromCatalog(open);
      const strict = new ToolPolicy([layer('session', { deny: ['notes_delete'] })]);
      const { gateway } = gatewayFor(() => open, () => strict);
      const api = composeToolSearchApi({ index, gateway, catalog: () => open, policy: () => strict });
      assert.ok(index.search('delete a note').hits.some((h) => h.id === 'mcp:notes:notes_delete'), 'precondition: stale index has it');
      assert.ok(!api.search('delete a note').hits.some((h) => h.id === 'mcp:notes:notes_delete'));
      assert.throws(() => api.describe('notes_delete'), (err: unknown) => err instanceof ToolApiError && /Unknown tool id: notes_delete/.test(err.message));
      assert.equal(api.describe('notes_search').id, 'mcp:notes:notes_search');
    });

    it('a call to a tool that became unavailable fails, and never reaches a source', async () => {
      const src = notes();
      const before = await catalogFrom([src]);
      const after = await catalogFrom([new RecordingSource('notes', [def('mcp', 'notes', 'notes_search')])]);
      let current = before;
      const { gateway } = gatewayFor(() => current, () => new ToolPolicy([]));
      current = after;
      const out = await gateway.call('mcp:notes:notes_delete', { q: 'x' }, { callId: 'c2' });
      assert.equal(out.ok, false);
      assert.equal(out.blockedBy, 'lookup');
      assert.match(out.error ?? '', /Unknown tool id: mcp:notes:notes_delete/);
      assert.deepEqual(src.executed, []);
    });

    it('a call to a tool of an MCP server that failed is refused as unavailable', async () => {
      const ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, env: {}, snapshots: [{ name: 'github', path: `${DEMO}/snapshots/github` }] });
      const catalog = await ws.buildCatalog();
      await ws.dispose();
      const failed = Object.create(catalog) as Catalog;
      Object.defineProperty(failed, 'servers', { value: catalog.servers.map((s) => (s.name === 'github' ? { ...s, status: 'failed', error: 'connection closed' } : s)) });
      const { gateway } = gatewayFor(() => failed, () => ws.policy);
      const out = await gateway.call('github__create_issue', { owner: 'o', repo: 'r', title: 't' }, { callId: 'c3' });
      assert.equal(out.blockedBy, 'unavailable');
      assert.match(out.error ?? '', /MCP server "github" is failed \(connection closed\)/);
    });

    it('a policy block at call time is the reported result, never bypassed', async () => {
      const src = notes();
      const catalog = await catalogFrom([src]);
      const later = new ToolPolicy([layer('tools', { deny: ['bundle-mcp'] })]);
      const { gateway, log } = gatewayFor(() => catalog, () => later);
      const out = await gateway.call('notes_search', { q: 'x' }, { callId: 'c4', approved: true });
      assert.equal(out.ok, false);
      assert.equal(out.blockedBy, 'policy');
      assert.match(out.error ?? '', /denied by tools\.deny "bundle-mcp"/);
      assert.deepEqual(src.executed, []);
      const e = log.events[0];
      assert.ok(e?.type === 'call' && e.blockedBy === 'policy' && e.ok === false);
    });

    it('a tool excluded from the catalog is unknown to the model; the developer detail and the log keep its reason', async () => {
      const src = notes();
      const catalog = await catalogFrom([src], new ToolPolicy([layer('tools', { deny: ['notes_delete'] })]));
      const { gateway, log } = gatewayFor(() => catalog, () => new ToolPolicy([]));
      const out = await gateway.call('notes_delete', {}, { callId: 'c5' });
      const without = await catalogFrom([new RecordingSource('notes', [def('mcp', 'notes', 'notes_search', 'Search notes')])]);
      const nowhere = await gatewayFor(() => without, () => new ToolPolicy([])).gateway.call('notes_delete', {}, { callId: 'c6' });
      assert.equal(out.blockedBy, 'lookup');
      assert.match(out.error ?? '', /^Unknown tool id: notes_delete\./);
      assert.equal(out.error, nowhere.error, 'the same text as in a catalog where the tool exists nowhere');
      assert.deepEqual(out.detail, { blockedBy: 'policy', error: 'notes_delete cannot be called: denied by tools.deny "notes_delete"' });
      const e = log.events[0];
      assert.ok(e?.type === 'call' && e.blockedBy === 'policy' && /denied by tools\.deny/.test(e.error ?? ''));
      assert.deepEqual(src.executed, []);
    });

    it('an approval rule blocks unless approved by --approve or the approver', async () => {
      const src = notes();
      const catalog = await catalogFrom([src]);
      const approvals = new ApprovalPolicy([{ pattern: 'notes_delete', file: 'openclaw.json', line: 7 }]);
      const plain = gatewayFor(() => catalog, () => new ToolPolicy([]), { approvals }).gateway;
      const blocked = await plain.call('notes_delete', { q: 'a' }, { callId: 'a1' });
      assert.equal(blocked.blockedBy, 'approval');
      assert.match(blocked.error ?? '', /approvals\.tools "notes_delete" \(openclaw\.json:7\)\); pass --approve/);
      assert.deepEqual(src.executed, []);
      const ok = await plain.call('notes_delete', { q: 'a' }, { callId: 'a2', approved: true });
      assert.equal(ok.ok, true);

      const asked: ApprovalRequest[] = [];
      const no = gatewayFor(() => catalog, () => new ToolPolicy([]), { approvals, approver: (r) => (asked.push(r), Promise.resolve(false)) }).gateway;
      const denied = await no.call('notes_delete', { q: 'b' }, { callId: 'a3' });
      assert.equal(denied.blockedBy, 'approval');
      assert.match(denied.error ?? '', /approval denied/);
      assert.equal(asked[0]?.tool.id, 'mcp:notes:notes_delete');
      assert.deepEqual(asked[0]?.args, { q: 'b' });
      const yes = gatewayFor(() => catalog, () => new ToolPolicy([]), { approvals, approver: () => Promise.resolve(true) }).gateway;
      assert.equal((await yes.call('notes_delete', { q: 'c' }, { callId: 'a4' })).ok, true);
      // Tools no rule names run without asking.
      assert.equal((await no.call('notes_search', { q: 'd' }, { callId: 'a5' })).ok, true);
      assert.equal(src.executed.length, 3);
    });

    it('a plugin hook block is the reported result; a failing hook blocks too', async () => {
      const src = notes();
      const catalog = await catalogFrom([src]);
      const hooks = () => [{ pluginId: 'guard', run: (e: { params: Record<string, unknown> }) => Promise.resolve(e.params.q === 'secret' ? { block: true, reason: 'no secrets' } : undefined) }];
      const { gateway } = gatewayFor(() => catalog, () => new ToolPolicy([]), { hooks });
      const out = await gateway.call('notes_search', { q: 'secret' }, { callId: 'h1' });
      assert.equal(out.blockedBy, 'hook:guard');
      assert.match(out.error ?? '', /blocked by plugin "guard": no secrets/);
      const broken = gatewayFor(() => catalog, () => new ToolPolicy([]), { hooks: () => [{ pluginId: 'crashy', run: () => Promise.reject(new Error('boom')) }] }).gateway;
      const out2 = await broken.call('notes_search', { q: 'fine' }, { callId: 'h2' });
      assert.equal(out2.blockedBy, 'hook:crashy');
      assert.equal(out2.error, 'notes_search blocked: the beforeToolCall hook of plugin "crashy" failed');
      assert.match(out2.detail?.error ?? '', /hook of plugin "crashy" failed: boom/);
      assert.deepEqual(src.executed, []);
    });
  });

});

describe('gateway arguments', () => {
  describe('arguments', () => {
    const notes = () => new RecordingSource('notes', [def('mcp', 'notes', 'notes_search', 'Search notes')]);

    it('refuses arguments that do not fit the input schema before asking anyone, and never runs the tool', async () => {
      const src = notes();
      const catalog = await catalogFrom([src]);
      const asked: ApprovalRequest[] = [];
      const { gateway } = gatewayFor(() => catalog, () => new ToolPolicy([]), {
        approvals: new ApprovalPolicy([{ pattern: 'notes_*' }]),
        approver: (req) => {
          asked.push(req);
          return Promise.resolve(true);
        },
      });
      const missing = await gateway.call('notes_search', {}, { callId: 'a1' });
      assert.equal(missing.ok, false);
      assert.equal(missing.blockedBy, 'invalid-args');
      assert.equal(missing.error, 'notes_search: arguments do not match its input schema: missing required property "q"');
      const wrongType = await gateway.call('notes_search', { q: 42 }, { callId: 'a2' });
      assert.equal(wrongType.blockedBy, 'invalid-args');
      assert.match(wrongType.error ?? '', /q: .*string/);
      assert.deepEqual(src.executed, []);
      assert.deepEqual(asked, [], 'nobody is asked to approve a call that cannot run');
      const ok = await gateway.call('notes_search', { q: 'milk' }, { callId: 'a3' });
      assert.equal(ok.ok, true);
      assert.equal(asked.length, 1);
    });

    it('call resolves names exactly as describe does: MCP raw names too, and misses name failed servers', async () => {
      const src = new RecordingSource('notes', [def('mcp', 'notes', 'notes__lookup', 'Look a note up', { rawName: 'lookup' })]);
      const catalog = await catalogFrom([src]);
      const { gateway } = gatewayFor(() => catalog, () => new ToolPolicy([]));
      const api = composeToolSearchApi({ index: ToolIndex.fromCatalog(catalog), gateway, catalog: () => catalog, policy: () => new ToolPolicy([]) });
      assert.equal(api.describe('lookup').id, 'mcp:notes:lookup');
      const out = await gateway.call('lookup', { q: 'x' }, { callId: 'r1' });
      assert.equal(out.ok, true, out.error);
      assert.equal(out.tool?.id, 'mcp:notes:lookup');
    });

    it('refuses the call when the schema cannot be used to check it (fail closed), with the reason', async () => {
      const odd = new RecordingSource('odd', [def('mcp', 'odd', 'odd_tool', 'Odd', { parameters: { type: 'object', properties: { q: { $ref: '#/$defs/missing' } } } })]);
      const catalog = await catalogFrom([odd]);
      const { gateway } = gatewayFor(() => catalog, () => new ToolPolicy([]));
      const out = await gateway.call('odd_tool', { q: 'x' }, { callId: 'o1' });
      assert.equal(out.ok, false);
      assert.equal(out.blockedBy, 'invalid-args');
      assert.match(out.error ?? '', /^odd_tool: the argument check failed: Unresolved \$ref "#\/\$defs\/missing".*; the call was refused$/);
      assert.deepEqual(odd.executed, []);
    });
  });
});
