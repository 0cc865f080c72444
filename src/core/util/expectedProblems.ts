import type { Diagnostic } from '../types';

/**
 * A problem a file says it has on purpose: an example, a fixture, the demo.
 * A line comment `// @expected-problem WHY` on the problem's line, or on the
 * comment lines right above it, marks it. Problems then lists it as an
 * information labelled with the file's own reason, so a folder that shows
 * failures on purpose does not open on "2 errors". Like `@ts-expect-error`, a
 * marker with no problem under it is itself reported, so a fixed problem
 * does not leave a stale excuse behind.
 */

const MARKER = /\/\/\s*@expected-problem\b[ \t:]*(.*)$/;

interface Marker {
  /** 0-based line of the comment. */
  line: number;
  reason: string;
  /** 0-based lines it covers: its own, and the first non-comment line below it. */
  covers: readonly number[];
}

function markersOf(text: string): Marker[] {
  const lines = text.split(/\r?\n/);
  const out: Marker[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = MARKER.exec(lines[i] ?? '');
    if (!m) {
      continue;
    }
    const covers = [i];
    // A marker alone on its line covers the first line of code below the comment block it sits in.
    if (/^\s*\/\//.test(lines[i] ?? '')) {
      let j = i + 1;
      while (j < lines.length && /^\s*(\/\/.*)?$/.test(lines[j] ?? '')) {
        j++;
      }
      if (j < lines.length) {
        covers.push(j);
      }
    }
    out.push({ line: i, reason: (m[1] ?? '').trim(), covers });
  }
  return out;
}

/**
 * The diagnostics with those a marker covers relabelled, plus one warning per
 * marker that covered none. `textOf` gives a file's text by the name the
 * diagnostics use (undefined when it cannot be read: nothing is relabelled).
 */
export function applyExpectedProblems(diagnostics: readonly Diagnostic[], textOf: (file: string) => string | undefined): Diagnostic[] {
  const byFile = new Map<string, Marker[]>();
  const used = new Set<Marker>();
  const out = diagnostics.map((d): Diagnostic => {
    const line = d.line;
    if (line === undefined) {
      return d;
    }
    let markers = byFile.get(d.file);
    if (!markers) {
      const text = textOf(d.file);
      markers = text === undefined ? [] : markersOf(text);
      byFile.set(d.file, markers);
    }
    // A marker on the problem's own line comes before one above it.
    const marker = markers.find((m) => m.line === line - 1) ?? markers.find((m) => m.covers.includes(line - 1));
    if (!marker) {
      return d;
    }
    used.add(marker);
    const why = marker.reason === '' ? '' : ` (${marker.reason})`;
    return { ...d, severity: 'info', expected: marker.reason, message: `Intentional${why}: ${d.message}` };
  });
  for (const [file, markers] of byFile) {
    for (const m of markers) {
      if (!used.has(m)) {
        out.push({ file, line: m.line + 1, severity: 'warning', message: '@expected-problem marks no problem here any more: remove the comment, or put it on the line the problem is at' });
      }
    }
  }
  return out;
}
