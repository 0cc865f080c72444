import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SourceCounts } from '../catalog/catalog';
import { toolApiErrorCode, withRecoveryGuidance } from '../catalog/lookup';
import { ToolApiError, type CallOutcome, type CallRequestContext, type ToolSearchApi } from '../toolApi';
import { TOOL_SEARCH_CODE } from '../modes/toolSearchTools';
import { DEFAULT_VALUE_LIMITS, MAX_ERROR_CHARS, boundValue, boundedText, errorText, parseBoundedJson } from '../util/boundedValue';
import { probeIsolation, type IsolationReport } from './isolation';
import { childLimits, resolveLimits, type BridgeLimits } from './limits';
import { sandboxArgv } from './nodeRuntime';
import { BRIDGE_OPS, type BridgeOp, type ChildLimits, type ChildToHost, type LogLevel } from './protocol';
import type { BridgeTraceEntry, RunReport, RunTelemetry, TraceEntry } from './runReport';
import { SandboxProcess, describeExit, ranOutOfHeap, type ChildExit } from './sandboxProcess';

export interface CodeBridgeOptions {
  /** The gateway: every `call` goes through it (policy re-check, fail closed). */
  api: ToolSearchApi;
  /** The Node binary of the sandbox: a path, or a name on PATH. Default `node`. */
  nodePath?: string;
  /** The child bundle; default `sandbox.js` next to this code, or `dist/sandbox.js`. */
  bundlePath?: string;
  /** Keep one pre-spawned idle child ready. Default true. */
  warm?: boolean;
  limits?: Partial<BridgeLimits>;
  /** For PATH lookup of `nodePath`. */
  env?: Record<string, string | undefined>;
}

export interface RunOptions {
  /** Wall clock from the moment the snippet is handed to the child (`codeTimeoutMs`). */
  timeoutMs: number;
  /** The model's call id of `tool_search_code`; nested calls are named after it. */
  parentCallId?: string;
  catalog?: { size: number; sources: SourceCounts };
  /** Calls are pre-approved (CLI `--approve`). */
  approved?: boolean;
  /** Cancels the run: the child is killed at once, as at the deadline. */
  signal?: AbortSignal;
  /** Runs the code as an OpenClaw Code Mode program (`core/bridge/codeModeRun`): its globals, and its operations served by this host. */
  codeMode?: CodeModeHost;
}

/** The host half of a Code Mode program: the guest JSON for the child, and every operation it makes. */
export interface CodeModeHost {
  guestJson: string;
  /** Output caps of this run (a program's output is bounded by its own budget, not the console's). */
  outputLimits?: Pick<ChildLimits, 'maxLogLines' | 'maxLogChars'>;
  /** Each output item and console line as it arrives (after the host's caps), in order. */
  output?(level: LogLevel, text: string): void;
  /**
   * Filled in by the run: stops and restarts the deadline's clock, so a
   * program parked at \`yield_control()\` does not time out while it waits
   * for \`wait\` (OpenClaw's budget counts the legs that run, not the pause).
   */
  clock?: { pause?: () => void; resume?: () => void };
  perform(op: BridgeOp, args: unknown[], ctx: { signal: AbortSignal; approved?: boolean; callId: string; parentCallId: string }): Promise<unknown>;
}

/** Finds the sandbox bundle for code running from `dist/` (bundled) or from `src/` (tests). */
export function defaultSandboxBundle(): string {
  const bundled = path.join(__dirname, 'sandbox.js');
  const fromSource = path.resolve(__dirname, '../../../dist/sandbox.js');
  return [bundled, fromSource].find((c) => fs.existsSync(c)) ?? bundled;
}

/**
 * Runs `tool_search_code` snippets, one short-lived isolated child each.
 * Refuses to run anything when the isolation probe failed.
 */
export class CodeBridge {
  readonly nodePath: string;
  readonly bundlePath: string;
  readonly limits: BridgeLimits;
  private readonly warm: boolean;
  private idle: SandboxProcess | undefined;
  /** The Code Mode guest the idle child was prepared with (sent; `idlePrepared` settles with its answer). */
  private idleGuest: string | undefined;
  private idlePrepared: Promise<boolean> | undefined;
  /** The last run's guest (none for a snippet): what the next idle child is prepared for. */
  private nextGuest: string | undefined;
  private disposed = false;

  constructor(private readonly options: CodeBridgeOptions) {
    this.nodePath = options.nodePath ?? 'node';
    this.bundlePath = path.resolve(options.bundlePath ?? defaultSandboxBundle());
    this.limits = resolveLimits(options.limits);
    this.warm = options.warm ?? true;
  }

  isolation(): Promise<IsolationReport> {
    return probeIsolation(this.nodePath, { bundlePath: this.bundlePath, heapMb: this.limits.heapMb, env: this.options.env });
  }

  /**
   * Spawns the idle child now (when warm start is on and isolation holds), so
   * the first run is warm too. `guest`: prepare it for a Code Mode program
   * with these guest globals, replacing an idle child prepared for others.
   * Without it the idle child is kept as it is, and a new one is prepared
   * for the last run's program (none after a snippet), so a session's next
   * program starts warm.
   */
  async prewarm(guest?: string): Promise<void> {
    const iso = await this.isolation();
    if (!this.warm || this.disposed || !iso.ok) {
      return;
    }
    const want = guest ?? this.nextGuest;
    let child = this.idle;
    if (guest !== undefined && child?.isAlive && this.idleGuest !== undefined && this.idleGuest !== guest) {
      child.kill();
      child = undefined;
    }
    if (!child?.isAlive) {
      const spawned = new SandboxProcess(iso.nodePath, sandboxArgv(iso.flags, iso.entry, this.bundlePath), iso.osLayer);
      spawned.setKeepsHostAlive(false);
      void spawned.exited.then(() => {
        if (this.idle === spawned) {
          this.idle = undefined;
          this.idleGuest = undefined;
          this.idlePrepared = undefined;
        }
      });
      this.idle = child = spawned;
      this.idleGuest = undefined;
      this.idlePrepared = undefined;
    }
    await child.ready.catch(() => undefined);
    if (want === undefined || this.idle !== child || !child.isAlive) {
      return;
    }
    if (this.idleGuest === undefined) {
      this.idleGuest = want;
      this.idlePrepared = child.prepare(want);
    } else if (guest !== undefined && this.idleGuest !== guest) {
      // A replenish prepared it for another program while this call waited: this request is the newer one.
      return this.prewarm(guest);
    }
    await this.idlePrepared;
  }

  async run(code: string, options: RunOptions): Promise<RunReport> {
    const iso = await this.isolation();
    // Times count from here: the probe is once per binary and has its own `probeMs`.
    const started = Date.now();
    const session = new RunSession(this.options.api, this.limits, options, iso, started);
    if (!iso.ok) {
      return session.refuse(iso.reason ?? 'bridge: no isolated runtime', 'isolation');
    }
    if (code.length > this.limits.maxCodeChars) {
      return session.refuse(`bridge: the snippet is ${code.length} characters; the limit is ${this.limits.maxCodeChars}`);
    }
    const guest = options.codeMode?.guestJson;
    this.nextGuest = guest;
    const idle = this.takeIdle(guest);
    const warm = idle !== undefined;
    const child = idle?.child ?? new SandboxProcess(iso.nodePath, sandboxArgv(iso.flags, iso.entry, this.bundlePath), iso.osLayer);
    child.setKeepsHostAlive(true);
    // A cold program's guest goes out at once: it crosses the pipe while Node
    // starts and is installed right after "ready", not after the run arrives
    // (measured 5-7 ms of a cold program's start on Node 20). A guest that
    // could not be installed fails the run in the child, as it would with the run.
    const preparing = !idle && guest !== undefined ? child.prepare(guest) : undefined;
    try {
      await child.ready;
    } catch (err) {
      child.kill();
      return session.refuse(errorText(err), 'crash');
    }
    const prepared = idle ? idle.prepared : preparing ? await preparing : false;
    const report = await session.drive(child, code, warm, prepared);
    if (this.warm && !this.disposed) {
      // Replenish after the caller has its report: spawning blocks this
      // thread for milliseconds, and must not delay the answer.
      setImmediate(() => void this.prewarm());
    }
    return report;
  }

  /**
   * The idle child, when it can run this code: an unprepared one runs
   * anything (a program's guest goes with the run), a prepared one only a
   * program with the same guest globals; any other is killed.
   */
  private takeIdle(guest: string | undefined): { child: SandboxProcess; prepared: boolean } | undefined {
    const idle = this.idle;
    const idleGuest = this.idleGuest;
    this.idle = undefined;
    this.idleGuest = undefined;
    this.idlePrepared = undefined;
    if (!idle?.isAlive) {
      return undefined;
    }
    if (idleGuest === undefined) {
      return { child: idle, prepared: false };
    }
    if (idleGuest === guest) {
      return { child: idle, prepared: true };
    }
    idle.kill();
    return undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.idle?.kill();
    this.idle = undefined;
    this.idleGuest = undefined;
    this.idlePrepared = undefined;
  }
}

/** A `tool_search_code` snippet's operations; a Code Mode program has all of BRIDGE_OPS. */
const OPS: readonly BridgeOp[] = ['search', 'describe', 'call'];

/** How a run ended, before the report is assembled. */
type Outcome = Pick<RunReport, 'ok' | 'value' | 'error' | 'errorLine' | 'stoppedBy' | 'failurePhase'>;

/** One run: owns the child, the deadline, the trace and the caps. */
class RunSession {
  private readonly trace: TraceEntry[] = [];
  private readonly logs: { level: LogLevel; text: string }[] = [];
  private readonly counts: Record<BridgeOp, number> = { search: 0, describe: 0, call: 0, sleep: 0, save: 0, load: 0, delete: 0, yield: 0, api: 0 };
  private readonly abort = new AbortController();
  private readonly parentId: string;
  private seq = 0;
  /** Calls that found their tool: the `<n>` of nested call ids. */
  private calls = 0;
  private ops = 0;
  private running = 0;
  private readonly queue: (() => void)[] = [];
  private logChars = 0;
  private logCut = false;
  private over = false;
  private traceChars = 0;

  constructor(
    private readonly api: ToolSearchApi,
    private readonly limits: BridgeLimits,
    private readonly options: RunOptions,
    private readonly iso: IsolationReport,
    private readonly started: number,
  ) {
    this.parentId = callIdPart(options.parentCallId ?? `run-${randomUUID().slice(0, 8)}`);
  }

  refuse(error: string, stoppedBy?: RunReport['stoppedBy']): RunReport {
    this.over = true;
    return this.report({ ok: false, error, stoppedBy }, false);
  }

  /** `prepared`: the child already holds this program's guest globals (`CodeBridge.prewarm`), so they are not sent again. */
  drive(child: SandboxProcess, code: string, warm: boolean, prepared = false): Promise<RunReport> {
    return new Promise<RunReport>((resolve) => {
      let outcome: Outcome | undefined;
      const end = (o: Outcome): void => {
        if (outcome) {
          return;
        }
        outcome = o;
        this.over = true;
        clearTimeout(timer);
        this.options.signal?.removeEventListener('abort', cancel);
        this.abort.abort(new Error('bridge: the run is over'));
        // Killed even after a result: no microtask or timer it left behind
        // survives. SIGKILL cannot be caught, and nothing the child sends
        // from here on is read; the run resolves once the child is reaped and
        // its temp folder removed (bounded, should reaping ever stall).
        child.kill();
        void child.disposed(REAP_WAIT_MS).then(() => resolve(this.report(o, warm)));
      };
      const timeout = (): void => end({ ok: false, error: `bridge: the snippet timed out after ${this.options.timeoutMs} ms; the sandbox child was killed`, stoppedBy: 'timeout' });
      let timer = setTimeout(timeout, this.options.timeoutMs);
      let left = this.options.timeoutMs;
      let legStarted = Date.now();
      const clock = this.options.codeMode?.clock;
      if (clock) {
        clock.pause = () => {
          clearTimeout(timer);
          left = Math.max(0, left - (Date.now() - legStarted));
        };
        clock.resume = () => {
          clearTimeout(timer);
          legStarted = Date.now();
          timer = setTimeout(timeout, left);
        };
      }
      const cancel = (): void => end({ ok: false, error: 'bridge: the run was cancelled; the sandbox child was killed', stoppedBy: 'cancelled' });
      if (this.options.signal?.aborted) {
        cancel();
        return;
      }
      this.options.signal?.addEventListener('abort', cancel, { once: true });
      void child.exited.then((e) => end(this.crashOutcome(e)));
      child.onMessage((m) => this.onMessage(child, m, end));
      child.watchMemory(this.limits.maxRssMb);
      const guest = this.options.codeMode && !prepared ? { guest: this.options.codeMode.guestJson } : {};
      if (!child.send({ type: 'run', code, limits: { ...childLimits(this.limits), ...this.logLimits() }, ...guest })) {
        end({ ok: false, error: 'bridge: could not hand the snippet to the sandbox child', stoppedBy: 'crash' });
      }
    });
  }

  private crashOutcome(e: ChildExit): Pick<RunReport, 'ok' | 'error' | 'stoppedBy'> {
    if (e.killedForRss !== undefined) {
      return { ok: false, error: `bridge: the snippet used ${e.killedForRss} MB of memory (limit ${this.limits.maxRssMb} MB); the sandbox child was killed`, stoppedBy: 'memory' };
    }
    if (e.protocolError !== undefined) {
      return { ok: false, error: `bridge: the sandbox child broke the bridge protocol (it ${e.protocolError}); the host killed it and read nothing more from it`, stoppedBy: 'crash' };
    }
    if (ranOutOfHeap(e)) {
      return { ok: false, error: `bridge: the snippet ran out of memory (heap cap ${this.limits.heapMb} MB); the sandbox child died`, stoppedBy: 'memory' };
    }
    return { ok: false, error: `bridge: the sandbox child died before the snippet finished (${describeExit(e)})`, stoppedBy: 'crash' };
  }

  private onMessage(child: SandboxProcess, m: ChildToHost, end: (o: Outcome) => void): void {
    switch (m.type) {
      case 'log':
        this.onLog(m.level, m.text, m.line);
        return;
      case 'bridge':
        this.onBridge(child, m.id, m.op, m.argsJson, m.line);
        return;
      case 'result':
        if (!m.ok) {
          // The snippet's own error text: a 10 MB message must not become a 10 MB report.
          end({ ok: false, error: boundedText(m.error, MAX_ERROR_CHARS), ...(m.line !== undefined ? { errorLine: m.line } : {}), ...(m.phase !== undefined ? { failurePhase: m.phase } : {}) });
          return;
        }
        if (m.valueJson === undefined) {
          end({ ok: true });
          return;
        }
        if (m.valueJson.length > this.limits.maxResultChars) {
          end({ ok: false, error: `the snippet returned ${m.valueJson.length} characters of JSON; the limit is ${this.limits.maxResultChars}` });
          return;
        }
        {
          const value = parseBoundedJson(m.valueJson, 'the snippet\'s return value', { maxJsonChars: this.limits.maxResultChars });
          end(value.ok ? { ok: true, value: value.value } : { ok: false, error: `bridge: ${value.problem}` });
        }
        return;
      default:
        return;
    }
  }

  private logLimits(): Pick<ChildLimits, 'maxLogLines' | 'maxLogChars'> {
    return this.options.codeMode?.outputLimits ?? { maxLogLines: this.limits.maxLogLines, maxLogChars: this.limits.maxLogChars };
  }

  private elapsed(): number {
    return Date.now() - this.started;
  }

  private onLog(level: LogLevel, raw: string, line: number | undefined): void {
    if (level === 'network') {
      // A mark, not a line: only a Code Mode host reads it, and it carries no text.
      this.options.codeMode?.output?.(level, '');
      return;
    }
    if (this.over || this.logCut) {
      return;
    }
    let text = raw;
    const caps = this.logLimits();
    // The child caps first; this is the host's own backstop (one marker line allowed past it).
    const room = caps.maxLogChars + 200 - this.logChars;
    if (this.logs.length > caps.maxLogLines || room <= 0) {
      this.logCut = true;
      text = `[log truncated by the host: more than ${caps.maxLogLines} lines or ${caps.maxLogChars} characters]`;
    } else if (text.length > room) {
      this.logCut = true;
      text = `${text.slice(0, room)} [log truncated by the host]`;
    }
    this.logChars += text.length;
    this.logs.push({ level, text });
    this.options.codeMode?.output?.(level, text);
    this.trace.push({ seq: ++this.seq, op: 'log', level, args: [text], text, ok: true, startMs: this.elapsed(), durationMs: 0, ...(line !== undefined ? { line } : {}) });
  }

  private onBridge(child: SandboxProcess, id: number, op: BridgeOp, argsJson: string, line: number | undefined): void {
    const entry: BridgeTraceEntry = { seq: ++this.seq, op, args: [], ok: false, startMs: this.elapsed(), durationMs: 0, ...(line !== undefined ? { line } : {}) };
    this.trace.push(entry);
    const reply = (ok: boolean, payload: string): void => {
      entry.durationMs = this.elapsed() - entry.startMs;
      if (!this.over) {
        child.send(ok ? { type: 'bridge-result', id, ok: true, valueJson: payload } : { type: 'bridge-result', id, ok: false, error: payload });
      }
    };
    const refuse = (error: string): void => {
      entry.error = error;
      reply(false, error);
    };
    if (this.over) {
      refuse('refused: the run is over (deadline passed or result returned)');
      return;
    }
    if (argsJson.length > this.limits.maxArgChars) {
      refuse(`openclaw.tools.${op}: arguments are ${argsJson.length} characters; the limit is ${this.limits.maxArgChars}`);
      return;
    }
    // Where the snippet's values enter the host: bounded before anything reads them.
    const parsed = parseBoundedJson(argsJson, `openclaw.tools.${op}: the arguments`, { maxJsonChars: this.limits.maxArgChars });
    if (!parsed.ok) {
      refuse(parsed.problem);
      return;
    }
    const args = parsed.value;
    const kept = this.keep(parsed);
    entry.args = Array.isArray(kept) ? kept : typeof kept === 'string' ? [kept] : [];
    if (!(this.options.codeMode ? BRIDGE_OPS : OPS).includes(op) || !Array.isArray(args)) {
      refuse(`openclaw.tools.${op}: unknown operation`);
      return;
    }
    if (++this.ops > this.limits.maxBridgeOps) {
      refuse(`openclaw.tools.${op}: refused: this run already made ${this.limits.maxBridgeOps} bridge operations (the limit)`);
      return;
    }
    const go = (): void => {
      if (this.over) {
        refuse('refused: the run is over (deadline passed or result returned)');
        this.release();
        return;
      }
      this.running++;
      entry.startMs = this.elapsed();
      this.counts[op]++;
      void this.perform(op, args as unknown[], entry.seq).then(
        (value) => {
          this.running--;
          this.release();
          if (this.over) {
            entry.error = 'abandoned: the run ended before this operation finished';
            entry.durationMs = this.elapsed() - entry.startMs;
            return;
          }
          const bounded = boundValue(value ?? null, { maxJsonChars: Math.max(this.limits.maxReplyChars, DEFAULT_VALUE_LIMITS.maxJsonChars) });
          if (!bounded.ok) {
            refuse(`openclaw.tools.${op}: the result was refused: ${bounded.problem}`);
            return;
          }
          if (bounded.jsonChars > this.limits.maxReplyChars) {
            refuse(`openclaw.tools.${op}: the result is ${bounded.jsonChars} characters of JSON; the bridge passes at most ${this.limits.maxReplyChars}`);
            return;
          }
          entry.ok = true;
          entry.result = this.keep(bounded);
          reply(true, JSON.stringify(bounded.value));
        },
        (err: unknown) => {
          this.running--;
          this.release();
          if (this.over) {
            refuse('abandoned: the run ended before this operation finished');
            return;
          }
          // The snippet gets the model-facing text; the trace keeps the developer's detail.
          const text = errorText(err);
          reply(false, text);
          entry.error = err instanceof CallRefusal && err.detail !== undefined ? boundedText(err.detail, MAX_ERROR_CHARS) : text;
        },
      );
    };
    if (this.running < this.limits.maxConcurrentCalls) {
      go();
    } else {
      this.queue.push(go);
    }
  }

  private release(): void {
    while (this.running < this.limits.maxConcurrentCalls && this.queue.length > 0) {
      this.queue.shift()?.();
    }
  }

  private async perform(op: BridgeOp, args: unknown[], seq: number): Promise<unknown> {
    const codeMode = this.options.codeMode;
    if (codeMode) {
      const callId = `exec:${this.parentId}:${seq}`;
      const entry = this.trace.find((t) => t.seq === seq);
      if (entry && entry.op === 'call') {
        entry.callId = callId;
      }
      return codeMode.perform(op, args, { signal: this.abort.signal, approved: this.options.approved, callId, parentCallId: this.parentId });
    }
    const [first, second] = args;
    switch (op) {
      case 'search': {
        if (typeof first !== 'string') {
          throw new ToolApiError('openclaw.tools.search(query, {limit}): query must be a string', 'invalid-args');
        }
        const limit = isRecord(second) && typeof second.limit === 'number' ? second.limit : undefined;
        if (second !== undefined && !isRecord(second)) {
          throw new ToolApiError('openclaw.tools.search(query, {limit}): options must be an object', 'invalid-args');
        }
        // The seed's contract (and OpenClaw's): an array of compact hits, best first.
        return this.api.search(first, limit === undefined ? {} : { limit }).hits;
      }
      case 'describe':
        if (typeof first !== 'string') {
          throw new ToolApiError('openclaw.tools.describe(id): id must be a string', 'invalid-args');
        }
        try {
          return this.api.describe(first);
        } catch (err) {
          throw new Error(withRecoveryGuidance(errorText(err), toolApiErrorCode(err), 'code-mode'), { cause: err });
        }
      case 'sleep':
      case 'yield':
      case 'api':
      case 'save':
      case 'load':
      case 'delete':
        throw new ToolApiError(`openclaw.tools.${op}: only a Code Mode program has this operation`, 'invalid-args');
      case 'call': {
        if (typeof first !== 'string') {
          throw new ToolApiError('openclaw.tools.call(id, args): id must be a string', 'invalid-args');
        }
        if (second !== undefined && !isRecord(second)) {
          throw new ToolApiError('openclaw.tools.call(id, args): args must be an object', 'invalid-args');
        }
        const callId = this.nestedCallId(first, seq);
        const entry = this.trace.find((t) => t.seq === seq);
        if (entry && entry.op === 'call') {
          entry.callId = callId;
        }
        // The gateway's own call context also names the parent run, for its session log.
        const callCtx: CallRequestContext & { parentCallId: string } = { callId, parentCallId: this.parentId, signal: this.abort.signal, approved: this.options.approved };
        const outcome = await this.api.call(first, second ?? {}, callCtx);
        if (!outcome.ok) {
          const head = `openclaw.tools.call(${JSON.stringify(first)}) failed: `;
          const by = outcome.blockedBy ? ` [blocked by ${outcome.blockedBy}]` : '';
          const why = withRecoveryGuidance(outcome.error ?? 'the call failed', outcome.lookupError, 'code-mode');
          const detail = outcome.detail ? `${head}${outcome.detail.error}${outcome.detail.blockedBy ? ` [blocked by ${outcome.detail.blockedBy}]` : ''}` : undefined;
          throw new CallRefusal(`${head}${why}${by}`, detail);
        }
        return bridgeCallResult(outcome);
      }
    }
  }

  /**
   * `tool_search_code:<parentCallId>:<toolName>:<n>` as OpenClaw names nested
   * calls: `n` counts the calls that found their tool (1, 2, ...), never
   * searches or describes. A call that names nothing gets a distinct id for
   * the session log and does not advance the count.
   */
  private nestedCallId(idOrName: string, seq: number): string {
    const name = this.toolName(idOrName);
    if (name === undefined) {
      return `${TOOL_SEARCH_CODE}:${this.parentId}:${callIdPart(idOrName)}:unresolved-${seq}`;
    }
    return `${TOOL_SEARCH_CODE}:${this.parentId}:${name}:${++this.calls}`;
  }

  /** The tool's name for the nested call id; undefined when it names nothing the catalog offers. */
  private toolName(idOrName: string): string | undefined {
    // `resolve` does not count as a describe in telemetry; fall back to describe for APIs without it.
    if (this.api.resolve) {
      return this.api.resolve(idOrName)?.name;
    }
    try {
      return this.api.describe(idOrName).name;
    } catch {
      return undefined;
    }
  }

  /**
   * The value as the trace keeps it: whole while the run's trace budget
   * lasts (counted as pretty-printed JSON), a marker after that, so a
   * snippet cannot make the report tens of megabytes.
   */
  private keep(b: { value: unknown; prettyChars: number }): unknown {
    this.traceChars += b.prettyChars;
    if (this.traceChars <= this.limits.maxTraceChars) {
      return b.value;
    }
    return `[not kept in the trace: ${b.prettyChars} characters; this run's trace already holds ${this.limits.maxTraceChars}]`;
  }

  private telemetry(): RunTelemetry {
    return {
      catalogSize: this.options.catalog?.size ?? 0,
      sources: this.options.catalog?.sources ?? { openclaw: 0, mcp: 0, client: 0 },
      searchCount: this.counts.search,
      describeCount: this.counts.describe,
      callCount: this.counts.call,
    };
  }

  private report(o: Outcome, warm: boolean): RunReport {
    return {
      ok: o.ok,
      ...(o.value !== undefined ? { value: o.value } : {}),
      ...(o.error !== undefined ? { error: o.error } : {}),
      ...(o.errorLine !== undefined ? { errorLine: o.errorLine } : {}),
      ...(o.stoppedBy !== undefined ? { stoppedBy: o.stoppedBy } : {}),
      ...(o.failurePhase !== undefined ? { failurePhase: o.failurePhase } : {}),
      logs: [...this.logs],
      telemetry: this.telemetry(),
      // A snapshot: operations abandoned at the deadline keep the state they had.
      trace: this.trace.map((t) =>
        t.op !== 'log' && !t.ok && t.error === undefined ? { ...t, error: 'abandoned: the run ended before this operation finished' } : { ...t },
      ),
      isolation: this.iso,
      warm,
      durationMs: Date.now() - this.started,
    };
  }
}

/** How long a finished run waits for its killed child to be reaped (and its temp folder removed). */
const REAP_WAIT_MS = 500;

/** A refused call: the message is what the snippet sees, `detail` what the trace shows. */
class CallRefusal extends Error {
  constructor(message: string, readonly detail: string | undefined) {
    super(message);
  }
}

/**
 * A part of a call id as OpenClaw sanitizes it (`sanitizeToolCallIdPart`):
 * runs of other characters become `_`, at most 120 characters, never empty.
 */
export function callIdPart(value: string): string {
  return value.trim().replace(/[^A-Za-z0-9_.:-]+/g, '_').slice(0, 120) || 'call';
}

/**
 * `{ tool, result }` of a call that ran: the full compact entry, and the
 * result as OpenClaw shapes it (JSON value under `result.details`).
 */
function bridgeCallResult(outcome: CallOutcome): { tool: CallOutcome['tool']; result: unknown } {
  return { tool: outcome.tool, result: outcome.envelope ?? outcome.result };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
