// The one message protocol of the Mode Preview panel, imported by both the
// extension host and the webview so the compiler checks both ends. Plain
// data only; the validators are what each side runs on what it receives.

// Type-only: erased from the browser bundle.
import type { ToolSearchModeName } from '../../core/types';

export type ModeName = ToolSearchModeName;
export const MODE_NAMES: readonly ModeName[] = ['direct', 'code', 'tools', 'directory'];

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
  bytes: PartSizesView & { total: number };
  tokens?: PartSizesView & { total: number };
  windows: { tokens: number; share: number }[];
  /** Schemas sent up front, and how many for each reason. */
  schemaCount: number;
  whyCounts: Record<string, number>;
  /** The first of them (a direct-mode list of thousands is cut). */
  schemas: SchemaView[];
  deferred: number;
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
  catalogSize: number;
  prompt: string;
  modes: ModeView[];
  directory?: DirectoryView;
  likely: LikelyView[];
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
}

/** Host -> webview. */
export type HostMessage =
  | { type: 'preview'; view: PreviewView }
  | { type: 'loading' }
  | { type: 'error'; message: string }
  | { type: 'raw'; mode: ModeName; json: string };

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
  | { type: 'rendered'; cause: string; ms: number };

export type PreviewTab = 'modes' | 'directory' | 'costs' | 'raw';
export const TABS: readonly PreviewTab[] = ['modes', 'directory', 'costs', 'raw'];

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

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

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

function isPreviewView(v: unknown): v is PreviewView {
  return (
    isObject(v) &&
    isModeName(v.configuredMode) &&
    typeof v.catalogSize === 'number' &&
    typeof v.prompt === 'string' &&
    Array.isArray(v.modes) &&
    v.modes.every((m) => isObject(m) && isModeName(m.mode) && isObject(m.bytes) && typeof m.schemaCount === 'number' && Array.isArray(m.schemas) && Array.isArray(m.windows)) &&
    Array.isArray(v.likely) &&
    Array.isArray(v.topTools) &&
    Array.isArray(v.failedServers) &&
    Array.isArray(v.required) &&
    Array.isArray(v.missingRequired)
  );
}

export function parseHostMessage(v: unknown): HostMessage | undefined {
  if (!isObject(v) || typeof v.type !== 'string') {
    return undefined;
  }
  switch (v.type) {
    case 'loading':
      return { type: 'loading' };
    case 'error':
      return typeof v.message === 'string' ? { type: 'error', message: v.message } : undefined;
    case 'raw':
      return isModeName(v.mode) && typeof v.json === 'string' ? { type: 'raw', mode: v.mode, json: v.json } : undefined;
    case 'preview':
      return isPreviewView(v.view) ? { type: 'preview', view: v.view } : undefined;
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
