// The known-differences table: mirrored in docs/fidelity.md, and every entry
// still happens against the real OpenClaw (a stale entry fails here, so the
// table cannot hide a difference that was fixed or changed).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { diffCatalogWithOracle, type CatalogChecks } from '../../src/core/oracle/diffCatalog';
import { classify, KNOWN_DIFFERENCES } from '../../src/core/oracle/differences';
import { catalogOf, type CatalogSpec } from '../../src/core/oracle/oracleCatalog';
import { oracle, REPO } from './harness';

/** Rows of the "Deliberate differences" table that name an oracle entry. */
function documentedIds(): string[] {
  const text = fs.readFileSync(path.join(REPO, 'docs', 'fidelity.md'), 'utf8');
  const section = text.split('## Deliberate differences')[1] ?? '';
  return [...section.matchAll(/`oracle:([a-z0-9-]+)`/g)].map((m) => m[1] as string);
}

const SPEC: CatalogSpec = {
  core: [],
  plugins: [{ id: 'notes', tools: [{ name: 'notes_search', description: 'Search the notes', parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }] }],
  mcp: [
    { server: 'github', tools: [{ name: 'create_issue', description: 'Create an issue', inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } }] },
    // One raw name on two servers: the loose match finds both.
    { server: 'alpha', tools: [{ name: 'ability', inputSchema: { type: 'object', properties: {} } }] },
    { server: 'beta', tools: [{ name: 'ability', inputSchema: { type: 'object', properties: {} } }] },
  ],
  client: [],
};

/** A case that shows each difference; each must still produce it, classified. */
const EXAMPLES: Record<string, CatalogChecks> = {
  'empty-query-error': { searches: [{ query: '' }, { query: '   ' }] },
  'lookup-case-insensitive': { lookups: ['NOTES_SEARCH', 'create_issue'] },
  'lookup-loose-ambiguous': { lookups: ['ability'] },
  'input-hint-all-sources': { compact: true },
  'mcp-canonical-id': { compact: true },
};

describe('oracle: known differences', () => {
  it('lists every entry in docs/fidelity.md, and nothing else', () => {
    assert.deepEqual([...new Set(documentedIds())].sort(), KNOWN_DIFFERENCES.map((k) => k.id).sort());
  });

  it('has an example for every entry', () => {
    assert.deepEqual(Object.keys(EXAMPLES).sort(), KNOWN_DIFFERENCES.map((k) => k.id).sort());
  });

  for (const k of KNOWN_DIFFERENCES) {
    it(`still differs, and is recognized: ${k.id}`, async () => {
      const { oracle: o } = await oracle();
      const checks = EXAMPLES[k.id];
      assert.ok(checks, `no example for ${k.id}`);
      const ds = await diffCatalogWithOracle(o, await catalogOf(SPEC), checks);
      assert.ok(ds.some((d) => d.known === k.id), `expected a "${k.id}" difference, got:\n${JSON.stringify(ds, null, 2)}`);
    });
  }

  it('does not excuse look-alikes', () => {
    // First-party input hints must match; only MCP and client hints may differ.
    assert.equal(classify({ suite: 'compact', subject: 'x', field: 'input', ours: '{ a: string }', openclaw: 'unknown', facts: { source: 'openclaw' } }).known, undefined);
    // A non-empty query is never excused.
    assert.equal(classify({ suite: 'search', subject: 'x', field: 'hits', ours: { error: 'x' }, openclaw: [], facts: { query: 'read' } }).known, undefined);
    // An exact-name lookup that fails on one side only is a real difference.
    assert.equal(classify({ suite: 'lookup', subject: 'x', field: 'resolves', ours: { id: 'a' }, openclaw: { error: 'x' }, facts: { needle: 'read', resolvedName: 'read', resolvedId: 'openclaw:core:read' } }).known, undefined);
    // An ambiguity OpenClaw reports as such too is no excuse for another message.
    assert.equal(classify({ suite: 'lookup', subject: 'x', field: 'message', ours: { error: 'Ambiguous tool name: a; use an exact tool id. Ids: x, y.' }, openclaw: { error: 'Unknown tool id: b.' }, facts: { needle: 'a' } }).known, undefined);
    // No composition difference is excused.
    assert.equal(classify({ suite: 'composition', subject: 'x', field: 'present', ours: true, openclaw: false, facts: { tool: 'browser' } }).known, undefined);
    // First-party ids must match.
    assert.equal(classify({ suite: 'compact', subject: 'x', field: 'id', ours: 'a', openclaw: 'b', facts: { source: 'openclaw' } }).known, undefined);
  });
});
