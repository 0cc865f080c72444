import * as assert from 'node:assert/strict';
import MiniSearch, { type Options } from 'minisearch';
import { analyze, analyzeName } from '../../../src/core/search/analyzer';
import { BulkMiniSearch, type BulkDoc } from '../../../src/core/search/bulkLoad';
import { parameterText } from '../../../src/core/search/schemaText';
import { fixtureCatalog } from './fixture';

type Field = 'name' | 'description' | 'params';
const FIELDS: Field[] = ['name', 'description', 'params'];

const analyzeField = (text: string, field: Field): string[] => (field === 'name' ? analyzeName(text) : analyze(text));

const OPTIONS: Options<BulkDoc<Field>> = {
  idField: 'id',
  fields: FIELDS,
  extractField: (doc, field) => (field === 'id' ? doc.id : doc.fields[field as Field].join('\n')),
  tokenize: (text, field) => analyzeField(text, field as Field),
  processTerm: (t) => t,
};

describe('search: one-pass index build', () => {
  // The bulk path writes minisearch's members directly; this pins it to what minisearch's own `addAll` builds.
  it('builds exactly the index minisearch addAll builds, also when adding to a non-empty index', async () => {
    const catalog = await fixtureCatalog();
    const docs: BulkDoc<Field>[] = catalog.cataloged.map((t) => {
      const p = parameterText(t.parameters);
      return { id: t.id, fields: { name: [t.rawName ?? t.name], description: [t.description], params: [...p.names, ...p.descriptions] } };
    });
    const half = Math.floor(docs.length / 2);

    const reference = new MiniSearch<BulkDoc<Field>>(OPTIONS);
    reference.addAll(docs);
    const bulk = new BulkMiniSearch<Field>(OPTIONS);
    bulk.addAllPieces(docs.slice(0, half), FIELDS, analyzeField);
    bulk.addAllPieces(docs.slice(half), FIELDS, analyzeField);

    const a = reference.toJSON();
    const b = bulk.toJSON();
    assert.equal(b.documentCount, a.documentCount);
    assert.deepEqual(b.documentIds, a.documentIds);
    assert.deepEqual(b.fieldLength, a.fieldLength);
    b.averageFieldLength.forEach((avg, i) => assert.ok(Math.abs(avg - (a.averageFieldLength[i] ?? NaN)) < 1e-9));
    const sortIndex = (index: typeof a.index): typeof a.index => [...index].sort((x, y) => (x[0] < y[0] ? -1 : 1));
    assert.deepEqual(sortIndex(b.index), sortIndex(a.index));
    for (const q of ['create issue', '必应搜索', 'search', 'pull request review']) {
      const terms = analyze(q).join(' ');
      const opts = { tokenize: (s: string) => s.split(' ') };
      assert.deepEqual(
        bulk.search(terms, opts).map((r) => [r.id, r.score.toFixed(9)]),
        reference.search(terms, opts).map((r) => [r.id, r.score.toFixed(9)]),
        q,
      );
    }
    // The word every GitHub tool's description or parameters use is found in at least as many tools as its largest field says.
    const issueInDescriptions = docs.filter((d) => analyze(d.fields.description.join(' ')).includes('issu')).length;
    assert.ok(bulk.documentFrequency('issu') >= issueInDescriptions && issueInDescriptions > 0);
    assert.equal(bulk.documentFrequency('no-such-term'), 0);
    assert.throws(() => bulk.addAllPieces(docs.slice(0, 1), FIELDS, analyzeField), /duplicate id/);
  });
});
