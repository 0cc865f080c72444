// OpenClaw's request per Tool Search epoch: for each release named in
// `TSI_PROMPT_RELEASES` (comma-separated; empty by default, so CI's minutes do
// not grow), a real turn of that release in every mode it has, on test:real's
// QA workspace, beside `preview --openclaw <that release>`'s prediction (the
// installed release is the modelled version, so its epoch's generated
// templates are used). Compared part by part (envelope, messages, system
// prompt, tools array) after the one normalization of
// src/core/prompt/volatile.ts, exactly as test/real/real.test.ts does for the
// pinned release. Releases are installed into the tooling cache on first use
// (scripts/lib/openclawReleases.mjs). Turns run one release at a time.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CaptureReport, ModeCapture } from '../../src/core/capture/capture';
import { parseJson5 } from '../../src/core/config/json5Document';
import type { PreviewJson } from '../../src/core/modes/preview';
import { modelFor } from '../../src/core/policy/openclawVersions';
import { configuredModelEntry } from '../../src/core/prompt/modelEntry';
import { firstDifference, REQUEST_PARTS as PARTS, requestParts } from '../../src/core/prompt/requestDiff';
import { normalizeRequest } from '../../src/core/prompt/volatile';
import type { ToolSearchModeName } from '../../src/core/types';
import { runCliCaptured } from '../helpers/cliCapture';
import { scratchDir } from '../helpers/scratch';
import { REPO } from '../oracle/harness';

const WORKSPACE = path.join(REPO, 'test', 'fixtures', 'capture', 'qa-workspace');
const PROMPT = 'Call fake_plugin_tool_17 with marker QA-17.';
const RELEASES = (process.env.TSI_PROMPT_RELEASES ?? '')
  .split(',')
  .map((v) => v.trim())
  .filter(Boolean);

interface ReleasesModule {
  ensureRelease(version: string, opts?: { log?: (m: string) => void }): unknown;
  releasePackageDir(version: string): string;
}

/** The modes the release has: direct, and its epoch's Tool Search modes (generated facts). */
function modesOf(version: string): ToolSearchModeName[] {
  const modes = (modelFor(version)?.toolSearch?.modes ?? []) as readonly ToolSearchModeName[];
  return ['direct', ...modes];
}

async function previewOf(pkg: string, mode: ToolSearchModeName, c: ModeCapture): Promise<PreviewJson> {
  assert.ok(c.paths, `${mode}: the capture names no scratch paths`);
  const env: Record<string, string | undefined> = { ...process.env, HOME: scratchDir('tsi-epoch-home-'), OPENCLAW_STATE_DIR: c.paths.stateDir, OPENCLAW_WORKSPACE_DIR: c.paths.agentWorkspace };
  delete env.OPENCLAW_CONFIG_PATH;
  const r = await runCliCaptured(['preview', '--workspace', WORKSPACE, '--no-user-config', '--json', '--mode', mode, '--openclaw', pkg, '--prompt', PROMPT], REPO, env);
  assert.equal(r.code, 0, `${mode}: preview exit ${r.code}: ${r.err}`);
  return JSON.parse(r.out) as PreviewJson;
}

describe('real: the predicted request equals what each epoch\'s release sends (TSI_PROMPT_RELEASES)', function () {
  this.timeout(900_000);
  if (RELEASES.length === 0) {
    it('no release asked for (TSI_PROMPT_RELEASES=2026.9.5,2026.6.10 runs them)');
    return;
  }
  for (const version of RELEASES) {
    describe(version, () => {
      const sides = new Map<ToolSearchModeName, { real: unknown; predicted: unknown; outcome: string; error: string }>();
      before(async () => {
        const releases = (await import(path.join(REPO, 'scripts', 'lib', 'openclawReleases.mjs'))) as ReleasesModule;
        releases.ensureRelease(version, { log: (m) => console.log(`      [openclaw-releases] ${m}`) });
        const pkg = releases.releasePackageDir(version);
        const model = configuredModelEntry(parseJson5(path.join(WORKSPACE, 'openclaw.json'), fs.readFileSync(path.join(WORKSPACE, 'openclaw.json'), 'utf8')).value);
        assert.ok(model, 'the fixture must name its model');
        const started = Date.now();
        const r = await runCliCaptured(
          ['capture', '--workspace', WORKSPACE, '--no-user-config', '--json', '--openclaw', pkg, '--concurrency', '2', '--mode', modesOf(version).join(','), '--prompt', PROMPT, '--provider', `${model.provider}/${model.model}`],
          REPO,
          { ...process.env },
        );
        assert.ok(r.code === 0 || r.code === 1, `capture exit ${r.code}: ${r.err}`);
        const report = JSON.parse(r.out) as CaptureReport;
        assert.equal(report.openclaw.version, version);
        console.log(`      ${version}: captured ${modesOf(version).length} modes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        for (const mode of modesOf(version)) {
          const c = report.modes[mode];
          const first = c?.requests.find((q) => q.seq === c.first?.seq);
          if (!c || !first || !c.paths) {
            continue;
          }
          const p = await previewOf(pkg, mode, c);
          assert.ok(p.openclaw, `${mode}: the preview predicts no OpenClaw request: ${p.openclawUnavailable ?? ''}`);
          assert.equal(p.openclaw.version, version, `${mode}: the prediction used another release's templates`);
          sides.set(mode, {
            real: normalizeRequest(first.body, { workspaceDir: c.paths.agentWorkspace, stateDir: c.paths.stateDir, openclawDir: report.openclaw.packageDir }),
            predicted: normalizeRequest(p.openclaw.request, p.openclaw.volatile),
            outcome: c.outcome,
            error: `${c.error ?? ''}\n${c.stderrTail ?? ''}`,
          });
        }
      });
      for (const mode of modesOf(version)) {
        for (const part of PARTS) {
          it(`${mode}: ${part} is byte-equal after normalization`, () => {
            const s = sides.get(mode);
            assert.ok(s, `${version}/${mode}: no request reached the recording provider`);
            const diff = firstDifference(requestParts(s.real)[part], requestParts(s.predicted)[part]);
            assert.ok(diff === undefined, `${version}/${mode} ${part}: ${diff ?? ''}`);
          });
        }
      }
    });
  }
});
