import type { RunReport } from '../../src/core/bridge/runReport';

/**
 * Hostile snippets. Each tries to get out (write `CANARY`, connect to `PORT`,
 * read the host's environment, hang or flood the host) and states what a
 * user must see instead. `pwn(x)` is the common payload: given anything that
 * might be a host object, it tries to turn it into file and network access.
 */
export interface Attack {
  name: string;
  code: string;
  /** What the report must say; a RegExp is matched against `error`. */
  expect: RegExp | ((r: RunReport) => void);
  timeoutMs?: number;
  /** Tool calls first wait this long (aborted with the run), to test concurrency and the deadline. */
  callDelayMs?: number;
  /** Run against the hostile fixture workspace (test/fixtures/hostile) instead of the demo. */
  hostile?: boolean;
  /** Cancel the run (its abort signal) after this many ms. */
  cancelAfterMs?: number;
  /** The run must end within this many ms of its deadline or cancellation (wall clock, measured by the suite). */
  endsWithinMs?: number;
}

export const PRELUDE = `
function pwn(x) {
  let p = x;
  try { if (typeof x === 'function') { p = x('return process')(); } } catch (e) { /* blocked */ }
  try { if (p && p.process) { p = p.process; } } catch (e) { /* blocked */ }
  try {
    if (p && p.mainModule) {
      const req = p.mainModule.require;
      req('fs').writeFileSync(CANARY, 'escaped');
      req('net').connect(PORT, '127.0.0.1');
      return 'ESCAPED';
    }
  } catch (e) { /* blocked */ }
  return undefined;
}
`;

const LOOP_MS = 1000;
/** The model's text for a name it may not use: the same whether the tool is excluded or exists nowhere. */
const UNKNOWN = /Unknown tool id/;
/** Words that would tell the model an excluded tool exists, or where its rule is. */
const ORACLE = /deny|denied|cannot be called|excluded|openclaw\.json|policy/i;
/** A deep value built inside the snippet. */
const DEEP = `function deep(n) { let v = 'x'; for (let i = 0; i < n; i++) v = { next: v }; return v; }`;
const TIMED_OUT = /timed out after \d+ ms; the sandbox child was killed/;
const CODEGEN = /EvalError: Code generation from strings disallowed/;

function assertThat(cond: boolean, message: string): void {
  if (!cond) {
    throw new Error(message);
  }
}

export const ATTACKS: Attack[] = [
  // ---- file system ----
  { name: 'fs: require("fs") to write a file', code: `require('fs').writeFileSync(CANARY, 'x')`, expect: /ReferenceError: require is not defined/ },
  { name: 'fs: process.mainModule.require', code: `process.mainModule.require('fs').writeFileSync(CANARY, 'x')`, expect: /ReferenceError: process is not defined/ },
  { name: 'fs: globalThis.process lookup', code: `return globalThis.process.binding('fs')`, expect: /TypeError: Cannot read properties of undefined/ },
  // ---- network ----
  { name: 'net: fetch to a loopback listener', code: `await fetch('http://127.0.0.1:' + PORT)`, expect: /ReferenceError: fetch is not defined/ },
  { name: 'net: WebSocket to a loopback listener', code: `new WebSocket('ws://127.0.0.1:' + PORT)`, expect: /ReferenceError: WebSocket is not defined/ },
  { name: 'net: require("net")', code: `require('net').connect(PORT, '127.0.0.1')`, expect: /ReferenceError: require is not defined/ },
  // ---- child process, worker ----
  { name: 'child process: require("child_process")', code: `require('child_process').execSync('touch ' + CANARY)`, expect: /ReferenceError: require is not defined/ },
  { name: 'worker: new Worker', code: `new Worker('data:text/javascript,0')`, expect: /ReferenceError: Worker is not defined/ },
  // ---- environment ----
  {
    name: 'env: enumerate the global object for anything host-side',
    code: `return Object.getOwnPropertyNames(globalThis).filter((n) => /^(process|require|module|exports|Buffer|global|env|__dirname|__filename)$/.test(n) || /environ/i.test(n))`,
    expect: (r) => assertThat(r.ok && Array.isArray(r.value) && (r.value as unknown[]).length === 0, `host names visible: ${JSON.stringify(r.value)}`),
  },
  // ---- code generation ----
  { name: 'codegen: eval', code: `return eval('pwn(1)')`, expect: CODEGEN },
  { name: 'codegen: new Function', code: `return new Function('return process')()`, expect: CODEGEN },
  { name: 'codegen: async function constructor', code: `return (async function () {}).constructor('return process')()`, expect: CODEGEN },
  // ---- constructor chains ----
  { name: 'chain: this.constructor.constructor', code: `if (pwn(this.constructor.constructor)) return 'ESCAPED'; return this.constructor.constructor('return process')()`, expect: CODEGEN },
  { name: 'chain: through a bridge function', code: `if (pwn(openclaw.tools.search.constructor)) return 'ESCAPED'; return openclaw.tools.search.constructor('return process')()`, expect: CODEGEN },
  { name: 'chain: through console.log', code: `return console.log.constructor.constructor('return process')()`, expect: CODEGEN },
  { name: 'chain: through a bridge promise', code: `const p = openclaw.tools.search('invoice'); if (pwn(p.constructor.constructor)) return 'ESCAPED'; return p.constructor.constructor('return process')()`, expect: CODEGEN },
  { name: 'chain: through a bridge result', code: `const r = await openclaw.tools.search('invoice'); if (pwn(r.constructor.constructor)) return 'ESCAPED'; return r.constructor.constructor('return process')()`, expect: CODEGEN },
  {
    name: 'chain: through a bridge error',
    code: `try { await openclaw.tools.describe('no_such_tool_anywhere'); } catch (e) { if (pwn(e.constructor.constructor)) return 'ESCAPED'; return e.constructor.constructor('return process')(); }`,
    expect: CODEGEN,
  },
  // ---- stack-trace APIs ----
  {
    name: 'stack: Error.prepareStackTrace collecting this/function of host frames',
    code: `const got = [];
      Error.prepareStackTrace = (e, frames) => { for (const f of frames) { got.push(f.getThis(), f.getFunction()); } return 'x'; };
      new Error().stack;
      await openclaw.tools.search('invoice').then(() => new Error().stack);
      console.log({ toJSON() { new Error().stack; return 1; } });
      for (const x of got) { if (x && x !== globalThis && pwn(x)) return 'ESCAPED'; if (x && x.constructor && x.constructor.constructor !== Function && pwn(x.constructor.constructor)) return 'ESCAPED'; }
      // Anything not made in this context (not an instance of its Object) came from the host.
      throw new Error('contained: ' + got.filter((x) => x !== undefined && !(x instanceof Object)).length + ' host objects seen in ' + got.length + ' frame slots');`,
    expect: /contained: 0 host objects seen in \d+ frame slots/,
  },
  {
    name: 'stack: caller chain from a host-invoked function',
    code: `const seen = [];
      function probe() { let c = probe.caller; while (c && seen.length < 20) { seen.push(c); try { c = c.caller; } catch (e) { break; } } }
      probe();
      await openclaw.tools.search('invoice').then(probe);
      for (const c of seen) { if (pwn(c.constructor)) return 'ESCAPED'; }
      throw new Error('contained: ' + seen.filter((c) => !(c instanceof Function)).length + ' host callers in ' + seen.length);`,
    expect: /contained: 0 host callers in \d+/,
  },
  // ---- modules, wasm ----
  { name: 'dynamic import() of node:fs', code: `const fs = await import('node:fs'); fs.writeFileSync(CANARY, 'x')`, expect: /dynamic import callback was not specified|ERR_VM_DYNAMIC_IMPORT/i },
  { name: 'wasm: WebAssembly.Module', code: `new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))`, expect: /Wasm code generation disallowed/i },
  { name: 'wasm: WebAssembly.compile', code: `await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))`, expect: /Wasm code generation disallowed/i },
  // ---- hangs ----
  { name: 'hang: synchronous infinite loop', code: `while (true) {}`, expect: TIMED_OUT, timeoutMs: LOOP_MS },
  { name: 'hang: asynchronous infinite loop', code: `for (;;) { await null; }`, expect: TIMED_OUT, timeoutMs: LOOP_MS },
  { name: 'hang: loop after a bridge call', code: `await openclaw.tools.search('invoice'); for (;;) {}`, expect: TIMED_OUT, timeoutMs: LOOP_MS },
  { name: 'hang: Atomics.wait', code: `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)`, expect: TIMED_OUT, timeoutMs: LOOP_MS },
  { name: 'hang: a promise that never settles', code: `await new Promise(() => {})`, expect: TIMED_OUT, timeoutMs: LOOP_MS },
  {
    name: 'hang: microtask flood that keeps calling the bridge after returning',
    code: `(function again() { openclaw.tools.search('invoice').catch(() => {}); Promise.resolve().then(again); })(); return 'returned';`,
    expect: (r) => {
      // Either the result got out before the flood starved the child, or the deadline killed it: never a hang.
      assertThat((r.ok && r.value === 'returned') || TIMED_OUT.test(r.error ?? ''), `unexpected: ${r.error}`);
      assertThat(r.telemetry.searchCount <= 100, `bridge ops past the cap: ${r.telemetry.searchCount}`);
    },
    timeoutMs: LOOP_MS,
  },
  { name: 'hang: no timers to schedule continuations', code: `setTimeout(() => {}, 10)`, expect: /ReferenceError: setTimeout is not defined/ },
  // ---- memory ----
  { name: 'memory: heap exhaustion', code: `const a = []; for (;;) { a.push(new Array(1e5).fill({ x: 1 })); }`, expect: /ran out of memory \(heap cap 64 MB\)/, timeoutMs: 8000 },
  {
    name: 'memory: array buffers outside the heap',
    code: `const a = []; for (;;) { a.push(new Uint8Array(32 * 1024 * 1024).fill(1)); }`,
    expect: /used \d+ MB of memory \(limit \d+ MB\)|Array buffer allocation failed|ran out of memory/,
    timeoutMs: 8000,
  },
  // ---- floods and sizes ----
  {
    name: 'flood: a million console lines',
    code: `for (let i = 0; i < 1e6; i++) console.log('spam ' + i); return 'done'`,
    expect: (r) => {
      assertThat(r.ok && r.value === 'done', `run failed: ${r.error}`);
      assertThat(r.logs.length <= 201, `${r.logs.length} log lines kept`);
      assertThat(/truncated/.test(r.logs[r.logs.length - 1]?.text ?? ''), 'no truncation marker');
    },
  },
  {
    name: 'flood: one ten-million-character log line',
    code: `console.error('x'.repeat(1e7)); return 'done'`,
    expect: (r) => {
      assertThat(r.ok, `run failed: ${r.error}`);
      const total = r.logs.reduce((n, l) => n + l.text.length, 0);
      assertThat(total <= 20_300 && /truncated/.test(r.logs[0]?.text ?? ''), `kept ${total} characters`);
    },
  },
  { name: 'size: a huge result', code: `return 'x'.repeat(1e7)`, expect: /returned 10000002 characters of JSON; the limit is 256000/ },
  { name: 'size: huge bridge arguments', code: `await openclaw.tools.search('x'.repeat(1e6))`, expect: /arguments are \d+ characters; the limit is 64000/ },
  { name: 'unserializable: circular result', code: `const o = {}; o.self = o; return o`, expect: /not JSON-serializable: TypeError: Converting circular structure/ },
  { name: 'unserializable: BigInt result', code: `return 10n`, expect: /returned a bigint, which is not JSON-serializable/ },
  { name: 'unserializable: function result', code: `return () => 1`, expect: /returned a function, which is not JSON-serializable/ },
  { name: 'unserializable: BigInt bridge arguments', code: `await openclaw.tools.call('fake_plugin_tool_17', { marker: 1n })`, expect: /arguments must be JSON-serializable/ },
  {
    name: 'flood: five hundred bridge calls at once',
    code: `const r = await Promise.all(Array.from({ length: 500 }, (_, i) => openclaw.tools.call('fake_plugin_tool_17', { marker: 'm' + i }).then(() => 'ok', (e) => e.message)));
      return { ok: r.filter((x) => x === 'ok').length, refused: r.filter((x) => /refused: this run already made 100 bridge operations/.test(x)).length };`,
    expect: (r) => {
      assertThat(r.ok, `run failed: ${r.error}`);
      const v = r.value as { ok: number; refused: number };
      assertThat(v.ok === 100 && v.refused === 400, `got ${JSON.stringify(v)}`);
      assertThat(r.telemetry.callCount === 100, `callCount ${r.telemetry.callCount}`);
    },
    callDelayMs: 5,
  },
  // ---- policy ----
  {
    name: 'policy: calling a tool the policy denies (gateway) fails closed; the model hears "unknown", the trace the rule',
    code: `return await openclaw.tools.call('gateway', { action: 'restart' })`,
    expect: (r) => {
      assertThat(!r.ok && UNKNOWN.test(r.error ?? '') && !ORACLE.test(r.error ?? ''), `error: ${r.error}`);
      const call = r.trace.find((t) => t.op === 'call');
      assertThat(call !== undefined && !call.ok && call.op === 'call' && call.callId === 'tool_search_code:attack:gateway:unresolved-1', `trace: ${JSON.stringify(call)}`);
      assertThat(call?.op === 'call' && /gateway cannot be called: denied by tools\.deny "gateway".*\[blocked by policy\]/.test(call.error ?? ''), `trace error: ${call?.op === 'call' ? call.error : ''}`);
    },
  },
  {
    name: 'policy: a denied tool is not found by search or describe either',
    code: `const r = await openclaw.tools.search('gateway'); if (r.some((h) => h.name === 'gateway')) return 'LEAKED'; return await openclaw.tools.describe('gateway')`,
    expect: /Unknown tool id: gateway/,
  },
  // ---- tampering ----
  {
    name: 'tamper: replaced Promise.prototype.then and JSON before returning',
    code: `const real = await openclaw.tools.search('invoice', { limit: 1 });
      Promise.prototype.then = function () { pwn(arguments[0] && arguments[0].constructor); throw new Error('hijacked'); };
      JSON.stringify = () => 'HIJACKED';
      return real.length`,
    expect: (r) => assertThat(r.ok && r.value === 1, `report: ${r.error ?? JSON.stringify(r.value)}`),
  },
  { name: 'syntax: breaking out of the function wrapper', code: `}); require('fs').writeFileSync(CANARY, 'x'); (async function () {`, expect: /ReferenceError: require is not defined/ },
  { name: 'deadline: a tool call still running at the deadline is abandoned', code: `await openclaw.tools.call('fake_plugin_tool_17', { marker: 'slow' })`, expect: TIMED_OUT, timeoutMs: LOOP_MS, callDelayMs: 5000 },
];

function errorOf(r: RunReport): string {
  return r.error ?? '';
}

function traceCall(r: RunReport, n = 0): { error?: string; ok: boolean } | undefined {
  const calls = r.trace.filter((t) => t.op === 'call');
  const t = calls[n];
  return t && t.op === 'call' ? { error: t.error, ok: t.ok } : undefined;
}

/**
 * Host-side attacks: what a snippet or a tool's schema, result or error can
 * do to the host itself (hang it, flood it, overflow its stack, fool it).
 * They run against the hostile fixture workspace.
 */
export const HOST_ATTACKS: Attack[] = [
  // ---- values entering the host ----
  {
    name: 'host: arguments nested 1,500 levels deep are refused at the IPC boundary, the tool never runs',
    code: `${DEEP} return await openclaw.tools.call('vault_echo', { mode: 'rm', payload: deep(1500) })`,
    expect: /openclaw\.tools\.call: the arguments refused: it is nested deeper than 64 levels/,
    hostile: true,
  },
  {
    name: 'host: a violated enum next to a 60-level argument is refused by the schema (used to fail open)',
    code: `${DEEP} return await openclaw.tools.call('vault_echo', { mode: 'rm', payload: deep(60) })`,
    expect: /vault_echo: arguments do not match its input schema: mode: .*\[blocked by invalid-args\]/,
    hostile: true,
  },
  {
    name: 'host: a return value nested 1,500 levels deep is refused, the report still arrives',
    code: `let v = 0; for (let i = 0; i < 1500; i++) v = [v]; return v`,
    expect: /the snippet's return value refused: it is nested deeper than 64 levels/,
    hostile: true,
  },
  {
    name: 'host: a tool result nested 10,000 levels deep is refused, never pretty-printed',
    code: `return await openclaw.tools.call('deep_result', {})`,
    expect: /deep_result returned a value the host refuses: it is nested deeper than 64 levels/,
    hostile: true,
  },
  { name: 'host: a 5,000,000-character tool result is refused', code: `return await openclaw.tools.call('huge_result', {})`, expect: /huge_result returned a value the host refuses: it holds a string of 5000000 characters; the limit is 1000000/, hostile: true },
  { name: 'host: a tool result of 2,000,000 values is refused', code: `return await openclaw.tools.call('wide_result', {})`, expect: /wide_result returned a value the host refuses: it has more than 100000 values/, hostile: true },
  { name: 'host: a circular tool result is refused', code: `return await openclaw.tools.call('cyclic_result', {})`, expect: /cyclic_result returned a value the host refuses: it is circular/, hostile: true },
  {
    name: 'host: "__proto__" in arguments stays data: the host prototype is not polluted',
    code: `const r = await openclaw.tools.call('vault_echo', JSON.parse('{"mode":"safe","__proto__":{"pollutedByAttack":true}}')); return Object.keys(r.result.details)`,
    expect: (r) => {
      assertThat(r.ok, `run failed: ${r.error}`);
      assertThat(JSON.stringify(r.value) === '["mode","__proto__"]', `keys: ${JSON.stringify(r.value)}`);
      assertThat(({} as { pollutedByAttack?: unknown }).pollutedByAttack === undefined, 'Object.prototype of the host was polluted');
    },
    hostile: true,
  },
  // ---- errors ----
  {
    name: 'host: a tool that throws a 10 MB message reaches the snippet capped',
    code: `try { await openclaw.tools.call('throw_message', {}); } catch (e) { return e.message.length; }`,
    expect: (r) => assertThat(r.ok && typeof r.value === 'number' && r.value < 5_000, `message length ${JSON.stringify(r.value)} ${r.error}`),
    hostile: true,
  },
  {
    name: 'host: a tool that throws a 10 MB error name reaches the snippet capped',
    code: `try { await openclaw.tools.call('throw_name', {}); } catch (e) { return e.message.length; }`,
    expect: (r) => assertThat(r.ok && typeof r.value === 'number' && r.value < 5_000, `message length ${JSON.stringify(r.value)} ${r.error}`),
    hostile: true,
  },
  { name: 'host: a tool that throws an object whose message getter throws', code: `await openclaw.tools.call('throw_getter', {})`, expect: /an unreadable object was thrown/, hostile: true },
  {
    name: 'host: the snippet throws a 10 MB message: the report stays small',
    code: `throw new Error('m'.repeat(1e7))`,
    expect: (r) => {
      assertThat(!r.ok && /cut by the host/.test(errorOf(r)), `error: ${errorOf(r).slice(0, 200)}`);
      assertThat(JSON.stringify(r).length < 100_000, `report is ${JSON.stringify(r).length} characters`);
    },
    hostile: true,
  },
  {
    name: 'host: the snippet throws an error with a 10 MB name: the report stays small',
    code: `const e = new Error('x'); e.name = 'N'.repeat(1e7); throw e`,
    expect: (r) => assertThat(!r.ok && JSON.stringify(r).length < 100_000, `report is ${JSON.stringify(r).length} characters`),
    hostile: true,
  },
  {
    name: 'host: ninety 900 KB results cannot make the report tens of MB (trace budget)',
    code: `let n = 0; for (let i = 0; i < 90; i++) { const r = await openclaw.tools.call('mid_result', {}); n += r.result.details.length; } return n`,
    expect: (r) => {
      assertThat(r.ok && r.value === 90 * 450_000, `run: ${r.error ?? JSON.stringify(r.value)}`);
      const pretty = JSON.stringify(r, null, 2).length;
      assertThat(pretty < 3_000_000, `pretty report is ${pretty} characters`);
      assertThat(r.trace.some((t) => t.op === 'call' && typeof t.result === 'string' && /not kept in the trace/.test(t.result)), 'no trace budget marker');
    },
    hostile: true,
    // 40 MB through the bridge: ten seconds on a quiet machine, over 20 s on a loaded one. It checks a budget, not a time.
    timeoutMs: 60_000,
  },
  // ---- hostile schemas: validation cannot freeze the host ----
  { name: 'host: a backtracking "pattern" with a 48-character argument is stopped, the call refused', code: `await openclaw.tools.call('regex_check', { code: 'a'.repeat(48) + '!' })`, expect: /argument check did not finish within \d+ ms.*the call was refused/, hostile: true },
  { name: 'host: format "url" with a 48-character argument is stopped, the call refused', code: `await openclaw.tools.call('url_check', { url: 'http://' + 'a'.repeat(41) + '!' })`, expect: /argument check did not finish within \d+ ms/, hostile: true },
  { name: 'host: a backtracking patternProperties key is stopped, the call refused', code: `await openclaw.tools.call('keyed_check', { ['a'.repeat(40) + 'b']: 'v' })`, expect: /argument check did not finish within \d+ ms/, hostile: true },
  {
    name: 'host: hostile validations until the deadline: the run still ends within deadline + 1 s',
    code: `for (;;) { await Promise.all([1, 2, 3, 4].map(() => openclaw.tools.call('regex_check', { code: 'a'.repeat(48) + '!' }).catch(() => 0))); }`,
    expect: TIMED_OUT,
    timeoutMs: 1500,
    endsWithinMs: 1000,
    hostile: true,
  },
  {
    name: 'host: cancelling while the host validates ends the run within 1 s',
    code: `for (;;) { await openclaw.tools.call('url_check', { url: 'http://' + 'a'.repeat(41) + '!' }).catch(() => 0); }`,
    expect: /the run was cancelled/,
    cancelAfterMs: 700,
    endsWithinMs: 1000,
    hostile: true,
  },
  // ---- the model learns nothing about tools outside the catalog ----
  {
    name: 'host: existence oracle: describe and call of an excluded tool both say unknown, as for a name that exists nowhere',
    code: `const said = [];
      for (const q of ['VAULT_WIPE', 'openclaw:vault:vault_wipe', 'VAULT_WIPE_NOWHERE']) {
        try { await openclaw.tools.describe(q); } catch (e) { said.push(e.message); }
        try { await openclaw.tools.call(q, {}); } catch (e) { said.push(e.message); }
      }
      return said;`,
    expect: (r) => {
      assertThat(r.ok && Array.isArray(r.value) && r.value.length === 6, `run: ${r.error ?? JSON.stringify(r.value)}`);
      const said = r.value as string[];
      for (const m of said) {
        assertThat(UNKNOWN.test(m) && !ORACLE.test(m), `reveals: ${m}`);
      }
      // describe and call give the same lookup text.
      assertThat((said[1] ?? '').includes(said[0] ?? '-'), `describe said ${said[0]}, call said ${said[1]}`);
      // The developer's trace keeps the real reason.
      assertThat(/denied by tools\.deny "VAULT_WIPE"/.test(traceCall(r, 0)?.error ?? ''), `trace: ${traceCall(r, 0)?.error}`);
    },
    hostile: true,
  },
  {
    name: 'host: did-you-mean never suggests an excluded tool',
    code: `try { await openclaw.tools.describe('vault_wip'); } catch (e) { return e.message; }`,
    expect: (r) => assertThat(r.ok && typeof r.value === 'string' && UNKNOWN.test(r.value) && !/vault_wipe/.test(r.value), `said: ${JSON.stringify(r.value)}`),
    hostile: true,
  },
  {
    name: 'host: id spoofing: a client tool named "openclaw:vault:vault_wipe" answers to nothing',
    code: `const said = [];
      for (const q of ['client:client:openclaw:vault:vault_wipe', 'openclaw:vault:vault_wipe', 'vault.wipe']) {
        try { await openclaw.tools.call(q, {}); said.push('CALLED ' + q); } catch (e) { said.push(e.message); }
      }
      return said;`,
    expect: (r) => {
      assertThat(r.ok && Array.isArray(r.value), `run: ${r.error}`);
      for (const m of r.value as string[]) {
        assertThat(UNKNOWN.test(m) && !m.startsWith('CALLED'), `said: ${m}`);
      }
    },
    hostile: true,
  },
  // ---- host paths ----
  {
    name: 'host: a crashing plugin hook names its plugin, never its file',
    code: `try { await openclaw.tools.call('hooked', {}); } catch (e) { return e.message; }`,
    expect: (r) => {
      assertThat(r.ok && typeof r.value === 'string', `run: ${r.error}`);
      const m = r.value as string;
      assertThat(/hook of plugin "vault" failed/.test(m) && !/handler\.js|\/fixtures\/|[\\/]logs/.test(m), `said: ${m}`);
      assertThat(/handler\.js/.test(traceCall(r)?.error ?? ''), 'the trace lost the real error');
    },
    hostile: true,
  },
  {
    name: 'host: a tool error naming a host file reaches the snippet without the path',
    code: `try { await openclaw.tools.call('throw_path', {}); } catch (e) { return e.message; }`,
    expect: (r) => assertThat(r.ok && typeof r.value === 'string' && /ENOENT/.test(r.value) && !/handler\.js|\/fixtures\//.test(r.value), `said: ${JSON.stringify(r.value)}`),
    hostile: true,
  },
];
