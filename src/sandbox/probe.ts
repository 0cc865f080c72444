'use strict';
import * as childProcess from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import type { ProbeAttempt, ProbeMessage, ProbeResultMessage } from '../core/bridge/protocol';
import { FORBIDDEN_GLOBALS, createSnippetContext } from './snippetContext';

/**
 * Tries, as plain Node code in this process, everything the permission model
 * must deny, and inspects a snippet context. Reports what really happened;
 * the host decides what it means.
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

export async function probe(m: ProbeMessage): Promise<ProbeResultMessage> {
  const fsRead = attempt(() => fs.readFileSync(m.readPath));
  const fsWrite = attempt(() => fs.writeFileSync(m.writePath, 'probe'));
  const cp = attempt(() => {
    const r = childProcess.spawnSync(process.execPath, ['--version'], { timeout: 5000 });
    if (r.error) {
      throw r.error;
    }
  });
  const worker = tryWorker();
  const netAttempt = await tryConnect(m.port);
  return {
    type: 'probe-result',
    node: process.version,
    fsRead,
    fsWrite,
    childProcess: cp,
    worker,
    net: netAttempt,
    envKeys: Object.keys(process.env).length,
    ...inspectContext(),
  };
}
