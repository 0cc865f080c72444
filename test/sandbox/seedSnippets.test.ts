import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeBridge } from '../../src/core/bridge/codeBridge';
import type { RunReport } from '../../src/core/bridge/runReport';
import { createToolSearchApi } from '../../src/core/gateway/toolSearchApi';
import { ToolIndex } from '../../src/core/search/toolIndex';
import { OpenWorkspace, type WorkspaceOptions } from '../../src/core/workspace';
import { DEMO, REPO, sandboxBundle } from './harness';
import { scratchDir } from '../helpers/scratch';

// The design's own snippets, character for character: they must run here as
// they would against OpenClaw's bridge (search resolves to an array of hits,
// call to `{ tool, result }`).
const CALENDAR_SNIPPET = `const hits = await openclaw.tools.search("calendar event", { limit: 5 });
const tool = await openclaw.tools.describe(hits[0].id);
return await openclaw.tools.call(hits[0].id, {
  summary: "Planning",
  start: "2026-05-09T14:00:00Z",
});`;

const GITHUB_SNIPPET = `const hits = await openclaw.tools.search("create github issue");
const tool = await openclaw.tools.describe(hits[0].id);
return await openclaw.tools.call(tool.id, {
  title: "Crash on startup",
  body: "Steps to reproduce...",
});`;

const CALENDAR = path.join(REPO, 'test/fixtures/calendar');

function tempConfig(body: object): string {
  const dir = scratchDir('tsi-seed-');
  fs.writeFileSync(path.join(dir, 'openclaw.json'), JSON.stringify(body));
  return dir;
}

async function runIn(options: WorkspaceOptions, code: string, parentCallId: string): Promise<RunReport> {
  const ws = new OpenWorkspace({ noUserConfig: true, trusted: true, env: { PATH: process.env.PATH }, ...options });
  const catalog = await ws.buildCatalog();
  const bridge = new CodeBridge({ api: createToolSearchApi(ws, catalog, { index: ToolIndex.fromCatalog(catalog) }), bundlePath: await sandboxBundle(), warm: false });
  try {
    return await bridge.run(code, { timeoutMs: 15000, parentCallId });
  } finally {
    bridge.dispose();
    await ws.dispose();
  }
}

function op(r: RunReport, name: 'search' | 'describe' | 'call'): Exclude<RunReport['trace'][number], { op: 'log' }> {
  const entry = r.trace.find((t) => t.op === name);
  assert.ok(entry && entry.op === name, `no ${name} in the trace: ${JSON.stringify(r.trace)}`);
  return entry;
}

describe("the seed's snippets run unchanged", function () {
  this.timeout(60000);
  const scratch: string[] = [];
  after(() => scratch.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('calendar, against a live calendar MCP server: { tool, result } with the value under result.details', async () => {
    const dir = tempConfig({
      tools: { toolSearch: { mode: 'code' }, profile: 'full' },
      mcp: { servers: { calendar: { command: process.execPath, args: [path.join(CALENDAR, 'server.mjs')] } } },
    });
    scratch.push(dir);
    const r = await runIn({ workspace: dir }, CALENDAR_SNIPPET, 'call_cal');
    assert.equal(r.error, undefined);
    const hits = op(r, 'search').result as { id: string; input: string }[];
    assert.ok(Array.isArray(hits), 'search resolves to an array');
    assert.equal(hits[0]?.id, 'mcp:calendar:create_event');
    assert.deepEqual(r.value, {
      tool: {
        id: 'mcp:calendar:create_event',
        source: 'mcp',
        sourceName: 'calendar',
        name: 'calendar__create_event',
        label: 'Create calendar event',
        description: 'Create a calendar event with a summary and a start time.',
        input: hits[0]?.input,
      },
      result: {
        content: [{ type: 'text', text: 'Created evt-1: Planning at 2026-05-09T14:00:00Z' }],
        details: { mcpServer: 'calendar', mcpTool: 'create_event', structuredContent: { id: 'evt-1', summary: 'Planning', start: '2026-05-09T14:00:00Z' } },
      },
    });
    assert.equal(op(r, 'call').callId, 'tool_search_code:call_cal:calendar__create_event:1');
    assert.deepEqual([r.telemetry.searchCount, r.telemetry.describeCount, r.telemetry.callCount], [1, 1, 1]);
  });

  it('calendar, against a calendar snapshot: search and describe work, the call says the snapshot cannot run it', async () => {
    const dir = tempConfig({ tools: { toolSearch: { mode: 'code' }, profile: 'full' } });
    scratch.push(dir);
    const r = await runIn({ workspace: dir, snapshots: [{ name: 'calendar', path: path.join(CALENDAR, 'tools.json') }], liveMcp: () => undefined }, CALENDAR_SNIPPET, 'call_snap');
    assert.equal((op(r, 'search').result as { id: string }[])[0]?.id, 'mcp:calendar:create_event');
    const described = op(r, 'describe').result as { id: string; parameters: { required: string[] } };
    assert.deepEqual([described.id, described.parameters.required], ['mcp:calendar:create_event', ['summary', 'start']]);
    assert.equal(r.ok, false);
    assert.match(r.error ?? '', /openclaw\.tools\.call\("mcp:calendar:create_event"\) failed: .*offline snapshot/);
    assert.equal(op(r, 'call').callId, 'tool_search_code:call_snap:calendar__create_event:1');
  });

  it("GitHub issue, against the demo's GitHub snapshot: finds and describes create_issue, and the gateway answers the call", async () => {
    const r = await runIn(
      { workspace: DEMO, snapshots: [{ name: 'github', path: path.join(DEMO, 'snapshots/github') }], liveMcp: () => undefined },
      GITHUB_SNIPPET,
      'call_gh',
    );
    const hits = op(r, 'search').result as { id: string; name: string }[];
    assert.ok(Array.isArray(hits));
    assert.deepEqual([hits[0]?.id, hits[0]?.name], ['mcp:github:create_issue', 'github__create_issue']);
    assert.ok((op(r, 'describe').result as { parameters: { required: string[] } }).parameters.required.includes('title'));
    // The seed's arguments omit owner and repo, and a snapshot cannot run anything: either way the
    // gateway's refusal is the call's result, named after the tool.
    assert.equal(r.ok, false);
    assert.match(r.error ?? '', /^Error: openclaw\.tools\.call\("mcp:github:create_issue"\) failed: github__create_issue/);
    assert.equal(op(r, 'call').callId, 'tool_search_code:call_gh:github__create_issue:1');
    assert.equal(r.telemetry.callCount, 1);
  });
});
