import { messageText } from '../util/messageText';
import { programSearchLiterals } from './bridgeLiterals';
import type { CallEvent, ModelCallEvent, ProgramLeg, SessionEventBody } from './sessionLog';
import type { SourceCounts } from '../catalog/catalog';

/**
 * OpenClaw's Code Mode in a transcript: the model's `exec` (a program) and
 * `wait` (resumes a program that is waiting) calls, read into session events.
 *
 * What a 2026.9.6 store holds, and so what this reads:
 * - `exec`'s `{ code }` and `wait`'s `{ runId }` as the assistant's tool calls;
 * - each result's details: `status` (`completed`, `failed`, `waiting` with its
 *   `runId`), `output` items, `value` or `error`, and `telemetry` whose
 *   search, describe and call counters run over the whole agent run (one
 *   `counterScope`), so a leg's operations are the difference from the
 *   previous leg's;
 * - every tool the program called as an `openclaw.nested-tool.v1` message
 *   named by its exec call (`parentToolCallId`) and recorded while the model
 *   call that ran it is open: the `exec`, or the `wait` that resumed it.
 * Searches and describes are counted only; a search's query is read from a
 * `catalog.search("...")` literal of the program where it spells one out.
 */

const EXEC = 'exec';
const WAIT = 'wait';
/** Result statuses of a Code Mode run (OpenClaw's `CodeModeResult`). */
const STATUSES = new Set(['completed', 'failed', 'waiting']);
const MAX_OUTPUT_ITEM = 4000;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Code Mode's `exec` takes `{ code }`; OpenClaw's shell `exec` takes `{ command }` and is not one. */
export function isCodeModeCall(name: string, args: Record<string, unknown>): boolean {
  return (name === EXEC && typeof args.code === 'string') || (name === WAIT && typeof args.runId === 'string');
}

/** A Code Mode result: a status OpenClaw's runtime gives and its telemetry. */
export function isCodeModeResult(result: unknown): result is Record<string, unknown> {
  return isRecord(result) && typeof result.status === 'string' && STATUSES.has(result.status) && isRecord(result.telemetry);
}

/**
 * The result of an `exec` or `wait`: the message's details, else its text
 * (a `wait`'s text is wrapped in OpenClaw's untrusted-content notice: the JSON
 * inside it is read).
 */
export function programResultOf(details: unknown, text: string): unknown {
  if (details !== undefined) {
    return details;
  }
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) {
    return undefined;
  }
  try {
    return JSON.parse(text.slice(start, end + 1)) as unknown;
  } catch {
    return undefined;
  }
}

function outputText(item: unknown): string {
  const t = isRecord(item) && item.type === 'text' ? str(item.text) : undefined;
  const s = t ?? (JSON.stringify(item) as string | undefined) ?? String(item);
  return s.length > MAX_OUTPUT_ITEM ? `${s.slice(0, MAX_OUTPUT_ITEM - 1)}…` : s;
}

function errorText(e: unknown): string | undefined {
  if (typeof e === 'string') return e;
  if (isRecord(e)) return str(e.message) ?? messageText(e.content) ?? JSON.stringify(e);
  return undefined;
}

interface Program {
  code: string;
  /** Queries of the program's `catalog.search` literals not yet given to a counted search. */
  literals: string[];
}

interface Counters {
  searches: number;
  describes: number;
  calls: number;
}

type Emit = (b: SessionEventBody) => void;

/** Reads one session's Code Mode calls; the transcript reader hands it the entries in order. */
export class CodeModeReader {
  private readonly programs = new Map<string, Program>();
  /** A waiting program's runId -> the exec call that started it. */
  private readonly runs = new Map<string, string>();
  /** An exec call -> the open `wait` resuming it. */
  private readonly resuming = new Map<string, string>();
  /** Nested calls recorded during an open exec or wait, emitted after that call's model-call. */
  private readonly pending = new Map<string, CallEvent[]>();
  private readonly counters = new Map<string, Counters>();
  /** Code Mode answered at least one call: the run's surface was Code Mode whatever its config said. */
  engaged = false;

  /** The model asked for a tool call: a `wait` resumes the program its runId names. */
  opened(callId: string, name: string, args: Record<string, unknown>): void {
    if (name === EXEC && typeof args.code === 'string') {
      this.programs.set(callId, { code: args.code, literals: programSearchLiterals(args.code) });
    } else if (name === WAIT && typeof args.runId === 'string') {
      const exec = this.runs.get(args.runId);
      if (exec !== undefined) this.resuming.set(exec, callId);
    }
  }

  /**
   * The open Code Mode call a nested call of `parent` ran under (the exec
   * itself, or the wait resuming it), or undefined when it is none.
   */
  hostOf(parent: string, isOpen: (callId: string) => boolean): string | undefined {
    if (this.programs.has(parent) && isOpen(parent)) return parent;
    const wait = this.resuming.get(parent);
    return wait !== undefined && isOpen(wait) ? wait : undefined;
  }

  /** Holds a nested call until its host's result, so a program's steps follow the model call that ran them. */
  hold(host: string, event: CallEvent): void {
    const list = this.pending.get(host) ?? [];
    list.push(host !== event.parentCallId ? { ...event, resumedBy: host } : event);
    this.pending.set(host, list);
  }

  /** The events of an exec's or wait's result: the model call with its program leg, then what the leg did. */
  resultEvents(r: {
    callId: string;
    name: string;
    args: Record<string, unknown>;
    result: unknown;
    isError: boolean;
    durationMs: number;
    emit: Emit;
    noteCatalog: (catalogSize: number, sources: SourceCounts) => void;
  }): void {
    const { callId, result } = r;
    const res = isRecord(result) ? result : {};
    if (isCodeModeResult(result)) this.engaged = true;
    const status = str(res.status);
    const execCallId = r.name === EXEC ? callId : this.runs.get(str(r.args.runId) ?? '');
    const program = execCallId !== undefined ? this.programs.get(execCallId) : undefined;
    const failed = r.isError || status === 'failed';
    const error = failed ? (errorText(res.error) ?? (status === undefined ? 'no result recorded' : status)) : undefined;
    const telemetry = isRecord(res.telemetry) ? res.telemetry : undefined;
    const size = num(telemetry?.catalogSize);
    const sources = isRecord(telemetry?.sources) ? telemetry.sources : undefined;
    if (size !== undefined && sources) {
      r.noteCatalog(size, { openclaw: num(sources.openclaw) ?? 0, mcp: num(sources.mcp) ?? 0, client: num(sources.client) ?? 0 });
    }
    const counts = this.legCounts(telemetry);
    const runId = str(res.runId);
    if (status === 'waiting' && runId !== undefined && execCallId !== undefined) this.runs.set(runId, execCallId);
    if (execCallId !== undefined && this.resuming.get(execCallId) === callId) this.resuming.delete(execCallId);
    const leg: ProgramLeg = {
      ...(r.name === EXEC && typeof r.args.code === 'string' ? { code: r.args.code } : {}),
      ...(r.name === WAIT ? { resumes: { runId: str(r.args.runId) ?? '', ...(execCallId !== undefined ? { execCallId } : {}) } } : {}),
      ...(status !== undefined ? { status } : {}),
      ...(runId !== undefined && status === 'waiting' ? { runId } : {}),
      ...(str(res.reason) ?? str(res.code) ? { reason: str(res.reason) ?? str(res.code) } : {}),
      output: Array.isArray(res.output) ? res.output.map(outputText) : [],
      ...('value' in res ? { value: res.value } : {}),
      ...(failed && error !== undefined ? { error } : {}),
      ...(counts ? { counts } : {}),
    };
    const call: ModelCallEvent = { type: 'model-call', callId, name: r.name, ok: !failed, ...(error !== undefined ? { error } : {}), durationMs: r.durationMs, program: leg };
    r.emit(call);
    const parent = execCallId ?? callId;
    const resumed = parent !== callId ? { resumedBy: callId } : {};
    for (let i = 0; i < (counts?.searches ?? 0); i++) {
      const query = program?.literals.shift();
      const id = `${callId}:search:${i + 1}`;
      r.emit(query !== undefined ? { type: 'search', callId: id, parentCallId: parent, ...resumed, query, hits: [], fromCode: true } : { type: 'search', callId: id, parentCallId: parent, ...resumed, query: '', hits: [], unrecorded: true });
    }
    for (let i = 0; i < (counts?.describes ?? 0); i++) {
      r.emit({ type: 'describe', callId: `${callId}:describe:${i + 1}`, parentCallId: parent, ...resumed, idOrName: '', unrecorded: true });
    }
    const held = this.pending.get(callId) ?? [];
    this.pending.delete(callId);
    for (const e of held) r.emit(e);
    // Calls OpenClaw counted in this leg but recorded no message for: said so, never named.
    for (let i = held.length; i < (counts?.calls ?? 0); i++) {
      r.emit({ type: 'call', callId: `${callId}:call:${i + 1}`, parentCallId: parent, ...resumed, via: 'exec', idOrName: '(not recorded)', ok: true, durationMs: 0, unrecorded: true });
    }
  }

  /** Nested calls whose host never answered (a run cut short): emitted as they are, at the end. */
  flush(emit: Emit): void {
    for (const list of this.pending.values()) for (const e of list) emit(e);
    this.pending.clear();
  }

  /** This leg's operations: OpenClaw's counters run over the counter scope, so the previous leg's are taken off. */
  private legCounts(telemetry: Record<string, unknown> | undefined): Counters | undefined {
    if (!telemetry) return undefined;
    const now: Counters = { searches: num(telemetry.searchCount) ?? 0, describes: num(telemetry.describeCount) ?? 0, calls: num(telemetry.callCount) ?? 0 };
    const scope = str(telemetry.counterScope);
    if (scope === undefined) return now;
    const before = this.counters.get(scope) ?? { searches: 0, describes: 0, calls: 0 };
    this.counters.set(scope, now);
    return { searches: Math.max(0, now.searches - before.searches), describes: Math.max(0, now.describes - before.describes), calls: Math.max(0, now.calls - before.calls) };
  }
}
