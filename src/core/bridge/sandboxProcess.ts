import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CHILD_FRAME_BOUNDS, FrameReader, encodeFrame } from './framing';
import { NEUTRAL_ARGV0, isChildMessage, type ChildToHost, type HostToChild } from './protocol';
import { spawnCommand, type OsLayer } from './osLayer';

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Last lines the child wrote to stderr (V8's out-of-memory report lands here). */
  stderrTail: string;
  /** Set when the host's memory watchdog killed it. */
  killedForRss?: number;
  /** Set when the host killed it for breaking the channel's protocol (what it sent). */
  protocolError?: string;
}

const STDERR_TAIL_CHARS = 4000;
const READY_TIMEOUT_MS = 15_000;

/**
 * One sandbox child process: spawned with the given arguments, an empty
 * environment and a fresh empty temp dir as cwd; talks only in frames on its
 * stdin and stdout (`framing.ts`), never over Node's IPC. Nothing it sends is
 * trusted: a frame that is too large, not JSON, or not a message of the
 * protocol kills it, and the run reports that.
 */
export class SandboxProcess {
  readonly ready: Promise<void>;
  readonly exited: Promise<ChildExit>;
  private readonly child: ChildProcess;
  private readonly cwd: string;
  private stderrTail = '';
  private listener: ((m: ChildToHost) => void) | undefined;
  private alive = true;
  private rssTimer: NodeJS.Timeout | undefined;
  private killedForRss: number | undefined;
  private cwdRemoved = false;
  private protocolError: string | undefined;
  /** Settles the pending `prepare` with the child's answer (false when it died first). */
  private onPrepared: ((ok: boolean) => void) | undefined;
  private prepareSent = false;

  /** `layer`: start it inside the OS layer (its own PID and user namespace); none: Node directly. */
  constructor(nodePath: string, argv: readonly string[], layer?: OsLayer) {
    this.cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-sandbox-'));
    const { command, args, env } = spawnCommand(nodePath, argv, layer);
    this.child = spawn(command, args, {
      cwd: this.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // What the child reads as `process.argv0` (which it cannot remove): never the binary's path.
      // Inside the OS layer the launcher passes the same name on to Node.
      argv0: layer ? path.basename(command) : NEUTRAL_ARGV0,
      windowsHide: true,
    });
    // A child that died leaves a broken pipe: writing to it must not throw in the host.
    this.child.stdin?.on('error', () => undefined);
    this.child.stdout?.on('error', () => undefined);
    this.child.stderr?.on('error', () => undefined);
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.alive = false;
        this.stopWatchdog();
        this.removeCwd();
        // stderr may still be draining; give it the same turn of the loop.
        setImmediate(() => resolve({ code, signal, stderrTail: this.stderrTail, killedForRss: this.killedForRss, protocolError: this.protocolError }));
      });
    });
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill();
        reject(new Error(`bridge: the sandbox child sent no "ready" within ${READY_TIMEOUT_MS} ms`));
      }, READY_TIMEOUT_MS);
      this.child.once('error', (err) => {
        clearTimeout(timer);
        this.alive = false;
        reject(new Error(`bridge: could not start ${nodePath}: ${err.message}`));
      });
      void this.exited.then((e) => {
        clearTimeout(timer);
        reject(new Error(`bridge: the sandbox child exited before it was ready (${describeExit(e)})`));
      });
      const reader = new FrameReader(CHILD_FRAME_BOUNDS);
      let isReady = false;
      const violate = (problem: string): void => {
        this.protocolError ??= problem;
        this.kill();
      };
      this.child.stdout?.on('data', (chunk: Buffer) => {
        const r = reader.push(chunk);
        for (const m of r.messages) {
          if (this.protocolError) {
            return;
          }
          if (!isChildMessage(m)) {
            violate(`sent a message outside the bridge protocol (${describeShape(m)})`);
            return;
          }
          if (m.type === 'ready') {
            if (isReady) {
              violate('sent "ready" twice');
              return;
            }
            isReady = true;
            clearTimeout(timer);
            // Node has booted and loaded the bundle: the folder was only needed
            // as a cwd to start in. Gone now, no run can leave it behind (where
            // a running process's cwd cannot be removed, it goes at exit).
            this.removeCwd();
            resolve();
            continue;
          }
          if (!isReady) {
            violate(`sent "${m.type}" before "ready"`);
            return;
          }
          if (m.type === 'prepared') {
            const settle = this.onPrepared;
            if (!settle) {
              violate('sent "prepared" unasked');
              return;
            }
            this.onPrepared = undefined;
            settle(m.ok);
            continue;
          }
          this.listener?.(m);
        }
        if (!r.ok) {
          violate(r.problem);
        }
      });
    });
    // Callers that never await `ready` must not crash the host on a failed spawn.
    this.ready.catch(() => undefined);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get isAlive(): boolean {
    return this.alive;
  }

  /**
   * Installs a Code Mode guest in this idle child ahead of its run
   * (`PrepareMessage`); resolves with whether it did. At most once.
   */
  prepare(guest: string): Promise<boolean> {
    if (this.prepareSent || !this.send({ type: 'prepare', guest })) {
      return Promise.resolve(false);
    }
    this.prepareSent = true;
    return new Promise<boolean>((resolve) => {
      // A deadline, as for "ready": a child that never answers is killed; the timer also keeps
      // the host alive while it waits (an idle child's pipes do not).
      const timer = setTimeout(() => this.kill(), READY_TIMEOUT_MS);
      const settle = (ok: boolean): void => {
        clearTimeout(timer);
        resolve(ok);
      };
      this.onPrepared = settle;
      void this.exited.then(() => {
        if (this.onPrepared === settle) {
          this.onPrepared = undefined;
          settle(false);
        }
      });
    });
  }

  /** The single consumer of the child's messages (after `ready`). */
  onMessage(listener: (m: ChildToHost) => void): void {
    this.listener = listener;
  }

  send(message: HostToChild): boolean {
    const stdin = this.child.stdin;
    if (!this.alive || !stdin || stdin.destroyed || !stdin.writable) {
      return false;
    }
    try {
      stdin.write(encodeFrame(message));
      return true;
    } catch {
      return false;
    }
  }

  /** An idle child must not keep the host alive; a running one must. */
  setKeepsHostAlive(keep: boolean): void {
    const streams = [this.child.stdin, this.child.stdout, this.child.stderr] as ({ ref?: () => void; unref?: () => void } | null)[];
    if (keep) {
      this.child.ref();
      for (const s of streams) {
        s?.ref?.();
      }
    } else {
      this.child.unref();
      for (const s of streams) {
        s?.unref?.();
      }
    }
  }

  /**
   * Kills the child if its resident memory passes `maxMb` (Linux only; a
   * no-op where `/proc` is absent). Heap growth is capped by V8, but array
   * buffers live outside the heap.
   */
  watchMemory(maxMb: number, everyMs = 25): void {
    const pid = this.child.pid;
    if (pid === undefined || !fs.existsSync(`/proc/${pid}/statm`)) {
      return;
    }
    this.rssTimer = setInterval(() => {
      if (!this.alive) {
        return;
      }
      // The spawned process and what it started: inside the OS layer Node is the launcher's child.
      const rssMb = treeRssMb(pid);
      if (rssMb > maxMb) {
        this.killedForRss = Math.round(rssMb);
        this.kill();
      }
    }, everyMs);
  }

  private stopWatchdog(): void {
    if (this.rssTimer) {
      clearInterval(this.rssTimer);
      this.rssTimer = undefined;
    }
  }

  /**
   * Resolves once the child's temp folder is gone: at once when it was
   * removed at start-up, else after the child has exited (at most
   * `maxWaitMs`), so a finished run leaves nothing behind on disk.
   */
  async disposed(maxWaitMs: number): Promise<void> {
    if (this.cwdRemoved) {
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)))]);
    clearTimeout(timer);
    this.removeCwd();
  }

  private removeCwd(): void {
    try {
      fs.rmSync(this.cwd, { recursive: true, force: true });
      this.cwdRemoved = !fs.existsSync(this.cwd);
    } catch {
      // Best effort: the folder is private, empty at start, and in the temp dir.
    }
  }

  /** SIGKILL: no handler in the child can run, no continuation survives. */
  kill(): void {
    this.stopWatchdog();
    if (this.alive) {
      this.child.kill('SIGKILL');
    }
  }
}

const PAGE_SIZE = 4096;

/** Resident memory of a process and its descendants (Linux `/proc`; a few levels deep), in MB. */
function treeRssMb(pid: number, depth = 0): number {
  let pages: number;
  try {
    pages = Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) || 0;
  } catch {
    return 0;
  }
  let children: number[] = [];
  if (depth < 3) {
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      children = [];
    }
  }
  return (pages * PAGE_SIZE) / (1024 * 1024) + children.reduce((sum, c) => sum + treeRssMb(c, depth + 1), 0);
}

export function describeExit(e: ChildExit): string {
  if (e.protocolError) {
    return `killed by the host: it ${e.protocolError}`;
  }
  return e.signal ? `signal ${e.signal}` : `exit code ${e.code}`;
}

/** A refused message's shape, never its content (it may be large or hostile). */
function describeShape(m: unknown): string {
  if (m === null || typeof m !== 'object') {
    return m === null ? 'null' : typeof m;
  }
  const type = (m as { type?: unknown }).type;
  return typeof type === 'string' ? `type ${JSON.stringify(type.slice(0, 40))}` : Array.isArray(m) ? 'an array' : 'an object without a known type';
}

/** Whether the child died of V8's heap cap. */
export function ranOutOfHeap(e: ChildExit): boolean {
  return /heap out of memory|Reached heap limit|allocation failed/i.test(e.stderrTail);
}
