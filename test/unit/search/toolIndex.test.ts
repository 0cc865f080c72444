import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { ToolApiError } from '../../../src/core/gateway/toolApi';
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
      // Both servers have a tool whose raw name is exactly "search"; GitHub's search_* tools match the word too.
      const hits = index.search('search', { limit: 6 }).hits;
      assert.deepEqual(hits.slice(0, 2).map((h) => h.id).sort(), ['mcp:hackernews:search', 'mcp:yfmcp:search']);
      const rest = index.rank('search', 6).slice(2);
      const lowestExact = Math.min(hits[0]?.score ?? 0, hits[1]?.score ?? 0);
      assert.ok(rest.some((r) => r.score > lowestExact), 'a non-exact tool outscores an exact one and still comes after it');
    });

    it('finds a tool by its exact id, model-visible name or raw MCP name first', () => {
      assert.equal(ids(index, 'mcp:github:list_commits')[0], 'mcp:github:list_commits');
      assert.equal(ids(index, 'github__search_code')[0], 'mcp:github:search_code');
      assert.equal(ids(index, 'SEARCH_CODE')[0], 'mcp:github:search_code');
    });

    it('ranks what a person would type: words split from names, stemmed, stop words ignored', () => {
      assert.equal(ids(index, 'create an issue')[0], 'mcp:github:create_issue');
      assert.equal(ids(index, 'list the issues of a repository')[0], 'mcp:github:list_issues');
      assert.equal(ids(index, 'merging pull requests')[0], 'mcp:github:merge_pull_request');
      assert.equal(ids(index, 'commits')[0], 'mcp:github:list_commits');
    });

    it('puts tools that match a query word as written before tools reached only by a typo or prefix', () => {
      // "repositry" is a typo: every hit comes through fuzzy matching, and they are still found.
      const typo = index.rank('repositry', 20);
      assert.ok(typo.length > 0 && typo.every((r) => r.tier === 2));
      assert.ok(typo.slice(0, 2).some((r) => r.tool.id === 'mcp:github:search_repositories'));
      // With a literal word in the query, literal matches lead however high a fuzzy-only match scores.
      const mixed = index.rank('fork repositry', 20);
      const firstFuzzy = mixed.findIndex((r) => r.tier === 2);
      const lastLiteral = mixed.map((r) => r.tier).lastIndexOf(1);
      assert.ok(firstFuzzy > lastLiteral, `tiers out of order: ${mixed.map((r) => r.tier).join(',')}`);
      assert.equal(mixed[0]?.tool.id, 'mcp:github:fork_repository');
    });

    it('orders by tier, then score, then id, and gives equal results for equal inputs', async () => {
      for (const q of ['issue', 'search', 'pull request review', 'news']) {
        const ranked = index.rank(q, 50);
        for (let i = 1; i < ranked.length; i++) {
          const a = ranked[i - 1];
          const b = ranked[i];
          assert.ok(a && b);
          assert.ok(a.tier < b.tier || (a.tier === b.tier && (a.score > b.score || (a.score === b.score && a.tool.id < b.tool.id))), `${q}: ${a.tool.id} before ${b.tool.id}`);
        }
      }
      const again = ToolIndex.fromCatalog(await fixtureCatalog());
      assert.deepEqual(again.search('pull request', { limit: 6 }), index.search('pull request', { limit: 6 }));
    });

    it('breaks score ties by id: the same server mounted twice lists its copies in id order', async () => {
      const gh = path.join(FIXTURES, 'snapshots', 'github');
      const twice = ToolIndex.fromCatalog(await fixtureCatalog([{ name: 'gh-b', path: gh }, { name: 'gh-a', path: gh }]));
      const hits = twice.search('create issue', { limit: 2 }).hits;
      assert.deepEqual(hits.map((h) => h.id), ['mcp:gh-a:create_issue', 'mcp:gh-b:create_issue']);
      assert.equal(hits[0]?.score, hits[1]?.score);
    });
  });

  describe('non-English text', () => {
    it('ranks Chinese descriptions by character bigrams', () => {
      assert.equal(ids(index, '必应搜索')[0], 'mcp:bing-cn-mcp:bing_search');
      assert.equal(ids(index, '微信读书排行榜')[0], 'mcp:trends-hub:get-weread-rank');
      assert.equal(ids(index, '获取网页内容')[0], 'mcp:bing-cn-mcp:fetch_webpage');
      const recipes = ids(index, '推荐菜谱');
      assert.ok(recipes[0]?.startsWith('mcp:howtocook-mcp:'), recipes.join(', '));
    });

    it('ranks a Chinese query instead of dumping the catalog', () => {
      const hits = index.search('豆瓣', { limit: 6 }).hits;
      assert.deepEqual(hits.map((h) => h.id), ['mcp:trends-hub:get-douban-rank']);
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
      const queries = Array.from({ length: MAX_BATCH_QUERIES }, (_, i) => (i % 2 === 0 ? 'create issue' : '必应搜索'));
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
    it('carries the contract fields and a one-line signature, required parameters first', () => {
      const hit = index.search('create issue', { limit: 1 }).hits[0];
      assert.ok(hit);
      // MCP tools are labelled with their title, else their raw name (OpenClaw's bundle MCP).
      assert.deepEqual(Object.keys(hit).sort(), ['description', 'id', 'input', 'label', 'name', 'score', 'source', 'sourceName']);
      assert.equal(hit.label, 'create_issue');
      assert.equal(hit.input, '(owner: string, repo: string, title: string, body?: string)');
      assert.equal(hit.source, 'mcp');
      assert.equal(hit.sourceName, 'github');
      assert.equal(hit.name, 'github__create_issue');
    });

    it('bounds long descriptions and signatures and strips control characters', () => {
      for (const q of ['search biomedical', 'issue', 'search', 'news', '菜谱']) {
        for (const h of index.search(q, { limit: 6 }).hits) {
          assert.ok(h.description.length <= 300, `${h.id}: ${h.description.length} chars`);
          assert.ok(h.input.length <= 200, `${h.id}: ${h.input}`);
          // eslint-disable-next-line no-control-regex -- asserting control characters are gone
          assert.doesNotMatch(h.description + h.input, /[\u0000-\u001f\u007f]/);
        }
      }
      // yfmcp's real description is multi-line and long.
      const yf = index.describe('mcp:yfmcp:search');
      assert.ok(yf.description.length <= 300 && !yf.description.includes('\n'));
    });
  });

  describe('what is never indexed', () => {
    it('never returns excluded or direct-only tools, whatever the query', () => {
      const never = ['mcp:github:delete_repository', 'openclaw:core:message', 'client:client:notify_reviewer'];
      for (const id of never) {
        assert.ok(catalog.get(id), `${id} is in the catalog`);
        assert.notEqual(catalog.get(id)?.status, 'cataloged');
      }
      for (const q of ['delete repository', 'delete_repository', 'github__delete_repository', 'send a message reply', 'message', 'notify reviewer', 'notify_reviewer']) {
        for (const id of ids(index, q, 6)) {
          assert.ok(!never.includes(id), `${q} returned ${id}`);
        }
      }
      assert.equal(index.size, catalog.size);
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
        assert.equal(d.input, '(owner: string, repo: string, title: string, body?: string)');
      }
    });

    it('refuses an ambiguous name and lists the ids to use', () => {
      assert.throws(() => index.describe('search'), apiError('ambiguous-tool', /^Ambiguous tool name: search; use an exact tool id\. Ids: mcp:hackernews:search, mcp:yfmcp:search\.$/));
      assert.equal(index.describe('mcp:yfmcp:search').id, 'mcp:yfmcp:search');
    });

    it('answers an unknown name with close names', () => {
      assert.throws(() => index.describe('create_isue'), apiError('unknown-tool', /^Unknown tool id: create_isue\. Did you mean: create_issue(, [^?]+)?\?$/));
      assert.throws(() => index.lookup('mcp:github:list_comits'), apiError('unknown-tool', /Did you mean: list_commits/));
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
