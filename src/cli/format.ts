import type { Diagnostic } from '../core/types';
import { cutVisible, visibleText } from '../core/util/visibleText';

/**
 * Human-readable output never carries a control, bidi or invisible character
 * of its own: `runCli` writes every human line through `visibleLines`, and
 * the helpers here escape each untrusted value on its own line first
 * (`visibleText`), so a name or description cannot break a row either.
 * `--json` and data output (`snapshot` to stdout) are printed as they are.
 */

/** A plain text table with padded columns; the last column is not padded. Cells are shown with `visibleText`. */
export function table(headers: string[], rawRows: string[][]): string {
  const rows = rawRows.map((r) => r.map(visibleText));
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** One line of at most `max` characters: line breaks and runs of spaces become one space, hidden characters are escaped (never cut in half). */
export function truncate(s: string, max: number): string {
  const one = visibleText(s.replace(/[\t\n\r]+/g, ' ')).replace(/\s+/g, ' ').trim();
  return cutVisible(one, max);
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line !== undefined ? `${d.file}:${d.line}${d.column !== undefined ? `:${d.column}` : ''}` : d.file;
  return visibleText(`${where}: ${d.severity}: ${d.message}`);
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
