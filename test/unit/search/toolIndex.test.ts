import * as assert from 'node:assert/strict';
import { HIT_TEXT_MAX, modelText } from '../../../src/core/search/compactHit';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { ToolApiError } from '../../../src/core/toolApi';
import { MAX_BATCH_QUERIES, MAX_QUERY_CHARS, ToolIndex } from '../../../src/core/search/toolIndex';
import { fixtureCatalog, FIXTURES } from './fixture';

function ids(index: ToolIndex, query: string, limit?: number): string[] {
  return index.search(query, limit !== undefined ? { limit } : {}).hits.map((h) => h.id);
}

function apiError(code: ToolApiError['code'], message?: RegExp): (err: unknown) => boolean {
  return (err) => {
    assert.ok(err instanceof ToolApiError, `expected a ToolApiError, got ${String(err)}`);
    assert.equal(err.code, code);
    if (message) {
      assert.match(err.message, message);
    }
    return true;
  };
}

describe('search: ToolIndex over a real catalog', () => {
  let catalog: Catalog;
  let index: ToolIndex;

  before(async () => {
    catalog = await fixtureCatalog();
    index = ToolIndex.fromCatalog(catalog);
  });

  describe('ordering', () => {
    it('puts the exact tool name first, even when other tools score higher on the words', () => {
      // `sessions_history` outscores `message` itself on the word "message" (2026.9.6's own descriptions).
      const ranked = index.rank('message', 6);
      assert.deepEqual(ranked.slice(0, 2).map((r) => r.tool.id), ['openclaw:core:message', 'openclaw:core:sessions_history']);
      assert.ok((ranked[1]?.score ?? 0) > (ranked[0]?.score ?? 0), 'a non-exact tool outscores the exact one and still comes after it');
    });

    it('finds a tool by its exact id (either MCP spelling) or model-visible name first; a raw MCP name is ranked like any words', () => {
      assert.equal(ids(index, 'mcp:github:list_commits')[0], 'mcp:github:list_commits');
      assert.equal(ids(index, 'mcp:github:github__list_commits')[0], 'mcp:github:list_commits');
      assert.equal(ids(index, 'github__search_code')[0], 'mcp:github:search_code');
      assert.equal(index.rank('GITHUB__SEARCH_CODE', 1)[0]?.tier, 0);
      // "search" is the raw name of two MCP tools but not their name: OpenClaw ranks it by its words.
      assert.ok(index.rank('search', 6).every((r) => r.tier === 1));
    });

    it('ranks what a person would type: words split from names, stemmed, stop words ignored', () => {
      assert.equal(ids(index, 'create an issue')[0], 'mcp:github:create_issue');
      assert.equal(ids(index, 'list the issues of a repository')[0], 'mcp:github:list_issues');
      assert.equal(ids(index, 'merging pull requests')[0], 'mcp:github:merge_pull_request');
      assert.equal(ids(index, 'commits')[0], 'mcp:github:list_commits');
    });

    it('puts tools that match a query word as written before tools reached only through expansions', () => {
      // "tomorrow" adds schedule/cron/automations/reminder: 2026.9.6's automations tool (cron before) is found,
      // but only after every tool matching "issues".
      const mixed = index.rank('issues tomorrow', 50);
      const cron = mixed.findIndex((r) => r.tool.id === 'openclaw:core:automations');
      assert.ok(cron > 0 && mixed[cron]?.tier === 2, mixed.map((r) => `${r.tool.id}:${r.tier}`).join(', '));
      assert.equal(mixed.map((r) => r.tier).lastIndexOf(1), cron - 1);
      assert.ok(mixed.slice(0, cron).some((r) => r.score < (mixed[cron]?.score ?? 0)), 'cron outscores a literal match and still comes after it');
      // Alone, the expansion finds it; there is no typo or prefix matching.
      assert.equal(ids(index, 'tomorrow')[0], 'openclaw:core:automations');
      assert.deepEqual(ids(index, 'repositry'), []);
    });

    it('orders by tier, then score, then id, and gives equal results for equal inputs', async () => {
      for (const q of ['issue', 'search', 'pull request review', 'news']) {
        const ranked = index.rank(q, 50);
        for (let i = 1; i < ranked.length; i++) {
          const a = ranked[i - 1];
          const b = ranked[i];
          assert.ok(a && b);
          assert.ok(a.tier < b.tier || (a.tier === b.tier && (a.score > b.score || (a.score === b.score && a.tool.id.localeCompare(b.tool.id) < 0))), `${q}: ${a.tool.id} before ${b.tool.id}`);
        }
      }
      const again = ToolIndex.fromCatalog(await fixtureCatalog());
      assert.deepEqual(again.search('pull request', { limit: 6 }), index.search('pull request', { limit: 6 }));
    });

    it('breaks score ties by id: the same server mounted twice lists its copies in id order', async () => {
      const gh = path.join(FIXTURES, 'snapshots', 'github');
      // (Not gh-a: "a" is a stop word, so that copy's id would index one term less and score differently.)
      const twice = ToolIndex.fromCatalog(await fixtureCatalog([{ name: 'gh-y', path: gh }, { name: 'gh-x', path: gh }]));
      const hits = twice.search('create issue', { limit: 2 }).hits;
      assert.deepEqual(hits.map((h) => h.id), ['mcp:gh-x:create_issue', 'mcp:gh-y:create_issue']);
      assert.equal(hits[0]?.score, hits[1]?.score);
    });
  });

  describe('non-English text (OpenClaw asks models to search in English)', () => {
    it('matches a run of CJK characters only as a whole word, as OpenClaw does', () => {
      // getAllRecipes' whole description is "获取所有菜谱": one term.
      assert.deepEqual(ids(index, '获取所有菜谱'), ['mcp:howtocook-mcp:mcp_howtocook_getAllRecipes']);
      // Part of a longer run shares no term with it: no hits, never an unranked dump.
      assert.deepEqual(ids(index, '必应搜索'), []);
      assert.deepEqual(ids(index, '豆瓣'), []);
      // The English words of the same tools still reach them.
      assert.equal(ids(index, 'bing search')[0], 'mcp:bing-cn-mcp:bing_search');
    });
  });

  describe('limits and bad queries', () => {
    it('clamps the limit to 1..maxSearchLimit and defaults to searchDefaultLimit (config: 4 / 6)', () => {
      assert.equal(catalog.settings.searchDefaultLimit, 4);
      assert.equal(catalog.settings.maxSearchLimit, 6);
      const dflt = index.search('issue');
      assert.equal(dflt.limit, 4);
      assert.equal(dflt.hits.length, 4);
      assert.equal(index.search('issue', { limit: 100 }).limit, 6);
      assert.equal(index.search('issue', { limit: 100 }).hits.length, 6);
      assert.equal(index.search('issue', { limit: 0 }).limit, 1);
      assert.equal(index.search('issue', { limit: -3 }).hits.length, 1);
      assert.equal(index.search('issue', { limit: 2.9 }).limit, 2);
      assert.equal(index.search('issue', { limit: Number.NaN }).limit, 4);
    });

    it('refuses an empty or blank query instead of dumping tools', () => {
      for (const q of ['', '   ', '\n\t']) {
        assert.throws(() => index.search(q), apiError('empty-query', /non-empty query/));
      }
    });

    it('accepts 512 characters and refuses 513', () => {
      const ok = `create issue ${'x'.repeat(MAX_QUERY_CHARS - 13)}`;
      assert.equal(ok.length, MAX_QUERY_CHARS);
      assert.equal(index.search(ok).hits[0]?.id, 'mcp:github:create_issue');
      assert.throws(() => index.search(`${ok}y`), apiError('query-too-long', /513 characters.*at most 512/));
    });

    it('answers a query of stop words only with no hits, not with everything', () => {
      assert.deepEqual(index.search('the of and').hits, []);
    });

    it('batch: up to 16 queries answered in order, 17 refused, a bad query refuses the whole batch', () => {
      const queries = Array.from({ length: MAX_BATCH_QUERIES }, (_, i) => (i % 2 === 0 ? 'create issue' : 'bing search'));
      const results = index.searchBatch(queries, { limit: 2 });
      assert.equal(results.length, 16);
      assert.equal(results[0]?.hits[0]?.id, 'mcp:github:create_issue');
      assert.equal(results[1]?.hits[0]?.id, 'mcp:bing-cn-mcp:bing_search');
      assert.ok(results.every((r) => r.limit === 2));
      assert.throws(() => index.searchBatch([...queries, 'one more']), apiError('too-many-queries', /at most 16/));
      assert.throws(() => index.searchBatch(['create issue', 'x'.repeat(600)]), apiError('query-too-long', /query #2/));
      assert.throws(() => index.searchBatch(['create issue', ' ']), apiError('empty-query', /query #2/));
      assert.throws(() => index.searchBatch([]), apiError('empty-query'));
    });
  });

  describe('compact hits', () => {
    it("carries the contract fields and OpenClaw's TypeScript-style input hint, required keys first", () => {
      const hit = index.search('create issue', { limit: 1 }).hits[0];
      assert.ok(hit);
      // MCP tools are labelled with their title, else their raw name (OpenClaw's bundle MCP).
      assert.deepEqual(Object.keys(hit).sort(), ['description', 'id', 'input', 'label', 'name', 'score', 'source', 'sourceName']);
      assert.equal(hit.label, 'create_issue');
      assert.equal(hit.input, '{ owner: string; repo: string; title: string; body?: string }');
      assert.equal(hit.source, 'mcp');
      assert.equal(hit.sourceName, 'github');
      assert.equal(hit.name, 'github__create_issue');
    });

    it('keeps descriptions whole with their line breaks (as OpenClaw), bounds input hints, strips hidden controls', () => {
      for (const q of ['search biomedical', 'issue', 'search', 'news', '获取所有菜谱', 'session']) {
        for (const h of index.search(q, { limit: 6 }).hits) {
          // OpenClaw's own (shipped) text is whole; plugin, MCP and client text is bounded.
          assert.ok(catalog.get(h.id)?.shipped === true || h.description.length <= HIT_TEXT_MAX, `${h.id}: ${h.description.length} chars`);
          assert.ok((h.input ?? '').length <= 300, `${h.id}: ${h.input}`);
          // eslint-disable-next-line no-control-regex -- asserting control characters other than \t and \n are gone
          assert.doesNotMatch(h.description + (h.input ?? ''), /[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e]/);
        }
      }
      // The model reads each description as the catalog holds it, paragraphs included.
      for (const t of catalog.cataloged) {
        assert.equal(index.describe(t.id).description, modelText(t.description, t.shipped === true ? Infinity : HIT_TEXT_MAX), t.id);
      }
      const browser = catalog.get('openclaw:browser:browser');
      assert.ok(browser && browser.description.length > HIT_TEXT_MAX, 'a shipped description longer than the bound');
      assert.equal(index.describe(browser.id).description, browser.description, 'sent whole, as OpenClaw does');
      assert.equal(modelText(`a\u202eb\u200bc\r\nd\te\u0007`), 'abc\nd\te');
      assert.equal(modelText('x'.repeat(HIT_TEXT_MAX + 5)).length, HIT_TEXT_MAX);
    });
  });

  describe('what is never indexed', () => {
    it('never returns excluded or direct-only tools, whatever the query', () => {
      const never = ['mcp:github:delete_repository', 'client:client:notify_reviewer'];
      for (const id of never) {
        assert.ok(catalog.get(id), `${id} is in the catalog`);
        assert.notEqual(catalog.get(id)?.status, 'cataloged');
      }
      for (const q of ['delete repository', 'delete_repository', 'github__delete_repository', 'notify reviewer', 'notify_reviewer']) {
        for (const id of ids(index, q, 6)) {
          assert.ok(!never.includes(id), `${q} returned ${id}`);
        }
      }
      assert.equal(index.size, catalog.size);
    });

    it('finds the reply tool: searchable in OpenClaw 2026.9.6, and not kept visible in a local turn', () => {
      assert.equal(catalog.get('openclaw:core:message')?.directVisible, undefined);
      assert.equal(ids(index, 'message', 6)[0], 'openclaw:core:message');
    });

    it('describes direct-only tools (the model sees them anyway) but not excluded ones', () => {
      assert.equal(index.describe('notify_reviewer').id, 'client:client:notify_reviewer');
      assert.throws(() => index.describe('delete_repository'), apiError('unknown-tool', /^Unknown tool id: delete_repository\./));
      assert.throws(() => index.describe('mcp:github:delete_repository'), apiError('unknown-tool'));
    });
  });

  describe('describe and lookup', () => {
    it('returns the exact input schema, by id, model-visible name or raw name', () => {
      const snap = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'snapshots', 'github', 'create_issue.snap'), 'utf8')) as { inputSchema: unknown };
      for (const key of ['mcp:github:create_issue', 'github__create_issue', 'create_issue', '  Create_Issue ']) {
        const d = index.describe(key);
        assert.equal(d.id, 'mcp:github:create_issue');
        assert.deepEqual(d.parameters, snap.inputSchema);
        assert.equal(d.input, '{ owner: string; repo: string; title: string; body?: string }');
      }
    });

    it('refuses an ambiguous name and lists the ids to use', () => {
      assert.throws(() => index.describe('search'), apiError('ambiguous-tool', /^Ambiguous tool name: search; use an exact tool id\. Ids: mcp:hackernews:search, mcp:yfmcp:search\.$/));
      assert.equal(index.describe('mcp:yfmcp:search').id, 'mcp:yfmcp:search');
    });

    it('answers an unknown name with close names', () => {
      // OpenClaw's scoring (formatUnknownToolIdError) over 2026.9.6's generated core tools: `browser` and
      // `dashboard` (whose ids share OpenClaw's scoring features with the query) now come before the GitHub tools.
      assert.throws(() => index.describe('create_isue'), apiError('unknown-tool', /^Unknown tool id: create_isue\. Did you mean: browser, create_goal, dashboard\?$/));
      assert.throws(() => index.lookup('mcp:github:list_comits'), apiError('unknown-tool', /Did you mean: github__list_commits,/));
      assert.throws(() => index.lookup('zzzzzz'), apiError('unknown-tool', /^Unknown tool id: zzzzzz\.$/));
      assert.throws(() => index.lookup('  '), apiError('unknown-tool'));
    });

    it('names failed MCP servers in search results and in unknown-tool errors', () => {
      const withFailed = new ToolIndex(catalog.allowed, { settings: catalog.settings, unavailableServers: ['jira'] });
      assert.deepEqual(withFailed.search('issue').unavailableServers, ['jira']);
      assert.equal(index.search('issue').unavailableServers, undefined);
      assert.throws(() => withFailed.describe('jira__create_ticket'), apiError('unknown-tool', /Unavailable MCP servers: jira\./));
    });
  });
});
