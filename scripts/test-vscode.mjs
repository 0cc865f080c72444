#!/usr/bin/env node
// `npm run test:vscode`: the extension in a real VS Code (server + web
// workbench from code-server's lib/vscode, driven by Chromium).
//   (a) mocha suites inside the real extension host (extensionTestsPath),
//   (b) Playwright UI tests on the workbench (test/ui), screenshots in test-results/.
// (a) and (b) run at the same time, each on its own VS Code server (its own
// extension hosts, TSI_CHECK_CONSUMER host-<pid> and ui-<pid>), so both cores
// stay busy. The pinned OpenClaw (the capture tests run it) is installed into
// the tooling cache in the background while the extension is packaged.
// Ends with each side's count, then `N passed, N failed` for both, and a
// non-zero exit on any failure.
//
// Flags: --vsix      package the extension and install the .vsix (the default: what ships)
//        --dev       load the development folder instead (faster edit-test loop)
//        --no-build  with --dev: use dist/ as it is
//        --host-only / --ui-only
//        --update-screenshots  copy the SCREENSHOTS below from test-results/ to media/screenshots/ (green runs only, 256 colours)
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { format } from 'node:util';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM, chromiumMissingMessage, ensureTooling } from './vscode-tooling.mjs';
import { startLoopbackGuard } from './lib/loopbackGuard.mjs';
import { UNTRUSTED_DEMO_USER_SETTINGS, freePort, groupMembers, installVsix, seedSettings, startServer } from './lib/vscodeServer.mjs';
import { packageVsix } from './lib/packageVsix.mjs';
import { copyQuantized } from './lib/screenshotPng.mjs';
import { openclawReady, openclawToolingPaths, PINNED_OPENCLAW } from './lib/openclawTooling.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The screenshots the README and the walkthrough show, one per line (each UI test writes its own to
// test-results/; the others stay there: the .vsix carries these and has a 4 MB budget).
const SCREENSHOTS = [
  'mode-preview-capture.png',
  'tree-view.png',
  'catalog-panel.png',
  'catalog-workbench.png',
  'bridge-trace.png',
  'mode-preview-dark.png',
  'mode-preview-code-mode-light.png',
  'code-mode-program-dark.png',
  'catalog-diff.png',
  'config-language.png',
  'search-playground.png',
  'compare.png',
  'session-viewer.png',
  'explain-view.png',
];
const args = new Set(process.argv.slice(2));
// What ships is what is tested: the packaged .vsix unless --dev asks for the folder.
const useVsix = !args.has('--dev') && process.env.TSI_TEST_DEV !== '1';
const runHost = !args.has('--ui-only');
const runUi = !args.has('--host-only');
const started = Date.now();
const EXTENSION_ID = 'tool-search-inspector.tool-search-inspector';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

function step(msg) {
  console.log(`[test:vscode +${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);
}

function sh(cmd, argv) {
  const r = spawnSync(cmd, argv, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed (${r.status ?? r.signal})`);
}

// Workbench chatter that is not test output.
const WORKBENCH_NOISE = /^\[[^\]]+\] |^Timed out waiting for authentication|ENOTFOUND|^Creating a socket|^Resolv(ing|ed) connection token|^Updating additional builtin/;

// Each side's own counts; the closing line sums them.
// `failures`: each failed test's full title and the first line of its error, repeated in the closing lines.
const hostResults = { passed: 0, failed: 0, pending: 0, failures: [] };
const uiResults = { passed: 0, failed: 0, pending: 0, failures: [] };
/** What went wrong outside either side's tests (tooling, packaging, a server that would not stop). */
const runResults = { passed: 0, failed: 0, pending: 0 };
// The two sides' servers: distinct consumers, so what each side's extension hosts record stays apart.
const HOST_CONSUMER = `host-${process.pid}`;
const UI_CONSUMER = `ui-${process.pid}`;
let server;
let untrustedServer;
let uiGuard;
let hostServer;
let hostBrowser;
let hostDemo;
let runDir;

/**
 * One extension-host run; `target` is the query that opens the window
 * (`folder=...` or `workspace=...`). Its output goes to `log` (the caller
 * prints it in one piece, so it does not interleave with the UI side's).
 */
async function hostTests(page, base, devPath, target, lastTry, log) {
  const testsPath = path.join(root, 'out', 'test', 'integration', 'run.js');
  const remote = (p) => `vscode-remote://127.0.0.1:${new URL(base).port}${p}`;
  // The development path is what makes VS Code run extensionTestsPath; in
  // .vsix mode it is an empty extension so the installed copy is the one tested.
  const payload = [['extensionDevelopmentPath', remote(devPath)], ['extensionTestsPath', remote(testsPath)]];
  let exitCode;
  let reported;
  let windowNotReady = false;
  const done = new Promise((resolve) => {
    void page.exposeFunction('codeAutomationExit', (code) => {
      exitCode = code;
      resolve();
    });
  });
  await page.exposeFunction('codeAutomationLog', (type, logArgs) => {
    const line = format(...(Array.isArray(logArgs) ? logArgs : [logArgs]));
    if (line.startsWith('TSI_WINDOW_NOT_READY')) {
      windowNotReady = true;
      log(`the window opened without its workspace folders (${line.slice('TSI_WINDOW_NOT_READY '.length)})`);
      return;
    }
    const m = /TSI_RESULTS (\{.*\})/.exec(line);
    if (m) {
      reported = JSON.parse(m[1]);
      return;
    }
    if (!WORKBENCH_NOISE.test(line)) log(line);
  });
  const url = `${base}/?${target}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  await page.goto(url);
  let timer;
  const timeout = new Promise((resolve) => {
    // Generous: the UI side runs meanwhile (alone, the folder's suites take about 150 s on a busy machine).
    timer = setTimeout(() => resolve('timeout'), 600_000);
  });
  const outcome = await Promise.race([done, timeout]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    log('extension-host tests did not finish within 600 s');
    hostResults.failed++;
    return;
  }
  if (!reported && windowNotReady && !lastTry) {
    return 'retry';
  }
  if (!reported) {
    log(`extension-host tests ended (exit ${exitCode}) without reporting results`);
    hostResults.failed++;
    return;
  }
  hostResults.passed += reported.passed;
  hostResults.failed += reported.failed;
  if (Array.isArray(reported.failures)) hostResults.failures.push(...reported.failures.map(String));
  if (exitCode !== 0 && reported.failed === 0) {
    hostResults.failed++;
  }
}

/**
 * (a) The extension-host suites on their own server and browser: the demo
 * folder, then a multi-root workspace (test/fixtures/multi-root) for the
 * per-folder catalogs. Runs while the UI suite runs.
 */
async function hostSide(tooling, devPath, extensionsDir, serverEnv) {
  const hostDataDir = path.join(runDir, 'host-data');
  seedSettings(hostDataDir);
  lendOpenclaw(hostDataDir);
  const port = await freePort();
  step(`(a) extension-host tests: their own VS Code server on 127.0.0.1:${port}`);
  hostServer = await startServer({ tooling, port, dataDir: hostDataDir, extensionsDir, smokeTestDriver: true, env: { ...serverEnv, TSI_CHECK_CONSUMER: HOST_CONSUMER } });
  const require = createRequire(path.join(tooling.playwrightCore, 'package.json'));
  const { chromium } = require(tooling.playwrightCore);
  hostBrowser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  // A copy of the demo of its own: both sides' tests edit the demo's files (and put them back), and the UI
  // side's run at the same time. Two levels below the repository, as examples/demo is, so the
  // config's relative paths (../../node_modules/...) still resolve.
  hostDemo = path.join(root, '.vscode-test', `demo-host-${process.pid}`);
  fs.rmSync(hostDemo, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'examples', 'demo'), hostDemo, { recursive: true });
  const targets = [
    ['folder', `folder=${encodeURIComponent(hostDemo)}`],
    ['multi-root workspace', `workspace=${encodeURIComponent(path.join(root, 'test', 'fixtures', 'multi-root', 'multi.code-workspace'))}`],
  ];
  for (const [what, target] of targets) {
    const lines = [];
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      const context = await hostBrowser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      const outcome = await hostTests(page, hostServer.base, devPath, target, attempt === 2, (l) => lines.push(l));
      await context.close();
      if (outcome !== 'retry') break;
      lines.push(`(the window came up without its folders; opening it again (${what}))`);
    }
    // In one piece: the UI side prints its own as it goes.
    step(`(a) extension-host tests: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${lines.map((l) => `  [host] ${l}`).join('\n')}`);
  }
}

/**
 * Installs the pinned OpenClaw into the tooling cache when it is missing, in
 * a child process started now (it overlaps the packaging and the tooling
 * install); the promise settles when it is there. The capture tests of both
 * sides run it.
 */
function openclawInBackground() {
  if (openclawReady(PINNED_OPENCLAW)) {
    return Promise.resolve();
  }
  step(`installing the pinned OpenClaw ${PINNED_OPENCLAW} in the background (the capture tests run it)`);
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'lib', 'openclawTooling.mjs'), '--version', PINNED_OPENCLAW], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`installing OpenClaw ${PINNED_OPENCLAW} failed (${code ?? signal})`))));
  });
}

async function uiTests(base, devPath) {
  process.env.TSI_VSCODE_URL = base;
  // The UI run's own checks count as its server's consumer.
  process.env.TSI_CHECK_CONSUMER = UI_CONSUMER;
  // Development runs load the extension from the folder; .vsix runs have it installed.
  if (devPath === root) {
    process.env.TSI_UI_DEV_PATH = root;
  }
  process.env.TSI_WORKSPACE = path.join(root, 'examples', 'demo');
  process.env.TSI_CHROMIUM = CHROMIUM;
  process.env.TSI_RESULTS_DIR = path.join(root, 'test-results');
  const { register } = await import(pathToFileURL(path.join(root, 'node_modules', 'tsx', 'dist', 'esm', 'api', 'index.mjs')).href);
  register();
  const require = createRequire(import.meta.url);
  // Mocha tries require() before import(): hook both.
  require('tsx/cjs/api').register();
  const mochaModule = require('mocha');
  const Mocha = mochaModule.default ?? mochaModule;
  // TSI_UI_GREP runs only the UI tests whose titles match (a quicker loop while working on one panel).
  // The count of real checks (test/helpers/realChecks.ts): the UI server's captures are this run's consumer.
  const { realCheckHooks } = require(path.join(root, 'test', 'helpers', 'realChecks.ts'));
  const mocha = new Mocha({ ui: 'bdd', timeout: 120_000, reporter: 'spec', rootHooks: realCheckHooks(), ...(process.env.TSI_UI_GREP ? { grep: process.env.TSI_UI_GREP } : {}) });
  for (const f of fs.readdirSync(path.join(root, 'test', 'ui')).filter((f) => f.endsWith('.test.ts')).sort()) {
    mocha.addFile(path.join(root, 'test', 'ui', f));
  }
  await mocha.loadFilesAsync();
  await new Promise((resolve) => {
    const runner = mocha.run(() => resolve());
    runner.on('fail', (test, err) => {
      uiResults.failures.push(`${test.fullTitle()}: ${String(err?.message ?? err).split('\n')[0].slice(0, 300)}`);
    });
    runner.on('end', () => {
      uiResults.passed += runner.stats.passes;
      uiResults.failed += runner.stats.failures;
      uiResults.pending += runner.stats.pending;
    });
  });
}

let openclaw;

/**
 * The extension never reads the tooling cache: it runs the OpenClaw of the
 * setting, of PATH, or the one "Install OpenClaw for capture" put into its
 * global storage. The servers' global storage gets the tooling cache's
 * install linked in that layout, as if the user had clicked Install once
 * (UI test 22 takes the link away and clicks Install for real).
 */
function lendOpenclaw(serverDataDir) {
  const from = openclawToolingPaths(PINNED_OPENCLAW).dir;
  const into = path.join(serverDataDir, 'User', 'globalStorage', EXTENSION_ID, 'openclaw');
  fs.mkdirSync(into, { recursive: true });
  fs.symlinkSync(from, path.join(into, path.basename(from)));
}

async function main() {
  // First, so it overlaps everything below; awaited before either side's tests.
  openclaw = openclawInBackground();
  openclaw.catch(() => undefined); // settled (and reported) where it is awaited
  const tooling = ensureTooling({ quiet: true });
  const missing = chromiumMissingMessage();
  if (missing) throw new Error(missing);
  step(`tooling ready (${path.relative(root, tooling.link)} -> ${tooling.dir})`);

  runDir = path.join(root, '.vscode-test', 'runs', `${Date.now()}-${process.pid}`);
  // Capture once, judge many (docs/testing.md): both servers' extension hosts share one capture store and
  // one ledger; .ci/run sets them for the whole run, a run of this tier alone gets its own, empty.
  if (process.env.TSI_CAPTURE_STORE === undefined) process.env.TSI_CAPTURE_STORE = path.join(runDir, 'capture-store');
  if (!process.env.TSI_CHECK_LEDGER) process.env.TSI_CHECK_LEDGER = path.join(runDir, 'real-checks.jsonl');
  const dataDir = path.join(runDir, 'data');
  const extensionsDir = path.join(runDir, 'extensions');
  fs.mkdirSync(extensionsDir, { recursive: true });
  // OpenClaw's own config validation runs an OpenClaw process after each config change in every window:
  // off for the UI lane, on in the one folder whose test is about it (UI test 21 writes its own setting).
  seedSettings(dataDir, { 'toolSearchInspector.oracle.validateConfig': false });
  process.env.TSI_TOOLING_DIR = tooling.dir;
  process.env.TSI_RUN_DIR = runDir;

  let devPath = root;
  // The installed .vsix runs in production mode: TSI_TEST_API (src/extension/api.ts) asks it for the test probes.
  const serverEnv = { TSI_TEST_API: '1' };
  if (useVsix) {
    const vsix = packageVsix({ log: step });
    process.env.TSI_VSIX = vsix;
    step(`installing ${path.relative(root, vsix)} into the servers' extensions folder`);
    installVsix(tooling, vsix, dataDir, extensionsDir);
    const installed = fs.readdirSync(extensionsDir).find((d) => d.startsWith(EXTENSION_ID));
    if (!installed) throw new Error(`the .vsix did not install into ${extensionsDir}`);
    serverEnv.TSI_EXPECT_INSTALLED = path.join(extensionsDir, installed);
    devPath = path.join(runDir, 'harness');
    fs.mkdirSync(devPath, { recursive: true });
    fs.writeFileSync(path.join(devPath, 'package.json'), JSON.stringify({ name: 'tsi-test-harness', publisher: 'tsi-test', version: '0.0.0', engines: { vscode: '*' } }));
  } else if (!args.has('--no-build')) {
    step('building the extension (development folder)');
    sh('node', ['esbuild.mjs']);
  }
  sh('node', ['scripts/build-tests.mjs']);

  try {
    await openclaw;
    step(`OpenClaw ${PINNED_OPENCLAW} ready`);
  } catch (err) {
    // The capture tests then fail and say why; every other test still runs.
    console.error(`[test:vscode] ${err instanceof Error ? err.message : String(err)}`);
    runResults.failed++;
  }

  const sides = [];
  if (runHost) {
    sides.push(hostSide(tooling, devPath, extensionsDir, serverEnv).catch((err) => {
      console.error(`[test:vscode] (a) extension-host side: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      hostResults.failed++;
    }));
  }
  if (runUi) {
    sides.push((async () => {
      // The UI side's servers (and the processes they start) count as its consumer.
      const uiEnv = { ...serverEnv, TSI_CHECK_CONSUMER: UI_CONSUMER };
      const port = await freePort();
      step(`(b) UI tests: starting their VS Code server on 127.0.0.1:${port}`);
      lendOpenclaw(dataDir);
      server = await startServer({ tooling, port, dataDir, extensionsDir, smokeTestDriver: true, env: uiEnv });
      // A second server with Workspace Trust on (and its own state), so the
      // untrusted path runs as a user meets it: the trust prompt, then restricted mode.
      const untrustedDir = path.join(runDir, 'untrusted');
      seedSettings(untrustedDir, UNTRUSTED_DEMO_USER_SETTINGS);
      untrustedServer = await startServer({ tooling, port: await freePort(), dataDir: untrustedDir, extensionsDir, workspaceTrust: true, env: uiEnv });
      process.env.TSI_VSCODE_UNTRUSTED_URL = untrustedServer.base;
      // Through the demo's loopback guard, as a user of `npm run demo` reaches the workbench:
      // every UI test then also shows the guard passes the workbench's own traffic (pages, webviews, sockets).
      uiGuard = await startLoopbackGuard({ targetPort: port });
      step(`(b) UI tests, through the loopback guard on ${uiGuard.base}`);
      await uiTests(uiGuard.base, devPath);
    })().catch((err) => {
      console.error(`[test:vscode] (b) UI side: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      uiResults.failed++;
    }));
  }
  await Promise.all(sides);
}

function counts(r) {
  const failures = (r.failures ?? []).map((f) => `\n    failed: ${f}`).join('');
  return `${r.passed} passed, ${r.failed} failed${r.pending ? `, ${r.pending} skipped` : ''}${failures}`;
}

let fatal;
try {
  await main();
} catch (err) {
  fatal = err;
  console.error(`[test:vscode] ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  runResults.failed++;
} finally {
  await hostBrowser?.close().catch(() => undefined);
  await uiGuard?.close().catch(() => undefined);
  for (const [name, s] of [['extension-host', hostServer], ['UI', server], ['UI (Workspace Trust)', untrustedServer]]) {
    if (!s) continue;
    await s.stop();
    const left = groupMembers(s.pid);
    if (left.length > 0) {
      console.error(`[test:vscode] processes left in the ${name} server's group: ${left.join(', ')}`);
      runResults.failed++;
    }
  }
  if (hostDemo) {
    fs.rmSync(hostDemo, { recursive: true, force: true });
  }
  // An install still running when the run failed early finishes (an interrupted one leaves a scratch folder behind).
  await openclaw?.catch(() => undefined);
}
const results = {
  passed: hostResults.passed + uiResults.passed + runResults.passed,
  failed: hostResults.failed + uiResults.failed + runResults.failed,
  pending: hostResults.pending + uiResults.pending + runResults.pending,
};
if (runDir && results.failed === 0) {
  // Keep a failed run's server logs for inspection; drop a green one.
  fs.rmSync(runDir, { recursive: true, force: true });
} else if (runDir) {
  step(`server data and logs kept in ${path.relative(root, runDir)}`);
}
if (args.has('--update-screenshots') && results.failed === 0) {
  const shots = path.join(root, 'media', 'screenshots');
  fs.mkdirSync(shots, { recursive: true });
  for (const f of SCREENSHOTS) {
    // 256 colours: the .vsix carries these and must stay under its budget.
    copyQuantized(path.join(root, 'test-results', f), path.join(shots, f));
  }
  step('screenshots copied to media/screenshots/');
}
step(`done (${useVsix ? 'packaged .vsix' : 'development folder'})`);
if (runHost) console.log(`(a) extension-host tests: ${counts(hostResults)}`);
if (runUi) console.log(`(b) UI tests: ${counts(uiResults)}`);
if (runResults.failed > 0) console.log(`outside the tests: ${runResults.failed} failed`);
console.log(`${results.passed} passed, ${results.failed} failed${results.pending ? `, ${results.pending} skipped` : ''}`);
process.exit(results.failed > 0 || fatal ? 1 : 0);
