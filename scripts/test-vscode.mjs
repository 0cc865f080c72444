#!/usr/bin/env node
// `npm run test:vscode`: the extension in a real VS Code (server + web
// workbench from code-server's lib/vscode, driven by Chromium).
//   (a) mocha suites inside the real extension host (extensionTestsPath),
//   (b) Playwright UI tests on the workbench (test/ui), screenshots in test-results/.
// Ends with `N passed, N failed` and a non-zero exit on any failure.
//
// Flags: --vsix      package the extension and install the .vsix (the default: what ships)
//        --dev       load the development folder instead (faster edit-test loop)
//        --no-build  with --dev: use dist/ as it is
//        --host-only / --ui-only
//        --update-screenshots  copy the SCREENSHOTS below from test-results/ to media/screenshots/ (green runs only, 256 colours)
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { format } from 'node:util';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM, chromiumMissingMessage, ensureTooling } from './vscode-tooling.mjs';
import { UNTRUSTED_DEMO_USER_SETTINGS, freePort, groupMembers, installVsix, seedSettings, startServer } from './lib/vscodeServer.mjs';
import { packageVsix } from './lib/packageVsix.mjs';
import { copyQuantized } from './lib/screenshotPng.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The screenshots the README shows, one per line (each UI test writes its own to test-results/).
const SCREENSHOTS = [
  'mode-preview-capture.png',
  'tree-view.png',
  'catalog-panel.png',
  'catalog-workbench.png',
  'bridge-trace.png',
  'bridge-isolation.png',
  'mode-preview-dark.png',
  'mode-preview-light.png',
  'catalog-diff.png',
  'config-language.png',
  'search-playground.png',
  'search-tests.png',
  'compare.png',
  'compare-real.png',
  'compare-recorded.png',
  'snippet-editor.png',
  'bridge-trace-light.png',
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

const results = { passed: 0, failed: 0, pending: 0 };
let server;
let untrustedServer;
let browser;
let runDir;

/** One extension-host run; `target` is the query that opens the window (`folder=...` or `workspace=...`). */
async function hostTests(page, base, devPath, target, lastTry) {
  const testsPath = path.join(root, 'out', 'test', 'integration', 'run.js');
  const remote = (p) => `vscode-remote://127.0.0.1:${new URL(base).port}${p}`;
  // The development path is what makes VS Code run extensionTestsPath; in
  // .vsix mode it is an empty extension so the installed copy is the one tested.
  const payload = [['extensionDevelopmentPath', remote(devPath)], ['extensionTestsPath', remote(testsPath)]];
  let exitCode;
  let sawResults = false;
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
      console.log(`the window opened without its workspace folders (${line.slice('TSI_WINDOW_NOT_READY '.length)})`);
      return;
    }
    const m = /TSI_RESULTS (\{.*\})/.exec(line);
    if (m) {
      const r = JSON.parse(m[1]);
      results.passed += r.passed;
      results.failed += r.failed;
      sawResults = true;
      return;
    }
    if (!WORKBENCH_NOISE.test(line)) console.log(line);
  });
  const url = `${base}/?${target}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  await page.goto(url);
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 180_000));
  if ((await Promise.race([done, timeout])) === 'timeout') {
    console.error('extension-host tests did not finish within 180 s');
    results.failed++;
    return;
  }
  if (!sawResults && windowNotReady && !lastTry) {
    return 'retry';
  }
  if (!sawResults) {
    console.error(`extension-host tests ended (exit ${exitCode}) without reporting results`);
    results.failed++;
  } else if (exitCode !== 0 && results.failed === 0) {
    results.failed++;
  }
}

async function uiTests(base, devPath) {
  process.env.TSI_VSCODE_URL = base;
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
  const mocha = new Mocha({ ui: 'bdd', timeout: 120_000, reporter: 'spec', ...(process.env.TSI_UI_GREP ? { grep: process.env.TSI_UI_GREP } : {}) });
  for (const f of fs.readdirSync(path.join(root, 'test', 'ui')).filter((f) => f.endsWith('.test.ts')).sort()) {
    mocha.addFile(path.join(root, 'test', 'ui', f));
  }
  await mocha.loadFilesAsync();
  await new Promise((resolve) => {
    const runner = mocha.run(() => resolve());
    runner.on('end', () => {
      results.passed += runner.stats.passes;
      results.failed += runner.stats.failures;
      results.pending += runner.stats.pending;
    });
  });
}

async function main() {
  const tooling = ensureTooling({ quiet: true });
  const missing = chromiumMissingMessage();
  if (missing) throw new Error(missing);
  step(`tooling ready (${path.relative(root, tooling.link)} -> ${tooling.dir})`);

  runDir = path.join(root, '.vscode-test', 'runs', `${Date.now()}-${process.pid}`);
  const dataDir = path.join(runDir, 'data');
  const extensionsDir = path.join(runDir, 'extensions');
  fs.mkdirSync(extensionsDir, { recursive: true });
  seedSettings(dataDir);
  process.env.TSI_TOOLING_DIR = tooling.dir;
  process.env.TSI_RUN_DIR = runDir;

  let devPath = root;
  // The installed .vsix runs in production mode: TSI_TEST_API (src/extension/api.ts) asks it for the test probes.
  const serverEnv = { TSI_TEST_API: '1' };
  if (useVsix) {
    const vsix = packageVsix({ log: step });
    process.env.TSI_VSIX = vsix;
    step(`installing ${path.relative(root, vsix)} into the server`);
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

  const port = await freePort();
  step(`starting the VS Code server on 127.0.0.1:${port}`);
  server = await startServer({ tooling, port, dataDir, extensionsDir, smokeTestDriver: true, env: serverEnv });
  const require = createRequire(path.join(tooling.playwrightCore, 'package.json'));
  const { chromium } = require(tooling.playwrightCore);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

  if (runHost) {
    // The demo folder, then a multi-root workspace (test/fixtures/multi-root) for the per-folder catalogs.
    const targets = [
      ['folder', `folder=${encodeURIComponent(path.join(root, 'examples', 'demo'))}`],
      ['multi-root workspace', `workspace=${encodeURIComponent(path.join(root, 'test', 'fixtures', 'multi-root', 'multi.code-workspace'))}`],
    ];
    for (const [what, target] of targets) {
      step(`(a) extension-host tests: ${what}`);
      for (let attempt = 1; ; attempt++) {
        const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
        const page = await context.newPage();
        const outcome = await hostTests(page, server.base, devPath, target, attempt === 2);
        await context.close();
        if (outcome !== 'retry') break;
        step(`(a) the window came up without its folders; opening it again (${what})`);
      }
    }
  }
  if (runUi) {
    // A second server with Workspace Trust on (and its own state), so the
    // untrusted path runs as a user meets it: the trust prompt, then restricted mode.
    const untrustedDir = path.join(runDir, 'untrusted');
    seedSettings(untrustedDir, UNTRUSTED_DEMO_USER_SETTINGS);
    untrustedServer = await startServer({ tooling, port: await freePort(), dataDir: untrustedDir, extensionsDir, workspaceTrust: true, env: serverEnv });
    process.env.TSI_VSCODE_UNTRUSTED_URL = untrustedServer.base;
    step('(b) UI tests');
    await uiTests(server.base, devPath);
  }
}

let fatal;
try {
  await main();
} catch (err) {
  fatal = err;
  console.error(`[test:vscode] ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  results.failed++;
} finally {
  await browser?.close().catch(() => undefined);
  for (const s of [untrustedServer].filter(Boolean)) {
    await s.stop();
  }
  if (server) {
    await server.stop();
    const left = groupMembers(server.pid);
    if (left.length > 0) {
      console.error(`[test:vscode] processes left in the server's group: ${left.join(', ')}`);
      results.failed++;
    }
  }
}
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
console.log(`${results.passed} passed, ${results.failed} failed${results.pending ? `, ${results.pending} skipped` : ''}`);
process.exit(results.failed > 0 || fatal ? 1 : 0);
