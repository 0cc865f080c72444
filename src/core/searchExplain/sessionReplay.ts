/**
 * A search a real session made, asked again of the current catalog: are the
 * hits the same, and if not, what changed. The session recorded ids in the
 * spelling of the run that wrote it (OpenClaw spells MCP ids
 * `mcp:<safe server>:<server>__<tool>`), so each recorded id is first
 * resolved to a tool of this catalog; one that resolves to nothing is a tool
 * the current catalog does not have.
 */

/** What one recorded hit became in the replay. */
export interface ReplayedHit {
  /** The id as the session recorded it. */
  recorded: string;
  /** This catalog's id of the same tool; absent when the catalog has no such tool. */
  id?: string;
  /** 1-based rank in the session's hits. */
  was: number;
  /** 1-based rank among today's hits; absent when it is not among them. */
  now?: number;
}

export interface ReplayComparison {
  /** The same tools in the same order. */
  same: boolean;
  hits: ReplayedHit[];
  /** Today's hits the session did not get (this catalog's ids, in today's order). */
  added: string[];
  /** Recorded hits that are still tools here but no longer among the hits. */
  dropped: string[];
  /** Recorded hits this catalog has no tool for. */
  unknown: string[];
  /** Recorded hits at another rank today. */
  moved: { id: string; was: number; now: number }[];
}

/**
 * Compares a session's recorded hits with today's for the same query.
 * `resolve` maps a recorded id to this catalog's id (exact id, OpenClaw's
 * spelling, or a unique name), `undefined` when there is none.
 */
export function compareReplay(recorded: readonly string[], now: readonly string[], resolve: (recordedId: string) => string | undefined): ReplayComparison {
  const rankNow = new Map<string, number>();
  now.forEach((id, i) => {
    if (!rankNow.has(id)) {
      rankNow.set(id, i + 1);
    }
  });
  const hits: ReplayedHit[] = recorded.map((r, i) => {
    const id = resolve(r);
    const at = id === undefined ? undefined : rankNow.get(id);
    return { recorded: r, was: i + 1, ...(id !== undefined ? { id } : {}), ...(at !== undefined ? { now: at } : {}) };
  });
  const seen = new Set(hits.flatMap((h) => (h.id === undefined ? [] : [h.id])));
  const added = now.filter((id) => !seen.has(id));
  const dropped = hits.filter((h) => h.id !== undefined && h.now === undefined).map((h) => h.id as string);
  const unknown = hits.filter((h) => h.id === undefined).map((h) => h.recorded);
  const moved = hits.flatMap((h) => (h.id !== undefined && h.now !== undefined && h.now !== h.was ? [{ id: h.id, was: h.was, now: h.now }] : []));
  const same = recorded.length === now.length && added.length === 0 && dropped.length === 0 && unknown.length === 0 && moved.length === 0;
  return { same, hits, added, dropped, unknown, moved };
}

/** One line that says what changed, for a banner or the CLI. */
export function replaySummary(c: ReplayComparison): string {
  if (c.same) {
    return `Same hits as the session, in the same order (${c.hits.length}).`;
  }
  const parts: string[] = [];
  if (c.added.length > 0) {
    parts.push(`${c.added.length} new (${c.added.join(', ')})`);
  }
  if (c.dropped.length > 0) {
    parts.push(`${c.dropped.length} no longer found (${c.dropped.join(', ')})`);
  }
  if (c.unknown.length > 0) {
    parts.push(`${c.unknown.length} not in this catalog (${c.unknown.join(', ')})`);
  }
  if (c.moved.length > 0) {
    parts.push(`${c.moved.length} moved (${c.moved.map((m) => `${m.id} #${m.was} → #${m.now}`).join(', ')})`);
  }
  return `Hits differ from the session: ${parts.join('; ')}.`;
}
