/**
 * The IPC protocol between the bridge host (this process) and the sandbox
 * child (`dist/sandbox.js`). One discriminated union per direction, so the
 * compiler checks both ends. Everything that carries snippet data carries it
 * as a JSON string: the child never hands the host a structured value it
 * built from untrusted code, and the host never hands the child an object it
 * could reach into.
 */

export type BridgeOp = 'search' | 'describe' | 'call';
export type LogLevel = 'log' | 'warn' | 'error';

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
}

export type HostToChild = RunMessage | BridgeReply | ProbeMessage;

// ---- child -> host ----

export interface ReadyMessage {
  type: 'ready';
  node: string;
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
  | { type: 'result'; ok: false; error: string; /** Where it failed: a syntax error's line, a throw's, or the failed call's. */ line?: number };

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
  /** Whether `eval`/`Function`/wasm compilation threw inside the snippet's context. */
  contextCodegenBlocked: boolean;
  contextWasmBlocked: boolean;
}

export type ChildToHost = ReadyMessage | BridgeRequest | LogMessage | ResultMessage | ProbeResultMessage;

/** Lines are 1-based; a snippet is at most `maxCodeChars` long, so ten million is out of reach. */
export function isSnippetLine(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 10_000_000;
}

const optionalLine = (v: unknown): boolean => v === undefined || isSnippetLine(v);

const CHILD_TYPES: ReadonlySet<string> = new Set(['ready', 'bridge', 'log', 'result', 'probe-result']);

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
      return typeof msg.id === 'number' && (msg.op === 'search' || msg.op === 'describe' || msg.op === 'call') && typeof msg.argsJson === 'string' && optionalLine(msg.line);
    case 'log':
      return (msg.level === 'log' || msg.level === 'warn' || msg.level === 'error') && typeof msg.text === 'string' && optionalLine(msg.line);
    case 'result':
      return msg.ok === true ? msg.valueJson === undefined || typeof msg.valueJson === 'string' : typeof msg.error === 'string' && optionalLine(msg.line);
    default:
      return true;
  }
}
