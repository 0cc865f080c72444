import { distance } from 'fastest-levenshtein';

/** Names close to `query`: by edit distance, or containing it. At most `max`. */
export function suggestNames(query: string, names: Iterable<string>, max = 5): string[] {
  const q = query.toLowerCase();
  const limit = Math.max(2, Math.floor(q.length / 3));
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
    }
  }
  return scored.sort((a, b) => a.d - b.d || a.name.localeCompare(b.name)).slice(0, max).map((s) => s.name);
}
