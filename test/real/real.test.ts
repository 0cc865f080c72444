// `npm run test:real`: real OpenClaw turns in all four modes on the
// workspaces of test/fixtures/real, each compared with `preview --json`'s
// prediction of OpenClaw's request (`openclaw.request`) after the one
// normalization of src/core/prompt/volatile.ts. The whole request is compared
// in parts (envelope, messages, system prompt, tools array); a difference
// prints the first differing place with both sides.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CaptureReport, ModeCapture } from '../../src/core/capture/capture';
import { parseJson5 } from '../../src/core/config/json5Document';
import type { PreviewJson } from '../../src/core/modes/preview';
import { configuredModelEntry } from '../../src/core/prompt/modelEntry';
import { normalizeRequest, type VolatileValues } from '../../src/core/prompt/volatile';
import type { ToolSearchModeName } from '../../src/core/types';
import { runCliCaptured } from '../helpers/cliCapture';
import { scratchDir } from '../helpers/scratch';
import { previewInTurn } from './previewInTurn';
import { openclawLocation, openclawSpec, REPO } from '../oracle/harness';
import { firstDifference, REQUEST_PARTS as PARTS, requestParts } from '../../src/core/prompt/requestDiff';

const FIXTURES = path.join(REPO, 'test', 'fixtures', 'real');
const WORKSPACES = ['qa', 'policy', 'small-window'];
/** `qa` is the QA workspace every real-turn suite shares; the others are test:real's own. */
const dirOf = (ws: string): string => (ws === 'qa' ? path.join(REPO, 'test', 'fixtures', 'capture', 'qa-workspace') : path.join(FIXTURES, ws));
const MODES: readonly ToolSearchModeName[] = ['direct', 'code', 'tools', 'directory'];
const PROMPT = 'Call fake_plugin_tool_17 with marker QA-17.';
/** A turn takes 20-70 s alone on two cores; six side by side take longer. */
const TURN_TIMEOUT_MS = 360_000;

interface Side {
  body: unknown;
  volatile: VolatileValues;
}

interface WorkspaceRun {
  capture: CaptureReport;
  previews: Partial<Record<ToolSearchModeName, PreviewJson>>;
}

async function captureOf(ws: string): Promise<CaptureReport> {
  const dir = dirOf(ws);
  const model = configuredModelEntry(parseJson5(path.join(dir, 'openclaw.json'), fs.readFileSync(path.join(dir, 'openclaw.json'), 'utf8')).value);
  assert.ok(model, `${ws}: the fixture must name its model`);
  const r = await runCliCaptured(
    ['capture', '--workspace', dir, '--no-user-config', '--json', '--openclaw', openclawSpec(), '--concurrency', '2', '--timeout', String(TURN_TIMEOUT_MS), '--mode', 'all', '--prompt', PROMPT, '--provider', `${model.provider}/${model.model}`],
    REPO,
    { ...process.env },
  );
  assert.ok(r.code === 0 || r.code === 1, `${ws}: capture exit ${r.code}: ${r.err}`);
  return JSON.parse(r.out) as CaptureReport;
}

async function previewOf(ws: string, mode: ToolSearchModeName, c: ModeCapture): Promise<PreviewJson> {
  return previewInTurn(dirOf(ws), mode, c, PROMPT, `${ws}/${mode}`);
}

function realSide(report: CaptureReport, c: ModeCapture): Side {
  const first = c.requests.find((q) => q.seq === c.first?.seq);
  assert.ok(first && c.paths, `${c.mode}: no request body or scratch paths in the capture`);
  return { body: first.body, volatile: { workspaceDir: c.paths.agentWorkspace, stateDir: c.paths.stateDir, openclawDir: report.openclaw.packageDir } };
}

function predictedSide(p: PreviewJson | undefined, mode: string): Side {
  assert.ok(p?.openclaw, `${mode}: the preview predicts no OpenClaw request`);
  return { body: p.openclaw.request, volatile: p.openclaw.volatile };
}

describe('real: the predicted request equals what OpenClaw sends', function () {
  // Twelve turns, two per workspace at a time, three workspaces side by side.
  this.timeout(900_000);
  const runs = new Map<string, WorkspaceRun>();

  before(async () => {
    await openclawLocation(); // installs the pinned OpenClaw when it is missing
    const started = Date.now();
    await Promise.all(
      WORKSPACES.map(async (ws) => {
        const capture = await captureOf(ws);
        const previews: WorkspaceRun['previews'] = {};
        for (const mode of MODES) {
          const c = capture.modes[mode];
          // A turn that sent its request and then outran the timeout still shows what OpenClaw sends.
          if (c?.first) {
            previews[mode] = await previewOf(ws, mode, c);
          }
        }
        runs.set(ws, { capture, previews });
        // TSI_REAL_SAVE=folder keeps both sides for test/real/compareFiles.ts.
        const save = process.env.TSI_REAL_SAVE;
        if (save) {
          fs.mkdirSync(save, { recursive: true });
          fs.writeFileSync(path.join(save, `${ws}.capture.json`), JSON.stringify(capture));
          fs.writeFileSync(path.join(save, `${ws}.preview.json`), JSON.stringify({ modes: previews }));
        }
      }),
    );
    console.log(`      captured ${WORKSPACES.length} workspaces x ${MODES.length} modes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  for (const ws of WORKSPACES) {
    for (const mode of MODES) {
      describe(`${ws} / ${mode}`, () => {
        const sides = (): { real: unknown; predicted: unknown } => {
          const run = runs.get(ws);
          assert.ok(run, `${ws}: no run`);
          const c = run.capture.modes[mode];
          assert.ok(c, `${ws}/${mode}: not captured`);
          assert.ok(c.first, `${ws}/${mode}: no request reached the recording provider (${c.outcome}): ${c.error ?? ''}\n${c.stderrTail ?? ''}`);
          const real = realSide(run.capture, c);
          const predicted = predictedSide(run.previews[mode], mode);
          return { real: normalizeRequest(real.body, real.volatile), predicted: normalizeRequest(predicted.body, predicted.volatile) };
        };
        it('the turn ends ok', () => {
          const c = runs.get(ws)?.capture.modes[mode];
          assert.equal(c?.outcome, 'ok', `${ws}/${mode}: ${c?.error ?? ''} (${((c?.wallMs ?? 0) / 1000).toFixed(0)} s)`);
        });
        for (const part of PARTS) {
          it(`${part} is byte-equal after normalization`, () => {
            const { real, predicted } = sides();
            const r = requestParts(real)[part];
            const p = requestParts(predicted)[part];
            const diff = firstDifference(r, p);
            assert.ok(diff === undefined, `${ws}/${mode} ${part}: ${diff ?? ''}`);
          });
        }
      });
    }
  }

  it('compare --capture on the qa capture: checks 4 and 5 pass on the real requests, and the predicted savings are the real ones', async () => {
    const run = runs.get('qa');
    assert.ok(run, 'qa: no run');
    const file = path.join(scratchDir('tsi-real-compare-'), 'qa.capture.json');
    fs.writeFileSync(file, JSON.stringify(run.capture));
    const dir = dirOf('qa');
    const args = ['compare', '--workspace', dir, '--no-user-config', '--json', '--mode', 'code', '--prompt', PROMPT, '--openclaw', openclawSpec()];
    const real = await runCliCaptured([...args, '--capture', file], REPO, { ...process.env });
    assert.equal(real.code, 0, real.err + real.out.slice(0, 4000));
    type Report = { real?: { source: string; direct?: { bytes: number }; toolSearch?: { bytes: number } }; checks: { name: string; ok: boolean; detail: string }[] };
    const r = JSON.parse(real.out) as Report;
    assert.equal(r.real?.source, 'capture');
    assert.equal(r.real?.direct?.bytes, run.capture.modes.direct?.first?.bytes);
    assert.equal(r.real?.toolSearch?.bytes, run.capture.modes.code?.first?.bytes);
    assert.match(r.checks[4]?.detail ?? '', /^real requests of OpenClaw /);
    const predicted = await runCliCaptured(args, REPO, { ...process.env });
    assert.equal(predicted.code, 0, predicted.err);
    const p = JSON.parse(predicted.out) as Report;
    assert.equal(p.real?.source, 'prediction');
    const saved = (x: Report): number => 1 - (x.real?.toolSearch?.bytes ?? 0) / (x.real?.direct?.bytes ?? 1);
    // Only the volatile parts (paths, times) differ in length between the two.
    assert.ok(Math.abs(saved(p) - saved(r)) < 0.005, `predicted ${(100 * saved(p)).toFixed(2)}% vs real ${(100 * saved(r)).toFixed(2)}% fewer bytes`);
  });
});
