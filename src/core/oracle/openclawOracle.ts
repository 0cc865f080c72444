import { fork, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { OpenClawLocation } from './openclawLocation';

/** What the adapter child answers for one request. */
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string; missingFunction?: string };

export class OracleError extends Error {
  constructor(message: string, readonly missingFunction?: string) {
    super(message);
  }
}

export interface OracleStartOptions {
  location: OpenClawLocation;
  /** The adapter child script (`dist/openclawChild.mjs`, or its `.mts` source under Node 24). */
  childScript: string;
  /** Per request; the first request also pays for scanning the dist folder. */
  timeoutMs?: number;
}

/**
 * The real OpenClaw, running in a Node >= 24 child with the adapter
 * (src/oracle/openclawChild.mts). One child serves a whole suite or verify
 * run: importing OpenClaw's chunks costs seconds, a request milliseconds.
 * The child gets a private temporary HOME and cwd and no OpenClaw config, so
 * nothing it does reads or writes the user's OpenClaw state.
 */
export class OpenClawOracle {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private exited: string | undefined;

  private constructor(
    private readonly child: ChildProcess,
    private readonly home: string,
    readonly version: string,
    readonly nodeVersion: string,
    private readonly timeoutMs: number,
  ) {
    child.on('message', (m: unknown) => this.onMessage(m as Reply));
    child.on('exit', (code, signal) => {
      this.exited = `OpenClaw adapter exited (${signal ?? code})`;
      for (const p of this.pending.values()) {
        clearTimeout(p.timer);
        p.reject(new OracleError(this.exited));
      }
      this.pending.clear();
      fs.rmSync(this.home, { recursive: true, force: true });
    });
  }

  static async start(opts: OracleStartOptions): Promise<OpenClawOracle> {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-openclaw-'));
    const child = fork(opts.childScript, [opts.location.dist], {
      execPath: opts.location.node,
      execArgv: ['--no-warnings'],
      cwd: home,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        TMPDIR: home,
        OPENCLAW_CONFIG_PATH: path.join(home, 'openclaw.json'),
        OPENCLAW_STATE_DIR: path.join(home, 'state'),
        NO_COLOR: '1',
      },
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    const hello = await new Promise<{ version: string; node: string }>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new OracleError(`OpenClaw adapter did not start within 60 s\n${stderr}`));
      }, 60_000);
      child.once('message', (m: unknown) => {
        clearTimeout(timer);
        const msg = m as { ready?: boolean; version?: string; node?: string };
        if (msg.ready) resolve({ version: String(msg.version), node: String(msg.node) });
        else reject(new OracleError('OpenClaw adapter sent no hello'));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        fs.rmSync(home, { recursive: true, force: true });
        reject(new OracleError(`OpenClaw adapter exited (${code}) before it was ready\n${stderr}`));
      });
    });
    return new OpenClawOracle(child, home, hello.version, hello.node, opts.timeoutMs ?? 120_000);
  }

  /** Calls one OpenClaw function by name with JSON arguments. */
  call<T = unknown>(name: string, ...args: unknown[]): Promise<T> {
    return this.request<T>('call', name, args);
  }

  /** Runs one of the adapter's compositions (catalog, policy, mcpNames, clientConflicts, tables). */
  recipe<T = unknown>(name: string, args: unknown): Promise<T> {
    return this.request<T>('recipe', name, [args]);
  }

  private request<T>(op: string, name: string, args: unknown[]): Promise<T> {
    if (this.exited) {
      return Promise.reject(new OracleError(this.exited));
    }
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new OracleError(`OpenClaw ${op} ${name} did not answer within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(id, { resolve: (v) => resolve(v as T), reject, timer });
      this.child.send({ id, op, name, args });
    });
  }

  private onMessage(m: Reply): void {
    const p = this.pending.get(m.id);
    if (!p) {
      return;
    }
    this.pending.delete(m.id);
    clearTimeout(p.timer);
    if (m.ok) {
      p.resolve(m.value);
    } else {
      p.reject(new OracleError(m.error, m.missingFunction));
    }
  }

  async close(): Promise<void> {
    if (this.exited) {
      return;
    }
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.disconnect();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(timer);
  }
}
