// `tool-search-inspect verify`: exit codes, and a deliberately wrong profile
// table reported by tool and rule.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { VerifyReport } from '../../src/core/oracle/verify';
import type { RealModeVerdict } from '../../src/core/oracle/verifyRequests';
import { NEWEST_OPENCLAW_VERSION, modelFor } from '../../src/core/policy/openclawVersions';
import { runCliCaptured } from '../helpers/cliCapture';
import { oracle, REPO } from './harness';

const FIXTURE = path.join(REPO, 'test', 'fixtures', 'oracle', 'wrong-policy');
const DEMO = path.join(REPO, 'examples', 'demo');
/** test:real's QA workspace: the fake plugin and an MCP server, predicted byte for byte. */
const QA = path.join(REPO, 'test', 'fixtures', 'capture', 'qa-workspace');

async function verify(args: string[]): Promise<{ code: number; report: VerifyReport; err: string }> {
  const r = await runCliCaptured(['verify', '--no-user-config', '--json', ...args], REPO, { ...process.env });
  assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.err}`);
  return { code: r.code, report: JSON.parse(r.out) as VerifyReport, err: r.err };
}

/** The function checks alone (OpenClaw's functions fed with our catalog), without the real turns. */
async function verifyFunctions(args: string[]): Promise<{ code: number; report: VerifyReport; err: string }> {
  const r = await runCliCaptured(['verify', '--no-user-config', '--json', '--functions-only', ...args], REPO, { ...process.env });
  assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.err}`);
  return { code: r.code, report: JSON.parse(r.out) as VerifyReport, err: r.err };
}

function policyDifferences(report: VerifyReport): Map<string, { ours: unknown; openclaw: unknown; detail?: string }> {
  return new Map(report.differences.filter((d) => d.suite === 'policy').map((d) => [d.subject, { ours: d.ours, openclaw: d.openclaw, detail: d.detail }]));
}

/** Makes our "minimal" profile wrong for the duration of `fn`: `read` instead of `session_status`. */
async function withWrongMinimalProfile<T>(fn: () => Promise<T>): Promise<T> {
  // The pinned OpenClaw is the newest modelled version: patch that version's table.
  const table = modelFor(NEWEST_OPENCLAW_VERSION)?.profiles as unknown as Record<string, readonly string[] | null | undefined>;
  const original = table.minimal;
  table.minimal = ['read'];
  try {
    return await fn();
  } finally {
    table.minimal = original;
  }
}

describe('oracle: verify', () => {
  before(async () => {
    await oracle(); // makes sure the pinned OpenClaw is installed
  });

  it('reports a wrong profile table by tool and rule', async () => {
    const baseline = policyDifferences((await verifyFunctions(['--workspace', FIXTURE])).report);
    const { code, report } = await withWrongMinimalProfile(() => verifyFunctions(['--workspace', FIXTURE]));
    assert.equal(code, 1);
    const wrong = policyDifferences(report);
    const read = wrong.get('openclaw:core:read');
    assert.ok(read && !baseline.has('openclaw:core:read'), JSON.stringify([...wrong]));
    assert.equal(read.ours, true);
    assert.equal(read.openclaw, false);
    assert.match(read.detail ?? '', /openclaw: tools\.profile \(minimal\)/);
    const status = wrong.get('openclaw:core:session_status');
    assert.ok(status && !baseline.has('openclaw:core:session_status'), JSON.stringify([...wrong]));
    assert.equal(status.ours, false);
    assert.match(status.detail ?? '', /ours: tools\.profile \(minimal\): not in profile "minimal"/);
    const row = report.policy.find((p) => p.id === 'openclaw:core:read');
    assert.equal(row?.openclaw.blockedBy, 'tools.profile (minimal)');
  });

  it('prints each difference with both answers', async () => {
    const r = await withWrongMinimalProfile(() => runCliCaptured(['verify', '--no-user-config', '--functions-only', '--workspace', FIXTURE], REPO, { ...process.env }));
    assert.equal(r.code, 1);
    assert.match(r.out, /\[policy\] openclaw:core:read · allowed \(UNDOCUMENTED\)\n {2}ours: {5}true\n {2}openclaw: false/);
    assert.match(r.out, /undocumented difference/);
  });

  it('exits 3 when OpenClaw is not available, 2 on bad input', async () => {
    const missing = await runCliCaptured(['verify', '--no-user-config', '--workspace', FIXTURE, '--openclaw', '2000.1.1'], REPO, { ...process.env });
    assert.equal(missing.code, 3);
    assert.match(missing.err, /openclawTooling\.mjs --version 2000\.1\.1/);
    const notPackage = await runCliCaptured(['verify', '--no-user-config', '--workspace', FIXTURE, '--openclaw', FIXTURE], REPO, { ...process.env });
    assert.equal(notPackage.code, 3);
    const badConfig = await runCliCaptured(['verify', '--no-user-config', '--workspace', FIXTURE, '--config', 'no-such.json'], REPO, { ...process.env });
    assert.equal(badConfig.code, 2);
  });

  it('finds no undocumented difference on the demo workspace', async () => {
    const { report } = await verifyFunctions(['--workspace', DEMO, '--snapshot', `github=${path.join(DEMO, 'snapshots', 'github')}`]);
    assert.equal(report.real, undefined);
    const bad = report.differences.filter((d) => d.known === undefined);
    assert.equal(bad.length, 0, bad.slice(0, 10).map((d) => `${d.suite} ${d.subject} ${d.field}: ours ${JSON.stringify(d.ours)} openclaw ${JSON.stringify(d.openclaw)}`).join('\n'));
  });

  it('runs a real turn per mode and says what the differential finds: the QA workspace matches in all four modes', async () => {
    // The QA prompt every real-turn suite uses: these turns are shared with them (the capture store).
    const { code, report } = await verify(['--workspace', QA, '--prompt', 'Call fake_plugin_tool_17 with marker QA-17.', '--concurrency', '2', '--timeout', '360000']);
    const real = report.real;
    assert.ok(real, 'a real comparison ran');
    assert.equal(real.prompt, 'Call fake_plugin_tool_17 with marker QA-17.');
    assert.equal(report.checked.requests, 4);
    for (const mode of ['direct', 'code', 'tools', 'directory'] as const) {
      const m: RealModeVerdict | undefined = real.modes[mode];
      assert.ok(m, mode);
      assert.equal(m.outcome, 'ok', `${mode}: ${m.error ?? ''}`);
      assert.equal(m.matched, true, m.line);
    }
    assert.equal(real.checkedAgainst.capture?.matched, true);
    assert.deepEqual(report.differences.filter((d) => d.suite === 'request'), []);
    assert.equal(code, 0);
  });
});
