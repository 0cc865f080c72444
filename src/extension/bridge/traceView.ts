import type { IsolationReport } from '../../core/bridge/isolation';
import { runOutcome } from '../../core/bridge/runOutcome';
import type { RunReport, TraceEntry } from '../../core/bridge/runReport';
import type { CodeModeExec } from '../../core/bridge/codeModeRun';
import { boundValue, boundedText } from '../../core/util/boundedValue';
import type { ContainmentRow, IsolationView, OutcomeView, TraceReportView, TraceRow } from '../../webview/shared/traceProtocol';

/** Past this a value is cut: the panel is for reading, the full value is in the command's return. */
const MAX_TEXT = 20_000;
/** Past this a value is not rendered at all (it is still in the command's return). */
const MAX_VALUE_CHARS = 2_000_000;

/**
 * A value as panel text. Walked by the bounded (iterative) sanitizer first,
 * so a deep or huge value can neither overflow the stack nor be
 * pretty-printed into megabytes before it is cut.
 */
export function text(v: unknown): string {
  if (v === undefined) {
    return '(undefined)';
  }
  const b = boundValue(v, { maxJsonChars: MAX_VALUE_CHARS });
  if (!b.ok) {
    return `(not shown: ${b.problem})`;
  }
  const s = b.prettyChars <= MAX_TEXT ? JSON.stringify(b.value, null, 2) : JSON.stringify(b.value);
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}\n… (${s.length - MAX_TEXT} more characters)` : s;
}

export function isolationView(iso: IsolationReport): IsolationView {
  const row = (capability: ContainmentRow['capability'], c: IsolationReport['fs']): ContainmentRow => ({
    capability,
    contained: c.contained,
    layer: [c.layer, ...(c.behind ?? [])].join(', then '),
    detail: c.detail,
  });
  const optional = (capability: ContainmentRow['capability'], c: IsolationReport['signals']): ContainmentRow[] => (c ? [row(capability, c)] : []);
  return {
    ok: iso.ok,
    ...(iso.reason ? { reason: iso.reason } : {}),
    node: iso.node,
    nodePath: iso.nodePath,
    flags: iso.flags,
    entry: iso.entry,
    containment: [
      row('file system', iso.fs),
      row('network', iso.net),
      row('child process', iso.childProcess),
      row('worker', iso.worker),
      row('environment', iso.env),
    ],
    ...(iso.signals || iso.identity || iso.channel
      ? { hostContainment: [...optional('signals', iso.signals), ...optional('host identity', iso.identity), ...optional('host channel', iso.channel)] }
      : {}),
    codeGenerationBlocked: iso.context.codeGenerationBlocked,
    wasmBlocked: iso.context.wasmBlocked,
    forbiddenGlobals: iso.context.forbiddenGlobals,
    ...(iso.context.checkedGlobals ? { checkedGlobals: iso.context.checkedGlobals } : {}),
    ...(iso.realm
      ? {
          realm: {
            attempts: iso.realm.attempts,
            escapes: iso.realm.escapes,
            intrinsicsFrozen: iso.realm.intrinsicsFrozen,
            residue: [...iso.realm.processResidue.map((k) => `process.${k}`), ...iso.realm.globalResidue],
          },
        }
      : {}),
  };
}

/**
 * The snippet line of an entry, when the run recorded one. Read without
 * assuming the field: runs that do not track lines simply have none.
 */
function lineOf(t: TraceEntry): number | undefined {
  const line: unknown = 'line' in t ? t.line : undefined;
  return typeof line === 'number' && Number.isInteger(line) && line > 0 ? line : undefined;
}

/** Where a run came from and how it ended, beyond the report itself. */
export interface TraceViewOptions {
  /** The user pressed Cancel (the editor knows; the report may only say the child was killed). */
  cancelled?: boolean;
  /** The document the run came from (a URI string). */
  documentUri?: string;
  /** Lines before the run's first line in that document (a selection run), so entry lines are document lines. */
  lineOffset?: number;
  /** When the run finished. */
  at?: Date;
}

/** The run report as the panel shows it: plain data, values pre-rendered as JSON text, one outcome. */
/** A Code Mode run: the bridge's trace, and every result the model would read (exec's, then each wait's). */
export function toCodeModeTraceView(report: RunReport, legs: readonly CodeModeExec[], source: string, options: TraceViewOptions = {}): TraceReportView {
  return {
    ...toTraceView(report, source, options),
    codeMode: {
      legs: legs.map((l, i) => ({ tool: i === 0 ? 'exec' : 'wait', status: l.result.status, json: boundedText(JSON.stringify(l.result, null, 2), MAX_TEXT) })),
      untrusted: legs.some((l) => l.untrusted),
    },
  };
}

export function toTraceView(report: RunReport, source: string, options: TraceViewOptions | boolean = {}): TraceReportView {
  const opts: TraceViewOptions = typeof options === 'boolean' ? { cancelled: options } : options;
  const trace: TraceRow[] = report.trace.map((t) => {
    const line = lineOf(t);
    const at = line !== undefined ? { line: line + (opts.lineOffset ?? 0) } : {};
    return t.op === 'log'
      ? { seq: t.seq, op: 'log', level: t.level, args: boundedText(t.text, MAX_TEXT), ok: true, startMs: t.startMs, durationMs: 0, ...at }
      : {
          seq: t.seq,
          op: t.op,
          args: text(t.args),
          ok: t.ok,
          ...(t.ok ? { result: text(t.result) } : { error: boundedText(t.error ?? 'failed', MAX_TEXT) }),
          startMs: t.startMs,
          durationMs: t.durationMs,
          ...(t.callId ? { callId: t.callId } : {}),
          ...at,
        };
  });
  const tel = report.telemetry;
  const o = runOutcome(report, opts.cancelled === true);
  const outcome: OutcomeView = { kind: o.kind, title: o.title, ...(o.detail !== undefined ? { detail: boundedText(o.detail, MAX_TEXT) } : {}) };
  return {
    source,
    ...(opts.documentUri ? { documentUri: opts.documentUri } : {}),
    at: (opts.at ?? new Date()).toISOString(),
    ok: report.ok,
    outcome,
    ...(report.ok ? { value: text(report.value) } : { error: boundedText(report.error ?? 'the run failed', MAX_TEXT) }),
    ...(report.stoppedBy ? { stoppedBy: report.stoppedBy } : {}),
    trace,
    telemetry: { catalogSize: tel.catalogSize, searchCount: tel.searchCount, describeCount: tel.describeCount, callCount: tel.callCount },
    isolation: isolationView(report.isolation),
    warm: report.warm,
    durationMs: report.durationMs,
  };
}
