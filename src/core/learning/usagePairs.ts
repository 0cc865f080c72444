import { bridgeLiterals } from '../telemetry/bridgeLiterals';
import { transcriptEvents } from '../telemetry/openclawTranscript';
import type { SessionsRead } from '../telemetry/sessionSources';
import { parseSessionLog, type SessionEvent } from '../telemetry/sessionLog';
import { errorMessage } from '../util/errors';

/**
 * Usage evidence from session logs: which searches led to which tool being
 * called successfully. A search "leads to" the next successful call in the
 * same turn: every query searched since the turn began or since the previous
 * successful call is paired with the tool that call ran. Failed or refused
 * calls do not close the window (the agent is still looking), and a call with
 * no search before it pairs with nothing.
 */

/** One (query -> tool) pair and how often the logs show it. */
export interface UsagePair {
  query: string;
  /** The tool as the log names it: an id when known, else the name the agent used. */
  tool: string;
  /** Times the query was followed by a successful call of the tool. */
  count: number;
  /** Of those, times the tool was among that search's hits (known only when the log kept hits). */
  foundInHits: number;
}

/** What a set of logs held, beside the pairs. */
export interface UsageReport {
  pairs: UsagePair[];
  files: number;
  /** Searches read, successful calls read, and calls that had a search before them. */
  searches: number;
  successfulCalls: number;
  pairedCalls: number;
  /** Per file: the format it was read as, and lines that could not be read. */
  sources: UsageSource[];
}

export type LogFormat = 'inspector' | 'openclaw' | 'unknown';

export interface UsageSource {
  file: string;
  format: LogFormat;
  problems: { line: number; message: string }[];
}

/** A search as seen in a log, waiting for the call it led to. */
interface PendingSearch {
  query: string;
  hits?: readonly string[];
}

/** Accumulates pairs across files; one window of pending searches per conversation. */
export class UsageCollector {
  private readonly counts = new Map<string, UsagePair>();
  private pending: PendingSearch[] = [];
  searches = 0;
  successfulCalls = 0;
  pairedCalls = 0;

  /** A new turn (or file): searches before it lead to nothing after it. */
  resetWindow(): void {
    this.pending = [];
  }

  search(query: string, hits?: readonly string[]): void {
    const q = query.trim();
    if (q.length === 0) {
      return;
    }
    this.searches++;
    this.pending.push(hits ? { query: q, hits } : { query: q });
  }

  /** A successful call of `tool` (id or name; `aliases` are other spellings the hits may use). */
  calledOk(tool: string, aliases: readonly string[] = []): void {
    this.successfulCalls++;
    if (this.pending.length === 0) {
      return;
    }
    this.pairedCalls++;
    const spellings = new Set([tool, ...aliases].map((s) => s.toLowerCase()));
    // The same query searched twice in one window still led to this call once.
    const byQuery = new Map<string, boolean>();
    for (const p of this.pending) {
      const found = p.hits?.some((h) => spellings.has(h.toLowerCase())) ?? false;
      byQuery.set(p.query, (byQuery.get(p.query) ?? false) || found);
    }
    for (const [query, found] of byQuery) {
      const key = `${query}\u0000${tool}`;
      const pair = this.counts.get(key) ?? { query, tool, count: 0, foundInHits: 0 };
      pair.count++;
      pair.foundInHits += found ? 1 : 0;
      this.counts.set(key, pair);
    }
    this.pending = [];
  }

  /** Pairs, most frequent first, then by tool and query. */
  pairs(): UsagePair[] {
    return [...this.counts.values()].sort((a, b) => b.count - a.count || a.tool.localeCompare(b.tool) || a.query.localeCompare(b.query));
  }
}

/** Reads the product's own session log events (`run`, `call --log`, `compare`). */
export function collectInspectorEvents(events: readonly SessionEvent[], into: UsageCollector): void {
  into.resetWindow();
  for (const e of events) {
    if (e.type === 'turn-start') {
      into.resetWindow();
    } else if (e.type === 'search' && e.error === undefined && e.unrecorded !== true) {
      // A query read from a snippet's literal has no recorded hits: `found in hits` stays unknown.
      into.search(e.query, e.fromCode ? undefined : e.hits);
    } else if (e.type === 'call' && e.ok) {
      // OpenClaw records direct and bridge calls by name only; the product's logs by id.
      const tool = e.id ?? e.name ?? e.idOrName;
      into.calledOk(tool, [e.name, e.idOrName].filter((n): n is string => typeof n === 'string' && n !== tool));
    }
  }
  into.resetWindow();
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The searches and calls a tool_search_code body spells out with literal arguments (telemetry/bridgeLiterals.ts). */
export const bridgeOperations = bridgeLiterals;

/**
 * Reads an OpenClaw session transcript (its JSONL lines, or a store's
 * transcript events) through the one transcript reader
 * (telemetry/openclawTranscript.ts): searches with their hits, structured and
 * nested calls, tool_search_code literals. A user message starts a turn.
 */
export function collectOpenClawTranscript(lines: readonly unknown[], into: UsageCollector): void {
  collectInspectorEvents(transcriptEvents(lines).events, into);
}

/** Which log a JSONL text is: ours has typed events with `seq`; OpenClaw's has `message` lines. */
export function detectFormat(values: readonly unknown[]): LogFormat {
  for (const v of values) {
    if (isRecord(v) && typeof v.seq === 'number' && typeof v.type === 'string') {
      return 'inspector';
    }
    if (isRecord(v) && (isRecord(v.message) || v.type === 'session')) {
      return 'openclaw';
    }
  }
  return 'unknown';
}

/** Reads one JSONL log of either format into `into`; returns what it found. */
export function collectLogText(file: string, text: string, into: UsageCollector): UsageSource {
  const values: unknown[] = [];
  const problems: { line: number; message: string }[] = [];
  text.split('\n').forEach((l, i) => {
    if (l.trim() === '') {
      return;
    }
    try {
      values.push(JSON.parse(l) as unknown);
    } catch (err) {
      problems.push({ line: i + 1, message: errorMessage(err) });
    }
  });
  const format = detectFormat(values);
  if (format === 'inspector') {
    const parsed = parseSessionLog(text);
    collectInspectorEvents(parsed.events, into);
    return { file, format, problems: parsed.errors };
  }
  if (format === 'openclaw') {
    collectOpenClawTranscript(values, into);
  }
  return { file, format, problems };
}

/** Pairs from several logs given as (file, text). */
export function usageFromLogs(logs: readonly { file: string; text: string }[]): UsageReport {
  const collector = new UsageCollector();
  const sources = logs.map((l) => collectLogText(l.file, l.text, collector));
  return {
    pairs: collector.pairs(),
    files: logs.length,
    searches: collector.searches,
    successfulCalls: collector.successfulCalls,
    pairedCalls: collector.pairedCalls,
    sources,
  };
}

/** Pairs from sessions read by `readSessions` (OpenClaw stores and transcripts, the product's logs). */
export function usageFromSessions(read: SessionsRead): UsageReport {
  const collector = new UsageCollector();
  for (const s of read.sessions) {
    collectInspectorEvents(s.events, collector);
  }
  const formatOf = (file: string): LogFormat => {
    const f = read.sessions.find((s) => s.file === file)?.format;
    return f === 'inspector' ? 'inspector' : f === undefined ? 'unknown' : 'openclaw';
  };
  return {
    pairs: collector.pairs(),
    files: read.files.length,
    searches: collector.searches,
    successfulCalls: collector.successfulCalls,
    pairedCalls: collector.pairedCalls,
    sources: read.files.map((file) => ({
      file,
      format: formatOf(file),
      problems: read.problems.filter((p) => p.file === file).map((p) => ({ line: p.line ?? 0, message: p.message })),
    })),
  };
}
