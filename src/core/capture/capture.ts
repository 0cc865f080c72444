import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OpenClawUnavailableError, toolingCacheRoot, type OpenClawLocation } from '../oracle/openclawLocation';
import { RecordingProvider, type CapturedRequest } from '../provider/recordingProvider';
import { errorMessage } from '../util/errors';
import { captureAgentOf, captureConfigOf, captureRelease, DEFAULT_CAPTURE_MODEL, DEFAULT_CAPTURE_PROVIDER, modeUnavailable, type CaptureMode, type CaptureRelease } from './captureConfig';
import { captureStoreDir, noteInLedger, storeKey, throughStore, workspaceContentHash } from './captureStore';
import { isCompletionRequest, requestFacts, type RequestFacts } from './requestFacts';
import { mapScratchLines, scratchText, type SourceLines } from './scratchLines';
import { openclawReason } from './turnFailure';
import { findCaptureLayer, hostNetworkText, hostSocketPaths, isCaptureLayer, MAX_COVERED_SOCKETS, overlayable, type CaptureLayer, type LayerMounts } from './captureLayer';
import { loopbackPorts, openLoopbackRelay, relayUnavailable, type LoopbackRelay } from './loopbackRelay';
import { READ_LIMITS, readUserText } from '../util/readLimits';
import { isWithin, realPathOf } from '../util/insideFolder';
import { takeTurnSlot, turnSlotCount, type TurnSlotsConfig } from './turnSlots';

/**
 * Captures what a real OpenClaw agent turn sends to its provider, per mode:
 * one `openclaw agent --local --agent ID --message PROMPT --json` per mode (ID
 * the agent asked for, else the one OpenClaw picks for the config),
 * each against its own recording provider on 127.0.0.1, in its own scratch
 * HOME, state folder, config file and agent workspace, with a network guard
 * preloaded into every Node process of the run (src/oracle/networkGuard.mts).
 * Modes run side by side (`concurrency`, default 4), sharing Node's compile
 * cache of OpenClaw's modules (`compileCacheDir`). Unless the whole turn is
 * asked for (`wholeTurn`), a turn ends as soon as the provider answered its
 * first Chat Completions request: that request is what a capture shows, and
 * the rest of the turn (reading the reply, saving the session, indexing
 * memory, closing the MCP servers, exiting) only costs CPU. Every child runs
 * in its own process group, which is killed on timeout, on cancel, after the
 * turn ends or was ended (stragglers such as MCP servers) and when this
 * process exits.
 */

export type CaptureOutcome = 'ok' | 'failed' | 'timeout' | 'cancelled';

export interface ModeCapture {
  mode: CaptureMode;
  outcome: CaptureOutcome;
  /** Why the turn is not `ok`, for people. */
  error?: string;
  exitCode: number | null;
  signal: string | null;
  wallMs: number;
  /** Every request the recording provider kept, in arrival order. */
  requests: CapturedRequest[];
  /** Requests refused because the provider's bounds were reached. */
  droppedRequests: number;
  /** Facts of the first Chat Completions request (the one that carries the turn's tools). */
  first?: RequestFacts;
  /** Connections and DNS lookups the guard refused (its stderr lines). */
  networkRefused: string[];
  /**
   * What kept the turn's writes (and signals) in: the OS layer, or why there
   * was none (`captureLayer.ts`); `network`: the turn's own network
   * namespace with only relayed loopback ports, or the host's network behind
   * the in-process guard, and why.
   */
  containment?: { os: boolean; text: string; network?: { own: boolean; text: string }; sockets?: { covered: number; uncovered: number } };
  /** The last characters of OpenClaw's stderr, when the turn is not `ok` (lines of the scratch config mapped to the user's file). */
  stderrTail?: string;
  /** OpenClaw's own reason for a failed turn (`openclawReason`), also the end of `error`. */
  reason?: string;
  /** OpenClaw's `--json` result, when stdout parsed as JSON. */
  reply?: unknown;
  /** The turn's scratch folders (gone after the turn unless kept): what the request names as its agent workspace and state folder. */
  paths?: { agentWorkspace: string; stateDir: string; home: string };
  /** The config OpenClaw ran this turn with: the workspace's, with the capture's overrides (captureConfig). */
  config?: unknown;
  /**
   * Keys of the workspace's config left out of the turn's because the release
   * (one without Tool Search) would refuse to start with them (`captureConfigOf`).
   */
  omitted?: string[];
  /** With `keepScratch`: the kept scratch folder and its OpenClaw state folder (its session store is what `sessions` reads). */
  scratch?: { dir: string; state: string };
  /**
   * True when the capture ended the turn once its first Chat Completions
   * request was answered (`CaptureOptions.wholeTurn` off): no `reply`, and
   * `exitCode`/`signal` are those of the kill.
   */
  endedAfterRequest?: boolean;
  /**
   * True when this turn's result came from the capture store
   * (`TSI_CAPTURE_STORE`, the test tiers'): a real turn with the same inputs,
   * run earlier in the store's lifetime.
   */
  fromStore?: boolean;
  /**
   * How long the turn waited for a turn slot (`turnSlots.ts`) before it
   * started; absent when it did not wait. Not part of `wallMs`, nor of the
   * time its timeout counts.
   */
  queuedMs?: number;
}

export interface CaptureReport {
  openclaw: { version: string; packageDir: string; node: string };
  /** The agent every turn ran (`--agent`); absent when none could be picked (each mode's `error` says why). */
  agent?: string;
  prompt: string;
  provider: { id: string; model: string };
  concurrency: number;
  wallMs: number;
  /** True when every mode's outcome is `ok`. */
  ok: boolean;
  modes: Partial<Record<CaptureMode, ModeCapture>>;
}

export interface TurnEvent {
  mode: CaptureMode;
  /**
   * `start` when the mode's turn is taken up, `queued` when it then waits for
   * a turn slot (other turns hold every one), `start` again once it has one,
   * `end` with its capture.
   */
  phase: 'start' | 'queued' | 'end';
  capture?: ModeCapture;
}

type Env = Record<string, string | undefined>;

export interface CaptureOptions {
  location: OpenClawLocation;
  /** The workspace's config as parsed (`{}` without one). */
  config: Record<string, unknown>;
  /** The folder the config's relative paths are resolved against. */
  configDir: string;
  /** The agent to run; default the one OpenClaw picks for the config (`captureAgentOf`). */
  agent?: string;
  /** The user's config file and its lines: OpenClaw's errors citing the scratch copy's lines are mapped to them. */
  sourceLines?: SourceLines;
  modes: readonly CaptureMode[];
  prompt: string;
  providerId?: string;
  modelId?: string;
  contextWindow?: number;
  /** Turns at once; default every mode at once (at most 4): with the compile cache a turn is mostly waiting, not CPU. */
  concurrency?: number;
  /** Per turn; default 180 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Where PATH comes from (Node 24's folder goes first); nothing else of it reaches OpenClaw. */
  env?: Env;
  /** The preloaded network guard; default `defaultGuardScript()`. */
  guardScript?: string;
  /**
   * Node's compile cache for OpenClaw's own modules (`NODE_COMPILE_CACHE`),
   * shared by every turn and kept between captures; default
   * `defaultCompileCacheDir()`, `false` for none. Without it each turn compiles
   * OpenClaw's thousands of modules again: OpenClaw's launcher keeps its cache
   * under `os.tmpdir()`, which is the turn's scratch TMPDIR.
   */
  compileCacheDir?: string | false;
  /**
   * A folder for OpenClaw's own diagnostics timeline (`OPENCLAW_DIAGNOSTICS`):
   * each turn writes `<mode>.jsonl` there (spans of its startup, plugin load,
   * tool bundling, prompt build). For measuring where a turn's time goes.
   */
  timelineDir?: string;
  /** Keep the scratch folders (their paths are in the stderr of a failed turn). */
  keepScratch?: boolean;
  /**
   * Let OpenClaw finish each turn (its `--json` reply, its session store, its
   * exit code) instead of ending it once the provider answered the first Chat
   * Completions request. Default: only with `play` or `keepScratch`, which
   * need the rest of the turn.
   */
  wholeTurn?: boolean;
  /**
   * The provider plays the scripted QA model (calls the tool the prompt names)
   * instead of ending the turn after its first request.
   */
  play?: boolean;
  onTurn?: (event: TurnEvent) => void;
  /**
   * Start the turn inside the OS layer where the host offers one (default
   * true): it may then write only its scratch folder, the compile cache and
   * the timeline folder. `false` runs it with the user's rights.
   */
  osLayer?: boolean;
  /**
   * The bound on turns in flight across processes (`turnSlots.ts`); default
   * the tooling cache's `turn-slots` folder with `turnSlotCount(env)` slots,
   * `false` for none.
   */
  turnSlots?: TurnSlotsConfig | false;
}

export const DEFAULT_CAPTURE_TIMEOUT_MS = 180_000;
export const DEFAULT_CAPTURE_CONCURRENCY = 4;
const STDERR_TAIL_CHARS = 8000;
const MAX_STDOUT_BYTES = 1024 * 1024;
const MAX_REFUSED_LINES = 50;
const GUARD_MARKER = '[tsi-capture-guard]';

/** The guard: `dist/networkGuard.mjs` beside the bundle, or its source (Node 24 strips its types). */
export function defaultGuardScript(baseDir: string = __dirname): string {
  const candidates = [path.join(baseDir, 'networkGuard.mjs'), path.join(baseDir, '..', '..', 'oracle', 'networkGuard.mts'), path.join(baseDir, '..', 'src', 'oracle', 'networkGuard.mts')];
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) {
    throw new Error(`the capture network guard is missing (looked for ${candidates.join(', ')}); run npm run build`);
  }
  return found;
}

/**
 * Where capture turns keep Node's compile cache: a folder of this user's
 * tooling cache (not the shared /tmp, where another user could plant cache
 * files), so a second capture starts OpenClaw several times faster.
 */
export function defaultCompileCacheDir(env: Env = process.env): string {
  return path.join(toolingCacheRoot(env), 'node-compile-cache');
}

/** The turn slots every capture of this user shares (`turnSlots.ts`). */
export function defaultTurnSlots(env: Env = process.env): TurnSlotsConfig {
  return { dir: path.join(toolingCacheRoot(env), 'turn-slots'), count: turnSlotCount(env) };
}

// A slot is held for the turn's timeout and this much teardown before another process may take it over.
const SLOT_TEARDOWN_MS = 60_000;

/** The file `openclaw` runs: the package's `bin`. */
export function openclawEntry(location: OpenClawLocation): string {
  let bin: unknown;
  try {
    bin = (JSON.parse(readUserText(path.join(location.packageDir, 'package.json'), READ_LIMITS.packageJsonBytes)) as { bin?: unknown }).bin;
  } catch (err) {
    throw new OpenClawUnavailableError(`${location.packageDir}/package.json cannot be read: ${errorMessage(err)}`);
  }
  const rel = typeof bin === 'string' ? bin : bin !== null && typeof bin === 'object' ? (bin as Record<string, unknown>).openclaw : undefined;
  const entry = typeof rel === 'string' ? path.join(location.packageDir, rel) : undefined;
  if (!entry || !fs.existsSync(entry)) {
    throw new OpenClawUnavailableError(`${location.packageDir} has no openclaw command (package.json "bin")`);
  }
  // A package whose "bin" leaves it (../../x, a symlink out) is not run: capture runs what the package holds, nothing else.
  if (!isWithin(realPathOf(location.packageDir), fs.realpathSync(entry))) {
    throw new OpenClawUnavailableError(`${location.packageDir}: its openclaw command (package.json "bin": ${JSON.stringify(rel)}) resolves outside the package; not run`);
  }
  return entry;
}

// Process groups still running; killed if this process exits first.
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function killGroup(pid: number | undefined): void {
  if (pid === undefined) {
    return;
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function installExitHook(): void {
  if (exitHookInstalled) {
    return;
  }
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const pid of liveGroups) {
      killGroup(pid);
    }
  });
}

interface TurnSetup {
  opts: CaptureOptions;
  /** The agent to run, or why none can run. */
  agent: { id: string } | { error: string };
  entry: string;
  guardUrl: string;
  mode: CaptureMode;
  release: CaptureRelease;
}

async function runTurn({ opts, agent, entry, guardUrl, mode, release }: TurnSetup): Promise<ModeCapture> {
  const started = Date.now();
  const unavailable = 'error' in agent ? agent.error : modeUnavailable(mode, release);
  if (unavailable !== undefined || 'error' in agent) {
    return { mode, outcome: 'failed', error: unavailable, reason: unavailable, exitCode: null, signal: null, wallMs: 0, requests: [], droppedRequests: 0, networkRefused: [] };
  }
  const wholeTurn = opts.wholeTurn ?? (opts.play === true || opts.keepScratch === true);
  let answered: () => void = () => undefined;
  const firstAnswer = new Promise<void>((resolve) => {
    answered = resolve;
  });
  const provider = new RecordingProvider({ play: opts.play === true, ...(wholeTurn ? {} : { onAnswered: () => answered() }) });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `tsi-capture-${mode}-`));
  const home = path.join(scratch, 'home');
  const state = path.join(scratch, 'state');
  const tmp = path.join(scratch, 'tmp');
  const agentWorkspace = path.join(scratch, 'agent-workspace');
  const configPath = path.join(scratch, 'openclaw.json');
  for (const d of [home, state, tmp, agentWorkspace]) {
    fs.mkdirSync(d, { recursive: true });
  }
  const base: Omit<ModeCapture, 'outcome' | 'exitCode' | 'signal' | 'wallMs'> = { mode, requests: provider.requests, droppedRequests: 0, networkRefused: [], paths: { agentWorkspace, stateDir: state, home } };
  let relay: LoopbackRelay | undefined;
  try {
    const baseUrl = await provider.start();
    const { config: cfg, omitted } = captureConfigOf({
      config: opts.config,
      configDir: opts.configDir,
      mode,
      baseUrl,
      providerId: opts.providerId,
      modelId: opts.modelId,
      contextWindow: opts.contextWindow,
      agentWorkspace,
      release,
      agent: agent.id,
    });
    // Written as JSON.stringify would, with each line's config path kept to map OpenClaw's line numbers back.
    const scratchConfig = scratchText(cfg);
    fs.writeFileSync(configPath, scratchConfig.text);
    const toUser = (text: string): string => (opts.sourceLines ? mapScratchLines(text, configPath, path.basename(configPath), scratchConfig, opts.sourceLines) : text);
    base.config = cfg;
    if (omitted.length > 0) {
      base.omitted = omitted;
    }
    const env: Env = {
      PATH: `${path.dirname(opts.location.node)}${path.delimiter}${opts.env?.PATH ?? process.env.PATH ?? ''}`,
      HOME: home,
      TMPDIR: tmp,
      OPENCLAW_STATE_DIR: state,
      OPENCLAW_CONFIG_PATH: configPath,
      CI: '1',
      DO_NOT_TRACK: '1',
      NO_COLOR: '1',
      NODE_OPTIONS: `--import=${guardUrl}`,
      // OpenClaw's CLI otherwise respawns itself (for NODE_EXTRA_CA_CERTS) into a detached
      // child in its own session, which a kill of the turn's process group does not reach.
      OPENCLAW_NO_RESPAWN: '1',
      ...compileCacheEnv(opts),
      ...(opts.timelineDir ? { OPENCLAW_DIAGNOSTICS: '1', OPENCLAW_DIAGNOSTICS_TIMELINE_PATH: path.join(opts.timelineDir, `${mode}.jsonl`) } : {}),
    };
    if (opts.signal?.aborted) {
      return { ...base, outcome: 'cancelled', error: 'cancelled before the turn started', exitCode: null, signal: null, wallMs: 0 };
    }
    const wall = await turnWall(opts, env, scratch, baseUrl, cfg);
    base.containment = wall.containment;
    relay = wall.relay;
    const result = await spawnTurn(opts, agent.id, entry, env, scratch, wholeTurn ? undefined : firstAnswer, wall.contained);
    const completions = provider.requests.filter(isCompletionRequest);
    const first = completions[0];
    const capture: ModeCapture = {
      ...base,
      droppedRequests: provider.dropped,
      outcome: result.outcome,
      exitCode: result.exitCode,
      signal: result.signal,
      wallMs: Date.now() - started,
      networkRefused: result.refused,
      ...(first ? { first: requestFacts(first) } : {}),
      ...(result.reply !== undefined ? { reply: result.reply } : {}),
      ...(result.endedAfterRequest ? { endedAfterRequest: true } : {}),
      ...(opts.keepScratch ? { scratch: { dir: scratch, state } } : {}),
    };
    settle(capture, result, toUser);
    if (capture.outcome !== 'ok') {
      capture.stderrTail = toUser(result.stderrTail) + (opts.keepScratch ? `\n(scratch kept: ${scratch})` : '');
    }
    return capture;
  } catch (err) {
    return { ...base, droppedRequests: provider.dropped, outcome: 'failed', error: errorMessage(err), exitCode: null, signal: null, wallMs: Date.now() - started };
  } finally {
    await relay?.close();
    await provider.close();
    if (!opts.keepScratch) {
      removeScratch(scratch);
    }
  }
}

function removeScratch(scratch: string): void {
  try {
    // The install overlay's own work folder is left mode 000, which would stop a non-root rm from reading it.
    fs.chmodSync(path.join(scratch, 'install-work', 'work'), 0o700);
  } catch {
    // no overlay in this turn
  }
  fs.rmSync(scratch, { recursive: true, force: true });
}

/** A turn that exited badly or sent nothing is failed, with OpenClaw's own reason (its lines mapped to the user's file). */
function settle(capture: ModeCapture, result: SpawnResult, toUser: (text: string) => string): void {
  if (capture.outcome === 'ok' && result.exitCode !== 0 && !result.endedAfterRequest) {
    capture.outcome = 'failed';
    const reason = openclawReason(result.stderrTail, result.reply);
    if (reason !== undefined) {
      capture.reason = toUser(reason);
    }
    capture.error = `openclaw agent exited with ${result.exitCode ?? result.signal ?? '?'}${capture.reason !== undefined ? `: ${capture.reason}` : ''}`;
  } else if (capture.outcome === 'ok' && !capture.first) {
    capture.outcome = 'failed';
    capture.error = 'OpenClaw finished without sending a Chat Completions request to the recording provider';
  } else if (result.error) {
    capture.error = result.error;
  }
}

/** Bytecode only: the cache never changes what OpenClaw does, and Node drops an entry whose source changed. */
function compileCacheEnv(opts: CaptureOptions): Env {
  if (opts.compileCacheDir === false) {
    return {};
  }
  // OpenClaw's launcher keeps its own modules' cache in `<this>/openclaw/<version>/<install>`,
  // respawning itself once (in the turn's process group) to get there.
  const dir = opts.compileCacheDir ?? defaultCompileCacheDir(opts.env ?? process.env);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch {
    // An unwritable cache only costs speed.
    return {};
  }
  return { NODE_COMPILE_CACHE: dir };
}

interface SpawnResult {
  outcome: CaptureOutcome;
  error?: string;
  exitCode: number | null;
  signal: string | null;
  stderrTail: string;
  refused: string[];
  reply?: unknown;
  endedAfterRequest?: boolean;
}

type Contained = { layer: CaptureLayer; writable: readonly string[]; mounts: LayerMounts };

/**
 * What walls the turn in (captureLayer.ts) and what its report says of it:
 * the OS layer where the host offers one, with a network of its own where
 * the ports the turn must reach can be relayed (loopbackRelay.ts, opened
 * here; the caller closes it after the turn).
 */
async function turnWall(opts: CaptureOptions, env: Env, scratch: string, baseUrl: string, cfg: unknown): Promise<{ contained?: Contained; containment: NonNullable<ModeCapture['containment']>; relay?: LoopbackRelay }> {
  let layer = opts.osLayer === false ? { none: 'turned off for this capture: the turn writes with the user\'s rights' } : await findCaptureLayer(opts.env ?? process.env);
  if (!isCaptureLayer(layer)) {
    return { containment: { os: false, text: layer.none, network: { own: false, text: hostNetworkText() } } };
  }
  const install = installView(layer, installTreeOf(opts.location.packageDir), scratch);
  const writable = [scratch, ...install.writable, ...(env.NODE_COMPILE_CACHE ? [env.NODE_COMPILE_CACHE] : []), ...(opts.timelineDir ? [opts.timelineDir] : [])];
  const binds = privateLockDirs(scratch);
  let relay: LoopbackRelay | undefined;
  if (layer.network) {
    const ports = loopbackPorts(baseUrl, cfg);
    const dir = path.join(scratch, 'net');
    const unavailable = relayUnavailable(dir, ports);
    if (unavailable) {
      // The turn could not reach its provider from a network of its own: this turn shares the host's.
      layer = layer.withoutNetwork(unavailable);
    } else {
      relay = await openLoopbackRelay(dir, ports);
    }
  }
  const sockets = hostSocketPaths([...writable, ...install.overlays.map((o) => o.dir)]);
  const socketText =
    sockets.paths.length === 0
      ? 'no host Unix socket was bound by path'
      : `a connect to the host's ${sockets.paths.length} Unix sockets bound by path is refused${sockets.uncovered > 0 ? `; ${sockets.uncovered} more, past the layer's bound of ${MAX_COVERED_SOCKETS}, stay reachable` : ''}`;
  return {
    contained: { layer, writable, mounts: { binds, overlays: install.overlays, sockets: sockets.paths, ...(relay ? { relay: { node: opts.location.node, dir: relay.dir, ports: relay.ports } } : {}) } },
    containment: { os: true, text: `${layer.describe}; ${install.text}`, network: { own: layer.network, text: `${layer.describeNetwork}; ${socketText}` }, sockets: { covered: sockets.paths.length, uncovered: sockets.uncovered } },
    ...(relay ? { relay } : {}),
  };
}

/**
 * How the turn sees the OpenClaw install it runs: through an overlay whose
 * writes land in its scratch where the layer offers one (the install on the
 * host stays as it was: a workspace plugin cannot plant code in it for the
 * next capture, nor for the user's own runs of it), else writable (a
 * release writes there on its first run, below), and the report says so.
 */
function installView(layer: CaptureLayer, tree: string, scratch: string): { writable: string[]; overlays: NonNullable<LayerMounts['overlays']>; text: string } {
  if (layer.overlay && overlayable(tree)) {
    const upper = path.join(scratch, 'install-upper');
    const work = path.join(scratch, 'install-work');
    try {
      fs.mkdirSync(upper, { mode: 0o700 });
      fs.mkdirSync(work, { mode: 0o700 });
      return { writable: [], overlays: [{ dir: tree, upper, work }], text: 'the OpenClaw install is seen through an overlay: what the turn writes there stays in its scratch folder' };
    } catch {
      // falls through: the scratch folder refused two folders, so the install is bound as before
    }
  }
  const why = !layer.overlay ? 'no unprivileged overlay mount here' : 'its path holds a character an overlay cannot name';
  return { writable: [tree], overlays: [], text: `the OpenClaw install stays writable (${why})` };
}

/**
 * The OpenClaw install the turn runs, which a release writes on its first run: a release
 * completes its package lifecycle on its first run, in its own folder (2026.9.5 makes
 * `.openclaw-lifecycle-lock` there and refuses to start on a read-only one). Its
 * `node_modules` folder when it sits in one (the install's dependencies beside it), else the package.
 */
function installTreeOf(packageDir: string): string {
  const parent = path.dirname(packageDir);
  return path.basename(parent) === 'node_modules' ? parent : packageDir;
}

/**
 * OpenClaw 2026.9.6 keeps its state locks in a fixed folder, `/tmp/openclaw-state-locks-<uid>`
 * (not under TMPDIR), which the user's own OpenClaw shares: inside the OS layer the turn gets a
 * folder of its scratch there instead (the host's is made once if missing, so there is
 * something to mount over; an empty folder is what OpenClaw itself would make).
 */
function privateLockDirs(scratch: string): { from: string; to: string }[] {
  const uid = process.getuid?.();
  if (uid === undefined) {
    return [];
  }
  const to = `/tmp/openclaw-state-locks-${uid}`;
  const from = path.join(scratch, 'state-locks');
  try {
    fs.mkdirSync(to, { recursive: true, mode: 0o700 });
    fs.mkdirSync(from, { recursive: true, mode: 0o700 });
    return fs.statSync(to).isDirectory() ? [{ from, to }] : [];
  } catch {
    // Not there and not makeable: the turn then cannot take its locks, and says so in its own words.
    return [];
  }
}

/** `endOn`: once it resolves, the turn has done what the capture needs and is ended. */
function spawnTurn(opts: CaptureOptions, agentId: string, entry: string, env: Env, cwd: string, endOn?: Promise<void>, contained?: Contained): Promise<SpawnResult> {
  return new Promise((resolve) => {
    const argv = [opts.location.node, entry, 'agent', '--local', '--agent', agentId, '--message', opts.prompt, '--json'];
    const [command, ...args] = contained ? [contained.layer.command, ...contained.layer.args(contained.writable, argv, contained.mounts)] : argv;
    const child = spawn(command ?? opts.location.node, args, {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const pid = child.pid;
    if (pid !== undefined) {
      liveGroups.add(pid);
    }
    let outcome: CaptureOutcome = 'ok';
    let error: string | undefined;
    let stdout = Buffer.alloc(0);
    let stderr = '';
    let pendingLine = '';
    const refused: string[] = [];
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < MAX_STDOUT_BYTES) {
        stdout = Buffer.concat([stdout, d.subarray(0, MAX_STDOUT_BYTES - stdout.length)]);
      }
    });
    child.stderr.on('data', (d: Buffer) => {
      const text = d.toString('utf8');
      stderr = (stderr + text).slice(-STDERR_TAIL_CHARS);
      const lines = (pendingLine + text).split('\n');
      pendingLine = (lines.pop() ?? '').slice(-2000);
      for (const line of lines) {
        if (line.includes(GUARD_MARKER) && refused.length < MAX_REFUSED_LINES) {
          refused.push(line.trim());
        }
      }
    });
    const stop = (why: CaptureOutcome, message: string): void => {
      if (outcome === 'ok') {
        outcome = why;
        error = message;
      }
      killGroup(pid);
    };
    const timeoutMs = opts.timeoutMs ?? DEFAULT_CAPTURE_TIMEOUT_MS;
    const timer = setTimeout(() => stop('timeout', `the turn took longer than ${timeoutMs} ms and was killed`), timeoutMs);
    const onAbort = (): void => stop('cancelled', 'cancelled');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    let settled = false;
    let endedAfterRequest = false;
    void endOn?.then(() => {
      if (!settled && outcome === 'ok') {
        endedAfterRequest = true;
        killGroup(pid);
      }
    });
    const finish = (exitCode: number | null, signal: string | null, spawnError?: string): void => {
      if (settled) {
        return;
      }
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      // Whatever the turn left behind (an MCP server, a respawned child) goes with it.
      killGroup(pid);
      if (pid !== undefined) {
        liveGroups.delete(pid);
      }
      let reply: unknown;
      try {
        // A turn cut at its first answer has no reply of its own: whatever it printed before the kill
        // landed depends on how fast the kill was, and is not the turn's result.
        reply = endedAfterRequest ? undefined : (JSON.parse(stdout.toString('utf8')) as unknown);
      } catch {
        reply = undefined;
      }
      if (spawnError !== undefined && outcome === 'ok') {
        outcome = 'failed';
        error = spawnError;
      }
      resolve({ outcome, ...(error !== undefined ? { error } : {}), exitCode, signal, stderrTail: stderr, refused, ...(reply !== undefined ? { reply } : {}), ...(endedAfterRequest ? { endedAfterRequest } : {}) });
    };
    child.once('error', (err) => finish(null, null, `could not start ${opts.location.node}: ${err.message}`));
    // OpenClaw is gone: whatever of its group still holds the pipes open goes too, so 'close' follows.
    child.once('exit', () => killGroup(pid));
    child.once('close', (code, signal) => finish(code, signal));
  });
}

interface StoreSetup {
  opts: CaptureOptions;
  agent: string;
  mode: CaptureMode;
  release: CaptureRelease;
  /** The workspace's content hash, taken once per capture (undefined: too large, or not asked for). */
  tree: () => string | undefined;
}

/**
 * A turn through the capture store when `TSI_CAPTURE_STORE` names one and the
 * turn is an ordinary one: a kept scratch folder or a timeline asks for this
 * very run, so those always run. Every turn run or replayed goes to the ledger.
 */
async function storedTurn({ opts, agent, mode, release, tree }: StoreSetup, run: (began?: () => void) => Promise<ModeCapture>): Promise<ModeCapture> {
  const env = opts.env ?? process.env;
  const note = (c: ModeCapture, replayed: boolean, key = ''): void => noteInLedger(env, { kind: replayed ? 'replay' : 'turn', key, mode, openclaw: opts.location.version, outcome: c.outcome });
  const runOnly = async (): Promise<ModeCapture> => {
    const c = await run();
    note(c, false);
    return c;
  };
  if (modeUnavailable(mode, release) !== undefined) {
    return run(); // no turn: the release lacks the mode
  }
  const dir = captureStoreDir(env);
  if (dir === undefined || opts.keepScratch === true || opts.timelineDir !== undefined) {
    return runOnly();
  }
  let turnConfig: unknown;
  try {
    // The config the turn runs with (the capture's overrides included), with the two per-turn values held still.
    turnConfig = captureConfigOf({ config: opts.config, configDir: opts.configDir, mode, baseUrl: 'http://127.0.0.1:1/v1', providerId: opts.providerId, modelId: opts.modelId, contextWindow: opts.contextWindow, agentWorkspace: '/agent-workspace', release, agent }).config;
  } catch {
    return runOnly(); // the turn reports why
  }
  const key = storeKey(
    {
      config: turnConfig,
      configDir: opts.configDir,
      openclawVersion: opts.location.version,
      openclawDir: path.resolve(opts.location.packageDir),
      agent,
      mode,
      prompt: opts.prompt,
      providerId: opts.providerId ?? DEFAULT_CAPTURE_PROVIDER,
      modelId: opts.modelId ?? DEFAULT_CAPTURE_MODEL,
      ...(opts.contextWindow !== undefined ? { contextWindow: opts.contextWindow } : {}),
      play: opts.play === true,
      wholeTurn: opts.wholeTurn ?? opts.play === true,
    },
    tree(),
  );
  if (key === undefined) {
    return runOnly();
  }
  const { value, replayed } = await throughStore<ModeCapture>({
    dir,
    key,
    waitMs: opts.timeoutMs ?? DEFAULT_CAPTURE_TIMEOUT_MS,
    ...(opts.signal ? { signal: opts.signal } : {}),
    run,
    keep: (c) => c.outcome === 'ok' && !opts.signal?.aborted,
    note: (c, again) => note(c, again, key),
  });
  return replayed ? { ...value, fromStore: true } : value;
}

/** Runs one real OpenClaw turn per mode and returns every request each one sent. */
export async function captureTurns(opts: CaptureOptions): Promise<CaptureReport> {
  const started = Date.now();
  const entry = openclawEntry(opts.location);
  const guardUrl = pathToFileURL(opts.guardScript ?? defaultGuardScript()).href;
  // What the release that runs accepts, as its version is modelled (Tool Search or not, its config schema).
  const release = captureRelease(opts.location.version);
  installExitHook();
  let agent: { id: string } | { error: string };
  try {
    agent = { id: captureAgentOf(opts.config, opts.agent) };
  } catch (err) {
    agent = { error: errorMessage(err) };
  }
  const concurrency = Math.max(1, Math.min(opts.concurrency ?? DEFAULT_CAPTURE_CONCURRENCY, opts.modes.length || 1));
  const modes = [...new Set(opts.modes)];
  const results = new Map<CaptureMode, ModeCapture>();
  let treeHash: { value: string | undefined } | undefined;
  const tree = (): string | undefined => (treeHash ??= { value: workspaceContentHash(opts.configDir) }).value;
  const slots = opts.turnSlots ?? defaultTurnSlots(opts.env ?? process.env);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const mode = modes[next++];
      if (mode === undefined) {
        return;
      }
      if (opts.signal?.aborted) {
        results.set(mode, { mode, outcome: 'cancelled', error: 'cancelled before the turn started', exitCode: null, signal: null, wallMs: 0, requests: [], droppedRequests: 0, networkRefused: [] });
        continue;
      }
      opts.onTurn?.({ mode, phase: 'start' });
      const turn = async (began?: () => void): Promise<ModeCapture> => {
        const setup = { opts, agent, entry, guardUrl, mode, release };
        if (slots === false || 'error' in agent || modeUnavailable(mode, release) !== undefined) {
          return runTurn(setup); // no OpenClaw process to bound
        }
        let queued = false;
        const slot = await takeTurnSlot(slots, (opts.timeoutMs ?? DEFAULT_CAPTURE_TIMEOUT_MS) + SLOT_TEARDOWN_MS, opts.signal, () => {
          queued = true;
          opts.onTurn?.({ mode, phase: 'queued' });
        });
        if (queued && slot !== undefined) {
          opts.onTurn?.({ mode, phase: 'start' });
        }
        if (slot === undefined) {
          return { mode, outcome: 'cancelled', error: 'cancelled before the turn started', exitCode: null, signal: null, wallMs: 0, requests: [], droppedRequests: 0, networkRefused: [] };
        }
        try {
          began?.();
          const capture = await runTurn(setup);
          return slot.queuedMs >= 1 ? { ...capture, queuedMs: slot.queuedMs } : capture;
        } finally {
          slot.release();
        }
      };
      const capture = 'id' in agent ? await storedTurn({ opts, agent: agent.id, mode, release, tree }, turn) : await turn();
      results.set(mode, capture);
      opts.onTurn?.({ mode, phase: 'end', capture });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  const byMode: Partial<Record<CaptureMode, ModeCapture>> = {};
  for (const mode of modes) {
    const r = results.get(mode);
    if (r) {
      byMode[mode] = r;
    }
  }
  return {
    openclaw: { version: opts.location.version, packageDir: opts.location.packageDir, node: opts.location.node },
    ...('id' in agent ? { agent: agent.id } : {}),
    prompt: opts.prompt,
    provider: { id: opts.providerId ?? DEFAULT_CAPTURE_PROVIDER, model: opts.modelId ?? DEFAULT_CAPTURE_MODEL },
    concurrency,
    wallMs: Date.now() - started,
    ok: modes.every((m) => byMode[m]?.outcome === 'ok'),
    modes: byMode,
  };
}
