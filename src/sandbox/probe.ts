'use strict';
import * as childProcess from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { NEUTRAL_ARGV0, type HardeningProbe, type ProbeAttempt, type ProbeMessage, type ProbeResultMessage, type RealmProbe } from '../core/bridge/protocol';
import { unfrozenIntrinsics } from './freezeIntrinsics';
import { PROCESS_IDENTITY, hardenProcess, residue } from './hardening';
import { FORBIDDEN_GLOBALS, createSnippetContext } from './snippetContext';

/**
 * Tries, as plain Node code in this process, everything the permission model
 * must deny; hardens the process as a run would and reads what is left;
 * then, from inside a snippet context, tries each route by which an object
 * of this realm could cross into it. Reports what really happened; the host
 * decides what it means.
 */

function attempt(fn: () => void): ProbeAttempt {
  try {
    fn();
    return { outcome: 'allowed', detail: 'succeeded' };
  } catch (err) {
    return classify(err);
  }
}

function classify(err: unknown): ProbeAttempt {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'ERR_ACCESS_DENIED') {
    return { outcome: 'denied', detail: `ERR_ACCESS_DENIED: ${message}` };
  }
  return { outcome: 'failed', detail: `${typeof code === 'string' ? `${code}: ` : ''}${message}` };
}

function tryConnect(port: number): Promise<ProbeAttempt> {
  return new Promise((resolve) => {
    let socket: net.Socket;
    const timer = setTimeout(() => {
      socket?.destroy();
      resolve({ outcome: 'failed', detail: 'no answer within 2000 ms' });
    }, 2000);
    try {
      socket = net.connect(port, '127.0.0.1');
    } catch (err) {
      clearTimeout(timer);
      resolve(classify(err));
      return;
    }
    socket.on('connect', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ outcome: 'allowed', detail: `connected to 127.0.0.1:${port}` });
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      resolve(classify(err));
    });
  });
}

function tryWorker(): ProbeAttempt {
  return attempt(() => {
    const w = new Worker('0', { eval: true });
    void w.terminate();
  });
}

function inspectContext(): Pick<ProbeResultMessage, 'contextGlobals' | 'contextGlobalsChecked' | 'contextCodegenBlocked' | 'contextWasmBlocked'> {
  const port = { request: () => false, log: () => false, done: () => false };
  const { context } = createSnippetContext(port);
  const run = (src: string): unknown => new vm.Script(src).runInContext(context);
  const present = run(`(${JSON.stringify(FORBIDDEN_GLOBALS)}).filter((n) => typeof globalThis[n] !== 'undefined')`);
  const codegen = run(`(() => { let blocked = 0;
    try { (0, eval)('1'); } catch (e) { blocked++; }
    try { new Function('return 1'); } catch (e) { blocked++; }
    return blocked === 2; })()`);
  const wasm = run(`(() => { try { new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])); return false; } catch (e) { return true; } })()`);
  return {
    contextGlobals: Array.isArray(present) ? present.map(String) : ['(unreadable)'],
    contextGlobalsChecked: [...FORBIDDEN_GLOBALS],
    contextCodegenBlocked: codegen === true,
    contextWasmBlocked: wasm === true,
  };
}

/**
 * A snippet body that takes every object crossing into its realm (from the
 * bridge, from `import()`, from host-invoked callbacks and stack-trace APIs)
 * and walks its prototype and constructor chains: any object whose chain
 * does not end in this realm's `Object.prototype` came from outside.
 * The probe's own port answers search with a list, describe with an error.
 */
const REALM_ATTEMPTS = String.raw`
const attempts = [], escapes = [];
const OP = Object.prototype;
function foreign(x) {
  if (x === null || (typeof x !== 'object' && typeof x !== 'function')) return false;
  let p = x, top = x;
  for (let i = 0; i < 64; i++) {
    let n;
    try { n = Object.getPrototypeOf(p); } catch (e) { return false; }
    if (n === null) { top = p; break; }
    p = n;
  }
  // A null-prototype object says nothing of its realm; every other chain must end in this realm's Object.prototype.
  return top !== x && top !== OP;
}
function check(label, x) {
  attempts.push(label);
  const todo = [x], seen = new Set();
  while (todo.length && seen.size < 200) {
    const v = todo.pop();
    if (v === null || (typeof v !== 'object' && typeof v !== 'function') || seen.has(v)) continue;
    seen.add(v);
    if (foreign(v)) { escapes.push(label); return; }
    try { todo.push(Object.getPrototypeOf(v)); } catch (e) {}
    for (const k of ['constructor', 'caller', 'callee']) {
      try { const d = Object.getOwnPropertyDescriptor(v, k); if (d && 'value' in d) todo.push(d.value); } catch (e) {}
    }
    try { todo.push(v.constructor); } catch (e) {}
  }
}
function frames(label, run) {
  const got = [];
  const prev = Error.prepareStackTrace;
  Error.prepareStackTrace = (e, cs) => { for (const c of cs) { try { got.push(c.getThis(), c.getFunction()); } catch (x) {} } return ''; };
  try { run(); } finally { Error.prepareStackTrace = prev; }
  for (const g of got) check(label, g);
  if (got.length === 0) attempts.push(label);
}
try { await import('node:fs'); } catch (e) { check('import() rejection', e); }
try { await import('data:text/javascript,export default 1'); } catch (e) { check('import() of a data: URL', e); }
const p = openclaw.tools.search('probe');
check('bridge promise', p);
check('bridge search result', await p);
try { await openclaw.tools.describe('no_such_tool'); } catch (e) { check('bridge error', e); }
check('bridge functions', [openclaw, openclaw.tools, openclaw.tools.search, openclaw.tools.describe, openclaw.tools.call]);
check('console functions', [console, console.log, console.warn, console.error]);
check('global object', globalThis);
frames('stack frames of a continuation after a bridge reply', () => {});
await openclaw.tools.search('probe').then(() => frames('stack frames inside a continuation', () => new Error().stack));
frames('stack frames of a toJSON called while logging', () => console.log({ toJSON() { new Error().stack; return 1; } }));
frames('stack frames of a toJSON called while serializing bridge arguments', () => openclaw.tools.search({ toJSON() { new Error().stack; return 'q'; } }));
frames('stack frames of Symbol.toPrimitive while logging', () => console.log({ [Symbol.toPrimitive]() { new Error().stack; return 'x'; } }));
frames('stack frames of a getter while logging', () => console.log({ get x() { new Error().stack; return 1; } }));
const trapped = [];
const proxy = new Proxy({}, { get(t, k, r) { trapped.push(t, r); return undefined; }, ownKeys(t) { trapped.push(t); return []; } });
console.log(proxy);
try { await openclaw.tools.search(proxy); } catch (e) { check('bridge error for a proxy argument', e); }
check('proxy trap arguments', trapped);
function caller() { const seen = []; let c = caller.caller; while (c && seen.length < 20) { seen.push(c); try { c = c.caller; } catch (e) { break; } } return seen; }
check('caller chain', caller());
await openclaw.tools.search('probe').then(() => check('caller chain from a continuation', caller()));
let depth = 0;
const deep = [];
function dive() { depth++; try { return dive(); } catch (e) { deep.push(e); try { deep.push(openclaw.tools.search('x')); } catch (x) { deep.push(x); } return undefined; } }
dive();
for (const d of deep) { if (d && typeof d.then === 'function') { try { await d; } catch (x) { deep.push(x); } } }
check('errors at the stack limit, calling the bridge', deep);
const thenable = { then(res) { check('arguments of a thenable the host resolves', [res]); res(1); } };
await thenable;
return { attempts, escapes };
`;

function probeRealm(): Promise<RealmProbe> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ attempts: [], escapes: ['the realm probe did not finish within 5000 ms'] }), 5000);
    const ctx = createSnippetContext({
      request: (id, op) => {
        setImmediate(() => {
          if (op === 'describe') {
            ctx.settle(Number(id), false, 'Unknown tool id: no_such_tool.');
          } else {
            ctx.settle(Number(id), true, op === 'search' ? '[{"id":"probe:tool","name":"tool"}]' : '{}');
          }
        });
        return true;
      },
      log: () => true,
      done: (ok, payload) => {
        clearTimeout(timer);
        if (ok !== true || typeof payload !== 'string') {
          resolve({ attempts: [], escapes: [`the realm probe failed: ${String(payload).slice(0, 500)}`] });
          return true;
        }
        try {
          const r = JSON.parse(payload) as { attempts?: unknown; escapes?: unknown };
          const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
          resolve({ attempts: [...new Set(strings(r.attempts))], escapes: [...new Set(strings(r.escapes))] });
        } catch {
          resolve({ attempts: [], escapes: ['the realm probe returned unreadable JSON'] });
        }
        return true;
      },
    });
    ctx.configure({ maxLogLines: 100, maxLogChars: 10_000, maxArgChars: 10_000, maxResultChars: 100_000, maxBridgeOps: 10_000 });
    ctx.start(REALM_ATTEMPTS);
  });
}

export async function probe(m: ProbeMessage, proc: NodeJS.Process): Promise<ProbeResultMessage> {
  // Read before hardening removes them.
  const execPath = proc.execPath;
  const ppid = proc.ppid;
  const ipcChannel = typeof proc.send === 'function' || proc.channel !== undefined;
  const signalBefore = attempt(() => {
    proc.kill(ppid, 0);
  });
  const hostPid = m.hostPid;
  const signalHost = typeof hostPid === 'number' && Number.isSafeInteger(hostPid) && hostPid > 0 ? attempt(() => proc.kill(hostPid, 0)) : undefined;
  const fsRead = attempt(() => fs.readFileSync(m.readPath));
  const fsWrite = attempt(() => fs.writeFileSync(m.writePath, 'probe'));
  const cp = attempt(() => {
    const r = childProcess.spawnSync(execPath, ['--version'], { timeout: 5000 });
    if (r.error) {
      throw r.error;
    }
  });
  const worker = tryWorker();
  const netAttempt = await tryConnect(m.port);
  const envKeys = Object.keys(proc.env).length;

  hardenProcess(proc, globalThis);
  const left = residue(proc, globalThis);
  const p = proc as unknown as Record<string, unknown>;
  // As a snippet holding `process` would try it; named in words, not by whatever the bundler called the variable.
  const signalAfter: ProbeAttempt =
    typeof p.kill === 'function' || typeof p._kill === 'function'
      ? attempt(() => {
          (p.kill as (pid: number, sig: number) => void)(ppid, 0);
        })
      : { outcome: 'failed', detail: 'process.kill and process._kill are gone' };
  // Hardening's own list of identity readings, and the ways to load `os` or reach the host's report.
  const identityReadable = [...PROCESS_IDENTITY, 'report', 'getBuiltinModule', 'binding', 'mainModule']
    .filter((k) => p[k] !== undefined && !(k === 'argv0' && p[k] === NEUTRAL_ARGV0))
    .concat(['require', 'module', 'process'].filter((k) => (globalThis as Record<string, unknown>)[k] !== undefined).map((k) => `globalThis.${k}`));
  const unfrozen = unfrozenIntrinsics();
  const hardening: HardeningProbe = {
    processResidue: left.process,
    globalResidue: left.globals,
    intrinsicsFrozen: left.intrinsicsFrozen && unfrozen.length === 0,
    unfrozenIntrinsics: unfrozen.slice(0, 50),
    ipcChannel,
    signalBefore,
    signalAfter,
    ...(signalHost ? { signalHost } : {}),
    identityReadable,
  };
  const realm = await probeRealm();
  return {
    type: 'probe-result',
    node: proc.version,
    fsRead,
    fsWrite,
    childProcess: cp,
    worker,
    net: netAttempt,
    envKeys,
    ...inspectContext(),
    realm,
    hardening,
  };
}
