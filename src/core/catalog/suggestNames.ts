import { distance } from 'fastest-levenshtein';

function words(s: string): Set<string> {
  return new Set(s.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1));
}

/**
 * Names close to `query`, closest first: by edit distance, containing it, or
 * sharing at least half of its words (two at least: `read text file` finds
 * `filesystem__read_text_file`). At most `max`; none when nothing is close.
 */
export function suggestNames(query: string, names: Iterable<string>, max = 5): string[] {
  const q = query.toLowerCase();
  const limit = Math.max(2, Math.floor(q.length / 3));
  const qWords = words(q);
  const needShared = Math.max(2, Math.ceil(qWords.size / 2));
  const scored: { name: string; d: number }[] = [];
  for (const name of new Set(names)) {
    const n = name.toLowerCase();
    if (n === q) {
      continue;
    }
    const d = distance(q, n);
    if (d <= limit) {
      scored.push({ name, d });
    } else if (q.length >= 3 && (n.includes(q) || q.includes(n))) {
      scored.push({ name, d: limit + 1 + Math.abs(n.length - q.length) / 100 });
    } else {
      const shared = [...words(n)].filter((w) => qWords.has(w)).length;
      if (shared >= needShared) {
        scored.push({ name, d: limit + 2 - shared / Math.max(qWords.size, 1) });
      }
    }
  }
  return scored.sort((a, b) => a.d - b.d || a.name.localeCompare(b.name)).slice(0, max).map((s) => s.name);
}
