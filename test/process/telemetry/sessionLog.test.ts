import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { createToolSearchApi } from '../../../src/core/gateway/toolSearchApi';
import { TurnDispatcher } from '../../../src/core/modes/turnDispatcher';
import { buildSurface } from '../../../src/core/modes/surface';
import { previewOf } from '../../../src/core/modes/preview';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import { parseSessionLog, SessionLog, turnStartEvent } from '../../../src/core/telemetry/sessionLog';
import { originOf, summarizeSession } from '../../../src/core/telemetry/summary';
import { OpenWorkspace } from '../../../src/core/workspace';
import { DEMO } from '../../unit/gateway/fixtures';
import { scratchDir } from '../../helpers/scratch';

describe('session log and telemetry', () => {
  let ws: OpenWorkspace;
  let catalog: Catalog;
  before(async () => {
    ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, env: {}, trusted: true, snapshots: [{ name: 'github', path: path.join(DEMO, 'snapshots', 'github') }] });
    catalog = await ws.buildCatalog();
  });
  after(async () => ws.dispose());

  async function tokensModeTurn(file?: string) {
    const log = new SessionLog(file);
    const index = ToolIndex.fromCatalog(catalog);
    const api = createToolSearchApi(ws, catalog, { index, log });
    const surface = buildSurface({ catalog, mode: 'tools', index });
    const preview = previewOf(surface, { catalog, mode: 'tools', prompt: 'Use fake plugin tool 17 with marker m-1' });
    log.record(turnStartEvent('turn-1', preview, catalog.countBySourceName()));
    const d = new TurnDispatcher({ surface, api, catalog: () => catalog, log });
    await d.dispatch({ callId: 'call_a', name: 'tool_search', arguments: { query: 'fake plugin tool 17' } });
    await d.dispatch({ callId: 'call_b', name: 'tool_describe', arguments: { id: 'fake_plugin_tool_17' } });
    await d.dispatch({ callId: 'call_c', name: 'tool_call', arguments: { id: 'openclaw:fake-plugin:fake_plugin_tool_17', args: { marker: 'm-1' } } });
    await d.dispatch({ callId: 'call_d', name: 'tool_call', arguments: { id: 'fake_plugin_tool_36', args: { marker: 'm-2' } } });
    log.record({ type: 'turn-end', turnId: 'turn-1', ok: true });
    return { log, preview };
  }

  it('writes one JSON event per line, in order, to the JSONL file', async () => {
    const file = path.join(scratchDir('tsi-log-'), 'session.jsonl');
    const { log } = await tokensModeTurn(file);
    const text = fs.readFileSync(file, 'utf8');
    assert.equal(text, log.toJsonl());
    const { events, errors } = parseSessionLog(text);
    assert.deepEqual(errors, []);
    assert.deepEqual(events.map((e) => e.type), ['turn-start', 'search', 'model-call', 'describe', 'model-call', 'call', 'model-call', 'call', 'model-call', 'turn-end']);
    assert.deepEqual(events.map((e) => e.seq), events.map((_, i) => i + 1));
  });

  it('answers the design questions: schemas up front, searches, describes, final tool and its source', async () => {
    const { log, preview } = await tokensModeTurn();
    const s = summarizeSession(log.events);
    assert.equal(s.schemasUpFront, preview.visibleTools.length);
    // Direct-only tools, and the cataloged ones OpenClaw 2026.9.6 keeps visible (coding tools, the reply tool).
    assert.equal(s.catalogSchemasUpFront, catalog.directOnly.length + catalog.cataloged.filter((t) => t.directVisible === true).length);
    assert.equal(s.searchCount, 1);
    assert.equal(s.describeCount, 1);
    assert.equal(s.callCount, 2);
    assert.equal(s.finalCalls.length, 1);
    assert.equal(s.finalCalls[0]?.id, 'openclaw:fake-plugin:fake_plugin_tool_17');
    assert.equal(s.finalCalls[0]?.origin, 'OpenClaw plugin fake-plugin');
    assert.equal(s.finalCalls[0]?.via, 'tool_call');
    const call = log.events.find((e) => e.type === 'call' && e.ok);
    assert.ok(call?.type === 'call' && call.result === 'FAKE_PLUGIN_OK fake_plugin_tool_17 m-1', 'the log keeps the result');
    assert.equal(s.failedCalls[0]?.blockedBy, 'policy');
    assert.equal(s.catalogSize, catalog.size);
    assert.deepEqual(s.sources, catalog.countBySource());
    assert.equal(s.bySourceName?.github, 9);
    assert.equal(s.bytes?.tools, preview.bytes.tools);
    assert.ok((s.tokens?.tools ?? 0) > 0);
    assert.deepEqual(s.selectedIds, ['openclaw:fake-plugin:fake_plugin_tool_17']);
    assert.deepEqual(s.selectedSources, ['openclaw']);
  });

  it('keeps nested bridge call ids with their parent', async () => {
    const log = new SessionLog();
    const api = createToolSearchApi(ws, catalog, { index: ToolIndex.fromCatalog(catalog), log, idPrefix: 'tool_search_code:call_9' });
    api.search('fake plugin', { parentCallId: 'call_9' });
    await api.call('fake_plugin_tool_17', { marker: 'n' }, { callId: 'tool_search_code:call_9:fake_plugin_tool_17:2', parentCallId: 'call_9' });
    const [search, call] = log.events;
    assert.ok(search?.type === 'search' && search.callId === 'tool_search_code:call_9:search:1' && search.parentCallId === 'call_9');
    assert.ok(call?.type === 'call' && call.via === 'tool_search_code' && call.parentCallId === 'call_9');
    assert.equal(summarizeSession(log.events).finalCalls[0]?.parentCallId, 'call_9');
  });

  it('says where a result came from: OpenClaw, MCP or a client tool', () => {
    assert.equal(originOf('openclaw', 'core'), 'OpenClaw core');
    assert.equal(originOf('mcp', 'github'), 'MCP github');
    assert.equal(originOf('client', 'client'), 'client');
  });

  it('reports bad lines of a log instead of throwing', () => {
    const r = parseSessionLog('{"type":"search","seq":1}\nnot json\n[1]\n');
    assert.equal(r.events.length, 1);
    assert.deepEqual(r.errors.map((e) => e.line), [2, 3]);
  });
});
