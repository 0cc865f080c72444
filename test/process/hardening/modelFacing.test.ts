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

describe('model-facing answers (structured tools mode)', () => {
  async function setup() {
    const policy = new ToolPolicy([layer('tools', { deny: ['crm_secret_export'] })]);
    const src = new RecordingSource('crm', [def('openclaw', 'crm', 'crm_refund', 'Refund an order'), def('openclaw', 'crm', 'crm_secret_export', 'Export every customer record')]);
    const catalog = await catalogFrom([src], policy, { mode: 'tools' });
    const log = new SessionLog();
    const hooks = () => [{ pluginId: 'guard', run: () => Promise.reject(new Error('cannot open /home/someone/.openclaw/extensions/guard/rules.json')) }];
    const gateway = new ToolGateway({ catalog: () => catalog, policy: () => policy, approvals: new ApprovalPolicy([]), log, hooks });
    const api = composeToolSearchApi({ index: ToolIndex.fromCatalog(catalog), gateway, catalog: () => catalog, policy: () => policy, log });
    const dispatcher = new TurnDispatcher({ surface: buildSurface({ catalog, mode: 'tools', isolation: { ok: true } }), api, catalog: () => catalog, log });
    return { dispatcher, log, src };
  }

  it('tool_describe and tool_call of an excluded tool both say unknown; the output carries no developer detail', async () => {
    const { dispatcher, log, src } = await setup();
    const described = await dispatcher.dispatch({ callId: 'd', name: 'tool_describe', arguments: { id: 'crm_secret_export' } });
    const called = await dispatcher.dispatch({ callId: 'c', name: 'tool_call', arguments: { id: 'crm_secret_export', args: { q: 'all' } } });
    for (const r of [described, called]) {
      assert.equal(r.ok, false);
      assert.match(r.error ?? '', /^Unknown tool id: crm_secret_export\./);
      assert.doesNotMatch(JSON.stringify(r.output), /deny|denied|policy|openclaw\.json|cannot be called/);
    }
    assert.deepEqual(src.executed, []);
    // The session log (developer-facing) keeps the reason.
    assert.ok(log.events.some((e) => e.type === 'call' && e.blockedBy === 'policy' && /denied by tools\.deny/.test(e.error ?? '')));
  });

  it('a failing hook is reported with its plugin id, never with the path in its error', async () => {
    const { dispatcher, log } = await setup();
    const r = await dispatcher.dispatch({ callId: 'h', name: 'tool_call', arguments: { id: 'crm_refund', args: { q: 'order 1' } } });
    assert.equal(r.ok, false);
    assert.equal(r.error, 'crm_refund blocked: the beforeToolCall hook of plugin "guard" failed');
    assert.doesNotMatch(JSON.stringify(r.output), /home|rules\.json/);
    assert.ok(log.events.some((e) => e.type === 'call' && /rules\.json/.test(e.error ?? '')), 'the log lost the real error');
  });
});
