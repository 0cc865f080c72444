// The saved-trace file (`*.tstrace.json`): a versioned envelope around the
// view the Bridge Trace panel showed. Pure (no vscode), so the format is
// unit-tested. Values in the view are already bounded text; reading checks
// the shape and the size again, since a file can come from anywhere.
import { parseBoundedJson } from '../../core/util/boundedValue';
import { READ_LIMITS } from '../../core/util/readLimits';
import { isTraceReportView, type TraceReportView } from '../../webview/shared/traceProtocol';

export const TRACE_FILE_EXTENSION = '.tstrace.json';
export const TRACE_FILE_FORMAT = 'tool-search-inspector/bridge-trace';
export const TRACE_FILE_VERSION = 1;
/** A trace file larger than this is not read (a run's own caps keep real ones far smaller). */
export const MAX_TRACE_FILE_CHARS = READ_LIMITS.traceFileChars;
/** The panel cuts its texts at 20,000 characters (plus a marker); a longer one is not from us. */
const MAX_FIELD_CHARS = 20_100;

export interface TraceFile {
  format: typeof TRACE_FILE_FORMAT;
  version: typeof TRACE_FILE_VERSION;
  savedAt: string;
  /** The product version that wrote it. */
  writer?: string;
  report: TraceReportView;
}

export function traceFileText(report: TraceReportView, savedAt: Date, writer?: string): string {
  const file: TraceFile = { format: TRACE_FILE_FORMAT, version: TRACE_FILE_VERSION, savedAt: savedAt.toISOString(), ...(writer ? { writer } : {}), report };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** A name for the file from what ran: `bridge-trace-<source>.tstrace.json`. */
export function traceFileName(source: string): string {
  const stem = source.replace(/\.[cm]?js$/i, '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'snippet';
  return `bridge-trace-${stem}${TRACE_FILE_EXTENSION}`;
}

export type TraceFileRead = { ok: true; file: TraceFile } | { ok: false; error: string };

/** Reads a trace file; every problem is an error message, never a throw. */
export function readTraceFile(text: string): TraceFileRead {
  // Bounded parse: a hostile file can be neither too deep for the host's stack nor hold a huge string.
  const parsed = parseBoundedJson(text, 'the file', { maxDepth: 16, maxNodes: 2_000_000, maxStringChars: MAX_FIELD_CHARS * 2, maxJsonChars: MAX_TRACE_FILE_CHARS });
  if (!parsed.ok) {
    return { ok: false, error: parsed.problem };
  }
  const raw = parsed.value;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, error: 'not a saved trace: the file is not a JSON object' };
  }
  const r = raw;
  if (r.format !== TRACE_FILE_FORMAT) {
    return { ok: false, error: `not a saved trace: "format" is not "${TRACE_FILE_FORMAT}"` };
  }
  if (r.version !== TRACE_FILE_VERSION) {
    return { ok: false, error: `saved trace version ${JSON.stringify(r.version)} is not one this version reads (${TRACE_FILE_VERSION})` };
  }
  const report: unknown = r.report;
  if (!isTraceReportView(report)) {
    return { ok: false, error: 'the saved trace has no readable report (ok, source, outcome, trace, telemetry, isolation)' };
  }
  if (!report.trace.every((row) => typeof row === 'object' && row !== null && typeof (row as { seq?: unknown }).seq === 'number' && typeof (row as { op?: unknown }).op === 'string' && typeof (row as { args?: unknown }).args === 'string')) {
    return { ok: false, error: 'the saved trace has a malformed trace entry' };
  }
  return {
    ok: true,
    file: {
      format: TRACE_FILE_FORMAT,
      version: TRACE_FILE_VERSION,
      savedAt: typeof r.savedAt === 'string' ? r.savedAt : '',
      ...(typeof r.writer === 'string' ? { writer: r.writer } : {}),
      report,
    },
  };
}
