import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { errorMessage } from '../util/errors';
import { DEFAULT_BRIDGE_LIMITS } from './limits';
import { inspectNode, locateNode, sandboxArgv, sandboxFlags, type NodeRuntime, type SandboxEntry } from './nodeRuntime';
import { PROBE_ROLE, type ProbeAttempt, type ProbeResultMessage } from './protocol';
import { SandboxProcess, describeExit } from './sandboxProcess';
import { findOsLayer, isOsLayer, type OsLayer } from './osLayer';

/**
 * Which layer keeps a capability from the snippet: Node's permission model;
 * the snippet's vm context (its own realm, with nothing of the child's in
 * it); the child's hardened process (stripped `process`, no module loaders or
 * network globals, frozen intrinsics), which holds if a snippet gets out of
 * its context anyway; the empty environment; the framed pipe that replaced
 * Node's IPC channel.
 */
export type ContainmentLayer = 'os-namespace' | 'permission-model' | 'vm-context' | 'process-hardening' | 'empty-env' | 'framed-channel' | 'none';

export interface Containment {
  contained: boolean;
  layer: ContainmentLayer;
  /** Further layers the probe also exercised for this capability, innermost first. */
  behind?: ContainmentLayer[];
  /** What the probe saw, in words a user can check. */
  detail: string;
}

/** The realm wall and the hardened process behind it, as the probe measured them. */
export interface RealmReport {
  /** Routes out of the snippet's context the probe tried. */
  attempts: string[];
  /** Those that reached an object of the child's own realm (none when contained). */
  escapes: string[];
  intrinsicsFrozen: boolean;
  /** What hardening left on `process` and the main global object (none when contained). */
  processResidue: string[];
  globalResidue: string[];
}

/**
 * What the sandbox's Node really denies, measured by a probe child.
 * `ok: false` means code mode must not run: fall back to `tools` mode with `reason`.
 */
export interface IsolationReport {
  ok: boolean;
  reason?: string;
  /** Node version of the sandbox, `v20.20.2`; `unknown` when it could not be run. */
  node: string;
  nodePath: string;
  /** Node options of the child (its code follows as `-e SOURCE`, or as the bundle's path in `file` mode). */
  flags: string[];
  entry: SandboxEntry;
  /**
   * The OS layer every child of this runtime starts in (its own PID and user
   * namespace), when the probe ran inside it; absent where there is none.
   */
  osLayer?: OsLayer;
  /** Why there is no OS layer: the platform has none, a launcher is missing, or starting inside it failed. */
  osLayerMissing?: string;
  fs: Containment;
  net: Containment;
  childProcess: Containment;
  worker: Containment;
  env: Containment;
  /** Signals to the host or other processes. Absent from reports made before it was probed. */
  signals?: Containment;
  /** Who and where the child runs: user, host name, Node's path, temp folder, command line. */
  identity?: Containment;
  /** What the child can make the host do by sending: only bounded frames of the bridge protocol. */
  channel?: Containment;
  realm?: RealmReport;
  /** The snippet context: globals it must not have, string and wasm compilation. */
  context: {
    /** Forbidden globals the snippet context has (none when contained). */
    forbiddenGlobals: string[];
    /** The globals the probe checked for; absent from reports made before it said so. */
    checkedGlobals?: string[];
    codeGenerationBlocked: boolean;
    wasmBlocked: boolean;
  };
  probeMs: number;
}

export interface ProbeOptions {
  bundlePath: string;
  heapMb?: number;
  env?: Record<string, string | undefined>;
}

const cache = new Map<string, Promise<IsolationReport>>();

/**
 * Probes a Node binary once (cached by real path, mtime, bundle): starts a
 * sandbox child and has it try file reads and writes, a child process, a
 * worker, a connection to a loopback listener opened here, and reading the
 * environment. Never throws: a failure is `ok: false` with the reason.
 */
export function probeIsolation(nodePath: string, options: ProbeOptions): Promise<IsolationReport> {
  let key: string;
  try {
    const located = locateNode(nodePath, options.env);
    // A rebuilt bundle is new code: probe it again.
    const bundleMtime = fs.existsSync(options.bundlePath) ? fs.statSync(options.bundlePath).mtimeMs : 0;
    key = [located.path, located.mtimeMs, options.bundlePath, bundleMtime, options.heapMb ?? DEFAULT_BRIDGE_LIMITS.heapMb].join('\0');
  } catch (err) {
    return Promise.resolve(failed(nodePath, [], errorMessage(err), 0));
  }
  let report = cache.get(key);
  if (!report) {
    report = runProbe(nodePath, options);
    cache.set(key, report);
  }
  return report;
}

/** Forgets cached probes (tests, or after the user changes the setting). */
export function clearIsolationCache(): void {
  cache.clear();
}

async function runProbe(nodePath: string, options: ProbeOptions): Promise<IsolationReport> {
  const started = Date.now();
  let runtime: NodeRuntime;
  try {
    runtime = await inspectNode(nodePath, options.env);
  } catch (err) {
    return failed(nodePath, [], errorMessage(err), Date.now() - started);
  }
  if (!fs.existsSync(options.bundlePath)) {
    return failed(runtime.path, [], `bridge: the sandbox bundle ${options.bundlePath} is missing (run the build)`, Date.now() - started, runtime.version);
  }
  const heapMb = options.heapMb ?? DEFAULT_BRIDGE_LIMITS.heapMb;
  const found = findOsLayer(options.env ?? process.env);
  let layer = isOsLayer(found) ? found : undefined;
  let layerMissing = isOsLayer(found) ? undefined : found.none;
  let report = await probeLaunch(runtime, options, heapMb, started, layer);
  if (layer && !report.ok) {
    // Namespaces may be turned off (a container, a sysctl): the child then runs without the OS layer, and says so.
    const withLayer = report;
    const plain = await probeLaunch(runtime, options, heapMb, started, undefined);
    if (plain.ok) {
      layerMissing = `starting the child in its own namespaces failed: ${withLayer.reason ?? 'the probe did not hold'}`;
      layer = undefined;
      report = plain;
    }
  }
  return { ...report, ...(layer ? { osLayer: layer } : {}), ...(layerMissing ? { osLayerMissing: layerMissing } : {}) };
}

async function probeLaunch(runtime: NodeRuntime, options: ProbeOptions, heapMb: number, started: number, layer: OsLayer | undefined): Promise<IsolationReport> {
  const { flags, entry } = sandboxFlags(runtime, options.bundlePath, heapMb);
  if (entry === 'file' && options.bundlePath.includes(',')) {
    // The permission flags split their value on commas.
    return failed(runtime.path, flags, `bridge: the sandbox bundle path contains a comma, which --allow-fs-read cannot express: ${options.bundlePath}`, Date.now() - started, runtime.version);
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-probe-'));
  const readPath = path.join(scratch, 'secret.txt');
  const writePath = path.join(scratch, 'written.txt');
  fs.writeFileSync(readPath, 'probe secret');
  let connections = 0;
  const server = net.createServer((s) => {
    connections++;
    s.destroy();
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const port = (server.address() as net.AddressInfo).port;
    const child = new SandboxProcess(runtime.path, [...sandboxArgv(flags, entry, options.bundlePath), PROBE_ROLE], layer);
    let result: ProbeResultMessage;
    try {
      await child.ready;
      result = await new Promise<ProbeResultMessage>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('bridge: the isolation probe did not answer within 10000 ms')), 10_000);
        child.onMessage((m) => {
          if (m.type === 'probe-result') {
            clearTimeout(timer);
            resolve(m);
          }
        });
        void child.exited.then((e) => {
          clearTimeout(timer);
          reject(new Error(`bridge: the isolation probe child died (${describeExit(e)}): ${e.stderrTail.trim().split('\n').pop() ?? ''}`));
        });
        if (!child.send({ type: 'probe', port, readPath, writePath, hostPid: process.pid })) {
          reject(new Error('bridge: could not send the probe to the sandbox child'));
        }
      });
    } finally {
      child.kill();
      await child.exited;
    }
    return judge(runtime, flags, entry, result, { wrote: fs.existsSync(writePath), connections, layer }, Date.now() - started);
  } catch (err) {
    return failed(runtime.path, flags, errorMessage(err), Date.now() - started, runtime.version);
  } finally {
    server.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function judge(
  runtime: NodeRuntime,
  flags: string[],
  entry: SandboxEntry,
  r: ProbeResultMessage,
  seen: { wrote: boolean; connections: number; layer: OsLayer | undefined },
  probeMs: number,
): IsolationReport {
  const byPermission = (what: string, a: ProbeAttempt): Containment =>
    a.outcome === 'denied'
      ? { contained: true, layer: 'permission-model', detail: `${what} denied by ${runtime.permissionFlag} (${a.detail})` }
      : { contained: false, layer: 'none', detail: `${what} was not denied by the permission model: ${a.outcome} (${a.detail})` };
  const read = byPermission('reading a file', r.fsRead);
  const write = byPermission('writing a file', r.fsWrite);
  const fsC: Containment = seen.wrote
    ? { contained: false, layer: 'none', detail: 'the probe child wrote a file' }
    : { contained: read.contained && write.contained, layer: read.contained && write.contained ? 'permission-model' : 'none', detail: `${read.detail}; ${write.detail}` };
  const childProcess = byPermission('spawning a process', r.childProcess);
  const worker = byPermission('starting a worker', r.worker);
  const realmHolds = r.realm.escapes.length === 0 && r.realm.attempts.length > 0;
  const netC = netContainment(runtime, r, seen, realmHolds);
  const { signals, identity, channel, env } = processContainments(r, realmHolds, seen.layer);
  const problems = isolationProblems(r, [['fs', fsC], ['childProcess', childProcess], ['worker', worker], ['net', netC], ['env', env]], [['signals', signals], ['identity', identity], ['channel', channel]]);
  const h = r.hardening;
  return {
    ok: problems.length === 0,
    reason: problems.length > 0 ? `bridge: no isolated runtime on ${runtime.path} (${runtime.version}): ${problems.join('; ')}` : undefined,
    node: r.node,
    nodePath: runtime.path,
    flags,
    entry,
    fs: fsC,
    net: netC,
    childProcess,
    worker,
    env,
    signals,
    identity,
    channel,
    realm: {
      attempts: r.realm.attempts,
      escapes: r.realm.escapes,
      intrinsicsFrozen: h.intrinsicsFrozen,
      processResidue: h.processResidue,
      globalResidue: h.globalResidue,
    },
    context: {
      forbiddenGlobals: r.contextGlobals,
      ...(Array.isArray(r.contextGlobalsChecked) ? { checkedGlobals: r.contextGlobalsChecked.map(String) } : {}),
      codeGenerationBlocked: r.contextCodegenBlocked,
      wasmBlocked: r.contextWasmBlocked,
    },
    probeMs,
  };
}

/** Network: denied by the permission model, else held by the vm context (with the hardened process behind it). */
function netContainment(runtime: NodeRuntime, r: ProbeResultMessage, seen: { connections: number }, realmHolds: boolean): Containment {
  const contextHasNoNet = !r.contextGlobals.some((g) => ['require', 'process', 'fetch', 'WebSocket', 'XMLHttpRequest'].includes(g));
  const h = r.hardening;
  const processHardened = h.intrinsicsFrozen && h.processResidue.length === 0 && h.globalResidue.length === 0;
  const realmWords =
    `${r.realm.attempts.length} routes out of it were tried (${r.realm.attempts.slice(0, 3).join(', ')}, ...) and none reached the child's realm`;
  const hardenedWords = "behind it, the child's hardened process has no require, getBuiltinModule, fetch, WebSocket, stdio streams or handles, and its intrinsics are frozen";
  if (r.net.outcome === 'denied' && seen.connections === 0) {
    return { contained: true, layer: 'permission-model', detail: `a connection to a loopback listener was denied by ${runtime.permissionFlag} (${r.net.detail})` };
  } else if (contextHasNoNet && r.contextGlobals.length === 0 && realmHolds && processHardened) {
    return {
      contained: true,
      layer: 'vm-context',
      behind: ['process-hardening'],
      detail:
        `Node ${runtime.version}'s permission model does not deny network (the probe child ` +
        `${seen.connections > 0 ? 'reached' : 'was not denied by'} a loopback listener: ${r.net.detail}); ` +
        `the snippet is contained by its vm context, which has no require, process, fetch or sockets to open one; ${realmWords}; ${hardenedWords}`,
    };
  } else {
    return {
      contained: false,
      layer: 'none',
      detail: `network is reachable: ${r.net.detail}; context globals: ${r.contextGlobals.join(', ') || 'none'}; realm escapes: ${r.realm.escapes.join(', ') || 'none'}; process residue: ${[...h.processResidue, ...h.globalResidue].join(', ') || 'none'}`,
    };
  }
}

/** Signals, host identity, the channel to the host and the environment: what the hardened child still has. */
function processContainments(r: ProbeResultMessage, realmHolds: boolean, layer: OsLayer | undefined): { signals: Containment; identity: Containment; channel: Containment; env: Containment } {
  const h = r.hardening;
  const inProcess = h.signalAfter.outcome !== 'allowed' && realmHolds;
  // The OS layer holds when the child, before any in-process layer, could not reach the host's pid at all.
  const osHolds = layer !== undefined && h.signalHost !== undefined && h.signalHost.outcome !== 'allowed';
  const signals: Containment =
    inProcess && osHolds
      ? {
          contained: true,
          layer: 'os-namespace',
          behind: ['vm-context', 'process-hardening'],
          detail:
            `the child runs in its own PID and user namespace: the host's process does not exist for it (signal 0 to the host's pid before hardening: ${h.signalHost?.outcome ?? '?'}, ${h.signalHost?.detail ?? ''}); ` +
            `and the snippet's context has no process to signal with, the hardened process no kill or _kill (${h.signalAfter.detail})`,
        }
      : inProcess
      ? {
          contained: true,
          layer: 'vm-context',
          behind: ['process-hardening'],
          detail:
            `in-process layers only (no OS layer: ${layer ? `the host's pid was reachable from the namespace: ${h.signalHost?.detail ?? 'not probed'}` : 'none on this platform or host'}); ` +
            `the snippet's context has no process to signal with; ${h.signalBefore.outcome === 'allowed' ? `Node's permission model lets the child signal its parent (kill(ppid, 0) succeeded before hardening)` : `kill(ppid, 0) before hardening: ${h.signalBefore.outcome} (${h.signalBefore.detail})`}; ` +
            `the hardened process has no kill or _kill (${h.signalAfter.detail})`,
        }
      : { contained: false, layer: 'none', detail: `the child can signal other processes: ${h.signalAfter.outcome} (${h.signalAfter.detail})` };
  const identity: Containment =
    h.identityReadable.length === 0 && realmHolds
      ? {
          contained: true,
          layer: 'vm-context',
          behind: ['process-hardening'],
          detail: "the snippet's context has no process or os; the hardened process has no execPath, argv, title, cwd, ppid, uid, report or config, and no require or getBuiltinModule to load os",
        }
      : { contained: false, layer: 'none', detail: `host identity is readable in the child through ${h.identityReadable.join(', ') || 'its realm'}` };
  const channel: Containment = !h.ipcChannel
    ? {
        contained: true,
        layer: 'framed-channel',
        detail: "the child has no Node IPC channel (no process.send, no process.channel); it talks in length-prefixed JSON frames on a pipe that the host reads with a bounded parser and kills it for breaking",
      }
    : { contained: false, layer: 'none', detail: 'the child has a Node IPC channel: a forged internal message reaches the host' };
  const env: Containment =
    r.envKeys === 0
      ? { contained: true, layer: 'empty-env', detail: 'spawned with env {}: the child saw 0 environment variables' }
      : { contained: false, layer: 'none', detail: `the child saw ${r.envKeys} environment variables` };
  return { signals, identity, channel, env };
}

/** What keeps the runtime from counting as isolated, in the report's order. */
function isolationProblems(r: ProbeResultMessage, first: readonly (readonly [string, Containment])[], second: readonly (readonly [string, Containment])[]): string[] {
  const h = r.hardening;
  const problems: string[] = [];
  for (const [name, c] of first) {
    if (!c.contained) {
      problems.push(`${name}: ${c.detail}`);
    }
  }
  if (r.contextGlobals.length > 0) {
    problems.push(`the snippet context exposes ${r.contextGlobals.join(', ')}`);
  }
  if (!r.contextCodegenBlocked) {
    problems.push('the snippet context can compile strings');
  }
  if (!r.contextWasmBlocked) {
    problems.push('the snippet context can compile wasm');
  }
  for (const [name, c] of second) {
    if (!c.contained) {
      problems.push(`${name}: ${c.detail}`);
    }
  }
  if (r.realm.escapes.length > 0) {
    problems.push(`a snippet reaches the child's realm through ${r.realm.escapes.join(', ')}`);
  } else if (r.realm.attempts.length === 0) {
    problems.push('the realm probe tried nothing');
  }
  if (!h.intrinsicsFrozen) {
    problems.push(`the child's intrinsics are not frozen${h.unfrozenIntrinsics.length > 0 ? ` (${h.unfrozenIntrinsics.length}${h.unfrozenIntrinsics.length === 50 ? ' or more' : ''} not: ${h.unfrozenIntrinsics.slice(0, 5).join(', ')})` : ''}`);
  }
  if (h.processResidue.length > 0 || h.globalResidue.length > 0) {
    problems.push(`hardening left ${[...h.processResidue.map((k) => `process.${k}`), ...h.globalResidue].join(', ')}`);
  }
  return problems;
}

function failed(nodePath: string, flags: string[], reason: string, probeMs: number, version = 'unknown'): IsolationReport {
  const none: Containment = { contained: false, layer: 'none', detail: 'not probed: no isolated child could be started' };
  return {
    ok: false,
    reason,
    node: version,
    nodePath,
    flags,
    entry: 'eval',
    fs: none,
    net: none,
    childProcess: none,
    worker: none,
    env: none,
    context: { forbiddenGlobals: [], codeGenerationBlocked: false, wasmBlocked: false },
    probeMs,
  };
}
