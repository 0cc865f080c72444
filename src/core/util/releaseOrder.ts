/**
 * OpenClaw's calendar versions in order, and the one rule every per-release
 * table follows: a version takes the entry of the newest measured release at
 * or before it (behaviour changes only where a release changes it). Here, at
 * the left of every tier, so config/, policy/ and prompt/ share one copy.
 */

/** `2026.6.10-beta.2` -> [2026, 6, 10]; undefined when it is not a calendar version. */
export function parseVersion(v: string): number[] | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** Orders two parsed versions (negative: `a` is older). */
export function versionOrder(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) {
      return d;
    }
  }
  return 0;
}

/** The entry of the newest release at or before `version`; undefined before the first one or for a non-version. */
export function newestAtOrBefore<T>(entries: readonly T[], releaseOf: (e: T) => string, version: string): T | undefined {
  const want = parseVersion(version);
  if (!want) {
    return undefined;
  }
  let best: { v: number[]; entry: T } | undefined;
  for (const entry of entries) {
    const v = parseVersion(releaseOf(entry));
    if (v && versionOrder(v, want) <= 0 && (!best || versionOrder(v, best.v) > 0)) {
      best = { v, entry };
    }
  }
  return best?.entry;
}

/** A generated per-release fact (`{ "<release>": fact }`) for `version`, by the same rule. */
export function factAtOrBefore<T>(releases: Readonly<Record<string, T>>, version: string): T | undefined {
  return newestAtOrBefore(Object.entries(releases), ([v]) => v, version)?.[1];
}

/**
 * One release's generated data file, loaded on first use: the generated
 * indexes list them with `require`, which the bundle keeps unevaluated until
 * called, so only the releases a run models are ever built into objects.
 */
export interface ReleaseData {
  version: string;
  load(): unknown;
}
