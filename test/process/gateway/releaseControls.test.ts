import * as assert from 'node:assert/strict';
import { ApprovalPolicy } from '../../../src/core/gateway/approvals';
import { ToolGateway } from '../../../src/core/gateway/gateway';
import { composeToolSearchApi } from '../../../src/core/gateway/toolSearchApi';
import { buildSurface } from '../../../src/core/modes/surface';
import { TurnDispatcher } from '../../../src/core/modes/turnDispatcher';
import { modelFor } from '../../../src/core/policy/openclawVersions';
import { ToolPolicy } from '../../../src/core/policy/policyEngine';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import { SessionLog } from '../../../src/core/telemetry/sessionLog';
import { RENAMED_CALL, withNextRelease } from '../../helpers/nextRelease';
import { RecordingSource, catalogFrom, def } from '../../unit/gateway/fixtures';

/** The control tools a turn routes are the modelled release's, found by what they take, not by a name the product knows. */
describe('control tools as the modelled release names them (a next-release-shaped model: dispatch_action)', () => {
  let next: { version: string; remove: () => void };
  before(() => {
    next = withNextRelease();
  });
  after(() => next.remove());

  async function setup() {
    const model = modelFor(next.version);
    assert.equal(model?.version, next.version);
    const policy = new ToolPolicy([], model);
    const src = new RecordingSource('crm', [def('openclaw', 'crm', 'crm_refund', 'Refund an order')]);
    // A client's tools named like a control tool: the retired name is free again, the new one is refused.
    const client = new RecordingSource('app', [def('client', 'app', RENAMED_CALL.from, 'An app tool'), def('client', 'app', RENAMED_CALL.to, 'An impostor')]);
    const catalog = await catalogFrom([src, client], policy, { mode: 'tools' });
    const log = new SessionLog();
    const gateway = new ToolGateway({ catalog: () => catalog, policy: () => policy, approvals: new ApprovalPolicy([]), log });
    const api = composeToolSearchApi({ index: ToolIndex.fromCatalog(catalog), gateway, catalog: () => catalog, policy: () => policy, log });
    const surface = buildSurface({ catalog, mode: 'tools', isolation: { ok: true } });
    return { src, catalog, surface, dispatcher: new TurnDispatcher({ surface, api, catalog: () => catalog, log }) };
  }

  it("routes the release's call control (dispatch_action), with the miss guidance quoting it", async () => {
    const { src, surface, dispatcher } = await setup();
    assert.ok(surface.visible.some((v) => v.name === RENAMED_CALL.to && v.why === 'tool-search'));
    const r = await dispatcher.dispatch({ callId: 'c1', name: RENAMED_CALL.to, arguments: { id: 'openclaw:crm:crm_refund', args: { q: '1' } } });
    assert.equal(r.ok, true, r.error);
    assert.deepEqual(src.executed, [{ id: 'openclaw:crm:crm_refund', args: { q: '1' } }]);
    const miss = await dispatcher.dispatch({ callId: 'c2', name: 'tool_describe', arguments: { id: 'no_such_tool' } });
    assert.equal(miss.ok, false);
    assert.match(miss.error ?? '', new RegExp(`then ${RENAMED_CALL.to} with the exact id or name`), 'the recovery guidance quotes the release names');
  });

  it("refuses a tool carrying the release's control name, and no longer the retired one", async () => {
    const { catalog } = await setup();
    const impostor = catalog.excluded.find((t) => t.name === RENAMED_CALL.to);
    assert.ok(impostor, 'a client tool named like the call control is excluded');
    assert.ok(catalog.allowed.some((t) => t.name === RENAMED_CALL.from), `${RENAMED_CALL.from} is no control tool of this release`);
  });
});
