// One esbuild context per bundle. Type-checking is separate (`npm run typecheck`).
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import { createWatchReporter } from './scripts/lib/watchReporter.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Bundles. A missing entry fails the build: nothing is skipped silently. */
const bundles = [
  // The extension host bundle: `vscode` is provided by the host. Core is its own
  // bundle, loaded on first use, so activation does not pay for parsing it.
  { entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', external: ['vscode', './coreEntry.js'] },
  { entryPoints: ['src/extension/coreEntry.ts'], outfile: 'dist/coreEntry.js', platform: 'node', format: 'cjs', external: ['vscode'] },
  // The command line.
  { entryPoints: ['src/cli/cli.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', banner: { js: '#!/usr/bin/env node' } },
  // The argument-check worker thread (loaded by core from next to its own bundle).
  { entryPoints: ['src/core/gateway/argumentCheckWorker.ts'], outfile: 'dist/argumentCheckWorker.js', platform: 'node', format: 'cjs' },
  // The TypeScript server plugin that gives bridge snippets their declarations (loaded by VS Code's tsserver).
  { entryPoints: ['src/extension/snippets/tsPlugin.ts'], outfile: 'dist/tsPlugin.js', platform: 'node', format: 'cjs', external: ['typescript'] },
  // The sandbox child: the only code that runs inside the isolated process.
  { entryPoints: ['src/sandbox/child.ts'], outfile: 'dist/sandbox.js', platform: 'node', format: 'cjs' },
  // The OpenClaw adapter for `verify`: runs in a Node >= 24 child beside a real openclaw package.
  { entryPoints: ['src/oracle/openclawChild.mts'], outfile: 'dist/openclawChild.mjs', platform: 'node', format: 'esm' },
  // The network guard `capture` preloads into every Node process of a real OpenClaw turn.
  { entryPoints: ['src/oracle/networkGuard.mts'], outfile: 'dist/networkGuard.mjs', platform: 'node', format: 'esm' },
  // Webview panels: browser code.
  { entryPoints: ['src/webview/catalogPanel/main.ts'], outfile: 'dist/webview/catalogPanel.js', platform: 'browser', format: 'iife' },
  { entryPoints: ['src/webview/tracePanel/main.ts'], outfile: 'dist/webview/tracePanel.js', platform: 'browser', format: 'iife' },
  { entryPoints: ['src/webview/previewPanel/main.ts'], outfile: 'dist/webview/previewPanel.js', platform: 'browser', format: 'iife' },
  { entryPoints: ['src/webview/diffPanel/main.ts'], outfile: 'dist/webview/diffPanel.js', platform: 'browser', format: 'iife' },
  { entryPoints: ['src/webview/playgroundPanel/main.ts'], outfile: 'dist/webview/playgroundPanel.js', platform: 'browser', format: 'iife' },
  { entryPoints: ['src/webview/comparePanel/main.ts'], outfile: 'dist/webview/comparePanel.js', platform: 'browser', format: 'iife' },
  { entryPoints: ['src/webview/sessionPanel/main.ts'], outfile: 'dist/webview/sessionPanel.js', platform: 'browser', format: 'iife' },
  { entryPoints: ['src/webview/explainPanel/main.ts'], outfile: 'dist/webview/explainPanel.js', platform: 'browser', format: 'iife' },
];

const missing = bundles.flatMap((b) => b.entryPoints.filter((e) => !fs.existsSync(e)));
if (missing.length > 0) {
  console.error(`[esbuild] missing entry point(s): ${missing.join(', ')}`);
  process.exit(1);
}

// The codicon font for the webviews (served from media/, listed in .vscodeignore).
function copyCodicons() {
  const from = 'node_modules/@vscode/codicons/dist';
  fs.mkdirSync('media/codicons', { recursive: true });
  for (const f of ['codicon.css', 'codicon.ttf']) {
    fs.copyFileSync(`${from}/${f}`, `media/codicons/${f}`);
  }
}
copyCodicons();

// sql.js's WebAssembly binary, read beside the bundles by core/telemetry/openclawStore.ts (listed in .vscodeignore).
fs.mkdirSync('dist', { recursive: true });
fs.copyFileSync('node_modules/sql.js/dist/sql-wasm.wasm', 'dist/sql-wasm.wasm');

const common = {
  bundle: true,
  target: 'node20',
  sourcemap: !production,
  minify: production,
  sourcesContent: false,
  logLevel: 'warning',
  legalComments: 'none',
};

// One reporter for all bundles: the watch task is done when every bundle is.
const watchReporter = createWatchReporter();
const contexts = await Promise.all(
  bundles.map((b) => esbuild.context({
    ...common,
    ...b,
    ...(b.platform === 'browser' ? { target: 'es2022' } : {}),
    ...(watch ? { plugins: [watchReporter], logLevel: 'silent' } : {}),
  })),
);
if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
  console.log(`[esbuild] watching ${contexts.length} bundles`);
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
  console.log(`[esbuild] built ${bundles.map((b) => b.outfile).join(', ')}`);
}
