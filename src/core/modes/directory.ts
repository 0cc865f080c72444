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

// eslint-disable-next-line no-control-regex
const NEEDS_CLEANING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\s\s|^\s|\s$/;

/** One line, no control characters: descriptions are untrusted and go into a prompt. */
export function oneLine(text: string): string {
  if (!NEEDS_CLEANING.test(text)) {
    // Most names and descriptions are already clean; skip the rewrite.
    return text;
  }
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Cuts to at most `max` UTF-16 units, never splitting a surrogate pair; an ellipsis marks the cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) {
    return text;
  }
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) {
    end--;
  }
  return `${text.slice(0, end)}…`;
}

function footer(n: number): string {
  return `${n} additional tool${n === 1 ? '' : 's'} omitted`;
}

interface PreparedRow {
  name: string;
  head: string;
  desc: string;
}

/** Length of a row's line at a description limit, without building it. */
function lineLength(r: PreparedRow, limit: number): number {
  if (limit <= 0 || r.desc === '') {
    return r.head.length;
  }
  return r.head.length + 2 + Math.min(r.desc.length, limit);
}

function lineOf(r: PreparedRow, limit: number): string {
  return limit > 0 && r.desc !== '' ? `${r.head}: ${cut(r.desc, limit)}` : r.head;
}

/**
 * Builds the directory of `rows` (in the given order) within `maxChars`.
 * Sizes are computed arithmetically per step and only the kept lines are
 * built, so a 10,000-tool catalog costs one pass per step.
 */
export function buildDirectory(rows: readonly DirectoryRow[], maxChars = DIRECTORY_MAX_CHARS): Directory {
  // The heading and the footer must always fit, or omissions would go unsaid.
  const floor = rows.length > 0 ? DIRECTORY_HEADING.length + 1 + footer(rows.length).length : DIRECTORY_HEADING.length;
  const bound = Math.max(floor, Math.floor(Number.isFinite(maxChars) ? maxChars : DIRECTORY_MAX_CHARS));
  const prepared: PreparedRow[] = rows.map((r) => ({ name: r.name, head: `- ${oneLine(r.name)} (${oneLine(r.owner)})`, desc: oneLine(r.description) }));
  const sizeAt = (limit: number): number => {
    let n = DIRECTORY_HEADING.length;
    for (const r of prepared) {
      n += 1 + lineLength(r, limit);
    }
    return n;
  };
  const first = DESCRIPTION_STEPS[0] ?? 180;
  let chosen = DESCRIPTION_STEPS[DESCRIPTION_STEPS.length - 1] ?? 0;
  let fits = false;
  let previous = first;
  for (const limit of DESCRIPTION_STEPS) {
    chosen = limit;
    if (sizeAt(limit) <= bound) {
      fits = true;
      break;
    }
    previous = limit;
  }
  let kept = prepared.length;
  if (!fits) {
    // Drop rows from the end until the rows plus the footer fit.
    let size = DIRECTORY_HEADING.length;
    kept = 0;
    for (const r of prepared) {
      const next = size + 1 + lineLength(r, chosen);
      if (next + 1 + footer(prepared.length - kept - 1).length > bound) {
        break;
      }
      size = next;
      kept++;
    }
  }
  const shownLines = prepared.slice(0, kept).map((r) => lineOf(r, chosen));
  const omitted = rows.length - kept;
  const text = [DIRECTORY_HEADING, ...shownLines, ...(omitted > 0 ? [footer(omitted)] : [])].join('\n');
  const dropped = prepared.slice(kept).map((r) => r.name);
  const shortened = prepared.slice(0, kept).filter((r) => r.desc.length > chosen).map((r) => r.name);
  let reason: string | undefined;
  if (omitted > 0) {
    reason = `${rows.length} tools do not fit in ${bound} characters even without descriptions; the last ${omitted} rows were dropped`;
  } else if (chosen < first) {
    reason = `${rows.length} tools with ${previous}-character descriptions exceed ${bound} characters; descriptions cut to ${chosen}`;
  } else if (shortened.length > 0) {
    reason = `descriptions longer than ${chosen} characters are cut`;
  }
  return {
    text,
    shown: kept,
    omitted,
    chars: text.length,
    maxChars: bound,
    descriptionLimit: chosen,
    shortened,
    dropped,
    ...(reason ? { reason } : {}),
  };
}

