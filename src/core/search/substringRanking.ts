import type { SubstringRankingFacts } from '../policy/epochTypes';

/**
 * The Tool Search ranking of OpenClaw 2026.5.12 up to the 2026.8 releases
 * (`scoreEntry` and `tokenize` beside `ToolSearchRuntime`, read from each
 * release by scripts/lib/openclawFacts.mjs): the query is lower-cased and
 * split on its tokenizer's pattern; each term adds the epoch's weights when
 * the lower-cased name or id equals it, and when the name, id, label or
 * description contains it. Hits are the entries scoring above 0, highest
 * first, ties by id (`localeCompare`). A query with no term scores every
 * entry 1: OpenClaw answers it with the catalog in id order.
 *
 * The algorithm is code; the split pattern and the weights are each
 * release's data (`SubstringRankingFacts`).
 */
export interface SubstringEntry {
  /** OpenClaw's id of the entry (`openclaw:core:read`, `mcp:github:github__create_issue`). */
  id: string;
  name: string;
  label?: string;
  description: string;
}

/** The split pattern as the release writes it (`/[^a-z0-9_./:-]+/u`), as a RegExp. */
export function splitPattern(written: string | null): RegExp {
  const m = written ? /^\/(.*)\/([a-z]*)$/.exec(written) : null;
  return m ? new RegExp(m[1] ?? '', m[2]) : /[^a-z0-9_./:-]+/u;
}

/** OpenClaw's `tokenize`: lower-case, split, trim, drop empty parts. */
export function substringTerms(query: string, split: RegExp): string[] {
  return query
    .toLowerCase()
    .split(split)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** OpenClaw's `scoreEntry`. */
export function substringScore(entry: SubstringEntry, terms: readonly string[], weights: SubstringRankingFacts['weights']): number {
  if (terms.length === 0) {
    return 1;
  }
  const name = entry.name.toLowerCase();
  const id = entry.id.toLowerCase();
  const label = (entry.label ?? '').toLowerCase();
  const description = entry.description.toLowerCase();
  let score = 0;
  for (const term of terms) {
    if (name === term || id === term) {
      score += weights.exact;
    }
    if (name.includes(term)) {
      score += weights.name;
    }
    if (id.includes(term)) {
      score += weights.id;
    }
    if (label.includes(term)) {
      score += weights.label;
    }
    if (description.includes(term)) {
      score += weights.description;
    }
  }
  return score;
}

const collator = new Intl.Collator();

/** The ranked entries (score > 0), best first, ties by id in locale order, at most `limit`. */
export function rankBySubstring<T extends SubstringEntry>(entries: readonly T[], query: string, facts: SubstringRankingFacts, limit: number): { entry: T; score: number }[] {
  const terms = substringTerms(query, splitPattern(facts.tokenSplit));
  return entries
    .map((entry) => ({ entry, score: substringScore(entry, terms, facts.weights) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || collator.compare(a.entry.id, b.entry.id))
    .slice(0, Math.max(0, limit));
}
