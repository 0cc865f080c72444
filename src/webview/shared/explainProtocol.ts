// The one message protocol of the Explain panel, imported by both the
// extension host and the webview so the compiler checks both ends. Plain,
// structured-clone-safe data; the validators are what each side applies to
// what it receives.
import { isObject, parseStatusMessage, type StatusMessage } from './messageGuards';

/** A place to go to: `text` is how it reads; `file` absent means built in (shown, not linked). */
export interface LinkView {
  text: string;
  file?: string;
  line?: number;
  column?: number;
}

export type StageView = 'source' | 'policy' | 'names' | 'surface';
export type EffectView = 'allow' | 'deny' | 'none';

export interface ChainStepView {
  stage: StageView;
  layer: string;
  said: string;
  effect: EffectView;
  /** An earlier stage already excluded the tool: this one did not decide. */
  notReached?: boolean;
  at?: LinkView;
}

export interface MatchView {
  /** The tool id, when the catalog has the tool (fixes are asked for by id). */
  id?: string;
  name: string;
  status: string;
  reason: string;
  hint?: string;
  /** The rule that decided. */
  rule?: LinkView;
  /** The other tool of a clash. */
  related?: { label: string; at: LinkView };
  definition?: LinkView;
  chain: ChainStepView[];
  /** A one-click fix, when there is an edit to make (a checked plan: every layer it lifts, one edit set). */
  fix?: { title: string };
  /** Every layer that blocks the tool in this run, with the edit that lifts it (issue 30). */
  blockers?: BlockerView[];
  /** What the plan reaches (other agents it widens), or why no edit admits the tool. */
  fixNote?: string;
}

export interface BlockerView {
  layer: string;
  said: string;
  at?: LinkView;
  /** The plan's edit for this layer (only when the plan admits the tool). */
  edit?: string;
  /** No edit of the config lifts this layer: why no plan is offered. */
  stuck?: boolean;
}

/** A config that no longer parses: the explanation is of the last good catalog. */
export interface StaleView {
  where: LinkView;
  message: string;
}

export interface ExplainView {
  query: string;
  openclawVersion?: string;
  matches: MatchView[];
  suggestions: string[];
  unavailableServers: string[];
  stale?: StaleView;
}

/** Host -> webview. */
export type HostMessage =
  | { type: 'explain'; view: ExplainView }
  | { type: 'fixResult'; ok: boolean; message: string; undo: boolean }
  | StatusMessage;

/** Webview -> host. `ready` is the handshake: the host sends nothing before it. */
export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'open'; target: LinkView }
  | { type: 'applyFix'; toolId: string }
  | { type: 'undoFix' }
  | { type: 'explain'; query: string };

const MAX_TEXT = 4096;

function text(v: unknown): v is string {
  return typeof v === 'string' && v.length <= MAX_TEXT;
}

function optNumber(v: unknown): boolean {
  return v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= 0);
}

export function isLinkView(v: unknown): v is LinkView {
  return isObject(v) && text(v.text) && (v.file === undefined || text(v.file)) && optNumber(v.line) && optNumber(v.column);
}

function isStep(v: unknown): v is ChainStepView {
  return (
    isObject(v) &&
    (v.stage === 'source' || v.stage === 'policy' || v.stage === 'names' || v.stage === 'surface') &&
    text(v.layer) &&
    text(v.said) &&
    (v.effect === 'allow' || v.effect === 'deny' || v.effect === 'none') &&
    (v.notReached === undefined || typeof v.notReached === 'boolean') &&
    (v.at === undefined || isLinkView(v.at))
  );
}

function isMatch(v: unknown): v is MatchView {
  return (
    isObject(v) &&
    (v.id === undefined || text(v.id)) &&
    text(v.name) &&
    text(v.status) &&
    text(v.reason) &&
    (v.hint === undefined || text(v.hint)) &&
    (v.rule === undefined || isLinkView(v.rule)) &&
    (v.definition === undefined || isLinkView(v.definition)) &&
    (v.related === undefined || (isObject(v.related) && text(v.related.label) && isLinkView(v.related.at))) &&
    Array.isArray(v.chain) &&
    v.chain.every(isStep) &&
    (v.fix === undefined || (isObject(v.fix) && text(v.fix.title))) &&
    (v.blockers === undefined || (Array.isArray(v.blockers) && v.blockers.every(isBlocker))) &&
    (v.fixNote === undefined || text(v.fixNote))
  );
}

function isBlocker(v: unknown): v is BlockerView {
  return isObject(v) && text(v.layer) && text(v.said) && (v.at === undefined || isLinkView(v.at)) && (v.edit === undefined || text(v.edit)) && (v.stuck === undefined || typeof v.stuck === 'boolean');
}

export function isExplainView(v: unknown): v is ExplainView {
  return (
    isObject(v) &&
    text(v.query) &&
    (v.openclawVersion === undefined || text(v.openclawVersion)) &&
    Array.isArray(v.matches) &&
    v.matches.every(isMatch) &&
    Array.isArray(v.suggestions) &&
    v.suggestions.every(text) &&
    Array.isArray(v.unavailableServers) &&
    v.unavailableServers.every(text) &&
    (v.stale === undefined || (isObject(v.stale) && isLinkView(v.stale.where) && text(v.stale.message)))
  );
}

export function parseHostMessage(m: unknown): HostMessage | undefined {
  if (!isObject(m)) {
    return undefined;
  }
  if (m.type === 'explain' && isExplainView(m.view)) {
    return { type: 'explain', view: m.view };
  }
  if (m.type === 'fixResult' && typeof m.ok === 'boolean' && text(m.message) && typeof m.undo === 'boolean') {
    return { type: 'fixResult', ok: m.ok, message: m.message, undo: m.undo };
  }
  return parseStatusMessage(m);
}

export function parseWebviewMessage(m: unknown): WebviewMessage | undefined {
  if (!isObject(m)) {
    return undefined;
  }
  switch (m.type) {
    case 'ready':
    case 'undoFix':
      return { type: m.type };
    case 'open':
      return isLinkView(m.target) && m.target.file !== undefined ? { type: 'open', target: m.target } : undefined;
    case 'applyFix':
      return text(m.toolId) && m.toolId.length > 0 ? { type: 'applyFix', toolId: m.toolId } : undefined;
    case 'explain':
      return text(m.query) && m.query.trim() !== '' ? { type: 'explain', query: m.query } : undefined;
    default:
      return undefined;
  }
}
