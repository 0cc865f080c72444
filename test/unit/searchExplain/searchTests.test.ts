import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { parseJson5 } from '../../../src/core/config/json5Document';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { RankExplainer } from '../../../src/core/searchExplain/rankExplanation';
import { parseSearchTests, runSearchTest, SEARCH_TESTS_FILE } from '../../../src/core/searchExplain/searchTests';
import { runCliCaptured } from '../../helpers/cliCapture';
import { scratchDir } from '../../helpers/scratch';
import { DEMO, REPO } from '../gateway/fixtures';
import { fixtureCatalog, FIXTURES, snapshotSpecs, WORKSPACE } from '../search/fixture';

const SCHEMA = JSON.parse(fs.readFileSync(path.join(REPO, 'media', 'schemas', 'tool-search.tests.schema.json'), 'utf8')) as object;

function schemaAccepts(value: unknown): boolean {
  return new Validator(SCHEMA as never, '7').validate(value).valid;
}

describe('searchExplain: search tests file', () => {
  it('reads tests with their lines; every bad entry is a diagnostic on its line, not a guess', () => {
    const text = ['{', '  "tests": [', '    { "query": "create an issue", "expected": "create_issue" },', '    { "query": "", "expected": ["x"] },', '    { "query": "a", "expected": [], "within": 3 },', '    { "query": "b", "expected": ["y"], "within": 0 },', '    { "query": "create an issue", "expected": ["list_issues"], "match": "any", "within": 5 }', '  ]', '}'].join('\n');
    const r = parseSearchTests('t.json', text);
    assert.deepEqual(r.tests.map((t) => [t.id, t.line, t.expected, t.within, t.match]), [
      ['create an issue', 3, ['create_issue'], undefined, 'all'],
      ['create an issue (2)', 7, ['list_issues'], 5, 'any'],
    ]);
    assert.deepEqual(r.diagnostics.map((d) => d.line), [4, 5, 6]);
    assert.equal(parseSearchTests('t.json', '{ tests: 3 }').diagnostics.length, 1);
    assert.equal(parseSearchTests('t.json', '{ "tests": [ }').diagnostics[0]?.severity, 'error');
    // A bare array is accepted too (the shape of `eval --queries`).
    assert.equal(parseSearchTests('t.json', '[{ "query": "q", "expected": ["x"] }]').tests.length, 1);
  });

  it('the JSON schema and the reader agree on the demo file and on bad entries', () => {
    const file = path.join(DEMO, SEARCH_TESTS_FILE);
    const text = fs.readFileSync(file, 'utf8');
    assert.ok(schemaAccepts(parseJson5(file, text).value));
    assert.equal(parseSearchTests(file, text).diagnostics.length, 0);
    for (const bad of [{ tests: [{ query: 'q', expected: [] }] }, { tests: [{ query: 'q', expected: ['x'], within: 0 }] }, { tests: [{ query: 'q', expected: ['x'], match: 'most' }] }, { tests: [{ query: '', expected: ['x'] }] }]) {
      assert.equal(schemaAccepts(bad), false, JSON.stringify(bad));
      assert.equal(parseSearchTests('t.json', JSON.stringify(bad)).tests.length, 0, JSON.stringify(bad));
    }
  });

  describe('running them with the real ranking', () => {
    let catalog: Catalog;
    let explainer: RankExplainer;
    before(async () => {
      catalog = await fixtureCatalog();
      explainer = RankExplainer.fromCatalog(catalog);
    });

    it('passes when each expected tool ranks within N (default: the configured limit), fails with the rank and the why-not', () => {
      const { tests } = parseSearchTests('t.json', JSON.stringify({ tests: [
        { query: 'create an issue', expected: ['mcp:github:create_issue'], within: 1 },
        { query: 'create an issue', expected: ['create_issue', 'list_issues'] },
        { query: 'open a ticket about the bug', expected: ['create_issue'] },
        { query: 'create an issue', expected: ['create_issue', 'no_such_tool'], match: 'any' },
        { query: 'create an issue', expected: ['no_such_tool'] },
      ] }));
      const [exact, deeper, missed, any, unknown] = tests.map((t) => runSearchTest(explainer, t));
      assert.equal(exact?.passed, true);
      assert.equal(exact?.outcomes[0]?.rank, 1);
      const ranked = explainer.index.rank('create an issue', 50).map((r) => r.tool.id);
      const listAt = ranked.indexOf('mcp:github:list_issues') + 1;
      assert.equal(deeper?.within, catalog.settings.searchDefaultLimit);
      assert.equal(deeper?.passed, listAt > 0 && listAt <= catalog.settings.searchDefaultLimit);
      assert.equal(missed?.passed, false);
      assert.equal(missed?.outcomes[0]?.rank, undefined);
      assert.match(missed?.message ?? '', /mcp:github:create_issue: expected within the top 4, not found/);
      assert.match(missed?.message ?? '', /lacks the query words: .*ticket/);
      assert.equal(any?.passed, true);
      assert.equal(unknown?.passed, false);
      assert.match(unknown?.message ?? '', /"no_such_tool" is not a tool of this catalog/);
    });
  });

  describe('CLI eval with search tests', () => {
    const SHARED = ['--workspace', WORKSPACE, '--no-user-config', ...snapshotSpecs().flatMap((s) => ['--snapshot', `${s.name}=${s.path}`])];
    let tmp: string;
    before(() => {
      tmp = scratchDir('tsi-search-tests-');
    });
    after(() => {
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    const write = (name: string, tests: unknown[]): string => {
      const file = path.join(tmp, name);
      fs.writeFileSync(file, JSON.stringify({ tests }));
      return file;
    };

    it('--tests: exit 0 when every test passes, with the results in JSON beside the usual figures', async () => {
      const file = write('pass.json', [{ query: 'create an issue', expected: ['create_issue'], within: 1 }]);
      const r = await runCliCaptured(['eval', ...SHARED, '--json', '--tests', file], FIXTURES);
      assert.equal(r.code, 0, r.err);
      const j = JSON.parse(r.out) as { n: number; top1: number; tests: { file: string; passed: number; failed: number; results: { passed: boolean; outcomes: { rank: number }[] }[] } };
      assert.equal(j.n, 1);
      assert.equal(j.top1, 1);
      assert.deepEqual([j.tests.file, j.tests.passed, j.tests.failed], [file, 1, 0]);
      assert.equal(j.tests.results[0]?.outcomes[0]?.rank, 1);
    });

    it('--tests: exit 1 when a test fails, the rank and why-not in the output', async () => {
      const file = write('fail.json', [{ query: 'create an issue', expected: ['create_issue'] }, { query: 'open a ticket about the bug', expected: ['create_issue'] }]);
      const human = await runCliCaptured(['eval', ...SHARED, '--tests', file], FIXTURES);
      assert.equal(human.code, 1, human.err);
      assert.match(human.out, /Search tests \(.*fail\.json\): 1 passed, 1 failed/);
      assert.match(human.out, /FAIL "open a ticket about the bug"/);
      assert.match(human.out, /Add "[^"]+" to the description of \S*create_issue: it would rank #\d+ \(within the limit of 4\)/);
      const j = await runCliCaptured(['eval', ...SHARED, '--json', '--tests', file], FIXTURES);
      assert.equal(j.code, 1);
      const parsed = JSON.parse(j.out) as { tests: { failed: number; results: { outcomes: { whyNot?: { lacks: string[] } }[] }[] } };
      assert.equal(parsed.tests.failed, 1);
      assert.ok(parsed.tests.results[1]?.outcomes[0]?.whyNot?.lacks.includes('ticket'));
    });

    it('a bad tests file is a usage error naming the line (exit 2)', async () => {
      const file = path.join(tmp, 'bad.json');
      fs.writeFileSync(file, '{\n  "tests": [\n    { "query": "q", "expected": [] }\n  ]\n}\n');
      const r = await runCliCaptured(['eval', ...SHARED, '--tests', file], FIXTURES);
      assert.equal(r.code, 2);
      assert.match(r.err, /bad\.json:3.*"expected"/);
    });

    it('without --queries, eval runs the workspace\'s own tests file; the demo has one failing test on purpose', async () => {
      const ws = scratchDir('tsi-search-tests-ws-');
      try {
        fs.mkdirSync(path.join(ws, '.openclaw'));
        fs.copyFileSync(path.join(DEMO, SEARCH_TESTS_FILE), path.join(ws, SEARCH_TESTS_FILE));
        fs.writeFileSync(path.join(ws, 'openclaw.json'), `{ tools: { profile: "full" }, plugins: { load: { paths: [${JSON.stringify(path.join(DEMO, 'plugins'))}] } } }`);
        fs.cpSync(path.join(DEMO, '.openclaw', 'extensions'), path.join(ws, '.openclaw', 'extensions'), { recursive: true });
        const r = await runCliCaptured(['eval', '--workspace', ws, '--no-user-config', '--json'], ws);
        assert.equal(r.code, 1, r.err);
        const j = JSON.parse(r.out) as { tests: { passed: number; failed: number; results: { query: string; passed: boolean }[] } };
        assert.deepEqual(j.tests.results.map((t) => [t.query, t.passed]), [['append to a shared note', true], ['shipment status', true], ['track a parcel for a customer', false]]);
        // --queries alone keeps its old contract: no tests, exit 0.
        const q = path.join(ws, 'q.json');
        fs.writeFileSync(q, JSON.stringify([{ query: 'track a parcel', expected: ['fake_plugin_tool_02'] }]));
        const old = await runCliCaptured(['eval', '--workspace', ws, '--no-user-config', '--json', '--queries', q], ws);
        assert.equal(old.code, 0, old.err);
        assert.equal((JSON.parse(old.out) as { tests?: unknown }).tests, undefined);
        // Neither flag nor file: a usage error, as before.
        fs.rmSync(path.join(ws, SEARCH_TESTS_FILE));
        assert.equal((await runCliCaptured(['eval', '--workspace', ws, '--no-user-config'], ws)).code, 2);
      } finally {
        fs.rmSync(ws, { recursive: true, force: true });
      }
    });
  });
});
