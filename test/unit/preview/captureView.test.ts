// The capture as Mode Preview draws it: per-mode progress, the finished
// diff per mode, refusal and cancel, and the protocol that carries it.
import * as assert from 'node:assert/strict';
import type { CaptureReport, ModeCapture } from '../../../src/core/capture/capture';
import { checkCapture, checkedAgainst } from '../../../src/core/capture/captureCheck';
import { finishedView, progressText, refusedView, startedView, withTurn } from '../../../src/extension/preview/captureView';
import { parseHostMessage, parseWebviewMessage } from '../../../src/webview/shared/previewProtocol';

/** A predicted side with no volatile values (the bodies here have none). */
const side = (body: unknown): { body: unknown; volatile: Record<string, string> } => ({ body, volatile: {} });

const BODY = { model: 'm', messages: [{ role: 'system', content: 'You are OpenClaw.' }, { role: 'user', content: 'hi' }], tools: [{ type: 'function', function: { name: 'read', description: 'Read.', parameters: { type: 'object' } } }] };

function turn(mode: ModeCapture['mode'], body: unknown, outcome: ModeCapture['outcome'] = 'ok'): ModeCapture {
  const requests = outcome === 'ok' ? [{ seq: 1, atMs: 1, method: 'POST', path: '/v1/chat/completions', headers: [], bytes: JSON.stringify(body).length, body }] : [];
  return {
    mode,
    outcome,
    exitCode: outcome === 'ok' ? 0 : null,
    signal: null,
    wallMs: 9000,
    requests,
    droppedRequests: 0,
    networkRefused: [],
    ...(outcome === 'ok' ? { first: { seq: 1, bytes: 10, toolNames: ['read'], toolsCount: 1, toolsBytes: 5, systemPromptChars: 17, messageCount: 2, roles: ['system', 'user'] } } : { error: outcome === 'cancelled' ? 'cancelled' : 'boom' }),
  };
}

function report(modes: ModeCapture[], version = '2026.9.6'): CaptureReport {
  return { openclaw: { version, packageDir: '/p', node: '/n' }, prompt: 'hi', provider: { id: 'p', model: 'm' }, concurrency: 4, wallMs: 12000, ok: modes.every((m) => m.outcome === 'ok'), modes: Object.fromEntries(modes.map((m) => [m.mode, m])) };
}

describe('Mode Preview: the real request capture', () => {
  it('shows each mode waiting, running, then done, and says so in the notification line', () => {
    let v = startedView(['direct', 'code'], '2026.9.6', '2026.9.6', 'hi');
    assert.deepEqual(v.modes.map((m) => m.status), ['pending', 'pending']);
    v = withTurn(v, 'code', 'start');
    assert.equal(progressText(v), 'code running · 0 of 2 modes done');
    v = withTurn(v, 'code', 'end', turn('code', BODY));
    assert.deepEqual(v.modes.map((m) => m.status), ['pending', 'ok']);
    assert.equal(progressText(v), '1 of 2 modes done');
  });

  it('a turn waiting for a turn slot says so, not "running", until it has one', () => {
    let v = startedView(['direct', 'code'], '2026.9.6', '2026.9.6', 'hi');
    v = withTurn(withTurn(v, 'code', 'start'), 'direct', 'start');
    v = withTurn(v, 'direct', 'queued');
    assert.deepEqual(v.modes.map((m) => m.status), ['queued', 'running']);
    assert.equal(progressText(v), 'code running · direct waiting for a turn slot · 0 of 2 modes done');
    v = withTurn(v, 'direct', 'start');
    assert.deepEqual(v.modes.map((m) => m.status), ['running', 'running']);
    assert.ok(parseHostMessage({ type: 'capture', view: withTurn(v, 'code', 'queued') }), 'the protocol carries a queued mode');
  });

  it('finishes with each mode\'s diff and verdict, and the version the prediction was checked against', () => {
    const r = report([turn('direct', BODY), turn('code', { ...BODY, tools: [] })]);
    const check = checkCapture(r, { direct: side(BODY), code: side(BODY) }, '2026.9.6', { tokens: false });
    const v = finishedView(startedView(['direct', 'code'], '2026.9.6', '2026.9.6', 'hi'), check, r.modes, r.wallMs, false);
    assert.equal(v.status, 'done');
    assert.equal(v.modes[0]?.matched, true);
    assert.equal(v.modes[1]?.matched, false);
    assert.deepEqual(v.modes[1]?.diff?.tools.removed, ['read']);
    assert.match(v.message ?? '', /differs from what OpenClaw 2026\.9\.6 sent/);
    assert.deepEqual(checkedAgainst('2026.9.6', check), { modelled: '2026.9.6', capture: { version: '2026.9.6', matched: false, modes: { direct: true, code: false } } });
    assert.deepEqual(checkedAgainst('2026.9.6'), { modelled: '2026.9.6' });
    // The view crosses to the webview intact.
    assert.deepEqual(parseHostMessage({ type: 'capture', view: v }), { type: 'capture', view: v });
  });

  it('says what walled the turns in: their writes and their own network, as the report has it (issue 43)', () => {
    const contained = { os: true, text: 'contained by the OS layer: own user, mount, PID and network namespaces', network: { own: true, text: 'its own network namespace: only the loopback ports the capture relays reach the host' } };
    const r = report([{ ...turn('direct', BODY), containment: contained }]);
    const v = finishedView(startedView(['direct'], '2026.9.6', '2026.9.6', 'hi'), checkCapture(r, { direct: side(BODY) }, '2026.9.6', { tokens: false }), r.modes, 100, false);
    assert.deepEqual(v.containment, { writes: contained.text, network: contained.network.text });
    assert.deepEqual(parseHostMessage({ type: 'capture', view: v }), { type: 'capture', view: v });
    // A value the webview would draw unbounded is refused at the boundary.
    assert.equal(parseHostMessage({ type: 'capture', view: { ...v, containment: { writes: 'x'.repeat(601), network: '' } } }), undefined);
    const bare = report([turn('direct', BODY)]);
    assert.equal(finishedView(startedView(['direct'], '2026.9.6', '2026.9.6', 'hi'), checkCapture(bare, { direct: side(BODY) }, '2026.9.6', { tokens: false }), bare.modes, 100, false).containment, undefined);
  });

  it('a capture of another OpenClaw than the modelled one never matches', () => {
    const r = report([turn('direct', BODY)], '2026.1.30');
    const check = checkCapture(r, { direct: side(BODY) }, '2026.9.6', { tokens: false });
    assert.equal(check.modes.direct?.matched, true);
    assert.equal(check.matched, false);
  });

  it('a cancelled capture says so; modes that never ran are cancelled, not failed', () => {
    const r = report([turn('direct', BODY, 'cancelled')]);
    const check = checkCapture(r, { direct: side(BODY), code: side(BODY) }, '2026.9.6', { tokens: false });
    const v = finishedView(startedView(['direct', 'code'], '2026.9.6', '2026.9.6', 'hi'), check, r.modes, 100, true);
    assert.equal(v.status, 'cancelled');
    assert.deepEqual(v.modes.map((m) => m.status), ['cancelled', 'cancelled']);
    assert.equal(v.modes[0]?.diff, undefined);
    assert.match(v.message ?? '', /Cancelled/);
  });

  it('a failed turn fails the capture with its reason', () => {
    const r = report([turn('direct', BODY, 'failed')]);
    const v = finishedView(startedView(['direct'], '2026.9.6', '2026.9.6', 'hi'), checkCapture(r, { direct: side(BODY) }, '2026.9.6', { tokens: false }), r.modes, 100, false);
    assert.equal(v.status, 'failed');
    assert.match(v.message ?? '', /direct: boom/);
  });

  it('turns that sent nothing make the header say the capture failed, with OpenClaw\'s reason once, never that the prediction differs', () => {
    const r = report([turn('direct', BODY, 'failed'), turn('code', BODY, 'failed')]);
    const check = checkCapture(r, { direct: side(BODY), code: side(BODY) }, '2026.9.6', { tokens: false });
    const against = checkedAgainst('2026.9.6', check);
    assert.equal(against.capture?.failed, 'boom');
    assert.equal(against.capture?.matched, false);
    const v = finishedView(startedView(['direct', 'code'], '2026.9.6', '2026.9.6', 'hi'), check, r.modes, 100, false);
    assert.equal(v.message, 'capture failed: direct, code: boom');
    // One mode compared, one failed: the failed one is named with its reason.
    const mixed = checkCapture(report([turn('direct', BODY), turn('code', BODY, 'failed')]), { direct: side(BODY), code: side(BODY) }, '2026.9.6', { tokens: false });
    assert.equal(checkedAgainst('2026.9.6', mixed).capture?.failed, 'code: boom');
  });

  it('the protocol carries capture, cancel and refusal and nothing malformed', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'capture', extra: 1 }), { type: 'capture' });
    assert.deepEqual(parseWebviewMessage({ type: 'cancelCapture' }), { type: 'cancelCapture' });
    const refused = refusedView('untrusted');
    assert.deepEqual(parseHostMessage({ type: 'capture', view: refused }), { type: 'capture', view: refused });
    for (const bad of [{ status: 'bogus', modes: [] }, { status: 'done', modes: [{ mode: 'all', status: 'ok' }] }, { status: 'done', modes: [{ mode: 'code', status: 'ok', diff: { same: true } }] }, { status: 'done' }]) {
      assert.equal(parseHostMessage({ type: 'capture', view: bad }), undefined, JSON.stringify(bad));
    }
  });
});
