// The message protocol of the Bridge Trace panel (and of the saved-trace
// editor, which reuses its webview), imported by the extension host and the
// webview so the compiler checks both ends. Plain data only: values a
// snippet produced arrive as pre-rendered JSON text, never as objects the
// webview would have to trust.
import { isObject, isWholeNumber } from './messageGuards';

/** A `tool_search_code` snippet's operations, and a Code Mode program's timers, saved results, yields and API reads. */
export type TraceOpView = 'search' | 'describe' | 'call' | 'sleep' | 'save' | 'load' | 'delete' | 'yield' | 'api' | 'log';

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
  /** 1-based line of the snippet that made the operation, when the run knows it. */
  line?: number;
}

export interface ContainmentRow {
  capability: 'file system' | 'network' | 'child process' | 'worker' | 'environment' | 'signals' | 'host identity' | 'host channel';
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
  /** What the child's code can do on the machine: files, network, processes, workers, environment. */
  containment: ContainmentRow[];
  /** What it can do to the host that runs it: signals, reading who and where it runs, its channel. Absent from older reports. */
  hostContainment?: ContainmentRow[];
  codeGenerationBlocked: boolean;
  wasmBlocked: boolean;
  /** Forbidden globals the snippet context has (none when contained). */
  forbiddenGlobals: string[];
  /** The globals the probe checked for, when the report says. */
  checkedGlobals?: string[];
  /** Routes out of the snippet's context the probe tried and what they reached; absent from older reports. */
  realm?: { attempts: string[]; escapes: string[]; intrinsicsFrozen: boolean; residue: string[] };
}

export type OutcomeKind = 'ok' | 'error' | 'timeout' | 'cancelled';
export const OUTCOME_KINDS: readonly OutcomeKind[] = ['ok', 'error', 'timeout', 'cancelled'];

/** How the run ended: one message (core's `runOutcome`). */
export interface OutcomeView {
  kind: OutcomeKind;
  title: string;
  /** The snippet's error, for `error`. */
  detail?: string;
}

export interface TraceReportView {
  /** What ran: the file name or "selection of …". */
  source: string;
  /** The document the run came from (a URI string), when it came from one: re-run and reveal use it. */
  documentUri?: string;
  /** When the run finished (ISO time). */
  at?: string;
  ok: boolean;
  outcome: OutcomeView;
  value?: string;
  error?: string;
  stoppedBy?: string;
  trace: TraceRow[];
  telemetry: { catalogSize: number; searchCount: number; describeCount: number; callCount: number };
  isolation: IsolationView;
  warm: boolean;
  durationMs: number;
  /**
   * A Code Mode program's results as the model reads them, each as JSON
   * text: exec's, then each wait's (a program that yields is resumed at once).
   */
  codeMode?: { legs: { tool: string; status: string; json: string }[]; untrusted: boolean };
  /** A kept run whose config changed since it ran: why it is stale (issue 41, part 5). */
  stale?: string;
}

/** One run of the history (newest first in the message). */
export interface RunHistoryItem {
  id: number;
  source: string;
  documentUri?: string;
  outcome: OutcomeKind;
  title: string;
  at: string;
  durationMs: number;
  /** The config changed since this run. */
  stale?: true;
}

/** What the panel can do besides showing: set by the host (a saved trace cannot re-run a history). */
export interface TraceCapabilities {
  /** `toolSearchInspector.rerunBridgeSnippet` exists. */
  rerun: boolean;
  /** `toolSearchInspector.revealSnippetLine` exists. */
  reveal: boolean;
  /** The host can save this report as a file. */
  save: boolean;
  /** Shown from a saved file (its name), not from a run. */
  savedFile?: string;
}

export type TraceHostMessage =
  /** A run started; `cancellable`: the panel may offer Cancel. */
  | { type: 'running'; source: string; cancellable?: boolean }
  | { type: 'report'; report: TraceReportView; historyId?: number }
  | { type: 'history'; runs: RunHistoryItem[] }
  | { type: 'capabilities'; capabilities: TraceCapabilities }
  /** A saved trace that cannot be read. */
  | { type: 'error'; message: string };

export type TraceWebviewMessage =
  | { type: 'ready' }
  | { type: 'rerun'; documentUri: string }
  | { type: 'reveal'; documentUri: string; line: number }
  | { type: 'save' }
  | { type: 'cancel' }
  | { type: 'showRun'; id: number };

/** What the webview keeps across reloads: the last report and where the user was. */
export interface TracePanelState {
  report?: TraceReportView;
  selected: number;
  expanded: number[];
}

const isCount = isWholeNumber;

export function parseTraceWebviewMessage(raw: unknown): TraceWebviewMessage | undefined {
  if (!isObject(raw)) {
    return undefined;
  }
  switch (raw.type) {
    case 'ready':
    case 'save':
    case 'cancel':
      return { type: raw.type };
    case 'rerun':
      return typeof raw.documentUri === 'string' && raw.documentUri.length < 4096 ? { type: 'rerun', documentUri: raw.documentUri } : undefined;
    case 'reveal':
      return typeof raw.documentUri === 'string' && raw.documentUri.length < 4096 && isCount(raw.line) && raw.line > 0 ? { type: 'reveal', documentUri: raw.documentUri, line: raw.line } : undefined;
    case 'showRun':
      return isCount(raw.id) ? { type: 'showRun', id: raw.id } : undefined;
    default:
      return undefined;
  }
}

function isOutcome(v: unknown): v is OutcomeView {
  return isObject(v) && typeof v.kind === 'string' && (OUTCOME_KINDS as readonly string[]).includes(v.kind) && typeof v.title === 'string' && (v.detail === undefined || typeof v.detail === 'string');
}

export function isTraceReportView(v: unknown): v is TraceReportView {
  return (
    isObject(v) &&
    typeof v.ok === 'boolean' &&
    typeof v.source === 'string' &&
    isOutcome(v.outcome) &&
    Array.isArray(v.trace) &&
    isObject(v.telemetry) &&
    isObject(v.isolation) &&
    (v.codeMode === undefined || isCodeModeView(v.codeMode)) &&
    (v.stale === undefined || (typeof v.stale === 'string' && v.stale.length <= 500))
  );
}

function isCodeModeView(v: unknown): boolean {
  return (
    isObject(v) &&
    typeof v.untrusted === 'boolean' &&
    Array.isArray(v.legs) &&
    v.legs.length <= 100 &&
    v.legs.every((l) => isObject(l) && typeof l.tool === 'string' && typeof l.status === 'string' && typeof l.json === 'string')
  );
}

export function isHistoryItem(v: unknown): v is RunHistoryItem {
  return (
    isObject(v) &&
    isCount(v.id) &&
    typeof v.source === 'string' &&
    (v.documentUri === undefined || typeof v.documentUri === 'string') &&
    typeof v.outcome === 'string' &&
    (OUTCOME_KINDS as readonly string[]).includes(v.outcome) &&
    typeof v.title === 'string' &&
    typeof v.at === 'string' &&
    typeof v.durationMs === 'number' &&
    (v.stale === undefined || v.stale === true)
  );
}

function isCapabilities(v: unknown): v is TraceCapabilities {
  return isObject(v) && typeof v.rerun === 'boolean' && typeof v.reveal === 'boolean' && typeof v.save === 'boolean' && (v.savedFile === undefined || typeof v.savedFile === 'string');
}

export function parseTraceHostMessage(raw: unknown): TraceHostMessage | undefined {
  if (!isObject(raw)) {
    return undefined;
  }
  if (raw.type === 'running' && typeof raw.source === 'string') {
    return { type: 'running', source: raw.source, ...(raw.cancellable === true ? { cancellable: true } : {}) };
  }
  if (raw.type === 'report' && isTraceReportView(raw.report)) {
    return { type: 'report', report: raw.report, ...(isCount(raw.historyId) ? { historyId: raw.historyId } : {}) };
  }
  if (raw.type === 'history' && Array.isArray(raw.runs) && raw.runs.every(isHistoryItem)) {
    return { type: 'history', runs: raw.runs };
  }
  if (raw.type === 'error' && typeof raw.message === 'string') {
    return { type: 'error', message: raw.message };
  }
  if (raw.type === 'capabilities' && isCapabilities(raw.capabilities)) {
    return { type: 'capabilities', capabilities: raw.capabilities };
  }
  return undefined;
}

export function parseTracePanelState(raw: unknown): TracePanelState {
  if (!isObject(raw)) {
    return { selected: 0, expanded: [] };
  }
  return {
    report: isTraceReportView(raw.report) ? raw.report : undefined,
    selected: typeof raw.selected === 'number' ? raw.selected : 0,
    expanded: Array.isArray(raw.expanded) ? raw.expanded.filter((n): n is number => typeof n === 'number') : [],
  };
}
