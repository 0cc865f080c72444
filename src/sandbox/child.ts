'use strict';
/**
 * The sandbox child: the only code that runs in the isolated process
 * (`dist/sandbox.js`). It is spawned with the permission model on, an empty
 * environment and IPC as its only channel. It runs exactly one snippet, or
 * one isolation probe, then the host kills it.
 */
import type { ChildToHost, HostToChild } from '../core/bridge/protocol';
import { probe } from './probe';
import { createSnippetContext, type SnippetContext } from './snippetContext';

const send = (message: ChildToHost): boolean => {
  try {
    return process.send?.(message) ?? false;
  } catch {
    return false;
  }
};

const OPS: ReadonlySet<string> = new Set(['search', 'describe', 'call']);
const LEVELS: ReadonlySet<string> = new Set(['log', 'warn', 'error']);

let snippet: SnippetContext | undefined;
let busy = false;

function run(code: string, limits: Extract<HostToChild, { type: 'run' }>['limits']): void {
  snippet = createSnippetContext(
    {
      request: (id, op, argsJson) => {
        if (typeof id !== 'number' || typeof op !== 'string' || !OPS.has(op) || typeof argsJson !== 'string') {
          return false;
        }
        return send({ type: 'bridge', id, op: op as 'search' | 'describe' | 'call', argsJson });
      },
      log: (level, text) => typeof level === 'string' && LEVELS.has(level) && typeof text === 'string' && send({ type: 'log', level: level as 'log', text }),
      done: (ok, payload) => {
        if (ok === true) {
          return send(typeof payload === 'string' ? { type: 'result', ok: true, valueJson: payload } : { type: 'result', ok: true });
        }
        return send({ type: 'result', ok: false, error: typeof payload === 'string' ? payload : 'the snippet failed' });
      },
    },
    limits,
  );
  snippet.start(code);
}

process.on('message', (raw: unknown) => {
  const message = raw as HostToChild;
  if (message === null || typeof message !== 'object') {
    return;
  }
  switch (message.type) {
    case 'run':
      // One snippet per process: a child that ran code is never reused.
      if (!busy && typeof message.code === 'string') {
        busy = true;
        run(message.code, message.limits);
      }
      return;
    case 'bridge-result':
      if (typeof message.id === 'number') {
        snippet?.settle(message.id, message.ok, message.ok ? message.valueJson : message.error);
      }
      return;
    case 'probe':
      if (!busy) {
        busy = true;
        void probe(message).then(send);
      }
      return;
  }
});

// The IPC channel is the child's lifeline: when the host goes, so does it.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready', node: process.version });
