import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The parent side of agentHost.mts (bench/capture/warmHostBench.ts): a Node
 * 24 child that leads its own process group (OpenClaw's MCP servers join it;
 * `kill()` ends them all) and runs one turn at a time over IPC.
 */

type Env = Record<string, string | undefined>;

export interface HostTurn {
  env: Record<string, string>;
  cwd: string;
  /** What follows `node` in a cold turn: the openclaw entry and its arguments. */
  argv: string[];
}

export interface HostTurnResult {
  /** `exit` when the turn ended (exitCode set); `died` when the host went away first. */
  ended: 'exit' | 'died';
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** CPU the turn itself used in the host (user + system). */
  cpuMs?: number;
}

interface Reply {
  id?: number;
  ready?: boolean;
  exitCode?: number;
  stdout?: string;
  stderr?: string;
  cpuMs?: number;
}

const HOST_STDERR_CHARS = 8000;

export class WarmHost {
  private readonly child: ChildProcess;
  private readonly ready: Promise<void>;
  private nextId = 0;
  private pending: { id: number; resolve: (r: HostTurnResult) => void } | undefined;
  /** The host's own stderr outside any turn (its startup), for a host that died. */
  private stderr = '';
  private exited = false;
  private exitCode: number | null = null;
  private exitSignal: string | null = null;

  constructor(
    node: string,
    script: string,
    packageDir: string,
    env: Env,
    cwd: string,
    private readonly onGroup: (pid: number, alive: boolean) => void,
  ) {
    this.child = spawn(node, [script, packageDir], { cwd, env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'], detached: true });
    const pid = this.child.pid;
    if (pid !== undefined) {
      onGroup(pid, true);
    }
    this.child.stderr?.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString('utf8')).slice(-HOST_STDERR_CHARS);
    });
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (m: Reply): void => {
        if (m.ready === true) {
          resolve();
          return;
        }
        const p = this.pending;
        if (p && m.id === p.id) {
          this.pending = undefined;
          p.resolve({ ended: 'exit', exitCode: m.exitCode ?? null, signal: null, stdout: m.stdout ?? '', stderr: m.stderr ?? '', ...(m.cpuMs !== undefined ? { cpuMs: m.cpuMs } : {}) });
        }
      };
      this.child.on('message', onMessage);
      this.child.once('error', (err) => {
        this.stderr += `could not start ${node}: ${err.message}\n`;
        this.markExited(null, null);
        reject(new Error(this.stderr));
      });
      this.child.once('exit', (code, signal) => {
        this.markExited(code, signal);
        reject(new Error(`the OpenClaw host exited (${code ?? signal ?? '?'}) before it was ready:\n${this.stderr}`));
      });
    });
    // A failed start is reported by the first turn.
    this.ready.catch(() => undefined);
  }

  private markExited(code: number | null, signal: string | null): void {
    if (this.exited) {
      return;
    }
    this.exited = true;
    this.exitCode = code;
    this.exitSignal = signal;
    this.kill();
    const p = this.pending;
    this.pending = undefined;
    p?.resolve({ ended: 'died', exitCode: code, signal, stdout: '', stderr: this.stderr });
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** Runs one turn; resolves when it ended or the host died (killed by `kill()`, or crashed). */
  async run(turn: HostTurn): Promise<HostTurnResult> {
    try {
      await this.ready;
    } catch {
      return { ended: 'died', exitCode: this.exitCode, signal: this.exitSignal, stdout: '', stderr: this.stderr };
    }
    if (this.exited) {
      return { ended: 'died', exitCode: this.exitCode, signal: this.exitSignal, stdout: '', stderr: this.stderr };
    }
    const id = ++this.nextId;
    return new Promise((resolve) => {
      this.pending = { id, resolve };
      this.child.send({ id, op: 'turn', ...turn });
    });
  }

  /** Kills the host and everything in its process group (MCP servers of a turn included). */
  kill(): void {
    const pid = this.child.pid;
    if (pid === undefined) {
      return;
    }
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
    this.onGroup(pid, false);
  }
}
