import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import { fixtureCatalog, FIXTURES, snapshotSpecs } from './fixture';
import { scratchDir } from '../../helpers/scratch';

const QUERIES = ['create issue', 'pull request', 'search code', 'fork a repository', 'commits', '获取所有菜谱', 'news', 'label'];

/** A copy of GitHub's fixture snapshot with some tools removed and others added (the server's tool list changed). */
function changedGithub(dir: string, drop: string[], add: Record<string, unknown>[]): string {
  const src = path.join(FIXTURES, 'snapshots', 'github');
  for (const f of fs.readdirSync(src)) {
    if (!drop.includes(f.replace(/\.snap$/, ''))) {
      fs.copyFileSync(path.join(src, f), path.join(dir, f));
    }
  }
  add.forEach((tool, i) => fs.writeFileSync(path.join(dir, `added_${i}.json`), JSON.stringify(tool)));
  return dir;
}

describe('search: incremental updates', () => {
  let tmp: string;

  beforeEach(() => {
    tmp = scratchDir('tsi-search-');
  });

  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("replacing one server's tools gives the same answers as a full rebuild", async () => {
    const before = await fixtureCatalog();
    const index = ToolIndex.fromCatalog(before);
    const label = {
      name: 'label_write',
      description: 'Create, update or delete a label in a GitHub repository.',
      inputSchema: { type: 'object', properties: { owner: { type: 'string' }, repo: { type: 'string' }, name: { type: 'string', description: 'Label name' } }, required: ['owner', 'repo', 'name'] },
    };
    const github = changedGithub(tmp, ['create_issue', 'fork_repository'], [label]);
    const after = await fixtureCatalog(snapshotSpecs(github));

    index.replaceOwner('mcp', 'github', after.tools.filter((t) => t.sourceName === 'github'));

    const rebuilt = ToolIndex.fromCatalog(after);
    assert.equal(index.size, rebuilt.size);
    for (const q of QUERIES) {
      assert.deepEqual(index.search(q, { limit: 6 }).hits, rebuilt.search(q, { limit: 6 }).hits, q);
    }
    assert.ok(!index.search('create issue', { limit: 6 }).hits.some((h) => h.id === 'mcp:github:create_issue'));
    assert.equal(index.search('label', { limit: 1 }).hits[0]?.id, 'mcp:github:label_write');
    assert.throws(() => index.describe('fork_repository'), /Unknown tool id/);
    assert.equal(index.describe('label_write').id, 'mcp:github:label_write');
  });

  it('leaves other owners untouched and can remove an owner entirely', async () => {
    const catalog = await fixtureCatalog();
    const index = ToolIndex.fromCatalog(catalog);
    const cnBefore = index.search('获取所有菜谱', { limit: 3 });
    index.removeOwner('mcp', 'github');
    assert.equal(index.size, catalog.size - catalog.cataloged.filter((t) => t.sourceName === 'github').length);
    for (const q of QUERIES) {
      assert.ok(index.search(q, { limit: 6 }).hits.every((h) => h.sourceName !== 'github'), q);
    }
    assert.deepEqual(index.search('获取所有菜谱', { limit: 3 }).hits.map((h) => h.id), cnBefore.hits.map((h) => h.id));
    // Adding the server back restores the original answers.
    index.replaceOwner('mcp', 'github', catalog.tools.filter((t) => t.sourceName === 'github'));
    const fresh = ToolIndex.fromCatalog(catalog);
    for (const q of QUERIES) {
      assert.deepEqual(index.search(q, { limit: 6 }).hits, fresh.search(q, { limit: 6 }).hits, q);
    }
  });

  it('keeps excluded tools out when an update brings them', async () => {
    const catalog = await fixtureCatalog();
    const index = ToolIndex.fromCatalog(catalog);
    const github = catalog.tools.filter((t) => t.sourceName === 'github');
    assert.ok(github.some((t) => t.status === 'excluded'));
    index.replaceOwner('mcp', 'github', github);
    assert.ok(!index.search('delete repository', { limit: 6 }).hits.some((h) => h.id === 'mcp:github:delete_repository'));
    // An update for another owner ignores tools that are not its own.
    index.replaceOwner('mcp', 'yfmcp', github);
    assert.equal(index.search('search', { limit: 6 }).hits.filter((h) => h.sourceName === 'yfmcp').length, 0);
  });
});
