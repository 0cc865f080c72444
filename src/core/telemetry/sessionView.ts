import type { ProgramLeg, SessionEvent } from './sessionLog';
import { summarizeSession, type FinalCall, type SessionSummary } from './summary';
import { errorMessage } from '../util/errors';
import { READ_LIMITS } from '../util/readLimits';

/**
 * A session log read for stepping through: its events grouped by turn, in
 * the order they happened, with calls made inside a model's tool call nested
 * under it, and the four questions of the design answered on top. Reading is
 * bounded and never throws: a bad line is a problem with its line number,
 * and the rest of the log still reads.
 */

export interface SessionLogLimits {
  /** Characters read; the rest is cut at the last whole line before it. */
  maxChars: number;
  /** Lines read. */
  maxLines: number;
  /** A longer line is reported, not parsed. */
  maxLineChars: number;
  /** Problems listed; the rest are counted. */
  maxProblems: number;
}

export const SESSION_LOG_LIMITS: SessionLogLimits = {
  maxChars: READ_LIMITS.sessionLogChars,
  maxLines: READ_LIMITS.sessionLogLines,
  maxLineChars: READ_LIMITS.sessionLogLineChars,
  maxProblems: READ_LIMITS.sessionLogProblems,
};

export interface SessionLogProblem {
  line: number;
  message: string;
}

export type SessionStepKind = 'turn-start' | 'model-request' | 'search' | 'describe' | 'call' | 'model-call' | 'turn-end';

export interface SessionStep {
  kind: SessionStepKind;
  /** 1-based line of the event in the file. */
  line: number;
  /** 1 when made inside a model's tool call of the same turn (a bridge or structured operation). */
  depth: 0 | 1;
  /** One line saying what happened. */
  title: string;
  ok: boolean;
  event: SessionEvent;
}

export interface SessionTurn {
  /** `(outside a turn)` for events before the first turn-start (e.g. `call --log`). */
  turnId: string;
  steps: SessionStep[];
  /** From the turn-end, when there is one. */
  ok?: boolean;
  error?: string;
}

/** The four questions the design asks of every session. */
export interface SessionAnswers {
  /** Function schemas the model saw up front in the first turn (Tool Search tools included). */
  schemasUpFront?: number;
  /** Of those, schemas of catalog tools. */
  catalogSchemasUpFront?: number;
  searches: number;
  describes: number;
  /** The last call the gateway executed successfully. */
  finalTool?: FinalCall;
  /** Every other executed call, in order (the final one excluded). */
  otherTools: FinalCall[];
  /** Calls refused or failed. */
  failedCalls: FinalCall[];
}

export interface SessionView {
  turns: SessionTurn[];
  summary: SessionSummary;
  answers: SessionAnswers;
  eventCount: number;
  lineCount: number;
  problems: SessionLogProblem[];
  /** Problems beyond `maxProblems`, counted only. */
  moreProblems: number;
  /** Set when the log was cut at a limit. */
  truncated?: string;
}

const OUTSIDE = '(outside a turn)';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const str = (v: unknown): boolean => typeof v === 'string';
const num = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const optStr = (v: unknown): boolean => v === undefined || typeof v === 'string';
const strArray = (v: unknown): boolean => Array.isArray(v) && v.every(str);
const sizes = (v: unknown): boolean => isRecord(v) && num(v.tools) && num(v.prompt) && num(v.total);

/** What is wrong with an event for the fields the summary and the viewer read, or undefined. */
function eventProblem(v: Record<string, unknown>): string | undefined {
  const need = (ok: boolean, what: string): string | undefined => (ok ? undefined : `${String(v.type)} event without ${what}`);
  switch (v.type) {
    case 'turn-start':
      return (
        need(str(v.turnId), 'a turnId') ??
        need(str(v.mode) && str(v.effectiveMode), 'its modes') ??
        need(num(v.catalogSize) && isRecord(v.sources), 'the catalog size and sources') ??
        need(num(v.schemasUpFront) && num(v.catalogSchemasUpFront), 'the schemas sent up front') ??
        need(strArray(v.visibleTools), 'the visible tools') ??
        need(sizes(v.bytes), 'its bytes') ??
        need(v.tokens === undefined || sizes(v.tokens), 'well-formed tokens')
      );
    case 'model-request':
      return need(str(v.turnId), 'a turnId') ?? need(num(v.round) && num(v.bytes) && num(v.tools) && num(v.toolCalls), 'its round, bytes, tools and tool calls');
    case 'search':
      return need(str(v.callId) && optStr(v.parentCallId), 'a callId') ?? need(str(v.query), 'a query') ?? need(strArray(v.hits), 'its hits');
    case 'describe':
      return need(str(v.callId) && optStr(v.parentCallId), 'a callId') ?? need(str(v.idOrName) && optStr(v.id), 'the id it described');
    case 'call':
      return (
        need(str(v.callId) && optStr(v.parentCallId), 'a callId') ??
        need(str(v.idOrName) && optStr(v.id) && optStr(v.name), 'the tool it called') ??
        need(typeof v.ok === 'boolean', 'ok') ??
        need(str(v.via), 'how it was called (via)') ??
        need(optStr(v.source) && optStr(v.sourceName), 'a well-formed source')
      );
    case 'model-call':
      return need(str(v.callId) && str(v.name), 'the tool the model called') ?? need(typeof v.ok === 'boolean', 'ok');
    case 'turn-end':
      return need(str(v.turnId), 'a turnId') ?? need(typeof v.ok === 'boolean', 'ok');
    default:
      return `unknown event type "${String(v.type).slice(0, 60)}"`;
  }
}

interface ReadLine {
  line: number;
  event: SessionEvent;
}

/** Parses the lines, bounded, keeping each event's line number. */
function readLines(text: string, limits: SessionLogLimits): { events: ReadLine[]; problems: SessionLogProblem[]; moreProblems: number; lineCount: number; truncated?: string } {
  let body = text;
  let truncated: string | undefined;
  if (body.length > limits.maxChars) {
    const cut = body.lastIndexOf('\n', limits.maxChars);
    body = body.slice(0, cut < 0 ? limits.maxChars : cut);
    truncated = `only the first ${limits.maxChars} characters were read`;
  }
  const events: ReadLine[] = [];
  const problems: SessionLogProblem[] = [];
  let moreProblems = 0;
  const problem = (line: number, message: string): void => {
    if (problems.length < limits.maxProblems) {
      problems.push({ line, message });
    } else {
      moreProblems++;
    }
  };
  const lines = body.split('\n');
  if (lines[lines.length - 1] === '') {
    lines.pop();
  }
  if (lines.length > limits.maxLines) {
    lines.length = limits.maxLines;
    truncated = `only the first ${limits.maxLines} lines were read`;
  }
  lines.forEach((text, i) => {
    const line = i + 1;
    const raw = text.replace(/\r$/, '');
    if (raw.trim() === '') {
      return;
    }
    if (raw.length > limits.maxLineChars) {
      problem(line, `line too long to read (${raw.length} characters; the limit is ${limits.maxLineChars})`);
      return;
    }
    let v: unknown;
    try {
      v = JSON.parse(raw) as unknown;
    } catch (err) {
      problem(line, `not JSON: ${errorMessage(err)}`);
      return;
    }
    if (!isRecord(v) || typeof v.type !== 'string') {
      problem(line, 'not a session event (no "type")');
      return;
    }
    const wrong = eventProblem(v);
    if (wrong) {
      problem(line, wrong);
    } else {
      events.push({ line, event: v as unknown as SessionEvent });
    }
  });
  const lineCount = lines.length;
  return { events, problems, moreProblems, lineCount, ...(truncated ? { truncated } : {}) };
}

function quoteShort(s: string, max = 80): string {
  return JSON.stringify(s.length > max ? `${s.slice(0, max - 1)}…` : s);
}

function shortJson(v: unknown, max = 80): string {
  const s = JSON.stringify(v) ?? 'undefined';
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** One line for an exec or wait: what the model asked, and how the program's leg ended. */
function programTitle(e: Extract<SessionEvent, { type: 'model-call' }>, p: ProgramLeg, nestedOps: number): string {
  const asked = e.name === 'wait' ? `resumed ${p.resumes?.execCallId ? `${p.resumes.execCallId}'s program` : `run ${p.resumes?.runId ?? '?'}`} with wait` : 'ran a program with exec';
  const lines = p.code !== undefined ? p.code.split('\n').length : 0;
  const size = p.code !== undefined ? ` (${lines} ${lines === 1 ? 'line' : 'lines'})` : '';
  const ended =
    p.status === 'waiting'
      ? `waiting${p.reason ? ` (${p.reason})` : ''}, run ${p.runId ?? '?'}`
      : p.status === 'failed' || !e.ok
        ? `failed: ${(p.error ?? e.error ?? 'no reason given').split('\n')[0]}`
        : p.status === 'completed'
          ? `completed${'value' in p ? `, returned ${shortJson(p.value, 60)}` : ''}`
          : 'no result recorded';
  const output = p.output.length > 0 ? `, ${p.output.length} output ${p.output.length === 1 ? 'item' : 'items'}` : '';
  return `Model ${asked}${size}: ${ended}${output} in ${e.durationMs} ms${nestedOps > 0 ? ` (${nestedOps} ${nestedOps === 1 ? 'operation' : 'operations'} inside)` : ''}`;
}

function stepTitle(e: SessionEvent, nestedOps: number, inProgram: boolean): string {
  const inside = inProgram ? 'program' : 'snippet';
  switch (e.type) {
    case 'turn-start': {
      if (e.upFrontUnknown) {
        return `Turn (the log records neither the mode nor the schemas sent up front)${e.catalogSize !== undefined ? `; catalog of ${e.catalogSize}` : ''}`;
      }
      const fallback = e.effectiveMode !== e.mode ? ` (fell back from ${e.mode}${e.fallbackReason ? `: ${e.fallbackReason}` : ''})` : '';
      const tokens = e.tokens ? `, ${e.tokens.total} tokens` : '';
      const catalog = e.catalogSize !== undefined ? ` from the catalog of ${e.catalogSize}` : ' catalog tools';
      const bytes = e.bytes ? `, ${e.bytes.total} bytes` : '';
      const surface = e.effectiveMode === 'code-mode' ? 'Code Mode' : `${e.effectiveMode} mode`;
      return `Turn in ${surface}${fallback}: ${e.schemasUpFront} schemas up front (${e.catalogSchemasUpFront}${catalog})${bytes}${tokens}`;
    }
    case 'model-request':
      return `Model request ${e.round}: ${e.bytes} bytes, ${e.tools} schemas; the reply ${e.toolCalls === 0 ? 'answered' : `asked for ${e.toolCalls} tool ${e.toolCalls === 1 ? 'call' : 'calls'}`}`;
    case 'search':
      if (e.unrecorded) {
        return `search inside the ${inside} (its query and hits were not recorded)`;
      }
      if (e.fromCode) {
        return `search ${quoteShort(e.query)} (read from the ${inside}; its hits were not recorded)`;
      }
      return e.error ? `search ${quoteShort(e.query)} failed: ${e.error}` : `search ${quoteShort(e.query)}: ${e.hits.length} ${e.hits.length === 1 ? 'hit' : 'hits'}${e.hits[0] ? `, first ${e.hits[0]}` : ''}`;
    case 'describe':
      if (e.unrecorded) {
        return `describe inside the ${inside} (what it described was not recorded)`;
      }
      return e.error ? `describe ${quoteShort(e.idOrName)} failed: ${e.error}` : `describe ${quoteShort(e.idOrName)}${e.id && e.id !== e.idOrName ? ` → ${e.id}` : ''}`;
    case 'call': {
      if (e.unrecorded) {
        return `call inside the ${inside} (which tool it called was not recorded)`;
      }
      const tool = e.via === 'exec' && e.name ? e.name : (e.id ?? e.idOrName);
      const args = e.args !== undefined ? `${shortJson(e.args, 60)} ` : '';
      const program = e.via === 'exec' && e.parentCallId ? ` (${e.parentCallId}'s program${e.resumedBy ? `, resumed by ${e.resumedBy}` : ''})` : '';
      const how = `${args}via ${e.via}${program}`;
      if (!e.ok) {
        return `call ${tool} ${how} refused or failed: ${e.blockedBy ? `${e.blockedBy}: ` : ''}${e.error ?? 'no reason given'}`;
      }
      return `call ${tool} ${how}${e.source ? ` (${e.source}${e.sourceName ? ` ${e.sourceName}` : ''})` : ''}: ok in ${e.durationMs} ms${e.resultBytes !== undefined ? `, ${e.resultBytes} bytes` : ''}`;
    }
    case 'model-call':
      if (e.program) {
        return programTitle(e, e.program, nestedOps);
      }
      return `Model called ${e.name}: ${e.ok ? 'ok' : `failed${e.error ? `: ${e.error}` : ''}`} in ${e.durationMs} ms${nestedOps > 0 ? ` (${nestedOps} ${nestedOps === 1 ? 'operation' : 'operations'} inside)` : ''}`;
    case 'turn-end':
      return e.ok ? 'Turn ended' : `Turn ended with an error${e.error ? `: ${e.error}` : ''}`;
  }
}

function stepOk(e: SessionEvent): boolean {
  switch (e.type) {
    case 'turn-start':
    case 'model-request':
      return true;
    case 'search':
    case 'describe':
      return e.error === undefined;
    default:
      return e.ok;
  }
}

/** Groups events into turns; an operation whose parent is a model call of its turn is nested under it. */
function turnsOf(events: readonly ReadLine[]): SessionTurn[] {
  const turns: SessionTurn[] = [];
  let current: SessionTurn | undefined;
  let members: ReadLine[] = [];
  const close = (): void => {
    if (!current) {
      return;
    }
    const modelCalls = new Set(members.flatMap((m) => (m.event.type === 'model-call' ? [m.event.callId] : [])));
    const programCalls = new Set(members.flatMap((m) => (m.event.type === 'model-call' && m.event.program ? [m.event.callId] : [])));
    const nestedCount = new Map<string, number>();
    // A resumed program's operation sits under the wait it ran during; its parent stays the exec that started the program.
    const hostOf = (e: SessionEvent): string | undefined => ('resumedBy' in e && e.resumedBy !== undefined ? e.resumedBy : 'parentCallId' in e ? e.parentCallId : undefined);
    const parentOf = (e: SessionEvent): string | undefined => {
      const host = hostOf(e);
      return host !== undefined && modelCalls.has(host) ? host : undefined;
    };
    for (const m of members) {
      const p = parentOf(m.event);
      if (p !== undefined) {
        nestedCount.set(p, (nestedCount.get(p) ?? 0) + 1);
      }
    }
    current.steps = members.map((m) => ({
      kind: m.event.type,
      line: m.line,
      depth: parentOf(m.event) !== undefined ? 1 : 0,
      title: stepTitle(m.event, m.event.type === 'model-call' ? nestedCount.get(m.event.callId) ?? 0 : 0, programCalls.has(parentOf(m.event) ?? '')),
      ok: stepOk(m.event),
      event: m.event,
    }));
    turns.push(current);
    current = undefined;
    members = [];
  };
  for (const r of events) {
    const e = r.event;
    if (e.type === 'turn-start') {
      close();
      current = { turnId: e.turnId, steps: [] };
    } else if (!current) {
      current = { turnId: OUTSIDE, steps: [] };
    }
    members.push(r);
    if (e.type === 'turn-end') {
      current.ok = e.ok;
      if (e.error !== undefined) {
        current.error = e.error;
      }
      close();
    }
  }
  close();
  return turns;
}

export function sessionAnswers(summary: SessionSummary): SessionAnswers {
  const executed = summary.finalCalls;
  const finalTool = executed[executed.length - 1];
  return {
    ...(summary.schemasUpFront !== undefined ? { schemasUpFront: summary.schemasUpFront } : {}),
    ...(summary.catalogSchemasUpFront !== undefined ? { catalogSchemasUpFront: summary.catalogSchemasUpFront } : {}),
    searches: summary.searchCount,
    describes: summary.describeCount,
    ...(finalTool ? { finalTool } : {}),
    otherTools: executed.slice(0, -1),
    failedCalls: summary.failedCalls,
  };
}

/** Reads a JSONL session log for the viewer. Never throws. */
export function readSessionView(text: string, limits: SessionLogLimits = SESSION_LOG_LIMITS): SessionView {
  const read = readLines(text, limits);
  const events = read.events.map((r) => r.event);
  const summary = summarizeSession(events);
  return {
    turns: turnsOf(read.events),
    summary,
    answers: sessionAnswers(summary),
    eventCount: events.length,
    lineCount: read.lineCount,
    problems: read.problems,
    moreProblems: read.moreProblems,
    ...(read.truncated ? { truncated: read.truncated } : {}),
  };
}

/**
 * The viewer's session of events read from a store (OpenClaw's SQLite agent
 * store has no lines: every step's line is 0, and nothing links to one).
 */
export function sessionViewOfEvents(events: readonly SessionEvent[]): SessionView {
  const summary = summarizeSession(events);
  return {
    turns: turnsOf(events.map((event) => ({ line: 0, event }))),
    summary,
    answers: sessionAnswers(summary),
    eventCount: events.length,
    lineCount: 0,
    problems: [],
    moreProblems: 0,
  };
}
