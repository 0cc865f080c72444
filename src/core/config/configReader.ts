import { distance } from 'fastest-levenshtein';
import type { Diagnostic, Severity } from '../types';
import type { Json5Document, JsonPath } from './json5Document';

/**
 * Typed, forgiving access into a parsed config. A value of the wrong type is
 * reported (with its line) and treated as absent, so one bad key never stops
 * the rest of the config from applying.
 */
export class ConfigReader {
  readonly diagnostics: Diagnostic[] = [];
  // A value found wrong once (by the reader that uses it or by the schema check) is not reported again.
  private readonly reported = new Set<string>();

  /**
   * @param doc the parsed document; `doc.file` is the display name
   * @param absFile the absolute path, for resolving paths written in the config
   */
  constructor(readonly doc: Json5Document, readonly absFile: string = doc.file) {}

  get file(): string {
    return this.doc.file;
  }

  raw(path: JsonPath): unknown {
    let cur: unknown = this.doc.value;
    for (const p of path) {
      if (cur === null || typeof cur !== 'object') {
        return undefined;
      }
      cur = (cur as Record<string | number, unknown>)[p];
    }
    return cur;
  }

  report(path: JsonPath, severity: Severity, message: string, key = false): void {
    if (severity === 'error') {
      const k = JSON.stringify(path);
      if (this.reported.has(k)) {
        return;
      }
      this.reported.add(k);
    }
    const pos = this.doc.locate(path, key);
    this.diagnostics.push({ file: this.doc.file, line: pos?.line, column: pos?.column, severity, message });
  }

  line(path: JsonPath): number | undefined {
    return this.doc.locate(path)?.line;
  }

  private typeError(path: JsonPath, expected: string, value: unknown): void {
    const got = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
    this.report(path, 'error', `${dotted(path)} must be ${expected}, got ${got}; ignored`);
  }

  object(path: JsonPath): Record<string, unknown> | undefined {
    const v = this.raw(path);
    if (v === undefined) {
      return undefined;
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      this.typeError(path, 'an object', v);
      return undefined;
    }
    return v as Record<string, unknown>;
  }

  string(path: JsonPath): string | undefined {
    const v = this.raw(path);
    if (v === undefined) {
      return undefined;
    }
    if (typeof v !== 'string') {
      this.typeError(path, 'a string', v);
      return undefined;
    }
    return v;
  }

  boolean(path: JsonPath): boolean | undefined {
    const v = this.raw(path);
    if (v === undefined) {
      return undefined;
    }
    if (typeof v !== 'boolean') {
      this.typeError(path, 'true or false', v);
      return undefined;
    }
    return v;
  }

  number(path: JsonPath): number | undefined {
    const v = this.raw(path);
    if (v === undefined) {
      return undefined;
    }
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      this.typeError(path, 'a finite number', v);
      return undefined;
    }
    return v;
  }

  /** An array of strings; non-string elements are reported and dropped. */
  stringArray(path: JsonPath): string[] | undefined {
    const v = this.raw(path);
    if (v === undefined) {
      return undefined;
    }
    if (!Array.isArray(v)) {
      this.typeError(path, 'an array of strings', v);
      return undefined;
    }
    const out: string[] = [];
    v.forEach((el, i) => {
      if (typeof el === 'string') {
        out.push(el);
      } else {
        this.typeError([...path, i], 'a string', el);
      }
    });
    return out;
  }

  /** Reports keys of the object at `path` that are not in `known`. */
  checkKeys(path: JsonPath, known: readonly string[]): void {
    const v = this.raw(path);
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      return;
    }
    for (const k of Object.keys(v)) {
      if (!known.includes(k)) {
        const hint = closest(k, known);
        this.report([...path, k], 'warning', `unknown key ${dotted([...path, k])}${hint ? ` (did you mean "${hint}"?)` : ''}; ignored`, true);
      }
    }
  }
}

export function dotted(path: JsonPath): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : p)).join('.').replace(/\.\[/g, '[');
}

/**
 * A did-you-mean only when it is really close: the same word in another case,
 * or at most two edits away and no more than a third of the word.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  const limit = Math.min(2, Math.floor(word.length / 3));
  let best: { c: string; d: number } | undefined;
  for (const c of candidates) {
    const d = c.toLowerCase() === lower ? 0 : distance(lower, c.toLowerCase());
    if (d <= limit && (!best || d < best.d)) {
      best = { c, d };
    }
  }
  return best?.c;
}
