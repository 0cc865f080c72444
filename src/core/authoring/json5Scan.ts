/**
 * A forgiving JSON5 scanner for editing: it never throws and keeps going
 * past errors, because the document under the cursor is usually half
 * written. It yields every key and scalar value with its path and offsets,
 * and the syntactic context at any offset (which object or array the cursor
 * is in, and whether a key or a value goes there). The strict parse with
 * positions stays in config/json5Document.ts; this is for completions,
 * hovers and diagnostics while typing.
 */

export type ScanPath = ReadonlyArray<string | number>;

/** A key or a scalar value as written. */
export interface ScannedLeaf {
  kind: 'key' | 'value';
  /** Path of the value (for a key: of the value it names). */
  path: ScanPath;
  /** The decoded text (string contents without quotes, or the bare word). */
  text: string;
  /** Offsets of the whole token, quotes included. */
  start: number;
  end: number;
  quote?: '"' | "'";
}

/** What goes at an offset: a key of the object at `path`, or a value at `path`. */
export interface CursorContext {
  /** The object or array the cursor is directly in (empty for the top level). */
  container: 'object' | 'array' | 'top';
  containerPath: ScanPath;
  position: 'key' | 'value';
  /** For a value: its path (the key it belongs to, or the array index). */
  valuePath?: ScanPath;
  /** The token the cursor touches, when there is one (a partly typed key or string). */
  token?: ScannedLeaf;
  /** Keys already written in the enclosing object. */
  siblingKeys: readonly string[];
}

/** A value as written: a container from its bracket to its closing one, or a scalar token. */
export interface ScannedValue {
  path: ScanPath;
  kind: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'other';
  start: number;
  /** End offset; an unclosed container ends where the text does. */
  end: number;
  /** The key that names it, for a member of an object. */
  key?: ScannedLeaf;
  /** A scalar's text. */
  text?: string;
}

export interface ScanResult {
  leaves: ScannedLeaf[];
  /** Every value, containers after their contents (in order of their end). */
  values: ScannedValue[];
  /** Block comments, for folding. */
  comments: { start: number; end: number }[];
}

interface Frame {
  kind: 'object' | 'array';
  path: (string | number)[];
  start: number;
  /** The key naming this container in its parent object. */
  ownKey?: ScannedLeaf;
  /** The last key leaf read in this object (names the next value). */
  keyLeaf?: ScannedLeaf;
  /** object: `key` wants a key, `colon` has one, `value` wants its value, `after` has it. */
  phase: 'key' | 'colon' | 'value' | 'after';
  key?: string;
  index: number;
  keys: string[];
}

const WORD = /[A-Za-z0-9_$+\-.\u0080-\uffff]/;

function decodeString(body: string): string {
  return body.replace(/\\(?:u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|(\r\n|\r|\n|\u2028|\u2029)|(.))/g, (_m, u: string | undefined, x: string | undefined, nl: string | undefined, c: string | undefined) => {
    if (u !== undefined) {
      return String.fromCharCode(parseInt(u, 16));
    }
    if (x !== undefined) {
      return String.fromCharCode(parseInt(x, 16));
    }
    if (nl !== undefined) {
      return '';
    }
    const simple: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '0': '\0' };
    return c !== undefined ? simple[c] ?? c : '';
  });
}

/**
 * Scans `text`; when `offset` is given, also reports the context there.
 * Offsets are UTF-16 code units, as VS Code's `offsetAt` gives them.
 */
export function scanJson5(text: string, offset?: number): ScanResult & { context?: CursorContext } {
  return new Json5Scanner(text, offset).scan();
}

/** Inside a comment: nothing to offer. */
function inComment(): CursorContext {
  return { container: 'top', containerPath: [], position: 'value', siblingKeys: [] };
}

/** One scan: the open containers, what was read, and the context at `offset` once found. */
class Json5Scanner {
  private readonly leaves: ScannedLeaf[] = [];
  private readonly values: ScannedValue[] = [];
  private readonly comments: { start: number; end: number }[] = [];
  private readonly stack: Frame[] = [];
  private topDone = false;
  private context: CursorContext | undefined;

  constructor(private readonly text: string, private readonly offset: number | undefined) {}

  scan(): ScanResult & { context?: CursorContext } {
    const n = this.text.length;
    let i = 0;
    while (i < n) {
      if (this.offset !== undefined && this.context === undefined && i >= this.offset) {
        this.context = this.contextHere();
      }
      i = this.step(i);
    }
    if (this.offset !== undefined && this.context === undefined) {
      this.context = this.contextHere();
    }
    while (this.stack.length > 0) {
      this.close(n);
    }
    return { leaves: this.leaves, values: this.values, comments: this.comments, context: this.context };
  }

  /** Reads the token at `i`; returns where the next one starts. */
  private step(i: number): number {
    const text = this.text;
    const c = text.charAt(i);
    if (c === '/' && text.charAt(i + 1) === '/') {
      return this.lineComment(i);
    }
    if (c === '/' && text.charAt(i + 1) === '*') {
      return this.blockComment(i);
    }
    if (c === '"' || c === "'") {
      return this.quoted(i, c);
    }
    if (c === '{' || c === '[') {
      const p = this.valuePath() ?? [];
      const parent = this.top();
      this.stack.push({ kind: c === '{' ? 'object' : 'array', path: p, start: i, ownKey: parent?.kind === 'object' ? parent.keyLeaf : undefined, phase: 'key', index: 0, keys: [] });
      return i + 1;
    }
    if (c === '}' || c === ']') {
      this.closer(i, c === '}' ? 'object' : 'array');
      return i + 1;
    }
    if (c === ':') {
      const f = this.top();
      if (f?.kind === 'object') {
        f.phase = 'value';
      }
      return i + 1;
    }
    if (c === ',') {
      this.comma();
      return i + 1;
    }
    if (WORD.test(c)) {
      let j = i + 1;
      while (j < text.length && WORD.test(text.charAt(j))) {
        j++;
      }
      this.leaf(text.slice(i, j), i, j);
      return j;
    }
    return i + 1;
  }

  private lineComment(i: number): number {
    const nl = this.text.indexOf('\n', i);
    const end = nl < 0 ? this.text.length : nl;
    if (this.offset !== undefined && this.context === undefined && this.offset > i && this.offset <= end) {
      this.context = inComment();
    }
    return end;
  }

  private blockComment(i: number): number {
    const closer = this.text.indexOf('*/', i + 2);
    const end = closer < 0 ? this.text.length : closer + 2;
    this.comments.push({ start: i, end });
    if (this.offset !== undefined && this.context === undefined && this.offset > i && this.offset < end) {
      this.context = inComment();
    }
    return end;
  }

  /** A string up to its closing quote, or to the end of its line when it has none. */
  private quoted(i: number, quote: '"' | "'"): number {
    const text = this.text;
    const n = text.length;
    let j = i + 1;
    while (j < n) {
      const d = text.charAt(j);
      if (d === '\\') {
        j += 2;
        continue;
      }
      if (d === quote || d === '\n') {
        break;
      }
      j++;
    }
    const closed = j < n && text.charAt(j) === quote;
    const end = closed ? j + 1 : j;
    this.leaf(text.slice(i + 1, Math.min(j, n)), i, end, quote);
    return end;
  }

  private closer(i: number, want: Frame['kind']): void {
    // A closer that does not match pops up to its own kind, so one typo does not shift every later path.
    while (this.stack.length > 0 && this.top()?.kind !== want) {
      this.close(i);
    }
    this.close(i + 1);
    this.valueDone();
  }

  private comma(): void {
    const f = this.top();
    if (f?.kind === 'object') {
      f.phase = 'key';
      f.key = undefined;
    } else if (f?.kind === 'array') {
      f.index++;
    }
  }

  private top(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** Ends the innermost container at `end`. */
  private close(end: number): void {
    const f = this.stack.pop();
    if (f) {
      this.values.push({ path: f.path, kind: f.kind, start: f.start, end, key: f.ownKey });
    }
  }

  private contextHere(token?: ScannedLeaf): CursorContext {
    const f = this.top();
    if (!f) {
      return { container: 'top', containerPath: [], position: 'value', valuePath: [], token, siblingKeys: [] };
    }
    if (f.kind === 'array') {
      return { container: 'array', containerPath: f.path, position: 'value', valuePath: [...f.path, f.index], token, siblingKeys: [] };
    }
    const keyPosition = f.phase === 'key' || (token !== undefined && token.kind === 'key');
    const siblingKeys = token?.kind === 'key' ? f.keys.filter((k, i) => !(k === token.text && i === f.keys.length - 1)) : f.keys;
    return {
      container: 'object',
      containerPath: f.path,
      position: keyPosition ? 'key' : 'value',
      valuePath: !keyPosition && f.key !== undefined ? [...f.path, f.key] : undefined,
      token,
      siblingKeys,
    };
  }

  /** The path a value starting now would have. */
  private valuePath(): (string | number)[] | undefined {
    const f = this.top();
    if (!f) {
      return this.topDone ? undefined : [];
    }
    if (f.kind === 'array') {
      return [...f.path, f.index];
    }
    return f.key !== undefined && (f.phase === 'value' || f.phase === 'colon') ? [...f.path, f.key] : undefined;
  }

  private valueDone(): void {
    const f = this.top();
    if (!f) {
      this.topDone = true;
    } else if (f.kind === 'object') {
      f.phase = 'after';
    }
  }

  /** A string or word token: a key, or a scalar value. */
  private leaf(raw: string, start: number, end: number, quote?: '"' | "'"): void {
    const f = this.top();
    const text = quote ? decodeString(raw) : raw;
    let item: ScannedLeaf | undefined;
    if (f?.kind === 'object' && (f.phase === 'key' || f.phase === 'after')) {
      // After a value without a comma the user is typing the next key.
      f.key = text;
      f.keys.push(text);
      f.phase = 'colon';
      item = { kind: 'key', path: [...f.path, text], text, start, end, quote };
      f.keyLeaf = item;
    } else {
      const p = this.valuePath();
      if (p) {
        item = { kind: 'value', path: p, text, start, end, quote };
        this.values.push({ path: p, kind: quote ? 'string' : scalarKind(text), start, end, key: f?.kind === 'object' ? f.keyLeaf : undefined, text });
      }
      this.valueDone();
    }
    if (item) {
      this.leaves.push(item);
      const offset = this.offset;
      if (offset !== undefined && this.context === undefined && offset >= start && offset <= end && (!quote || offset > start)) {
        this.context = this.contextHere(item);
      }
    }
  }
}

function scalarKind(word: string): ScannedValue['kind'] {
  if (word === 'true' || word === 'false') {
    return 'boolean';
  }
  if (word === 'null') {
    return 'null';
  }
  return /^[+-]?(?:\d|\.\d|Infinity|NaN|0[xX])/.test(word) ? 'number' : 'other';
}

/** The leaf (key or value token) at an offset, when there is one. */
export function leafAt(leaves: readonly ScannedLeaf[], offset: number): ScannedLeaf | undefined {
  return leaves.find((l) => offset >= l.start && offset <= l.end);
}
