// The one message protocol of the Compare panel (direct mode and Tool Search
// side by side), imported by both the extension host and the webview so the
// compiler checks both ends. Plain data only; each side validates what it
// receives.
import { isObject, isStringArray, parseStatusMessage } from './messageGuards';

export type LaneName = 'direct' | 'toolSearch';
/** `mock`: the built-in mock provider on loopback; `openai`: the configured OpenAI-compatible base URL. */
export type ProviderKind = 'mock' | 'openai';

export interface SizesView {
  tools: number;
  prompt: number;
  total: number;
}

/** One session-log event of a lane, as the panel lists it. */
export interface TraceStepView {
  seq: number;
  kind: 'turn-start' | 'model-request' | 'model-call' | 'search' | 'describe' | 'call' | 'turn-end';
  /** Short: the operation and its subject (a query, a tool id). */
  title: string;
  detail: string;
  /** Absent for events that cannot fail (turn start). */
  ok?: boolean;
  /** Made inside another call (a bridge run's search or call). */
  nested: boolean;
}

export interface FinalCallView {
  id: string;
  name: string;
  origin: string;
  via: string;
}

export interface LaneView {
  lane: LaneName;
  mode: string;
  effectiveMode: string;
  fallbackReason?: string;
  schemasUpFront: number;
  visibleTools: string[];
  /** Visible tools left out of `visibleTools` (direct mode may send hundreds). */
  visibleOmitted: number;
  /** The first request, as previewed (and, for the mock, as received); absent for a recorded run (stores keep no sizes). */
  bytes?: SizesView;
  /** o200k tokens of the first request. */
  tokens?: SizesView;
  requests: { bytes: number; tools: number }[];
  searches: number;
  describes: number;
  calls: number;
  finalCalls: FinalCallView[];
  failedCalls: FinalCallView[];
  finalText?: string;
  error?: string;
  trace: TraceStepView[];
  traceOmitted: number;
  /** The lane's session log, workspace-relative or absolute, when one was written. */
  logFile?: string;
}

export interface CheckView {
  name: string;
  ok: boolean;
  detail: string;
  /** Not checked (the prompt names no tool to call): neither passed nor failed. */
  skipped?: true;
}

/** One mode's first request as OpenClaw really sent it in a capture. */
export interface RealRequestView {
  bytes: number;
  tools: number;
}

/** Where checks 4 and 5 were measured: OpenClaw's own first requests, captured from a real turn or predicted. */
export interface RealView {
  /** The OpenClaw version that ran, or whose request was predicted. */
  version: string;
  source: 'capture' | 'prediction';
  /** The Tool Search lane's mode, as captured. */
  mode: string;
  direct?: RealRequestView;
  toolSearch?: RealRequestView;
  /** Modes whose turn failed or sent nothing, with why: their checks fall back to the prediction. */
  missing: { mode: string; why: string }[];
}

export interface CompareView {
  /** `mock`, or the base URL asked (never a key). */
  provider: string;
  prompt: string;
  lanes: { direct: LaneView; toolSearch: LaneView };
  checks: CheckView[];
  allOk: boolean;
  durationMs: number;
  /** Whether the session viewer command exists; without it a lane's log opens as text. */
  sessionViewer: boolean;
  /** Present once checks 4 and 5 were measured on a capture of the real requests. */
  real?: RealView;
  /** Present when the lanes are two recorded runs (Compare Recorded Sessions), not runs made now. */
  recorded?: RecordedView;
  /** A kept result whose config changed since it was made: why it is stale (issue 41, part 5). */
  stale?: string;
}

/** Where a comparison of recorded runs read its two sessions. */
export interface RecordedView {
  direct: string;
  toolSearch: string;
  /** The OpenClaw versions that wrote them, when the stores say. */
  versions: string[];
}

/** What the panel offers before (and between) runs. */
export interface SetupView {
  prompt: string;
  provider: ProviderKind;
  /** The OpenAI-compatible base URL from the settings; absent or invalid: only the mock can run. */
  baseUrl?: string;
  /** Why the configured base URL cannot be used. */
  baseUrlProblem?: string;
  /** Whether an API key for that base URL is in the secret storage (the key itself never leaves the host). */
  keyStored: boolean;
}

/** A capture of the real requests in progress: which OpenClaw, which modes. */
export interface CaptureRunning {
  version: string;
  modes: string[];
}

/** Host -> webview. */
export type HostMessage =
  | { type: 'setup'; setup: SetupView }
  | { type: 'running'; provider: string; lane?: LaneName; laneMode?: string; capture?: CaptureRunning }
  | { type: 'result'; view: CompareView }
  /**
   * The folder's last result, read back on `ready` (issue 41, part 5). It only fills a panel that has shown
   * nothing of a run yet: the webview decides, so it never replaces a run's own state whatever the order.
   */
  | { type: 'kept'; view: CompareView }
  | { type: 'cancelled' }
  | { type: 'loading' }
  | { type: 'error'; message: string };

/** Webview -> host. `ready` is the handshake: the host sends nothing before it. */
export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'run'; provider: ProviderKind; prompt: string; real: boolean }
  | { type: 'checkReal' }
  | { type: 'cancel' }
  | { type: 'openSessionLog'; lane: LaneName }
  | { type: 'setApiKey' }
  | { type: 'openSettings' };

export const MAX_PROMPT_CHARS = 4000;
/** Most trace steps and visible tool names sent per lane. */
export const MAX_TRACE_STEPS = 200;
export const MAX_VISIBLE_TOOLS = 60;

const LANES: readonly string[] = ['direct', 'toolSearch'];

function isLane(v: unknown): v is LaneName {
  return typeof v === 'string' && LANES.includes(v);
}

function isProvider(v: unknown): v is ProviderKind {
  return v === 'mock' || v === 'openai';
}

/** The host trusts nothing the webview sends: only these exact shapes pass. */
export function parseWebviewMessage(v: unknown): WebviewMessage | undefined {
  if (!isObject(v) || typeof v.type !== 'string') {
    return undefined;
  }
  switch (v.type) {
    case 'ready':
    case 'cancel':
    case 'setApiKey':
    case 'openSettings':
    case 'checkReal':
      return { type: v.type };
    case 'run':
      return isProvider(v.provider) && typeof v.prompt === 'string' && v.prompt.trim().length > 0 && v.prompt.length <= MAX_PROMPT_CHARS && typeof v.real === 'boolean'
        ? { type: 'run', provider: v.provider, prompt: v.prompt, real: v.real }
        : undefined;
    case 'openSessionLog':
      return isLane(v.lane) ? { type: 'openSessionLog', lane: v.lane } : undefined;
    default:
      return undefined;
  }
}

function isSizes(v: unknown): v is SizesView {
  return isObject(v) && typeof v.tools === 'number' && typeof v.prompt === 'number' && typeof v.total === 'number';
}

function isFinalCall(v: unknown): v is FinalCallView {
  return isObject(v) && typeof v.id === 'string' && typeof v.name === 'string' && typeof v.origin === 'string' && typeof v.via === 'string';
}

const STEP_KINDS: readonly string[] = ['turn-start', 'model-request', 'model-call', 'search', 'describe', 'call', 'turn-end'];

function isStep(v: unknown): v is TraceStepView {
  return (
    isObject(v) &&
    typeof v.seq === 'number' &&
    typeof v.kind === 'string' &&
    STEP_KINDS.includes(v.kind) &&
    typeof v.title === 'string' &&
    typeof v.detail === 'string' &&
    (v.ok === undefined || typeof v.ok === 'boolean') &&
    typeof v.nested === 'boolean'
  );
}

function isLaneView(v: unknown): v is LaneView {
  return (
    isObject(v) &&
    isLane(v.lane) &&
    typeof v.mode === 'string' &&
    typeof v.effectiveMode === 'string' &&
    (v.fallbackReason === undefined || typeof v.fallbackReason === 'string') &&
    typeof v.schemasUpFront === 'number' &&
    isStringArray(v.visibleTools) &&
    typeof v.visibleOmitted === 'number' &&
    (v.bytes === undefined || isSizes(v.bytes)) &&
    (v.tokens === undefined || isSizes(v.tokens)) &&
    Array.isArray(v.requests) &&
    v.requests.every((r) => isObject(r) && typeof r.bytes === 'number' && typeof r.tools === 'number') &&
    typeof v.searches === 'number' &&
    typeof v.describes === 'number' &&
    typeof v.calls === 'number' &&
    Array.isArray(v.finalCalls) &&
    v.finalCalls.every(isFinalCall) &&
    Array.isArray(v.failedCalls) &&
    v.failedCalls.every(isFinalCall) &&
    (v.finalText === undefined || typeof v.finalText === 'string') &&
    (v.error === undefined || typeof v.error === 'string') &&
    Array.isArray(v.trace) &&
    v.trace.every(isStep) &&
    typeof v.traceOmitted === 'number' &&
    (v.logFile === undefined || typeof v.logFile === 'string')
  );
}

function isRealRequest(v: unknown): v is RealRequestView {
  return isObject(v) && typeof v.bytes === 'number' && typeof v.tools === 'number';
}

function isRealView(v: unknown): v is RealView {
  return (
    isObject(v) &&
    typeof v.version === 'string' &&
    (v.source === 'capture' || v.source === 'prediction') &&
    typeof v.mode === 'string' &&
    (v.direct === undefined || isRealRequest(v.direct)) &&
    (v.toolSearch === undefined || isRealRequest(v.toolSearch)) &&
    Array.isArray(v.missing) &&
    v.missing.every((m) => isObject(m) && typeof m.mode === 'string' && typeof m.why === 'string')
  );
}

function isCaptureRunning(v: unknown): v is CaptureRunning {
  return isObject(v) && typeof v.version === 'string' && isStringArray(v.modes);
}

export function isCompareView(v: unknown): v is CompareView {
  return (
    isObject(v) &&
    typeof v.provider === 'string' &&
    typeof v.prompt === 'string' &&
    isObject(v.lanes) &&
    isLaneView(v.lanes.direct) &&
    v.lanes.direct.lane === 'direct' &&
    isLaneView(v.lanes.toolSearch) &&
    v.lanes.toolSearch.lane === 'toolSearch' &&
    Array.isArray(v.checks) &&
    v.checks.every((c) => isObject(c) && typeof c.name === 'string' && typeof c.ok === 'boolean' && typeof c.detail === 'string' && (c.skipped === undefined || c.skipped === true)) &&
    typeof v.allOk === 'boolean' &&
    typeof v.durationMs === 'number' &&
    typeof v.sessionViewer === 'boolean' &&
    (v.real === undefined || isRealView(v.real)) &&
    (v.recorded === undefined || (isObject(v.recorded) && typeof v.recorded.direct === 'string' && typeof v.recorded.toolSearch === 'string' && isStringArray(v.recorded.versions))) &&
    (v.stale === undefined || (typeof v.stale === 'string' && v.stale.length <= 500))
  );
}

function isSetup(v: unknown): v is SetupView {
  return (
    isObject(v) &&
    typeof v.prompt === 'string' &&
    isProvider(v.provider) &&
    (v.baseUrl === undefined || typeof v.baseUrl === 'string') &&
    (v.baseUrlProblem === undefined || typeof v.baseUrlProblem === 'string') &&
    typeof v.keyStored === 'boolean'
  );
}

/** The webview checks the host's messages too: a malformed one is dropped, never half-drawn. */
export function parseHostMessage(v: unknown): HostMessage | undefined {
  if (!isObject(v) || typeof v.type !== 'string') {
    return undefined;
  }
  switch (v.type) {
    case 'loading':
    case 'error':
      return parseStatusMessage(v);
    case 'setup':
      return isSetup(v.setup) ? { type: 'setup', setup: v.setup } : undefined;
    case 'running':
      return typeof v.provider === 'string' && (v.lane === undefined || isLane(v.lane)) && (v.laneMode === undefined || typeof v.laneMode === 'string') && (v.capture === undefined || isCaptureRunning(v.capture))
        ? {
            type: 'running',
            provider: v.provider,
            ...(isLane(v.lane) ? { lane: v.lane } : {}),
            ...(typeof v.laneMode === 'string' ? { laneMode: v.laneMode } : {}),
            ...(isCaptureRunning(v.capture) ? { capture: v.capture } : {}),
          }
        : undefined;
    case 'result':
    case 'kept':
      return isCompareView(v.view) ? { type: v.type, view: v.view } : undefined;
    case 'cancelled':
      return { type: 'cancelled' };
    default:
      return undefined;
  }
}

/** What the webview keeps across a hide/show: the last result and the prompt typed. */
export interface CompareState {
  view?: CompareView;
  prompt?: string;
  /** The "also capture OpenClaw's real requests" box. */
  real?: boolean;
}

export function parseCompareState(v: unknown): CompareState {
  if (!isObject(v)) {
    return {};
  }
  return {
    ...(isCompareView(v.view) ? { view: v.view } : {}),
    ...(typeof v.prompt === 'string' && v.prompt.length <= MAX_PROMPT_CHARS ? { prompt: v.prompt } : {}),
    ...(typeof v.real === 'boolean' ? { real: v.real } : {}),
  };
}
