import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { compareModes } from '../../../src/core/orchestration/modeComparison';
import { parseSessionLog } from '../../../src/core/telemetry/sessionLog';
import { OpenWorkspace } from '../../../src/core/workspace';
import { toCompareView } from '../../../src/extension/compare/compareView';
import { parseHostMessage } from '../../../src/webview/shared/compareProtocol';
import { cliWorkspace } from '../../helpers/cliWorkspace';
import { scratchDir } from '../../helpers/scratch';
import { DEMO } from '../../unit/gateway/fixtures';

// What the editor's Compare command does with a real run: the core comparison
// against the mock provider, its lanes' session logs read back, the panel's view.

// The QA workspace's scenario: the default prompt is neutral (it names no tool) since issue 41.
const SCENARIO = 'Call fake_plugin_tool_17 with marker QA-17 and tell me what it returns.';
describe('Compare in the editor: a real run against the mock provider, and cancel', function () {
  this.timeout(60000);
  const dir = cliWorkspace();
  let ws: OpenWorkspace;
  let catalog: Catalog;
  before(async () => {
    ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, trusted: true, snapshots: [{ name: 'github', path: path.join(DEMO, 'snapshots', 'github') }] });
    catalog = await ws.buildCatalog();
  });
  after(async () => ws.dispose());

  it('shows both lanes side by side with every check passing, the sizes the provider received and each lane’s trace', async () => {
    const logDir = scratchDir('compare-view-');
    const lanes: string[] = [];
    const report = await compareModes({ ws, catalog, prompt: SCENARIO, toolSearchMode: 'tools', logDir, onLane: (lane, mode) => lanes.push(`${lane}:${mode}`) });
    assert.deepEqual(lanes, ['direct:direct', 'toolSearch:tools']);
    const read = (lane: string) => parseSessionLog(fs.readFileSync(path.join(logDir, `${lane}.jsonl`), 'utf8')).events;
    const view = toCompareView({ report, events: { direct: read('direct'), toolSearch: read('toolSearch') }, logFiles: { direct: 'direct.jsonl', toolSearch: 'toolSearch.jsonl' }, durationMs: 1, sessionViewer: true });
    assert.ok(view.allOk, view.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`).join('\n'));
    const { direct, toolSearch } = view.lanes;
    // What the provider received first is what the lane shows.
    assert.equal(direct.requests[0]?.bytes, direct.bytes?.total);
    assert.equal(toolSearch.requests[0]?.bytes, toolSearch.bytes?.total);
    assert.ok(toolSearch.bytes && direct.bytes && toolSearch.bytes.total < direct.bytes.total);
    assert.ok(direct.tokens && toolSearch.tokens && toolSearch.tokens.total < direct.tokens.total);
    assert.equal(direct.finalCalls[0]?.name, 'fake_plugin_tool_17');
    assert.equal(toolSearch.finalCalls[0]?.name, 'fake_plugin_tool_17');
    assert.deepEqual([toolSearch.searches >= 1, direct.searches], [true, 0]);
    // The trace is the lane's own log, in order, first to last.
    assert.equal(toolSearch.trace[0]?.kind, 'turn-start');
    assert.equal(toolSearch.trace.at(-1)?.kind, 'turn-end');
    assert.ok(toolSearch.trace.some((s) => s.kind === 'search' && s.ok === true));
    assert.ok(direct.trace.some((s) => s.kind === 'call' && s.title.includes('fake_plugin_tool_17') && s.ok === true));
    // And it crosses to the webview intact.
    assert.deepEqual(parseHostMessage(JSON.parse(JSON.stringify({ type: 'result', view }))), { type: 'result', view });
  });

  it('cancel stops the comparison: no lane result, and the Tool Search lane never starts', async () => {
    const abort = new AbortController();
    const lanes: string[] = [];
    const logDir = scratchDir('compare-cancel-');
    const run = compareModes({
      ws,
      catalog,
      prompt: SCENARIO,
      toolSearchMode: 'tools',
      logDir,
      signal: abort.signal,
      onLane: (lane) => {
        lanes.push(lane);
        // Cancelled as the first lane starts: its request is aborted in flight.
        abort.abort();
      },
    });
    await assert.rejects(run, (err: unknown) => err instanceof Error && /abort/i.test(`${err.name} ${err.message}`));
    assert.deepEqual(lanes, ['direct']);
    assert.equal(fs.existsSync(path.join(logDir, 'toolSearch.jsonl')), false);
  });
});
