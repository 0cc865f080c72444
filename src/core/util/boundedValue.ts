/**
 * The host's one boundary for values it did not make: IPC messages from the
 * sandbox child, call arguments, tool results, thrown errors and logs.
 *
 * `boundValue` walks a value with an explicit stack (never recursion, so no
 * input can overflow the host's stack) and either returns a fresh plain JSON
 * copy that fits every limit, or refuses the whole value with the limit it
 * broke. Nothing is cut to fit: a value over a limit is never partially
 * trusted. What passes is safe to validate, store, `JSON.stringify` (at most
 * `maxDepth` levels deep), pretty-print and post to a webview.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface ValueLimits {
  /** Nesting of arrays and objects; 0 means a primitive only. */
  maxDepth: number;
  /** Values visited (every primitive, array and object counts one; a shared reference counts each time). */
  maxNodes: number;
  /** UTF-16 code units of one string (keys included). */
  maxStringChars: number;
  /** UTF-16 code units of the compact JSON text of the whole value. */
  maxJsonChars: number;
}

export const DEFAULT_VALUE_LIMITS: Readonly<ValueLimits> = {
  maxDepth: 64,
  maxNodes: 100_000,
  maxStringChars: 1_000_000,
  maxJsonChars: 1_000_000,
};

/** Error and reason texts (a thrown error's name and message, a refusal) are cut here, with a marker. */
export const MAX_ERROR_CHARS = 4_000;

export type Bounded =
  | {
      ok: true;
      value: JsonValue;
      /** Length of `JSON.stringify(value)`. */
      jsonChars: number;
      /** Length of `JSON.stringify(value, null, 2)`: what a pretty-printed report pays for it. */
      prettyChars: number;
      nodes: number;
    }
  | { ok: false; problem: string };

interface Frame {
  /** The container being filled. */
  out: JsonValue[] | { [key: string]: JsonValue };
  depth: number;
  /** The source container, and the frame it sits in: the path from the root, to tell a cycle from a shared reference. */
  source?: object;
  up?: Frame;
}

interface Pending {
  source: unknown;
  /** Where the copy goes: an array index or an object key of the parent frame. */
  key: number | string;
  parent: Frame;
}

class Refusal extends Error {}

function jsonStringChars(s: string): number {
  // Linear in the string, and strings are length-checked before this.
  return JSON.stringify(s).length;
}

function setOwn(target: JsonValue[] | { [key: string]: JsonValue }, key: number | string, value: JsonValue): void {
  // defineProperty, not assignment: a key "__proto__" stays an own data property.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A container's children to copy, in order; its brackets, separators and keys are charged here. */
function childrenOf(obj: object, frame: Frame, l: ValueLimits, charge: (compact: number, pretty: number) => void): Pending[] {
  const depth = frame.depth;
  const children: Pending[] = [];
  const indent = 2 * (depth + 1);
  if (Array.isArray(obj)) {
    const n = obj.length;
    if (n > l.maxNodes) {
      throw new Refusal(`it has more than ${l.maxNodes} values`);
    }
    // "[]" or "[\n" + items joined by ",\n" + "\n<indent>]"
    charge(2 + Math.max(0, n - 1), n === 0 ? 2 : 2 + (n - 1) + n * (1 + indent) + 1 + 2 * depth);
    for (let i = 0; i < n; i++) {
      children.push({ source: (obj as unknown[])[i], key: i, parent: frame });
    }
  } else {
    const keys = Object.keys(obj);
    if (keys.length > l.maxNodes) {
      throw new Refusal(`it has more than ${l.maxNodes} values`);
    }
    let kept = 0;
    for (const k of keys) {
      if (k.length > l.maxStringChars) {
        throw new Refusal(`it holds a key of ${k.length} characters; the limit is ${l.maxStringChars}`);
      }
      const child = (obj as Record<string, unknown>)[k];
      if (child === undefined || typeof child === 'function' || typeof child === 'symbol') {
        continue;
      }
      kept++;
      const kc = jsonStringChars(k);
      // "key":value ; pretty: newline, indent, "key": value
      charge(kc + 1, 1 + indent + kc + 2);
      children.push({ source: child, key: k, parent: frame });
    }
    charge(2 + Math.max(0, kept - 1), kept === 0 ? 2 : 2 + (kept - 1) + 1 + 2 * depth);
  }
  return children;
}

/**
 * A fresh plain JSON copy of `input` within `limits`, with JSON.stringify's
 * conversions (`toJSON`, `undefined`/functions dropped from objects and
 * `null` in arrays, non-finite numbers as `null`), or the reason it is refused.
 * BigInt, symbols at the top, cycles and getters that throw are refused.
 */
export function boundValue(input: unknown, limits: Partial<ValueLimits> = {}): Bounded {
  const l: ValueLimits = { ...DEFAULT_VALUE_LIMITS, ...limits };
  let nodes = 0;
  let jsonChars = 0;
  let prettyChars = 0;
  const charge = (compact: number, pretty: number): void => {
    jsonChars += compact;
    prettyChars += pretty;
    if (jsonChars > l.maxJsonChars) {
      throw new Refusal(`it is more than ${l.maxJsonChars} characters of JSON`);
    }
  };
  const rootHolder: JsonValue[] = [];
  const rootFrame: Frame = { out: rootHolder, depth: -1 };
  const stack: Pending[] = [{ source: input, key: 0, parent: rootFrame }];
  try {
    while (stack.length > 0) {
      const p = stack.pop() as Pending;
      if (++nodes > l.maxNodes) {
        throw new Refusal(`it has more than ${l.maxNodes} values`);
      }
      const depth = p.parent.depth + 1;
      const inArray = Array.isArray(p.parent.out);
      let v = p.source;
      if (v !== null && (typeof v === 'object' || typeof v === 'bigint') && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
        v = (v as { toJSON: (key: string) => unknown }).toJSON(String(p.key));
      }
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') {
        if (p.parent === rootFrame) {
          throw new Refusal(`it is ${typeof v === 'undefined' ? 'undefined' : `a ${typeof v}`}, which is not JSON`);
        }
        if (inArray) {
          setOwn(p.parent.out, p.key, null);
          charge(4, 4);
        }
        continue;
      }
      if (typeof v === 'bigint') {
        throw new Refusal('it holds a bigint, which is not JSON');
      }
      if (v === null || typeof v === 'boolean') {
        setOwn(p.parent.out, p.key, v);
        charge(String(v).length, String(v).length);
        continue;
      }
      if (typeof v === 'number') {
        const n = Number.isFinite(v) ? v : null;
        setOwn(p.parent.out, p.key, n);
        charge(String(n).length, String(n).length);
        continue;
      }
      if (typeof v === 'string') {
        if (v.length > l.maxStringChars) {
          throw new Refusal(`it holds a string of ${v.length} characters; the limit is ${l.maxStringChars}`);
        }
        setOwn(p.parent.out, p.key, v);
        const c = jsonStringChars(v);
        charge(c, c);
        continue;
      }
      // An object or array from here on.
      const obj = v as object;
      if (depth + 1 > l.maxDepth) {
        throw new Refusal(`it is nested deeper than ${l.maxDepth} levels`);
      }
      // At most maxDepth steps: cheaper than a set per container.
      for (let f: Frame | undefined = p.parent; f; f = f.up) {
        if (f.source === obj) {
          throw new Refusal('it is circular');
        }
      }
      const frame: Frame = { out: Array.isArray(obj) ? [] : {}, depth, source: obj, up: p.parent };
      setOwn(p.parent.out, p.key, frame.out);
      // Children are pushed in reverse so they are copied (and keys kept) in order.
      const children = childrenOf(obj, frame, l, charge);
      for (let i = children.length - 1; i >= 0; i--) {
        stack.push(children[i] as Pending);
      }
    }
  } catch (err) {
    if (err instanceof Refusal) {
      return { ok: false, problem: err.message };
    }
    // A getter or toJSON that throws: the value cannot be read, so it is refused.
    return { ok: false, problem: `it cannot be read (${errorText(err, 200)})` };
  }
  return { ok: true, value: rootHolder[0] ?? null, jsonChars, prettyChars, nodes };
}

/**
 * Parses JSON text from outside (the length is checked before parsing) and
 * bounds the result. `what` names the value in the refusal.
 */
export function parseBoundedJson(text: string, what: string, limits: Partial<ValueLimits> = {}): Bounded {
  const l: ValueLimits = { ...DEFAULT_VALUE_LIMITS, ...limits };
  if (text.length > l.maxJsonChars) {
    return { ok: false, problem: `${what} is ${text.length} characters of JSON; the limit is ${l.maxJsonChars}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: `${what} is not valid JSON` };
  }
  const b = boundValue(parsed, l);
  return b.ok ? b : { ok: false, problem: `${what} refused: ${b.problem}` };
}

/** `text` cut to `max` characters with a marker saying how long it was. */
export function boundedText(text: string, max = MAX_ERROR_CHARS): string {
  if (text.length <= max) {
    return text;
  }
  return `${text.slice(0, max)}… [cut by the host: ${text.length} characters, limit ${max}]`;
}

function readString(read: () => unknown): string | undefined {
  try {
    const v = read();
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The text of anything thrown, bounded: an Error's message (name first when
 * it is not plain `Error`), a string, or a short JSON of anything else.
 * Getters that throw, and `toString`s, are never trusted to behave.
 */
export function errorText(err: unknown, max = MAX_ERROR_CHARS): string {
  if (typeof err === 'string') {
    return boundedText(err, max);
  }
  if (err !== null && typeof err === 'object') {
    const message = readString(() => (err as { message?: unknown }).message);
    if (message !== undefined) {
      const name = readString(() => (err as { name?: unknown }).name);
      const shown = name && name !== 'Error' ? `${boundedText(name, 200)}: ${message}` : message;
      return boundedText(shown, max);
    }
  }
  const b = boundValue(err, { maxDepth: 8, maxNodes: 200, maxJsonChars: max, maxStringChars: max });
  if (b.ok) {
    return JSON.stringify(b.value);
  }
  return `an unreadable ${err === null ? 'null' : typeof err} was thrown`;
}
