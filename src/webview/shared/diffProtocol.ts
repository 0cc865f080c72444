// The one message protocol of the Catalog Diff panel, imported by both the
// extension host and the webview so the compiler checks both ends. Plain
// data only; each side validates what it receives.

// Type-only: erased from the browser bundle.
import type { ToolSearchModeName, ToolStatus } from '../../core/types';
import { isObject, isStringArray, parseStatusMessage } from './messageGuards';

export interface RuleView {
  layer: string;
  rule: string;
  file?: string;
  line?: number;
}

/** One row of the tool changes: added, removed, excluded, re-admitted, status, schema, description. */
export interface ToolChangeView {
  change: 'added' | 'removed' | 'excluded' | 'readmitted' | 'status' | 'schema' | 'description';
  id: string;
  name: string;
  from?: ToolStatus;
  to?: ToolStatus;
  reasonKind?: string;
  reason?: string;
  rule?: RuleView;
}

export interface NumberChangeView {
  a: number;
  b: number;
  delta: number;
}

export interface ModeChangeView {
  mode: ToolSearchModeName;
  changed: boolean;
  effectiveMode: { a: ToolSearchModeName; b: ToolSearchModeName };
  bytes: NumberChangeView;
  tokens: NumberChangeView;
  visibleAdded: string[];
  visibleRemoved: string[];
}

export interface DirectoryChangeView {
  chars: NumberChangeView;
  maxChars: number;
  omitted: NumberChangeView;
  descriptionLimit: { a: number; b: number };
  shortenedAdded: string[];
  shortenedRemoved: string[];
  droppedAdded: string[];
  droppedRemoved: string[];
}

/** Everything the panel draws for one comparison. */
export interface DiffView {
  /** What the left side is: the saved baseline's path, or a snapshot file's. */
  a: string;
  b: string;
  same: boolean;
  tools: ToolChangeView[];
  /** Tool rows left out of `tools` (a diff of thousands is cut). */
  toolsOmitted: number;
  modes: ModeChangeView[];
  directory?: DirectoryChangeView;
  context: { key: string; a: string; b: string }[];
  /** Whether the left side is the saved baseline (the panel then offers to replace it). */
  isBaseline: boolean;
}

/** Host -> webview. */
export type HostMessage = { type: 'diff'; view: DiffView } | { type: 'loading' } | { type: 'error'; message: string };

/** Webview -> host. `ready` is the handshake: the host sends nothing before it. */
export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'refresh' }
  | { type: 'copyMarkdown' }
  | { type: 'saveBaseline' }
  | { type: 'openRule'; file: string; line: number }
  | { type: 'rendered'; ms: number };

/** Most tool rows sent to the webview. */
export const MAX_TOOL_ROWS = 2000;
const MAX_PATH = 1024;

/** The host trusts nothing the webview sends: only these exact shapes pass. */
export function parseWebviewMessage(v: unknown): WebviewMessage | undefined {
  if (!isObject(v) || typeof v.type !== 'string') {
    return undefined;
  }
  switch (v.type) {
    case 'ready':
    case 'refresh':
    case 'copyMarkdown':
    case 'saveBaseline':
      return { type: v.type };
    case 'openRule':
      return typeof v.file === 'string' && v.file.length > 0 && v.file.length <= MAX_PATH && typeof v.line === 'number' && Number.isInteger(v.line) && v.line >= 1
        ? { type: 'openRule', file: v.file, line: v.line }
        : undefined;
    case 'rendered':
      return typeof v.ms === 'number' && Number.isFinite(v.ms) && v.ms >= 0 ? { type: 'rendered', ms: v.ms } : undefined;
    default:
      return undefined;
  }
}

function isNumberChange(v: unknown): v is NumberChangeView {
  return isObject(v) && typeof v.a === 'number' && typeof v.b === 'number' && typeof v.delta === 'number';
}

function isDiffView(v: unknown): v is DiffView {
  return (
    isObject(v) &&
    typeof v.a === 'string' &&
    typeof v.b === 'string' &&
    typeof v.same === 'boolean' &&
    typeof v.toolsOmitted === 'number' &&
    typeof v.isBaseline === 'boolean' &&
    Array.isArray(v.tools) &&
    v.tools.every((t) => isObject(t) && typeof t.change === 'string' && typeof t.id === 'string' && typeof t.name === 'string') &&
    Array.isArray(v.modes) &&
    v.modes.every((m) => isObject(m) && typeof m.mode === 'string' && isNumberChange(m.bytes) && isNumberChange(m.tokens) && isStringArray(m.visibleAdded) && isStringArray(m.visibleRemoved)) &&
    Array.isArray(v.context) &&
    v.context.every((c) => isObject(c) && typeof c.key === 'string' && typeof c.a === 'string' && typeof c.b === 'string') &&
    (v.directory === undefined || (isObject(v.directory) && isNumberChange(v.directory.chars) && isStringArray(v.directory.shortenedAdded) && isStringArray(v.directory.droppedAdded)))
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
    case 'diff':
      return isDiffView(v.view) ? { type: 'diff', view: v.view } : undefined;
    default:
      return undefined;
  }
}
