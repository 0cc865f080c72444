import { EXPANSION_WEIGHT, QUERY_EXPANSION_GROUPS } from './expansions';
import { STOP_WORDS } from './stopWords';

/**
 * OpenClaw's Tool Search text analysis (`src/agents/tool-search-ranking.ts`:
 * `splitWords`, `stem`, `stemVariants`, `tokenizeDocument`, `tokenizeQuery`),
 * reimplemented so that the same text yields the same terms here and there.
 * Every rule below is OpenClaw's, including the ones that look odd (combining
 * marks split words; a CJK run is one term); changing one changes rankings.
 */

/** Anything but letters, digits and `_` separates words; `_` stays so `web_search` is a term of its own. */
const WORD_SEPARATORS = /[^\p{L}\p{N}_]+/u;
/** Parts of a compound word: a capital run (with a plural `s`) stays whole, so `URLs` is one part, not `UR` + `Ls`. */
const WORD_PARTS = /\p{Lu}+s?(?![\p{Ll}])|\p{Lu}?\p{Ll}+|\p{N}+/gu;

/** Words ending in `s` that are not plurals (`news` must not become `new`). */
const NOT_PLURALS: ReadonlySet<string> = new Set(['news', 'status', 'alias', 'canvas', 'focus', 'bonus', 'virus', 'atlas', 'lens', 'axis', 'basis', 'analysis', 'gas', 'bus', 'plus']);
/** Tried in this order; the first that applies is stripped. */
const SUFFIXES = ['ies', 'ing', 'ed', 'ly', 'es', 'er', 's', 'e'] as const;
/** Suffixes before which English doubles a final consonant (`running`). */
const DOUBLING_SUFFIXES: ReadonlySet<string> = new Set(['ing', 'ed', 'er']);
/** Doubles that belong to the root (`call`, `process`, `off`, `buzz`). */
const ROOT_DOUBLES: ReadonlySet<string> = new Set(['l', 's', 'f', 'z']);
const VOWELS = 'aeiou';

function undouble(token: string): string {
  const last = token.charAt(token.length - 1);
  if (token.length <= 3 || last === '' || last !== token.charAt(token.length - 2) || ROOT_DOUBLES.has(last) || VOWELS.includes(last)) {
    return token;
  }
  return token.slice(0, -1);
}

function stripSuffix(token: string): string {
  if (token.length <= 3 || NOT_PLURALS.has(token)) {
    return token;
  }
  for (const suffix of SUFFIXES) {
    if (!token.endsWith(suffix) || token.length - suffix.length < 3 || (suffix === 's' && token.endsWith('ss'))) {
      continue;
    }
    if (suffix === 'ies') {
      return `${token.slice(0, -3)}y`;
    }
    const stripped = token.slice(0, -suffix.length);
    return DOUBLING_SUFFIXES.has(suffix) ? undouble(stripped) : stripped;
  }
  return token;
}

/** OpenClaw's light suffix stripper, applied up to three times (`reminders` -> `reminder` -> `remind`). */
export function stem(token: string): string {
  let current = token;
  for (let pass = 0; pass < 3; pass++) {
    const next = stripSuffix(current);
    if (next === current) {
      break;
    }
    current = next;
  }
  return current;
}

function pushStems(word: string, out: string[]): void {
  if (word.length > 4 && word.endsWith('ies')) {
    const base = word.slice(0, -3);
    out.push(`${base}y`, stem(`${base}ie`));
    return;
  }
  const s = stem(word);
  if (s) {
    out.push(s);
  }
}

/** The stems of one word; `-ies` is ambiguous (`policies`, `cookies`), so it yields both readings. */
export function stemVariants(word: string): string[] {
  const out: string[] = [];
  pushStems(word, out);
  return out;
}

// A plain word (`search`, `Search`) has at most one part: no need to look for parts.
const PLAIN_WORD = /^[A-Z]?[a-z]+$/;

/** One separated word, lower-cased, then its `_` and case parts when there are at least two. */
function wordsOf(raw: string, out: string[]): void {
  out.push(raw.toLowerCase());
  if (PLAIN_WORD.test(raw)) {
    return;
  }
  const parts: string[] = [];
  for (const piece of raw.split('_')) {
    for (const m of piece.matchAll(WORD_PARTS)) {
      parts.push(m[0].toLowerCase());
    }
  }
  if (parts.length >= 2) {
    out.push(...parts);
  }
}

/** Words of a text as OpenClaw splits them (before stop words and stems). */
export function splitWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(WORD_SEPARATORS)) {
    if (raw) {
      wordsOf(raw, out);
    }
  }
  return out;
}

const CACHE_MAX = 100_000;
// Catalogs repeat a small vocabulary: one separated word -> its indexed terms.
const termCache = new Map<string, readonly string[]>();

function termsOfRaw(raw: string): readonly string[] {
  let terms = termCache.get(raw);
  if (terms === undefined) {
    const words: string[] = [];
    wordsOf(raw, words);
    const out: string[] = [];
    for (const w of words) {
      if (!STOP_WORDS.has(w)) {
        pushStems(w, out);
      }
    }
    terms = out;
    if (termCache.size >= CACHE_MAX) {
      termCache.clear();
    }
    termCache.set(raw, terms);
  }
  return terms;
}

/** Appends the indexed terms of `text` (repeats kept: term frequency and length count in BM25). */
export function appendDocumentTerms(text: string, out: string[]): void {
  for (const raw of text.split(WORD_SEPARATORS)) {
    if (raw) {
      for (const t of termsOfRaw(raw)) {
        out.push(t);
      }
    }
  }
}

/** The indexed terms of `text`: OpenClaw's `tokenizeDocument`. */
export function documentTerms(text: string): string[] {
  const out: string[] = [];
  appendDocumentTerms(text, out);
  return out;
}

const PIECE_CACHE_MAX = 20_000;
const PIECE_MAX_CHARS = 2_000;
// Whole field texts repeat too (one server's parameter prose, a description reused by copies of a server).
const pieceCache = new Map<string, readonly string[]>();

/** `documentTerms` for a field text, memoized for texts of moderate length. The result must not be changed. */
export function pieceTerms(text: string): readonly string[] {
  if (text.length > PIECE_MAX_CHARS) {
    return documentTerms(text);
  }
  let terms = pieceCache.get(text);
  if (terms === undefined) {
    terms = documentTerms(text);
    if (pieceCache.size >= PIECE_CACHE_MAX) {
      pieceCache.clear();
    }
    pieceCache.set(text, terms);
  }
  return terms;
}

/** Forgets memoized words and texts (benchmarks measure cold builds). */
export function resetTokenizerCache(): void {
  termCache.clear();
  pieceCache.clear();
}

/**
 * Expansion triggers are compared singularized, not stemmed: full stemming
 * would turn `news` into `new` and give "open a new issue" a web-search intent.
 */
function triggerForm(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) {
    return `${word.slice(0, -3)}y`;
  }
  return word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

const EXPANSIONS = QUERY_EXPANSION_GROUPS.map((g) => ({ triggers: g.triggers.map(triggerForm), add: g.add.map(stem) }));

export interface QueryTerm {
  term: string;
  /** 1 for a word the caller wrote, EXPANSION_WEIGHT for an added one. */
  weight: number;
}

/**
 * The weighted terms of a query, in OpenClaw's order (written words first, in
 * order, then expansions group by group). The order is part of the result:
 * BM25 sums per term, and floating-point sums depend on their order.
 */
export function queryTerms(query: string): QueryTerm[] {
  const words = splitWords(query).filter((w) => !STOP_WORDS.has(w));
  const weights = new Map<string, number>();
  for (const w of words) {
    for (const t of stemVariants(w)) {
      weights.set(t, 1);
    }
  }
  const triggers = new Set(words.map(triggerForm));
  for (const group of EXPANSIONS) {
    if (group.triggers.some((t) => triggers.has(t))) {
      for (const added of group.add) {
        weights.set(added, Math.max(weights.get(added) ?? 0, EXPANSION_WEIGHT));
      }
    }
  }
  return [...weights].map(([term, weight]) => ({ term, weight }));
}
