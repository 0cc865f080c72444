// Tool Search as each modelled epoch does it: substring ranking (scoreEntry)
// in 2026.5.12 - 2026.7, BM25 from 2026.8.1; no `input` hint before 2026.8.1,
// hints without numeric bounds until 2026.9.1. The weights and split pattern
// come from the generated epoch data (read from each release), not from here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { modelFor } from '../../../src/core/policy/openclawVersions';
import { rankBySubstring, splitPattern, substringTerms } from '../../../src/core/search/substringRanking';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import type { SubstringRankingFacts } from '../../../src/core/policy/epochTypes';
import type { CatalogTool } from '../../../src/core/types';
import { OpenWorkspace } from '../../../src/core/workspace';
import { scratchDir } from '../../helpers/scratch';

function tool(name: string, description: string, parameters?: CatalogTool['parameters'], source: CatalogTool['source'] = 'openclaw', sourceName = 'core'): CatalogTool {
  return { id: `${source}:${sourceName}:${name}`, source, sourceName, name, description, ...(parameters ? { parameters } : {}), status: 'cataloged', decisions: [], groups: [] } as CatalogTool;
}

const TOOLS = [
  tool('read', 'Read file contents'),
  tool('spreadsheet_read', 'Open a spreadsheet'),
  tool('web_search', 'Search the web', { type: 'object', properties: { query: { type: 'string' }, page: { type: 'number', minimum: 1 } }, required: ['query'] }),
  tool('cron', 'Schedule reminders and recurring jobs'),
  tool('create_issue', 'Create an issue in a repository', undefined, 'mcp', 'github'),
];

const substring = (version: string): SubstringRankingFacts => {
  const r = modelFor(version)?.toolSearch?.ranking;
  assert.ok(r && r.kind === 'substring', `${version} ranks by substring`);
  return r;
};

describe('search: the substring ranking of OpenClaw 2026.5.12 - 2026.7 (scoreEntry)', () => {
  it('scores exact name, then substrings of name, id, label and description, with the release\'s weights', () => {
    const facts = substring('2026.5.12');
    const w = facts.weights;
    const index = new ToolIndex(TOOLS, { ranking: facts });
    const hits = index.search('read', { limit: 5 }).hits;
    assert.deepEqual(hits.map((h) => h.name), ['read', 'spreadsheet_read']);
    // read: exact + name + id + description; spreadsheet_read: name + id + description ("spREADsheet").
    assert.equal(hits[0]?.score, w.exact + w.name + w.id + w.description);
    assert.equal(hits[1]?.score, w.name + w.id + w.description);
    assert.equal(index.rankingKind, 'substring');
  });

  it('scores an MCP tool with OpenClaw\'s label: its raw tool name when the server gives no title', () => {
    const facts = substring('2026.6.10');
    const w = facts.weights;
    const mcp = { ...tool('github__get_me', ''), id: 'mcp:github:get_me', source: 'mcp', sourceName: 'github', rawName: 'get_me' } as CatalogTool;
    const hits = new ToolIndex([mcp], { ranking: facts }).search('me', { limit: 5 }).hits;
    // name `github__get_me`, id `mcp:github:github__get_me` and label `get_me` all contain "me".
    assert.equal(hits[0]?.score, w.name + w.id + w.label);
  });

  it('ranks and breaks ties on the id OpenClaw gives an MCP tool: `mcp:bundle-mcp:...` in 2026.5.12 - 6.10, the server from 8.1', () => {
    assert.equal(modelFor('2026.6.10')?.toolSearch?.mcpEntryOwner, 'bundle-mcp');
    assert.equal(modelFor('2026.8.1')?.toolSearch?.mcpEntryOwner, 'server');
    const facts = substring('2026.6.10');
    const w = facts.weights;
    const mcp = (raw: string) => ({ ...tool(`github__${raw}`, ''), id: `mcp:github:${raw}`, source: 'mcp', sourceName: 'github', rawName: raw, label: raw }) as CatalogTool;
    // "d" is in `bundle-mcp`: every MCP id gains it, so a tool without a "d" of its own scores the id weight more.
    const ranked = (owner: 'bundle-mcp' | 'server') => new ToolIndex([mcp('delete_repository'), mcp('fork_repository')], { ranking: facts, mcpEntryOwner: owner }).search('d', { limit: 5 }).hits;
    assert.deepEqual(ranked('server').map((h) => [h.name, h.score]), [['github__delete_repository', w.name + w.id + w.label]]);
    assert.deepEqual(ranked('bundle-mcp').map((h) => [h.name, h.score]), [['github__delete_repository', w.name + w.id + w.label], ['github__fork_repository', w.id]]);
  });

  it('splits the query with the release\'s pattern, keeps ties in id order, and dumps the catalog for a query with no term', () => {
    const facts = substring('2026.6.10');
    assert.deepEqual(substringTerms('Search the WEB, please!', splitPattern(facts.tokenSplit)), ['search', 'the', 'web', 'please']);
    // "the" is a substring of nothing here but descriptions: ties on score go by id.
    const tie = rankBySubstring(TOOLS.map((t) => ({ id: t.id, name: t.name, description: t.description })), 'e', facts, 10).map((h) => h.entry.id);
    const sorted = [...tie].sort((a, b) => new Intl.Collator().compare(a, b));
    assert.deepEqual(new Set(tie), new Set(sorted));
    const dump = new ToolIndex(TOOLS, { ranking: facts }).search('!!!', { limit: 3 }).hits;
    assert.deepEqual(dump.map((h) => h.score), [1, 1, 1], 'no term: every entry scores 1, as OpenClaw returns');
  });

  it('BM25 from 2026.8.1: the same query ranks differently, and the ranking kind is the epoch\'s', () => {
    assert.equal(modelFor('2026.8.1')?.toolSearch?.ranking.kind, 'bm25');
    assert.equal(new ToolIndex(TOOLS, { ranking: modelFor('2026.8.1')?.toolSearch?.ranking }).rankingKind, 'bm25');
    assert.equal(new ToolIndex(TOOLS).rankingKind, 'bm25');
  });
});

describe('search: compact entry hints per epoch', () => {
  const hitFor = (version: string) => {
    const ts = modelFor(version)?.toolSearch;
    return new ToolIndex(TOOLS, { ...(ts ? { ranking: ts.ranking, inputHint: ts.inputHint } : {}) }).search('web_search', { limit: 1 }).hits[0];
  };
  it('no input hint before 2026.8.1', () => {
    const h = hitFor('2026.6.10');
    assert.ok(h && !('input' in h), JSON.stringify(h));
  });
  it('2026.8.1 - 2026.9.1: the hint has no numeric bounds', () => {
    assert.equal(hitFor('2026.8.1')?.input, '{ query: string; page?: number }');
  });
  it('from 2026.9.2 on (measured 2026.9.5, 2026.9.6): bounds as a comment', () => {
    assert.match(hitFor('2026.9.5')?.input ?? '', /page\?: number \/\* >= 1 \*\//);
    assert.match(hitFor('2026.9.6')?.input ?? '', /page\?: number \/\* >= 1 \*\//);
  });
});

describe('config: tools.toolSearch as each epoch resolves it', () => {
  let dir: string;
  beforeEach(() => {
    dir = scratchDir('tsi-epoch-config-');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function settings(version: string, toolSearch: unknown) {
    fs.writeFileSync(path.join(dir, 'openclaw.json'), JSON.stringify(toolSearch === undefined ? {} : { tools: { toolSearch } }));
    const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, homeDir: dir, openclawVersion: version });
    try {
      return { settings: ws.settings, messages: ws.config.diagnostics.map((d) => d.message) };
    } finally {
      await ws.dispose();
    }
  }

  it('before 2026.5.12 there is no Tool Search: a configured one is off, and says why', async () => {
    const r = await settings('2026.4.8', { mode: 'tools' });
    assert.equal(r.settings.enabled, false);
    assert.equal(r.settings.mode, 'direct');
    assert.ok(r.messages.some((m) => /OpenClaw 2026\.4\.8 has no Tool Search/.test(m)), r.messages.join('\n'));
  });

  it('2026.5.12 has no directory mode: it resolves to code', async () => {
    const r = await settings('2026.5.12', { mode: 'directory' });
    assert.equal(r.settings.mode, 'code');
    assert.ok(r.messages.some((m) => /has no "directory" mode/.test(m)), r.messages.join('\n'));
    assert.equal((await settings('2026.6.10', { mode: 'directory' })).settings.mode, 'directory');
  });

  it('only 2026.9.6 turns Tool Search on when tools.toolSearch is unset', async () => {
    for (const v of ['2026.5.12', '2026.6.10', '2026.8.1', '2026.9.5']) {
      assert.equal((await settings(v, undefined)).settings.enabled, false, v);
    }
    const newest = await settings('2026.9.6', undefined);
    assert.equal(newest.settings.enabled, true);
    assert.equal(newest.settings.mode, 'tools');
  });
});
