// `verify`'s differential against real runs (core/oracle/verifyRequests.ts):
// every part of a captured request that differs from the prediction is a
// `request` difference (undocumented: it makes `verify` exit 1), and a turn
// that sent no request is one too, with OpenClaw's reason.
import * as assert from 'node:assert/strict';
import type { CaptureReport, ModeCapture } from '../../../src/core/capture/capture';
import { undocumented } from '../../../src/core/oracle/differences';
import { withRealRequests, type VerifyReport } from '../../../src/core/oracle/verify';
import { verifyRequests } from '../../../src/core/oracle/verifyRequests';

const side = (body: unknown): { body: unknown; volatile: Record<string, string> } => ({ body, volatile: {} });
const tool = (name: string, description = `${name}.`) => ({ type: 'function', function: { name, description, parameters: { type: 'object' } } });
const BODY = { model: 'm', stream: true, messages: [{ role: 'system', content: '# Tools\nUse them.' }, { role: 'user', content: 'hi' }], tools: [tool('exec'), tool('read')] };

function turn(mode: ModeCapture['mode'], body: unknown, outcome: ModeCapture['outcome'] = 'ok'): ModeCapture {
  return {
    mode,
    outcome,
    exitCode: outcome === 'ok' ? 0 : 1,
    signal: null,
    wallMs: 9000,
    requests: outcome === 'ok' ? [{ seq: 1, atMs: 1, method: 'POST', path: '/v1/chat/completions', headers: [], bytes: JSON.stringify(body).length, body }] : [],
    droppedRequests: 0,
    networkRefused: [],
    ...(outcome === 'ok'
      ? { first: { seq: 1, bytes: 10, toolNames: [], toolsCount: 2, toolsBytes: 5, systemPromptChars: 17, messageCount: 2, roles: ['system', 'user'] } }
      : { error: 'openclaw exited with code 1', stderrTail: 'Config invalid: tools.profile\n' }),
  };
}

function report(modes: ModeCapture[]): CaptureReport {
  return { openclaw: { version: '2026.9.6', packageDir: '/p', node: '/n' }, prompt: 'hi', provider: { id: 'p', model: 'm' }, concurrency: 4, wallMs: 12000, ok: modes.every((m) => m.outcome === 'ok'), modes: Object.fromEntries(modes.map((m) => [m.mode, m])) };
}

describe('verify: the differential against real runs', () => {
  it('a request equal to the prediction is a match and no difference', () => {
    const r = verifyRequests(report([turn('direct', BODY)]), { direct: side(BODY) }, '2026.9.6');
    assert.equal(r.real.matched, true);
    assert.equal(r.real.modes.direct?.matched, true);
    assert.match(r.real.modes.direct?.line ?? '', /^direct: the prediction equals the real request/);
    assert.deepEqual(r.differences, []);
  });

  it('names each part that differs: tools only real or only predicted, a changed description, a prompt section, the envelope', () => {
    const real = { ...BODY, stream_options: { include_usage: true }, messages: [{ role: 'system', content: '# Tools\nUse them.\n# Skills\nNone.' }, BODY.messages[1]], tools: [tool('exec', 'Run a command.'), tool('intent')] };
    const r = verifyRequests(report([turn('code', real)]), { code: side(BODY) }, '2026.9.6');
    assert.equal(r.real.matched, false);
    const found = r.differences.map((d) => `${d.suite} ${d.subject} ${d.field} ${JSON.stringify(d.ours)} -> ${JSON.stringify(d.openclaw)}`);
    assert.ok(found.includes('request code tool intent present false -> true'), found.join('\n'));
    assert.ok(found.includes('request code tool read present true -> false'), found.join('\n'));
    assert.ok(found.includes('request code tool exec description "predicted description" -> "another description"'), found.join('\n'));
    assert.ok(found.some((f) => f.startsWith('request code system prompt section "# Skills" present false -> true')), found.join('\n'));
    assert.ok(found.some((f) => f.startsWith('request code envelope stream_options value "(not sent)"')), found.join('\n'));
    assert.equal(undocumented(r.differences).length, r.differences.length, 'no request difference is excused');
  });

  it('a turn that sent no request is a difference with OpenClaw\'s reason', () => {
    const r = verifyRequests(report([turn('tools', undefined, 'failed')]), { tools: side(BODY) }, '2026.9.6');
    assert.equal(r.real.modes.tools?.outcome, 'failed');
    assert.equal(r.differences.length, 1);
    assert.equal(r.differences[0]?.subject, 'tools turn');
    assert.match(JSON.stringify(r.differences[0]?.openclaw), /openclaw exited with code 1/);
    assert.match(r.differences[0]?.detail ?? '', /Config invalid/);
  });

  it('joins the function checks\' report: the count of compared requests, and the undocumented total that sets the exit code', () => {
    const base: VerifyReport = { openclaw: { version: '2026.9.6' }, checked: { config: 1, policy: 0, compact: 0, directory: 1, lookups: 0 }, policy: [], differences: [], undocumented: 0 };
    const real = verifyRequests(report([turn('direct', BODY), turn('code', { ...BODY, tools: [] })]), { direct: side(BODY), code: side(BODY) }, '2026.9.6');
    const joined = withRealRequests(base, real);
    assert.equal(joined.checked.requests, 2);
    assert.equal(joined.undocumented, 2);
    assert.equal(joined.real?.modes.direct?.matched, true);
    assert.equal(joined.real?.modes.code?.matched, false);
  });
});
