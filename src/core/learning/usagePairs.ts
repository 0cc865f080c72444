import { parseSessionLog, type SessionEvent } from '../telemetry/sessionLog';

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
    } else if (e.type === 'search' && e.error === undefined) {
      into.search(e.query, e.hits);
    } else if (e.type === 'call' && e.ok && e.id !== undefined) {
      into.calledOk(e.id, [e.name, e.idOrName].filter((n): n is string => typeof n === 'string'));
    }
  }
  into.resetWindow();
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Ids of the hits in a tool_search result's details (one search, or a batch of them). */
function hitIds(details: unknown): string[] | undefined {
  const list = Array.isArray(details) ? details : isRecord(details) && Array.isArray(details.results) ? details.results : undefined;
  if (!list) {
    return undefined;
  }
  return list.flatMap((h: unknown) => {
    if (!isRecord(h)) {
      return [];
    }
    const nested = Array.isArray(h.candidates) ? (hitIds(h.candidates) ?? []) : [];
    return [str(h.id), str(h.name), ...nested].filter((x): x is string => x !== undefined);
  });
}

/** Queries of a tool_search call's arguments: `query`, and every `queries[].query`. */
function searchQueries(args: Record<string, unknown>): string[] {
  const out: string[] = [];
  const q = str(args.query);
  if (q && q.trim()) {
    out.push(q);
  }
  if (Array.isArray(args.queries)) {
    for (const item of args.queries as unknown[]) {
      const iq = isRecord(item) ? str(item.query) : undefined;
      if (iq && iq.trim()) {
        out.push(iq);
      }
    }
  }
  return out;
}

/** A JavaScript string literal (single, double or back quotes without `${`), unescaped. */
const LITERAL = String.raw`("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\`(?:[^\`\\$]|\\.)*\`)`;
const BRIDGE_CALL = new RegExp(String.raw`\b(?:openclaw\.)?tools\.(search|call)\(\s*${LITERAL}`, 'g');

function unquote(literal: string): string {
  const body = literal.slice(1, -1);
  return body.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? ' ' : c));
}

/**
 * The searches and calls a tool_search_code body spells out with literal
 * arguments, in order. Ids built at run time (`hits[0].id`) cannot be read
 * from the code, and are missed.
 */
export function bridgeOperations(code: string): { op: 'search' | 'call'; arg: string }[] {
  const out: { op: 'search' | 'call'; arg: string }[] = [];
  for (const m of code.matchAll(BRIDGE_CALL)) {
    const op = m[1] === 'call' ? 'call' : 'search';
    const lit = m[2];
    if (lit !== undefined) {
      out.push({ op, arg: unquote(lit) });
    }
  }
  return out;
}

const CONTROL_TOOLS = new Set(['tool_search', 'tool_describe', 'tool_call', 'tool_search_code']);

interface OpenClawToolCall {
  name: string;
  args: Record<string, unknown>;
}

/**
 * Reads an OpenClaw session transcript (JSONL: `{type: "message", message:
 * {role, content | toolCallId, toolName, details, isError}}`): tool_search
 * queries and hits, tool_call ids, tool_search_code bodies with literal
 * arguments, and direct calls of catalog tools. A user message starts a turn.
 */
export function collectOpenClawTranscript(lines: readonly unknown[], into: UsageCollector): void {
  const open = new Map<string, OpenClawToolCall>();
  into.resetWindow();
  for (const line of lines) {
    const message = isRecord(line) && isRecord(line.message) ? line.message : isRecord(line) && typeof line.role === 'string' ? line : undefined;
    if (!message) {
      continue;
    }
    const role = str(message.role);
    if (role === 'user') {
      into.resetWindow();
    } else if (role === 'assistant' && Array.isArray(message.content)) {
      for (const part of message.content as unknown[]) {
        if (isRecord(part) && part.type === 'toolCall' && typeof part.id === 'string' && typeof part.name === 'string') {
          open.set(part.id, { name: part.name, args: isRecord(part.arguments) ? part.arguments : {} });
        }
      }
    } else if (role === 'toolResult') {
      const callId = str(message.toolCallId);
      const call = callId !== undefined ? open.get(callId) : undefined;
      if (!call || callId === undefined) {
        continue;
      }
      open.delete(callId);
      const failed = message.isError === true || (isRecord(message.details) && typeof message.details.status === 'string');
      applyOpenClawCall(call, message.details, failed, into);
    }
  }
  into.resetWindow();
}

function applyOpenClawCall(call: OpenClawToolCall, details: unknown, failed: boolean, into: UsageCollector): void {
  if (call.name === 'tool_search') {
    if (!failed) {
      const hits = hitIds(details);
      for (const q of searchQueries(call.args)) {
        into.search(q, hits);
      }
    }
  } else if (call.name === 'tool_call') {
    const tool = isRecord(details) && isRecord(details.tool) ? details.tool : undefined;
    const id = str(tool?.id) ?? str(call.args.id);
    if (!failed && id !== undefined) {
      into.calledOk(id, [str(tool?.name), str(call.args.id)].filter((n): n is string => n !== undefined));
    }
  } else if (call.name === 'tool_search_code') {
    // The body's operations succeeded only if the whole run did; its hits are not in the transcript.
    if (!failed) {
      for (const op of bridgeOperations(str(call.args.code) ?? '')) {
        if (op.op === 'search') {
          into.search(op.arg);
        } else {
          into.calledOk(op.arg);
        }
      }
    }
  } else if (!CONTROL_TOOLS.has(call.name) && !failed) {
    // A direct (or directory-hydrated) call of a catalog tool by its name.
    into.calledOk(call.name);
  }
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
      problems.push({ line: i + 1, message: err instanceof Error ? err.message : String(err) });
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
