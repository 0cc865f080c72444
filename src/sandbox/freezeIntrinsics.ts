'use strict';
/**
 * Freezes the child's own realm: every ECMAScript intrinsic, named and
 * anonymous, and everything reachable from them. An object of this realm
 * that ever crosses into a snippet's context then gives it nothing to patch
 * (issue 25's escape replaced `Function.prototype.apply` here, and Node's
 * EventEmitter called it with `process` as `this`).
 *
 * Why not `--frozen-intrinsics`: Node's flag walks Node's own objects too
 * and costs +20-30 ms on a 30 ms start here; this walk of the ECMAScript
 * intrinsics costs about 6 ms, and a pre-spawned child pays it before it
 * says "ready".
 *
 * Two things stay open on purpose, as in Node's own flag: `Error.stackTraceLimit`
 * (Node's internals set and restore it), and assignment of a frozen
 * prototype's method or `name`/`message` to an instance (the "override
 * mistake"): such properties become accessors that define the property on
 * the instance instead of throwing, so Node's own `err.message = ...` keeps
 * working. The prototype itself never changes.
 */

/** Data properties of prototypes that instances commonly assign to; each becomes an accessor that shadows on the instance. */
const OVERRIDABLE: ReadonlyMap<string, readonly (string | symbol)[]> = new Map([
  ['Object.prototype', ['constructor', 'toString', 'toLocaleString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable']],
  ['Function.prototype', ['constructor', 'toString', 'name', 'call', 'apply', 'bind']],
  ['Error.prototype', ['constructor', 'name', 'message', 'toString']],
  ['Array.prototype', ['constructor', 'toString', 'join', 'push', 'concat', 'map', 'filter', 'forEach', 'slice', 'splice', 'sort', 'indexOf', 'includes']],
  ['Promise.prototype', ['constructor', 'then', 'catch', 'finally']],
  ['Map.prototype', ['constructor', 'get', 'set', 'has', 'delete']],
  ['Set.prototype', ['constructor', 'add', 'has', 'delete']],
  ['RegExp.prototype', ['constructor', 'exec', 'toString']],
  ['String.prototype', ['constructor', 'toString', 'valueOf']],
  ['Symbol.prototype', ['constructor', 'toString', 'valueOf', Symbol.toStringTag]],
  ['Date.prototype', ['constructor', 'toString', 'toJSON', 'valueOf']],
]);

/** Global names of the ECMAScript intrinsics (and V8's `WebAssembly`, `Intl`); missing ones are skipped. */
const NAMED = [
  'Object', 'Function', 'Array', 'Number', 'Boolean', 'String', 'Symbol', 'BigInt', 'Date', 'RegExp', 'Promise', 'Proxy', 'Reflect', 'JSON', 'Math',
  'Error', 'AggregateError', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'SuppressedError',
  'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Atomics',
  'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float16Array', 'Float32Array', 'Float64Array',
  'BigInt64Array', 'BigUint64Array', 'Iterator', 'DisposableStack', 'AsyncDisposableStack', 'Intl', 'WebAssembly',
  'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'unescape', 'eval',
] as const;

/** Properties left writable (never configurable). */
const LEFT_WRITABLE: ReadonlyMap<unknown, ReadonlySet<string>> = new Map([[Error, new Set(['stackTraceLimit'])]]);

let frozen = false;

/** Intrinsics that have no global name, reached through syntax and built-in results. */
function anonymous(): unknown[] {
  const proto = Object.getPrototypeOf;
  const out: unknown[] = [];
  const add = (f: () => unknown): void => {
    try {
      out.push(f());
    } catch {
      // Not in this engine version.
    }
  };
  add(() => proto(function* () {}));
  add(() => proto(async function () {}));
  add(() => proto(async function* () {}));
  add(() => proto(proto([][Symbol.iterator]())));
  add(() => proto([][Symbol.iterator]()));
  add(() => proto(new Map()[Symbol.iterator]()));
  add(() => proto(new Set()[Symbol.iterator]()));
  add(() => proto(''[Symbol.iterator]()));
  add(() => proto('a'.matchAll(/a/g)));
  add(() => proto(Uint8Array));
  add(() => proto(proto(async function* () {}).prototype));
  add(() => Object.getOwnPropertyDescriptor(Function.prototype, 'caller')?.get);
  // Iterator helpers (Node 22 on): their result and wrapper prototypes.
  const It = (globalThis as { Iterator?: { from(x: unknown): unknown } }).Iterator;
  add(() => proto(It?.from({ next: () => ({ done: true }) })));
  add(() => proto(([].values() as unknown as { map(f: (x: unknown) => unknown): unknown }).map((x) => x)));
  return out;
}

function isObjectLike(v: unknown): v is object {
  return (typeof v === 'object' && v !== null) || typeof v === 'function';
}

/** Turns a prototype's data property into an accessor that shadows on the instance when assigned. */
function makeOverridable(obj: object, key: string | symbol): void {
  const d = Object.getOwnPropertyDescriptor(obj, key);
  if (!d || !('value' in d) || !d.configurable) {
    return;
  }
  const value: unknown = d.value;
  const getter = function (): unknown {
    return value;
  };
  const setter = function (this: unknown, v: unknown): void {
    if (this === obj) {
      throw new TypeError(`Cannot assign to read only property '${String(key)}' of a frozen intrinsic`);
    }
    if (isObjectLike(this)) {
      Object.defineProperty(this, key, { value: v, writable: true, enumerable: true, configurable: true });
    }
  };
  Object.defineProperty(obj, key, { get: getter, set: setter, enumerable: d.enumerable ?? false, configurable: false });
  Object.freeze(getter);
  Object.freeze(setter);
}

function freezeOne(obj: object): void {
  const open = LEFT_WRITABLE.get(obj);
  if (!open) {
    Object.freeze(obj);
    return;
  }
  Object.preventExtensions(obj);
  for (const key of Reflect.ownKeys(obj)) {
    const d = Object.getOwnPropertyDescriptor(obj, key);
    if (!d) {
      continue;
    }
    const keepWritable = typeof key === 'string' && open.has(key);
    Object.defineProperty(obj, key, 'value' in d ? { writable: keepWritable, configurable: false } : { configurable: false });
  }
}

function roots(): object[] {
  const g = globalThis as unknown as Record<string, unknown>;
  return [...NAMED.map((n) => g[n]), ...anonymous()].filter(isObjectLike);
}

function makePrototypesOverridable(): void {
  const g = globalThis as unknown as Record<string, unknown>;
  for (const [path, keys] of OVERRIDABLE) {
    const [ctor = ''] = path.split('.');
    const proto = (g[ctor] as { prototype?: object } | undefined)?.prototype;
    if (proto) {
      for (const k of keys) {
        makeOverridable(proto, k);
      }
    }
  }
  // Error subclasses' prototypes carry their own `name`, `message` and `constructor`.
  for (const n of ['AggregateError', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'SuppressedError']) {
    const proto = (g[n] as { prototype?: object } | undefined)?.prototype;
    if (proto) {
      for (const k of ['constructor', 'name', 'message']) {
        makeOverridable(proto, k);
      }
    }
  }
}

/** Adds to `seen` everything reachable from `todo` (prototypes, values, accessors) that is not in it yet. */
function walk(todo: object[], seen: Set<object>): void {
  while (todo.length > 0) {
    const obj = todo.pop() as object;
    if (seen.has(obj) || obj === globalThis) {
      continue;
    }
    seen.add(obj);
    const proto: unknown = Object.getPrototypeOf(obj);
    if (isObjectLike(proto)) {
      todo.push(proto);
    }
    pushChildren(obj, todo);
  }
}

/**
 * Pushes what `obj`'s own properties lead to. One key list and one
 * descriptor at a time: the walk runs at every child's start, and fewer
 * allocations measured about 1.5 ms less of its 10 ms (Node 20).
 */
function pushChildren(obj: object, todo: object[]): void {
  const keys = Reflect.ownKeys(obj);
  // Most intrinsics are plain built-in methods with only `length` and `name`: nothing to walk into.
  if (typeof obj === 'function' && keys.length === 2 && keys.includes('length') && keys.includes('name')) {
    return;
  }
  for (let i = 0; i < keys.length; i++) {
    const d = Reflect.getOwnPropertyDescriptor(obj, keys[i] as PropertyKey);
    if (!d) {
      continue;
    }
    const v: unknown = d.value;
    if (isObjectLike(v)) {
      todo.push(v);
    }
    if (d.get) {
      todo.push(d.get);
    }
    if (d.set) {
      todo.push(d.set);
    }
  }
}

/**
 * Deep-freezes this realm's intrinsics; idempotent. Returns how many objects
 * it froze; the probe checks the result with a separate walk (`unfrozenIntrinsics`).
 */
export function freezeIntrinsics(): number {
  if (frozen) {
    return 0;
  }
  const seen = new Set<object>();
  makePrototypesOverridable();
  walk(roots(), seen);
  // After the walk: freezing while walking measured several times slower.
  for (const obj of seen) {
    freezeOne(obj);
  }
  frozen = true;
  return seen.size;
}

/** Every intrinsic reachable now that is not frozen as `freezeIntrinsics` leaves it (the probe's full check). */
export function unfrozenIntrinsics(): string[] {
  const seen = new Set<object>();
  walk(roots(), seen);
  const out: string[] = [];
  for (const o of seen) {
    const ok = LEFT_WRITABLE.has(o) ? !Object.isExtensible(o) : Object.isFrozen(o);
    if (!ok) {
      out.push(describeObject(o));
    }
  }
  return out;
}

function describeObject(o: object): string {
  try {
    if (typeof o === 'function') {
      return `function ${String((o as { name?: unknown }).name) || '(anonymous)'}`;
    }
    const ctor = Object.getOwnPropertyDescriptor(o, 'constructor')?.value as { name?: unknown } | undefined;
    return ctor && typeof ctor.name === 'string' ? `${ctor.name}.prototype` : Object.prototype.toString.call(o);
  } catch {
    return '(unreadable)';
  }
}

/** Whether the intrinsics a crossing object leads to are frozen (the probe's reading, not this module's flag). */
export function intrinsicsFrozen(): boolean {
  const asyncFn = Object.getPrototypeOf(async function () {}) as object;
  const samples: unknown[] = [
    Object, Object.prototype, Function, Function.prototype, Array.prototype, Promise, Promise.prototype, Error.prototype,
    TypeError, TypeError.prototype, JSON, Reflect, Map.prototype, RegExp.prototype, Symbol, asyncFn,
  ];
  const errorSealed = !Object.isExtensible(Error) && Reflect.ownKeys(Error).every((k) => {
    const d = Object.getOwnPropertyDescriptor(Error, k);
    return d !== undefined && !d.configurable && (!('value' in d) || !d.writable || k === 'stackTraceLimit');
  });
  return errorSealed && samples.every((s) => Object.isFrozen(s));
}
