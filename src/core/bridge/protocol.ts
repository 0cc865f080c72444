/**
 * The protocol between the bridge host (this process) and the sandbox
 * child (`dist/sandbox.js`), carried in length-prefixed JSON frames on the
 * child's stdin and stdout (`framing.ts`). One discriminated union per
 * direction, so the compiler checks both ends. Everything that carries snippet data carries it
 * as a JSON string: the child never hands the host a structured value it
 * built from untrusted code, and the host never hands the child an object it
 * could reach into.
 */

/**
 * `search`, `describe` and `call` serve both surfaces; the rest only a Code
 * Mode program (its timers and its `results` store, held by the host).
 */
export type BridgeOp = 'search' | 'describe' | 'call' | 'sleep' | 'save' | 'load' | 'delete' | 'yield' | 'api';
export const BRIDGE_OPS: readonly BridgeOp[] = ['search', 'describe', 'call', 'sleep', 'save', 'load', 'delete', 'yield', 'api'];

/**
 * The child's `process.argv0`, set by the host at spawn: Node defines it
 * non-configurable, so hardening cannot remove it, and it must name no path.
 */
export const NEUTRAL_ARGV0 = 'node';

/**
 * The one environment variable a child inside the OS layer starts with:
 * where `unshare` finds `node` (core/bridge/osLayer). The child removes it
 * before anything else, so its environment is as empty as every other child's.
 */
export const PATH_FOR_NODE = 'PATH';

/**
 * The one argument after the child's code that makes it a probe child: it
 * keeps its module loader until the probe has loaded what it tries, then
 * hardens itself. Every other child hardens before it says "ready".
 */
export const PROBE_ROLE = 'probe';
/**
 * Console levels of a snippet; `text` and `json` are a Code Mode program's
 * ordered output items (its console writes `text`), and `network` says once
 * that it read what a remote source wrote (no text; not an output item).
 */
export type LogLevel = 'log' | 'warn' | 'error' | 'text' | 'json' | 'network';
export const LOG_LEVELS: readonly LogLevel[] = ['log', 'warn', 'error', 'text', 'json', 'network'];

/** Caps the child applies before anything leaves it; the host applies them again. */
export interface ChildLimits {
  /** Console lines forwarded; later lines are dropped after one truncation marker. */
  maxLogLines: number;
  /** Total UTF-16 characters of console text forwarded (a line is cut with a marker). */
  maxLogChars: number;
  /** Serialized arguments of one bridge operation. */
  maxArgChars: number;
  /** Serialized return value of the snippet. */
  maxResultChars: number;
  /** Bridge operations in one run; later ones are refused without reaching the host. */
  maxBridgeOps: number;
}

// ---- host -> child ----

export interface RunMessage {
  type: 'run';
  /** The body of an async function. */
  code: string;
  limits: ChildLimits;
  /**
   * Present for a Code Mode program: JSON of its guest globals
   * (`core/bridge/codeModeGuest`). Absent too for a program whose idle child
   * was prepared with them (`PrepareMessage`).
   */
  guest?: string;
}

/**
 * Installs a Code Mode program's guest globals in an idle child ahead of its
 * run, so a warm program starts without parsing and building them. Sent at
 * most once, before the run; the child answers `prepared`.
 */
export interface PrepareMessage {
  type: 'prepare';
  guest: string;
}

export type BridgeReply =
  | { type: 'bridge-result'; id: number; ok: true; valueJson: string }
  | { type: 'bridge-result'; id: number; ok: false; error: string };

/** Asks the child to try what the permission model must deny and say what happened. */
export interface ProbeMessage {
  type: 'probe';
  /** A loopback port the host listens on. */
  port: number;
  /** A file the host created; reading it must fail. */
  readPath: string;
  /** A path that must still not exist after the probe. */
  writePath: string;
  /** The host's own pid: the probe tries to signal it (signal 0) before hardening, as code that got out would. */
  hostPid?: number;
}

export type HostToChild = RunMessage | PrepareMessage | BridgeReply | ProbeMessage;

// ---- child -> host ----

export interface ReadyMessage {
  type: 'ready';
  node: string;
}

/** The answer to `prepare`: whether the guest globals are installed (a run in a child that failed them fails). */
export interface PreparedMessage {
  type: 'prepared';
  ok: boolean;
}

export interface BridgeRequest {
  type: 'bridge';
  id: number;
  op: BridgeOp;
  /** JSON of the argument array, as serialized inside the snippet's context. */
  argsJson: string;
  /** The snippet line (1-based) that made the call, when its stack said. */
  line?: number;
}

export interface LogMessage {
  type: 'log';
  level: LogLevel;
  text: string;
  line?: number;
}

export type ResultMessage =
  | { type: 'result'; ok: true; /** Absent when the snippet returned `undefined`. */ valueJson?: string }
  | {
      type: 'result';
      ok: false;
      error: string;
      /** Where it failed: a syntax error's line, a throw's, or the failed call's. */
      line?: number;
      /** `bridge` when the uncaught error was a failed operation's (Code Mode's `failurePhase`). */
      phase?: 'bridge' | 'guest';
    };

/** What one attempted operation did inside the child: `denied` or what happened instead. */
export interface ProbeAttempt {
  outcome: 'denied' | 'allowed' | 'failed';
  detail: string;
}

export interface ProbeResultMessage {
  type: 'probe-result';
  node: string;
  /** Process layer: what the permission model let plain Node code do. */
  fsRead: ProbeAttempt;
  fsWrite: ProbeAttempt;
  childProcess: ProbeAttempt;
  worker: ProbeAttempt;
  net: ProbeAttempt;
  envKeys: number;
  /** Context layer: globals the snippet's vm context exposes (must be none of them). */
  contextGlobals: string[];
  /** The forbidden globals the probe looked for (what `contextGlobals` was checked against). */
  contextGlobalsChecked?: string[];
  /** Whether `eval`/`Function`/wasm compilation threw inside the snippet's context. */
  contextCodegenBlocked: boolean;
  contextWasmBlocked: boolean;
  /** Realm layer: objects that cross into a snippet context, each checked for a way back to this realm. */
  realm: RealmProbe;
  /** Process layer: what the child's own `process` and main realm still hold once hardened. */
  hardening: HardeningProbe;
}

export interface RealmProbe {
  /** Routes tried (each a crossing object and what was done with it). */
  attempts: string[];
  /** Routes that reached an object not made in the snippet's realm (a realm escape): must be none. */
  escapes: string[];
}

export interface HardeningProbe {
  /** `process` properties left that the hardening's allow-list does not keep (must be none). */
  processResidue: string[];
  /** Main-realm globals left that load code or open connections (must be none). */
  globalResidue: string[];
  /** Whether the child's main-realm intrinsics are frozen: every one reachable, by a full walk. */
  intrinsicsFrozen: boolean;
  /** Intrinsics the full walk found not frozen (at most 50 named): must be none. */
  unfrozenIntrinsics: string[];
  /** Whether the child has a Node IPC channel (`process.send`, `process.channel`) before hardening: must be false. */
  ipcChannel: boolean;
  /** Signalling the parent (signal 0, which only checks) with the process's own `kill`, before hardening. */
  signalBefore: ProbeAttempt;
  /** The same once hardened, as a snippet that reached `process` would try it. */
  signalAfter: ProbeAttempt;
  /**
   * Signal 0 to the host's own pid before hardening: the OS layer's test
   * (inside its own PID namespace the host does not exist for the child).
   */
  signalHost?: ProbeAttempt;
  /** Host identity readable once hardened (`os.userInfo`, `hostname`, `execPath`, `argv`, `cwd`, ...): must be none. */
  identityReadable: string[];
}

export type ChildToHost = ReadyMessage | PreparedMessage | BridgeRequest | LogMessage | ResultMessage | ProbeResultMessage;

/** Lines are 1-based; a snippet is at most `maxCodeChars` long, so ten million is out of reach. */
export function isSnippetLine(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 10_000_000;
}

const optionalLine = (v: unknown): boolean => v === undefined || isSnippetLine(v);

const CHILD_TYPES: ReadonlySet<string> = new Set(['ready', 'prepared', 'bridge', 'log', 'result', 'probe-result']);

/**
 * Narrows a message from the child. The child is our own code, but it runs
 * next to hostile code, so the host checks shapes instead of trusting them.
 */
export function isChildMessage(m: unknown): m is ChildToHost {
  if (m === null || typeof m !== 'object' || !CHILD_TYPES.has(String((m as { type?: unknown }).type))) {
    return false;
  }
  const msg = m as Record<string, unknown>;
  switch (msg.type) {
    case 'bridge':
      return Number.isSafeInteger(msg.id) && (msg.id as number) >= 1 && BRIDGE_OPS.includes(msg.op as BridgeOp) && typeof msg.argsJson === 'string' && optionalLine(msg.line);
    case 'log':
      return LOG_LEVELS.includes(msg.level as LogLevel) && typeof msg.text === 'string' && optionalLine(msg.line);
    case 'result':
      return msg.ok === true
        ? msg.valueJson === undefined || typeof msg.valueJson === 'string'
        : typeof msg.error === 'string' && optionalLine(msg.line) && (msg.phase === undefined || msg.phase === 'bridge' || msg.phase === 'guest');
    case 'ready':
      return typeof msg.node === 'string' && msg.node.length <= 40;
    case 'prepared':
      return typeof msg.ok === 'boolean';
    case 'probe-result':
      return isProbeResult(msg);
    default:
      return false;
  }
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length <= 4000;
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.length <= 200 && v.every(isString);
const isAttempt = (v: unknown): v is ProbeAttempt =>
  v !== null && typeof v === 'object' && ['denied', 'allowed', 'failed'].includes((v as ProbeAttempt).outcome) && isString((v as ProbeAttempt).detail);

/** Every field the host reads from a probe report, with its type and a bound: a lying child gets a refusal, not a crash. */
function isProbeResult(m: Record<string, unknown>): boolean {
  const realm = m.realm as Record<string, unknown> | null | undefined;
  const h = m.hardening as Record<string, unknown> | null | undefined;
  return (
    isString(m.node) &&
    [m.fsRead, m.fsWrite, m.childProcess, m.worker, m.net].every(isAttempt) &&
    typeof m.envKeys === 'number' &&
    isStrings(m.contextGlobals) &&
    (m.contextGlobalsChecked === undefined || isStrings(m.contextGlobalsChecked)) &&
    typeof m.contextCodegenBlocked === 'boolean' &&
    typeof m.contextWasmBlocked === 'boolean' &&
    realm !== null && typeof realm === 'object' && isStrings(realm.attempts) && isStrings(realm.escapes) &&
    h !== null && typeof h === 'object' &&
    isStrings(h.processResidue) && isStrings(h.globalResidue) && isStrings(h.identityReadable) && isStrings(h.unfrozenIntrinsics) &&
    typeof h.intrinsicsFrozen === 'boolean' && typeof h.ipcChannel === 'boolean' &&
    isAttempt(h.signalBefore) && isAttempt(h.signalAfter) && (h.signalHost === undefined || isAttempt(h.signalHost))
  );
}
