'use strict';
/**
 * The child's second wall: what is left of this process for code that got
 * out of the snippet's vm context anyway. Node's own documentation says
 * `vm` is no security mechanism, and before Node 25 the permission model
 * does not deny network or signals, so a snippet that reached `process`
 * could connect, signal the host and read who and where it runs. Right
 * before any untrusted code runs (a snippet, or the probe's attempts), the
 * child strips its own `process` to a short allow-list and removes the
 * main realm's globals that load modules or open connections. The main
 * realm's intrinsics are frozen before that (`freezeIntrinsics.ts`), so an
 * object that crosses cannot hook `apply`, `then` or `toJSON` under this
 * code either.
 *
 * Fail closed: a property this list does not know (a newer Node's) is
 * removed, not kept. The probe reports whatever survives.
 */

import { NEUTRAL_ARGV0 } from '../core/bridge/protocol';
import { intrinsicsFrozen } from './freezeIntrinsics';

/** `process` properties kept: what Node's own internals use to run and exit, and harmless readings. */
const PROCESS_KEEP: ReadonlySet<string> = new Set([
  '_events', '_eventsCount', '_exiting', '_fatalException', '_maxListeners', '_tickCallback', 'domain',
  'abort', 'exit', 'exitCode', 'reallyExit', 'nextTick', 'emitWarning',
  'hasUncaughtExceptionCaptureCallback', 'setUncaughtExceptionCaptureCallback', 'addUncaughtExceptionCaptureCallback',
  'arch', 'platform', 'version', 'versions', 'release', 'features', 'permission', 'sourceMapsEnabled',
  'hrtime', 'uptime', 'cpuUsage', 'threadCpuUsage', 'memoryUsage', 'resourceUsage', 'availableMemory', 'constrainedMemory',
  'pid', 'env', 'finalization', 'ref', 'unref',
]);

/**
 * Powers a snippet must never hold, named so the probe can say which one
 * survived. Everything not in PROCESS_KEEP goes anyway.
 */
export const PROCESS_POWERS = [
  'kill', '_kill', 'getBuiltinModule', 'binding', '_linkedBinding', 'dlopen', 'execve', 'report',
  'stdin', 'stdout', 'stderr', 'openStdin', '_getActiveHandles', '_getActiveRequests',
  'send', 'channel', 'connected', 'disconnect', 'chdir', 'umask', 'loadEnvFile',
  'setuid', 'seteuid', 'setgid', 'setegid', 'setgroups', 'initgroups', '_debugProcess', '_debugEnd',
] as const;

/** Readings that tell who and where the child runs (user, paths, command line). */
export const PROCESS_IDENTITY = ['execPath', 'argv', 'argv0', 'execArgv', 'title', 'cwd', 'ppid', 'getuid', 'geteuid', 'getgid', 'getegid', 'getgroups', 'config', '_eval', 'moduleLoadList', 'debugPort', '_preload_modules'] as const;

/** Main-realm globals that load code, open connections or reach `process` (`require` and friends exist under `-e`). */
export const MAIN_REALM_POWERS = [
  'process', 'require', 'module', 'exports', '__filename', '__dirname',
  'fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'navigator', 'localStorage', 'sessionStorage', 'BroadcastChannel',
] as const;

export interface HardeningResidue {
  /** `process` properties still there that PROCESS_KEEP does not list. */
  process: string[];
  /** MAIN_REALM_POWERS still on the main global object. */
  globals: string[];
  /** Whether the main realm's intrinsics are frozen (`Function.prototype`, `Object.prototype`, `Promise.prototype`, ...). */
  intrinsicsFrozen: boolean;
}

let hardened: HardeningResidue | undefined;

/**
 * Strips `proc` and `global` (the child's own `process` and main global) in
 * place. Idempotent. Callers capture every stream and module they still need
 * first: nothing here is reachable afterwards, by them or by anyone.
 */
export function hardenProcess(proc: object, global: object): HardeningResidue {
  if (hardened) {
    return hardened;
  }
  for (const key of Reflect.ownKeys(proc)) {
    if (typeof key === 'string' && !PROCESS_KEEP.has(key)) {
      remove(proc, key);
    }
  }
  // The environment is empty by spawn; it stays an empty, frozen object.
  try {
    Object.defineProperty(proc, 'env', { value: Object.freeze(Object.create(null)), writable: false, configurable: false, enumerable: true });
  } catch {
    // Reported below if it still has keys.
  }
  for (const name of MAIN_REALM_POWERS) {
    remove(global, name);
  }
  hardened = residue(proc, global);
  return hardened;
}

/** What survived, read afresh (the probe calls it after hardening). */
export function residue(proc: object, global: object): HardeningResidue {
  const left = Reflect.ownKeys(proc).filter(
    (k): k is string => typeof k === 'string' && !PROCESS_KEEP.has(k) && !(k === 'argv0' && (proc as { argv0?: unknown }).argv0 === NEUTRAL_ARGV0),
  );
  for (const name of [...PROCESS_POWERS, ...PROCESS_IDENTITY]) {
    // Inherited ones count too: a power on the prototype is as reachable.
    if (name === 'argv0' && (proc as { argv0?: unknown }).argv0 === NEUTRAL_ARGV0) {
      continue;
    }
    if (!left.includes(name) && (proc as Record<string, unknown>)[name] !== undefined) {
      left.push(name);
    }
  }
  const env = (proc as { env?: unknown }).env;
  if (env !== null && typeof env === 'object' && Object.keys(env).length > 0) {
    left.push('env (not empty)');
  }
  const globals = MAIN_REALM_POWERS.filter((n) => (global as Record<string, unknown>)[n] !== undefined);
  return { process: left.sort(), globals, intrinsicsFrozen: intrinsicsFrozen() };
}

function remove(target: object, key: string): void {
  try {
    if (Reflect.deleteProperty(target, key) && !Object.prototype.hasOwnProperty.call(target, key)) {
      // Inherited from a prototype (EventEmitter's): shadow it as well.
      if ((target as Record<string, unknown>)[key] === undefined) {
        return;
      }
    }
    Object.defineProperty(target, key, { value: undefined, writable: false, configurable: false, enumerable: false });
  } catch {
    // A non-configurable property stays; `residue` names it.
  }
}
