import * as fs from 'node:fs';
import * as path from 'node:path';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { CodeBridge } from '../bridge/codeBridge';
import { ALWAYS_SENT } from '../vocabulary';
import type { Catalog } from '../catalog/catalog';
import { createToolSearchApi } from '../gateway/toolSearchApi';
import { TurnDispatcher, type DispatchResult } from '../modes/turnDispatcher';
import { openclawRequestOf, previewOf } from '../modes/preview';
import type { OpenClawRequestContext } from '../prompt/openclawContext';
import { buildSurface, MAX_LIKELY, type IsolationStatus } from '../modes/surface';
import { ToolIndex } from '../search/toolIndex';
import { CONTROL_VIA, SessionLog, turnStartEvent } from '../telemetry/sessionLog';
import { controlRolesByName } from '../sources/generatedTools';
import { summarizeSession, type SessionSummary } from '../telemetry/summary';
import type { ToolSearchModeName } from '../types';
import { errorMessage } from '../util/errors';
import type { OpenWorkspace } from '../workspace';
import { MockProvider, parsePrompt } from '../provider/mockProvider';
import { serializeRequest, type PayloadBytes } from '../provider/payloadSize';
import { chatCompletionsBody, DEFAULT_MODEL } from '../provider/requestShapes';
import type { CaptureReport } from '../capture/capture';

/**
 * Compare's prompt when none is given: neutral, it names no tool, so the
 * scripted model calls nothing of the user's (the checks about a call are
 * skipped and say how to name one). A workspace names its own scenario with
 * `--prompt` or the `toolSearchInspector.compare.prompt` setting, as the demo
 * does. Before issue 41 the demo's scenario was every workspace's default.
 */
export const DEFAULT_COMPARE_PROMPT = 'Which tools can you use here? Answer in one line.';
const MAX_ROUNDS = 8;

export interface ModeComparisonOptions {
  ws: OpenWorkspace;
  catalog: Catalog;
  prompt?: string;
  /** `mock` (default: the built-in mock on loopback) or the base URL of an OpenAI-compatible API. */
  provider?: string;
  apiKey?: string;
  model?: string;
  /** The Tool Search lane's mode; default the configured one (or `code` when the config says direct). */
  toolSearchMode?: Exclude<ToolSearchModeName, 'direct'>;
  nodePath?: string;
  env?: Record<string, string | undefined>;
  /** Pre-approve calls (CLI `--approve`). */
  approved?: boolean;
  /** Writes each lane's session log as `<dir>/<lane>.jsonl`. */
  logDir?: string;
  /** Directory mode's likely schemas (default 4; 0 sends none, so the model must hydrate by name). */
  likelyLimit?: number;
  /** Stops the comparison: the request in flight is aborted, a bridge run is killed, no further lane starts. */
  signal?: AbortSignal;
  /** Told as each lane starts (the editor shows it while the comparison runs). */
  onLane?: (lane: 'direct' | 'toolSearch', mode: ToolSearchModeName) => void;
  /** A real capture of this workspace (`capture --json`): checks 4 and 5 are then measured on what OpenClaw sent. */
  capture?: CaptureReport;
  /**
   * What a prediction of OpenClaw's own request reads from the workspace.
   * Without a capture, checks 4 and 5 are measured on that prediction (the
   * request test:real holds equal to the real one), not on the lanes'
   * gateway requests, which lack OpenClaw's prompt and core tools.
   */
  openclaw?: OpenClawRequestContext;
}

/** What OpenClaw sends first in each lane's mode: tool names and request bytes, captured or predicted. */
export interface RealLanes {
  version: string;
  /** `capture`: measured on a real turn; `prediction`: OpenClaw's request as the product predicts it. */
  source: 'capture' | 'prediction';
  direct?: { tools: string[]; bytes: number };
  toolSearch?: { mode: ToolSearchModeName; tools: string[]; bytes: number };
}

/** The lanes' first real requests in a capture; a mode the capture lacks (or whose turn failed) is absent. */
export function realLanesOf(report: CaptureReport, toolSearchMode: ToolSearchModeName): RealLanes {
  const first = (mode: ToolSearchModeName): { tools: string[]; bytes: number } | undefined => {
    const f = report.modes[mode]?.first;
    return f ? { tools: [...f.toolNames], bytes: f.bytes } : undefined;
  };
  const direct = first('direct');
  const toolSearch = first(toolSearchMode);
  return { version: report.openclaw.version, source: 'capture', ...(direct ? { direct } : {}), ...(toolSearch ? { toolSearch: { mode: toolSearchMode, ...toolSearch } } : {}) };
}

/** The lanes' predicted OpenClaw requests (each lane made its own when a context was given). */
function predictedLanes(direct: LaneReport, toolSearch: LaneReport): RealLanes | undefined {
  const d = direct.openclaw;
  const t = toolSearch.openclaw;
  if (!d || !t) {
    return undefined;
  }
  return { version: t.version, source: 'prediction', direct: { tools: d.tools, bytes: d.bytes }, toolSearch: { mode: toolSearch.mode, tools: t.tools, bytes: t.bytes } };
}

/** The modes a capture needs for checks 4 and 5 of a comparison: direct and the Tool Search lane's asked mode. */
export function realModesOf(report: ModeComparisonReport): ['direct', Exclude<ToolSearchModeName, 'direct'>] {
  return ['direct', report.lanes.toolSearch.mode as Exclude<ToolSearchModeName, 'direct'>];
}

/**
 * The same comparison with checks 4 and 5 measured again on a capture made
 * after it (the editor's "Check Against the Real Request"): the lanes are not
 * run again, only what OpenClaw really sent in their modes replaces the
 * prediction in those two checks.
 */
export function withRealRequests(catalog: Catalog, report: ModeComparisonReport, capture: CaptureReport): ModeComparisonReport {
  const real = realLanesOf(capture, report.lanes.toolSearch.mode);
  return { ...report, real, checks: checksFor(catalog, report.prompt, report.lanes.direct, report.lanes.toolSearch, real) };
}

/** The function names of a Chat Completions body's tools array, in order. */
function toolNamesOf(body: Record<string, unknown>): string[] {
  const tools = Array.isArray(body.tools) ? (body.tools as { function?: { name?: unknown } }[]) : [];
  return tools.map((t) => (typeof t.function?.name === 'string' ? t.function.name : '')).filter((n) => n !== '');
}

/** Tool Search's own tools in every mode (OpenClaw's `TOOL_SEARCH_CONTROL_TOOL_NAMES`), as any modelled release names them. */
const isControlTool = (name: string): boolean => controlRolesByName().has(name);

export interface LaneRequest {
  /** Bytes of the body: as received by the mock, or as serialized here for a real provider. */
  bytes: number;
  tools: string[];
}

export interface LaneReport {
  mode: ToolSearchModeName;
  effectiveMode: ToolSearchModeName;
  fallbackReason?: string;
  visibleTools: string[];
  /** Sizes of the first request, as previewed. */
  bytes: PayloadBytes;
  /** The first request OpenClaw itself would send in this mode, as predicted (with an `openclaw` context). */
  openclaw?: { version: string; tools: string[]; bytes: number };
  requests: LaneRequest[];
  finalText?: string;
  error?: string;
  summary: SessionSummary;
  log?: string;
}

export interface ModeComparisonCheck {
  name: string;
  ok: boolean;
  detail: string;
  /** Not checked: the prompt names no tool to call (`ok` is false; a skipped check fails nothing). */
  skipped?: true;
}

/** Whether the checks pass: every one passed or was skipped. */
export function checksPass(checks: readonly ModeComparisonCheck[]): boolean {
  return checks.every((c) => c.ok || c.skipped === true);
}

export interface ModeComparisonReport {
  provider: string;
  prompt: string;
  lanes: { direct: LaneReport; toolSearch: LaneReport };
  checks: ModeComparisonCheck[];
  /** With a capture: the real first requests checks 4 and 5 were measured on. */
  real?: RealLanes;
}

interface LaneInput {
  lane: 'direct' | 'toolSearch';
  mode: ToolSearchModeName;
  isolation?: IsolationStatus;
  client: OpenAI;
  mock?: MockProvider;
}

/**
 * The design's E2E validation: the same turn in direct mode and with Tool
 * Search, against an OpenAI-compatible provider driven by the real `openai`
 * client, comparing the request payloads and the session logs.
 */
export async function compareModes(opts: ModeComparisonOptions): Promise<ModeComparisonReport> {
  const prompt = opts.prompt ?? DEFAULT_COMPARE_PROMPT;
  const configured = opts.ws.settings.mode;
  // A run whose surface is Code Mode has no Tool Search lane of its own: the comparison runs code mode
  // (tool_search_code), as for a direct config; Code Mode programs are not run by the scripted model yet.
  const toolSearchMode = opts.toolSearchMode ?? (configured === 'direct' || configured === 'code-mode' ? 'code' : configured);
  const mock = !opts.provider || opts.provider === 'mock' ? new MockProvider() : undefined;
  const baseURL = mock ? await mock.start() : (opts.provider as string);
  const client = new OpenAI({ baseURL, apiKey: opts.apiKey ?? 'mock-key', maxRetries: 0, timeout: 60_000 });
  const index = ToolIndex.fromCatalog(opts.catalog);
  // One bridge per tool_search_code call (its API carries that call's id); all disposed at the end.
  const bridges: CodeBridge[] = [];
  try {
    let isolation: IsolationStatus | undefined;
    if (toolSearchMode === 'code') {
      const probe = new CodeBridge({ api: createToolSearchApi(opts.ws, opts.catalog, { index }), nodePath: opts.nodePath, warm: false, env: opts.env });
      const report = await probe.isolation();
      probe.dispose();
      isolation = { ok: report.ok, ...(report.reason ? { reason: report.reason } : {}) };
    }
    const run = async (input: LaneInput): Promise<LaneReport> => {
      // A cancelled comparison reports nothing rather than a lane cut short.
      opts.signal?.throwIfAborted();
      opts.onLane?.(input.lane, input.mode);
      const log = new SessionLog(opts.logDir ? path.join(opts.logDir, `${input.lane}.jsonl`) : undefined);
      const api = createToolSearchApi(opts.ws, opts.catalog, { index, log, idPrefix: input.lane });
      const surface = buildSurface({ catalog: opts.catalog, mode: input.mode, isolation: input.isolation, index, prompt, policy: opts.ws.policy, likelyLimit: opts.likelyLimit });
      const preview = previewOf(surface, { catalog: opts.catalog, mode: input.mode, prompt, model: opts.model, tokens: true });
      log.record(turnStartEvent(`${input.lane}:1`, preview, opts.catalog.countBySourceName()));
      const predicted = opts.openclaw ? openclawRequestOf(surface, { catalog: opts.catalog, mode: input.mode, isolation: input.isolation, index, prompt, policy: opts.ws.policy }, opts.openclaw) : undefined;
      const runCode = async (code: string, parentCallId: string): Promise<DispatchResult> => {
        const nested = createToolSearchApi(opts.ws, opts.catalog, { index, log, parentCallId });
        const bridge = new CodeBridge({ api: nested, nodePath: opts.nodePath, warm: false, env: opts.env });
        bridges.push(bridge);
        const r = await bridge.run(code, {
          timeoutMs: opts.catalog.settings.codeTimeoutMs,
          parentCallId,
          catalog: { size: opts.catalog.size, sources: opts.catalog.countBySource() },
          approved: opts.approved,
          ...(opts.signal ? { signal: opts.signal } : {}),
        });
        return { ok: r.ok, output: { ok: r.ok, value: r.value, error: r.error, logs: r.logs, telemetry: r.telemetry }, ...(r.error ? { error: r.error } : {}) };
      };
      const dispatcher = new TurnDispatcher({ surface, api, catalog: () => opts.catalog, log, runCode });
      const first = chatCompletionsBody({ model: opts.model ?? DEFAULT_MODEL, systemPrompt: surface.systemPrompt, userPrompt: prompt, tools: surface.tools });
      const { requests, finalText, error } = await converse(input, first, surface, { dispatcher, log, signal: opts.signal });
      log.record({ type: 'turn-end', turnId: `${input.lane}:1`, ok: error === undefined, ...(error ? { error } : {}) });
      return {
        mode: preview.mode,
        effectiveMode: preview.effectiveMode,
        ...(preview.fallbackReason ? { fallbackReason: preview.fallbackReason } : {}),
        visibleTools: preview.visibleTools,
        bytes: preview.bytes,
        ...(predicted ? { openclaw: { version: predicted.version, tools: toolNamesOf(predicted.request), bytes: predicted.bytes } } : {}),
        requests,
        ...(finalText !== undefined ? { finalText } : {}),
        ...(error ? { error } : {}),
        summary: summarizeSession(log.events),
        ...(opts.logDir ? { log: path.join(opts.logDir, `${input.lane}.jsonl`) } : {}),
      };
    };
    if (opts.logDir) {
      fs.mkdirSync(opts.logDir, { recursive: true });
    }
    const direct = await run({ lane: 'direct', mode: 'direct', client, mock });
    const toolSearch = await run({ lane: 'toolSearch', mode: toolSearchMode, isolation, client, mock });
    opts.signal?.throwIfAborted();
    const real = opts.capture ? realLanesOf(opts.capture, toolSearchMode) : predictedLanes(direct, toolSearch);
    return { provider: mock ? 'mock' : baseURL, prompt, lanes: { direct, toolSearch }, checks: checksFor(opts.catalog, prompt, direct, toolSearch, real), ...(real ? { real } : {}) };
  } finally {
    for (const b of bridges) {
      b.dispose();
    }
    await mock?.close();
  }
}

/**
 * One lane's turn with the model: a request, the tool calls it asks for
 * dispatched as OpenClaw would, and again, until a final answer (or
 * MAX_ROUNDS). Every request's size and tools are kept as the provider got them.
 */
async function converse(
  input: LaneInput,
  first: ReturnType<typeof chatCompletionsBody>,
  surface: ReturnType<typeof buildSurface>,
  turn: { dispatcher: TurnDispatcher; log: SessionLog; signal: AbortSignal | undefined },
): Promise<{ requests: LaneRequest[]; finalText?: string; error?: string }> {
  const { dispatcher, log, signal } = turn;
  const messages: ChatCompletionMessageParam[] = first.messages.map((m) => ({ ...m }));
  const requests: LaneRequest[] = [];
  let finalText: string | undefined;
  let error: string | undefined;
  try {
    for (let round = 0; round < MAX_ROUNDS && finalText === undefined; round++) {
      const body = { ...first, messages } as unknown as ChatCompletionCreateParamsNonStreaming;
      const before = input.mock?.requests.length ?? 0;
      const completion = await input.client.chat.completions.create(body, signal ? { signal } : undefined);
      const received = input.mock?.requests[before];
      requests.push({
        bytes: received?.bytes ?? serializeRequest(body as unknown as Parameters<typeof serializeRequest>[0]).totalBytes,
        tools: received?.toolNames ?? surface.tools.map((t) => t.name),
      });
      const message = completion.choices[0]?.message;
      const calls = (message?.tool_calls ?? []).filter((c) => c.type === 'function');
      const sent = requests[requests.length - 1];
      log.record({ type: 'model-request', turnId: `${input.lane}:1`, round: round + 1, bytes: sent?.bytes ?? 0, tools: sent?.tools.length ?? 0, toolCalls: calls.length });
      if (calls.length === 0) {
        finalText = message?.content ?? '';
        break;
      }
      messages.push({ role: 'assistant', content: message?.content ?? null, tool_calls: calls });
      for (const c of calls) {
        const r = await dispatcher.dispatch({ callId: c.id, name: c.function.name, arguments: c.function.arguments });
        messages.push({ role: 'tool', tool_call_id: c.id, content: JSON.stringify(r.output ?? null) });
      }
    }
    if (finalText === undefined) {
      error = `no final answer after ${MAX_ROUNDS} rounds`;
    }
  } catch (err) {
    error = errorMessage(err);
  }
  return { requests, ...(finalText !== undefined ? { finalText } : {}), ...(error !== undefined ? { error } : {}) };
}

/**
 * The six things the original QA scenario proves, checked on this run (and
 * that the provider got the previewed request). With a capture, checks 4 and
 * 5 are measured on the real requests OpenClaw sent in the same modes: the
 * Tool Search request holds only control tools and tools the catalog keeps in
 * front of the model, and it is smaller than the real direct request.
 */
export function checksFor(catalog: Catalog, prompt: string, direct: LaneReport, toolSearch: LaneReport, real?: RealLanes): ModeComparisonCheck[] {
  const { target } = parsePrompt(prompt);
  const tool = target ? catalog.allowed.find((t) => t.name === target) : undefined;
  const checks: ModeComparisonCheck[] = [];
  // A prompt that names no tool asks for no call: what needs one is skipped, and says how to name one.
  const skip = target === undefined ? `skipped: the prompt names no tool to call (e.g. --prompt "Call <tool> and tell me what it returns", or the compare.prompt setting)` : undefined;
  const add = (name: string, ok: boolean, detail: string, needsCall = false): void => {
    checks.push(needsCall && skip ? { name, ok: false, detail: skip, skipped: true } : { name, ok, detail });
  };
  const called = (lane: LaneReport): string => {
    const f = lane.summary.finalCalls.find((c) => c.id === tool?.id);
    return f ? `${f.id} via ${f.via} (${f.origin})` : `not called; calls: ${JSON.stringify(lane.summary.failedCalls.map((c) => `${c.id}: ${c.error ?? c.blockedBy ?? ''}`))}${lane.error ? `; error: ${lane.error}` : ''}`;
  };
  const ok = (lane: LaneReport): boolean => lane.summary.finalCalls.some((c) => c.id === tool?.id && c.ok);
  add('direct mode calls the target tool', ok(direct), tool ? called(direct) : `no allowed tool named in the prompt (${target ?? 'none'})`, true);
  add('Tool Search calls the same tool', ok(toolSearch), tool ? called(toolSearch) : 'no target', true);
  const owner = tool?.sourceName;
  const ownerTools = catalog.allowed.filter((t) => t.status === 'cataloged' && t.sourceName === owner).map((t) => t.name);
  const directFirst = direct.requests[0]?.tools ?? [];
  const missing = ownerTools.filter((n) => !directFirst.includes(n));
  add('direct mode sends the plugin schemas to the provider', ownerTools.length > 0 && missing.length === 0, `${ownerTools.length - missing.length}/${ownerTools.length} ${owner ?? '?'} schemas in the first request${missing.length > 0 ? `; missing ${missing.join(', ')}` : ''}`, true);
  const expected = [...toolSearch.visibleTools];
  const sent = toolSearch.requests[0]?.tools ?? [];
  const leaked = sent.filter((n) => ownerTools.includes(n));
  // Directory mode may also send a few likely schemas; the other modes none.
  const allowedLeak = toolSearch.effectiveMode === 'directory' ? MAX_LIKELY : 0;
  const realTs = real?.toolSearch;
  if (realTs) {
    // Measured on what OpenClaw sent: control tools, and tools it keeps in front of the model (direct-only, or visible while searchable).
    const upFront = new Set(catalog.tools.filter((x) => x.status === 'direct-only' || (x.status === 'cataloged' && x.directVisible === true)).map((x) => x.name));
    const other = realTs.tools.filter((n) => !isControlTool(n) && !upFront.has(n));
    const realLeaked = realTs.tools.filter((n) => ownerTools.includes(n));
    add(
      `Tool Search sends only the compact bridge (or search tools) and the ${ALWAYS_SENT.label} tools`,
      realTs.tools.some(isControlTool) && other.length === 0 && realLeaked.length === 0,
      `${real.source === 'capture' ? 'real' : 'predicted'} request of OpenClaw ${real.version} (${realTs.mode}): sent [${realTs.tools.join(', ')}]${other.length > 0 ? `; not control or up-front tools: ${other.join(', ')}` : ''}`,
    );
  } else {
    add(
      `Tool Search sends only the compact bridge (or search tools) and the ${ALWAYS_SENT.label} tools`,
      JSON.stringify(sent) === JSON.stringify(expected) && leaked.length <= allowedLeak,
      `sent [${sent.join(', ')}]${toolSearch.fallbackReason ? ` (${toolSearch.fallbackReason})` : ''}`,
    );
  }
  const realSizes = real?.direct && realTs ? { d: real.direct.bytes, t: realTs.bytes } : undefined;
  const d = realSizes?.d ?? direct.requests[0]?.bytes ?? 0;
  const t = realSizes?.t ?? toolSearch.requests[0]?.bytes ?? 0;
  add(
    'the Tool Search request payload is smaller',
    t > 0 && t < d,
    `${realSizes ? `${real?.source === 'capture' ? 'real' : 'predicted'} requests of OpenClaw ${real?.version ?? '?'}: ` : 'gateway requests: '}${t} bytes vs ${d} bytes direct (${d > 0 ? (100 * (1 - t / d)).toFixed(1) : '?'}% smaller)`,
  );
  const ds = direct.summary;
  const ts = toolSearch.summary;
  // Code: the call is nested under the bridge run. Tools: found by search. Directory: may also be a
  // likely schema sent up front or an exact-name call hydrated from the directory.
  const bridgeOrSearch =
    ts.effectiveMode === 'code'
      ? ts.searchCount >= 1 && ts.finalCalls.some((c) => c.via === CONTROL_VIA.code && c.parentCallId !== undefined)
      : ts.effectiveMode === 'directory'
        ? ts.finalCalls.some((c) => c.via === 'hydrated' || c.via === 'direct' || c.via === CONTROL_VIA.call)
        : ts.searchCount >= 1;
  add(
    'session logs show the expected tool-call counts and bridge telemetry',
    ds.searchCount === 0 && ds.callCount === 1 && ds.schemasUpFront === direct.visibleTools.length && ts.callCount === 1 && bridgeOrSearch && ts.schemasUpFront === toolSearch.visibleTools.length,
    `direct: ${ds.schemasUpFront} schemas up front, ${ds.searchCount} searches, ${ds.callCount} calls; Tool Search (${ts.effectiveMode}): ${ts.schemasUpFront} schemas up front, ${ts.searchCount} searches, ${ts.describeCount} describes, ${ts.callCount} calls${ts.finalCalls[0] ? `, final ${ts.finalCalls[0].id} via ${ts.finalCalls[0].via}` : ''}`,
    true,
  );
  const previewMatches = direct.requests[0]?.bytes === direct.bytes.total && toolSearch.requests[0]?.bytes === toolSearch.bytes.total;
  add('the provider received exactly the previewed first request', previewMatches, `direct ${direct.requests[0]?.bytes ?? '?'} = ${direct.bytes.total}; Tool Search ${toolSearch.requests[0]?.bytes ?? '?'} = ${toolSearch.bytes.total}`);
  return checks;
}
