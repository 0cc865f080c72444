import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliCaptured } from '../../helpers/cliCapture';
import { FIXTURES, WORKSPACE, snapshotSpecs } from './fixture';
import { scratchDir } from '../../helpers/scratch';

const SHARED = ['--workspace', WORKSPACE, '--no-user-config', ...snapshotSpecs().flatMap((s) => ['--snapshot', `${s.name}=${s.path}`])];

const cli = (...argv: string[]) => runCliCaptured(argv, FIXTURES);

interface SearchJson {
  query: string;
  limit: number;
  hits: { id: string; source: string; sourceName: string; name: string; description: string; input: string; score: number }[];
}

describe('CLI search, describe, eval (contract)', () => {
  let tmp: string;

  before(() => {
    tmp = scratchDir('tsi-search-cli-');
  });

  after(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('search --json prints {query, limit, hits} with the contract hit fields', async () => {
    const r = await cli('search', ...SHARED, '--json', 'create', 'an', 'issue');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as SearchJson;
    assert.equal(j.query, 'create an issue');
    assert.equal(j.limit, 4);
    assert.equal(j.hits.length, 4);
    assert.deepEqual(Object.keys(j.hits[0] ?? {}).sort(), ['description', 'id', 'input', 'label', 'name', 'score', 'source', 'sourceName']);
    assert.equal(j.hits[0]?.id, 'mcp:github:create_issue');
  });

  it('search reports the clamped limit it used', async () => {
    const r = await cli('search', ...SHARED, '--json', '--limit', '50', 'issue');
    assert.equal(r.code, 0, r.err);
    assert.equal((JSON.parse(r.out) as SearchJson).limit, 6);
  });

  it('search prints a human table', async () => {
    const r = await cli('search', ...SHARED, 'bing search');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /mcp:bing-cn-mcp:bing_search/);
    assert.match(r.out, /\{ query: string; num_results\?: number \}/);
  });

  it('search: a missing or blank query, a bad --limit, an over-long query are usage errors (exit 2)', async () => {
    for (const argv of [['search', ...SHARED], ['search', ...SHARED, '   '], ['search', ...SHARED, '--limit', 'many', 'issue'], ['search', ...SHARED, 'x'.repeat(600)]]) {
      const r = await cli(...argv);
      assert.equal(r.code, 2, `${argv.join(' ').slice(-40)}: ${r.err}`);
      assert.match(r.err, /^tool-search-inspect search: /);
      assert.equal(r.err.trim().split('\n').length, 1, r.err);
    }
  });

  it('describe --json prints the compact hit plus the exact parameters', async () => {
    const r = await cli('describe', ...SHARED, '--json', 'create_issue');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as { id: string; input: string; parameters: unknown };
    const snap = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'snapshots', 'github', 'create_issue.snap'), 'utf8')) as { inputSchema: unknown };
    assert.equal(j.id, 'mcp:github:create_issue');
    assert.equal(j.input, '{ owner: string; repo: string; title: string; body?: string }');
    assert.deepEqual(j.parameters, snap.inputSchema);
  });

  it('describe: an unknown or ambiguous name fails with exit 1 and the reason on stderr', async () => {
    const unknown = await cli('describe', ...SHARED, 'create_isue');
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /Unknown tool id: create_isue\. Did you mean: [^?]*create_goal/);
    const ambiguous = await cli('describe', ...SHARED, '--json', 'search');
    assert.equal(ambiguous.code, 1);
    assert.match(ambiguous.err, /Ambiguous tool name: search; use an exact tool id\. Ids: mcp:hackernews:search, mcp:yfmcp:search\./);
    assert.equal((JSON.parse(ambiguous.out) as { code: string }).code, 'ambiguous-tool');
    const none = await cli('describe', ...SHARED);
    assert.equal(none.code, 2);
  });

  it('eval --json reports n, k, top1, recallAtK, mrr and the misses', async () => {
    const file = path.join(tmp, 'queries.json');
    fs.writeFileSync(
      file,
      JSON.stringify([
        { query: 'create an issue', expected: ['create_issue'] },
        { query: '必应搜索', expected: ['mcp:bing-cn-mcp:bing_search'] },
        { query: 'merge a pull request', expected: ['github__merge_pull_request'] },
        { query: 'weather forecast for tomorrow', expected: ['get_weather'] },
      ]),
    );
    const r = await cli('eval', ...SHARED, '--json', '--queries', file, '--k', '3');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as { n: number; k: number; top1: number; recallAtK: number; mrr: number; misses: { query: string; expected: string[]; got: string[] }[] };
    assert.equal(j.n, 4);
    assert.equal(j.k, 3);
    // OpenClaw matches a CJK run only whole: "必应搜索" is part of bing_search's description, and misses.
    assert.equal(j.top1, 0.5);
    assert.equal(j.recallAtK, 0.5);
    assert.equal(j.mrr, 0.5);
    assert.deepEqual(j.misses.map((m) => m.query), ['必应搜索', 'weather forecast for tomorrow']);
    assert.deepEqual(j.misses[0]?.got, []);
    assert.ok(j.misses[1] && j.misses[1].got.length <= 3);
  });

  it('eval: a missing, malformed or ill-shaped queries file is a usage error naming the file', async () => {
    const bad = path.join(tmp, 'bad.json');
    fs.writeFileSync(bad, '[\n  {"query": "x", "expected": []}\n]');
    const broken = path.join(tmp, 'broken.json');
    fs.writeFileSync(broken, '[\n  {"query": \n');
    for (const [file, pattern] of [
      [path.join(tmp, 'missing.json'), /missing\.json: cannot read queries/],
      [bad, /bad\.json:2: item #1: "expected" must be a non-empty array/],
      [broken, /broken\.json:\d+/],
    ] as const) {
      const r = await cli('eval', ...SHARED, '--queries', file);
      assert.equal(r.code, 2, r.err);
      assert.match(r.err, pattern);
    }
    assert.equal((await cli('eval', ...SHARED)).code, 2);
    assert.equal((await cli('eval', ...SHARED, '--queries', bad, '--k', '0')).code, 2);
  });
});
