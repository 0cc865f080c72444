import * as os from 'node:os';
import type { RunReport } from '../../src/core/bridge/runReport';
import type { Attack } from './attacks';

/**
 * Realm escapes, signals, identity and channel attacks (issue 25). Every
 * object that crosses into the snippet's context (errors, promises, results,
 * proxies' trap arguments, getters, `Symbol.toPrimitive`, constructor chains,
 * stack-trace APIs) is taken, walked and abused; `foreign(x)` says whether an
 * object came from outside the snippet's realm, `grab(x)` tries to turn a
 * `process` into a connection and returns 'ESCAPED' if it could. The suite
 * also checks, for every attack, that no file was written, no connection
 * reached the listener and the host's environment did not leak; the host
 * surviving is the mocha process surviving.
 */
const HELPERS = String.raw`
const OP = Object.prototype;
function foreign(x) {
  if (x === null || (typeof x !== 'object' && typeof x !== 'function')) return false;
  let p = x, top = x;
  for (let i = 0; i < 64; i++) { const n = Object.getPrototypeOf(p); if (n === null) { top = p; break; } p = n; }
  return top !== x && top !== OP;
}
function walk(x, found) {
  const todo = [x], seen = new Set();
  while (todo.length && seen.size < 500) {
    const v = todo.pop();
    if (v === null || (typeof v !== 'object' && typeof v !== 'function') || seen.has(v)) continue;
    seen.add(v);
    if (foreign(v)) { found.push(v); continue; }
    try { todo.push(Object.getPrototypeOf(v)); } catch (e) {}
    try { for (const k of Reflect.ownKeys(v)) { const d = Reflect.getOwnPropertyDescriptor(v, k); if (d && 'value' in d) todo.push(d.value); } } catch (e) {}
  }
  return found;
}
function grab(p) {
  try {
    if (p && typeof p.getBuiltinModule === 'function') { p.getBuiltinModule('net').connect(PORT, '127.0.0.1'); return 'ESCAPED'; }
    if (p && typeof p.kill === 'function') { return 'ESCAPED'; }
    if (p && typeof p.mainModule === 'object' && p.mainModule) { return 'ESCAPED'; }
  } catch (e) {}
  return undefined;
}
function frames(run) {
  const got = [];
  const prev = Error.prepareStackTrace;
  Error.prepareStackTrace = (e, cs) => { for (const c of cs) { try { got.push(c.getThis(), c.getFunction()); } catch (x) {} } return 'frames'; };
  try { run(); } finally { Error.prepareStackTrace = prev; }
  return got;
}
function verdict(label, objects) {
  const found = [];
  for (const o of objects) walk(o, found);
  for (const f of found) { if (grab(f) === 'ESCAPED') return 'ESCAPED'; try { if (grab(f.process) === 'ESCAPED') return 'ESCAPED'; } catch (e) {} }
  return label + ': ' + found.length + ' foreign objects among ' + objects.length;
}
`;

/** The run succeeded and returned `<label>: 0 foreign objects among N`. */
function contained(label: string): (r: RunReport) => void {
  return (r) => {
    if (!r.ok || typeof r.value !== 'string' || !new RegExp(`^${label}: 0 foreign objects among \\d+$`).test(r.value)) {
      throw new Error(`not contained: ${JSON.stringify(r.value ?? r.error)}`);
    }
  };
}

function expectValue(check: (v: unknown) => boolean, what: string): (r: RunReport) => void {
  return (r) => {
    if (!r.ok || !check(r.value)) {
      throw new Error(`${what}; got ${JSON.stringify(r.value ?? r.error)}`);
    }
  };
}

/** Strings of this host that no snippet may read: paths, host name, user. */
function hostStrings(): string[] {
  const user = (() => {
    try {
      return os.userInfo().username;
    } catch {
      return '';
    }
  })();
  // The temp folder is left out: the generic \`/tmp\` says nothing of this host.
  return [process.execPath, process.cwd(), os.homedir(), os.hostname(), user.length >= 5 ? user : '']
    .filter((s) => s.length >= 5);
}

const ES_GLOBALS = new Set([
  'Object', 'Function', 'Array', 'Number', 'parseFloat', 'parseInt', 'Infinity', 'NaN', 'undefined', 'Boolean', 'String', 'Symbol', 'Date', 'Promise',
  'RegExp', 'Error', 'AggregateError', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'globalThis', 'JSON', 'Math',
  'Intl', 'ArrayBuffer', 'Atomics', 'Uint8Array', 'Int8Array', 'Uint16Array', 'Int16Array', 'Uint32Array', 'Int32Array', 'Float32Array', 'Float64Array',
  'Uint8ClampedArray', 'BigUint64Array', 'BigInt64Array', 'DataView', 'Map', 'BigInt', 'Set', 'WeakMap', 'WeakSet', 'Proxy', 'Reflect', 'FinalizationRegistry',
  'WeakRef', 'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'unescape', 'eval', 'isFinite', 'isNaN', 'SharedArrayBuffer',
  'WebAssembly', 'Iterator', 'Float16Array', 'Temporal', 'SuppressedError', 'DisposableStack', 'AsyncDisposableStack', 'console', 'openclaw',
]);

export const REALM_ATTACKS: Attack[] = [
  {
    name: "realm: issue 25's escape: the import() TypeError's Function.prototype.apply catches no process",
    code: `${HELPERS}
      let h; try { await import('x') } catch (e) { h = e }
      const FP = h.constructor.constructor.prototype, O = Object.getPrototypeOf(FP).constructor; let p;
      O.defineProperty(FP, 'apply', { configurable: true, writable: true, value: function (s, a) { if (s && s.kill) p = s; return Reflect.apply(this, s, a || []) } });
      await openclaw.tools.search('x');
      if (grab(p) === 'ESCAPED') return 'ESCAPED';
      return typeof p.getBuiltinModule;`,
    expect: /TypeError: Cannot read properties of undefined \(reading 'getBuiltinModule'\)/,
  },
  {
    name: "realm: import() rejects with the snippet realm's TypeError, in Node's words",
    code: `try { await import('node:fs') } catch (e) { return [e instanceof TypeError, e.constructor === TypeError, String(e), e.code, e.message] }`,
    expect: expectValue(
      (v) =>
        JSON.stringify(v) ===
        JSON.stringify([true, true, 'TypeError [ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING]: A dynamic import callback was not specified.', 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING', 'A dynamic import callback was not specified.']),
      'import() did not reject with an in-realm TypeError carrying Node\'s code',
    ),
  },
  {
    name: 'realm: every import() form (string, data: URL, template, computed) rejects inside the realm',
    code: `${HELPERS}
      const errs = [];
      for (const s of ['node:net', 'data:text/javascript,export default 1', \`fs\`, ['node', 'os'].join(':'), { toString() { return 'node:child_process'; } }]) {
        try { await import(s); } catch (e) { errs.push(e); }
      }
      try { await import('node:fs', { with: { type: 'json' } }); } catch (e) { errs.push(e); }
      return verdict('import forms', errs);`,
    expect: contained('import forms'),
  },
  {
    name: "realm: the import() error's constructor chain cannot compile code",
    code: `let h; try { await import('x') } catch (e) { h = e } return h.constructor.constructor('return process')()`,
    expect: /EvalError: Code generation from strings disallowed/,
  },
  {
    name: 'realm: Promise.prototype.then patched through an import() promise sees only its own realm',
    code: `${HELPERS}
      const seen = [];
      const P = Object.getPrototypeOf(import('x').catch(() => {})).constructor;
      const then = P.prototype.then;
      P.prototype.then = function (a, b) { seen.push(this, a, b); return then.call(this, a, b); };
      await openclaw.tools.search('invoice');
      try { await openclaw.tools.describe('nothing_called_this'); } catch (e) { seen.push(e); }
      P.prototype.then = then;
      return verdict('patched then', seen);`,
    expect: contained('patched then'),
  },
  {
    name: 'realm: a thenable returned to the host gets resolve functions of its own realm',
    code: `${HELPERS}
      const seen = [];
      const r = await { then(res, rej) { seen.push(this, res, rej, ...frames(() => new Error().stack)); res(verdict('thenable', seen)); } };
      return r;`,
    expect: contained('thenable'),
  },
  {
    name: 'realm: toJSON of the return value runs with nothing of the host in reach',
    code: `${HELPERS}
      const seen = [];
      let out;
      const value = { toJSON(k) { seen.push(this, k, ...frames(() => new Error().stack)); out = verdict('toJSON', seen); return out; } };
      JSON.stringify(value);
      return value;`,
    expect: contained('toJSON'),
  },
  {
    name: 'realm: Symbol.toPrimitive and getters of console arguments run in the snippet realm',
    code: `${HELPERS}
      const seen = [];
      console.log({ [Symbol.toPrimitive](hint) { seen.push(this, hint, ...frames(() => new Error().stack)); return 'x'; } });
      console.warn({ get x() { seen.push(this, ...frames(() => new Error().stack)); return 1; } });
      console.error(String({ toString() { seen.push(this, ...frames(() => new Error().stack)); return 'y'; } }));
      return verdict('console arguments', seen);`,
    expect: contained('console arguments'),
  },
  {
    name: 'realm: getters and toJSON on bridge arguments see only their own realm',
    code: `${HELPERS}
      const seen = [];
      await openclaw.tools.search({ get q() { seen.push(this, ...frames(() => new Error().stack)); return 'invoice'; }, toJSON() { seen.push(this, ...frames(() => new Error().stack)); return 'invoice'; } });
      await openclaw.tools.call('fake_plugin_tool_17', { get marker() { seen.push(this, ...frames(() => new Error().stack)); return 'm'; } });
      return verdict('argument getters', seen);`,
    expect: contained('argument getters'),
  },
  {
    name: 'realm: a Proxy as bridge arguments, log value and result only ever traps snippet objects',
    code: `${HELPERS}
      const seen = [];
      const handler = {};
      for (const trap of ['get', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'apply', 'construct', 'set', 'defineProperty']) {
        handler[trap] = function (...args) { seen.push(this, ...args, ...frames(() => new Error().stack)); return Reflect[trap](...args); };
      }
      const px = new Proxy({ marker: 'p' }, handler);
      console.log(px);
      try { await openclaw.tools.call('fake_plugin_tool_17', px); } catch (e) { seen.push(e); }
      try { await openclaw.tools.search(new Proxy(function () {}, handler)); } catch (e) { seen.push(e); }
      return verdict('proxy traps', seen);`,
    expect: contained('proxy traps'),
  },
  {
    name: 'realm: stack frames around a bridge rejection hold no host this or function',
    code: `${HELPERS}
      const seen = [];
      const prev = Error.prepareStackTrace;
      Error.prepareStackTrace = (e, cs) => { for (const c of cs) { seen.push(c.getThis(), c.getFunction()); } return 'x'; };
      try { await openclaw.tools.describe('no_such_tool_at_all'); } catch (e) { seen.push(e); e.stack; }
      await openclaw.tools.search('invoice').then(() => new Error().stack);
      Error.prepareStackTrace = prev;
      return verdict('rejection frames', seen);`,
    expect: contained('rejection frames'),
  },
  {
    name: 'realm: errors at the stack limit while calling the bridge and console are the snippet realm\'s',
    code: `${HELPERS}
      const seen = [];
      function dive(d) { try { return dive(d + 1); } catch (e) { seen.push(e); try { seen.push(openclaw.tools.search('x')); } catch (x) { seen.push(x); } try { console.log('deep'); } catch (x) { seen.push(x); } return d; } }
      dive(0);
      for (const s of seen.slice()) { if (s && typeof s.then === 'function') { try { await s; } catch (x) { seen.push(x); } } }
      return verdict('stack limit', seen);`,
    expect: contained('stack limit'),
  },
  {
    name: 'realm: everything the bridge hands back (hits, schema, call result, errors) is made in the snippet realm',
    code: `${HELPERS}
      const seen = [];
      const hits = await openclaw.tools.search('fake plugin tool', { limit: 5 });
      seen.push(hits, await openclaw.tools.describe(hits[0].id), await openclaw.tools.call('fake_plugin_tool_17', { marker: 'walk' }));
      for (const bad of [() => openclaw.tools.describe(''), () => openclaw.tools.call('gateway', {}), () => openclaw.tools.search(1n)]) { try { await bad(); } catch (e) { seen.push(e); } }
      return verdict('bridge values', seen);`,
    expect: contained('bridge values'),
  },
  {
    name: 'realm: the caller chain of every host-invoked callback ends in the snippet realm',
    code: `${HELPERS}
      const seen = [];
      function up() { let c = up.caller; while (c && seen.length < 50) { seen.push(c); try { c = c.caller; } catch (e) { break; } } }
      up();
      await openclaw.tools.search('invoice').then(up);
      console.log({ toJSON() { up(); return 1; } });
      try { await openclaw.tools.describe('nope_nope'); } catch (e) { up(); }
      return verdict('caller chains', seen);`,
    expect: contained('caller chains'),
  },
  {
    name: "realm: the snippet patching its own realm's Function.prototype, JSON and Map does not break or open the bridge",
    code: `Function.prototype.call = function () { throw new Error('patched call'); };
      Function.prototype.apply = function () { throw new Error('patched apply'); };
      JSON.parse = () => ({ hijacked: true });
      JSON.stringify = () => '"hijacked"';
      Map.prototype.get = () => undefined;
      const hits = await openclaw.tools.search('fake plugin tool 17');
      return [Array.isArray(hits), hits.length > 0, hits.hijacked === undefined];`,
    expect: expectValue((v) => JSON.stringify(v) === '[true,true,true]', 'the bridge broke or was hijacked'),
  },
  {
    name: "realm: a snippet that freezes its own realm's intrinsics still gets its bridge replies",
    code: `for (const o of [Object.prototype, Array.prototype, Function.prototype, Promise.prototype, Error.prototype, Object, Promise, JSON]) Object.freeze(o);
      const d = await openclaw.tools.describe('fake_plugin_tool_17');
      return d.name;`,
    expect: expectValue((v) => v === 'fake_plugin_tool_17', 'describe failed under frozen snippet intrinsics'),
  },
  {
    name: 'realm: the snippet realm has only ECMAScript globals, openclaw and console',
    code: `return Reflect.ownKeys(globalThis).map(String)`,
    expect: expectValue((v) => Array.isArray(v) && v.every((n) => ES_GLOBALS.has(String(n)) || String(n).startsWith('Symbol(')), 'a non-ECMAScript global is visible'),
  },
  {
    name: 'signals: no route from the snippet realm to a kill function, and the host survives',
    code: `${HELPERS}
      const routes = [];
      try { await import('x'); } catch (e) { routes.push(e, e.constructor, e.constructor.constructor); }
      routes.push(globalThis, openclaw, console, openclaw.tools.search('x'));
      const found = [];
      for (const r of routes) walk(r, found);
      const kills = [];
      for (const f of found) { try { if (typeof f.kill === 'function' || typeof (f.process && f.process.kill) === 'function') kills.push(f); } catch (e) {} }
      return kills.length === 0 && typeof process === 'undefined' ? 'no kill' : 'ESCAPED';`,
    expect: expectValue((v) => v === 'no kill', 'a kill function was reachable'),
  },
  {
    name: 'identity: no error, stack or result the snippet can read names a host path, the host name or the user',
    code: `const texts = [];
      const add = (e) => { try { texts.push(String(e), String(e && e.stack), JSON.stringify(e)); } catch (x) {} };
      try { await import('node:os'); } catch (e) { add(e); }
      try { await openclaw.tools.describe('missing_tool_for_paths'); } catch (e) { add(e); }
      try { await openclaw.tools.call('gateway', {}); } catch (e) { add(e); }
      try { null.x; } catch (e) { add(e); }
      try { JSON.parse('{'); } catch (e) { add(e); }
      try { new Array(-1); } catch (e) { add(e); }
      add(new Error('plain'));
      texts.push(JSON.stringify(await openclaw.tools.search('file')));
      return texts.join('\\n');`,
    expect: (r) => {
      const text = JSON.stringify(r.value ?? r.error);
      if (!r.ok) {
        throw new Error(`the run failed: ${r.error}`);
      }
      for (const s of hostStrings()) {
        if (text.includes(s)) {
          throw new Error(`the snippet read a host string: ${s}`);
        }
      }
    },
  },
  {
    name: 'identity: os, process, navigator and performance are out of reach of the snippet',
    code: `return [typeof process, typeof navigator, typeof performance, typeof os, typeof require, typeof Deno, typeof Bun, typeof module]`,
    expect: expectValue((v) => JSON.stringify(v) === JSON.stringify(Array(8).fill('undefined')), 'a host object is visible'),
  },
  {
    name: "channel: console text shaped like Node's internal IPC messages stays a log line",
    code: `console.log(JSON.stringify({ cmd: 'NODE_HANDLE_ACK' }));
      console.log({ cmd: 'NODE_HANDLE', type: 'net.Socket', msg: { cmd: 'NODE_HANDLE_NACK' } });
      console.warn('\\u0000\\u0000\\u0000\\u0005{"type":"ready","node":"v0"}');
      return 'survived';`,
    expect: (r) => {
      if (!r.ok || r.value !== 'survived' || r.logs.length !== 3 || !r.logs[0]?.text.includes('NODE_HANDLE_ACK')) {
        throw new Error(`the log lines did not arrive as logs: ${JSON.stringify(r.logs)} ${r.error ?? ''}`);
      }
    },
  },
  {
    name: 'channel: a result and bridge arguments that look like frames, with lone surrogates, stay data',
    code: `await openclaw.tools.search('\\u0000\\u0000\\u00ff\\u00ff' + '{"type":"result","ok":true}' + '\\ud800');
      return ['\\u0000\\u0000\\u0000\\u0010{"type":"ready"}', '\\udfff', '\\u2028\\u2029'];`,
    expect: expectValue(
      (v) => JSON.stringify(v) === JSON.stringify(['\u0000\u0000\u0000\u0010{"type":"ready"}', '\udfff', '\u2028\u2029']),
      'the value did not cross intact',
    ),
  },
  {
    name: 'display: ANSI/OSC escapes and bidi or zero-width characters in logs and the result stay raw in the report (model-facing), for the display to escape',
    code: `console.log('\u001b[2J\u001b[H\u001b]0;pwned\u0007');
      console.warn('mcp:h:read\u202Egnp.exe wipe\u200B_all');
      return { text: 'ok\u001b[31m red \u2066isolate\u2069 \ufeff' };`,
    expect: (r) => {
      const v = r.value as { text?: unknown } | undefined;
      if (!r.ok || v?.text !== 'ok\u001b[31m red \u2066isolate\u2069 \ufeff' || r.logs[0]?.text !== '\u001b[2J\u001b[H\u001b]0;pwned\u0007' || r.logs[1]?.text !== 'mcp:h:read\u202Egnp.exe wipe\u200B_all') {
        throw new Error(`the text did not cross raw: ${JSON.stringify([r.value, r.logs, r.error])}`);
      }
    },
  },
];
