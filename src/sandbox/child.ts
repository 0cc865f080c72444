'use strict';
/**
 * The sandbox child: the only code that runs in the isolated process
 * (`dist/sandbox.js`). It is spawned with the permission model on, an empty
 * environment and no IPC channel, and freezes its own intrinsics first: it reads frames from
 * stdin and writes frames to stdout (`core/bridge/framing`). It runs exactly
 * one snippet, or one isolation probe, then the host kills it. Right before
 * untrusted code runs it strips its own `process` (`hardening.ts`).
 */
import * as fs from 'node:fs';
import { FrameReader, HOST_FRAME_BOUNDS, encodeFrame } from '../core/bridge/framing';
import { BRIDGE_OPS, LOG_LEVELS, PATH_FOR_NODE, PROBE_ROLE, isSnippetLine, type BridgeOp, type ChildToHost, type HostToChild, type LogLevel, type RunMessage } from '../core/bridge/protocol';
import { freezeIntrinsics } from './freezeIntrinsics';
import { hardenProcess } from './hardening';
import { createSnippetContext, type SnippetContext } from './snippetContext';

/** A failed run's error text as the child frames it. */
const MAX_ERROR_FRAME_CHARS = 100_000;

const OPS: ReadonlySet<string> = new Set(BRIDGE_OPS);
const LEVELS: ReadonlySet<string> = new Set(LOG_LEVELS);

/** A snippet line crosses as a positive integer or not at all. */
function lineField(line: unknown): { line?: number } {
  return isSnippetLine(line) ? { line } : {};
}

function main(): void {
  // First, before any object of this realm exists that a snippet could reach.
  freezeIntrinsics();
  // Everything this code needs after hardening is captured here; after it,
  // `process` and its streams are out of reach, for this code too.
  const proc = process;
  // Set only by the OS layer's launcher, to find `node`; nothing of the host's environment stays.
  delete proc.env[PATH_FOR_NODE];
  const exit = (code: number): void => proc.exit(code);
  const nodeVersion = proc.version;
  // The host starts a probe child with one trailing argument; every other child runs a snippet.
  const role = proc.argv[proc.argv.length - 1] === PROBE_ROLE ? 'probe' : 'run';

  let open = true;
  const send = (message: ChildToHost): boolean => {
    if (!open) {
      return false;
    }
    try {
      writeAll(encodeFrame(message));
      return true;
    } catch {
      // The host is gone (EPIPE): so is this child.
      open = false;
      exit(0);
      return false;
    }
  };

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
    done: (ok, payload, line, phase) => {
      if (ok === true) {
        return send(typeof payload === 'string' ? { type: 'result', ok: true, valueJson: payload } : { type: 'result', ok: true });
      }
      return send(failure(payload, line, phase));
    },
  });

  const runner = createRunner(snippet, role, (message) => send(message), () => hardenProcess(proc, globalThis));
  const onMessage = (raw: unknown): void => {
    const message = raw as HostToChild;
    if (message === null || typeof message !== 'object') {
      return;
    }
    switch (message.type) {
      case 'prepare':
        runner.prepare(message.guest);
        return;
      case 'run':
        runner.run(message);
        return;
      case 'bridge-result':
        if (typeof message.id === 'number') {
          snippet.settle(message.id, message.ok === true, message.ok ? message.valueJson : message.error);
        }
        return;
      case 'probe':
        if (role === 'probe' && runner.claim()) {
          // Loaded only here: its modules (net, workers, child processes) would slow every snippet's start.
          // It hardens this process itself, after loading them and before its attempts.
          void import('./probe').then(({ probe }) => probe(message, proc)).then(send);
        }
        return;
    }
  };

  const reader = new FrameReader(HOST_FRAME_BOUNDS);
  readFrames((chunk) => {
    const r = reader.push(chunk);
    for (const m of r.messages) {
      onMessage(m);
    }
    if (!r.ok) {
      open = false;
      exit(2);
    }
  }, () => exit(0));
  if (role === 'run') {
    // Hardened while idle: a pre-spawned child waits for its snippet with nothing left to take.
    hardenProcess(proc, globalThis);
  }
  send({ type: 'ready', node: nodeVersion });
}

/**
 * The one run of this child: `prepare` installs a Code Mode program's guest
 * ahead of it, only in an idle run child and once (the process is already
 * hardened, so the guest's globals are defined after `process` is gone, as
 * when they come with the run); `run` starts the code. A prepared child runs
 * only the program it was prepared for: a second guest, or none, is refused.
 */
function createRunner(snippet: SnippetContext, role: 'probe' | 'run', send: (m: ChildToHost) => boolean, harden: () => void) {
  let busy = false;
  let prepared: boolean | undefined;
  return {
    /** One piece of code per process: true the first time only. */
    claim(): boolean {
      const free = !busy;
      busy = true;
      return free;
    },
    prepare(guest: unknown): void {
      if (!busy && prepared === undefined && role === 'run' && typeof guest === 'string') {
        prepared = installGuest(snippet, guest);
        send({ type: 'prepared', ok: prepared });
      }
    },
    run(message: RunMessage): void {
      // A child that ran code is never reused.
      if (busy || typeof message.code !== 'string') {
        return;
      }
      busy = true;
      snippet.configure(message.limits);
      harden();
      if (prepared === undefined ? installGuest(snippet, message.guest) : prepared && message.guest === undefined) {
        snippet.start(message.code);
      } else {
        send({ type: 'result', ok: false, error: 'the Code Mode guest API could not be installed' });
      }
    },
  };
}

/** A failed run's result frame. */
function failure(payload: unknown, line: unknown, phase: unknown): ChildToHost {
  // Cut here, far above what the host keeps (it cuts again, with its marker), so a 10 MB message is never framed.
  const error = typeof payload === 'string' ? payload.slice(0, MAX_ERROR_FRAME_CHARS) : 'the snippet failed';
  return { type: 'result', ok: false, error, ...lineField(line), ...(phase === 'bridge' || phase === 'guest' ? { phase } : {}) };
}

/** A Code Mode run's guest API, before its code starts; false when it could not be installed (the run then fails). */
function installGuest(snippet: SnippetContext, guest: unknown): boolean {
  if (typeof guest !== 'string') {
    return true;
  }
  try {
    snippet.installCodeMode(guest);
    return true;
  } catch {
    return false;
  }
}

/*
 * The channel on descriptors 0 and 1 directly, not `process.stdin` and
 * `process.stdout`: creating those streams cost about 4 ms at every start
 * (measured on Node 20), and they are reachable from `process`. Frames are
 * written synchronously and read on the thread pool (`readFrames`).
 */
const STDIN = 0;
const STDOUT = 1;
/** One read of the host's frames; a bigger frame arrives in several. */
const READ_CHUNK_BYTES = 64 * 1024;

function writeAll(frame: Buffer): void {
  let at = 0;
  while (at < frame.length) {
    try {
      at += fs.writeSync(STDOUT, frame, at, frame.length - at);
    } catch (err) {
      // A pipe the host set non-blocking may be momentarily full: try again.
      if ((err as { code?: unknown }).code !== 'EAGAIN') {
        throw err;
      }
    }
  }
}

/** Reads the host's frames until end of file (the host is gone), then calls `end`. */
function readFrames(onChunk: (chunk: Buffer) => void, end: () => void): void {
  // Reads of descriptor 0 on the thread pool, not a `net.Socket`: loading
  // `node:net` cost about 9 ms of every cold start (measured on Node 20), a
  // thread-pool read well under 1 ms per bridge round trip.
  const next = (): void => {
    const chunk = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    fs.read(STDIN, chunk, 0, chunk.length, null, (err, n) => {
      if (err) {
        // A pipe the host set non-blocking may be momentarily empty: try again.
        if ((err as { code?: unknown }).code === 'EAGAIN') {
          setTimeout(next, 1);
          return;
        }
        end();
        return;
      }
      if (n === 0) {
        end();
        return;
      }
      onChunk(chunk.subarray(0, n));
      next();
    });
  };
  next();
}

main();
