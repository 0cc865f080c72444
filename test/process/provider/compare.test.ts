import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import OpenAI from 'openai';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { checksFor, compareModes } from '../../../src/core/orchestration/modeComparison';
import type { CaptureReport } from '../../../src/core/capture/capture';
import { MockProvider, parsePrompt } from '../../../src/core/provider/mockProvider';
import { parseSessionLog } from '../../../src/core/telemetry/sessionLog';
import { OpenWorkspace } from '../../../src/core/workspace';
import { openclawRequestContext } from '../../../src/core/prompt/openclawContext';
import { ALL_MODES, PreviewAssembler, previewBaseOf } from '../../../src/core/modes/preview';
import { cli, cliWorkspace } from '../../helpers/cliWorkspace';
import { DEMO, REPO } from '../../unit/gateway/fixtures';
import { scratchDir } from '../../helpers/scratch';


// The QA workspace's scenario: the default prompt is neutral (it names no tool) since issue 41.
const SCENARIO = 'Call fake_plugin_tool_17 with marker QA-17 and tell me what it returns.';
describe('compare: direct vs Tool Search against a mock OpenAI-compatible provider', function () {
  // The code lane probes and spawns a real sandbox child.
  this.timeout(60000);
  const dir = cliWorkspace();
  let ws: OpenWorkspace;
  let catalog: Catalog;
  before(async () => {
    ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, trusted: true, snapshots: [{ name: 'github', path: path.join(DEMO, 'snapshots', 'github') }] });
    catalog = await ws.buildCatalog();
  });
  after(async () => ws.dispose());

  it('the mock answers the real openai client and records the body as received', async () => {
    const mock = new MockProvider();
    const baseURL = await mock.start();
    try {
      const client = new OpenAI({ baseURL, apiKey: 'k', maxRetries: 0 });
      const r = await client.chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'use notes_search with marker A1' }],
        tools: [{ type: 'function', function: { name: 'notes_search', parameters: { type: 'object', properties: {} } } }],
      });
      const call = r.choices[0]?.message.tool_calls?.[0];
      assert.ok(call?.type === 'function');
      assert.equal(call.function.name, 'notes_search');
      assert.deepEqual(JSON.parse(call.function.arguments), { marker: 'A1' });
      assert.equal(mock.requests.length, 1);
      assert.deepEqual(mock.requests[0]?.toolNames, ['notes_search']);
      assert.ok((r.usage?.prompt_tokens ?? 0) > 0);
    } finally {
      await mock.close();
    }
    assert.deepEqual(parsePrompt('Call github__create_issue with marker "x-1"'), { target: 'github__create_issue', args: { marker: 'x-1' } });
  });

  it('tools mode: both lanes call fake_plugin_tool_17; only Tool Search keeps the plugin schemas out; all six QA checks pass', async () => {
    const logDir = scratchDir('logs-');
    const r = await compareModes({ ws, catalog, prompt: SCENARIO, toolSearchMode: 'tools', logDir });
    for (const c of r.checks) {
      assert.ok(c.ok, `${c.name}: ${c.detail}`);
    }
    assert.equal(r.checks.length, 7);
    const { direct, toolSearch } = r.lanes;
    assert.match(direct.finalText ?? '', /FAKE_PLUGIN_OK fake_plugin_tool_17 QA-17/);
    assert.match(toolSearch.finalText ?? '', /FAKE_PLUGIN_OK fake_plugin_tool_17 QA-17/);
    // OpenClaw 2026.9.6 keeps its coding tools visible beside the three controls (not message, in a local turn), sorted by name.
    const visible = catalog.cataloged.filter((t) => t.directVisible === true).map((t) => t.name);
    assert.ok(!visible.includes('message') && visible.includes('exec'));
    assert.deepEqual(toolSearch.requests[0]?.tools, ['tool_search', 'tool_describe', 'tool_call', ...catalog.directOnly.map((t) => t.name), ...visible].sort());
    assert.ok(!toolSearch.requests[0]?.tools.some((n) => n.startsWith('fake_plugin_tool_')));
    assert.ok(direct.requests[0]?.tools.includes('fake_plugin_tool_17'));
    assert.equal(toolSearch.requests.length, 4, 'search, describe, call, then the answer');
    assert.equal(toolSearch.summary.searchCount, 1);
    assert.equal(toolSearch.summary.describeCount, 1);
    assert.equal(toolSearch.summary.finalCalls[0]?.via, 'tool_call');
    const events = parseSessionLog(fs.readFileSync(path.join(logDir, 'toolSearch.jsonl'), 'utf8')).events;
    assert.equal(events[0]?.type, 'turn-start');
    assert.equal(events[events.length - 1]?.type, 'turn-end');
  });

  it('code mode: the bridge runs the model snippet in the sandbox and the call is nested under the model call', async () => {
    const bundle = path.join(REPO, 'dist', 'sandbox.js');
    const r = await compareModes({ ws, catalog, prompt: SCENARIO, toolSearchMode: 'code' });
    const lane = r.lanes.toolSearch;
    if (!fs.existsSync(bundle)) {
      // Without a built sandbox, code mode must fall back, never run unisolated.
      assert.equal(lane.effectiveMode, 'tools');
      assert.match(lane.fallbackReason ?? '', /isolated Node child/);
      return;
    }
    assert.equal(lane.effectiveMode, 'code', lane.fallbackReason);
    // OpenClaw 2026.9.6 keeps its coding tools visible beside the bridge, sorted by name.
    assert.deepEqual(lane.requests[0]?.tools, ['tool_search_code', ...catalog.directOnly.map((t) => t.name), ...catalog.cataloged.filter((t) => t.directVisible === true).map((t) => t.name)].sort());
    for (const c of r.checks) {
      assert.ok(c.ok, `${c.name}: ${c.detail}`);
    }
    const final = lane.summary.finalCalls[0];
    assert.equal(final?.via, 'tool_search_code');
    assert.match(final?.callId ?? '', /^tool_search_code:call_\d+:fake_plugin_tool_17:\d+$/);
    assert.equal(final?.parentCallId, final?.callId.split(':')[1]);
  });

  it('directory mode: the model calls a tool listed only in the directory by its exact name, hydrated through the gateway', async () => {
    const r = await compareModes({ ws, catalog, prompt: SCENARIO, toolSearchMode: 'directory', likelyLimit: 0 });
    const lane = r.lanes.toolSearch;
    assert.equal(lane.effectiveMode, 'directory');
    assert.ok(!lane.requests[0]?.tools.includes('fake_plugin_tool_17'), 'no schema up front');
    for (const c of r.checks) {
      assert.ok(c.ok, `${c.name}: ${c.detail}`);
    }
    assert.equal(lane.summary.finalCalls[0]?.via, 'hydrated');
    assert.match(lane.finalText ?? '', /FAKE_PLUGIN_OK fake_plugin_tool_17 QA-17/);
  });

  it('with a capture, checks 4 and 5 are measured on the requests OpenClaw really sent', async () => {
    const upFront = catalog.tools.filter((t) => t.status === 'direct-only' || (t.status === 'cataloged' && t.directVisible === true)).map((t) => t.name);
    const first = (toolNames: string[], bytes: number) => ({ seq: 1, bytes, toolNames, toolsCount: toolNames.length, toolsBytes: 1, systemPromptChars: 1, messageCount: 3, roles: [] });
    const mode = (m: 'direct' | 'tools', toolNames: string[], bytes: number) => ({ mode: m, outcome: 'ok' as const, exitCode: 0, signal: null, wallMs: 1, requests: [], droppedRequests: 0, networkRefused: [], first: first(toolNames, bytes) });
    const capture: CaptureReport = {
      openclaw: { version: '2026.9.6', packageDir: '/p', node: '/n' },
      prompt: 'p',
      provider: { id: 'p', model: 'm' },
      concurrency: 2,
      wallMs: 1,
      ok: true,
      modes: { direct: mode('direct', ['fake_plugin_tool_17', 'read'], 168_827), tools: mode('tools', [...upFront, 'tool_call', 'tool_describe', 'tool_search'], 60_999) },
    };
    const r = await compareModes({ ws, catalog, prompt: SCENARIO, toolSearchMode: 'tools', capture });
    assert.deepEqual(r.real?.toolSearch?.bytes, 60_999);
    const [, , , sends, smaller] = r.checks;
    assert.ok(sends?.ok, sends?.detail);
    assert.match(sends?.detail ?? '', /^real request of OpenClaw 2026\.9\.6 \(tools\)/);
    assert.ok(smaller?.ok, smaller?.detail);
    assert.match(smaller?.detail ?? '', /^real requests of OpenClaw 2026\.9\.6: 60999 bytes vs 168827 bytes direct/);
    // A plugin schema in the real Tool Search request, or a real request no smaller, fails them.
    const leaked = checksFor(catalog, r.prompt, r.lanes.direct, r.lanes.toolSearch, { version: '2026.9.6', source: 'capture', direct: { tools: [], bytes: 100 }, toolSearch: { mode: 'tools', tools: ['tool_search', 'fake_plugin_tool_17'], bytes: 100 } });
    assert.equal(leaked[3]?.ok, false);
    assert.match(leaked[3]?.detail ?? '', /not control or up-front tools: fake_plugin_tool_17/);
    assert.equal(leaked[4]?.ok, false);
  });

  it('without a capture, checks 4 and 5 are measured on OpenClaw\'s predicted request (its prompt and core tools), not the lane\'s gateway request', async () => {
    const home = scratchDir('compare-home-');
    const openclaw = openclawRequestContext({ config: ws.config.reader?.doc.value ?? {}, configDir: dir, env: { HOME: home }, home });
    const r = await compareModes({ ws, catalog, prompt: SCENARIO, toolSearchMode: 'tools', openclaw });
    assert.equal(r.real?.source, 'prediction');
    const { direct, toolSearch } = r.lanes;
    assert.ok(direct.openclaw && toolSearch.openclaw);
    // OpenClaw sorts its tools array by name, as the lanes do: the same tools, and OpenClaw's prompt on top.
    assert.deepEqual(toolSearch.openclaw.tools, toolSearch.requests[0]?.tools);
    assert.ok(toolSearch.openclaw.bytes > (toolSearch.requests[0]?.bytes ?? Infinity) + 10_000, 'OpenClaw\'s system prompt and bootstrap files count');
    const [, , , sends, smaller] = r.checks;
    assert.ok(sends?.ok, sends?.detail);
    assert.match(sends?.detail ?? '', /^predicted request of OpenClaw 2026\.9\.6 \(tools\)/);
    assert.ok(smaller?.ok, smaller?.detail);
    assert.match(smaller?.detail ?? '', new RegExp(`^predicted requests of OpenClaw 2026\\.9\\.6: ${toolSearch.openclaw.bytes} bytes vs ${direct.openclaw.bytes} bytes direct`));
    // The savings shown are OpenClaw's, smaller than the gateway requests' (which lack the shared prompt).
    const gateway = 1 - (toolSearch.requests[0]?.bytes ?? 0) / (direct.requests[0]?.bytes ?? 1);
    const predicted = 1 - toolSearch.openclaw.bytes / direct.openclaw.bytes;
    assert.ok(predicted < gateway, `${predicted} < ${gateway}`);
  });

  it('the predicted OpenClaw request\'s bytes are its serialized body\'s, on every mode and after a prompt edit (tools measured once per surface)', () => {
    const home = scratchDir('preview-home-');
    const openclaw = openclawRequestContext({ config: ws.config.reader?.doc.value ?? {}, configDir: dir, env: { HOME: home }, home });
    const assembler = new PreviewAssembler(previewBaseOf(catalog, ws, { isolation: { ok: true }, openclaw, tokens: false }));
    for (const prompt of ['', 'call fake plugin tool 17 — with ünïcode', 'another prompt']) {
      for (const mode of ALL_MODES) {
        const oc = assembler.preview(mode, prompt).openclaw;
        assert.ok(oc, mode);
        assert.equal(oc.bytes, Buffer.byteLength(JSON.stringify(oc.request)), `${mode} "${prompt}"`);
      }
    }
  });

  it('a denied target fails the comparison instead of being reached some other way', async () => {
    const r = await compareModes({ ws, catalog, toolSearchMode: 'tools', prompt: 'Call fake_plugin_tool_36 with marker Z' });
    assert.equal(r.checks[0]?.ok, false);
    assert.equal(r.checks[1]?.ok, false);
    assert.equal(r.lanes.direct.summary.finalCalls.length, 0);
    assert.ok(!r.lanes.toolSearch.summary.finalCalls.some((c) => c.id.endsWith('fake_plugin_tool_36')));
  });

  it('the default prompt is neutral: nothing of the workspace is called, the checks that need a call are skipped and say how to name one, the rest run', async () => {
    const r = await compareModes({ ws, catalog, toolSearchMode: 'tools' });
    assert.equal(r.prompt, 'Which tools can you use here? Answer in one line.');
    assert.equal(r.lanes.direct.summary.callCount + r.lanes.toolSearch.summary.callCount, 0, 'no tool of the workspace was called');
    const skipped = r.checks.filter((c) => c.skipped === true);
    assert.deepEqual(skipped.map((c) => c.name), ['direct mode calls the target tool', 'Tool Search calls the same tool', 'direct mode sends the plugin schemas to the provider', 'session logs show the expected tool-call counts and bridge telemetry']);
    for (const c of skipped) {
      assert.equal(c.ok, false, 'a skipped check did not pass');
      assert.match(c.detail, /the prompt names no tool to call \(e\.g\. --prompt "Call <tool>/);
    }
    const ran = r.checks.filter((c) => c.skipped !== true);
    assert.equal(ran.length, 3);
    assert.ok(ran.every((c) => c.ok), ran.map((c) => `${c.name}: ${c.detail}`).join('\n'));
    // The CLI: SKIP lines, exit 0 (a skipped check fails nothing).
    const text = await cli(dir, 'compare', '--mode', 'tools');
    assert.equal(text.code, 0, text.out + text.err);
    assert.equal(text.out.split('\n').filter((l) => l.startsWith('SKIP  ')).length, 4, text.out);
  });

  it('CLI compare prints both lanes and exits 0 when every check passes', async () => {
    const r = await cli(dir, 'compare', '--mode', 'tools', '--json', '--prompt', SCENARIO);
    assert.equal(r.code, 0, r.out + r.err);
    const j = JSON.parse(r.out) as { lanes: { direct: unknown; toolSearch: unknown }; checks: { ok: boolean }[] };
    assert.ok(j.lanes.direct && j.lanes.toolSearch);
    assert.ok(j.checks.every((c) => c.ok));
    const bad = await cli(dir, 'compare', '--provider', 'ftp://x');
    assert.equal(bad.code, 2);
  });
});
