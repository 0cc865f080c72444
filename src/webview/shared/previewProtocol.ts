// The one message protocol of the Mode Preview panel, imported by both the
// extension host and the webview so the compiler checks both ends. Plain
// data only; the validators are what each side runs on what it receives.

// Type-only: erased from the browser bundle.
import type { ToolSearchModeName } from '../../core/types';

import { isObject, isWholeNumber, parseStatusMessage } from './messageGuards';

export type ModeName = ToolSearchModeName;
export const MODE_NAMES: readonly ModeName[] = ['direct', 'code', 'tools', 'directory', 'code-mode'];

export interface PartSizesView {
  tools: number;
  system: number;
  messages: number;
  framing: number;
}

export interface SchemaView {
  name: string;
  /** tool-search, direct, direct-only, client, likely, required */
  why: string;
  id?: string;
}

export interface ModeView {
  mode: ModeName;
  effectiveMode: ModeName;
  fallbackReason?: string;
  /** The modelled release has no Tool Search and never sends this mode. */
  notInRelease?: string;
  bytes: PartSizesView & { total: number };
  tokens?: PartSizesView & { total: number };
  /** Tokens still being counted: a `tokens` message with this view's `seq` brings them (never shown as zero). */
  tokensPending?: boolean;
  windows: { tokens: number; share: number }[];
  /** Schemas sent up front, and how many for each reason. */
  schemaCount: number;
  whyCounts: Record<string, number>;
  /** The first of them (a direct-mode list of thousands is cut). */
  schemas: SchemaView[];
  deferred: number;
  /** OpenClaw's own whole request in this mode, as predicted (trusted workspaces only): what its model really gets. */
  openclaw?: OpenClawSizeView;
  /** Why OpenClaw's request is not predicted for the modelled version (no generated templates for its epoch). */
  openclawUnavailable?: string;
}

export interface OpenClawSizeView {
  version: string;
  bytes: number;
  systemPromptChars: number;
  tools: number;
  /** Tools the inspector shows that a real run cannot have, left out of these sizes: their number and who they are (core `inspectorOnlyText`). */
  inspectorOnly?: { tools: number; text: string };
}

/** One line of the directory text as the model reads it. */
export interface DirectoryLine {
  text: string;
  /** For a tool row: its name, and the description's own length when it was shortened. */
  tool?: string;
  shortenedFrom?: number;
}

export interface DirectoryView {
  lines: DirectoryLine[];
  chars: number;
  maxChars: number;
  shown: number;
  omitted: number;
  descriptionLimit: number;
  reason?: string;
  dropped: string[];
  unlisted: { source: string; owner: string; count: number; reason: string }[];
}

export interface LikelyView {
  name: string;
  id: string;
  terms: string[];
}

export interface TopToolView {
  name: string;
  id?: string;
  bytes: number;
  tokens?: number;
  /** Whether the host can open its definition. */
  located: boolean;
}

export interface DeltaView {
  mode: ModeName;
  added: string[];
  removed: string[];
  bytes: number;
  tokens?: number;
}

/** Everything the panel draws for one render. */
export interface PreviewView {
  workspaceName: string;
  configuredMode: ModeName;
  /** OpenClaw's Code Mode decision for the run (where the release has Code Mode): why the run gets, or does not get, exec and wait. */
  codeMode?: { engaged: boolean; reason: string; line?: number };
  catalogSize: number;
  prompt: string;
  modes: ModeView[];
  directory?: DirectoryView;
  likely: LikelyView[];
  /** What a prompt changes for the modelled release: the prompt box's placeholder and the likely box's text before one is typed (core promptEffect). */
  promptEffect?: { hydrates: boolean; placeholder: string; beforePrompt: string };
  required: string[];
  missingRequired: string[];
  topTools: TopToolView[];
  isolation?: { ok: boolean; reason?: string };
  failedServers: { name: string; origin: string; error: string }[];
  /** Against the previous render; absent on the first. */
  deltas?: DeltaView[];
  /** Why this render happened: `open`, `prompt`, `catalog`. */
  cause: string;
  /** Host-side assembly time of this render, in ms. */
  assemblyMs: number;
  builtAt: number;
  /** Which render this is, so late tokens are applied only to the view they were counted for. */
  seq: number;
  /** The OpenClaw version the prediction models and, once a capture ran on this panel, whether it matched. */
  checkedAgainst?: CheckedAgainst;
  /** OpenClaw's own verdict when the modelled release refuses the config (issue 41): the cards are what it would run after its doctor's fix. */
  refused?: { headline: string; file?: string; keys: { path: string; line?: number; fix: string }[] };
  /** The modelled release refuses this agent's runs before any request (explicit allowlists leave it no tool): its own message, at the allowlist. */
  runRefused?: { headline: string; message: string; file?: string; line?: number };
  /** The run gets no tool (not refused): its policy removes them all (issue 44); why, and where. */
  noTools?: { message: string; file?: string; line?: number };
}

/**
 * The structural diff of a predicted and a real request (core
 * `capture/requestDiff.ts` `RequestDiff`, which the host passes as is: the
 * compiler checks it fits), from predicted to real: `added` is in the real
 * request only.
 */
export interface RequestDiff {
  same: boolean;
  tools: { predicted: number; real: number; added: string[]; removed: string[]; changed: { name: string; schema: boolean; description: boolean }[]; same: number; sameOrder: boolean };
  prompt: { predictedChars: number; realChars: number; added: SectionView[]; removed: SectionView[]; changed: SectionView[]; same: number };
  messages: { predicted: number; real: number; differences: { index: number; predictedRole?: string; realRole?: string; predictedChars: number; realChars: number; kind: 'added' | 'removed' | 'role' | 'content' }[] };
  envelope: { key: string; predicted?: string; real?: string }[];
  sizes: { predicted: { bytes: number; tokens: number }; real: { bytes: number; tokens: number } };
  /** The volatile parts replaced before comparing, with each side's text (absent in captures kept from before it was recorded). */
  normalized?: { part: string; what: string; predicted?: string; real?: string }[];
}

export interface SectionView {
  heading: string;
  predictedChars: number;
  realChars: number;
}

/** Core `CheckedAgainst`: the modelled version and, once a capture ran, whether it matched per mode. */
export interface CheckedAgainst {
  modelled: string;
  /** `failed`: OpenClaw's reason when a turn sent nothing to compare (the header then says the capture failed, not that it differs). */
  capture?: { version: string; matched: boolean; modes: Partial<Record<ModeName, boolean>>; failed?: string };
}

export type CaptureModeStatus = 'pending' | 'queued' | 'running' | 'ok' | 'failed' | 'timeout' | 'cancelled';

/** One mode of a capture: its real turn and, once it ran, its diff against the prediction. */
export interface CaptureModeView {
  mode: ModeName;
  status: CaptureModeStatus;
  wallMs?: number;
  error?: string;
  /** True when the real request equals the prediction after normalization. */
  matched?: boolean;
  diff?: RequestDiff;
  /** Why tools the preview shows were left out of this comparison: not in a real run (an offline snapshot, client tools), by source (core `inspectorOnlyText`). */
  inspectorOnly?: string;
}

/** The real-request capture as the panel draws it. */
export interface CaptureView {
  /** `refused` (untrusted workspace, no OpenClaw): nothing ran; `message` says why. `installing`: OpenClaw is being installed for capture. */
  status: 'running' | 'done' | 'cancelled' | 'refused' | 'failed' | 'installing';
  message?: string;
  /** Refused because no OpenClaw is installed: the version the panel's Install button installs. */
  install?: string;
  openclaw?: string;
  modelled?: string;
  prompt?: string;
  modes: CaptureModeView[];
  wallMs?: number;
  /** What walled the turns in (core `ModeCapture.containment`): their writes and their network, each in a sentence. */
  containment?: { writes: string; network: string };
}

/** The tokens of one mode counted after its view was posted. */
export interface ModeTokensView {
  mode: ModeName;
  /** The `seq` of the view they belong to. */
  seq: number;
  tokens: PartSizesView & { total: number };
  windows: { tokens: number; share: number }[];
  /** Host time from the start of the render until these were counted, in ms. */
  ms: number;
}

/** Host -> webview. */
export type HostMessage =
  | { type: 'preview'; view: PreviewView }
  | ({ type: 'tokens' } & ModeTokensView)
  | { type: 'loading' }
  | { type: 'error'; message: string }
  | { type: 'raw'; mode: ModeName; json: string }
  | { type: 'capture'; view: CaptureView };

/** Webview -> host. `ready` is the handshake: the host sends nothing before it. */
export type WebviewMessage =
  | { type: 'ready'; prompt: string }
  | { type: 'prompt'; prompt: string }
  | { type: 'refresh' }
  | { type: 'raw'; mode: ModeName }
  | { type: 'openRawDocument'; mode: ModeName }
  | { type: 'copyRaw'; mode: ModeName }
  | { type: 'openDefinition'; toolId: string }
  | { type: 'showLogs' }
  | { type: 'rendered'; cause: string; ms: number }
  | { type: 'capture' }
  | { type: 'cancelCapture' }
  | { type: 'installOpenclaw' };

export type PreviewTab = 'modes' | 'directory' | 'costs' | 'raw' | 'real';
export const TABS: readonly PreviewTab[] = ['modes', 'directory', 'costs', 'raw', 'real'];

/** What the webview keeps across hide/show and reload (`setState`). */
export interface PanelState {
  prompt: string;
  tab: PreviewTab;
  rawMode: ModeName;
  view?: PreviewView;
}

/** The longest prompt the panel sends (the index reads at most 512 characters of it anyway). */
export const MAX_PROMPT = 4000;
const MAX_ID = 512;

export function isModeName(v: unknown): v is ModeName {
  return typeof v === 'string' && (MODE_NAMES as readonly string[]).includes(v);
}

function isPrompt(v: unknown): v is string {
  return typeof v === 'string' && v.length <= MAX_PROMPT;
}

/** The host trusts nothing the webview sends: only these exact shapes pass. */
export function parseWebviewMessage(v: unknown): WebviewMessage | undefined {
  if (!isObject(v) || typeof v.type !== 'string') {
    return undefined;
  }
  switch (v.type) {
    case 'refresh':
    case 'showLogs':
    case 'capture':
    case 'cancelCapture':
    case 'installOpenclaw':
      return { type: v.type };
    case 'ready':
    case 'prompt':
      return isPrompt(v.prompt) ? { type: v.type, prompt: v.prompt } : undefined;
    case 'raw':
    case 'openRawDocument':
    case 'copyRaw':
      return isModeName(v.mode) ? { type: v.type, mode: v.mode } : undefined;
    case 'openDefinition':
      return typeof v.toolId === 'string' && v.toolId.length > 0 && v.toolId.length <= MAX_ID ? { type: 'openDefinition', toolId: v.toolId } : undefined;
    case 'rendered':
      return typeof v.cause === 'string' && v.cause.length <= 32 && typeof v.ms === 'number' && Number.isFinite(v.ms) && v.ms >= 0 ? { type: 'rendered', cause: v.cause, ms: v.ms } : undefined;
    default:
      return undefined;
  }
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function isSizes(v: unknown): v is PartSizesView & { total: number } {
  return isObject(v) && isCount(v.tools) && isCount(v.system) && isCount(v.messages) && isCount(v.framing) && isCount(v.total) && v.total >= 0;
}

function isWindows(v: unknown): v is { tokens: number; share: number }[] {
  return Array.isArray(v) && v.length <= 8 && v.every((w) => isObject(w) && isCount(w.tokens) && w.tokens > 0 && isCount(w.share) && w.share >= 0);
}

function parseModeTokens(v: Record<string, unknown>): HostMessage | undefined {
  if (!isModeName(v.mode) || !isWholeNumber(v.seq) || !isSizes(v.tokens) || !isWindows(v.windows) || !isCount(v.ms) || v.ms < 0) {
    return undefined;
  }
  const t = v.tokens;
  return {
    type: 'tokens',
    mode: v.mode,
    seq: v.seq,
    tokens: { tools: t.tools, system: t.system, messages: t.messages, framing: t.framing, total: t.total },
    windows: v.windows.map((w) => ({ tokens: w.tokens, share: w.share })),
    ms: v.ms,
  };
}

function isOpenClawSize(v: unknown): v is OpenClawSizeView {
  return isObject(v) && typeof v.version === 'string' && isWholeNumber(v.bytes) && isWholeNumber(v.systemPromptChars) && isWholeNumber(v.tools) &&
    (v.inspectorOnly === undefined || (isObject(v.inspectorOnly) && isWholeNumber(v.inspectorOnly.tools) && typeof v.inspectorOnly.text === 'string' && v.inspectorOnly.text.length <= 4000));
}

function isPreviewView(v: unknown): v is PreviewView {
  return (
    isObject(v) &&
    isModeName(v.configuredMode) &&
    (v.codeMode === undefined || (isObject(v.codeMode) && typeof v.codeMode.engaged === 'boolean' && typeof v.codeMode.reason === 'string' && v.codeMode.reason.length <= 2000 && (v.codeMode.line === undefined || isWholeNumber(v.codeMode.line)))) &&
    typeof v.catalogSize === 'number' &&
    isWholeNumber(v.seq) &&
    typeof v.prompt === 'string' &&
    Array.isArray(v.modes) &&
    v.modes.every((m) => isObject(m) && isModeName(m.mode) && isObject(m.bytes) && typeof m.schemaCount === 'number' && Array.isArray(m.schemas) && Array.isArray(m.windows) && (m.openclaw === undefined || isOpenClawSize(m.openclaw)) && (m.openclawUnavailable === undefined || typeof m.openclawUnavailable === 'string') && (m.notInRelease === undefined || typeof m.notInRelease === 'string')) &&
    Array.isArray(v.likely) &&
    (v.promptEffect === undefined || (isObject(v.promptEffect) && typeof v.promptEffect.hydrates === 'boolean' && typeof v.promptEffect.placeholder === 'string' && v.promptEffect.placeholder.length <= 500 && typeof v.promptEffect.beforePrompt === 'string' && v.promptEffect.beforePrompt.length <= 500)) &&
    Array.isArray(v.topTools) &&
    Array.isArray(v.failedServers) &&
    Array.isArray(v.required) &&
    Array.isArray(v.missingRequired) &&
    (v.refused === undefined || (isObject(v.refused) && typeof v.refused.headline === 'string' && Array.isArray(v.refused.keys) && v.refused.keys.every((k) => isObject(k) && typeof k.path === 'string' && typeof k.fix === 'string' && (k.line === undefined || isWholeNumber(k.line))))) &&
    (v.runRefused === undefined || (isObject(v.runRefused) && typeof v.runRefused.headline === 'string' && typeof v.runRefused.message === 'string' && (v.runRefused.file === undefined || typeof v.runRefused.file === 'string') && (v.runRefused.line === undefined || isWholeNumber(v.runRefused.line)))) &&
    (v.noTools === undefined || (isObject(v.noTools) && typeof v.noTools.message === 'string' && v.noTools.message.length <= 2000 && (v.noTools.file === undefined || typeof v.noTools.file === 'string') && (v.noTools.line === undefined || isWholeNumber(v.noTools.line))))
  );
}

const CAPTURE_STATUSES: readonly CaptureView['status'][] = ['running', 'done', 'cancelled', 'refused', 'failed', 'installing'];
const MODE_STATUSES: readonly CaptureModeStatus[] = ['pending', 'queued', 'running', 'ok', 'failed', 'timeout', 'cancelled'];

function isRequestDiff(v: unknown): v is RequestDiff {
  return (
    isObject(v) &&
    typeof v.same === 'boolean' &&
    isObject(v.tools) &&
    Array.isArray(v.tools.added) &&
    Array.isArray(v.tools.removed) &&
    Array.isArray(v.tools.changed) &&
    isObject(v.prompt) &&
    Array.isArray(v.prompt.added) &&
    Array.isArray(v.prompt.removed) &&
    Array.isArray(v.prompt.changed) &&
    isObject(v.messages) &&
    Array.isArray(v.messages.differences) &&
    Array.isArray(v.envelope) &&
    isObject(v.sizes) &&
    isObject(v.sizes.predicted) &&
    isObject(v.sizes.real) &&
    isCount(v.sizes.predicted.bytes) &&
    isCount(v.sizes.real.bytes) &&
    (v.normalized === undefined || (Array.isArray(v.normalized) && v.normalized.length <= 20 && v.normalized.every(isNormalizedPart)))
  );
}

function isShortText(v: unknown, max: number): boolean {
  return typeof v === 'string' && v.length <= max;
}

function isNormalizedPart(v: unknown): boolean {
  return isObject(v) && isShortText(v.part, 40) && isShortText(v.what, 400) && (v.predicted === undefined || isShortText(v.predicted, 400)) && (v.real === undefined || isShortText(v.real, 400));
}

function isCaptureModeView(v: unknown): v is CaptureModeView {
  return isObject(v) && isModeName(v.mode) && typeof v.status === 'string' && (MODE_STATUSES as readonly string[]).includes(v.status) && (v.diff === undefined || isRequestDiff(v.diff)) && (v.inspectorOnly === undefined || (typeof v.inspectorOnly === 'string' && v.inspectorOnly.length <= 2000));
}

function isContainment(v: unknown): boolean {
  return v === undefined || (isObject(v) && typeof v.writes === 'string' && v.writes.length <= 600 && typeof v.network === 'string' && v.network.length <= 600);
}

export function isCaptureView(v: unknown): v is CaptureView {
  return isObject(v) && isContainment(v.containment) && typeof v.status === 'string' && (CAPTURE_STATUSES as readonly string[]).includes(v.status) && (v.install === undefined || (typeof v.install === 'string' && /^\d{4}\.\d+\.\d+(-[\w.]+)?$/.test(v.install) && v.install.length <= 40)) && Array.isArray(v.modes) && v.modes.length <= MODE_NAMES.length && v.modes.every(isCaptureModeView);
}

export function parseHostMessage(v: unknown): HostMessage | undefined {
  if (!isObject(v) || typeof v.type !== 'string') {
    return undefined;
  }
  switch (v.type) {
    case 'loading':
    case 'error':
      return parseStatusMessage(v);
    case 'raw':
      return isModeName(v.mode) && typeof v.json === 'string' ? { type: 'raw', mode: v.mode, json: v.json } : undefined;
    case 'preview':
      return isPreviewView(v.view) ? { type: 'preview', view: v.view } : undefined;
    case 'tokens':
      return parseModeTokens(v);
    case 'capture':
      return isCaptureView(v.view) ? { type: 'capture', view: v.view } : undefined;
    default:
      return undefined;
  }
}

export function parsePanelState(v: unknown): PanelState {
  const fallback: PanelState = { prompt: '', tab: 'modes', rawMode: 'directory' };
  if (!isObject(v)) {
    return fallback;
  }
  return {
    prompt: isPrompt(v.prompt) ? v.prompt : '',
    tab: typeof v.tab === 'string' && (TABS as readonly string[]).includes(v.tab) ? (v.tab as PreviewTab) : 'modes',
    rawMode: isModeName(v.rawMode) ? v.rawMode : 'directory',
    ...(isPreviewView(v.view) ? { view: v.view } : {}),
  };
}
