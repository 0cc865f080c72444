// The message protocol of the Session Log viewer, shared by the extension
// host and the webview. Plain data: each event arrives as bounded JSON text.
import { isObject, isWholeNumber } from './messageGuards';

export type SessionStepKindView = 'turn-start' | 'model-request' | 'search' | 'describe' | 'call' | 'model-call' | 'turn-end';
const STEP_KINDS: readonly string[] = ['turn-start', 'model-request', 'search', 'describe', 'call', 'model-call', 'turn-end'];

export interface SessionStepView {
  kind: SessionStepKindView;
  /** 1-based line of the event in the file. */
  line: number;
  depth: 0 | 1;
  title: string;
  ok: boolean;
  /** The event as JSON text (bounded). */
  detail: string;
  /** A search step's query and what it got, to ask the current catalog again. */
  replay?: SearchReplayView;
  /** A Code Mode `exec` or `wait` step: the program and how its leg ended. */
  program?: ProgramStepView;
}

/** Bounds of a program step's texts (the event's JSON, also shown, is bounded on its own). */
export const MAX_PROGRAM_CODE = 64 * 1024;
export const MAX_PROGRAM_OUTPUT_ITEMS = 50;
export const MAX_PROGRAM_TEXT = 8000;

/** One leg of a Code Mode program, as the step card shows it. */
export interface ProgramStepView {
  /** `exec`'s program; absent on a `wait`. */
  code?: string;
  /** On a `wait`: the program it resumed (`call_2's program, run cm_...`). */
  resumes?: string;
  /** `completed`, `failed` or `waiting`; absent when not recorded. */
  status?: string;
  /** A waiting program's run id. */
  runId?: string;
  reason?: string;
  /** Output items' text, in order. */
  output: string[];
  /** The returned value as JSON text. */
  value?: string;
  error?: string;
  /** Operations made during this leg. */
  counts?: { searches: number; describes: number; calls: number };
}

/** A recorded search, as the viewer hands it to the Search Playground. */
export interface SearchReplayView {
  query: string;
  /** The limit the model asked for, when it asked for one. */
  limit?: number;
  /** The hits the session recorded, in order; absent when the run did not record them (a query read from a snippet). */
  hits?: string[];
}

export interface SessionTurnView {
  turnId: string;
  ok?: boolean;
  error?: string;
  steps: SessionStepView[];
}

export interface FinalCallView {
  id: string;
  name?: string;
  /** `OpenClaw core`, `OpenClaw plugin <id>`, `MCP <server>`, `client`. */
  origin: string;
  via: string;
  error?: string;
}

/** The four questions, answered. */
export interface SessionAnswersView {
  schemasUpFront?: number;
  catalogSchemasUpFront?: number;
  searches: number;
  describes: number;
  finalTool?: FinalCallView;
  otherTools: FinalCallView[];
  failedCalls: FinalCallView[];
}

/** A store or transcript with its sessions: which one is shown, and the others to pick. */
export interface SessionSourceView {
  /** `openclaw-store`, `openclaw-jsonl` or `inspector`. */
  format: string;
  /** One label per session: agent, start time, mode, model. */
  sessions: string[];
  selected: number;
  /** The OpenClaw version that wrote the store, when it says. */
  openclawVersion?: string;
}

export interface SessionLogView {
  /** The file's name, for the title. */
  file: string;
  /** Set for OpenClaw's stores and transcripts (their steps have no lines: `line` is 0). */
  source?: SessionSourceView;
  mode?: string;
  effectiveMode?: string;
  catalogSize?: number;
  turns: SessionTurnView[];
  answers: SessionAnswersView;
  eventCount: number;
  lineCount: number;
  problems: { line: number; message: string }[];
  moreProblems: number;
  truncated?: string;
}

export type SessionHostMessage = { type: 'session'; view: SessionLogView } | { type: 'error'; message: string };

export type SessionWebviewMessage =
  | { type: 'ready' }
  | { type: 'openLine'; line: number }
  | { type: 'pickSession'; index: number }
  /** Replay the current step's search in the Search Playground, asking why not for the session's final tool. */
  | { type: 'replaySearch'; step: number };

export interface SessionPanelState {
  /** The file the panel shows (a URI string), to reopen it after a reload. */
  fileUri?: string;
  /** The step the user is on (index into the flattened steps). */
  step: number;
}

const isCount = isWholeNumber;

/** Bounds of a replay: OpenClaw's query bound and its largest search limit. */
export const MAX_REPLAY_QUERY = 512;
export const MAX_REPLAY_HITS = 50;

function isReplay(v: unknown): v is SearchReplayView {
  return (
    isObject(v) &&
    typeof v.query === 'string' &&
    v.query.length > 0 &&
    v.query.length <= MAX_REPLAY_QUERY &&
    (v.limit === undefined || (isCount(v.limit) && v.limit > 0 && v.limit <= MAX_REPLAY_HITS)) &&
    (v.hits === undefined || (Array.isArray(v.hits) && v.hits.length <= MAX_REPLAY_HITS && v.hits.every((h) => typeof h === 'string' && h.length <= 1024)))
  );
}

const optText = (v: unknown, max: number): boolean => v === undefined || (typeof v === 'string' && v.length <= max);

function isProgram(v: unknown): v is ProgramStepView {
  return (
    isObject(v) &&
    optText(v.code, MAX_PROGRAM_CODE) &&
    optText(v.resumes, MAX_PROGRAM_TEXT) &&
    optText(v.status, 40) &&
    optText(v.runId, 200) &&
    optText(v.reason, 200) &&
    Array.isArray(v.output) &&
    v.output.length <= MAX_PROGRAM_OUTPUT_ITEMS &&
    v.output.every((o) => typeof o === 'string' && o.length <= MAX_PROGRAM_TEXT) &&
    optText(v.value, MAX_PROGRAM_TEXT) &&
    optText(v.error, MAX_PROGRAM_TEXT) &&
    (v.counts === undefined || (isObject(v.counts) && isCount(v.counts.searches) && isCount(v.counts.describes) && isCount(v.counts.calls)))
  );
}

function isStep(v: unknown): v is SessionStepView {
  return (
    isObject(v) &&
    typeof v.kind === 'string' &&
    STEP_KINDS.includes(v.kind) &&
    isCount(v.line) &&
    (v.depth === 0 || v.depth === 1) &&
    typeof v.title === 'string' &&
    typeof v.ok === 'boolean' &&
    typeof v.detail === 'string' &&
    (v.replay === undefined || isReplay(v.replay)) &&
    (v.program === undefined || isProgram(v.program))
  );
}

function isTurn(v: unknown): v is SessionTurnView {
  return isObject(v) && typeof v.turnId === 'string' && Array.isArray(v.steps) && v.steps.every(isStep);
}

function isCall(v: unknown): v is FinalCallView {
  return isObject(v) && typeof v.id === 'string' && typeof v.origin === 'string' && typeof v.via === 'string';
}

function isAnswers(v: unknown): v is SessionAnswersView {
  return (
    isObject(v) &&
    isCount(v.searches) &&
    isCount(v.describes) &&
    (v.finalTool === undefined || isCall(v.finalTool)) &&
    Array.isArray(v.otherTools) &&
    v.otherTools.every(isCall) &&
    Array.isArray(v.failedCalls) &&
    v.failedCalls.every(isCall)
  );
}

export function isSessionLogView(v: unknown): v is SessionLogView {
  return (
    isObject(v) &&
    typeof v.file === 'string' &&
    Array.isArray(v.turns) &&
    v.turns.every(isTurn) &&
    isAnswers(v.answers) &&
    isCount(v.eventCount) &&
    isCount(v.lineCount) &&
    Array.isArray(v.problems) &&
    v.problems.every((p) => isObject(p) && isCount(p.line) && typeof p.message === 'string') &&
    isCount(v.moreProblems) &&
    (v.source === undefined || isSource(v.source))
  );
}

function isSource(v: unknown): v is SessionSourceView {
  return isObject(v) && typeof v.format === 'string' && Array.isArray(v.sessions) && v.sessions.every((x) => typeof x === 'string') && isCount(v.selected) && v.selected < Math.max(1, v.sessions.length) && (v.openclawVersion === undefined || typeof v.openclawVersion === 'string');
}

export function parseSessionHostMessage(raw: unknown): SessionHostMessage | undefined {
  if (!isObject(raw)) {
    return undefined;
  }
  if (raw.type === 'session' && isSessionLogView(raw.view)) {
    return { type: 'session', view: raw.view };
  }
  if (raw.type === 'error' && typeof raw.message === 'string') {
    return { type: 'error', message: raw.message };
  }
  return undefined;
}

export function parseSessionWebviewMessage(raw: unknown): SessionWebviewMessage | undefined {
  if (!isObject(raw)) {
    return undefined;
  }
  if (raw.type === 'ready') {
    return { type: 'ready' };
  }
  if (raw.type === 'openLine' && isCount(raw.line) && raw.line > 0) {
    return { type: 'openLine', line: raw.line };
  }
  if (raw.type === 'pickSession' && isCount(raw.index) && raw.index < 100_000) {
    return { type: 'pickSession', index: raw.index };
  }
  if (raw.type === 'replaySearch' && isCount(raw.step) && raw.step < 10_000_000) {
    return { type: 'replaySearch', step: raw.step };
  }
  return undefined;
}

export function parseSessionPanelState(raw: unknown): SessionPanelState {
  if (!isObject(raw)) {
    return { step: 0 };
  }
  return { ...(typeof raw.fileUri === 'string' ? { fileUri: raw.fileUri } : {}), step: isCount(raw.step) ? raw.step : 0 };
}
