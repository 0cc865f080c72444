// The one message protocol of the Effective Catalog panel, imported by both
// the extension host and the webview so the compiler checks both ends.
// Everything here is plain data (structured-clone safe) and runtime-free
// apart from the validators, which both sides use on what they receive.

// Type-only: erased from the browser bundle, but the compiler keeps the panel in step with core.
import type { ToolReasonKind, ToolSourceKind, ToolStatus } from '../../core/types';
import { isObject, parseStatusMessage } from './messageGuards';

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
  /** `file:line` where the tool was declared, when known. */
  origin?: string;
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
  searchEnabled: boolean;
  configured: boolean;
  trusted: boolean;
  size: number;
  counts: Record<SourceKindView, number>;
  directOnly: number;
  excluded: number;
  sources: SourceRow[];
  tools: ToolRow[];
  problems: string[];
  builtAt: number;
  /** Set while the config does not parse: show a banner with the error's file:line. */
  stale?: StaleSnapshot;
}

/** Host -> webview. */
export type HostMessage =
  | { type: 'catalog'; snapshot: CatalogSnapshot }
  | { type: 'loading' }
  | { type: 'error'; message: string };

/** Webview -> host. `ready` is the handshake: the host sends nothing before it. */
export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'refresh' }
  | { type: 'explain'; toolId: string }
  | { type: 'openDefinition'; toolId: string };

/** What the webview keeps across hide/show and reload (`setState`). */
export interface PanelState {
  filter: string;
  snapshot?: CatalogSnapshot;
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
    case 'explain':
    case 'openDefinition':
      return isToolId(v.toolId) ? { type: v.type, toolId: v.toolId } : undefined;
    default:
      return undefined;
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
    case 'catalog':
      return isObject(v.snapshot) && Array.isArray(v.snapshot.tools) && Array.isArray(v.snapshot.sources)
        ? { type: 'catalog', snapshot: v.snapshot as unknown as CatalogSnapshot }
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
  const snap = isObject(v.snapshot) && Array.isArray(v.snapshot.tools) ? (v.snapshot as unknown as CatalogSnapshot) : undefined;
  return { filter, snapshot: snap };
}
