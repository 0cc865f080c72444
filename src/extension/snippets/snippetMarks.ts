import type { RunReport, TraceEntry } from '../../core/bridge/runReport';

// What a run says about the lines of its document: the diagnostics and the
// inline notes. Pure, so the rules are unit-tested without an editor.

export type MarkSeverity = 'error' | 'warning';

/** A problem on a document line (0-based), for the Problems view and squiggles. */
export interface SnippetProblem {
  line: number;
  severity: MarkSeverity;
  message: string;
}

/** The inline note after a line's end (0-based line). */
export interface SnippetNote {
  line: number;
  text: string;
  failed: boolean;
}

export interface SnippetMarks {
  problems: SnippetProblem[];
  notes: SnippetNote[];
}

/** Notes are one line each: long values are cut. */
export const NOTE_CHARS = 120;

export function clip(text: string, max = NOTE_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function preview(value: unknown): string {
  if (value === undefined) {
    return 'undefined';
  }
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return '(a value that cannot be shown)';
  }
}

/** One entry's short note: what it returned or why it failed. */
function entryNote(t: TraceEntry): string {
  if (t.op === 'log') {
    return `console.${t.level}: ${t.text}`;
  }
  if (!t.ok) {
    return `${t.op} failed: ${t.error ?? 'failed'}`;
  }
  if (t.op === 'search' && Array.isArray(t.result)) {
    const names = t.result.map((h) => (h !== null && typeof h === 'object' && typeof (h as { id?: unknown }).id === 'string' ? (h as { id: string }).id : '?'));
    return `search: ${names.length} hit${names.length === 1 ? '' : 's'}${names.length ? ` (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''})` : ''}`;
  }
  return `${t.op} → ${preview(t.result)}`;
}

/**
 * The marks of one run. `lineOffset`: document line = snippet line +
 * lineOffset (0 for a whole file); `lastLine`: the document's last line
 * (0-based), where a run's value is shown when it ends well.
 */
export function snippetMarks(report: Pick<RunReport, 'ok' | 'value' | 'error' | 'errorLine' | 'trace'>, lineOffset: number, lastLine: number): SnippetMarks {
  const toDoc = (snippetLine: number): number => Math.min(Math.max(snippetLine - 1 + lineOffset, 0), Math.max(lastLine, 0));
  const problems: SnippetProblem[] = [];
  const byLine = new Map<number, { texts: string[]; failed: boolean }>();
  const note = (line: number, text: string, failed: boolean): void => {
    const n = byLine.get(line) ?? { texts: [], failed: false };
    n.texts.push(text);
    n.failed ||= failed;
    byLine.set(line, n);
  };
  for (const t of report.trace) {
    if (t.line === undefined) {
      continue;
    }
    const line = toDoc(t.line);
    note(line, entryNote(t), !t.ok || (t.op === 'log' && t.level === 'error'));
    if (t.op !== 'log' && !t.ok) {
      problems.push({ line, severity: 'warning', message: `openclaw.tools.${t.op} failed: ${t.error ?? 'failed'}` });
    }
  }
  if (!report.ok && report.errorLine !== undefined) {
    const line = toDoc(report.errorLine);
    const error = report.error ?? 'the run failed';
    problems.push({ line, severity: 'error', message: error });
    note(line, `✗ ${error}`, true);
  } else if (report.ok) {
    note(Math.max(lastLine, 0), `⇒ returned ${preview(report.value)}`, false);
  }
  const notes = [...byLine.entries()]
    .sort(([a], [b]) => a - b)
    .map(([line, n]) => ({ line, failed: n.failed, text: clip(n.texts.length > 3 ? `${n.texts.slice(0, 3).join('; ')}; +${n.texts.length - 3} more` : n.texts.join('; ')) }));
  return { problems, notes };
}
