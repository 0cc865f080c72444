import * as assert from 'node:assert/strict';
import { ApprovalPolicy } from '../../../src/core/gateway/approvals';
import { ToolGateway } from '../../../src/core/gateway/gateway';
import { composeToolSearchApi } from '../../../src/core/gateway/toolSearchApi';
import { TurnDispatcher } from '../../../src/core/modes/turnDispatcher';
import { buildSurface } from '../../../src/core/modes/surface';
import { ToolPolicy } from '../../../src/core/policy/policyEngine';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import { SessionLog } from '../../../src/core/telemetry/sessionLog';
import { RecordingSource, catalogFrom, def, layer } from '../../unit/gateway/fixtures';

async function setup(mode: 'directory' | 'tools' | 'code' | 'direct', policy = new ToolPolicy([])) {
  const src = new RecordingSource('crm', [
    def('openclaw', 'crm', 'crm_invoice_lookup', 'Look up an invoice by number'),
    def('openclaw', 'crm', 'crm_refund', 'Refund an order'),
    def('openclaw', 'crm', 'crm_secret_export', 'Export every customer record'),
  ]);
  const catalog = await catalogFrom([src], policy, { mode });
  const log = new SessionLog();
  const gateway = new ToolGateway({ catalog: () => catalog, policy: () => policy, approvals: new ApprovalPolicy([]), log });
  const api = composeToolSearchApi({ index: ToolIndex.fromCatalog(catalog), gateway, catalog: () => catalog, policy: () => policy, log });
  const surface = buildSurface({ catalog, mode, isolation: { ok: true } });
  const dispatcher = new TurnDispatcher({ surface, api, catalog: () => catalog, log });
  return { src, catalog, dispatcher, surface, log };
}

describe('exact-name hydration (directory mode)', () => {
  it('a direct call to the exact name of a tool hidden behind the directory runs through the gateway', async () => {
    const { src, dispatcher, surface, log } = await setup('directory');
    assert.ok(!surface.tools.some((t) => t.name === 'crm_refund'), 'precondition: hidden behind the directory');
    assert.ok(surface.directory?.text.includes('- crm_refund (crm): Refund an order'));
    const r = await dispatcher.dispatch({ callId: 'call_1', name: 'crm_refund', arguments: '{"q":"order 42"}' });
    assert.equal(r.ok, true, r.error);
    assert.deepEqual(src.executed, [{ id: 'openclaw:crm:crm_refund', args: { q: 'order 42' } }]);
    const call = log.events.find((e) => e.type === 'call');
    assert.ok(call?.type === 'call' && call.via === 'hydrated' && call.id === 'openclaw:crm:crm_refund');
  });

  it('hydrates only the exact name: no case folding, no ids, no near misses', async () => {
    const { src, dispatcher } = await setup('directory');
    for (const name of ['CRM_REFUND', 'crm_refunds', 'openclaw:crm:crm_refund']) {
      const r = await dispatcher.dispatch({ callId: 'x', name, arguments: '{}' });
      assert.equal(r.ok, false, name);
      assert.match(r.error ?? '', /Unknown tool: .* is not available in this turn/);
    }
    assert.deepEqual(src.executed, []);
  });

  it('never hydrates a tool outside the policy', async () => {
    const { src, dispatcher, surface } = await setup('directory', new ToolPolicy([layer('tools', { deny: ['crm_secret_export'] })]));
    assert.ok(!surface.directory?.text.includes('crm_secret_export'));
    const r = await dispatcher.dispatch({ callId: 'x', name: 'crm_secret_export', arguments: '{}' });
    assert.equal(r.ok, false);
    assert.deepEqual(src.executed, []);
  });

  it('is a directory-mode rule: tools mode refuses hidden names and points at tool search', async () => {
    const { src, dispatcher } = await setup('tools');
    const r = await dispatcher.dispatch({ callId: 'x', name: 'crm_refund', arguments: '{}' });
    assert.equal(r.ok, false);
    assert.match(r.error ?? '', /find it with tool search/);
    const viaCall = await dispatcher.dispatch({ callId: 'y', name: 'tool_call', arguments: { id: 'openclaw:crm:crm_refund', args: { q: '1' } } });
    assert.equal(viaCall.ok, true);
    assert.equal(src.executed.length, 1);
  });

  it('routes tool_search and tool_describe to the index with the call id in the log', async () => {
    const { dispatcher, log } = await setup('tools');
    const s = await dispatcher.dispatch({ callId: 'call_s', name: 'tool_search', arguments: '{"query":"refund an order","limit":3}' });
    assert.equal(s.ok, true);
    const d = await dispatcher.dispatch({ callId: 'call_d', name: 'tool_describe', arguments: '{"id":"crm_refund"}' });
    assert.equal((d.output as { id: string }).id, 'openclaw:crm:crm_refund');
    const search = log.events.find((e) => e.type === 'search');
    assert.ok(search?.type === 'search' && search.callId === 'call_s' && search.hits[0] === 'openclaw:crm:crm_refund');
    const bad = await dispatcher.dispatch({ callId: 'call_e', name: 'tool_search', arguments: '{"query":"  "}' });
    assert.equal(bad.ok, false);
    assert.match(bad.error ?? '', /non-empty query/);
  });
});
