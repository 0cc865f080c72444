import type { SourceCounts } from '../catalog/catalog';
import type { IsolationReport } from './isolation';
import type { BridgeOp, LogLevel } from './protocol';

/** One bridge operation as the snippet made it. Times are ms since the run started. */
export interface BridgeTraceEntry {
  seq: number;
  op: BridgeOp;
  /** The arguments as the snippet passed them (plain data). */
  args: unknown[];
  ok: boolean;
  result?: unknown;
  error?: string;
  startMs: number;
  durationMs: number;
  /** For `call`: the nested call id, `tool_search_code:<parentId>:<name>:<seq>`. */
  callId?: string;
  /** The snippet line (1-based) that made the operation, when the sandbox could tell. */
  line?: number;
}

/** A console line, interleaved with the operations in the order they happened. */
export interface LogTraceEntry {
  seq: number;
  op: 'log';
  level: LogLevel;
  args: [string];
  text: string;
  ok: true;
  startMs: number;
  durationMs: 0;
  line?: number;
}

export type TraceEntry = BridgeTraceEntry | LogTraceEntry;

export interface RunTelemetry {
  catalogSize: number;
  sources: SourceCounts;
  searchCount: number;
  describeCount: number;
  callCount: number;
}

/** The contract's `run` output. */
export interface RunReport {
  ok: boolean;
  value?: unknown;
  error?: string;
  /** The snippet line (1-based) the error belongs to: a syntax error, a throw, or the call that failed. */
  errorLine?: number;
  /** Why the run stopped when it did not finish by itself. */
  stoppedBy?: 'timeout' | 'memory' | 'crash' | 'isolation' | 'cancelled';
  /** Of a failed run: `bridge` when the error that ended it was a failed operation's, `guest` when the code's own. */
  failurePhase?: 'bridge' | 'guest';
  logs: { level: LogLevel; text: string }[];
  telemetry: RunTelemetry;
  trace: TraceEntry[];
  isolation: IsolationReport;
  /** Whether a pre-spawned child ran the snippet. */
  warm: boolean;
  durationMs: number;
}
