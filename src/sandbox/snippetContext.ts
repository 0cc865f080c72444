'use strict';
import type * as VmModule from 'node:vm';

/**
 * `node:vm` is loaded when a context is made, never while a start-up
 * snapshot is being built (Node does not vouch for vm state in snapshots).
 */
function vmModule(): typeof VmModule {
  // Kept once loaded: after the child hardens itself there is no `require` to load it again.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loadedVm ??= require('node:vm') as typeof VmModule;
  return loadedVm;
}
let loadedVm: typeof VmModule | undefined;

/**
 * The snippet's world: a fresh vm context that cannot compile strings or
 * wasm, with a bridge built *inside* it. The host (this child's own realm)
 * talks to the context only through primitive arguments: the context calls
 * three host functions with numbers and strings, and the host calls one
 * context function (`settle`) with numbers and strings. No host object is
 * ever a property of anything the snippet can reach, so constructor chains
 * (`x.constructor.constructor`) always end at the context's own `Function`,
 * which cannot compile strings.
 */

/** Host side of the bridge; every argument is a primitive, every return a boolean. */
export interface HostPort {
  /** `line`: the snippet line that made the call (0 when the stack does not say). */
  request(id: unknown, op: unknown, argsJson: unknown, line: unknown): boolean;
  log(level: unknown, text: unknown, line: unknown): boolean;
  /** `line`: where a failed run failed (0 when unknown); `phase`: 'bridge' when a failed operation's error went uncaught. */
  done(ok: unknown, payload: unknown, line: unknown, phase: unknown): boolean;
}

export interface SnippetLimits {
  maxLogLines: number;
  maxLogChars: number;
  maxArgChars: number;
  maxResultChars: number;
  maxBridgeOps: number;
}

/** Installed inside the context; its closure holds the host port. Strict, so call sites never expose `this` or callers. */
const INSTALL_SOURCE = `'use strict';
(function install(hostRequest, hostLog, hostDone) {
  let maxLogLines = 0, maxLogChars = 0, maxArgChars = 0, maxResultChars = 0, maxBridgeOps = 0;
  // 'code-mode' once installCodeMode ran: OpenClaw Code Mode's globals, error text and value rules.
  let surface = 'bridge';
  let observed = false;
  let frameFile = '';
  function configure(a, b, c, d, e) { maxLogLines = a; maxLogChars = b; maxArgChars = c; maxResultChars = d; maxBridgeOps = e; }
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const P = Promise;
  const then = Promise.prototype.then;
  const apply = Reflect.apply;
  const Err = Error;
  const TErr = TypeError;
  const Str = String;
  const freeze = Object.freeze;
  const defineProperty = Object.defineProperty;
  const keysOf = Object.keys;
  const pending = new Map();
  const mapGet = Map.prototype.get, mapSet = Map.prototype.set, mapDelete = Map.prototype.delete;
  // Reflect.apply, held: a snippet that replaces Function.prototype.call or apply in its realm does not break the bridge.
  const invoke = (fn, self, a, b) => apply(fn, self, [a, b]);
  const exec = RegExp.prototype.exec;
  const SNIPPET_FRAME = /snippet\\.js:(\\d+):(\\d+)/;
  const errorLines = new WeakMap();
  const errorColumns = new WeakMap();
  // Errors this bridge made for a failed operation (Code Mode reports them as the bridge's failures).
  const bridgeErrors = new WeakSet();
  const weakHas = WeakSet.prototype.has, weakAdd = WeakSet.prototype.add;
  const weakGet = WeakMap.prototype.get, weakSet = WeakMap.prototype.set;
  let nextId = 0;

  // The snippet's line in a stack: the first frame in snippet.js (its own code, never this bridge).
  // A stack getter or prepareStackTrace the snippet installed may throw or lie: the line is a hint, 0 when unknown.
  function frameOf(e, group) {
    try {
      const m = invoke(exec, SNIPPET_FRAME, Str(e.stack));
      const n = m ? +m[group] : 0;
      return n >= 1 && n <= 1e7 ? n : 0;
    } catch (x) { return 0; }
  }
  function lineOf(e) { return frameOf(e, 1); }
  function callerLine() { return lineOf(new Err()); }

  function request(op, args) {
    let json;
    try { json = stringify(args); } catch (e) { json = undefined; }
    if (typeof json !== 'string') {
      return P.reject(new TErr('openclaw.tools.' + op + ': arguments must be JSON-serializable data'));
    }
    if (json.length > maxArgChars) {
      return P.reject(new Err('openclaw.tools.' + op + ': arguments are ' + json.length + ' characters; the limit is ' + maxArgChars));
    }
    if (nextId >= maxBridgeOps) {
      // The host refuses these too; stopping here keeps a flood off the IPC channel.
      return P.reject(new Err('openclaw.tools.' + op + ': refused: this run already made ' + maxBridgeOps + ' bridge operations (the limit)'));
    }
    const id = ++nextId;
    const here = new Err();
    const line = lineOf(here);
    const column = frameOf(here, 2);
    return new P(function (resolve, reject) {
      invoke(mapSet, pending, id, { resolve: resolve, reject: reject, line: line, column: column });
      let sent = false;
      try { sent = hostRequest(id, op, json, line) === true; } catch (e) { sent = false; }
      if (!sent) {
        invoke(mapDelete, pending, id);
        reject(new Err('openclaw.tools.' + op + ': the bridge is closed'));
      }
    });
  }

  function settle(id, ok, text) {
    const p = invoke(mapGet, pending, id);
    if (!p) { return; }
    // A reply may start a new leg (a resumed yield): the next read of remote metadata is said again.
    observed = false;
    invoke(mapDelete, pending, id);
    if (!ok) {
      // Made here, its stack has no snippet frame: remember the line of the call that failed.
      const err = new Err(Str(text));
      invoke(weakSet, errorLines, err, p.line);
      invoke(weakSet, errorColumns, err, p.column);
      invoke(weakAdd, bridgeErrors, err);
      p.reject(err);
      return;
    }
    let value;
    try { value = parse(text); } catch (e) { p.reject(new Err('openclaw.tools: unreadable reply from the host')); return; }
    p.resolve(value);
  }

  function show(v) {
    if (typeof v === 'string') { return v; }
    try { const s = stringify(v); if (typeof s === 'string') { return s; } } catch (e) { /* fall through */ }
    try { return Str(v); } catch (e) { return '[unprintable value]'; }
  }

  let lines = 0;
  let chars = 0;
  let cut = false;
  function log(level, args) {
    if (cut) { return; }
    let text = '';
    for (let i = 0; i < args.length && text.length <= maxLogChars; i++) { text += (i ? ' ' : '') + show(args[i]); }
    if (lines >= maxLogLines || chars + text.length > maxLogChars) {
      cut = true;
      const room = maxLogChars - chars;
      text = (lines < maxLogLines && room > 0 ? text.slice(0, room) : '') + ' [log truncated: limit of ' + maxLogLines + ' lines / ' + maxLogChars + ' characters reached]';
    }
    lines++;
    chars += text.length;
    try { hostLog(level, text, callerLine()); } catch (e) { /* the host is gone */ }
  }

  function errorLine(e) {
    try {
      if (e === null || (typeof e !== 'object' && typeof e !== 'function')) { return 0; }
      return invoke(weakGet, errorLines, e) || lineOf(e);
    } catch (x) { return 0; }
  }

  function describeError(e) {
    try {
      if (surface === 'code-mode') { return codeModeErrorText(e); }
      if (e !== null && typeof e === 'object' && typeof e.message === 'string') {
        const name = typeof e.name === 'string' ? e.name : 'Error';
        // Only a line from the error's own stack goes into the text the model reads; a failed
        // operation's message stays as the gateway wrote it (its line travels beside it, in errorLine).
        const line = lineOf(e);
        return name + ': ' + e.message + (line ? ' (line ' + line + ')' : '');
      }
    } catch (x) { /* fall through */ }
    return 'the snippet threw a non-Error value: ' + show(e);
  }

  function finish(ok, payload, line, phase) {
    try { hostDone(ok, payload, line || 0, phase || ''); } catch (e) { /* the host is gone */ }
  }

  // OpenClaw Code Mode's uncaught error text: "Name: message" and the program's frame, as its executor prints it.
  function codeModeErrorText(e) {
    try {
      if (e !== null && typeof e === 'object' && typeof e.message === 'string') {
        const name = typeof e.name === 'string' ? e.name : 'Error';
        const own = invoke(weakHas, bridgeErrors, e);
        const line = own ? invoke(weakGet, errorLines, e) : lineOf(e);
        const column = own ? invoke(weakGet, errorColumns, e) : frameOf(e, 2);
        return name + ': ' + e.message + (line ? '\\n    at ' + frameFile + ':' + line + ':' + (column || 1) : '');
      }
    } catch (x) { /* fall through */ }
    return show(e);
  }

  // Code Mode's JSON rules for returned and emitted values: undefined is null, an Error keeps its name,
  // message and enumerable fields, functions and symbols become null (as JSON.stringify makes them in arrays).
  function codeModeJson(value) {
    return stringify(value === undefined ? null : value, function (key, v) {
      if (v instanceof Err) {
        const out = { name: Str(v.name), message: Str(v.message) };
        const keys = keysOf(v);
        for (let i = 0; i < keys.length; i++) { out[keys[i]] = v[keys[i]]; }
        return out;
      }
      return v;
    });
  }

  function onValue(value) {
    if (surface === 'code-mode') {
      let json;
      try { json = codeModeJson(value); } catch (e) { finish(false, codeModeErrorText(e), errorLine(e)); return; }
      if (typeof json !== 'string') { json = 'null'; }
      if (json.length > maxResultChars) {
        finish(false, 'the program returned ' + json.length + ' characters of JSON; the limit is ' + maxResultChars);
        return;
      }
      finish(true, json);
      return;
    }
    if (value === undefined) { finish(true, undefined); return; }
    const t = typeof value;
    if (t === 'function' || t === 'symbol' || t === 'bigint') {
      finish(false, 'the snippet returned a ' + t + ', which is not JSON-serializable; return plain data');
      return;
    }
    let json;
    try { json = stringify(value); } catch (e) {
      finish(false, 'the snippet returned a value that is not JSON-serializable: ' + describeError(e));
      return;
    }
    if (typeof json !== 'string') { finish(true, undefined); return; }
    if (json.length > maxResultChars) {
      finish(false, 'the snippet returned ' + json.length + ' characters of JSON; the limit is ' + maxResultChars);
      return;
    }
    finish(true, json);
  }

  function phaseOf(e) {
    try { return e !== null && typeof e === 'object' && invoke(weakHas, bridgeErrors, e) ? 'bridge' : 'guest'; } catch (x) { return 'guest'; }
  }
  function start(fn) {
    let p;
    try { p = fn(); } catch (e) { finish(false, describeError(e), errorLine(e), phaseOf(e)); return; }
    invoke(then, p, onValue, function (e) { finish(false, describeError(e), errorLine(e), phaseOf(e)); });
  }

  // ---- OpenClaw Code Mode's guest API (docs/tools/code-mode/guest-api.md), over the same three host functions ----
  function emit(kind, text) {
    if (cut) { return; }
    if (lines >= maxLogLines || chars + text.length > maxLogChars) {
      cut = true;
      text = '[output truncated: limit of ' + maxLogLines + ' items / ' + maxLogChars + ' characters reached]';
      kind = 'text';
    }
    lines++;
    chars += text.length;
    try { hostLog(kind, text, callerLine()); } catch (e) { /* the host is gone */ }
  }
  // Console inspection as Code Mode's: strings as they are, anything else compact JSON-shaped, an Error by its own fields.
  function inspect(v) {
    if (typeof v === 'string') { return v; }
    if (v === undefined) { return 'undefined'; }
    if (typeof v === 'function') { return '[function]'; }
    if (typeof v === 'bigint' || typeof v === 'symbol') { try { return Str(v); } catch (e) { return '[unprintable value]'; } }
    try {
      const s = stringify(v, function (key, x) {
        if (x instanceof Err) {
          const out = { message: Str(x.message) };
          const keys = keysOf(x);
          for (let i = 0; i < keys.length; i++) { out[keys[i]] = x[keys[i]]; }
          return out;
        }
        return x;
      });
      return typeof s === 'string' ? s : Str(v);
    } catch (e) { return '[unprintable value]'; }
  }
  function consoleLine(prefix, args) {
    let text = prefix;
    for (let i = 0; i < args.length; i++) { text += (i ? ' ' : '') + inspect(args[i]); }
    emit('text', text);
  }
  // Reading what a remote source (an MCP server, a client) wrote marks the result as network content, as OpenClaw's
  // getters do: the host then hands it to the model inside its external-content notice. Said once between replies.
  
  function observeNetworkContent() {
    if (observed) { return; }
    observed = true;
    try { hostLog('network', '', 0); } catch (e) { /* the host is gone */ }
  }
  const META_KEYS = ['callableName', 'toolName', 'label', 'description', 'source', 'input', 'output'];
  const handles = new Map();
  function handleOf(meta) {
    const callable = meta.callableName;
    const known = invoke(mapGet, handles, callable);
    if (known) { return known; }
    const fn = function (input) { return request('call', input === undefined ? [callable] : [callable, input]); };
    const keys = meta.source === 'mcp' ? META_KEYS.concat(['apiPath']) : META_KEYS;
    const remote = meta.source !== 'openclaw';
    const own = {};
    for (let i = 0; i < keys.length; i++) {
      const value = meta[keys[i]];
      own[keys[i]] = value;
      defineProperty(fn, keys[i], remote
        ? { get: function () { observeNetworkContent(); return value; }, enumerable: true, configurable: false }
        : { value: value, enumerable: true, writable: false, configurable: false });
    }
    freeze(own);
    defineProperty(fn, 'name', { value: callable, enumerable: false, writable: false, configurable: false });
    defineProperty(fn, 'describe', { value: function describe() { return request('describe', [callable]); }, enumerable: true, writable: false, configurable: false });
    defineProperty(fn, 'toJSON', { value: function toJSON() { if (remote) { observeNetworkContent(); } return own; }, enumerable: false, writable: false, configurable: false });
    freeze(fn);
    invoke(mapSet, handles, callable, fn);
    return fn;
  }
  function installCodeMode(guestJson) {
    surface = 'code-mode';
    const guest = parse(guestJson);
    frameFile = Str(guest.frameFile);
    const oneObjectArgument = Str(guest.oneObjectArgument);
    const g = globalThis;
    delete g.openclaw;
    const all = [];
    for (let i = 0; i < guest.all.length; i++) {
      const meta = freeze(guest.all[i]);
      const h = handleOf(meta);
      all[all.length] = h;
      defineProperty(g, meta.callableName, { value: h, enumerable: true, writable: false, configurable: false });
    }
    freeze(all);
    const handlesOf = function (list) {
      const out = [];
      for (let i = 0; i < list.length; i++) { out[out.length] = handleOf(freeze(list[i])); }
      return freeze(out);
    };
    const catalog = freeze({
      search: function search(query, options) {
        return invoke(then, request('search', options === undefined ? [query] : [query, options]), handlesOf);
      },
      all: function all_() { return all; },
    });
    const MCP = {};
    const servers = keysOf(guest.mcp);
    for (let i = 0; i < servers.length; i++) {
      const tools = guest.mcp[servers[i]].tools;
      const ns = { $serverName: Str(guest.mcp[servers[i]].serverName) };
      // Sorted as OpenClaw's namespace lists them; a dotted name (a utility tool: resources.read) is a nested member.
      const names = keysOf(tools).sort();
      for (let j = 0; j < names.length; j++) {
        const callable = 'MCP.' + servers[i] + '.' + names[j];
        const fn = function (input) {
          if (arguments.length > 1) { return P.reject(new Err(oneObjectArgument)); }
          return request('call', input === undefined ? [callable] : [callable, input]);
        };
        const dot = names[j].indexOf('.');
        if (dot < 0) { ns[names[j]] = fn; continue; }
        const group = names[j].slice(0, dot);
        if (ns[group] === undefined) { ns[group] = {}; }
        ns[group][names[j].slice(dot + 1)] = fn;
      }
      const groups = keysOf(ns);
      for (let j = 0; j < groups.length; j++) { if (typeof ns[groups[j]] === 'object') { freeze(ns[groups[j]]); } }
      const server = servers[i];
      ns.$api = function $api(toolName, options) {
        const a = ['$api', server];
        if (toolName !== undefined) { a[a.length] = toolName; }
        if (options !== undefined) { if (toolName === undefined) { a[a.length] = null; } a[a.length] = options; }
        return request('api', a);
      };
      MCP[server] = freeze(ns);
    }
    MCP.$api = function $api() { return request('api', ['$root']); };
    defineProperty(g, 'console', { value: freeze({
      log: function log_() { consoleLine('', arguments); },
      info: function info() { consoleLine('[info] ', arguments); },
      warn: function warn() { consoleLine('[warn] ', arguments); },
      error: function error() { consoleLine('[error] ', arguments); },
      debug: function debug() { consoleLine('[debug] ', arguments); },
    }), enumerable: false, writable: false, configurable: false });
    const timers = new Map();
    let nextTimer = 0;
    const define = function (name, value) { defineProperty(g, name, { value: value, enumerable: false, writable: false, configurable: false }); };
    define('catalog', catalog);
    define('MCP', freeze(MCP));
    define('text', function text(value) { emit('text', inspect(value)); });
    define('json', function json(value) {
      let s;
      try { s = codeModeJson(value); } catch (e) { throw new TErr('json(value): the value is not JSON-serializable'); }
      emit('json', typeof s === 'string' ? s : 'null');
    });
    define('setTimeout', function setTimeout(callback, delay) {
      const id = ++nextTimer;
      const rest = [];
      for (let i = 2; i < arguments.length; i++) { rest[rest.length] = arguments[i]; }
      invoke(mapSet, timers, id, true);
      const ms = typeof delay === 'number' && delay > 0 ? delay : 0;
      invoke(then, request('sleep', [ms]), function () {
        if (!invoke(mapGet, timers, id)) { return; }
        invoke(mapDelete, timers, id);
        if (typeof callback === 'function') { apply(callback, undefined, rest); }
      }, function () { /* the run is over */ });
      return id;
    });
    define('clearTimeout', function clearTimeout(id) { invoke(mapDelete, timers, id); });
    // Code Mode's guests have TextEncoder and TextDecoder (UTF-8 only); a vm context has neither, so they are made here, in its realm.
    define('TextEncoder', class TextEncoder {
      get encoding() { return 'utf-8'; }
      encode(input) {
        const s = input === undefined ? '' : Str(input);
        const out = [];
        for (let i = 0; i < s.length; i++) {
          let c = s.charCodeAt(i);
          if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) {
            c = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(++i) - 0xdc00);
          } else if (c >= 0xd800 && c <= 0xdfff) {
            c = 0xfffd;
          }
          if (c < 0x80) { out[out.length] = c; }
          else if (c < 0x800) { out[out.length] = 0xc0 | (c >> 6); out[out.length] = 0x80 | (c & 63); }
          else if (c < 0x10000) { out[out.length] = 0xe0 | (c >> 12); out[out.length] = 0x80 | ((c >> 6) & 63); out[out.length] = 0x80 | (c & 63); }
          else { out[out.length] = 0xf0 | (c >> 18); out[out.length] = 0x80 | ((c >> 12) & 63); out[out.length] = 0x80 | ((c >> 6) & 63); out[out.length] = 0x80 | (c & 63); }
        }
        return new Uint8Array(out);
      }
    });
    define('TextDecoder', class TextDecoder {
      constructor(label) {
        if (label !== undefined && !/^utf-?8$/i.test(Str(label))) { throw new RangeError('The "' + Str(label) + '" encoding is not supported'); }
      }
      get encoding() { return 'utf-8'; }
      decode(input) {
        const b = input === undefined ? new Uint8Array(0) : new Uint8Array(input.buffer !== undefined ? input.buffer.slice(input.byteOffset || 0, (input.byteOffset || 0) + input.byteLength) : input);
        let s = '';
        for (let i = 0; i < b.length;) {
          const c = b[i];
          const need = c < 0x80 ? 0 : c >= 0xf0 && c < 0xf5 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 ? 1 : -1;
          let cp = need === 0 ? c : need === 1 ? c & 31 : need === 2 ? c & 15 : c & 7;
          let ok = need >= 0 && i + need < b.length;
          for (let k = 1; ok && k <= need; k++) {
            const d = b[i + k];
            if (d === undefined || (d & 0xc0) !== 0x80) { ok = false; } else { cp = (cp << 6) | (d & 63); }
          }
          if (!ok || (need === 2 && cp < 0x800) || (need === 3 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff)) {
            s += '\ufffd';
            i += 1;
            continue;
          }
          s += cp > 0xffff ? String.fromCharCode(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 1023)) : String.fromCharCode(cp);
          i += need + 1;
        }
        return s;
      }
    });
    define('yield_control', function yield_control(reason) {
      return invoke(then, request('yield', reason === undefined ? [] : [Str(reason)]), function () { return undefined; });
    });
    define('API', freeze({
      list: function list(prefix) { return request('api', prefix === undefined ? ['list'] : ['list', prefix]); },
      read: function read(path) { return request('api', ['read', path]); },
    }));
    define('results', freeze({
      save: function save(value) { return request('save', [value]); },
      load: function load(id) { return request('load', [id]); },
      delete: function delete_(id) { return request('delete', [id]); },
    }));
  }

  const tools = freeze({
    search: function search(query, options) { return request('search', options === undefined ? [query] : [query, options]); },
    describe: function describe(id) { return request('describe', [id]); },
    call: function call(id, args) { return request('call', args === undefined ? [id] : [id, args]); },
  });
  const consoleObject = freeze({
    log: function log_() { log('log', arguments); },
    warn: function warn() { log('warn', arguments); },
    error: function error() { log('error', arguments); },
  });
  // Configurable so a Code Mode run can remove it: OpenClaw's Code Mode has no \`openclaw\` global.
  Object.defineProperty(globalThis, 'openclaw', { value: freeze({ tools: tools }), enumerable: false, writable: false, configurable: true });
  // Configurable so a Code Mode run can put its own in its place (five levels, written to the ordered output).
  Object.defineProperty(globalThis, 'console', { value: consoleObject, enumerable: false, writable: false, configurable: true });
  // Made here, so \`import()\` rejects with an object of this realm (Node's own rejection is made in the
  // child's main realm, and its constructor chain led out). Node's code and message, as OpenClaw's child shows them.
  function importRefusal() {
    const e = new TErr('A dynamic import callback was not specified.');
    defineProperty(e, 'code', { value: 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING', enumerable: true, writable: true, configurable: true });
    defineProperty(e, 'toString', { value: function toString() { return this.name + ' [' + this.code + ']: ' + this.message; }, enumerable: false, writable: true, configurable: true });
    return e;
  }
  return freeze({ settle: settle, start: start, configure: configure, importRefusal: importRefusal, installCodeMode: installCodeMode });
})`;

export interface SnippetContext {
  context: VmModule.Context;
  /** Sets the caps before `start` (a context is built ahead of time, before the run's caps are known). */
  configure(limits: SnippetLimits): void;
  /** Delivers a bridge reply (primitives only). */
  settle(id: number, ok: boolean, text: string): void;
  /** Compiles `code` as the body of an async function and starts it; completion goes to `port.done`. */
  start(code: string): void;
  /** Gives the context OpenClaw Code Mode's globals (the guest JSON: callable handles' metadata and MCP namespaces). */
  installCodeMode(guestJson: string): void;
}

/** Globals a snippet context must not have; the probe checks them. */
export const FORBIDDEN_GLOBALS = [
  'require', 'process', 'module', 'exports', 'global', 'Buffer', 'setTimeout', 'setInterval', 'setImmediate',
  'queueMicrotask', 'fetch', 'WebSocket', 'Worker', 'SharedWorker', 'XMLHttpRequest', 'importScripts', '__dirname', '__filename',
] as const;

export function createSnippetContext(port: HostPort): SnippetContext {
  const vm = vmModule();
  // A null-prototype sandbox: the global proxy then has nothing of ours to
  // inherit (`this.constructor` is the context's Object, not the host's).
  const context = vm.createContext(Object.create(null) as object, {
    name: 'tool_search_code',
    codeGeneration: { strings: false, wasm: false },
  });
  const install = new vm.Script(INSTALL_SOURCE, { filename: 'openclaw-bridge.js' }).runInContext(context) as (
    ...args: unknown[]
  ) => {
    settle(id: number, ok: boolean, text: string): void;
    start(fn: unknown): void;
    configure(...limits: number[]): void;
    importRefusal(): unknown;
    installCodeMode(guestJson: string): void;
  };
  // The host functions are wrapped in arrow functions of this strict module:
  // strict call sites hide their `this` and callers from stack-trace APIs.
  const api = install(
    (id: unknown, op: unknown, json: unknown, line: unknown) => port.request(id, op, json, line),
    (level: unknown, text: unknown, line: unknown) => port.log(level, text, line),
    (ok: unknown, payload: unknown, line: unknown, phase: unknown) => port.done(ok, payload, line, phase),
  );
  const settle = api.settle;
  const startFn = api.start;
  const configure = api.configure;
  const importRefusal = api.importRefusal;
  const installCodeMode = api.installCodeMode;
  // Needs `--experimental-vm-modules`: without it Node rejects \`import()\` itself, from its main realm.
  const importModuleDynamically = (): never => {
    throw importRefusal();
  };
  return {
    context,
    configure: (l) => configure(num(l.maxLogLines), num(l.maxLogChars), num(l.maxArgChars), num(l.maxResultChars), num(l.maxBridgeOps)),
    settle: (id, ok, text) => settle(id, ok, text),
    installCodeMode: (guestJson) => installCodeMode(guestJson),
    start: (code) => {
      let script: VmModule.Script;
      try {
        // `lineOffset: -1` so error lines count from the snippet's first line.
        script = new vm.Script(`(async function snippet() {\n${code}\n})`, {
          filename: 'snippet.js',
          lineOffset: -1,
          importModuleDynamically: importModuleDynamically as unknown as VmModule.ScriptOptions['importModuleDynamically'],
        });
      } catch (err) {
        port.done(false, `the snippet does not compile: ${messageOf(err)}`, syntaxLine(err, code), 'guest');
        return;
      }
      let fn: unknown;
      try {
        // Only source that broke out of the wrapper runs here; it runs in the context all the same.
        fn = script.runInContext(context);
      } catch (err) {
        port.done(false, `the snippet failed: ${messageOf(err)}`, 0, 'guest');
        return;
      }
      // The script's completion value is whatever the source made it; only
      // the context's own `start` ever calls it (never the host).
      startFn(fn);
    },
  };
}

/** The message of something thrown, read once; never the object itself. */
function messageOf(err: unknown): string {
  try {
    if (err !== null && typeof err === 'object') {
      const name = (err as { name?: unknown }).name;
      const message = (err as { message?: unknown }).message;
      if (typeof message === 'string') {
        return typeof name === 'string' ? `${name}: ${message}` : message;
      }
    }
    return String(err);
  } catch {
    return 'an unprintable value was thrown';
  }
}

/**
 * The line of a compile error: V8 heads a SyntaxError's stack with
 * `snippet.js:<line>`. A brace that closes the wrapper early is reported on
 * the wrapper's own last line, so the line is kept within the snippet.
 */
function syntaxLine(err: unknown, code: string): number {
  try {
    const stack = (err as { stack?: unknown } | null)?.stack;
    const m = typeof stack === 'string' ? /^snippet\.js:(\d+)/.exec(stack) : null;
    if (!m) {
      return 0;
    }
    const lines = code.split('\n').length;
    return Math.min(Math.max(Number(m[1]), 1), lines);
  } catch {
    return 0;
  }
}

/** Caps cross into the context as plain non-negative integers only. */
function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0;
}
