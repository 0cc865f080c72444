// Timing helpers every benchmark uses: medians of repeated runs, and one timed call.

/** The median of `xs` (the upper middle for an even count); 0 when empty. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** `fn`'s value and its wall time in milliseconds. */
export async function timed<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const t0 = performance.now();
  const v = await fn();
  return [v, performance.now() - t0];
}
