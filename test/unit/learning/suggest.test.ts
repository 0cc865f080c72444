import * as assert from 'node:assert/strict';
import { buildDirectory } from '../../../src/core/modes/directory';
import { ADDITION_PREFIX, additionText, suggestDescriptions, withAddition } from '../../../src/core/learning/suggest';
import type { UsagePair } from '../../../src/core/learning/usagePairs';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import type { CatalogTool } from '../../../src/core/types';

function tool(name: string, description: string): CatalogTool {
  return { id: `mcp:demo:${name}`, source: 'mcp', sourceName: 'demo', name: `demo__${name}`, rawName: name, description, status: 'cataloged', decisions: [], groups: [] };
}

const pair = (query: string, name: string, count = 1): UsagePair => ({ query, tool: `mcp:demo:${name}`, count, foundInHits: 0 });

const TOOLS = [
  tool('weather_forecast', 'Get the weather forecast for a city.'),
  tool('currency_convert', 'Convert an amount of money between two currencies.'),
  tool('stock_quote', 'Latest stock quote and price of a ticker symbol.'),
  tool('define_word', 'Look up what an English word or phrase means in the dictionary, with its definition, examples of use in sentences, its pronunciation and its origin.'),
  tool('translate_text', 'Translate text between languages.'),
];

function topName(tools: readonly CatalogTool[], query: string): string | undefined {
  return new ToolIndex(tools).rank(query, 5)[0]?.tool.rawName;
}

function applied(report: ReturnType<typeof suggestDescriptions>): CatalogTool[] {
  const proposed = new Map(report.suggestions.map((s) => [s.toolId, s.proposed]));
  return TOOLS.map((t) => ({ ...t, description: proposed.get(t.id) ?? t.description }));
}

describe('learning: description suggestions (real ToolIndex)', () => {
  it('suggests the words a tool\'s queries use and its text lacks, and they move it up', () => {
    const logged = [pair('will it rain tomorrow in Oslo', 'weather_forecast', 2), pair('do I need an umbrella, is rain coming', 'weather_forecast'), pair('umbrella or sunscreen today', 'weather_forecast')];
    assert.notEqual(topName(TOOLS, 'rain in Bergen'), 'weather_forecast');
    const report = suggestDescriptions(TOOLS, logged);
    const s = report.suggestions.find((x) => x.name === 'demo__weather_forecast');
    assert.ok(s);
    const words = s.words.map((w) => w.word);
    assert.ok(words.includes('rain') && words.includes('umbrella'), words.join(','));
    // Words seen in one logged query only (Oslo, sunscreen) are not evidence enough.
    assert.ok(!words.includes('Oslo') && !words.includes('sunscreen'));
    assert.equal(s.proposed, withAddition(s.current, words));
    assert.ok(s.after.top1 > s.before.top1);
    assert.equal(topName(applied(report), 'rain in Bergen'), 'weather_forecast');
    for (const w of s.words) {
      assert.ok(w.gain > w.loss, `${w.word}: ${w.gain} <= ${w.loss}`);
    }
  });

  it('leaves out a word that would pull the tool above the right one for other tools\' logged queries', () => {
    // "mean" is what define_word's queries use; its long text has it (as "means") but weighs it little,
    // so the short translate_text with "mean" added would outrank it on those queries.
    const logged = [pair('hola mean', 'translate_text'), pair('mean hola', 'translate_text'), pair('mean', 'define_word', 5)];
    const base = topName(TOOLS, 'mean');
    assert.equal(base, 'define_word');
    const report = suggestDescriptions(TOOLS, logged);
    const s = report.suggestions.find((x) => x.name === 'demo__translate_text');
    assert.deepEqual(s?.words.map((w) => w.word), ['hola']);
    assert.equal(topName(applied(report), 'mean'), 'define_word');
    // Added anyway, "mean" would have cost define_word its queries:
    const forced = TOOLS.map((t) => (t.rawName === 'translate_text' ? { ...t, description: withAddition(t.description, ['hola', 'mean']) } : t));
    assert.equal(topName(forced, 'mean'), 'translate_text');
  });

  it('bounds what a description may grow by', () => {
    const logged = ['rain', 'umbrella', 'drizzle', 'snowfall', 'thunderstorm', 'hailstorm', 'heatwave', 'blizzard', 'monsoon', 'typhoon', 'humidity', 'windchill', 'sleet'].map((w) => pair(`${w} warnings`, 'weather_forecast', 3));
    for (const max of [0, 20, 40, 120]) {
      const s = suggestDescriptions(TOOLS, logged, { maxAddedChars: max }).suggestions.find((x) => x.name === 'demo__weather_forecast');
      assert.ok(s);
      assert.ok(s.added.length <= max, `${s.added.length} > ${max}`);
      assert.ok(s.proposed.length - s.current.length <= max);
      if (max === 0) {
        assert.equal(s.proposed, s.current);
      }
    }
    // Filling in candidate order, the budget is what stops it.
    const wide = suggestDescriptions(TOOLS, logged, { choice: 'ranked' }).suggestions.find((x) => x.name === 'demo__weather_forecast');
    assert.ok((wide?.words.length ?? 0) >= 5);
    assert.ok((wide?.added.length ?? 0) <= 120);
  });

  it('adds, by measured effect, only words that still move a logged query once the better ones are in', () => {
    // "warnings" alone brings every one of these queries to the top; after it, "rain" and the others move nothing.
    const logged = ['rain', 'umbrella', 'drizzle', 'snowfall', 'thunderstorm'].map((w) => pair(`${w} warnings`, 'weather_forecast', 3));
    const ranked = suggestDescriptions(TOOLS, logged, { choice: 'ranked' }).suggestions.find((x) => x.name === 'demo__weather_forecast');
    const measured = suggestDescriptions(TOOLS, logged, { choice: 'measured' }).suggestions.find((x) => x.name === 'demo__weather_forecast');
    assert.deepEqual(measured?.words.map((w) => w.word), ['warnings']);
    assert.ok((ranked?.words.length ?? 0) > 1, 'filling in order adds words that move nothing');
    assert.equal(measured?.after.top1, 1);
    // The gain reported is the one measured with the real index: all 15 weighted queries went from unranked to first.
    assert.equal(measured?.words[0]?.gain, 15);
    assert.equal(measured?.words[0]?.loss, 0);
  });

  it('measures what a word costs other tools\' logged queries with the real index', () => {
    // "quote" is in two of currency_convert's queries, but stock_quote answers "forex quote" (3 calls):
    // on top of "forex" and "euro", "quote" would win currency_convert one query and take those three.
    const logged = [
      pair('forex quote euro', 'currency_convert', 2),
      pair('quote dollars forex', 'currency_convert'),
      pair('forex rate yen', 'currency_convert'),
      pair('forex quote', 'stock_quote', 3),
    ];
    const withWords = (words: string[]): CatalogTool[] => TOOLS.map((t) => (t.rawName === 'currency_convert' ? { ...t, description: withAddition(t.description, words) } : t));
    assert.equal(topName(withWords(['forex', 'euro']), 'forex quote'), 'stock_quote');
    assert.equal(topName(withWords(['forex', 'euro', 'quote']), 'forex quote'), 'currency_convert');
    assert.equal(topName(withWords(['forex', 'euro', 'quote']), 'quote dollars forex'), 'currency_convert');
    const report = suggestDescriptions(TOOLS, logged, { choice: 'measured' });
    const fx = report.suggestions.find((x) => x.name === 'demo__currency_convert');
    assert.deepEqual(fx?.words.map((w) => w.word), ['forex', 'euro']);
    for (const s of report.suggestions) {
      for (const w of s.words) {
        assert.ok(w.gain - w.loss > 0, `${s.name} ${w.word}: ${w.gain} - ${w.loss}`);
      }
    }
    // The report's figures are those of the real index with every suggestion applied.
    const proposed = new Map(report.suggestions.map((s) => [s.toolId, s.proposed]));
    const applied = TOOLS.map((t) => ({ ...t, description: proposed.get(t.id) ?? t.description }));
    assert.equal(topName(applied, 'forex quote'), 'stock_quote');
    const index = new ToolIndex(applied);
    const top = logged.filter((p) => index.rank(p.query, 5)[0]?.tool.id === p.tool).reduce((n, p) => n + p.count, 0);
    assert.equal(report.overall.after.top1, top / logged.reduce((n, p) => n + p.count, 0));
  });

  it('is deterministic', () => {
    const logged = [pair('will it rain tomorrow in Oslo', 'weather_forecast', 2), pair('umbrella or rain', 'weather_forecast'), pair('umbrella today', 'weather_forecast'), pair('hola mean', 'translate_text'), pair('mean hola', 'translate_text')];
    assert.deepEqual(suggestDescriptions(TOOLS, logged), suggestDescriptions(TOOLS, logged));
  });

  it('can write a word in its shortest logged spelling that the index reads the same', () => {
    const logged = [pair('rainfall now', 'weather_forecast'), pair('rainfalls tonight', 'weather_forecast', 2), pair('rainfalls later', 'weather_forecast', 2)];
    const words = (shortestSpelling: boolean): string[] => suggestDescriptions(TOOLS, logged, { shortestSpelling }).suggestions[0]?.words.map((w) => w.word) ?? [];
    // Both spellings are one term to the index (a plural); the most used one is the default.
    assert.deepEqual(words(false), ['rainfalls']);
    assert.deepEqual(words(true), ['rainfall']);
  });

  it('never changes tools without logs, and reports logged tools this catalog cannot search', () => {
    const report = suggestDescriptions(TOOLS, [pair('rain please', 'weather_forecast', 3), { query: 'x', tool: 'mcp:gone:tool', count: 2, foundInHits: 0 }]);
    assert.deepEqual(report.suggestions.map((s) => s.name), ['demo__weather_forecast']);
    assert.deepEqual(report.unresolved, ['mcp:gone:tool']);
    assert.ok(report.directory.holds);
  });

  it('keeps the directory bound: added words never make it cut deeper or drop rows', () => {
    const words = ['parcel', 'courier', 'invoice', 'payroll', 'rollout', 'toggle', 'backup', 'restore', 'pipeline', 'newsletter'];
    const plugin = words.map((w, i): CatalogTool => ({ id: `openclaw:shop:tool_${i}`, source: 'openclaw', sourceName: 'shop', name: `tool_${i}`, description: `Shop tool ${i}.`, status: 'cataloged', decisions: [], groups: [] }));
    const entries = (tools: readonly CatalogTool[]) => tools.map((t) => ({ id: t.id, name: t.name, owner: t.sourceName, source: t.source, description: t.description }));
    // A bound the catalog fits at full length, with room for about one added word per tool.
    const bound = buildDirectory(entries(plugin)).chars + 120;
    const logged = words.flatMap((w, i) => [`${w} help`, `${w} please`, `${w} now`].map((q) => ({ query: q, tool: `openclaw:shop:tool_${i}`, count: 1, foundInHits: 0 })));
    const free = suggestDescriptions(plugin, logged);
    const freeDir = buildDirectory(entries(plugin.map((t) => ({ ...t, description: free.suggestions.find((s) => s.toolId === t.id)?.proposed ?? t.description }))), bound);
    assert.ok(freeDir.descriptionLimit < 180 || freeDir.dropped.length > 0, 'without the bound, the suggestions would not fit');
    const report = suggestDescriptions(plugin, logged, { directoryMaxChars: bound });
    assert.ok(report.directory.holds);
    const dir = buildDirectory(entries(plugin.map((t) => ({ ...t, description: report.suggestions.find((s) => s.toolId === t.id)?.proposed ?? t.description }))), bound);
    assert.equal(dir.descriptionLimit, 180);
    assert.deepEqual(dir.dropped, []);
    assert.ok(report.suggestions.some((s) => s.words.length > 0), 'some words still fit');
  });

  it('writes additions as one short sentence', () => {
    assert.equal(additionText([]), '');
    assert.equal(additionText(['rain', 'umbrella']), `${ADDITION_PREFIX}rain, umbrella.`);
    assert.equal(withAddition('Weather.  ', ['rain']), 'Weather. Related: rain.');
    assert.equal(withAddition('', ['rain']), 'Related: rain.');
  });
});
