import { stemmer } from 'stemmer';
import { STOP_WORDS } from './stopWords';

/**
 * Text analysis shared by indexing and querying, so both sides agree on what
 * a term is: identifiers split (camelCase, snake_case, kebab-case, `__`),
 * lower-cased, stop words dropped, English words Porter-stemmed, and CJK runs
 * turned into overlapping character bigrams (CJK has no spaces, so whole runs
 * would never match a query that uses only part of them).
 */

// Han, Hiragana, Katakana, Hangul: scripts written without word spaces.
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/u;
const WORD_OR_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}\p{M}]+/gu;
const ASCII_WORD = /[A-Za-z0-9]+/g;
// Only non-ASCII text pays for the Unicode-aware regex.
// eslint-disable-next-line no-control-regex -- the ASCII range starts at NUL on purpose
const NON_ASCII = /[^\x00-\x7f]/;

const STEM_CACHE_MAX = 100_000;
const stemCache = new Map<string, string>();

/** Porter stem of a lower-case word, memoized: the same few thousand words recur across every tool. */
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    // Digits and mixed tokens (`base64`, `s3`) are kept as written.
    s = /^[a-z]+$/.test(word) ? stemmer(word) : word;
    if (stemCache.size >= STEM_CACHE_MAX) {
      stemCache.clear();
    }
    stemCache.set(word, s);
  }
  return s;
}

/** Splits one identifier-like word into parts: `getHTTPResponse` -> get, HTTP, Response. */
function splitCase(word: string): string[] {
  if (!/[a-z][A-Z]|[A-Z][A-Z][a-z]/.test(word)) {
    return [word];
  }
  return word
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ');
}

/**
 * Marks CJK terms. minisearch keeps terms in a radix tree whose nodes are
 * scanned linearly; thousands of distinct ideographs at the root made every
 * insert slow (measured: 4x the build time on the 10k-tool bench). Under one
 * shared first character they sit in their own subtree.
 */
export const CJK_MARK = '~';

function pushCjk(run: string, out: string[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    out.push(CJK_MARK + (chars[0] as string));
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) {
    out.push(`${CJK_MARK}${chars[i] as string}${chars[i + 1] as string}`);
  }
}

const wordCache = new Map<string, string | null>();

/** Lower-cases, drops stop words and one-letter Latin words, stems. Undefined when the word carries no signal. */
export function normalizeWord(raw: string): string | undefined {
  // Memoized by the word as written: catalogs repeat a small vocabulary.
  const hit = wordCache.get(raw);
  if (hit !== undefined) {
    return hit ?? undefined;
  }
  const w = raw.toLowerCase();
  let out: string | null;
  if (w.length < 2 && !NON_ASCII.test(w) && !/[0-9]/.test(w)) {
    out = null;
  } else if (STOP_WORDS.has(w)) {
    out = null;
  } else {
    out = stem(w);
  }
  if (wordCache.size >= STEM_CACHE_MAX) {
    wordCache.clear();
  }
  wordCache.set(raw, out);
  return out ?? undefined;
}

/** Forgets memoized words and stems (benchmarks measure cold builds). */
export function resetAnalyzerCaches(): void {
  wordCache.clear();
  stemCache.clear();
}

/** The analyzed terms of `text`, in order, repeats kept (term frequency matters to BM25). */
export function analyze(text: string): string[] {
  const out: string[] = [];
  if (!NON_ASCII.test(text)) {
    for (const m of text.matchAll(ASCII_WORD)) {
      for (const part of splitCase(m[0])) {
        const t = normalizeWord(part);
        if (t !== undefined) {
          out.push(t);
        }
      }
    }
    return out;
  }
  for (const m of text.matchAll(WORD_OR_CJK)) {
    const word = m[0];
    if (CJK_RUN.test(word)) {
      pushCjk(word, out);
      continue;
    }
    for (const part of splitCase(word)) {
      const t = normalizeWord(part);
      if (t !== undefined) {
        out.push(t);
      }
    }
  }
  return out;
}

/**
 * The terms of a tool name: its parts, plus the whole name squashed
 * (`airqualityforecast`), so names that cannot be split still match exactly
 * or by prefix.
 */
export function analyzeName(name: string): string[] {
  const terms = analyze(name);
  const whole = name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  if (whole.length > 1 && !terms.includes(whole)) {
    terms.push(whole);
  }
  return terms;
}

/** Distinct terms, first occurrence order. */
export function distinct(terms: readonly string[]): string[] {
  return [...new Set(terms)];
}
