import type { QueryTerm } from './tokenizer';

/**
 * OpenClaw's Okapi BM25 (`buildLexicalIndex` and `scoreLexical` in
 * `src/agents/tool-search-ranking.ts`): k1 1.2, b 0.75, idf
 * `ln(1 + (N - n + 0.5) / (n + 0.5))`, document length = number of indexed
 * terms (repeats counted), each term's contribution times its query weight.
 * The arithmetic is written in OpenClaw's order so that scores, and therefore
 * ties, are bit-identical.
 *
 * Unlike OpenClaw's, this index is incremental: documents can be added and
 * removed one by one (an MCP server's tool list changed), and the statistics
 * are those of a rebuild at every moment.
 */

const K1 = 1.2;
const B = 0.75;
/** `k1 + 1` and `1 - b`, as OpenClaw writes them (constants, so no rounding differs). */
const K1_PLUS_1 = 2.2;
const ONE_MINUS_B = 0.25;

export interface Bm25Match {
  slot: number;
  score: number;
  /** The document matched a word the caller wrote (weight 1), not only expansions. */
  literal: boolean;
}

/** The documents a term occurs in, and how often: parallel arrays, in no particular order (sums per document do not depend on it). */
interface Posting {
  slots: number[];
  freqs: number[];
}

export class Bm25Index {
  private readonly postings = new Map<string, Posting>();
  /** Each slot's document: its length (indexed terms, repeats counted) and distinct terms; undefined for a free slot. */
  private readonly docs: ({ length: number; terms: readonly string[] } | undefined)[] = [];
  private readonly free: number[] = [];
  private totalLength = 0;
  private count = 0;
  // Scratch space of one scoring pass, grown with the slots.
  private scores = new Float64Array(0);
  private literal = new Uint8Array(0);

  get documentCount(): number {
    return this.count;
  }

  /** Indexes one document's terms; returns its slot. */
  add(terms: readonly string[]): number {
    const slot = this.free.pop() ?? this.docs.length;
    // Count first, so each posting list is touched once per distinct term.
    const counts = new Map<string, number>();
    for (const term of terms) {
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    for (const [term, count] of counts) {
      const posting = this.postings.get(term);
      if (posting === undefined) {
        this.postings.set(term, { slots: [slot], freqs: [count] });
      } else {
        posting.slots.push(slot);
        posting.freqs.push(count);
      }
    }
    this.docs[slot] = { length: terms.length, terms: [...counts.keys()] };
    this.totalLength += terms.length;
    this.count++;
    return slot;
  }

  remove(slot: number): void {
    const doc = this.docs[slot];
    if (doc === undefined) {
      return;
    }
    for (const term of doc.terms) {
      const posting = this.postings.get(term);
      const at = posting ? posting.slots.lastIndexOf(slot) : -1;
      if (posting === undefined || at < 0) {
        continue;
      }
      // Swap with the last entry: order within a posting does not matter.
      const last = posting.slots.length - 1;
      posting.slots[at] = posting.slots[last] as number;
      posting.freqs[at] = posting.freqs[last] as number;
      posting.slots.pop();
      posting.freqs.pop();
      if (last === 0) {
        this.postings.delete(term);
      }
    }
    this.docs[slot] = undefined;
    this.free.push(slot);
    this.totalLength -= doc.length;
    this.count--;
  }

  /** In how many documents `term` occurs. */
  documentFrequency(term: string): number {
    return this.postings.get(term)?.slots.length ?? 0;
  }

  /**
   * Every document that matches a query term, with its score. An empty query
   * matches nothing: a whole catalog in arbitrary order would look like a
   * ranked answer without being one.
   */
  score(query: readonly QueryTerm[]): Bm25Match[] {
    const total = this.count;
    if (query.length === 0 || total === 0) {
      return [];
    }
    if (this.scores.length < this.docs.length) {
      this.scores = new Float64Array(this.docs.length * 2);
      this.literal = new Uint8Array(this.docs.length * 2);
    }
    const scores = this.scores;
    const literal = this.literal;
    const averageLength = this.totalLength / total;
    const touched: number[] = [];
    for (const { term, weight } of query) {
      const posting = this.postings.get(term);
      if (posting === undefined) {
        continue;
      }
      const { slots, freqs } = posting;
      const matching = slots.length;
      const idf = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
      for (let i = 0; i < matching; i++) {
        const slot = slots[i] as number;
        const frequency = freqs[i] as number;
        if (literal[slot] === 0) {
          // 1 = touched, 2 = touched and literal; scores start at 0.
          literal[slot] = 1;
          scores[slot] = 0;
          touched.push(slot);
        }
        if (weight >= 1) {
          literal[slot] = 2;
        }
        const length = this.docs[slot]?.length ?? 0;
        const normalized = averageLength > 0 ? length / averageLength : 1;
        scores[slot] = (scores[slot] ?? 0) + (weight * (idf * (frequency * K1_PLUS_1))) / (frequency + K1 * (ONE_MINUS_B + B * normalized));
      }
    }
    const out: Bm25Match[] = [];
    for (const slot of touched) {
      const score = scores[slot] as number;
      if (score > 0) {
        out.push({ slot, score, literal: literal[slot] === 2 });
      }
      literal[slot] = 0;
    }
    return out;
  }
}
