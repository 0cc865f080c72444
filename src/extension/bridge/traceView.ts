import type { IsolationReport } from '../../core/bridge/isolation';
import type { RunReport } from '../../core/bridge/runReport';
import type { ContainmentRow, IsolationView, TraceReportView, TraceRow } from '../../webview/shared/traceProtocol';

/** Past this a value is cut: the panel is for reading, the full value is in the command's return. */
const MAX_TEXT = 20_000;

function text(v: unknown): string {
  let s: string;
  try {
    s = v === undefined ? '(undefined)' : JSON.stringify(v, null, 2) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}\n… (${s.length - MAX_TEXT} more characters)` : s;
}

export function isolationView(iso: IsolationReport): IsolationView {
  const row = (capability: ContainmentRow['capability'], c: IsolationReport['fs']): ContainmentRow => ({ capability, contained: c.contained, layer: c.layer, detail: c.detail });
  return {
    ok: iso.ok,
    ...(iso.reason ? { reason: iso.reason } : {}),
    node: iso.node,
    nodePath: iso.nodePath,
    flags: iso.flags,
    entry: iso.entry,
    ...(iso.snapshotError ? { snapshotError: iso.snapshotError } : {}),
    containment: [row('file system', iso.fs), row('network', iso.net), row('child process', iso.childProcess), row('worker', iso.worker), row('environment', iso.env)],
    codeGenerationBlocked: iso.context.codeGenerationBlocked,
    wasmBlocked: iso.context.wasmBlocked,
    forbiddenGlobals: iso.context.forbiddenGlobals,
  };
}

/** The run report as the panel shows it: plain data, values pre-rendered as JSON text. */
export function toTraceView(report: RunReport, source: string, cancelled = false): TraceReportView {
  const trace: TraceRow[] = report.trace.map((t) =>
    t.op === 'log'
      ? { seq: t.seq, op: 'log', level: t.level, args: t.text, ok: true, startMs: t.startMs, durationMs: 0 }
      : {
          seq: t.seq,
          op: t.op,
          args: text(t.args),
          ok: t.ok,
          ...(t.ok ? { result: text(t.result) } : { error: t.error ?? 'failed' }),
          startMs: t.startMs,
          durationMs: t.durationMs,
          ...(t.callId ? { callId: t.callId } : {}),
        },
  );
  const tel = report.telemetry;
  return {
    source,
    ok: report.ok,
    ...(report.ok ? { value: text(report.value) } : { error: report.error ?? 'the run failed' }),
    ...(report.stoppedBy ? { stoppedBy: report.stoppedBy } : {}),
    ...(cancelled ? { cancelled } : {}),
    trace,
    telemetry: { catalogSize: tel.catalogSize, searchCount: tel.searchCount, describeCount: tel.describeCount, callCount: tel.callCount },
    isolation: isolationView(report.isolation),
    warm: report.warm,
    durationMs: report.durationMs,
  };
}
