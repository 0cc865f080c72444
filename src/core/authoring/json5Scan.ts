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
  const leaves: ScannedLeaf[] = [];
  const values: ScannedValue[] = [];
  const comments: { start: number; end: number }[] = [];
  const stack: Frame[] = [];
  let topDone = false;
  let context: CursorContext | undefined;

  const top = (): Frame | undefined => stack[stack.length - 1];

  /** Ends the innermost container at `end`. */
  const close = (end: number): void => {
    const f = stack.pop();
    if (f) {
      values.push({ path: f.path, kind: f.kind, start: f.start, end, key: f.ownKey });
    }
  };

  const contextHere = (token?: ScannedLeaf): CursorContext => {
    const f = top();
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
  };

  /** The path a value starting now would have. */
  const valuePath = (): (string | number)[] | undefined => {
    const f = top();
    if (!f) {
      return topDone ? undefined : [];
    }
    if (f.kind === 'array') {
      return [...f.path, f.index];
    }
    return f.key !== undefined && (f.phase === 'value' || f.phase === 'colon') ? [...f.path, f.key] : undefined;
  };

  const valueDone = (): void => {
    const f = top();
    if (!f) {
      topDone = true;
    } else if (f.kind === 'object') {
      f.phase = 'after';
    }
  };

  /** A string or word token: a key, or a scalar value. */
  const leaf = (raw: string, start: number, end: number, quote?: '"' | "'"): void => {
    const f = top();
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
      const p = valuePath();
      if (p) {
        item = { kind: 'value', path: p, text, start, end, quote };
        values.push({ path: p, kind: quote ? 'string' : scalarKind(text), start, end, key: f?.kind === 'object' ? f.keyLeaf : undefined, text });
      }
      valueDone();
    }
    if (item) {
      leaves.push(item);
      if (offset !== undefined && context === undefined && offset >= start && offset <= end) {
        if (!quote || offset > start) {
          context = contextHere(item);
        }
      }
    }
  };

  let i = 0;
  const n = text.length;
  while (i < n) {
    if (offset !== undefined && context === undefined && i >= offset) {
      context = contextHere();
    }
    const c = text.charAt(i);
    if (c === '/' && text.charAt(i + 1) === '/') {
      const nl = text.indexOf('\n', i);
      const end = nl < 0 ? n : nl;
      if (offset !== undefined && context === undefined && offset > i && offset <= end) {
        // Inside a comment: nothing to offer.
        context = { container: 'top', containerPath: [], position: 'value', siblingKeys: [] };
      }
      i = end;
      continue;
    }
    if (c === '/' && text.charAt(i + 1) === '*') {
      const closer = text.indexOf('*/', i + 2);
      const end = closer < 0 ? n : closer + 2;
      comments.push({ start: i, end });
      if (offset !== undefined && context === undefined && offset > i && offset < end) {
        context = { container: 'top', containerPath: [], position: 'value', siblingKeys: [] };
      }
      i = end;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n) {
        const d = text.charAt(j);
        if (d === '\\') {
          j += 2;
          continue;
        }
        if (d === c || d === '\n') {
          break;
        }
        j++;
      }
      const closed = j < n && text.charAt(j) === c;
      const end = closed ? j + 1 : j;
      leaf(text.slice(i + 1, Math.min(j, n)), i, end, c);
      i = end;
      continue;
    }
    if (c === '{' || c === '[') {
      const p = valuePath() ?? [];
      const parent = top();
      stack.push({ kind: c === '{' ? 'object' : 'array', path: p, start: i, ownKey: parent?.kind === 'object' ? parent.keyLeaf : undefined, phase: 'key', index: 0, keys: [] });
      i++;
      continue;
    }
    if (c === '}' || c === ']') {
      // A closer that does not match pops up to its own kind, so one typo does not shift every later path.
      const want = c === '}' ? 'object' : 'array';
      while (stack.length > 0 && top()?.kind !== want) {
        close(i);
      }
      close(i + 1);
      valueDone();
      i++;
      continue;
    }
    if (c === ':') {
      const f = top();
      if (f?.kind === 'object') {
        f.phase = 'value';
      }
      i++;
      continue;
    }
    if (c === ',') {
      const f = top();
      if (f?.kind === 'object') {
        f.phase = 'key';
        f.key = undefined;
      } else if (f?.kind === 'array') {
        f.index++;
      }
      i++;
      continue;
    }
    if (WORD.test(c)) {
      let j = i + 1;
      while (j < n && WORD.test(text.charAt(j))) {
        j++;
      }
      leaf(text.slice(i, j), i, j);
      i = j;
      continue;
    }
    i++;
  }
  if (offset !== undefined && context === undefined) {
    context = contextHere();
  }
  while (stack.length > 0) {
    close(n);
  }
  return { leaves, values, comments, context };
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
