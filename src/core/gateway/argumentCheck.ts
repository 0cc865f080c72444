import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { JsonSchema } from '../types';
import { boundValue, errorText, type JsonValue } from '../util/boundedValue';

/**
 * Checks call arguments against a tool's input schema without ever blocking
 * the host, and fails closed.
 *
 * Schemas are untrusted (MCP servers, client tools): a `pattern`,
 * `patternProperties` key or `format` (the validator's own `url` regular
 * expression among them) can backtrack exponentially on a 48-character
 * argument. So validation runs in a worker thread with a deadline; past it the
 * worker is terminated and the call refused. A linear-time engine (re2js) was
 * measured and not chosen: it cannot compile lookaheads or backreferences,
 * which ECMA-262 patterns and the validator's own formats use, and compiling
 * a pattern costs about 0.17 ms against 0.0004 ms natively (bench/README.md).
 * A validator that throws, an input over budget or a worker that cannot start
 * all refuse the call with the reason.
 */

export interface CheckRequest {
  id: number;
  /** The schema's key in this worker's cache; `schema` is sent only the first time. */
  key: number;
  schema?: JsonSchema;
  args: JsonValue;
}

export type CheckReply = { id: number; ok: true } | { id: number; ok: false; problem: string; failed?: boolean } | { ready: true };

export interface ArgumentCheckLimits {
  /** Wall clock for one check, from the moment the (started) worker gets it. */
  timeoutMs: number;
  /** Wall clock for a new worker to load its code. */
  startTimeoutMs: number;
  /** Compact JSON characters of the arguments the check accepts to look at. */
  maxArgChars: number;
  /** Compact JSON characters of a schema. */
  maxSchemaChars: number;
}

export const DEFAULT_ARGUMENT_CHECK_LIMITS: Readonly<ArgumentCheckLimits> = {
  timeoutMs: 500,
  startTimeoutMs: 15_000,
  maxArgChars: 256_000,
  maxSchemaChars: 512_000,
};

/** The outcome of a check: `problem` is the refusal text, `failed` marks a check that could not finish. */
export interface ArgumentVerdict {
  problem?: string;
  failed?: boolean;
}

/** Where the worker's code is: bundled next to this code, or its TypeScript source under tsx (tests, benches). */
function workerEntry(): { file: string; eval: boolean } {
  const bundled = path.join(__dirname, 'argumentCheckWorker.js');
  if (fs.existsSync(bundled)) {
    return { file: bundled, eval: false };
  }
  const source = path.join(__dirname, 'argumentCheckWorker.ts');
  if (fs.existsSync(source)) {
    return { file: `require('tsx/cjs'); require(${JSON.stringify(source)});`, eval: true };
  }
  return { file: path.resolve(__dirname, '../../../dist/argumentCheckWorker.js'), eval: false };
}

interface Job {
  schema: JsonSchema;
  args: JsonValue;
  resolve: (v: ArgumentVerdict) => void;
  signal?: AbortSignal;
  /** Takes the job out of the queue when its call is cancelled while waiting. */
  onQueuedAbort?: () => void;
}

const CANCELLED: ArgumentVerdict = { problem: 'the argument check was cancelled with the call', failed: true };

/**
 * One worker, one check at a time (a runaway check delays no other check
 * past its own deadline: the queue waits, then the worker is replaced).
 */
export class ArgumentChecker {
  readonly limits: ArgumentCheckLimits;
  private worker: Worker | undefined;
  /** Resolves when the current worker has loaded its code. */
  private started: Promise<void> | undefined;
  /** Schemas the current worker holds, by key. */
  private known = new Set<number>();
  private readonly keys = new WeakMap<JsonSchema, number>();
  private readonly bounded = new WeakMap<JsonSchema, JsonSchema | string>();
  private nextKey = 0;
  private nextId = 0;
  private readonly queue: Job[] = [];
  private busy = false;
  /** Worker restarts after a deadline or a crash (for tests and logs). */
  restarts = 0;

  constructor(limits: Partial<ArgumentCheckLimits> = {}) {
    this.limits = { ...DEFAULT_ARGUMENT_CHECK_LIMITS, ...limits };
  }

  /** Why `args` do not fit `schema` (or cannot be checked), or an empty verdict when they fit. */
  check(schema: JsonSchema | undefined, args: unknown, signal?: AbortSignal): Promise<ArgumentVerdict> {
    if (signal?.aborted) {
      return Promise.resolve(CANCELLED);
    }
    if (!schema) {
      return Promise.resolve({});
    }
    const s = this.boundedSchema(schema);
    if (typeof s === 'string') {
      return Promise.resolve({ problem: s, failed: true });
    }
    const a = boundValue(args, { maxJsonChars: this.limits.maxArgChars });
    if (!a.ok) {
      return Promise.resolve({ problem: `the arguments cannot be checked: ${a.problem}`, failed: true });
    }
    return new Promise((resolve) => {
      const job: Job = { schema: s, args: a.value, resolve, signal };
      // A cancelled call leaves the queue at once: an abandoned run's hostile
      // checks must not hold up the next run's.
      job.onQueuedAbort = (): void => {
        const i = this.queue.indexOf(job);
        if (i >= 0) {
          this.queue.splice(i, 1);
          resolve(CANCELLED);
        }
      };
      signal?.addEventListener('abort', job.onQueuedAbort, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  /** Stops the worker; later checks start a new one. */
  dispose(): void {
    const w = this.worker;
    this.worker = undefined;
    this.started = undefined;
    this.known = new Set();
    void w?.terminate();
  }

  private boundedSchema(schema: JsonSchema): JsonSchema | string {
    let s = this.bounded.get(schema);
    if (s === undefined) {
      const b = boundValue(schema, { maxJsonChars: this.limits.maxSchemaChars });
      s = b.ok && b.value !== null && typeof b.value === 'object' && !Array.isArray(b.value) ? (b.value as JsonSchema) : `the input schema cannot be used to check arguments: ${b.ok ? 'it is not an object' : b.problem}`;
      this.bounded.set(schema, s);
    }
    return s;
  }

  private keyOf(schema: JsonSchema): number {
    let k = this.keys.get(schema);
    if (k === undefined) {
      k = ++this.nextKey;
      this.keys.set(schema, k);
    }
    return k;
  }

  private spawn(): Worker {
    const entry = workerEntry();
    const w = new Worker(entry.file, {
      eval: entry.eval,
      // A schema that makes validation allocate without end dies here, not in the host.
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    w.unref();
    this.worker = w;
    this.known = new Set();
    this.started = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the worker did not start within ${this.limits.startTimeoutMs} ms`)), this.limits.startTimeoutMs);
      const done = (err?: Error): void => {
        clearTimeout(timer);
        w.off('message', onReady);
        w.off('error', done);
        w.off('exit', onExit);
        if (err) {
          reject(err);
        } else {
          resolve();
        }
      };
      const onReady = (m: CheckReply): void => {
        if ('ready' in m) {
          done();
        }
      };
      const onExit = (code: number): void => done(new Error(`the worker exited (code ${code})`));
      w.on('message', onReady);
      w.on('error', done);
      w.on('exit', onExit);
    });
    this.started.catch(() => undefined);
    return w;
  }

  private pump(): void {
    if (this.busy) {
      return;
    }
    const job = this.queue.shift();
    if (!job) {
      return;
    }
    if (job.onQueuedAbort) {
      job.signal?.removeEventListener('abort', job.onQueuedAbort);
    }
    this.busy = true;
    let w: Worker;
    try {
      w = this.worker ?? this.spawn();
    } catch (err) {
      this.finish(job, { problem: `the argument check could not start: ${errorText(err, 500)}`, failed: true });
      return;
    }
    w.ref();
    const started = this.started ?? Promise.resolve();
    started.then(
      () => this.send(w, job),
      (err: unknown) => {
        if (this.worker === w) {
          this.dispose();
        }
        this.finish(job, { problem: `the argument check could not start: ${errorText(err, 500)}`, failed: true });
      },
    );
  }

  private send(w: Worker, job: Job): void {
    if (job.signal?.aborted) {
      w.unref();
      this.finish(job, CANCELLED);
      return;
    }
    const id = ++this.nextId;
    const key = this.keyOf(job.schema);
    const settle = (v: ArgumentVerdict, replace: boolean): void => {
      clearTimeout(timer);
      job.signal?.removeEventListener('abort', onAbort);
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
      if (replace && this.worker === w) {
        this.restarts++;
        this.dispose();
      } else {
        w.unref();
      }
      this.finish(job, v);
    };
    const onMessage = (m: CheckReply): void => {
      if ('ready' in m || m.id !== id) {
        return;
      }
      this.known.add(key);
      settle(m.ok ? {} : { problem: m.problem, ...(m.failed ? { failed: true } : {}) }, false);
    };
    const onError = (err: unknown): void => settle({ problem: `the argument check failed: ${errorText(err, 500)}`, failed: true }, true);
    const onExit = (code: number): void => settle({ problem: `the argument check stopped (exit code ${code})`, failed: true }, true);
    const timer = setTimeout(
      () => settle({ problem: `the argument check did not finish within ${this.limits.timeoutMs} ms (a pattern or format in the input schema may backtrack); the check was stopped`, failed: true }, true),
      this.limits.timeoutMs,
    );
    // The call was cancelled mid-check: stop the worker rather than let it run on.
    const onAbort = (): void => settle(CANCELLED, true);
    job.signal?.addEventListener('abort', onAbort, { once: true });
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    const request: CheckRequest = { id, key, args: job.args, ...(this.known.has(key) ? {} : { schema: job.schema }) };
    w.postMessage(request);
  }

  private finish(job: Job, v: ArgumentVerdict): void {
    this.busy = false;
    job.resolve(v);
    this.pump();
  }
}

let shared: ArgumentChecker | undefined;

/** The process-wide checker the gateways share (one worker thread, started on first use). */
export function sharedArgumentChecker(): ArgumentChecker {
  shared ??= new ArgumentChecker();
  return shared;
}
