import type { JsonPath } from '../config/json5Document';

/**
 * A capture turn runs on a scratch copy of the user's config (JSON, laid out
 * by the capture), so OpenClaw's own errors cite the copy's lines
 * (`openclaw.json:282 — env: Unrecognized key`). The copy records which
 * config path each of its lines holds; a cited line is then mapped to the
 * line of the same path (or its nearest parent) in the user's file.
 */

export interface ScratchText {
  /** `JSON.stringify(value, null, 2)` plus a final newline: the same bytes. */
  text: string;
  /** The path each line holds (index 0 is line 1): the key or element that starts there. */
  paths: JsonPath[];
}

/** The user's side of the map: their file as messages name it, and the line of a path in it. */
export interface SourceLines {
  file: string;
  line: (path: JsonPath) => number | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Serializes as `JSON.stringify(value, null, 2)` does, noting each line's path. */
export function scratchText(value: unknown): ScratchText {
  const lines: string[] = [];
  const paths: JsonPath[] = [];
  const push = (text: string, at: JsonPath): void => {
    lines.push(text);
    paths.push(at);
  };
  // `prefix` is what goes before the value on its first line (indent and key); `suffix` the comma.
  const write = (v: unknown, at: JsonPath, indent: string, prefix: string, suffix: string): void => {
    const children: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : isObject(v) ? Object.entries(v).filter(([, x]) => x !== undefined && typeof x !== 'function') : [];
    if ((!Array.isArray(v) && !isObject(v)) || children.length === 0) {
      push(`${prefix}${JSON.stringify(v) ?? 'null'}${suffix}`, at);
      return;
    }
    const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
    push(`${prefix}${open}`, at);
    children.forEach(([k, x], i) => {
      const inner = `${indent}  `;
      write(x === undefined ? null : x, [...at, k], inner, `${inner}${typeof k === 'string' ? `${JSON.stringify(k)}: ` : ''}`, i < children.length - 1 ? ',' : '');
    });
    push(`${indent}${close}${suffix}`, at);
  };
  write(value, [], '', '', '');
  return { text: `${lines.join('\n')}\n`, paths };
}

/** The user's line for a line of the scratch copy: its path's, else the nearest parent's that the user's file has. */
export function userLineOf(scratch: ScratchText, scratchLine: number, source: SourceLines): number | undefined {
  const at = scratch.paths[scratchLine - 1];
  if (at === undefined) {
    return undefined;
  }
  for (let n = at.length; n > 0; n--) {
    const line = source.line(at.slice(0, n));
    if (line !== undefined) {
      return line;
    }
  }
  return undefined;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `text` with every `<scratch path>:N` and `<scratch file name>:N` (how
 * OpenClaw cites a config line) replaced by the user's `file:line`; a line
 * the user's file has no counterpart for keeps its number, marked as the
 * scratch copy's.
 */
export function mapScratchLines(text: string, scratchPath: string, scratchName: string, scratch: ScratchText, source: SourceLines): string {
  const pattern = new RegExp(`(${escapeRegExp(scratchPath)}|(?<![\\w./-])${escapeRegExp(scratchName)}):(\\d+)`, 'g');
  const mapped = text.replace(pattern, (whole, _file: string, n: string) => {
    const line = userLineOf(scratch, Number(n), source);
    return line === undefined ? `${whole} (the capture's copy)` : `${source.file}:${line}`;
  });
  // The copy's path itself (`File: /tmp/tsi-capture-.../openclaw.json`) names the user's file.
  return mapped.split(scratchPath).join(source.file);
}
