import * as assert from 'node:assert/strict';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import { whyNotText } from '../../../src/core/searchExplain/explanationText';
import { ABOVE_SHOWN, nameSplitProblem, RankExplainer, type WhyNotSuggestion } from '../../../src/core/searchExplain/rankExplanation';
import { fixtureCatalog } from '../search/fixture';

// Queries of several shapes: plain words, stems, expansions, an exact name, CJK, words no tool has.
const QUERIES = ['create an issue', 'list pull requests for a repo', 'remind me tomorrow', 'search the web for news', 'read a file', 'exec', 'bing search', 'hacker news top stories', '菜谱', 'merge branch', 'weather forecast'];

function kindOf<K extends WhyNotSuggestion['kind']>(list: readonly WhyNotSuggestion[], kind: K): Extract<WhyNotSuggestion, { kind: K }> | undefined {
  return list.find((s): s is Extract<WhyNotSuggestion, { kind: K }> => s.kind === kind);
}

describe('searchExplain: the ranking explained', () => {
  let catalog: Catalog;
  let index: ToolIndex;
  let explainer: RankExplainer;

  before(async () => {
    catalog = await fixtureCatalog();
    index = ToolIndex.fromCatalog(catalog);
    explainer = RankExplainer.fromCatalog(catalog, index);
  });

  it('shows the hits the model gets: the index\'s own result, with the configured limit', () => {
    for (const q of QUERIES) {
      const e = explainer.explain(q);
      assert.deepEqual(e.result, index.search(q));
      assert.equal(e.limit, catalog.settings.searchDefaultLimit);
      assert.deepEqual(e.hits.map((h) => h.id), e.result.hits.map((h) => h.id), q);
      assert.deepEqual(e.hits.map((h) => h.rank), e.hits.map((_, i) => i + 1));
    }
  });

  it('term contributions add up to the index\'s score exactly, for every tool that matched', () => {
    let checked = 0;
    for (const q of QUERIES) {
      // Deeper than the limit: every tool the ranker scored.
      for (const r of index.rank(q, index.size)) {
        const w = explainer.whyNot(q, r.tool.id);
        const e = w?.explanation;
        assert.ok(e, `${q}: ${r.tool.id} is explained`);
        const sum = e.matched.reduce((s, m) => s + m.contribution, 0);
        if (r.tier === 0 && r.score === 0) {
          assert.equal(e.tier, 'exact');
          continue;
        }
        assert.equal(sum, r.score, `${q}: ${r.tool.id}`);
        const fields = Object.values(e.byField).reduce((s, x) => s + x, 0);
        assert.ok(Math.abs(fields - r.score) < 1e-9, `${q}: ${r.tool.id}: fields ${fields} vs ${r.score}`);
        checked++;
      }
    }
    assert.ok(checked > 100, `only ${checked} scored tools checked`);
  });

  it('names the field each term matched in and marks expansions', () => {
    const e = explainer.explain('create an issue');
    const top = e.hits[0];
    assert.equal(top?.id, 'mcp:github:create_issue');
    const issue = top?.matched.find((m) => m.term === 'issu');
    assert.ok(issue?.fields.name && issue.fields.description, JSON.stringify(issue));
    assert.deepEqual(issue?.from, ['issue']);
    assert.equal(issue?.expansion, false);
    const remind = explainer.explain('remind me tomorrow');
    const expanded = remind.hits.flatMap((h) => h.matched).filter((m) => m.expansion);
    assert.ok(expanded.length > 0, 'expansion terms matched');
    assert.ok(expanded.every((m) => m.weight < 1 && m.from.some((w) => w === 'remind' || w === 'tomorrow')));
    assert.ok(remind.hits.some((h) => h.byField.expansions > 0));
    // First-party parameter text is indexed; an MCP tool's schema never is.
    const params = explainer.explain('file path offset');
    assert.ok(params.hits.some((h) => h.source === 'openclaw' && h.matched.some((m) => m.fields.parameters)));
    for (const q of QUERIES) {
      for (const h of explainer.explain(q).hits.filter((x) => x.source !== 'openclaw')) {
        assert.ok(h.matched.every((m) => m.fields.parameters === undefined), `${h.id} has no indexed parameters`);
      }
    }
  });

  it('why-not agrees with the ranker\'s own order: rank, tools above, in-results', () => {
    for (const q of QUERIES) {
      const full = index.rank(q, index.size);
      const limit = index.search(q).limit;
      full.forEach((r, i) => {
        const w = explainer.whyNot(q, r.tool.id);
        assert.equal(w?.rank, i + 1, `${q}: ${r.tool.id}`);
        assert.equal(w?.inResults, i < limit);
        assert.equal(w?.aboveCount, i);
        assert.deepEqual(w?.above.map((h) => h.id), full.slice(0, Math.min(i, ABOVE_SHOWN)).map((x) => x.tool.id));
      });
    }
  });

  it('a tool that shares no word with the query: no rank, the words it lacks, and words whose effect the real index measured', () => {
    const q = 'open a ticket about the bug';
    const w = explainer.whyNot(q, 'create_issue');
    assert.ok(w);
    assert.equal(w.tool.id, 'mcp:github:create_issue');
    assert.ok(w.lacks.includes('ticket') && w.lacks.includes('bug'), w.lacks.join());
    const add = kindOf(w.suggestions, 'add-words');
    assert.ok(add);
    // Rank again, independently, with the words added.
    const changed = catalog.tools.map((t) => (t.id === w.tool.id ? { ...t, description: `${t.description} ${add.addition}` } : t));
    const again = new ToolIndex(changed, { settings: catalog.settings }).rank(q, 100).findIndex((r) => r.tool.id === w.tool.id) + 1;
    assert.equal(add.rankAfter, again);
    assert.equal(add.withinLimitAfter, again > 0 && again <= w.limit);
    assert.match(whyNotText(w), /lacks the query words: .*ticket/);
  });

  it('excluded and direct-only tools are explained as not searchable, with the reason', () => {
    const excluded = explainer.whyNot('delete a repository', 'delete_repository');
    assert.equal(excluded?.tool.status, 'excluded');
    assert.equal(excluded?.rank, undefined);
    const s = kindOf(excluded?.suggestions ?? [], 'not-searchable');
    assert.ok(s && s.reason.length > 10, JSON.stringify(excluded?.suggestions));
    const direct = explainer.whyNot('notify the reviewer', 'notify_reviewer');
    assert.equal(kindOf(direct?.suggestions ?? [], 'not-searchable')?.status, 'direct-only');
    assert.equal(explainer.whyNot('x', 'no_such_tool_anywhere'), undefined);
  });

  it('a name that hides a query word is flagged with a name that would split', () => {
    assert.deepEqual(nameSplitProblem('getweather', ['weather', 'today']), { kind: 'name-splits-badly', name: 'getweather', seenAs: ['getweath'], hidden: ['weather'], better: 'get_weather' });
    assert.equal(nameSplitProblem('get_weather', ['weather']), undefined);
    assert.equal(nameSplitProblem('getWeather', ['weather']), undefined);
  });

  it('a tool reached only through expansions is told so', () => {
    const e = explainer.explain('remind me tomorrow', 6);
    const only = e.hits.find((h) => h.tier === 'expansion');
    assert.ok(only, 'some hit matched only expansions');
    const w = explainer.whyNot('remind me tomorrow', only.id);
    assert.ok(kindOf(w?.suggestions ?? [], 'expansion-only'));
  });

  it('a tool that matches every word but is outscored is told so, with words only it has (none of the tools above)', () => {
    let seen = 0;
    for (const q of [...QUERIES, 'issue', 'pull request']) {
      for (const r of index.rank(q, index.size).slice(catalog.settings.searchDefaultLimit)) {
        const w = explainer.whyNot(q, r.tool.id);
        if (!w || w.lacks.length > 0) continue;
        const out = kindOf(w.suggestions, 'outscored');
        assert.ok(out, `${q}: ${r.tool.id}`);
        assert.equal(out.above, (w.rank ?? 0) - 1);
        const aboveIds = index.rank(q, index.size).slice(0, out.above).map((x) => x.tool.id);
        for (const word of out.distinctive) {
          const hits = new RankExplainer({ tools: catalog.tools, settings: catalog.settings, index }).explain(word, 6);
          assert.ok(hits.hits.every((h) => !aboveIds.includes(h.id) || h.tier === 'expansion'), `${word} is in a tool above ${r.tool.id}`);
        }
        seen++;
      }
    }
    assert.ok(seen > 0);
  });

  it('directory cuts are reported from the real directory bound', () => {
    const tight = new RankExplainer({ tools: catalog.tools, settings: { ...catalog.settings, mode: 'directory' }, index, directoryMaxChars: 800 });
    const cut = catalog.cataloged.filter((t) => t.source === 'openclaw').map((t) => kindOf(tight.whyNot('anything', t.id)?.suggestions ?? [], 'directory-cut')).filter((c) => c !== undefined);
    assert.ok(cut.length > 0);
    assert.ok(cut.every((c) => c.directoryMode && c.maxChars === 800));
    // The default bound holds this catalog: nothing is reported.
    assert.ok(catalog.cataloged.every((t) => !kindOf(explainer.whyNot('anything', t.id)?.suggestions ?? [], 'directory-cut')));
  });
});
