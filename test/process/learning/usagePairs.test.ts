import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { createToolSearchApi } from '../../../src/core/gateway/toolSearchApi';
import { TurnDispatcher } from '../../../src/core/modes/turnDispatcher';
import { bridgeOperations, collectOpenClawTranscript, detectFormat, UsageCollector, usageFromLogs } from '../../../src/core/learning/usagePairs';
import { buildSurface } from '../../../src/core/modes/surface';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import { SessionLog, turnStartEvent } from '../../../src/core/telemetry/sessionLog';
import { previewOf } from '../../../src/core/modes/preview';
import { OpenWorkspace } from '../../../src/core/workspace';
import { DEMO } from '../../unit/gateway/fixtures';

const T17 = 'openclaw:fake-plugin:fake_plugin_tool_17';

describe('learning: usage pairs from session logs', () => {
  let ws: OpenWorkspace;
  let catalog: Catalog;
  before(async () => {
    ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, env: {}, trusted: true, liveMcp: () => undefined });
    catalog = await ws.buildCatalog();
  });
  after(async () => ws.dispose());

  /** A real tools-mode turn through the dispatcher, logged by the product's SessionLog. */
  async function turn(log: SessionLog, turnId: string, steps: { name: string; arguments: Record<string, unknown> }[]): Promise<void> {
    const index = ToolIndex.fromCatalog(catalog);
    const api = createToolSearchApi(ws, catalog, { index, log });
    const surface = buildSurface({ catalog, mode: 'tools', index });
    log.record(turnStartEvent(turnId, previewOf(surface, { catalog, mode: 'tools', prompt: 'x' }), catalog.countBySourceName()));
    const d = new TurnDispatcher({ surface, api, catalog: () => catalog, log });
    let n = 0;
    for (const s of steps) {
      await d.dispatch({ callId: `${turnId}_${++n}`, ...s });
    }
    log.record({ type: 'turn-end', turnId, ok: true });
  }

  it('pairs the searches of a turn with the next successful call, from a real session log', async () => {
    const log = new SessionLog();
    await turn(log, 't1', [
      { name: 'tool_search', arguments: { query: 'flip the beta toggle' } },
      { name: 'tool_search', arguments: { query: 'feature flags' } },
      // A refused call (denied tool) does not close the window.
      { name: 'tool_call', arguments: { id: 'fake_plugin_tool_36', args: { marker: 'x' } } },
      { name: 'tool_search', arguments: { query: 'feature flags' } },
      { name: 'tool_call', arguments: { id: T17, args: { marker: 'm' } } },
      // A second call with no search of its own pairs with nothing.
      { name: 'tool_call', arguments: { id: 'fake_plugin_tool_02', args: { marker: 'm' } } },
    ]);
    await turn(log, 't2', [{ name: 'tool_search', arguments: { query: 'searched but never called' } }]);
    await turn(log, 't3', [{ name: 'tool_call', arguments: { id: T17, args: { marker: 'm' } } }]);
    const usage = usageFromLogs([{ file: 'a.jsonl', text: log.toJsonl() }]);
    assert.equal(usage.sources[0]?.format, 'inspector');
    assert.deepEqual(
      usage.pairs.map((p) => [p.query, p.tool, p.count]),
      [
        ['feature flags', T17, 1],
        ['flip the beta toggle', T17, 1],
      ],
    );
    // "feature flags" found tool 17 among its hits; the toggle query did not.
    assert.equal(usage.pairs.find((p) => p.query === 'feature flags')?.foundInHits, 1);
    assert.equal(usage.pairs.find((p) => p.query.startsWith('flip'))?.foundInHits, 0);
    assert.equal(usage.successfulCalls, 3);
    assert.equal(usage.pairedCalls, 1);
  });

  it('adds counts across logs', () => {
    const c = new UsageCollector();
    for (let i = 0; i < 3; i++) {
      c.resetWindow();
      c.search('parcel tracking');
      c.calledOk('mcp:shop:track');
    }
    assert.deepEqual(c.pairs(), [{ query: 'parcel tracking', tool: 'mcp:shop:track', count: 3, foundInHits: 0 }]);
  });

  it('reads OpenClaw transcripts: tool_search, tool_call, tool_search_code and direct calls', () => {
    const msg = (message: Record<string, unknown>) => ({ type: 'message', message });
    const call = (id: string, name: string, args: Record<string, unknown>) => msg({ role: 'assistant', content: [{ type: 'toolCall', id, name, arguments: args }] });
    const result = (id: string, name: string, details: unknown, isError = false) => msg({ role: 'toolResult', toolCallId: id, toolName: name, content: [], details, isError });
    const lines = [
      { type: 'session', id: 's' },
      msg({ role: 'user', content: [{ type: 'text', text: 'go' }] }),
      call('a', 'tool_search', { queries: [{ query: 'bitcoin price' }, { query: 'crypto quote' }] }),
      result('a', 'tool_search', [{ id: 'mcp:fin:quote', name: 'fin__quote' }]),
      call('b', 'tool_call', { id: 'mcp:fin:quote', args: {} }),
      result('b', 'tool_call', { tool: { id: 'mcp:fin:quote', name: 'fin__quote' }, result: 1, status: 'error' }),
      call('c', 'tool_call', { id: 'mcp:fin:quote', args: {} }),
      result('c', 'tool_call', { tool: { id: 'mcp:fin:quote', name: 'fin__quote' }, result: 2 }),
      msg({ role: 'user', content: [{ type: 'text', text: 'again' }] }),
      call('d', 'tool_search_code', { code: "const h = await openclaw.tools.search(\"weather in Oslo\");\nreturn openclaw.tools.call('mcp:w:forecast', {});" }),
      result('d', 'tool_search_code', { ok: true }),
      call('e', 'tool_search', { query: 'draw a chart' }),
      result('e', 'tool_search', []),
      call('f', 'render_chart', { series: [] }),
      result('f', 'render_chart', {}, true),
      call('g', 'tool_search', { query: 'plot values' }),
      result('g', 'tool_search', []),
      call('h', 'render_chart', { series: [] }),
      result('h', 'render_chart', {}),
    ];
    assert.equal(detectFormat(lines), 'openclaw');
    const c = new UsageCollector();
    collectOpenClawTranscript(lines, c);
    assert.deepEqual(
      c.pairs().map((p) => [p.query, p.tool, p.foundInHits]),
      [
        ['bitcoin price', 'mcp:fin:quote', 1],
        ['crypto quote', 'mcp:fin:quote', 1],
        ['weather in Oslo', 'mcp:w:forecast', 0],
        // The failed direct call left the window open.
        ['draw a chart', 'render_chart', 0],
        ['plot values', 'render_chart', 0],
      ],
    );
  });

  it('reads literal bridge operations from tool_search_code bodies, skipping run-time ids', () => {
    assert.deepEqual(bridgeOperations("await openclaw.tools.search('it\\'s here'); const r = await openclaw.tools.search(`x`, {limit: 3}); await openclaw.tools.call(r.hits[0].id, {}); await openclaw.tools.call(\"mcp:a:b\")"), [
      { op: 'search', arg: "it's here" },
      { op: 'search', arg: 'x' },
      { op: 'call', arg: 'mcp:a:b' },
    ]);
  });

  it('reads the bundled demo session logs', () => {
    const dir = path.join(DEMO, 'sessions');
    const logs = fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')).map((f) => ({ file: f, text: fs.readFileSync(path.join(dir, f), 'utf8') }));
    const usage = usageFromLogs(logs);
    assert.deepEqual(usage.sources.map((s) => s.format).sort(), ['inspector', 'openclaw']);
    assert.ok(usage.sources.every((s) => s.problems.length === 0));
    const tools = new Set(usage.pairs.map((p) => p.tool));
    assert.ok(tools.has('openclaw:fake-plugin:fake_plugin_tool_02'));
    assert.ok(tools.has('openclaw:fake-plugin:fake_plugin_tool_09'));
  });
});
