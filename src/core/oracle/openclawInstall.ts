import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  installedIn,
  installPaths,
  nodeFor,
  OPENCLAW_VERSION_PATTERN,
  ORACLE_NODE_VERSION,
  OpenClawUnavailableError,
  pinnedNodePackage,
  type OpenClawLocation,
} from './openclawLocation';
import { READ_LIMITS, readUserText } from '../util/readLimits';

/**
 * Installs an OpenClaw release (and, where the registry has one for this
 * platform, the pinned Node 24 it runs on) under an install root, for
 * capture: the editor's "Install OpenClaw for capture" (global storage). The
 * layout is the tooling cache's (`installPaths`), so `locateOpenClaw` finds
 * it with the same rule. scripts/lib/openclawTooling.mjs installs the tooling
 * cache the same way; it stays a script because it runs before `npm ci`.
 *
 * What runs: `npm install --ignore-scripts` of exact versions into a scratch
 * folder (nothing from the registry runs at install time), then OpenClaw's
 * own launcher once (`openclaw --version`), which completes its package
 * lifecycle inside the package folder before anything else starts it. The
 * scratch folder is renamed into place only after the result was checked;
 * a cancelled or failed install leaves nothing behind.
 */

type Env = Record<string, string | undefined>;

export interface InstallProgress {
  /** 1-based. */
  step: number;
  steps: number;
  message: string;
}

export interface InstallOpenClawOptions {
  version: string;
  /** The install root (the editor's global storage folder for OpenClaw). */
  root: string;
  env?: Env;
  signal?: AbortSignal;
  onProgress?: (p: InstallProgress) => void;
  /** A line of npm's or OpenClaw's output (stderr), for the log. */
  onOutput?: (line: string) => void;
  /** The npm to run; default `npm` on PATH. */
  npm?: string;
  /** Each step's limit; default 15 minutes (a slow registry). */
  stepTimeoutMs?: number;
}

export interface InstalledOpenClaw {
  location: OpenClawLocation;
  /** Wall time of this install; 0 when it was already there. */
  seconds: number;
  reused: boolean;
}

/** The user (or the editor closing) cancelled the install; nothing was left behind. */
export class InstallCancelledError extends Error {}

const DEFAULT_STEP_TIMEOUT_MS = 15 * 60_000;
// npm's stderr kept for the error message: its tail says why.
const OUTPUT_TAIL_CHARS = 4000;
const KILL_GRACE_MS = 2000;

// What npm injects into the environment of scripts it runs (the editor may
// have been started from one): a nested npm would read it as its own config.
const NPM_INJECTED = /^(npm_config_|npm_lifecycle_|npm_package_|npm_command$|npm_execpath$|npm_node_execpath$|INIT_CWD$)/i;
const NPM_KEPT = new Set(['npm_config_globalconfig', 'npm_config_userconfig']);

function npmEnv(base: Env): Env {
  const out: Env = {};
  for (const [k, v] of Object.entries(base)) {
    if (v !== undefined && !(NPM_INJECTED.test(k) && !NPM_KEPT.has(k.toLowerCase()))) out[k] = v;
  }
  return { ...out, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', npm_config_ignore_scripts: 'true' };
}

interface RunOptions {
  cwd: string;
  env: Env;
  signal?: AbortSignal;
  timeoutMs: number;
  onOutput?: (line: string) => void;
  what: string;
}

/**
 * Runs one command in its own process group (so Cancel stops npm and
 * everything it started), resolves on exit 0, rejects with the tail of its
 * stderr otherwise.
 */
function run(cmd: string, args: readonly string[], o: RunOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    if (o.signal?.aborted) {
      reject(new InstallCancelledError('cancelled'));
      return;
    }
    const child = spawn(cmd, [...args], {
      cwd: o.cwd,
      env: o.env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: process.platform !== 'win32',
      shell: process.platform === 'win32',
      windowsHide: true,
    });
    let tail = '';
    let partial = '';
    let settled = false;
    let why: 'cancelled' | 'timeout' | undefined;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      tail = (tail + chunk).slice(-OUTPUT_TAIL_CHARS);
      partial += chunk;
      const lines = partial.split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) o.onOutput?.(line.slice(0, 500));
      if (partial.length > OUTPUT_TAIL_CHARS) partial = '';
    });
    const kill = (): void => {
      const signalGroup = (sig: NodeJS.Signals): void => {
        try {
          if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, sig);
          else child.kill(sig);
        } catch {
          // Already gone.
        }
      };
      signalGroup('SIGTERM');
      setTimeout(() => signalGroup('SIGKILL'), KILL_GRACE_MS).unref();
    };
    const onAbort = (): void => {
      why = 'cancelled';
      kill();
    };
    o.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      why = 'timeout';
      kill();
    }, o.timeoutMs);
    const finish = (err?: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve();
    };
    child.once('error', (err: NodeJS.ErrnoException) => {
      finish(
        err.code === 'ENOENT'
          ? new OpenClawUnavailableError(`${o.what} needs \`${cmd}\` on PATH (npm comes with Node.js); none was found.`)
          : new Error(`${o.what}: ${err.message}`),
      );
    });
    child.once('close', (code, signal) => {
      if (why === 'cancelled') finish(new InstallCancelledError('cancelled'));
      else if (why === 'timeout') finish(new Error(`${o.what} took longer than ${Math.round(o.timeoutMs / 1000)} s and was stopped.`));
      else if (code === 0) finish();
      else finish(new Error(`${o.what} failed (${code ?? signal}): ${tail.trim().split(/\r?\n/).slice(-6).join('\n') || 'no output'}`));
    });
  });
}

function npmInstall(npm: string, prefix: string, spec: string, o: Omit<RunOptions, 'cwd' | 'what'>): Promise<void> {
  fs.mkdirSync(prefix, { recursive: true });
  // A package.json stops npm from walking up into a parent project.
  fs.writeFileSync(path.join(prefix, 'package.json'), '{ "private": true }\n');
  return run(npm, ['install', '--prefix', prefix, '--ignore-scripts', '--no-audit', '--no-fund', '--save-exact', '--loglevel', 'error', spec], { ...o, cwd: prefix, what: `npm install ${spec}` });
}

/** OpenClaw's markers of a package whose lifecycle has not run (see scripts/lib/openclawTooling.mjs). */
function pendingLifecycle(packageDir: string): string[] {
  return ['.openclaw-lifecycle-pending', path.join('dist', 'openclaw-install-guard')].filter((rel) => fs.existsSync(path.join(packageDir, rel)));
}

/**
 * Installs `version` under `root` unless a finished install is there. One
 * call at a time per root and version is the caller's to ensure (the editor
 * keeps one in flight); a parallel process finishing first wins the rename.
 */
export async function installOpenClaw(o: InstallOpenClawOptions): Promise<InstalledOpenClaw> {
  if (!OPENCLAW_VERSION_PATTERN.test(o.version)) throw new Error(`not an openclaw version: "${o.version}"`);
  const env = o.env ?? process.env;
  const final = installPaths(o.root, o.version);
  const locate = (): OpenClawLocation => ({ version: o.version, packageDir: final.packageDir, dist: final.dist, node: nodeFor([final.node], env), from: 'cache' });
  if (installedIn(o.root, o.version)) return { location: locate(), seconds: 0, reused: true };
  const nodePackage = pinnedNodePackage();
  if (nodePackage === undefined) {
    // No pinned Node for this platform: OpenClaw runs on the user's; refuse before downloading anything.
    nodeFor([], env);
  }
  const npm = o.npm ?? (process.platform === 'win32' ? 'npm.cmd' : 'npm');
  const steps = 3;
  const started = Date.now();
  fs.mkdirSync(o.root, { recursive: true });
  // A final folder without its marker is a killed install: never reused.
  fs.rmSync(final.dir, { recursive: true, force: true });
  const scratchDir = `${final.dir}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  const inScratch = (p: string): string => path.join(scratchDir, path.relative(final.dir, p));
  const scratch = { node: inScratch(final.node), packageDir: inScratch(final.packageDir) };
  const common = { env: npmEnv(env), ...(o.signal ? { signal: o.signal } : {}), timeoutMs: o.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS, ...(o.onOutput ? { onOutput: o.onOutput } : {}) };
  try {
    o.onProgress?.({ step: 1, steps, message: `Downloading openclaw@${o.version}${nodePackage ? ` and Node ${ORACLE_NODE_VERSION}` : ''} from the npm registry (no install scripts run)` });
    // Both at once: the two downloads are independent and npm spends most of its time waiting.
    const installs: Promise<void>[] = [npmInstall(npm, path.join(scratchDir, 'openclaw'), `openclaw@${o.version}`, common)];
    if (nodePackage) installs.push(npmInstall(npm, path.join(scratchDir, 'node24'), `${nodePackage}@${ORACLE_NODE_VERSION}`, common));
    const results = await Promise.allSettled(installs);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;

    o.onProgress?.({ step: 2, steps, message: 'Checking the install' });
    if (nodePackage) fs.chmodSync(scratch.node, 0o755);
    const node = nodeFor(nodePackage ? [scratch.node] : [], env);
    const installedVersion = readVersion(scratch.packageDir);
    if (installedVersion !== o.version) throw new Error(`npm installed openclaw ${installedVersion ?? '(none)'}, expected ${o.version}`);

    o.onProgress?.({ step: 3, steps, message: `Completing OpenClaw's package set-up (openclaw --version)` });
    if (pendingLifecycle(scratch.packageDir).length > 0) {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-openclaw-lifecycle-'));
      try {
        await run(node, [path.join(scratch.packageDir, 'openclaw.mjs'), '--version'], {
          ...common,
          env: { ...env, HOME: home, USERPROFILE: home, OPENCLAW_STATE_DIR: path.join(home, 'state'), PATH: `${path.dirname(node)}${path.delimiter}${env.PATH ?? ''}` },
          timeoutMs: Math.min(common.timeoutMs, 5 * 60_000),
          cwd: home,
          what: 'openclaw --version',
        });
      } finally {
        fs.rmSync(home, { recursive: true, force: true });
      }
      const left = pendingLifecycle(scratch.packageDir);
      if (left.length > 0) throw new Error(`openclaw@${o.version}: its package set-up did not complete (${left.join(', ')} still there)`);
    }
    const seconds = (Date.now() - started) / 1000;
    fs.writeFileSync(path.join(scratchDir, 'complete.json'), `${JSON.stringify({ openclaw: o.version, node: nodePackage ? ORACLE_NODE_VERSION : null, installedAt: new Date().toISOString(), seconds }, null, 2)}\n`);
    try {
      fs.renameSync(scratchDir, final.dir);
    } catch (err) {
      if (!installedIn(o.root, o.version)) throw err;
      fs.rmSync(scratchDir, { recursive: true, force: true }); // a parallel install finished first
    }
    return { location: locate(), seconds, reused: false };
  } catch (err) {
    fs.rmSync(scratchDir, { recursive: true, force: true });
    throw err;
  }
}

function readVersion(packageDir: string): string | undefined {
  try {
    const v = (JSON.parse(readUserText(path.join(packageDir, 'package.json'), READ_LIMITS.packageJsonBytes)) as { version?: unknown }).version;
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}
