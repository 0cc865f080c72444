// The one message protocol of the Effective Catalog panel, imported by both
// the extension host and the webview so the compiler checks both ends.
// Everything here is plain data (structured-clone safe) and runtime-free
// apart from the validators, which both sides use on what they receive.

// Type-only: erased from the browser bundle, but the compiler keeps the panel in step with core.
import type { ToolReasonKind, ToolSourceKind, ToolStatus } from '../../core/types';
import { isFacetCounts, type FacetCounts } from './catalogFacets';
import { isObject, isWholeNumber, parseStatusMessage } from './messageGuards';

export type ToolStatusView = ToolStatus;
export type SourceKindView = ToolSourceKind;

export interface ToolRow {
  id: string;
  name: string;
  source: SourceKindView;
  sourceName: string;
  status: ToolStatusView;
  description: string;
  reason?: string;
  /** The kind of the reason (core/reasons.ts), for styling; the text is `reason`. */
  reasonKind?: ToolReasonKind;
  // No origin here: the detail pane carries it (a tenth of the bytes at 10,000 tools).
  /**
   * Where the rule that excluded it (or kept it direct-only) is written: link
   * `text` to `file:line:column` (run `toolSearchInspector.goToRule` with the
   * tool id, or `openLocation` with these fields). No `file`: a built-in list.
   */
  rule?: { text: string; file?: string; line?: number; column?: number };
}

/** A config that stopped parsing: the snapshot is of the last good catalog (`lastGood`), or of one built without the config. */
export interface StaleSnapshot {
  /** `openclaw.json:12:5`, and its parts for a link. */
  where: string;
  file: string;
  line?: number;
  column?: number;
  message: string;
  lastGood: boolean;
  since: number;
}

export interface SourceRow {
  source: SourceKindView;
  sourceName: string;
  cataloged: number;
  directOnly: number;
  excluded: number;
  /** For MCP servers and plugins: `ok`, `loaded`, `failed`, `disabled`, ... */
  status?: string;
  error?: string;
}

/** What the panel shows: a serializable picture of one catalog build. */
export interface CatalogSnapshot {
  /** The catalog root (workspace folder URI) this snapshot is of: a restored panel reopens on it. */
  rootUri?: string;
  workspaceName: string;
  mode: string;
  /** The OpenClaw version whose tables and defaults the catalog models. */
  openclawVersion?: string;
  /** Which OpenClaw is modelled and why (installed here, the config's version, ...): `ModelledVersion.describe`. */
  openclawVersionSource?: string;
  searchEnabled: boolean;
  configured: boolean;
  trusted: boolean;
  size: number;
  counts: Record<SourceKindView, number>;
  directOnly: number;
  /** Schemas sent up front in every Tool Search mode: the direct-only tools and the cataloged ones OpenClaw always sends. */
  alwaysSent?: number;
  excluded: number;
  sources: SourceRow[];
  tools: ToolRow[];
  problems: string[];
  /** The same problems as data, each with its place (a banner links to it). */
  problemLocations?: LocationView[];
  builtAt: number;
  /** Set while the config does not parse: show a banner with the error's file:line. */
  stale?: StaleSnapshot;
}

/** A place in a file the panel can open (the host only opens places it sent). */
export interface LocationView {
  file: string;
  line?: number;
  /** `file:line` as shown. */
  label: string;
}

/** One step of the policy decision chain, layer by layer. */
export interface DecisionView {
  layer: string;
  rule: string;
  effect: 'allow' | 'deny' | 'none';
  location?: LocationView;
}

/** An MCP server's health, as the catalog build saw it. */
export interface ServerHealthView {
  name: string;
  status: string;
  transport: string;
  /** Where it was configured. */
  origin: string;
  /** Connect and list, together (the build times them as one step). */
  durationMs: number;
  toolCount: number;
  error?: string;
  stderrTail: string[];
}

/** A description suggestion from session logs (issue 19), for one tool. */
export interface SuggestionView {
  words: string[];
  added: string;
  proposed: string;
  /** Weighted logged queries that led to this tool. */
  queries: number;
  /** Its logged queries' top-1 and recall@5, as the catalog is and with the suggestion applied. */
  before: { top1: number; recall5: number };
  after: { top1: number; recall5: number };
  /** Applied as an undoable edit (plugin manifest, client-tools file); otherwise copied for the owner. */
  canApply: boolean;
  targetLabel: string;
}

/** Everything the detail pane shows about one tool; computed by the host with core's own functions. */
export interface ToolDetailView {
  toolId: string;
  name: string;
  status: ToolStatusView;
  source: SourceKindView;
  sourceName: string;
  reason?: string;
  hint?: string;
  /** What `describe` returns to the model: the compact hit plus the exact schemas. */
  described: Record<string, unknown>;
  /** OpenClaw cut the source's description to this many characters (from `from`): the model gets the cut text. */
  descriptionCut?: { from: number; to: number };
  /** Whether the model may describe and call it (cataloged or direct-only and allowed by policy now). */
  modelVisible: boolean;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  /** The tool's schema entry as sent in direct mode (Chat Completions shape), and its size. */
  direct: { bytes: number; tokens: number; encoding: string };
  origin?: LocationView;
  decisions: DecisionView[];
  /** Its source excluded it before any policy layer was asked: `decisions` is then empty. */
  policyNotReached?: boolean;
  /** Places the tool's reason names (its rule), when the reason carries them. */
  reasonLocations: LocationView[];
  server?: ServerHealthView;
  plugin?: { id: string; status: string; manifest: string; reason?: string };
  suggestion?: SuggestionView;
  /** Why there is no suggestion (no session logs, no logged queries, nothing that helps). */
  suggestionNote: string;
  /** Why "Try it" cannot run it, when it cannot. */
  callBlocked?: string;
  /** What a call will meet although it can be tried (a declared-only source refuses after the gateway's checks). */
  callNote?: string;
}

/** One "Try it" call as it went through the gateway. */
export interface CallResultView {
  toolId: string;
  callId: string;
  ok: boolean;
  blockedBy?: string;
  error?: string;
  /** The text content blocks the model would read. */
  text: string;
  /** The result envelope (`{ content, details }`) or the raw result, as JSON. */
  json?: unknown;
  durationMs: number;
  args: Record<string, unknown>;
  at: number;
}

/**
 * How the catalog travels: one JSON string. A string crosses the extension
 * host, the renderer and the webview's frames as one copy, where 10,000 row
 * objects would be serialized and cloned object by object (seconds, measured
 * in bench/catalogPanel). `parseHostMessage` turns it back into `catalog`.
 * `seq`: the `CatalogHead` this completes, when the catalog came in two parts.
 */
export interface CatalogWire {
  type: 'catalogJson';
  json: string;
  postedAt: number;
  seq?: number;
}

export function catalogWire(snapshot: CatalogSnapshot, postedAt: number, seq?: number): CatalogWire {
  return { type: 'catalogJson', json: JSON.stringify(snapshot), postedAt, ...(seq !== undefined ? { seq } : {}) };
}

/**
 * The first screen of a large catalog, sent before the whole of it (which
 * follows as a `CatalogWire` with the same `seq`, once the webview answers
 * `headShown`): the snapshot with only its first `tools` in catalog order,
 * the number of tools in all, and the facet counts of all of them.
 */
export interface CatalogHead {
  type: 'catalogHead';
  seq: number;
  snapshot: CatalogSnapshot;
  total: number;
  facets: FacetCounts;
  postedAt: number;
}

/** Host -> webview (after `parseHostMessage`; the catalog arrives as a `CatalogWire`). */
export type HostMessage =
  /** `postedAt`: the host's Date.now() when it posted (the panel reports post-to-paint time). */
  | { type: 'catalog'; snapshot: CatalogSnapshot; postedAt?: number; seq?: number }
  | CatalogHead
  | { type: 'detail'; detail: ToolDetailView }
  | { type: 'detailError'; toolId: string; message: string }
  | { type: 'validation'; toolId: string; seq: number; problem?: string }
  | { type: 'callResult'; result: CallResultView }
  | { type: 'loading' }
  | { type: 'error'; message: string };

/** Webview -> host. `ready` is the handshake: the host sends nothing before it. */
export type WebviewMessage =
  | { type: 'ready' }
  /** The head of catalog `seq` is painted: the host sends the rest. */
  | { type: 'headShown'; seq: number }
  | { type: 'refresh' }
  | { type: 'explain'; toolId: string }
  | { type: 'openDefinition'; toolId: string }
  | { type: 'select'; toolId: string }
  /** `column` only places the cursor: the host opens a file and line it has shown. */
  | { type: 'openLocation'; file: string; line?: number; column?: number }
  | { type: 'validate'; toolId: string; seq: number; args: Record<string, unknown> }
  | { type: 'call'; toolId: string; args: Record<string, unknown> }
  | { type: 'applySuggestion'; toolId: string }
  | { type: 'copySuggestion'; toolId: string };

/** What the webview keeps across hide/show and reload (`setState`). */
export interface PanelState {
  filter: string;
  snapshot?: CatalogSnapshot;
  /** The tool whose detail was open. */
  selected?: string;
}

const MAX_ID = 512;

function isToolId(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;
}

/** The host trusts nothing the webview sends: only these exact shapes pass. */
export function parseWebviewMessage(v: unknown): WebviewMessage | undefined {
  if (!isObject(v) || typeof v.type !== 'string') {
    return undefined;
  }
  switch (v.type) {
    case 'ready':
    case 'refresh':
      return { type: v.type };
    case 'headShown':
      return isWholeNumber(v.seq) ? { type: 'headShown', seq: v.seq } : undefined;
    case 'explain':
    case 'openDefinition':
    case 'select':
    case 'applySuggestion':
    case 'copySuggestion':
      return isToolId(v.toolId) ? { type: v.type, toolId: v.toolId } : undefined;
    case 'openLocation':
      return typeof v.file === 'string' && v.file.length > 0 && v.file.length <= MAX_PATH && (v.line === undefined || isWholeNumber(v.line)) && (v.column === undefined || isWholeNumber(v.column))
        ? { type: 'openLocation', file: v.file, ...(typeof v.line === 'number' ? { line: v.line } : {}), ...(typeof v.column === 'number' ? { column: v.column } : {}) }
        : undefined;
    case 'validate':
      return isToolId(v.toolId) && Number.isSafeInteger(v.seq) && isArgs(v.args) ? { type: 'validate', toolId: v.toolId, seq: v.seq as number, args: v.args } : undefined;
    case 'call':
      return isToolId(v.toolId) && isArgs(v.args) ? { type: 'call', toolId: v.toolId, args: v.args } : undefined;
    default:
      return undefined;
  }
}

const MAX_PATH = 4096;
/** Arguments larger than this are refused at the door (the gateway bounds them again). */
export const MAX_ARGS_CHARS = 256 * 1024;

function isSnapshot(v: unknown): v is CatalogSnapshot {
  return isObject(v) && Array.isArray(v.tools) && Array.isArray(v.sources);
}

function isArgs(v: unknown): v is Record<string, unknown> {
  if (!isObject(v)) {
    return false;
  }
  try {
    return JSON.stringify(v).length <= MAX_ARGS_CHARS;
  } catch {
    return false;
  }
}

export function parseHostMessage(v: unknown): HostMessage | undefined {
  if (!isObject(v) || typeof v.type !== 'string') {
    return undefined;
  }
  switch (v.type) {
    case 'loading':
    case 'error':
      return parseStatusMessage(v);
    case 'catalogJson': {
      if (typeof v.json !== 'string') {
        return undefined;
      }
      let snapshot: unknown;
      try {
        snapshot = JSON.parse(v.json);
      } catch {
        return undefined;
      }
      return parseHostMessage({ type: 'catalog', snapshot, ...(typeof v.postedAt === 'number' ? { postedAt: v.postedAt } : {}), ...(v.seq !== undefined ? { seq: v.seq } : {}) });
    }
    case 'catalog':
      return isSnapshot(v.snapshot) && (v.seq === undefined || isWholeNumber(v.seq))
        ? { type: 'catalog', snapshot: v.snapshot, ...(typeof v.postedAt === 'number' ? { postedAt: v.postedAt } : {}), ...(isWholeNumber(v.seq) ? { seq: v.seq } : {}) }
        : undefined;
    case 'catalogHead':
      // The head's rows are a part of the whole: never more than it claims.
      return isSnapshot(v.snapshot) && isWholeNumber(v.seq) && isWholeNumber(v.total) && v.snapshot.tools.length <= v.total && isFacetCounts(v.facets) && typeof v.postedAt === 'number'
        ? { type: 'catalogHead', seq: v.seq, snapshot: v.snapshot, total: v.total, facets: v.facets, postedAt: v.postedAt }
        : undefined;
    case 'detail':
      return isObject(v.detail) && isToolId(v.detail.toolId) && isObject(v.detail.described) && Array.isArray(v.detail.decisions) && Array.isArray(v.detail.reasonLocations)
        ? { type: 'detail', detail: v.detail as unknown as ToolDetailView }
        : undefined;
    case 'detailError':
      return isToolId(v.toolId) && typeof v.message === 'string' ? { type: 'detailError', toolId: v.toolId, message: v.message } : undefined;
    case 'validation':
      return isToolId(v.toolId) && Number.isSafeInteger(v.seq) && (v.problem === undefined || typeof v.problem === 'string')
        ? { type: 'validation', toolId: v.toolId, seq: v.seq as number, ...(typeof v.problem === 'string' ? { problem: v.problem } : {}) }
        : undefined;
    case 'callResult':
      return isObject(v.result) && isToolId(v.result.toolId) && typeof v.result.ok === 'boolean' && typeof v.result.text === 'string' && isObject(v.result.args)
        ? { type: 'callResult', result: v.result as unknown as CallResultView }
        : undefined;
    default:
      return undefined;
  }
}

export function parsePanelState(v: unknown): PanelState {
  if (!isObject(v)) {
    return { filter: '' };
  }
  const filter = typeof v.filter === 'string' ? v.filter.slice(0, 200) : '';
  const snap = isSnapshot(v.snapshot) ? v.snapshot : undefined;
  return { filter, snapshot: snap, ...(isToolId(v.selected) ? { selected: v.selected } : {}) };
}
