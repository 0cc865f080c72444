import { messageText } from '../util/messageText';
import { bridgeLiterals } from './bridgeLiterals';
import { CodeModeReader, isCodeModeCall, programResultOf } from './codeModeTranscript';
import { CONTROL_VIA, type CallEvent, type CallVia, type SessionEvent, type SessionEventBody } from './sessionLog';
import { controlRolesByName, type ControlRole } from '../sources/generatedTools';
import type { SourceCounts } from '../catalog/catalog';
import type { ToolSearchModeName, ToolSourceKind } from '../types';

/**
 * An OpenClaw session transcript, read into the product's session events: the
 * same turns, searches, describes, calls and model calls the product logs, so
 * one viewer, one summary and one set of usage pairs serve OpenClaw's runs
 * and the product's own. The entries are those of OpenClaw's JSONL
 * transcripts and of its SQLite store's `transcript_events` (the same JSON);
 * the store's trajectory events add the mode (the config OpenClaw ran with)
 * and the tools the model was sent.
 *
 * What OpenClaw records, and so what this can say:
 * - direct and structured calls: the assistant's `toolCall` parts and their
 *   `toolResult` messages (tool_search hits, tool_describe's id, errors);
 * - a call made inside `tool_search_code` or `tool_call`: a `custom` message
 *   `openclaw.nested-tool.v1` with its parent call id, tool name, input and
 *   result;
 * - searches and describes inside `tool_search_code`: only their counts (the
 *   result's `telemetry`). Their queries are read from string literals in the
 *   snippet where it spells them out (`fromCode`); the rest are counted with
 *   no query (`unrecorded`);
 * - Code Mode's `exec` and `wait`: the program, its result and the calls it
 *   made (`codeModeTranscript.ts`).
 */

export interface TranscriptSession {
  sessionId: string;
  sessionKey?: string;
  /** The mode the run's config asked for, when the store recorded the config. */
  mode?: ToolSearchModeName;
  /** How many tools the first request sent, when recorded. */
  toolCount?: number;
  /** Their names, when the whole list was recorded. */
  toolsSent?: string[];
  model?: string;
  startedAt?: string;
  events: SessionEvent[];
}

/** A Tool Search control's role, by the name any modelled release gives it (`tool_call`, a later `dispatch_action`). */
const roleOf = (name: string | undefined): ControlRole | undefined => (name === undefined ? undefined : controlRolesByName().get(name));
/** Code Mode's own tools, sent in place of Tool Search's. */
const CODE_MODE_TOOLS = new Set(['exec', 'wait']);
const NESTED = 'openclaw.nested-tool.v1';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

const contentText = (content: unknown): string => messageText(content) ?? '';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `openclaw:<plugin>:<name>`, `mcp:<server>:<tool>`, `client:<name>`: the source an id names. */
export function sourceOfId(id: string | undefined): { source?: ToolSourceKind; sourceName?: string } {
  const m = id ? /^(openclaw|mcp|client):([^:]*)(?::|$)/.exec(id) : null;
  if (!m) {
    return {};
  }
  const source = m[1] as ToolSourceKind;
  return m[2] ? { source, sourceName: m[2] } : { source };
}

/**
 * The surface a recorded config asked for, when it says: Code Mode when
 * `tools.codeMode` is on outright (it excludes Tool Search), else
 * `tools.toolSearch`'s mode. Code Mode's `"auto"` depends on the model's
 * catalog: the run's own `exec` results tell (`CodeModeReader.engaged`).
 */
export function modeOfConfig(config: unknown): ToolSearchModeName | undefined {
  const tools = isRecord(config) && isRecord(config.tools) ? config.tools : undefined;
  const cm = tools?.codeMode;
  if (cm === true || (isRecord(cm) && cm.enabled === true)) {
    return 'code-mode';
  }
  const ts = tools?.toolSearch;
  if (ts === false || (isRecord(ts) && ts.enabled === false)) {
    return 'direct';
  }
  const mode = isRecord(ts) ? str(ts.mode) : typeof ts === 'string' ? ts : undefined;
  return mode === 'code' || mode === 'tools' || mode === 'directory' || mode === 'direct' ? mode : undefined;
}

interface TrajectoryFacts {
  mode?: ToolSearchModeName;
  /** Tools sent on the run's first request (`session.started`'s `toolCount`). */
  toolCount?: number;
  /** Their names, only when the trajectory kept the whole list (it truncates long ones). */
  toolsSent?: string[];
}

/** The run facts in a store's trajectory: the config's mode and the tools of the first compiled context. */
function trajectoryFacts(trajectory: readonly unknown[]): TrajectoryFacts {
  const out: TrajectoryFacts = {};
  let names: string[] | undefined;
  for (const e of trajectory) {
    if (!isRecord(e) || !isRecord(e.data)) {
      continue;
    }
    if (e.type === 'session.started' && out.toolCount === undefined) {
      const n = num(e.data.toolCount);
      if (n !== undefined) out.toolCount = n;
    }
    if (e.type === 'trace.metadata' && out.mode === undefined && isRecord(e.data.config)) {
      const mode = modeOfConfig(e.data.config.redacted ?? e.data.config);
      if (mode) out.mode = mode;
    }
    if (e.type === 'context.compiled' && names === undefined && Array.isArray(e.data.tools)) {
      names = e.data.tools.map((t) => (isRecord(t) ? str(t.name) : undefined)).filter((n): n is string => n !== undefined);
    }
  }
  if (names && (out.toolCount === undefined || names.length === out.toolCount)) {
    out.toolsSent = names;
    out.toolCount ??= names.length;
  }
  return out;
}

interface OpenCall {
  name: string;
  args: Record<string, unknown>;
  at: number;
  turnId: string;
}

/** Reads the entries of one session (transcript lines in order) into session events. */
export function transcriptEvents(entries: readonly unknown[], trajectory: readonly unknown[] = [], sessionId = '?'): TranscriptSession {
  const facts = trajectoryFacts(trajectory);
  const events: SessionEvent[] = [];
  let seq = 0;
  let at = '';
  const emit = (body: SessionEventBody): void => {
    events.push({ ...body, seq: ++seq, at } as SessionEvent);
  };
  const session: TranscriptSession = { sessionId, ...facts, events };
  const open = new Map<string, OpenCall>();
  /** Parent call ids that OpenClaw recorded nested calls for. */
  const nestedParents = new Set<string>();
  const codeMode = new CodeModeReader();
  let turnId: string | undefined;
  const endTurn = (ok: boolean, error?: string): void => {
    codeMode.flush(emit);
    if (turnId !== undefined) {
      emit({ type: 'turn-end', turnId, ok, ...(error ? { error } : {}) });
      turnId = undefined;
    }
  };
  // tool_search_code results carry the catalog's size and sources: the turn they belong to learns them.
  const noteCatalog = (catalogSize: number, sources: SourceCounts): void => {
    const start = events.findLast((e) => e.type === 'turn-start');
    if (start?.type === 'turn-start' && start.catalogSize === undefined) {
      start.catalogSize = catalogSize;
      start.sources = sources;
    }
  };
  for (const entry of entries) {
    if (!isRecord(entry)) {
      continue;
    }
    at = str(entry.timestamp) ?? at;
    if (entry.type === 'session') {
      session.sessionId = str(entry.id) ?? session.sessionId;
      session.startedAt ??= str(entry.timestamp);
      continue;
    }
    if (entry.type === 'model_change') {
      const provider = str(entry.provider);
      const model = str(entry.modelId);
      if (model) session.model = provider ? `${provider}/${model}` : model;
      continue;
    }
    const message = entry.type === 'message' && isRecord(entry.message) ? entry.message : undefined;
    if (!message) {
      continue;
    }
    const role = str(message.role);
    const when = num(message.timestamp) ?? Date.parse(at);
    if (role === 'user') {
      endTurn(true);
      turnId = str(entry.id) ?? `turn-${seq + 1}`;
      emit(turnStart(turnId, session));
    } else if (role === 'assistant') {
      turnId ??= startImplicitTurn(entry, session, emit);
      const parts = Array.isArray(message.content) ? message.content : [];
      for (const part of parts) {
        if (isRecord(part) && part.type === 'toolCall' && typeof part.id === 'string' && typeof part.name === 'string') {
          const args = isRecord(part.arguments) ? part.arguments : {};
          open.set(part.id, { name: part.name, args, at: when, turnId });
          codeMode.opened(part.id, part.name, args);
        }
      }
      const stop = str(message.stopReason);
      if (stop === 'error' || stop === 'aborted') {
        endTurn(false, str(message.errorMessage) ?? stop);
      } else if (stop === 'stop' || stop === 'length') {
        endTurn(true);
      }
    } else if (role === 'toolResult') {
      const callId = str(message.toolCallId);
      const call = callId !== undefined ? open.get(callId) : undefined;
      if (callId === undefined || !call) {
        continue;
      }
      open.delete(callId);
      if (isCodeModeCall(call.name, call.args)) {
        const result = programResultOf(message.details, contentText(message.content));
        codeMode.resultEvents({ callId, name: call.name, args: call.args, result, isError: message.isError === true, durationMs: Math.max(0, when - call.at), emit, noteCatalog });
        if (codeMode.engaged) markCodeMode(session, events);
      } else {
        toolResultEvents({ callId, call, message, when, emit, noteCatalog, hadNested: nestedParents.has(callId) });
      }
    } else if (role === 'custom' && message.customType === NESTED && isRecord(message.details)) {
      const parent = str(message.details.parentToolCallId);
      if (parent !== undefined) nestedParents.add(parent);
      const host = parent !== undefined ? codeMode.hostOf(parent, (id) => open.has(id)) : undefined;
      if (host !== undefined) {
        codeMode.hold(host, nestedCallEvent(message.details, open, 'exec'));
      } else {
        emit(nestedCallEvent(message.details, open));
      }
    }
  }
  endTurn(true);
  return session;
}

/** Code Mode answered: the run's surface was Code Mode, whatever its config said (the two are exclusive). */
function markCodeMode(session: TranscriptSession, events: SessionEvent[]): void {
  if (session.mode === 'code-mode') {
    return;
  }
  session.mode = 'code-mode';
  for (const e of events) {
    if (e.type === 'turn-start' && !e.upFrontUnknown) {
      e.mode = 'code-mode';
      e.effectiveMode = 'code-mode';
      e.catalogSchemasUpFront = Math.max(0, e.schemasUpFront - controlsOf(session, 'code-mode'));
    }
  }
}

function startImplicitTurn(entry: Record<string, unknown>, session: TranscriptSession, emit: (b: SessionEventBody) => void): string {
  const id = str(entry.id) ?? 'turn';
  emit(turnStart(id, session));
  return id;
}

function turnStart(turnId: string, session: TranscriptSession): SessionEventBody {
  const sent = session.toolsSent ?? [];
  const mode = session.mode ?? inferMode(sent);
  const count = session.toolCount ?? sent.length;
  const controls = controlsOf(session, mode);
  return {
    type: 'turn-start',
    turnId,
    mode,
    effectiveMode: mode,
    schemasUpFront: count,
    catalogSchemasUpFront: Math.max(0, count - controls),
    visibleTools: sent,
    ...(session.toolsSent === undefined && session.toolCount === undefined && session.mode === undefined ? { upFrontUnknown: true as const } : {}),
  };
}

/** The surface's own tools among those sent (Tool Search's controls, or Code Mode's exec and wait), not catalog tools. */
function controlsOf(session: TranscriptSession, mode: ToolSearchModeName): number {
  const sent = session.toolsSent;
  if (sent) {
    return sent.filter((n) => (mode === 'code-mode' ? CODE_MODE_TOOLS.has(n) : roleOf(n) !== undefined)).length;
  }
  // Without the names, only direct mode is known to send no control.
  return mode === 'direct' ? 0 : mode === 'code' ? 1 : mode === 'code-mode' ? CODE_MODE_TOOLS.size : 3;
}

function inferMode(sent: readonly string[]): ToolSearchModeName {
  // OpenClaw's shell tool is also `exec`: only `wait` beside it is Code Mode.
  if (sent.includes('exec') && sent.includes('wait')) return 'code-mode';
  const roles = new Set(sent.map(roleOf));
  return roles.has('code') ? 'code' : roles.has('search') ? 'tools' : 'direct';
}

type NoteCatalog = (catalogSize: number, sources: SourceCounts) => void;

interface ToolResult {
  callId: string;
  call: OpenCall;
  message: Record<string, unknown>;
  when: number;
  emit: (b: SessionEventBody) => void;
  noteCatalog: NoteCatalog;
  /** OpenClaw recorded the calls made inside this one (`openclaw.nested-tool.v1`). */
  hadNested: boolean;
}

function toolResultEvents({ callId, call, message, when, emit, noteCatalog, hadNested }: ToolResult): void {
  const result = message.details !== undefined ? message.details : parseJson(contentText(message.content));
  // Older transcripts mark a refused or failed structured call with a `status` in its details.
  const failed = message.isError === true || (isRecord(result) && typeof result.status === 'string');
  const text = contentText(message.content);
  const error = failed ? text.slice(0, 2000) || (isRecord(result) ? str(result.status) : undefined) || 'failed' : undefined;
  const durationMs = Math.max(0, when - call.at);
  emit({ type: 'model-call', callId, name: call.name, ok: !failed, ...(error ? { error } : {}), durationMs });
  const role = roleOf(call.name);
  if (role === 'search') {
    const hits = failed ? [] : hitIds(result);
    for (const { query, limit } of searchQueries(call.args)) {
      emit({ type: 'search', callId, query, ...(limit !== undefined ? { limit } : {}), hits, ...(error ? { error } : {}) });
    }
  } else if (role === 'describe') {
    const idOrName = str(call.args.id) ?? str(call.args.name) ?? '';
    const described = isRecord(result) ? (str(result.id) ?? (isRecord(result.tool) ? str(result.tool.id) : undefined)) : undefined;
    emit({ type: 'describe', callId, idOrName, ...(described ? { id: described } : {}), ...(error ? { error } : {}) });
  } else if (role === 'code') {
    codeOperations({ callId, call, result, emit, noteCatalog, hadNested, failed });
  } else if (role === 'call') {
    // Current OpenClaw records the call itself as a nested-tool message; older transcripts only the result.
    if (!hadNested) {
      const tool = isRecord(result) && isRecord(result.tool) ? result.tool : undefined;
      const id = str(tool?.id) ?? str(call.args.id) ?? '';
      const name = str(tool?.name);
      emit({ type: 'call', callId: `${callId}:call`, parentCallId: callId, via: CONTROL_VIA.call, idOrName: str(call.args.id) ?? id, ...(id ? { id } : {}), ...(name ? { name } : {}), ...sourceOfId(id), ok: !failed, ...(error ? { error } : {}), durationMs });
    }
  } else {
    emit({ type: 'call', callId, via: 'direct', idOrName: call.name, name: call.name, ok: !failed, ...(error ? { error } : {}), durationMs, ...(result !== undefined && !failed ? { result } : {}) });
  }
}

/**
 * Searches, describes and calls inside a tool_search_code run: the result's
 * counts with queries from the snippet's literals; without counts (older
 * transcripts, or a failed run) the literals alone, and a literal call only
 * when OpenClaw recorded no nested call.
 */
function codeOperations(r: { callId: string; call: OpenCall; result: unknown; emit: (b: SessionEventBody) => void; noteCatalog: NoteCatalog; hadNested: boolean; failed: boolean }): void {
  const { callId, call, result, emit } = r;
  const telemetry = isRecord(result) && isRecord(result.telemetry) ? result.telemetry : undefined;
  const size = num(telemetry?.catalogSize);
  const sources = isRecord(telemetry?.sources) ? telemetry.sources : undefined;
  if (size !== undefined && sources) {
    r.noteCatalog(size, { openclaw: num(sources.openclaw) ?? 0, mcp: num(sources.mcp) ?? 0, client: num(sources.client) ?? 0 });
  }
  const literals = bridgeLiterals(str(call.args.code) ?? '');
  const literalSearches = literals.filter((op) => op.op === 'search');
  const searches = num(telemetry?.searchCount) ?? (r.failed ? 0 : literalSearches.length);
  for (let i = 0; i < searches; i++) {
    const lit = literalSearches[i];
    const id = `${callId}:search:${i + 1}`;
    emit(lit ? { type: 'search', callId: id, parentCallId: callId, query: lit.arg, hits: [], fromCode: true } : { type: 'search', callId: id, parentCallId: callId, query: '', hits: [], unrecorded: true });
  }
  const describes = num(telemetry?.describeCount) ?? 0;
  for (let i = 0; i < describes; i++) {
    emit({ type: 'describe', callId: `${callId}:describe:${i + 1}`, parentCallId: callId, idOrName: '', unrecorded: true });
  }
  if (!r.hadNested && !r.failed) {
    const literalCalls = literals.filter((op) => op.op === 'call');
    literalCalls.forEach((op, i) => {
      emit({ type: 'call', callId: `${callId}:call:${i + 1}`, parentCallId: callId, via: CONTROL_VIA.code, idOrName: op.arg, id: op.arg, ...sourceOfId(op.arg), ok: true, durationMs: 0, fromCode: true });
    });
    // Releases before nested-call records (2026.6) count the calls only: each one the snippet's literals do not name is said so.
    const calls = num(telemetry?.callCount) ?? 0;
    for (let i = literalCalls.length; i < calls; i++) {
      emit({ type: 'call', callId: `${callId}:call:${i + 1}`, parentCallId: callId, via: CONTROL_VIA.code, idOrName: '(not recorded)', ok: true, durationMs: 0, unrecorded: true });
    }
  }
}

/** Arguments larger than this are left out of the event: its result and the store keep them. */
const MAX_ARGS_CHARS = 8192;

/**
 * A call OpenClaw recorded inside another (`openclaw.nested-tool.v1`), under
 * OpenClaw's own call id (`tool_search_code:<parent>:<tool>:<n>`, Code Mode's
 * too) and tool name (`<server>__<tool>` for MCP tools).
 */
function nestedCallEvent(details: Record<string, unknown>, open: ReadonlyMap<string, OpenCall>, viaOverride?: CallVia): CallEvent {
  const parentCallId = str(details.parentToolCallId);
  const callId = str(details.toolCallId) ?? `${parentCallId ?? '?'}:nested`;
  const name = str(details.toolName) ?? '?';
  const parent = parentCallId !== undefined ? open.get(parentCallId) : undefined;
  const byCall = roleOf(parent?.name) === 'call';
  const via: CallVia = viaOverride ?? (byCall ? CONTROL_VIA.call : CONTROL_VIA.code);
  // An MCP result names its server and tool: the product's id of that tool.
  const mcp = isRecord(details.result) && isRecord(details.result.details) ? details.result.details : undefined;
  const mcpId = mcp && str(mcp.mcpServer) && str(mcp.mcpTool) ? `mcp:${str(mcp.mcpServer)}:${str(mcp.mcpTool)}` : undefined;
  const id = (byCall ? str(parent?.args.id) : undefined) ?? mcpId;
  const failed = details.isError === true;
  const started = num(details.startedAt);
  const ended = num(details.timestamp);
  const args = isRecord(details.input) && JSON.stringify(details.input).length <= MAX_ARGS_CHARS ? details.input : undefined;
  return {
    type: 'call',
    callId,
    ...(parentCallId ? { parentCallId } : {}),
    via,
    idOrName: id ?? name,
    ...(id ? { id } : {}),
    name,
    ...sourceOfId(id),
    ...(args ? { args } : {}),
    ok: !failed,
    ...(failed ? { error: contentText(isRecord(details.result) ? details.result.content : undefined) || 'failed' } : {}),
    ...(details.result !== undefined && !failed ? { result: details.result } : {}),
    durationMs: started !== undefined && ended !== undefined ? Math.max(0, ended - started) : 0,
  };
}

/** A search limit the model asked for: a positive integer, else none (the run's default applied). */
function limitOf(v: unknown): { limit?: number } {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 1000 ? { limit: v } : {};
}

/** The queries of a tool_search call, each with the limit it asked for (a batch entry's own, else the call's). */
function searchQueries(args: Record<string, unknown>): { query: string; limit?: number }[] {
  const out: { query: string; limit?: number }[] = [];
  const q = str(args.query);
  if (q && q.trim()) out.push({ query: q, ...limitOf(args.limit) });
  if (Array.isArray(args.queries)) {
    for (const item of args.queries as unknown[]) {
      const iq = isRecord(item) ? str(item.query) : typeof item === 'string' ? item : undefined;
      if (iq && iq.trim()) out.push({ query: iq, ...limitOf(isRecord(item) && item.limit !== undefined ? item.limit : args.limit) });
    }
  }
  return out;
}

/** Ids of a tool_search result's hits: OpenClaw's array of entries, `{ results: [...] }` batches, or `{ hits }`. */
function hitIds(result: unknown): string[] {
  const list = Array.isArray(result) ? result : isRecord(result) && Array.isArray(result.results) ? result.results : isRecord(result) && Array.isArray(result.hits) ? result.hits : [];
  return list.flatMap((h: unknown): string[] => {
    if (!isRecord(h)) return [];
    if (Array.isArray(h.hits) || Array.isArray(h.results)) return hitIds(h);
    const id = str(h.id) ?? str(h.name);
    return id ? [id] : [];
  });
}
