// The preview's tools array against the one a real OpenClaw turn sends, on
// the capture suite's QA workspace (fake plugin, stdio MCP server, a remote
// server the guard refuses), in all four modes: the same tools, in the same
// order, every name, description and schema byte-equal. Core and
// bundled-plugin tools and the control tools come from the generated data
// (scripts/extract-openclaw-tools.mjs); plugin and MCP tools from the
// workspace. The first difference is printed with both sides.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { CaptureMode } from '../../src/core/capture/captureConfig';
import type { CaptureReport } from '../../src/core/capture/capture';
import { runCliCaptured } from '../helpers/cliCapture';
import { openclawLocation, openclawSpec, REPO } from './harness';

const WORKSPACE = path.join(REPO, 'test', 'fixtures', 'capture', 'qa-workspace');
const PROMPT = 'Call fake_plugin_tool_17 with marker QA-17.';
const MODES: readonly CaptureMode[] = ['direct', 'code', 'tools', 'directory'];

interface WireTool {
  type?: string;
  function?: { name?: string; description?: string; parameters?: unknown };
}

/** The first place two tools arrays differ, with both sides, or undefined when they are byte-equal. */
export function firstToolDifference(real: readonly WireTool[], predicted: readonly WireTool[]): string | undefined {
  const n = Math.max(real.length, predicted.length);
  for (let i = 0; i < n; i++) {
    const a = real[i];
    const b = predicted[i];
    const sa = JSON.stringify(a);
    const sb = JSON.stringify(b);
    if (sa === sb) {
      continue;
    }
    const name = a?.function?.name ?? b?.function?.name ?? '?';
    let part = 'tool';
    if (a && b && a.function?.name === b.function?.name) {
      part = a.function?.description !== b.function?.description ? 'description' : 'parameters';
    }
    const side = (t: WireTool | undefined): string => (t === undefined ? '(none)' : part === 'description' ? JSON.stringify(t.function?.description) : part === 'parameters' ? JSON.stringify(t.function?.parameters) : JSON.stringify(t.function?.name));
    return `tools[${i}] ${name}: ${part} differs\n        real:      ${side(a)}\n        predicted: ${side(b)}\n        real names:      ${real.map((t) => t.function?.name).join(', ')}\n        predicted names: ${predicted.map((t) => t.function?.name).join(', ')}`;
  }
  return undefined;
}

describe('oracle: the preview tools array equals the real request (QA workspace, four modes)', function () {
  this.timeout(600_000);
  let report: CaptureReport;

  before(async () => {
    await openclawLocation();
    const r = await runCliCaptured(
      ['capture', '--workspace', WORKSPACE, '--no-user-config', '--json', '--openclaw', openclawSpec(), '--concurrency', '2', '--prompt', PROMPT, '--mode', 'all'],
      REPO,
      { ...process.env },
    );
    assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.err}`);
    report = JSON.parse(r.out) as CaptureReport;
  });

  it('the comparison itself reports a changed description, a reordering and a missing tool', () => {
    const t = (name: string, description = `${name} tool`): WireTool => ({ type: 'function', function: { name, description, parameters: { type: 'object' } } });
    assert.equal(firstToolDifference([t('a'), t('b')], [t('a'), t('b')]), undefined);
    assert.match(firstToolDifference([t('a'), t('b')], [t('a'), t('b', 'other')]) ?? '', /tools\[1\] b: description differs/);
    assert.match(firstToolDifference([t('a'), t('b')], [t('b'), t('a')]) ?? '', /tools\[0\] a: tool differs/);
    assert.match(firstToolDifference([t('a'), t('b')], [t('a')]) ?? '', /predicted: \(none\)/);
  });

  for (const mode of MODES) {
    it(`${mode}: same tools, same order, byte-equal names, descriptions and schemas`, async () => {
      const c = report.modes[mode];
      assert.ok(c, `no capture for ${mode}`);
      assert.equal(c.outcome, 'ok', `${mode}: ${c.error ?? ''}\n${c.stderrTail ?? ''}`);
      const first = c.requests.find((q) => q.seq === c.first?.seq);
      const body = first?.body as { tools?: WireTool[] } | undefined;
      const real = body?.tools ?? [];
      assert.ok(real.length > 0, `${mode}: the real request has no tools`);
      const p = await runCliCaptured(['preview', '--workspace', WORKSPACE, '--no-user-config', '--mode', mode, '--prompt', PROMPT, '--json'], REPO, { ...process.env });
      assert.equal(p.code, 0, p.err);
      const predicted = (JSON.parse(p.out) as { request: { tools?: WireTool[] } }).request.tools ?? [];
      const diff = firstToolDifference(real, predicted);
      assert.equal(diff, undefined, `${mode}: ${diff ?? ''}`);
      console.log(`      ${mode}: ${real.length} tools byte-equal (${Buffer.byteLength(JSON.stringify(real), 'utf8')} bytes)`);
    });
  }
});
