import * as assert from 'node:assert/strict';
import { emptyValue, fieldOf, formOf, getAt, initialArgs, missingRequired, parseInput, removeAt, setAt } from '../../../src/webview/catalogPanel/formModel';
import { nextSort, ToolTable, type Facets } from '../../../src/webview/catalogPanel/tableModel';
import { keyTarget, rowWindow, scrollToReveal } from '../../../src/webview/catalogPanel/virtualWindow';
import type { ToolRow } from '../../../src/webview/shared/catalogProtocol';
import { reasonLocations } from '../../../src/extension/panels/catalogDetail';
import { readToolDefinition } from '../../../src/core/sources/toolShape';
import { catalogWire, parseHostMessage, parseWebviewMessage, type CatalogSnapshot } from '../../../src/webview/shared/catalogProtocol';

const NO_FACETS: Facets = { sources: new Set(), statuses: new Set(), owners: new Set() };

function row(id: string, over: Partial<ToolRow> = {}): ToolRow {
  return { id, name: id.split(':').pop() ?? id, source: 'mcp', sourceName: 'srv', status: 'cataloged', description: '', ...over };
}

describe('catalog workbench: table model', () => {
  const rows: ToolRow[] = [
    row('mcp:b:zeta', { sourceName: 'b', description: 'Zeta tool' }),
    row('openclaw:core:alpha', { source: 'openclaw', sourceName: 'core', status: 'excluded', reason: 'denied by tools.deny "alpha"' }),
    row('mcp:a:beta', { sourceName: 'a', status: 'direct-only', reason: 'catalogMode' }),
    row('client:client:Gamma', { source: 'client', sourceName: 'client', description: 'gamma things' }),
  ];
  const t = new ToolTable(rows);
  const names = (idx: number[]) => idx.map((i) => rows[i]?.name);

  it('keeps catalog order unsorted and sorts by a column both ways, case-insensitively', () => {
    assert.deepEqual(names(t.query({ filter: '', facets: NO_FACETS })), ['zeta', 'alpha', 'beta', 'Gamma']);
    assert.deepEqual(names(t.query({ filter: '', facets: NO_FACETS, sort: { column: 'name', direction: 'asc' } })), ['alpha', 'beta', 'Gamma', 'zeta']);
    assert.deepEqual(names(t.query({ filter: '', facets: NO_FACETS, sort: { column: 'name', direction: 'desc' } })), ['zeta', 'Gamma', 'beta', 'alpha']);
    assert.deepEqual(names(t.query({ filter: '', facets: NO_FACETS, sort: { column: 'status', direction: 'asc' } })), ['zeta', 'Gamma', 'beta', 'alpha']);
    assert.deepEqual(names(t.query({ filter: '', facets: NO_FACETS, sort: { column: 'source', direction: 'asc' } })), ['alpha', 'beta', 'zeta', 'Gamma']);
  });

  it('filters on name, id, owner, description and reason, and intersects facets', () => {
    assert.deepEqual(names(t.query({ filter: 'DENIED', facets: NO_FACETS })), ['alpha']);
    assert.deepEqual(names(t.query({ filter: 'gamma', facets: NO_FACETS })), ['Gamma']);
    assert.deepEqual(names(t.query({ filter: '', facets: { ...NO_FACETS, sources: new Set(['mcp']) } })), ['zeta', 'beta']);
    assert.deepEqual(names(t.query({ filter: '', facets: { ...NO_FACETS, sources: new Set(['mcp']), statuses: new Set(['direct-only']) } })), ['beta']);
    assert.deepEqual(names(t.query({ filter: '', facets: { ...NO_FACETS, owners: new Set(['mcp\u0000b']) } })), ['zeta']);
    assert.deepEqual(names(t.query({ filter: 'zeta', facets: { ...NO_FACETS, statuses: new Set(['excluded']) } })), []);
  });

  it('counts facets over the whole catalog and cycles the sort on repeated clicks', () => {
    const c = t.facetCounts();
    assert.deepEqual(c.sources.map((x) => [x.key, x.count]), [['openclaw', 1], ['mcp', 2], ['client', 1]]);
    assert.deepEqual(c.owners.map((x) => x.label), ['core', 'a', 'b', 'client']);
    const s1 = nextSort(undefined, 'name');
    const s2 = nextSort(s1, 'name');
    assert.deepEqual([s1, s2, nextSort(s2, 'name'), nextSort(s1, 'status')], [{ column: 'name', direction: 'asc' }, { column: 'name', direction: 'desc' }, undefined, { column: 'status', direction: 'asc' }]);
  });
});

describe('catalog workbench: virtual window', () => {
  it('renders the rows in view plus the overscan, with spacers for the rest', () => {
    const w = rowWindow({ count: 10_000, rowHeight: 26, scrollTop: 26 * 500, viewportHeight: 260, overscan: 5 });
    assert.deepEqual(w, { start: 495, end: 516, padTop: 495 * 26, padBottom: (10_000 - 516) * 26 });
    assert.equal(w.padTop + (w.end - w.start) * 26 + w.padBottom, 10_000 * 26, 'the spacers and rows add up to the full height');
    assert.deepEqual(rowWindow({ count: 3, rowHeight: 26, scrollTop: 0, viewportHeight: 500, overscan: 5 }), { start: 0, end: 3, padTop: 0, padBottom: 0 });
    assert.deepEqual(rowWindow({ count: 0, rowHeight: 26, scrollTop: 100, viewportHeight: 500, overscan: 5 }), { start: 0, end: 0, padTop: 0, padBottom: 0 });
    // Scrolled past the end (the list shrank under a filter): nothing negative.
    const past = rowWindow({ count: 10, rowHeight: 26, scrollTop: 26 * 100, viewportHeight: 260, overscan: 2 });
    assert.ok(past.start <= past.end && past.padBottom >= 0);
  });

  it('scrolls just enough to reveal a row, and maps navigation keys', () => {
    assert.equal(scrollToReveal(5, 20, 0, 200), undefined);
    assert.equal(scrollToReveal(20, 20, 0, 200), 220);
    assert.equal(scrollToReveal(2, 20, 100, 200), 40);
    assert.equal(keyTarget('ArrowDown', 9, 10, 5), 9);
    assert.equal(keyTarget('ArrowUp', 0, 10, 5), 0);
    assert.equal(keyTarget('PageDown', 2, 10, 5), 7);
    assert.equal(keyTarget('End', 2, 10, 5), 9);
    assert.equal(keyTarget('Home', 7, 10, 5), 0);
    assert.equal(keyTarget('x', 7, 10, 5), undefined);
    assert.equal(keyTarget('ArrowDown', 0, 0, 5), undefined);
  });
});

describe('catalog workbench: form model from an input schema', () => {
  const schema = {
    type: 'object',
    required: ['message', 'target'],
    properties: {
      verbose: { type: 'boolean' },
      message: { type: 'string', description: 'What to say' },
      count: { type: 'integer', default: 3 },
      level: { type: 'string', enum: ['low', 'high'] },
      target: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, note: { type: ['string', 'null'] } } },
      tags: { type: 'array', items: { type: 'string' } },
      any: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      free: { type: 'object' },
    },
  };

  it('makes fields: required first, enums as pickers, nested objects and arrays, JSON for what it cannot shape', () => {
    const f = formOf(schema);
    assert.deepEqual(f.properties?.map((p) => [p.key, p.kind, p.required]), [
      ['message', 'string', true], ['target', 'object', true], ['verbose', 'boolean', false], ['count', 'integer', false],
      ['level', 'enum', false], ['tags', 'array', false], ['any', 'json', false], ['free', 'json', false],
    ]);
    const target = f.properties?.find((p) => p.key === 'target');
    assert.deepEqual(target?.properties?.map((p) => [p.key, p.kind, p.required]), [['id', 'string', true], ['note', 'string', false]]);
    assert.deepEqual(f.properties?.find((p) => p.key === 'level')?.options, ['low', 'high']);
    assert.equal(fieldOf({ $ref: '#/x' }).kind, 'json');
    assert.deepEqual(formOf(undefined).properties, []);
  });

  it('starts from defaults, edits by path without touching the old value, and says what is required', () => {
    const f = formOf(schema);
    const a0 = initialArgs(f);
    assert.deepEqual(a0, { count: 3, target: {} });
    assert.deepEqual(missingRequired(f, a0), ['message', 'target.id']);
    const a1 = setAt(a0, ['target', 'id'], 'x');
    const a2 = setAt(a1, ['tags', 0], 'one');
    const a3 = setAt(a2, ['message'], 'hi');
    assert.deepEqual(a0, { count: 3, target: {} }, 'the first value is unchanged');
    assert.deepEqual(a3, { count: 3, target: { id: 'x' }, tags: ['one'], message: 'hi' });
    assert.deepEqual(missingRequired(f, a3), []);
    assert.equal(getAt(a3, ['target', 'id']), 'x');
    assert.deepEqual(removeAt(setAt(a3, ['tags', 1], 'two'), ['tags', 0]).tags, ['two']);
    assert.deepEqual(setAt(a3, ['message'], undefined).message, undefined);
    const count = f.properties?.find((p) => p.key === 'count');
    assert.ok(count);
    assert.equal(parseInput(count, '42'), 42);
    assert.equal(parseInput(count, '4x'), '4x', 'kept as typed, so the gateway names the problem');
    assert.equal(parseInput(count, ''), undefined);
    assert.equal(emptyValue(count), 3);
  });

  it('sends an empty required array as [] (memory__create_entities with no observations), not left out', () => {
    // The reference memory server's schema, as it lists it.
    const f = formOf({
      type: 'object',
      properties: {
        entities: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, entityType: { type: 'string' }, observations: { type: 'array', items: { type: 'string' } } },
            required: ['name', 'entityType', 'observations'],
          },
        },
      },
      required: ['entities'],
    });
    const a0 = initialArgs(f);
    assert.deepEqual(a0, { entities: [] });
    const entities = f.properties?.find((p) => p.key === 'entities');
    assert.ok(entities?.items);
    // "Add item", then the two text fields typed; the observations list left with 0 items.
    const a1 = setAt(setAt(setAt(a0, ['entities', 0], emptyValue(entities.items)), ['entities', 0, 'name'], 'Ada'), ['entities', 0, 'entityType'], 'person');
    assert.deepEqual(a1, { entities: [{ observations: [], name: 'Ada', entityType: 'person' }] });
    assert.deepEqual(missingRequired(f, a1), []);
    // Removing the last observation keeps the (required) list, empty.
    const a2 = removeAt(setAt(a1, ['entities', 0, 'observations', 0], 'x'), ['entities', 0, 'observations', 0]);
    assert.deepEqual(getAt(a2, ['entities', 0, 'observations']), []);
  });
});

describe('catalog workbench: protocol and rule places', () => {
  it('accepts the new webview messages only in their exact shapes', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'call', toolId: 'mcp:a:b', args: { x: 1 } }), { type: 'call', toolId: 'mcp:a:b', args: { x: 1 } });
    assert.deepEqual(parseWebviewMessage({ type: 'openLocation', file: 'openclaw.json', line: 4 }), { type: 'openLocation', file: 'openclaw.json', line: 4 });
    // A rule link lands on its column.
    assert.deepEqual(parseWebviewMessage({ type: 'openLocation', file: 'openclaw.json', line: 8, column: 14 }), { type: 'openLocation', file: 'openclaw.json', line: 8, column: 14 });
    for (const bad of [{ type: 'call', toolId: 'x', args: [1] }, { type: 'call', toolId: 'x', args: { big: 'x'.repeat(300_000) } }, { type: 'openLocation', file: '' }, { type: 'openLocation', file: 'a', line: -1 }, { type: 'openLocation', file: 'a', line: 1, column: '3' }, { type: 'validate', toolId: 'x', seq: 1.5, args: {} }]) {
      assert.equal(parseWebviewMessage(bad), undefined, JSON.stringify(bad).slice(0, 80));
    }
    assert.equal(parseHostMessage({ type: 'detail', detail: { toolId: 'x' } }), undefined);
    assert.equal(parseHostMessage({ type: 'callResult', result: { toolId: 'x', ok: true, text: 1, args: {} } }), undefined);
  });

  it('carries the catalog as one JSON string and checks it on arrival like any message', () => {
    const snapshot = { workspaceName: 'w', tools: [row('mcp:a:b')], sources: [], problems: [] } as unknown as CatalogSnapshot;
    assert.deepEqual(parseHostMessage(catalogWire(snapshot, 5)), { type: 'catalog', snapshot, postedAt: 5 });
    assert.equal(parseHostMessage({ type: 'catalogJson', json: '{"tools":', postedAt: 1 }), undefined);
    assert.equal(parseHostMessage({ type: 'catalogJson', json: '{"tools":3,"sources":[]}', postedAt: 1 }), undefined);
  });

  it('keeps an MCP tool\'s annotations for the detail: scalar values only, bounded', () => {
    const { def } = readToolDefinition({ name: 'echo', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true, title: 'Echo', nested: { x: 1 }, list: [1] } }, 'mcp', 'everything', { file: 'x' });
    assert.deepEqual(def?.annotations, { readOnlyHint: true, title: 'Echo' });
    assert.equal(readToolDefinition({ name: 'plain', inputSchema: { type: 'object' } }, 'mcp', 's', { file: 'x' }).def?.annotations, undefined);
  });

  it('finds every place a reason names, whatever the field is called', () => {
    assert.deepEqual(reasonLocations({ kind: 'policy', text: 't', rule: { file: 'openclaw.json', line: 7 }, also: [{ at: { file: 'b.json' } }] }).map((l) => l.label), ['openclaw.json:7', 'b.json']);
    assert.deepEqual(reasonLocations(undefined), []);
  });
});
