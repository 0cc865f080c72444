// The message protocol of the Bridge Trace panel, imported by the extension
// host and the webview so the compiler checks both ends. Plain data only:
// values a snippet produced arrive as pre-rendered JSON text, never as
// objects the webview would have to trust.
import { isObject } from './messageGuards';

export type TraceOpView = 'search' | 'describe' | 'call' | 'log';

export interface TraceRow {
  seq: number;
  op: TraceOpView;
  /** For `log`: the console level. */
  level?: string;
  /** Arguments as JSON text (for `log`: the printed line). */
  args: string;
  ok: boolean;
  result?: string;
  error?: string;
  startMs: number;
  durationMs: number;
  callId?: string;
}

export interface ContainmentRow {
  capability: 'file system' | 'network' | 'child process' | 'worker' | 'environment';
  contained: boolean;
  layer: string;
  detail: string;
}

export interface IsolationView {
  ok: boolean;
  reason?: string;
  node: string;
  nodePath: string;
  flags: string[];
  entry: string;
  snapshotError?: string;
  containment: ContainmentRow[];
  codeGenerationBlocked: boolean;
  wasmBlocked: boolean;
  forbiddenGlobals: string[];
}

export interface TraceReportView {
  /** What ran: the file name or "selection of …". */
  source: string;
  ok: boolean;
  value?: string;
  error?: string;
  stoppedBy?: string;
  /** The user cancelled: later calls were refused and the child dies at its deadline. */
  cancelled?: boolean;
  trace: TraceRow[];
  telemetry: { catalogSize: number; searchCount: number; describeCount: number; callCount: number };
  isolation: IsolationView;
  warm: boolean;
  durationMs: number;
}

export type TraceHostMessage =
  | { type: 'running'; source: string }
  | { type: 'report'; report: TraceReportView };

export type TraceWebviewMessage = { type: 'ready' };

/** What the webview keeps across reloads: the last report and where the user was. */
export interface TracePanelState {
  report?: TraceReportView;
  selected: number;
  expanded: number[];
}

export function parseTraceWebviewMessage(raw: unknown): TraceWebviewMessage | undefined {
  return isObject(raw) && raw.type === 'ready' ? { type: 'ready' } : undefined;
}

function isReport(v: unknown): v is TraceReportView {
  return isObject(v) && typeof v.ok === 'boolean' && typeof v.source === 'string' && Array.isArray(v.trace) && isObject(v.telemetry) && isObject(v.isolation);
}

export function parseTraceHostMessage(raw: unknown): TraceHostMessage | undefined {
  if (!isObject(raw)) {
    return undefined;
  }
  if (raw.type === 'running' && typeof raw.source === 'string') {
    return { type: 'running', source: raw.source };
  }
  if (raw.type === 'report' && isReport(raw.report)) {
    return { type: 'report', report: raw.report };
  }
  return undefined;
}

export function parseTracePanelState(raw: unknown): TracePanelState {
  if (!isObject(raw)) {
    return { selected: 0, expanded: [] };
  }
  return {
    report: isReport(raw.report) ? raw.report : undefined,
    selected: typeof raw.selected === 'number' ? raw.selected : 0,
    expanded: Array.isArray(raw.expanded) ? raw.expanded.filter((n): n is number => typeof n === 'number') : [],
  };
}
