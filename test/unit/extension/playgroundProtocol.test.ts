import * as assert from 'node:assert/strict';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { suggestionText } from '../../../src/core/searchExplain/explanationText';
import { RankExplainer } from '../../../src/core/searchExplain/rankExplanation';
import { learnedView, resultsView, whyNotView } from '../../../src/extension/panels/playgroundView';
import { MAX_QUERY, parseHostMessage, parsePanelState, parseWebviewMessage, termLabel } from '../../../src/webview/shared/playgroundProtocol';
import { fixtureCatalog } from '../search/fixture';

describe('Search Playground protocol', () => {
  it('a query term reads as the words written, its stem secondary; an expansion as the word it adds', () => {
    assert.deepEqual(termLabel({ term: 'sav', from: ['save'], expansion: false }), { words: 'save', stem: 'sav' });
    assert.deepEqual(termLabel({ term: 'fil', from: ['files', 'file'], expansion: false }), { words: 'files, file', stem: 'fil' });
    assert.deepEqual(termLabel({ term: 'issue', from: ['issue'], expansion: false }), { words: 'issue' });
    assert.deepEqual(termLabel({ term: 'document', from: ['fil'], expansion: true }), { words: 'document' });
  });

  it('passes exactly the webview messages of the protocol', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready', extra: 1 }), { type: 'ready' });
    assert.deepEqual(parseWebviewMessage({ type: 'search', query: 'create an issue' }), { type: 'search', query: 'create an issue' });
    assert.deepEqual(parseWebviewMessage({ type: 'whyNot', query: 'q', toolId: 'mcp:github:create_issue' }), { type: 'whyNot', query: 'q', toolId: 'mcp:github:create_issue' });
    assert.deepEqual(parseWebviewMessage({ type: 'applySuggestion', toolId: 'a' }), { type: 'applySuggestion', toolId: 'a' });
    for (const bad of [
      null, 'search', { type: 'search' }, { type: 'search', query: '   ' }, { type: 'search', query: 'x'.repeat(MAX_QUERY + 1) }, { type: 'whyNot', query: 'q' },
      { type: 'whyNot', query: 'q', toolId: '' }, { type: 'openDefinition', toolId: 'x'.repeat(513) }, { type: 'eval', code: '1' }, { type: 'copySuggestion', toolId: 3 },
    ]) {
      assert.equal(parseWebviewMessage(bad), undefined, JSON.stringify(bad));
    }
    assert.deepEqual(parsePanelState({ query: 'q', toolId: 7 }), { query: 'q', toolId: '' });
  });

  describe('real explanations cross to the webview', () => {
    let catalog: Catalog;
    let explainer: RankExplainer;
    before(async () => {
      catalog = await fixtureCatalog();
      explainer = RankExplainer.fromCatalog(catalog);
    });

    it('results: the webview accepts them, with the compact hits the model gets', () => {
      const view = resultsView(explainer.explain('create an issue'), catalog, 1.5);
      const msg = parseHostMessage(JSON.parse(JSON.stringify({ type: 'results', view })));
      assert.equal(msg?.type, 'results');
      assert.deepEqual((JSON.parse(view.json) as { id: string }[]).map((h) => h.id), view.hits.map((h) => h.id));
      assert.equal(parseHostMessage({ type: 'results', view: { ...view, hits: [{ ...view.hits[0], score: 'high' }] } }), undefined);
    });

    it('why-not and learned suggestions: the webview accepts them; a malformed one is dropped', () => {
      const w = explainer.whyNot('open a ticket about the bug', 'create_issue');
      assert.ok(w);
      const view = whyNotView(w, catalog, suggestionText);
      assert.equal(parseHostMessage(JSON.parse(JSON.stringify({ type: 'whyNot', view })))?.type, 'whyNot');
      assert.ok(view.suggestions.some((s) => s.kind === 'add-words' && /ticket/.test(s.text)));
      assert.equal(parseHostMessage({ type: 'whyNot', view: { ...view, suggestions: [{ kind: 'x' }] } }), undefined);
      assert.deepEqual(parseHostMessage({ type: 'learned', view: learnedView('a', ['sessions'], undefined) }), { type: 'learned', view: { toolId: 'a', folders: ['sessions'] } });
    });
  });
});
