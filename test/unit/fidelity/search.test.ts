import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ToolApiError } from '../../../src/core/toolApi';
import { Bm25Index } from '../../../src/core/search/bm25Index';
import { compactHit } from '../../../src/core/search/compactHit';
import { entryTerms, openClawId } from '../../../src/core/search/entryText';
import { inputHint, outputHint } from '../../../src/core/search/inputHint';
import { documentTerms, queryTerms, splitWords, stem, stemVariants } from '../../../src/core/search/tokenizer';
import { MAX_BATCH_QUERIES, MAX_QUERY_CHARS, ToolIndex } from '../../../src/core/search/toolIndex';
import type { CatalogTool, JsonSchema, ToolSourceKind } from '../../../src/core/types';

/**
 * Search and compact hits, behaviour by behaviour, against OpenClaw 2026.9.6
 * (`src/agents/tool-search-ranking.ts`, `tool-search-runtime.ts`,
 * `tool-search-catalog.ts`, `tool-schema-hints.ts`). Each row names the
 * OpenClaw symbol it follows; rows marked "deliberate" pin where we differ
 * on purpose (docs/fidelity.md). The last block replays OpenClaw's own
 * answers, recorded from the real package by test/oracle/record/searchRanking.ts.
 */

interface ToolSpec {
  source?: ToolSourceKind;
  owner?: string;
  name: string;
  rawName?: string;
  label?: string;
  description: string;
  parameters?: JsonSchema;
  outputSchema?: JsonSchema;
}

function tool(spec: ToolSpec): CatalogTool {
  const source = spec.source ?? 'openclaw';
  const owner = spec.owner ?? (source === 'openclaw' ? 'core' : source === 'client' ? 'client' : 'srv');
  const name = source === 'mcp' ? `${owner}__${spec.rawName ?? spec.name}` : spec.name;
  return {
    id: `${source}:${owner}:${source === 'mcp' ? (spec.rawName ?? spec.name) : spec.name}`,
    source,
    sourceName: owner,
    name,
    rawName: source === 'mcp' ? (spec.rawName ?? spec.name) : undefined,
    label: spec.label,
    description: spec.description,
    parameters: spec.parameters,
    outputSchema: spec.outputSchema,
    status: 'cataloged',
    decisions: [],
    groups: [],
  };
}

function indexOf(specs: readonly ToolSpec[], limits = { searchDefaultLimit: 8, maxSearchLimit: 50 }): ToolIndex {
  return new ToolIndex(specs.map(tool), { settings: limits });
}

function ids(index: ToolIndex, query: string, limit?: number): string[] {
  return index.search(query, limit === undefined ? {} : { limit }).hits.map((h) => h.id);
}

/** Unrelated tools, so that document frequencies look like a catalog's rather than two tools'. */
const FILLERS: ToolSpec[] = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'].map((name) => ({ name, description: `The ${name} tool.` }));

interface Row {
  /** What OpenClaw does (or, for a deliberate difference, what we do instead). */
  behaviour: string;
  /** The OpenClaw symbol followed (or differed from). */
  follows: string;
  check: () => void;
}

const ROWS: Row[] = [
  {
    behaviour: 'words split on anything but letters, digits and `_`; a `_`-joined word is kept whole besides its parts',
    follows: 'tool-search-ranking.ts splitWords',
    check: () => {
      assert.deepEqual(splitWords('web_search, web-fetch'), ['web_search', 'web', 'search', 'web', 'fetch']);
      assert.deepEqual(splitWords('github__create_issue'), ['github__create_issue', 'github', 'create', 'issue']);
    },
  },
  {
    behaviour: 'camelCase is split, and a capital run stays one part (`URLs`, `HTTP`)',
    follows: 'tool-search-ranking.ts WORD_PARTS',
    check: () => {
      assert.deepEqual(splitWords('getHTTPResponse'), ['gethttpresponse', 'get', 'http', 'response']);
      assert.deepEqual(splitWords('listURLs'), ['listurls', 'list', 'urls']);
      assert.deepEqual(splitWords('URLs'), ['urls']);
    },
  },
  {
    behaviour: 'a CJK run is one word (no bigrams), and combining marks separate words',
    follows: 'tool-search-ranking.ts splitWords',
    check: () => {
      assert.deepEqual(splitWords('必应搜索 bing'), ['必应搜索', 'bing']);
      assert.deepEqual(splitWords('e\u0301t\u00e9'), ['e', 't\u00e9']);
    },
  },
  {
    behaviour: "OpenClaw's stop words are dropped; capability verbs (get, list, new, find) are not",
    follows: 'tool-search-ranking.ts STOPWORDS',
    check: () => {
      assert.deepEqual(documentTerms('what is the status of it'), ['status']);
      assert.deepEqual(documentTerms('get a list of new items to find'), ['get', 'list', 'new', 'item', 'find']);
      assert.deepEqual(queryTerms('the of and'), []);
    },
  },
  {
    behaviour: 'light suffix stemming, up to three passes, undoubling inflected consonants, keeping non-plural -s words',
    follows: 'tool-search-ranking.ts stem, stripOneSuffix, undoubleFinalConsonant, NON_PLURAL_S_WORDS',
    check: () => {
      assert.equal(stem('scheduling'), stem('schedule'));
      assert.equal(stem('running'), 'run');
      assert.equal(stem('stopping'), 'stop');
      assert.equal(stem('calling'), 'call');
      assert.equal(stem('reminders'), 'remind');
      assert.equal(stem('news'), 'news');
      assert.equal(stem('status'), 'status');
      assert.equal(stem('processes'), 'process');
      assert.equal(stem('list'), 'list');
    },
  },
  {
    behaviour: '`-ies` words yield both readings (policies -> policy and polici)',
    follows: 'tool-search-ranking.ts stemVariants',
    check: () => {
      assert.deepEqual(stemVariants('policies'), ['policy', 'polici']);
      assert.deepEqual(stemVariants('cookies'), ['cooky', 'cooki']);
    },
  },
  {
    behaviour: 'intent expansions: remind/reminder/later/tomorrow/daily/weekly/recurring -> schedule, automations, cron, reminder at weight 0.35',
    follows: 'tool-search-ranking.ts QUERY_EXPANSIONS, EXPANSION_WEIGHT, tokenizeQuery',
    check: () => {
      for (const q of ['remind me', 'set a reminder', 'later', 'tomorrow', 'daily', 'weekly report', 'recurring']) {
        const added = queryTerms(q).filter((t) => t.weight === 0.35).map((t) => t.term);
        for (const t of [stem('schedule'), stem('automations'), 'cron']) {
          assert.ok(added.includes(t), `${q}: ${added.join(' ')}`);
        }
      }
    },
  },
  {
    behaviour: 'intent expansions: look up / price / weather / news -> search, web; url/link -> fetch, web, browse; run/shell -> exec, process; folder -> file, list; and the rest of the table',
    follows: 'tool-search-ranking.ts QUERY_EXPANSIONS',
    check: () => {
      const added = (q: string): string[] => queryTerms(q).filter((t) => t.weight < 1).map((t) => t.term);
      assert.deepEqual(added('look up the price'), ['search', 'web', 'find']);
      assert.deepEqual(added('latest news'), ['search', 'web']);
      assert.deepEqual(added('open this link'), ['fetch', 'web', stem('browse')]);
      assert.deepEqual(added('what did we discuss earlier'), ['memory', 'recall', 'history']);
      assert.deepEqual(added('reply'), [stem('message'), 'send']);
      assert.deepEqual(added('say it'), [stem('message'), 'send', 'audio', 'speech']);
      assert.deepEqual(added('screenshot'), [stem('image')]);
      assert.deepEqual(added('run a shell command'), ['exec', 'process']);
      assert.deepEqual(added('folder'), [stem('file'), 'list']);
    },
  },
  {
    behaviour: 'triggers are singularized, not stemmed: "news" fires web search, "new" does not',
    follows: 'tool-search-ranking.ts normalizeTrigger',
    check: () => {
      assert.ok(queryTerms('news').some((t) => t.term === 'search'));
      assert.ok(!queryTerms('open a new issue').some((t) => t.term === 'search'));
      assert.ok(queryTerms('reminders').some((t) => t.term === 'cron'));
    },
  },
  {
    behaviour: 'a word the query wrote keeps weight 1 even when an expansion adds it too',
    follows: 'tool-search-ranking.ts tokenizeQuery',
    check: () => {
      assert.deepEqual(queryTerms('search look'), [
        { term: 'search', weight: 1 },
        { term: 'look', weight: 1 },
        { term: 'web', weight: 0.35 },
        { term: 'find', weight: 0.35 },
      ]);
    },
  },
  {
    behaviour: 'indexed text: name, id (OpenClaw spelling), label, description',
    follows: 'tool-search-runtime.ts toolSearchEntryText; tool-search-catalog.ts makeCatalogId',
    check: () => {
      const mcp = tool({ source: 'mcp', owner: 'gh', rawName: 'create_issue', name: 'create_issue', description: 'Open one.' });
      assert.equal(openClawId(mcp), 'mcp:gh:gh__create_issue');
      // name, then the id's three words, then the label (OpenClaw labels MCP tools with their raw name), then the description.
      assert.deepEqual(entryTerms(mcp), ['gh__create_issu', 'gh', 'creat', 'issu', 'mcp', 'gh', 'gh__create_issu', 'gh', 'creat', 'issu', 'create_issu', 'creat', 'issu', 'open', 'one']);
      const index = indexOf([{ name: 'cron', label: 'Scheduled jobs', description: 'Manage jobs.' }, { name: 'other', description: 'Something else.' }]);
      assert.deepEqual(ids(index, 'scheduled'), ['openclaw:core:cron']);
    },
  },
  {
    behaviour: 'first-party parameter names and descriptions are searchable (depth <= 4, items included, unions not); MCP and client schemas are not',
    follows: 'tool-search-ranking.ts readParameterText; tool-search-runtime.ts toolSearchEntryText',
    check: () => {
      const schema = { type: 'object', properties: { channel: { type: 'string', description: 'Discord destination' }, items: { type: 'array', items: { type: 'object', properties: { attachment: { type: 'string' } } } } } };
      const index = indexOf([
        { name: 'message', description: 'Send a message.', parameters: schema },
        { source: 'mcp', name: 'post', description: 'Post a message.', parameters: schema },
        { source: 'client', name: 'notify', description: 'Notify.', parameters: schema },
      ]);
      assert.deepEqual(ids(index, 'channel'), ['openclaw:core:message']);
      assert.deepEqual(ids(index, 'discord destination'), ['openclaw:core:message']);
      assert.deepEqual(ids(index, 'attachment'), ['openclaw:core:message']);
      const deep = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'object', properties: { d: { type: 'object', properties: { e: { type: 'object', properties: { toodeep: { type: 'string' } } } } } } } } } } } } };
      const deepIndex = indexOf([{ name: 'nest', description: 'Nested.', parameters: deep }]);
      assert.deepEqual(ids(deepIndex, 'e'), ['openclaw:core:nest']);
      assert.deepEqual(ids(deepIndex, 'toodeep'), []);
    },
  },
  {
    behaviour: 'Okapi BM25 with k1 1.2, b 0.75, idf ln(1 + (N - n + 0.5) / (n + 0.5)), length = indexed terms, times the query weight',
    follows: 'tool-search-ranking.ts scoreLexical, BM25_K1, BM25_B',
    check: () => {
      const bm25 = new Bm25Index();
      bm25.add(['cron', 'cron', 'job']);
      bm25.add(['job']);
      bm25.add(['web', 'search', 'job', 'page', 'fetch']);
      const [m] = bm25.score([{ term: 'cron', weight: 0.35 }]);
      const avg = 9 / 3;
      const idf = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5));
      const expected = (0.35 * idf * 2 * 2.2) / (2 + 1.2 * (0.25 + (0.75 * 3) / avg));
      assert.ok(m && Math.abs(m.score - expected) < 1e-12 && m.slot === 0 && !m.literal, JSON.stringify(m));
      // A term in every document still scores (idf > 0), shorter documents higher.
      const all = bm25.score([{ term: 'job', weight: 1 }]).sort((a, b) => b.score - a.score);
      assert.deepEqual(all.map((x) => x.slot), [1, 0, 2]);
    },
  },
  {
    behaviour: 'a tool matching a word the query wrote ranks before one reached only through expansions, whatever their scores',
    follows: 'tool-search-ranking.ts scoreLexical matchedLiteral; tool-search-runtime.ts search (sort)',
    check: () => {
      const index = indexOf([
        { name: 'cron', description: 'Schedule cron automations.' },
        { name: 'report', description: `Write the weekly report ${'with many other words '.repeat(20)}` },
        ...FILLERS,
      ]);
      const ranked = index.rank('weekly report', 5);
      assert.deepEqual(ranked.map((r) => [r.tool.name, r.tier]), [
        ['report', 1],
        ['cron', 2],
      ]);
      assert.ok((ranked[1]?.score ?? 0) > (ranked[0]?.score ?? 0));
    },
  },
  {
    behaviour: 'an exact name or id (case-insensitive) comes first, even below another score; an exact match the words miss is still returned first',
    follows: 'tool-search-runtime.ts search (exactMatches, exactEntries)',
    check: () => {
      const index = indexOf([
        { name: 'exec', description: 'Run a shell command in the workspace and return its output, with a timeout and an optional working directory.' },
        { name: 'process', description: 'Manage processes started by exec: exec output, exec exit codes, exec logs.' },
        { name: 'do', description: 'Perform a stored action.' },
        ...FILLERS,
      ]);
      const ranked = index.rank('EXEC', 5);
      assert.deepEqual(ranked.map((r) => [r.tool.name, r.tier]), [
        ['exec', 0],
        ['process', 1],
      ]);
      assert.ok((ranked[1]?.score ?? 0) > (ranked[0]?.score ?? 0));
      // "do" is a stop word: no term matches, yet the tool named "do" is found.
      assert.deepEqual(ids(index, 'do'), ['openclaw:core:do']);
      // An id counts as one: the exact tool first, then the others that share "openclaw" and "core".
      assert.deepEqual(ids(index, 'openclaw:core:process', 3), ['openclaw:core:process', 'openclaw:core:do', 'openclaw:core:alpha']);
    },
  },
  {
    behaviour: 'with limit 1 and exactly one exact match, that tool alone',
    follows: 'tool-search-runtime.ts search (limit === 1 && exactMatches.length === 1)',
    check: () => {
      const index = indexOf([
        { name: 'read', description: 'Read a file.' },
        { name: 'read_many', description: 'Read read read many files.' },
      ]);
      assert.deepEqual(ids(index, 'read', 1), ['openclaw:core:read']);
    },
  },
  {
    behaviour: "equal scores break by id in locale order (String#localeCompare), on OpenClaw's id spelling",
    follows: 'tool-search-runtime.ts search (a.value.id.localeCompare(b.value.id))',
    check: () => {
      const same = { name: 'create_issue', description: 'Create an issue.' };
      const index = indexOf([
        { ...same, source: 'mcp', owner: 'Bx' },
        { ...same, source: 'mcp', owner: 'ax' },
      ]);
      const hits = index.search('create issue', { limit: 2 }).hits;
      // Code-point order would put "Bx" first.
      assert.deepEqual(hits.map((h) => h.id), ['mcp:ax:create_issue', 'mcp:Bx:create_issue']);
      assert.equal(hits[0]?.score, hits[1]?.score);
    },
  },
  {
    behaviour: 'stop-word-only queries and queries sharing no term with the catalog return no hits (never an unranked dump)',
    follows: 'tool-search-ranking.ts scoreLexical (empty query scores nothing)',
    check: () => {
      const index = indexOf([{ name: 'web_search', description: 'Search the web.' }]);
      assert.deepEqual(ids(index, 'what is it'), []);
      assert.deepEqual(ids(index, 'xyzzy plugh'), []);
      assert.deepEqual(ids(index, '搜索'), []);
    },
  },
  {
    behaviour: 'deliberate: an empty or blank query is an input error (OpenClaw answers it with no hits)',
    follows: 'tool-search-runtime.ts search; tool-search-request.ts readToolSearchArgs',
    check: () => {
      const index = indexOf([{ name: 'web_search', description: 'Search the web.' }]);
      for (const q of ['', '  ']) {
        assert.throws(
          () => index.search(q),
          (e: unknown) => e instanceof ToolApiError && e.code === 'empty-query',
        );
      }
    },
  },
  {
    behaviour: 'deliberate: exact matching also takes our MCP id spelling (mcp:<server>:<tool>); a raw MCP name is ranked as words in search, as in OpenClaw, but describe accepts it',
    follows: 'tool-search-runtime.ts search, findEntry',
    check: () => {
      const index = indexOf([
        { source: 'mcp', owner: 'gh', name: 'get_me', description: 'Who am I.' },
        { source: 'mcp', owner: 'gh', name: 'get_me_twice', description: 'Get me, get me.' },
      ]);
      assert.equal(index.rank('mcp:gh:get_me', 5)[0]?.tier, 0);
      assert.equal(index.rank('mcp:gh:gh__get_me', 5)[0]?.tier, 0);
      assert.equal(index.rank('gh__get_me', 5)[0]?.tier, 0);
      assert.ok(index.rank('get_me', 5).every((r) => r.tier === 1));
      assert.equal(index.describe('GET_ME').id, 'mcp:gh:get_me');
    },
  },
  {
    behaviour: 'batch search: at most 16 queries of at most 512 characters (ours; OpenClaw bounds 16 entries, 512 UTF-8 bytes of serialized queries and 50 results in total)',
    follows: 'tool-search-request.ts readBatchToolSearchRequest',
    check: () => {
      const index = indexOf([{ name: 'web_search', description: 'Search the web.' }]);
      assert.equal(index.searchBatch(Array.from({ length: MAX_BATCH_QUERIES }, () => 'web')).length, 16);
      assert.throws(() => index.searchBatch(Array.from({ length: 17 }, () => 'web')), /at most 16/);
      assert.throws(() => index.search('w'.repeat(MAX_QUERY_CHARS + 1)), /at most 512/);
    },
  },
  {
    behaviour: 'input hint: TypeScript-style object, required keys first then optional, each in locale order, `; ` between',
    follows: 'tool-schema-hints.ts compactToolInputHint, compactObjectHint, insertLexicallyBounded',
    check: () => {
      assert.equal(
        inputHint({ type: 'object', properties: { optional: { type: 'boolean' }, beta: { type: 'number' }, alpha: { type: 'string' }, Zed: { type: 'string' } }, required: ['beta', 'alpha'] }),
        '{ alpha: string; beta: number; optional?: boolean; Zed?: string }',
      );
    },
  },
  {
    behaviour: 'input hint: nested objects, Array<...>, enums and consts as literals, unions, nullable, numeric bounds, quoted non-identifier keys',
    follows: 'tool-schema-hints.ts compactSchemaType, compactSchemaUnion, compactLiteralUnion, normalizeNullableSchemaForHint',
    check: () => {
      assert.equal(
        inputHint({
          type: 'object',
          properties: {
            state: { type: 'string', enum: ['open', 'closed'] },
            kind: { const: 'bug' },
            labels: { type: 'array', items: { type: 'string' } },
            author: { type: 'object', properties: { login: { type: 'string' } }, required: ['login'] },
            count: { type: 'integer', minimum: 1, maximum: 100 },
            ratio: { type: 'number', exclusiveMinimum: 0 },
            id: { anyOf: [{ type: 'string' }, { type: 'number' }] },
            note: { type: 'string', nullable: true },
            'x-trace': { type: 'string' },
            any: {},
          },
          required: ['state'],
        }),
        '{ state: "open" | "closed"; any?: unknown; author?: { login: string }; count?: number /* integer, >= 1, <= 100 */; id?: string | number; kind?: "bug"; labels?: Array<string>; note?: string | null; ratio?: number /* > 0 */; "x-trace"?: string }',
      );
    },
  },
  {
    behaviour: 'input hint: unknown or open shapes say so ($ref, allOf, no items, extra properties `; ...`), depth stops at 4, more than 16 keys end in `; ...`, over 300 characters is `unknown`',
    follows: 'tool-schema-hints.ts UNSUPPORTED_SHAPE_KEYWORDS, INPUT_LIMITS, compactToolInputHint',
    check: () => {
      assert.equal(inputHint({ type: 'object', properties: { r: { $ref: '#/x' }, a: { type: 'array' } } }), '{ a?: Array<unknown>; r?: unknown }');
      assert.equal(inputHint({ type: 'object', properties: { s: { type: 'string' } }, additionalProperties: true }), '{ s?: string; ... }');
      assert.equal(inputHint({ type: 'object' }), '{ ... }');
      assert.equal(inputHint({ type: 'object', properties: {}, additionalProperties: false }), '{}');
      assert.equal(inputHint(undefined), 'unknown');
      const deep = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'object', properties: { d: { type: 'object', properties: { e: { type: 'string' } } } } } } } } } } };
      assert.equal(inputHint(deep), '{ a?: { b?: { c?: { d?: { e?: unknown } } } } }');
      const many = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${String(i).padStart(2, '0')}`, { type: 'string' }]));
      assert.ok(inputHint({ type: 'object', properties: many }).endsWith('k15?: string; ... }'));
      // Keys are cut when the body would pass 300 characters; if the `; ...` marker then passes it, the hint is `unknown`.
      const enumOf = { type: 'string', enum: ['alpha', 'beta', 'gamma'] };
      const cut = inputHint({ type: 'object', properties: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`parameter_name_${i}`, enumOf])) });
      assert.ok(cut.length === 291 && cut.endsWith('parameter_name_3?: "alpha" | "beta" | "gamma"; ... }'), cut);
      assert.equal(inputHint({ type: 'object', properties: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`parameter_${i}`, enumOf])) }), 'unknown');
    },
  },
  {
    behaviour: 'compact hit: id, source, sourceName, name, label, description, input, output (first-party, complete), in that key order; plus our score',
    follows: 'tool-search-catalog.ts compactToolSearchCatalogEntry; tool-schema-hints.ts compactToolOutputHint',
    check: () => {
      const t = tool({ name: 'cron', label: 'Cron', description: 'Jobs.', parameters: { type: 'object', properties: { when: { type: 'string' } }, required: ['when'] }, outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false } });
      const hit = compactHit(t, 1.23456);
      assert.deepEqual(Object.keys(hit), ['id', 'source', 'sourceName', 'name', 'label', 'description', 'input', 'output', 'score']);
      assert.equal(hit.input, '{ when: string }');
      assert.equal(hit.output, '{ ok: boolean }');
      assert.equal(hit.score, 1.235);
      assert.equal(outputHint({ type: 'object', properties: { ok: { type: 'boolean' } } }), undefined, 'an incomplete output hint is left out');
    },
  },
  {
    behaviour: 'deliberate: MCP and client tools get a computed input hint too (OpenClaw says "unknown"), with hiding characters escaped; no output hint',
    follows: 'tool-search-catalog.ts compactToolSearchCatalogEntry (input: "unknown" unless source openclaw)',
    check: () => {
      const schema = { type: 'object', properties: { 'a\u202eb': { type: 'string' }, q: { type: 'string' } }, required: ['q'] };
      const mcp = compactHit(tool({ source: 'mcp', name: 'find', description: 'Find.', parameters: schema, outputSchema: { type: 'object', properties: {}, additionalProperties: false } }), 0);
      assert.equal(mcp.input, '{ q: string; "a\\u202eb"?: string }');
      assert.equal(mcp.output, undefined);
      const client = compactHit(tool({ source: 'client', name: 'chart', description: 'Chart.', parameters: { type: 'object', properties: { title: { type: 'string' } } } }), 0);
      assert.equal(client.input, '{ title?: string }');
    },
  },
];

describe('fidelity: search and compact hits (OpenClaw 2026.9.6)', () => {
  for (const row of ROWS) {
    it(`${row.behaviour} [${row.follows}]`, row.check);
  }
});

interface Recorded {
  openclaw: string;
  limit: number;
  results: { query: string; ids: string[] }[];
  inputHints: Record<string, string>;
}

describe("fidelity: OpenClaw's own answers on the search fixture (recorded)", () => {
  const dir = path.resolve(__dirname, '..', '..', 'fixtures', 'search-ranking');
  const recorded = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Recorded;
  const { tools } = JSON.parse(fs.readFileSync(path.join(dir, 'catalog.json'), 'utf8')) as { tools: Omit<CatalogTool, 'status' | 'decisions' | 'groups'>[] };
  const catalog: CatalogTool[] = tools.map((t) => ({ ...t, status: 'cataloged', decisions: [], groups: [] }));
  const index = new ToolIndex(catalog, { settings: { searchDefaultLimit: recorded.limit, maxSearchLimit: 50 } });

  it(`reproduces OpenClaw ${recorded.openclaw}'s top ${recorded.limit} for each of ${recorded.results.length} queries over ${catalog.length} tools [tool-search-runtime.ts ToolSearchRuntime.search]`, () => {
    assert.ok(recorded.results.length >= 100 && catalog.some((t) => t.source === 'openclaw') && catalog.some((t) => t.source === 'mcp'));
    const differ = recorded.results.filter((r) => JSON.stringify(index.rank(r.query, recorded.limit).map((x) => x.tool.id)) !== JSON.stringify(r.ids));
    assert.deepEqual(
      differ.map((r) => ({ query: r.query, openclaw: r.ids, ours: index.rank(r.query, recorded.limit).map((x) => x.tool.id) })),
      [],
    );
    // The fixture exercises the cases that matter: empty answers, expansion-only hits, exact matches.
    assert.ok(recorded.results.some((r) => r.ids.length === 0));
    assert.ok(recorded.results.some((r) => r.ids.length === recorded.limit));
  });

  it(`reproduces OpenClaw's input hint for every tool's schema [tool-schema-hints.ts compactToolInputHint]`, () => {
    const differ = catalog.filter((t) => inputHint(t.parameters) !== recorded.inputHints[t.id]).map((t) => ({ id: t.id, openclaw: recorded.inputHints[t.id], ours: inputHint(t.parameters) }));
    assert.deepEqual(differ, []);
    assert.equal(Object.keys(recorded.inputHints).length, catalog.length);
  });
});
