import * as fs from 'node:fs';
import type { SourceCounts } from '../catalog/catalog';
import type { ToolSearchModeName, ToolSourceKind } from '../types';
import { errorMessage } from '../util/errors';

/**
 * The session log: one JSON event per line. It is what answers, after the
 * fact, what the model saw up front, how it searched, and which tool really
 * ran from which source.
 */

export interface SizeCounters {
  tools: number;
  prompt: number;
  total: number;
}

export interface TurnStartEvent {
  type: 'turn-start';
  turnId: string;
  mode: ToolSearchModeName;
  effectiveMode: ToolSearchModeName;
  fallbackReason?: string;
  /** Absent when the log does not know it (OpenClaw's transcripts record it only in code mode). */
  catalogSize?: number;
  sources?: SourceCounts;
  bySourceName?: Record<string, number>;
  /** Function schemas sent up front (Tool Search tools included). */
  schemasUpFront: number;
  /**
   * The log does not say which tools were sent, nor the mode (OpenClaw's JSONL
   * transcripts of 2026.6 and older): `mode`, `schemasUpFront` and
   * `catalogSchemasUpFront` are placeholders, and no answer is drawn from them.
   */
  upFrontUnknown?: true;
  /** Of those, schemas of catalog tools (direct, direct-only, client, likely, required). */
  catalogSchemasUpFront: number;
  visibleTools: string[];
  /** Absent when the log does not know them (OpenClaw's transcripts). */
  bytes?: SizeCounters;
  tokens?: SizeCounters & { encoding: string };
}

/**
 * The log's labels for a call made through a Tool Search control: the log's
 * own words (a file format others read), kept whatever a release names its
 * controls; readers map a release's control to its label by role.
 */
export const CONTROL_VIA = { call: 'tool_call', code: 'tool_search_code' } as const;

/** How a call reached the gateway; `exec` is a call made by a Code Mode program (run by `exec`, or resumed by `wait`). */
export type CallVia = 'direct' | 'hydrated' | (typeof CONTROL_VIA)[keyof typeof CONTROL_VIA] | 'exec' | 'cli' | 'api';

/**
 * What the log knows of an operation made inside a Code Mode program that a
 * `wait` resumed: the program is its parent (`parentCallId`, the `exec` call,
 * as OpenClaw records it), and it ran during this model call.
 */
interface Resumed {
  /** The `wait` call during which a resumed program made this operation. */
  resumedBy?: string;
}

export interface SearchEvent extends Resumed {
  type: 'search';
  callId: string;
  parentCallId?: string;
  query: string;
  limit?: number;
  hits: string[];
  error?: string;
  /** Counted by the runtime, but its query and hits were not recorded (OpenClaw's tool_search_code). */
  unrecorded?: boolean;
  /** The query was read from a string literal of the tool_search_code snippet or Code Mode program; the hits were not recorded. */
  fromCode?: boolean;
}

export interface DescribeEvent extends Resumed {
  type: 'describe';
  callId: string;
  parentCallId?: string;
  idOrName: string;
  id?: string;
  error?: string;
  /** Counted by the runtime, but what it described was not recorded (OpenClaw's tool_search_code). */
  unrecorded?: boolean;
}

export interface CallEvent extends Resumed {
  type: 'call';
  callId: string;
  parentCallId?: string;
  via: CallVia;
  /** `(not recorded)` for a call the runtime counted but did not record. */
  idOrName: string;
  /** Counted by the runtime (OpenClaw's tool_search_code telemetry), but which tool it called was not recorded. */
  unrecorded?: boolean;
  id?: string;
  name?: string;
  source?: ToolSourceKind;
  sourceName?: string;
  ok: boolean;
  blockedBy?: string;
  error?: string;
  /** UTF-8 bytes of the serialized result. */
  resultBytes?: number;
  /** The result itself when small; otherwise its serialized start, marked truncated. */
  result?: unknown;
  resultTruncated?: boolean;
  /** Whether the hook stage rewrote the arguments. */
  paramsRewritten?: boolean;
  /** The arguments the tool was called with, when the log recorded them (OpenClaw's nested calls). */
  args?: Record<string, unknown>;
  /** Read from a string literal of a tool_search_code snippet: the runtime recorded no such call itself. */
  fromCode?: boolean;
  durationMs: number;
}

/** A top-level tool call made by the model (a Tool Search tool or a direct one). */
export interface ModelCallEvent {
  type: 'model-call';
  callId: string;
  name: string;
  ok: boolean;
  error?: string;
  durationMs: number;
  /** Set on Code Mode's `exec` and `wait`: the program and what its run returned. */
  program?: ProgramLeg;
}

/**
 * One leg of a Code Mode program: `exec` starts it, each `wait` resumes it
 * until it completes or fails. The fields are OpenClaw's result's.
 */
export interface ProgramLeg {
  /** The program (`exec`'s `code`); absent on a `wait`. */
  code?: string;
  /** On a `wait`: the run it resumed, and the `exec` call that started it when the log has it. */
  resumes?: { runId: string; execCallId?: string };
  /** `completed`, `failed` or `waiting`; absent when the result was not recorded. */
  status?: string;
  /** A waiting program's run id, for `wait`. */
  runId?: string;
  /** Why it waits (`yield`), or a failure's code (`internal_error`). */
  reason?: string;
  /** The program's output (`text()`, console), one entry per item, in order. */
  output: string[];
  /** The returned value of a completed program. */
  value?: unknown;
  /** A failed program's error, with its frame. */
  error?: string;
  /** Operations made in this leg: OpenClaw counts per run, so these are the differences from the previous leg. */
  counts?: { searches: number; describes: number; calls: number };
}

/** One request to the provider within a turn, and what the reply asked for (`compare` writes one per round). */
export interface ModelRequestEvent {
  type: 'model-request';
  turnId: string;
  /** 1 for the turn's first request. */
  round: number;
  /** UTF-8 bytes of the request body the provider received. */
  bytes: number;
  /** Function schemas in the request. */
  tools: number;
  /** Tool calls in the reply; 0 when the model answered. */
  toolCalls: number;
}

export interface TurnEndEvent {
  type: 'turn-end';
  turnId: string;
  ok: boolean;
  error?: string;
}

export type SessionEventBody = TurnStartEvent | ModelRequestEvent | SearchEvent | DescribeEvent | CallEvent | ModelCallEvent | TurnEndEvent;
export type SessionEvent = SessionEventBody & { seq: number; at: string };

/** A sink for events; the default keeps them in memory and optionally appends to a JSONL file. */
export class SessionLog {
  readonly events: SessionEvent[] = [];
  private seq = 0;

  constructor(private readonly file?: string, private readonly now: () => Date = () => new Date()) {}

  record(event: SessionEventBody): SessionEvent {
    const e = { ...event, seq: ++this.seq, at: this.now().toISOString() } as SessionEvent;
    this.events.push(e);
    if (this.file) {
      // Synchronous so a crash mid-turn still leaves every event before it on disk.
      fs.appendFileSync(this.file, `${JSON.stringify(e)}\n`);
    }
    return e;
  }

  toJsonl(): string {
    return this.events.map((e) => JSON.stringify(e)).join('\n') + (this.events.length > 0 ? '\n' : '');
  }
}

/** Reads a JSONL session log; bad lines are reported, not thrown. */
export function parseSessionLog(text: string): { events: SessionEvent[]; errors: { line: number; message: string }[] } {
  const events: SessionEvent[] = [];
  const errors: { line: number; message: string }[] = [];
  text.split('\n').forEach((l, i) => {
    if (l.trim() === '') {
      return;
    }
    try {
      const v = JSON.parse(l) as unknown;
      if (v && typeof v === 'object' && typeof (v as { type?: unknown }).type === 'string') {
        events.push(v as SessionEvent);
      } else {
        errors.push({ line: i + 1, message: 'not a session event' });
      }
    } catch (err) {
      errors.push({ line: i + 1, message: errorMessage(err) });
    }
  });
  return { events, errors };
}

/** The turn-start event of a previewed turn: what the provider received, and from which catalog. */
export function turnStartEvent(
  turnId: string,
  preview: {
    mode: ToolSearchModeName;
    effectiveMode: ToolSearchModeName;
    fallbackReason?: string;
    catalogSize: number;
    sources: SourceCounts;
    visible: readonly { name: string; id?: string }[];
    bytes: SizeCounters;
    tokens?: SizeCounters & { encoding: string };
  },
  bySourceName?: Record<string, number>,
): TurnStartEvent {
  return {
    type: 'turn-start',
    turnId,
    mode: preview.mode,
    effectiveMode: preview.effectiveMode,
    ...(preview.fallbackReason ? { fallbackReason: preview.fallbackReason } : {}),
    catalogSize: preview.catalogSize,
    sources: preview.sources,
    ...(bySourceName ? { bySourceName } : {}),
    schemasUpFront: preview.visible.length,
    catalogSchemasUpFront: preview.visible.filter((v) => v.id !== undefined).length,
    visibleTools: preview.visible.map((v) => v.name),
    bytes: preview.bytes,
    ...(preview.tokens ? { tokens: preview.tokens } : {}),
  };
}
