#!/usr/bin/env node
// `npm run demo`: the extension, packaged, in a real VS Code on examples/demo.
// Installs dependencies if missing, builds and packs the .vsix, prepares the
// VS Code server tooling if missing, installs the .vsix, starts the server on
// loopback behind a random connection token and prints the URL. Ctrl-C stops
// the server's whole process group (extension host and MCP servers too).
//
// Only Node built-ins are imported here: this runs before `npm ci` has.
//   --port N       listen on N (default: a free port)
//   --vsix FILE    install this .vsix instead of packaging one
//   --data-dir D   server state (default .vscode-test/demo)
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cleanNpmEnv } from './lib/cleanEnv.mjs';
import { startLoopbackGuard } from './lib/loopbackGuard.mjs';
import { spawnSyncWithHeartbeat } from './lib/heartbeat.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { port: { type: 'string' }, vsix: { type: 'string' }, 'data-dir': { type: 'string' } },
});

function say(msg) {
  console.log(`[demo] ${msg}`);
}

if (!fs.existsSync(path.join(root, 'node_modules', 'esbuild'))) {
  say('installing dependencies (npm ci)');
  // npm prints nothing until it is done (a minute or more on a cold machine): a line every 15 s meanwhile.
  const r = spawnSyncWithHeartbeat('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, env: cleanNpmEnv({ PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }) },
    { prefix: '[demo] ', label: 'installing dependencies (npm ci)', usually: '1 min on an idle machine' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Imported after `npm ci`: these helpers are ours, but keep the order obvious.
const { ensureTooling } = await import('./vscode-tooling.mjs');
const { packageVsix } = await import('./lib/packageVsix.mjs');
const { freePort, installVsix, seedSettings, startServer } = await import('./lib/vscodeServer.mjs');

let server;
let guard;
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  await guard?.close();
  if (server) {
    say('stopping the VS Code server (process group)');
    await server.stop();
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0));

try {
  // The user's own browser opens the URL: Chromium is not needed here.
  const tooling = ensureTooling({ chromium: false });
  const vsix = values.vsix ? path.resolve(values.vsix) : packageVsix({ log: say });
  const dataDir = path.resolve(values['data-dir'] ?? path.join(root, '.vscode-test', 'demo'));
  const extensionsDir = path.join(dataDir, 'extensions');
  fs.mkdirSync(extensionsDir, { recursive: true });
  // The demo's own settings are examples/demo/.vscode/settings.json: nothing of it leaks into other folders.
  seedSettings(dataDir);
  say(`installing ${path.basename(vsix)}`);
  installVsix(tooling, vsix, dataDir, extensionsDir);

  const port = values.port ? Number(values.port) : 0;
  // Anyone who can reach the port could run code through the workbench:
  // loopback only, a token nobody can guess, and a guard in front that
  // refuses any request from another site (its Origin) or another name (its
  // Host), token or not: the server itself listens on a port only the guard uses.
  const token = randomBytes(24).toString('hex');
  if (stopping) process.exit(0);
  server = await startServer({ tooling, port: await freePort(), dataDir, extensionsDir, token });
  guard = await startLoopbackGuard({ port, targetPort: Number(new URL(server.base).port), log: say });
  const folder = path.join(root, 'examples', 'demo');
  say(`VS Code server pid ${server.pid} (process group ${server.pid}), behind the loopback guard on ${guard.base}`);
  console.log('');
  console.log(`  Open: ${guard.base}/?tkn=${token}&folder=${encodeURIComponent(folder)}`);
  console.log('');
  say('the Tool Search Inspector icon is in the activity bar; Ctrl-C stops everything');
  say('VS Code opens the folder in Restricted Mode the first time: trust it (the banner\'s Manage, or the first row of the view) to start its MCP servers');
  const { code, signal } = await server.exited;
  if (!stopping) {
    say(`the VS Code server exited by itself (${code ?? signal}):\n${server.output.slice(-20).join('')}`);
    await stop(1);
  }
} catch (err) {
  console.error(`[demo] ${err instanceof Error ? err.message : String(err)}`);
  await stop(1);
}
