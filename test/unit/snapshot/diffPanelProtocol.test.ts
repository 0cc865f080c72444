import * as assert from 'node:assert/strict';
import { diffSnapshots } from '../../../src/core/snapshot/diff';
import { serializeSnapshot, takeSnapshot, type CatalogSnapshot } from '../../../src/core/snapshot/snapshot';
import { OpenWorkspace } from '../../../src/core/workspace';
import { toDiffView } from '../../../src/extension/baseline/diffView';
import { MAX_TOOL_ROWS, parseHostMessage, parseWebviewMessage } from '../../../src/webview/shared/diffProtocol';
import { DEMO } from '../gateway/fixtures';

async function demoSnapshot(): Promise<CatalogSnapshot> {
  const ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, liveMcp: () => undefined });
  try {
    return takeSnapshot({ catalog: await ws.buildCatalog(), ws });
  } finally {
    await ws.dispose();
  }
}

describe('Catalog Diff panel protocol', function () {
  this.timeout(30000);

  it('passes only the exact webview messages', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseWebviewMessage({ type: 'openRule', file: 'openclaw.json', line: 8 }), { type: 'openRule', file: 'openclaw.json', line: 8 });
    assert.deepEqual(parseWebviewMessage({ type: 'copyMarkdown', extra: 'dropped' }), { type: 'copyMarkdown' });
    for (const bad of [null, 'ready', { type: 'exec' }, { type: 'openRule', file: '', line: 1 }, { type: 'openRule', file: 'a', line: 0 }, { type: 'openRule', file: 'a', line: 1.5 }, { type: 'openRule', file: 'x'.repeat(2000), line: 1 }, { type: 'rendered', ms: -1 }, { type: 'rendered', ms: Infinity }]) {
      assert.equal(parseWebviewMessage(bad), undefined, JSON.stringify(bad));
    }
  });

  it('carries a real diff to the webview, which accepts it, and cuts thousands of rows', async () => {
    const a = await demoSnapshot();
    const b = JSON.parse(serializeSnapshot(a)) as CatalogSnapshot;
    const gone = b.tools.splice(0, 3);
    const read = b.tools.find((t) => t.name === 'read');
    assert.ok(read);
    read.status = 'excluded';
    read.reasonKind = 'policy';
    read.reason = 'denied by tools.deny "read" (openclaw.json:8)';
    read.rule = { layer: 'tools.allow', rule: 'deny "read"', file: 'openclaw.json', line: 8 };
    const view = toDiffView(diffSnapshots(a, b, { a: 'baseline', b: 'current catalog' }), true);
    assert.deepEqual(
      view.tools.map((t) => [t.change, t.id]),
      [['excluded', read.id], ...gone.map((t) => ['removed', t.id])],
    );
    assert.deepEqual(view.tools[0]?.rule, read.rule);
    assert.deepEqual(parseHostMessage(JSON.parse(JSON.stringify({ type: 'diff', view }))), { type: 'diff', view });
    assert.equal(parseHostMessage({ type: 'diff', view: { ...view, modes: [{ mode: 'direct' }] } }), undefined);

    const many = JSON.parse(serializeSnapshot(a)) as CatalogSnapshot;
    many.tools = Array.from({ length: MAX_TOOL_ROWS + 25 }, (_, i) => ({ id: `client:client:t${String(i).padStart(5, '0')}`, name: `t${i}`, source: 'client' as const, sourceName: 'client', status: 'cataloged' as const, schemaHash: 'a', descriptionHash: 'b' }));
    const cut = toDiffView(diffSnapshots(a, many, { a: 'A', b: 'B' }), false);
    assert.equal(cut.tools.length, MAX_TOOL_ROWS);
    assert.equal(cut.toolsOmitted, MAX_TOOL_ROWS + 25 + a.tools.length - MAX_TOOL_ROWS);
  });
});
