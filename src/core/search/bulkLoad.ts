import MiniSearch from 'minisearch';

/**
 * A minisearch index that adds many documents in one pass. `addAll` inserts
 * every term occurrence into minisearch's radix tree; `addAllPieces` counts
 * occurrences in a flat map first and touches the tree once per distinct
 * term, through the members minisearch exposes to subclasses. Field texts
 * that repeat across tools (the same parameter prose in every tool of a
 * server) are analyzed once per call.
 *
 * The result is the index `addAll` would build (same terms, frequencies,
 * field lengths, averages), so `search`, `add` and `discard` work as usual.
 */

export interface BulkDoc<F extends string> {
  id: string;
  /** Text pieces per field; pieces never join into one term. */
  fields: Record<F, readonly string[]>;
}

type FieldTermData = Map<number, Map<number, number>>;

interface PostingList {
  freqs: Map<number, number>;
  last: number;
}

export class BulkMiniSearch<F extends string> extends MiniSearch<BulkDoc<F>> {
  addAllPieces(docs: readonly BulkDoc<F>[], fields: readonly F[], analyzeField: (text: string, field: F) => string[]): void {
    // Per field: piece text -> the postings it feeds and how often. `last`
    // is the document a posting list saw last: documents arrive in id order,
    // so a list that has not seen this document gets a fresh entry without a lookup.
    const memo = fields.map(() => new Map<string, { list: PostingList; count: number }[]>());
    const fieldIds = fields.map((f) => {
      const id = this._fieldIds[f];
      if (id === undefined) {
        throw new Error(`search index: unknown field ${f}`);
      }
      return id;
    });
    const terms = new Map<string, FieldTermData>();
    const lists = new Map<Map<number, number>, PostingList>();
    const postingsOf = (term: string, fieldId: number): PostingList => {
      let data = terms.get(term);
      if (data === undefined) {
        data = new Map();
        terms.set(term, data);
      }
      let freqs = data.get(fieldId);
      if (freqs === undefined) {
        freqs = new Map();
        data.set(fieldId, freqs);
      }
      let list = lists.get(freqs);
      if (list === undefined) {
        list = { freqs, last: -1 };
        lists.set(freqs, list);
      }
      return list;
    };
    const totals = fields.map(() => 0);
    const before = this._documentCount;
    for (const doc of docs) {
      if (this._idToShortId.has(doc.id)) {
        throw new Error(`search index: duplicate id ${doc.id}`);
      }
      const shortId = this._nextId++;
      this._idToShortId.set(doc.id, shortId);
      this._documentIds.set(shortId, doc.id);
      this._documentCount++;
      const lengths: number[] = [];
      for (let i = 0; i < fields.length; i++) {
        const field = fields[i] as F;
        const fieldId = fieldIds[i] as number;
        const cache = memo[i] as Map<string, { list: PostingList; count: number }[]>;
        let unique = 0;
        for (const piece of doc.fields[field]) {
          let entries = cache.get(piece);
          if (entries === undefined) {
            const counts = new Map<string, number>();
            for (const term of analyzeField(piece, field)) {
              counts.set(term, (counts.get(term) ?? 0) + 1);
            }
            entries = [...counts].map(([term, count]) => ({ list: postingsOf(term, fieldId), count }));
            cache.set(piece, entries);
          }
          for (const { list, count } of entries) {
            if (list.last !== shortId) {
              list.freqs.set(shortId, count);
              list.last = shortId;
              unique++;
            } else {
              list.freqs.set(shortId, (list.freqs.get(shortId) ?? 0) + count);
            }
          }
        }
        // minisearch measures a field by its distinct terms.
        lengths[fieldId] = unique;
        totals[i] = (totals[i] ?? 0) + unique;
      }
      this._fieldLength.set(shortId, lengths);
    }
    const after = this._documentCount;
    if (after > 0) {
      fieldIds.forEach((fieldId, i) => {
        const avg = this._avgFieldLength[fieldId] ?? 0;
        this._avgFieldLength[fieldId] = (avg * before + (totals[i] ?? 0)) / after;
      });
    }
    for (const [term, data] of terms) {
      const existing = this._index.get(term);
      if (existing === undefined) {
        this._index.set(term, data);
        continue;
      }
      for (const [fieldId, freqs] of data) {
        const into = existing.get(fieldId);
        if (into === undefined) {
          existing.set(fieldId, freqs);
        } else {
          for (const [shortId, f] of freqs) {
            into.set(shortId, f);
          }
        }
      }
    }
  }

  /** In how many documents `term` occurs in any field (an upper bound while discarded documents await vacuuming). */
  documentFrequency(term: string): number {
    const data = this._index.get(term);
    if (data === undefined) {
      return 0;
    }
    let most = 0;
    for (const freqs of data.values()) {
      most = Math.max(most, freqs.size);
    }
    // The fields of one document overlap; their largest posting list is a tight lower bound, their sum an upper one.
    return most;
  }
}
