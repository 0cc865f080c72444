'use strict';
/**
 * The sandbox child: the only code that runs in the isolated process
 * (`dist/sandbox.js`). It is spawned with the permission model on, an empty
 * environment and IPC as its only channel. It runs exactly one snippet, or
 * one isolation probe, then the host kills it.
 */
import { startupSnapshot } from 'node:v8';
import { isSnippetLine, type BridgeOp, type ChildToHost, type HostToChild, type LogLevel } from '../core/bridge/protocol';
import { createSnippetContext } from './snippetContext';

const send = (message: ChildToHost): boolean => {
  try {
    return process.send?.(message) ?? false;
  } catch {
    return false;
  }
};

const OPS: ReadonlySet<string> = new Set(['search', 'describe', 'call']);
const LEVELS: ReadonlySet<string> = new Set(['log', 'warn', 'error']);

/** A snippet line crosses as a positive integer or not at all. */
function lineField(line: unknown): { line?: number } {
  return isSnippetLine(line) ? { line } : {};
}

function main(): void {
  // Built before "ready", so a pre-spawned child has nothing left to set up
  // when its snippet arrives. Only primitives pass between it and this realm.
  const snippet = createSnippetContext({
    request: (id, op, argsJson, line) => {
      if (typeof id !== 'number' || typeof op !== 'string' || !OPS.has(op) || typeof argsJson !== 'string') {
        return false;
      }
      return send({ type: 'bridge', id, op: op as BridgeOp, argsJson, ...lineField(line) });
    },
    log: (level, text, line) =>
      typeof level === 'string' && LEVELS.has(level) && typeof text === 'string' && send({ type: 'log', level: level as LogLevel, text, ...lineField(line) }),
    done: (ok, payload, line) => {
      if (ok === true) {
        return send(typeof payload === 'string' ? { type: 'result', ok: true, valueJson: payload } : { type: 'result', ok: true });
      }
      return send({ type: 'result', ok: false, error: typeof payload === 'string' ? payload : 'the snippet failed', ...lineField(line) });
    },
  });

  let busy = false;
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
          snippet.configure(message.limits);
          snippet.start(message.code);
        }
        return;
      case 'bridge-result':
        if (typeof message.id === 'number') {
          snippet.settle(message.id, message.ok === true, message.ok ? message.valueJson : message.error);
        }
        return;
      case 'probe':
        if (!busy) {
          busy = true;
          // Loaded only here: its modules (net, workers, child processes) would slow every snippet's start.
          void import('./probe').then(({ probe }) => probe(message)).then(send);
        }
        return;
    }
  });

  // The IPC channel is the child's lifeline: when the host goes, so does it.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', node: process.version });
}

// Under `--build-snapshot` this bundle is only loaded: `main` runs in each
// child started from the snapshot (`--snapshot-blob`), which skips
// compiling Node's own start-up code under the sandbox's V8 flags.
if (startupSnapshot?.isBuildingSnapshot()) {
  startupSnapshot.setDeserializeMainFunction(main);
} else {
  main();
}
