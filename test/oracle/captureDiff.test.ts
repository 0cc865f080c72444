// The prediction checked against a real OpenClaw turn through the CLI:
// `capture --diff` puts each mode's structural diff beside its capture, and
// `preview --capture` says which OpenClaw the prediction was checked against
// and whether it matched. Both read the real request OpenClaw sent to the
// recording provider; the verdicts must agree with the diffs they carry.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { CaptureReport, ModeCapture } from '../../src/core/capture/capture';
import type { CheckedAgainst } from '../../src/core/capture/captureCheck';
import type { RequestDiff } from '../../src/core/capture/requestDiff';
import { runCliCaptured } from '../helpers/cliCapture';
import { openclawLocation, openclawSpec, REPO } from './harness';

const WORKSPACE = path.join(REPO, 'test', 'fixtures', 'capture', 'qa-workspace');
const PROMPT = 'Call fake_plugin_tool_17 with marker QA-17.';

type DiffedReport = Omit<CaptureReport, 'modes'> & { modes: Record<string, ModeCapture & { diff?: RequestDiff; matched: boolean }>; checkedAgainst: CheckedAgainst };

describe('oracle: the prediction checked against a real capture (CLI)', function () {
  this.timeout(420_000);

  it('capture --diff and preview --capture: each mode\'s diff of what OpenClaw really sent, and the verdict it implies', async () => {
    await openclawLocation();
    const common = ['--workspace', WORKSPACE, '--no-user-config', '--json', '--openclaw', openclawSpec(), '--prompt', PROMPT];
    // Side by side: one turn each.
    const [c, p] = await Promise.all([
      runCliCaptured(['capture', ...common, '--diff', '--mode', 'direct,tools'], REPO, { ...process.env }),
      runCliCaptured(['preview', ...common, '--capture', '--mode', 'tools'], REPO, { ...process.env }),
    ]);
    assert.equal(c.code, 0, c.err);
    const report = JSON.parse(c.out) as DiffedReport;
    for (const m of ['direct', 'tools']) {
      const mc = report.modes[m];
      assert.ok(mc?.first && mc.diff, `${m}: ${mc?.error ?? 'no diff'}`);
      const d = mc.diff;
      // The real side of the diff is the request the provider received.
      assert.equal(d.tools.real, mc.first.toolsCount);
      assert.equal(d.sizes.real.bytes, mc.first.bytes);
      assert.equal(d.messages.real, mc.first.messageCount);
      assert.ok(d.sizes.real.tokens > 0 && d.sizes.predicted.tokens > 0);
      const realNames = new Set(mc.first.toolNames);
      for (const name of d.tools.added) {
        assert.ok(realNames.has(name), `${m}: ${name} is listed as only real but was not sent`);
      }
      for (const name of d.tools.removed) {
        assert.ok(!realNames.has(name), `${m}: ${name} is listed as only predicted but was sent`);
      }
      assert.equal(d.tools.same + d.tools.changed.length + d.tools.added.length, d.tools.real);
      assert.equal(mc.matched, d.same);
      // Issue 26's promise: the prediction is the request OpenClaw sent, byte for byte after normalization.
      assert.equal(d.same, true, `${m}: the prediction differs from the real request: ${JSON.stringify({ tools: d.tools, prompt: d.prompt, messages: d.messages.differences, envelope: d.envelope }).slice(0, 2000)}`);
      assert.equal(d.sizes.predicted.bytes, d.sizes.real.bytes, `${m}: the same bytes`);
      console.log(`      ${m}: tools ${d.tools.real} real / ${d.tools.predicted} predicted (${d.tools.added.length} only real, ${d.tools.removed.length} only predicted, ${d.tools.changed.length} changed); prompt sections +${d.prompt.added.length} -${d.prompt.removed.length} ~${d.prompt.changed.length}; envelope ${d.envelope.map((e) => e.key).join(', ')}; bytes ${d.sizes.real.bytes} / ${d.sizes.predicted.bytes}`);
    }
    assert.equal(report.checkedAgainst.modelled, '2026.9.6');
    assert.equal(report.checkedAgainst.capture?.version, '2026.9.6');
    assert.deepEqual(report.checkedAgainst.capture?.modes, { direct: report.modes.direct?.matched, tools: report.modes.tools?.matched });

    assert.equal(p.code, 0, p.err);
    const preview = JSON.parse(p.out) as { mode: string; checkedAgainst: CheckedAgainst };
    assert.equal(preview.mode, 'tools');
    assert.equal(preview.checkedAgainst.modelled, '2026.9.6');
    const cap = preview.checkedAgainst.capture;
    assert.ok(cap, 'preview --capture reports the capture');
    assert.equal(cap.version, '2026.9.6');
    assert.equal(typeof cap.modes.tools, 'boolean');
    assert.equal(cap.matched, cap.modes.tools === true);
    assert.equal(cap.matched, true, 'preview --capture: the prediction matched the real turn');
    // The same prediction, the same kind of turn: both runs agree on tools mode.
    assert.equal(cap.modes.tools, report.modes.tools?.matched);
  });
});
