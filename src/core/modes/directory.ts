/**
 * The bounded in-prompt directory of `directory` mode: one line per deferred
 * tool, `- name (owner): description`. When it does not fit, descriptions
 * shrink (180 -> 64 -> 0 characters) before any row is dropped, and what was
 * cut is reported by name so "my tool is missing" has an answer.
 */

export const DIRECTORY_HEADING = '### Deferred Tool Schemas';
export const DIRECTORY_MAX_CHARS = 18000;
const MIN_MAX_CHARS = 768;
export const DESCRIPTION_STEPS: readonly number[] = [180, 64, 0];

export interface DirectoryRow {
  name: string;
  owner: string;
  description: string;
}

export interface DirectoryCut {
  /** The description length every row was cut to (180, 64 or 0). */
  descriptionLimit: number;
  /** Names whose description was shortened below its own length. */
  shortened: string[];
  /** Names left out entirely (they are still callable by exact name). */
  dropped: string[];
  /** Why anything was cut, in one line; absent when nothing was. */
  reason?: string;
}

export interface Directory extends DirectoryCut {
  text: string;
  shown: number;
  omitted: number;
  chars: number;
  maxChars: number;
}

/** The bound: 18,000 characters, or a tenth of a smaller context window (never under 768). */
export function directoryBound(contextTokens?: number): number {
  if (contextTokens === undefined || !Number.isFinite(contextTokens) || contextTokens <= 0) {
    return DIRECTORY_MAX_CHARS;
  }
  return Math.min(DIRECTORY_MAX_CHARS, Math.max(MIN_MAX_CHARS, Math.floor(contextTokens / 10)));
}

/** One line, no control characters: descriptions are untrusted and go into a prompt. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
}

function cut(text: string, max: number): string {
  if (text.length <= max) {
    return text;
  }
  // Keep whole code points; an ellipsis marks the cut.
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

function line(row: DirectoryRow, limit: number): string {
  const head = `- ${oneLine(row.name)} (${oneLine(row.owner)})`;
  const d = limit > 0 ? cut(oneLine(row.description), limit) : '';
  return d ? `${head}: ${d}` : head;
}

function footer(n: number): string {
  return `${n} additional tool${n === 1 ? '' : 's'} omitted`;
}

/** Builds the directory of `rows` (in the given order) within `maxChars`. */
export function buildDirectory(rows: readonly DirectoryRow[], maxChars = DIRECTORY_MAX_CHARS): Directory {
  const bound = Math.max(DIRECTORY_HEADING.length, Math.floor(maxChars));
  const descs = rows.map((r) => oneLine(r.description));
  let chosen = DESCRIPTION_STEPS[DESCRIPTION_STEPS.length - 1] ?? 0;
  let lines: string[] = [];
  for (const limit of DESCRIPTION_STEPS) {
    lines = rows.map((r) => line(r, limit));
    chosen = limit;
    if (total(lines) <= bound) {
      break;
    }
  }
  const shortened = rows.filter((_, i) => (descs[i] ?? '').length > chosen).map((r) => r.name);
  let kept = lines.length;
  if (total(lines) > bound) {
    // Drop rows from the end until the rows plus the footer fit.
    let size = DIRECTORY_HEADING.length;
    kept = 0;
    for (const l of lines) {
      const next = size + 1 + l.length;
      if (next + 1 + footer(lines.length - kept - 1).length > bound) {
        break;
      }
      size = next;
      kept++;
    }
  }
  const shownLines = lines.slice(0, kept);
  const omitted = rows.length - kept;
  const text = [DIRECTORY_HEADING, ...shownLines, ...(omitted > 0 ? [footer(omitted)] : [])].join('\n');
  const dropped = rows.slice(kept).map((r) => r.name);
  const droppedSet = new Set(dropped);
  let reason: string | undefined;
  if (omitted > 0) {
    reason = `${rows.length} tools do not fit in ${bound} characters even without descriptions; the last ${omitted} rows were dropped`;
  } else if (chosen < (DESCRIPTION_STEPS[0] ?? 180) || shortened.length > 0) {
    reason =
      chosen < (DESCRIPTION_STEPS[0] ?? 180)
        ? `${rows.length} tools with ${DESCRIPTION_STEPS[DESCRIPTION_STEPS.indexOf(chosen) - 1]}-character descriptions exceed ${bound} characters; descriptions cut to ${chosen}`
        : `descriptions longer than ${chosen} characters are cut`;
  }
  return {
    text,
    shown: kept,
    omitted,
    chars: text.length,
    maxChars: bound,
    descriptionLimit: chosen,
    shortened: shortened.filter((n) => !droppedSet.has(n)),
    dropped,
    ...(reason ? { reason } : {}),
  };
}

function total(lines: readonly string[]): number {
  let n = DIRECTORY_HEADING.length;
  for (const l of lines) {
    n += 1 + l.length;
  }
  return n;
}
