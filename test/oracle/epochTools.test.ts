// The tools a real run of an older release builds, per behaviour epoch: a
// real direct-mode capture of the release (its own agent turn against the
// recording provider, on the capture suite's QA workspace) beside the
// product's direct-mode request for the same version, modelled from that
// epoch's generated tools (scripts/extract-openclaw-tools.mjs). Same tools,
// same order, byte-equal names, descriptions and schemas; the first
// difference is printed with both sides. Releases: `TSI_EPOCH_TOOL_RELEASES`
// (comma-separated), default 2026.6.10 and 2026.9.5, installed into the
// tooling cache on first use (scripts/lib/openclawReleases.mjs).
// A release without Tool Search (before 2026.5.12) runs without the keys its
// schema rejects (the capture's `omitted`: `tools.toolSearch`, and `mcp`
// before 2026.3.23); where more than `tools.toolSearch` was left out, the
// product previews the config the turn really ran (written to a scratch
// workspace), so both sides see the same servers and plugins. A release's
// documented differences (epochToolDifferences.ts, docs/fidelity.md) are
// taken out first, each only if it still happens. 2026.2.26 - 4.8 stay
// opt-in (an install of 81 - 201 s and a turn of 24 - 156 s each), e.g.
// TSI_EPOCH_TOOL_RELEASES=2026.2.26,2026.3.11,2026.3.23,2026.4.1,2026.4.8.
// On the releases among them that drop a plugin-only allow list (2026.1.30 -
// 4.1), two allow-list workspaces (test/fixtures/allowlist) are checked alike.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CaptureReport } from '../../src/core/capture/capture';
import { runCliCaptured } from '../helpers/cliCapture';
import { scratchDir } from '../helpers/scratch';
import { DOCUMENTED_TOOL_DIFFERENCES, type Sides, type WireTool } from './epochToolDifferences';
import { REPO } from './harness';
import { modelFor } from '../../src/core/policy/openclawVersions';

const QA_WORKSPACE = path.join(REPO, 'test', 'fixtures', 'capture', 'qa-workspace');
const PROMPT = 'Call fake_plugin_tool_17 with marker QA-17.';
/** The QA workspace's stdio MCP server (its remote one never resolves, so it builds no tools). */
const QA_MCP_SERVERS = ['calendar'];
// 2026.2.26's turn took 151 s on a shared 2-core machine (the capture's default bound is 180 s).
const TURN_TIMEOUT_MS = 600_000;
const RELEASES = (process.env.TSI_EPOCH_TOOL_RELEASES ?? '2026.6.10,2026.9.5')
  .split(',')
  .map((v) => v.trim())
  .filter(Boolean);


/** The first tool that differs (name, description or schema), with both sides; undefined when byte-equal and in order. */
function firstToolDifference(real: readonly WireTool[], predicted: readonly WireTool[]): string | undefined {
  for (let i = 0; i < Math.max(real.length, predicted.length); i++) {
    const a = real[i];
    const b = predicted[i];
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      const names = (ts: readonly WireTool[]) => ts.map((t) => t.function?.name).join(', ');
      return `tools[${i}] ${a?.function?.name ?? b?.function?.name ?? '?'} differs\n        real:      ${JSON.stringify(a)}\n        predicted: ${JSON.stringify(b)}\n        real names:      ${names(real)}\n        predicted names: ${names(predicted)}`;
    }
  }
  return undefined;
}

interface ReleasesModule {
  ensureRelease(version: string, opts?: { log?: (m: string) => void }): unknown;
  releasePackageDir(version: string): string;
}

/**
 * One release's real direct-mode turn on `workspace` beside the product's
 * direct-mode request for the same version: byte-equal tools in order, once
 * the release's documented differences are taken out.
 */
async function checkDirectTools(version: string, workspace: string, mcpServers: readonly string[]): Promise<void> {
  const releases = (await import(path.join(REPO, 'scripts', 'lib', 'openclawReleases.mjs'))) as ReleasesModule;
  releases.ensureRelease(version, { log: (m) => console.log(`      [openclaw-releases] ${m}`) });
  const r = await runCliCaptured(
    ['capture', '--workspace', workspace, '--no-user-config', '--json', '--openclaw', releases.releasePackageDir(version), '--prompt', PROMPT, '--mode', 'direct', '--timeout', String(TURN_TIMEOUT_MS)],
    REPO,
    { ...process.env },
  );
  assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.err}`);
  const report = JSON.parse(r.out) as CaptureReport;
  const c = report.modes.direct;
  assert.ok(c, 'no direct-mode capture');
  assert.equal(c.outcome, 'ok', `${c.error ?? ''}\n${c.stderrTail ?? ''}`);
  assert.equal(report.openclaw.version, version);
  const body = c.requests.find((q) => q.seq === c.first?.seq)?.body as { tools?: WireTool[] } | undefined;
  const real = body?.tools ?? [];
  assert.ok(real.length > 0, 'the real request has no tools');
  // Only `tools.toolSearch` left out: direct mode ignores it, and the workspace itself is previewed.
  const ranElsewhere = (c.omitted ?? []).some((k) => k !== 'tools.toolSearch');
  let previewed = workspace;
  if (ranElsewhere) {
    previewed = scratchDir('tsi-epoch-tools-');
    fs.writeFileSync(path.join(previewed, 'openclaw.json'), JSON.stringify(c.config, null, 2));
    console.log(`      ${version}: left out of the run's config: ${(c.omitted ?? []).join(', ')}; previewing the config it ran`);
  }
  const p = await runCliCaptured(['preview', '--workspace', previewed, '--no-user-config', '--openclaw-version', version, '--mode', 'direct', '--prompt', PROMPT, '--json'], REPO, { ...process.env });
  assert.equal(p.code, 0, p.err);
  const predicted = (JSON.parse(p.out) as { request: { tools?: WireTool[] } }).request.tools ?? [];
  // The release's documented differences (docs/fidelity.md) are taken out, each only if it still happens.
  let sides: Sides = { real, predicted };
  const documented = DOCUMENTED_TOOL_DIFFERENCES.filter((d) => d.releases.includes(version) && (mcpServers.length > 0 || d.mcpOnly !== true));
  for (const d of documented) {
    const next = d.remove(sides, mcpServers);
    assert.ok(typeof next !== 'string', `${version}: the documented difference ${d.id} is stale: ${String(next)}`);
    sides = next;
  }
  const diff = firstToolDifference(sides.real, sides.predicted);
  assert.equal(diff, undefined, `${version}: ${diff ?? ''}`);
  const rest = documented.length > 0 ? `, but for ${documented.map((d) => `${d.id} (${d.text})`).join('; ')}` : '';
  console.log(`      ${version}: ${real.length} tools byte-equal in order (${Buffer.byteLength(JSON.stringify(real), 'utf8')} bytes)${rest}`);
}

describe('oracle: the tools an older release builds equal the product\'s for its epoch (direct mode, QA workspace)', function () {
  this.timeout(900_000);

  for (const version of RELEASES) {
    it(`${version}: the real direct-mode request's tools, byte-equal and in order`, async () => {
      await checkDirectTools(version, QA_WORKSPACE, QA_MCP_SERVERS);
    });
  }
});

// 2026.1.30 - 4.1 drop an allow list that names no core tool the run builds
// (stripPluginOnlyAllowlist over the run's core tools): `image` without a
// credential is not built there, `read` is. Only for those releases among
// TSI_EPOCH_TOOL_RELEASES (the default ones keep every allow list).
const ALLOWLIST_WORKSPACES = ['unbuilt-core', 'built-core'].map((w) => path.join(REPO, 'test', 'fixtures', 'allowlist', w));
describe('oracle: an allow list naming no core tool the run builds, on the releases that drop it (direct mode)', function () {
  this.timeout(900_000);
  const dropping = RELEASES.filter((v) => modelFor(v)?.stripsPluginOnlyAllowlist === true);
  if (dropping.length === 0) {
    it('needs a release from 2026.1.30 to 2026.4.1 in TSI_EPOCH_TOOL_RELEASES');
  }
  for (const version of dropping) {
    for (const workspace of ALLOWLIST_WORKSPACES) {
      it(`${version}: ${path.basename(workspace)}: the real request's tools, byte-equal and in order`, async () => {
        await checkDirectTools(version, workspace, []);
      });
    }
  }
});
