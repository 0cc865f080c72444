// What the Compare panel draws, from a comparison's report and its lanes'
// session logs. Pure (no vscode), so it is unit-tested on real reports.
import type { ModeComparisonReport, LaneReport } from '../../core/orchestration/modeComparison';
import type { SessionComparison, SessionLane } from '../../core/orchestration/sessionComparison';
import type { SessionEvent } from '../../core/telemetry/sessionLog';
import type { FinalCall } from '../../core/telemetry/summary';
import { MAX_TRACE_STEPS, MAX_VISIBLE_TOOLS, type CompareView, type FinalCallView, type LaneName, type LaneView, type TraceStepView } from '../../webview/shared/compareProtocol';

const MAX_DETAIL = 400;

function cut(text: string, max = MAX_DETAIL): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function list(names: readonly string[], max = 6): string {
  const shown = names.slice(0, max).join(', ');
  return names.length > max ? `${shown} … ${names.length - max} more` : shown;
}

/** One session-log event as a trace row; a lane's own events only (the log may hold more). */
export function traceStep(e: SessionEvent): TraceStepView {
  switch (e.type) {
    case 'turn-start':
      return {
        seq: e.seq,
        kind: e.type,
        title: `turn starts in ${e.effectiveMode} mode`,
        detail: `${e.schemasUpFront} schemas up front (${e.catalogSchemasUpFront}${e.catalogSize !== undefined ? ` from the catalog of ${e.catalogSize}` : ' catalog tools'})${e.bytes ? `; ${e.bytes.total.toLocaleString('en-US')} bytes` : ''}${e.tokens ? `, ${e.tokens.total.toLocaleString('en-US')} tokens` : ''}${e.fallbackReason ? `; ${e.fallbackReason}` : ''}`,
        nested: false,
      };
    case 'model-request':
      return {
        seq: e.seq,
        kind: e.type,
        title: `request ${e.round} to the provider`,
        detail: `${e.bytes.toLocaleString('en-US')} bytes, ${e.tools} schemas; the reply ${e.toolCalls === 0 ? 'answered' : `asked for ${e.toolCalls} tool call${e.toolCalls === 1 ? '' : 's'}`}`,
        nested: false,
      };
    case 'model-call':
      return { seq: e.seq, kind: e.type, title: `model calls ${e.name}`, detail: e.error ? cut(e.error) : `${e.durationMs} ms`, ok: e.ok, nested: false };
    case 'search':
      return {
        seq: e.seq,
        kind: e.type,
        title: `search "${cut(e.query, 80)}"`,
        detail: e.error ? cut(e.error) : e.hits.length === 0 ? 'no hits' : `${e.hits.length} hits: ${list(e.hits)}`,
        ok: e.error === undefined,
        nested: e.parentCallId !== undefined,
      };
    case 'describe':
      return { seq: e.seq, kind: e.type, title: `describe ${e.idOrName}`, detail: e.error ? cut(e.error) : (e.id ?? e.idOrName), ok: e.error === undefined, nested: e.parentCallId !== undefined };
    case 'call': {
      const why = e.error ?? (e.blockedBy ? `blocked by ${e.blockedBy}` : undefined);
      return {
        seq: e.seq,
        kind: e.type,
        title: `call ${e.id ?? e.idOrName}`,
        detail: why ? cut(why) : `via ${e.via}, ${e.durationMs} ms${e.resultBytes !== undefined ? `, ${e.resultBytes.toLocaleString('en-US')} result bytes` : ''}`,
        ok: e.ok,
        nested: e.parentCallId !== undefined,
      };
    }
    case 'turn-end':
      return { seq: e.seq, kind: e.type, title: e.ok ? 'turn ends' : 'turn fails', detail: e.error ? cut(e.error) : '', ok: e.ok, nested: false };
  }
}

function finalCall(c: FinalCall): FinalCallView {
  return { id: c.id, name: c.name ?? c.id, origin: c.origin, via: c.via };
}

export function laneView(lane: LaneName, r: LaneReport, events: readonly SessionEvent[], logFile: string | undefined): LaneView {
  const s = r.summary;
  const steps = events.map(traceStep);
  return {
    lane,
    mode: r.mode,
    effectiveMode: r.effectiveMode,
    ...(r.fallbackReason ? { fallbackReason: r.fallbackReason } : {}),
    schemasUpFront: s.schemasUpFront ?? r.visibleTools.length,
    visibleTools: r.visibleTools.slice(0, MAX_VISIBLE_TOOLS),
    visibleOmitted: Math.max(0, r.visibleTools.length - MAX_VISIBLE_TOOLS),
    bytes: { tools: r.bytes.tools, prompt: r.bytes.prompt, total: r.bytes.total },
    ...(s.tokens ? { tokens: { tools: s.tokens.tools, prompt: s.tokens.prompt, total: s.tokens.total } } : {}),
    requests: r.requests.map((q) => ({ bytes: q.bytes, tools: q.tools.length })),
    searches: s.searchCount,
    describes: s.describeCount,
    calls: s.callCount,
    finalCalls: s.finalCalls.map(finalCall),
    failedCalls: s.failedCalls.map(finalCall),
    ...(r.finalText !== undefined ? { finalText: cut(r.finalText, 2000) } : {}),
    ...(r.error ? { error: cut(r.error) } : {}),
    trace: steps.slice(0, MAX_TRACE_STEPS),
    traceOmitted: Math.max(0, steps.length - MAX_TRACE_STEPS),
    ...(logFile ? { logFile } : {}),
  };
}

export interface CompareViewInput {
  report: ModeComparisonReport;
  events: Record<LaneName, readonly SessionEvent[]>;
  /** Each lane's session log as shown (workspace-relative when inside it). */
  logFiles: Partial<Record<LaneName, string>>;
  durationMs: number;
  sessionViewer: boolean;
  /** With a capture: its modes that sent no request, with why. */
  realMissing?: { mode: string; why: string }[];
}

export function toCompareView(input: CompareViewInput): CompareView {
  const { report } = input;
  return {
    provider: report.provider,
    prompt: report.prompt,
    lanes: {
      direct: laneView('direct', report.lanes.direct, input.events.direct, input.logFiles.direct),
      toolSearch: laneView('toolSearch', report.lanes.toolSearch, input.events.toolSearch, input.logFiles.toolSearch),
    },
    checks: report.checks.map((c) => ({ name: c.name, ok: c.ok, detail: cut(c.detail, 1000), ...(c.skipped ? { skipped: true as const } : {}) })),
    allOk: report.checks.length > 0 && report.checks.every((c) => c.ok || c.skipped === true),
    durationMs: Math.round(input.durationMs),
    sessionViewer: input.sessionViewer,
    ...(report.real
      ? {
          real: {
            version: report.real.version,
            source: report.real.source,
            mode: report.lanes.toolSearch.mode,
            ...(report.real.direct ? { direct: { bytes: report.real.direct.bytes, tools: report.real.direct.tools.length } } : {}),
            ...(report.real.toolSearch ? { toolSearch: { bytes: report.real.toolSearch.bytes, tools: report.real.toolSearch.tools.length } } : {}),
            missing: (input.realMissing ?? []).map((m) => ({ mode: m.mode, why: cut(m.why) })),
          },
        }
      : {}),
  };
}

function recordedLane(lane: LaneName, l: SessionLane, events: readonly SessionEvent[], logFile: string): LaneView {
  const s = l.summary;
  const steps = events.map(traceStep);
  const mode = l.mode ?? 'not recorded';
  return {
    lane,
    mode,
    effectiveMode: s.effectiveMode ?? mode,
    schemasUpFront: s.schemasUpFront ?? 0,
    visibleTools: [],
    visibleOmitted: 0,
    requests: [],
    searches: s.searchCount,
    describes: s.describeCount,
    calls: s.callCount,
    finalCalls: s.finalCalls.map(finalCall),
    failedCalls: s.failedCalls.map(finalCall),
    trace: steps.slice(0, MAX_TRACE_STEPS),
    traceOmitted: Math.max(0, steps.length - MAX_TRACE_STEPS),
    logFile,
  };
}

export interface RecordedViewInput {
  report: SessionComparison;
  events: Record<LaneName, readonly SessionEvent[]>;
  /** Each session's file as shown (workspace-relative when inside it). */
  files: Record<LaneName, string>;
  sessionViewer: boolean;
}

/** Two recorded runs side by side: the same panel, with what stores keep (no request sizes, no provider). */
export function toRecordedCompareView(input: RecordedViewInput): CompareView {
  const { report } = input;
  const versions = [...new Set([report.lanes.direct.openclawVersion, report.lanes.toolSearch.openclawVersion].filter((v): v is string => v !== undefined))];
  return {
    provider: 'recorded sessions',
    prompt: '',
    lanes: {
      direct: recordedLane('direct', report.lanes.direct, input.events.direct, input.files.direct),
      toolSearch: recordedLane('toolSearch', report.lanes.toolSearch, input.events.toolSearch, input.files.toolSearch),
    },
    checks: report.checks.map((c) => ({ name: c.name, ok: c.ok, detail: cut(c.detail, 1000) })),
    allOk: report.checks.length > 0 && report.checks.every((c) => c.ok),
    durationMs: 0,
    sessionViewer: input.sessionViewer,
    recorded: { direct: input.files.direct, toolSearch: input.files.toolSearch, versions },
  };
}
