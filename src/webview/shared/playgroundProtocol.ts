// The one message protocol of the Search Playground panel, imported by both
// the extension host and the webview so the compiler checks both ends. Plain
// data only; the validators are what each side runs on what it receives.

import { isObject, isStringArray, parseStatusMessage } from './messageGuards';

export type FieldName = 'name' | 'id' | 'label' | 'description' | 'parameters';
export const FIELD_NAMES: readonly FieldName[] = ['name', 'id', 'label', 'description', 'parameters'];

export interface TermMatchView {
  term: string;
  from: string[];
  weight: number;
  expansion: boolean;
  idf: number;
  frequency: number;
  fields: Partial<Record<FieldName, number>>;
  contribution: number;
}

export interface HitView {
  rank: number;
  id: string;
  name: string;
  source: string;
  sourceName: string;
  score: number;
  tier: 'exact' | 'literal' | 'expansion';
  matched: TermMatchView[];
  missing: string[];
  byField: Record<FieldName | 'expansions', number>;
  /** Whether the host can open its definition. */
  located: boolean;
}

export interface QueryTermView {
  term: string;
  from: string[];
  weight: number;
  expansion: boolean;
  documentFrequency: number;
}

/**
 * What a query term reads as: the words the user wrote (its stem, `sav` for
 * "save", is secondary information), or for an expansion the word it adds.
 */
export function termLabel(t: { term: string; from: readonly string[]; expansion: boolean }): { words: string; stem?: string } {
  if (t.expansion || t.from.length === 0) {
    return { words: t.term };
  }
  const words = [...new Set(t.from)].join(', ');
  return words === t.term ? { words } : { words, stem: t.term };
}

export interface ResultsView {
  query: string;
  limit: number;
  /** The hits exactly as the model receives them, as compact JSON. */
  json: string;
  hits: HitView[];
  terms: QueryTermView[];
  unavailableServers: string[];
  ms: number;
}

/** One thing the tool's owner could change; `text` is the host's wording of it. */
export interface SuggestionView {
  kind: string;
  text: string;
}

export interface WhyNotView {
  query: string;
  limit: number;
  tool: { id: string; name: string; status: string };
  rank?: number;
  inResults: boolean;
  explanation?: HitView;
  lacks: string[];
  lacksExpansions: string[];
  above: HitView[];
  aboveCount: number;
  suggestions: SuggestionView[];
}

/** Issue 19's description suggestion for one tool, learned from the workspace's session logs. */
export interface LearnedView {
  toolId: string;
  /** Session folders read (relative to the workspace). */
  folders: string[];
  /** Absent when the logs give this tool nothing to add. */
  suggestion?: {
    words: { word: string; queries: number }[];
    added: string;
    proposed: string;
    queries: number;
    before: { top1: number; recall5: number };
    after: { top1: number; recall5: number };
    /** `apply` edits a plugin manifest or client-tools file; `copy` is for tools owned elsewhere. */
    action: 'apply' | 'copy';
    target: string;
  };
}

export interface ToolOption {
  id: string;
  name: string;
  status: string;
}

export interface CatalogInfo {
  workspaceName: string;
  size: number;
  limit: number;
  maxLimit: number;
  tools: ToolOption[];
  /** Whether the workspace has session logs to learn description suggestions from. */
  sessions: boolean;
}

/** A session's search asked again of this catalog (from the session viewer). */
export interface ReplayView {
  /** The session it came from (a file name). */
  from: string;
  query: string;
  /** Whether the session recorded its hits (a query read from a snippet has none). */
  hitsRecorded: boolean;
  same: boolean;
  /** What changed, in one line (core's replaySummary). */
  summary: string;
}

/** Host -> webview. */
export type HostMessage =
  | { type: 'loading' }
  | { type: 'error'; message: string }
  | { type: 'catalog'; info: CatalogInfo }
  | { type: 'results'; view: ResultsView }
  | { type: 'queryError'; query: string; message: string }
  | { type: 'whyNot'; view: WhyNotView }
  | { type: 'learned'; view: LearnedView }
  | { type: 'setQuery'; query: string; toolId?: string }
  | { type: 'replay'; view: ReplayView };

/** Webview -> host. `ready` is the handshake: the host sends nothing before it. */
export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'search'; query: string }
  | { type: 'whyNot'; query: string; toolId: string }
  | { type: 'applySuggestion'; toolId: string }
  | { type: 'copySuggestion'; toolId: string }
  | { type: 'openDefinition'; toolId: string }
  | { type: 'openTests' }
  | { type: 'refresh' };

/** What the webview keeps across hide/show and reload. */
export interface PanelState {
  query: string;
  toolId: string;
}

/** Longest query the box sends: the search bound. */
export const MAX_QUERY = 512;
const MAX_ID = 512;

function isQuery(v: unknown): v is string {
  return typeof v === 'string' && v.length <= MAX_QUERY;
}

function isId(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;
}

/** The host trusts nothing the webview sends: only these exact shapes pass. */
export function parseWebviewMessage(v: unknown): WebviewMessage | undefined {
  if (!isObject(v) || typeof v.type !== 'string') {
    return undefined;
  }
  switch (v.type) {
    case 'ready':
    case 'openTests':
    case 'refresh':
      return { type: v.type };
    case 'search':
      return isQuery(v.query) && v.query.trim().length > 0 ? { type: 'search', query: v.query } : undefined;
    case 'whyNot':
      return isQuery(v.query) && v.query.trim().length > 0 && isId(v.toolId) ? { type: 'whyNot', query: v.query, toolId: v.toolId } : undefined;
    case 'applySuggestion':
    case 'copySuggestion':
    case 'openDefinition':
      return isId(v.toolId) ? { type: v.type, toolId: v.toolId } : undefined;
    default:
      return undefined;
  }
}

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function isHit(v: unknown): v is HitView {
  return isObject(v) && isNumber(v.rank) && typeof v.id === 'string' && typeof v.name === 'string' && isNumber(v.score) && typeof v.tier === 'string' && Array.isArray(v.matched) && isStringArray(v.missing) && isObject(v.byField);
}

function isResults(v: unknown): v is ResultsView {
  return isObject(v) && typeof v.query === 'string' && isNumber(v.limit) && typeof v.json === 'string' && Array.isArray(v.hits) && v.hits.every(isHit) && Array.isArray(v.terms) && isStringArray(v.unavailableServers) && isNumber(v.ms);
}

function isWhyNot(v: unknown): v is WhyNotView {
  return (
    isObject(v) &&
    typeof v.query === 'string' &&
    isNumber(v.limit) &&
    isObject(v.tool) &&
    typeof v.tool.id === 'string' &&
    typeof v.inResults === 'boolean' &&
    (v.rank === undefined || isNumber(v.rank)) &&
    (v.explanation === undefined || isHit(v.explanation)) &&
    isStringArray(v.lacks) &&
    Array.isArray(v.above) &&
    v.above.every(isHit) &&
    isNumber(v.aboveCount) &&
    Array.isArray(v.suggestions) &&
    v.suggestions.every((s) => isObject(s) && typeof s.kind === 'string' && typeof s.text === 'string')
  );
}

function isLearned(v: unknown): v is LearnedView {
  if (!isObject(v) || typeof v.toolId !== 'string' || !isStringArray(v.folders)) {
    return false;
  }
  const s = v.suggestion;
  return s === undefined || (isObject(s) && Array.isArray(s.words) && typeof s.added === 'string' && typeof s.proposed === 'string' && (s.action === 'apply' || s.action === 'copy'));
}

function isCatalogInfo(v: unknown): v is CatalogInfo {
  return isObject(v) && typeof v.workspaceName === 'string' && isNumber(v.size) && isNumber(v.limit) && isNumber(v.maxLimit) && typeof v.sessions === 'boolean' && Array.isArray(v.tools) && v.tools.every((t) => isObject(t) && typeof t.id === 'string' && typeof t.name === 'string' && typeof t.status === 'string');
}

function isReplayView(v: unknown): v is ReplayView {
  return isObject(v) && typeof v.from === 'string' && isQuery(v.query) && typeof v.hitsRecorded === 'boolean' && typeof v.same === 'boolean' && typeof v.summary === 'string' && v.summary.length <= 20_000;
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
      return isCatalogInfo(v.info) ? { type: 'catalog', info: v.info } : undefined;
    case 'results':
      return isResults(v.view) ? { type: 'results', view: v.view } : undefined;
    case 'queryError':
      return typeof v.query === 'string' && typeof v.message === 'string' ? { type: 'queryError', query: v.query, message: v.message } : undefined;
    case 'whyNot':
      return isWhyNot(v.view) ? { type: 'whyNot', view: v.view } : undefined;
    case 'learned':
      return isLearned(v.view) ? { type: 'learned', view: v.view } : undefined;
    case 'setQuery':
      return isQuery(v.query) && (v.toolId === undefined || isId(v.toolId)) ? { type: 'setQuery', query: v.query, ...(typeof v.toolId === 'string' ? { toolId: v.toolId } : {}) } : undefined;
    case 'replay':
      return isReplayView(v.view) ? { type: 'replay', view: v.view } : undefined;
    default:
      return undefined;
  }
}

export function parsePanelState(v: unknown): PanelState {
  if (!isObject(v)) {
    return { query: '', toolId: '' };
  }
  return { query: isQuery(v.query) ? v.query : '', toolId: isId(v.toolId) ? v.toolId : '' };
}
