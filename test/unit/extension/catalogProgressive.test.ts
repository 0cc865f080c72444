import * as assert from 'node:assert/strict';
import { catalogHead, HEAD_ROWS, PROGRESSIVE_MIN_TOOLS } from '../../../src/extension/panels/catalogSnapshot';
import { ToolTable } from '../../../src/webview/catalogPanel/tableModel';
import { catalogWire, parseHostMessage, parseWebviewMessage, type CatalogSnapshot, type ToolRow } from '../../../src/webview/shared/catalogProtocol';

const STATUSES = ['cataloged', 'direct-only', 'excluded'] as const;
const SOURCES = ['openclaw', 'mcp', 'client'] as const;

/** A catalog whose sources, owners and statuses are spread unevenly, and whose head differs from its tail. */
function snapshotOf(n: number): CatalogSnapshot {
  const tools: ToolRow[] = [];
  for (let i = 0; i < n; i++) {
    const source = SOURCES[i % 7 === 0 ? 0 : i % 11 === 0 ? 2 : 1] ?? 'mcp';
    // Owners only appear past the head: their counts cannot come from the first rows.
    const sourceName = source === 'mcp' ? `srv-${i < HEAD_ROWS ? 'a' : String(i % 13)}` : source === 'openclaw' ? 'core' : 'client';
    tools.push({ id: `${source}:${sourceName}:t${i}`, name: `t${String(n - i).padStart(5, '0')}`, source, sourceName, status: STATUSES[i % 5 === 0 ? 2 : i % 3 === 0 ? 1 : 0] ?? 'cataloged', description: `tool ${i}` });
  }
  return {
    workspaceName: 'w', mode: 'code', searchEnabled: true, configured: true, trusted: true, size: n,
    counts: { openclaw: 0, mcp: n, client: 0 }, directOnly: 0, excluded: 0,
    sources: [{ source: 'mcp', sourceName: 'srv-a', cataloged: 1, directOnly: 0, excluded: 0 }], tools, problems: ['p'], builtAt: 1,
  };
}

const NO_FACETS = { sources: new Set<never>(), statuses: new Set<never>(), owners: new Set<string>() };

describe('catalog panel: a large catalog in two parts', () => {
  it('sends the first rows of the table\'s default order and the whole catalog\'s facet counts first', () => {
    const full = snapshotOf(PROGRESSIVE_MIN_TOOLS + 500);
    const head = catalogHead(full);
    assert.ok(head, 'a catalog over the threshold is split');
    assert.equal(head.total, full.tools.length);
    // The default order is the one the full table shows with no filter, facet or sort.
    const table = new ToolTable(full.tools);
    const firstShown = table.query({ filter: '', facets: NO_FACETS }).slice(0, HEAD_ROWS).map((i) => full.tools[i]);
    assert.deepEqual(head.snapshot.tools, firstShown);
    assert.equal(head.snapshot.tools.length, HEAD_ROWS);
    assert.deepEqual(head.facets, table.facetCounts(), 'the counts shown early are the full table\'s');
    assert.ok(head.facets.owners.length > 2, 'owners past the head are counted');
    // Everything but the tools is the whole snapshot's, so banners and the summary are final.
    const { tools: _h, ...headRest } = head.snapshot;
    const { tools: _f, ...fullRest } = full;
    assert.deepEqual(headRest, fullRest);
  });

  it('keeps one message below the threshold and honours other sizes', () => {
    assert.equal(catalogHead(snapshotOf(PROGRESSIVE_MIN_TOOLS - 1)), undefined);
    const small = snapshotOf(30);
    const head = catalogHead(small, { minTools: 10, headRows: 7 });
    assert.deepEqual(head?.snapshot.tools.map((t) => t.id), small.tools.slice(0, 7).map((t) => t.id));
    assert.deepEqual(head?.facets, new ToolTable(small.tools).facetCounts());
  });

  it('checks the head and its acknowledgement on arrival, and ties the rest to its head', () => {
    const full = snapshotOf(PROGRESSIVE_MIN_TOOLS);
    const head = catalogHead(full);
    assert.ok(head);
    const msg = { type: 'catalogHead', seq: 3, ...head, postedAt: 9 };
    assert.deepEqual(parseHostMessage(msg), msg);
    for (const bad of [
      { ...msg, seq: -1 },
      { ...msg, total: HEAD_ROWS - 1 },
      { ...msg, facets: { sources: [], statuses: [] } },
      { ...msg, facets: { ...head.facets, owners: [{ key: 'k', label: 'l', count: 1.5 }] } },
      { ...msg, postedAt: undefined },
    ]) {
      assert.equal(parseHostMessage(bad), undefined, JSON.stringify({ ...bad, snapshot: undefined }).slice(0, 200));
    }
    assert.deepEqual(parseHostMessage(catalogWire(full, 5, 3)), { type: 'catalog', snapshot: full, postedAt: 5, seq: 3 });
    assert.equal(parseHostMessage({ ...catalogWire(full, 5), seq: 'x' }), undefined);
    assert.deepEqual(parseWebviewMessage({ type: 'headShown', seq: 3 }), { type: 'headShown', seq: 3 });
    assert.equal(parseWebviewMessage({ type: 'headShown', seq: 0.5 }), undefined);
    assert.equal(parseWebviewMessage({ type: 'headShown' }), undefined);
  });
});
