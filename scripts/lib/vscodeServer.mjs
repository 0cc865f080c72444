// Starts and stops the VS Code server (from code-server's lib/vscode) for
// the real-VS-Code tests and the demo. The server runs in its own process
// group so one `kill -- -PGID` takes its helpers (extension host, file
// watcher, MCP servers the extension started) down with it.
/* global fetch, AbortSignal -- Node 20 globals */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

/** A free loopback port (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** User settings that keep the workbench quiet and offline. */
export function seedSettings(dataDir, extra = {}) {
  // The web workbench keeps user settings in the browser; the server reads
  // its Machine settings, which apply to window- and resource-scoped keys.
  const dirs = [path.join(dataDir, 'User'), path.join(dataDir, 'Machine'), path.join(dataDir, 'data', 'User')];
  const settings = {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'telemetry.telemetryLevel': 'off',
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'extensions.ignoreRecommendations': true,
    'update.mode': 'none',
    'chat.disableAIFeatures': true,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    ...extra,
  };
  for (const dir of dirs) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
  }
}

/**
 * The demo's own settings (its GitHub snapshot, no user-level OpenClaw
 * config) live in examples/demo/.vscode/settings.json, a workspace setting of
 * that folder: seeded here as user settings they applied to every folder the
 * server opened ("github: failed ... cannot read snapshot" elsewhere).
 * Restricted Mode ignores a folder's own `snapshots` (a restricted
 * setting), so the untrusted test server, which only ever opens the demo,
 * names the snapshot in its user settings as a user would.
 */
export const UNTRUSTED_DEMO_USER_SETTINGS = {
  'toolSearchInspector.snapshots': ['github=snapshots/github'],
};

/** Installs a .vsix into an extensions folder with the server's own CLI. */
export function installVsix(tooling, vsix, dataDir, extensionsDir) {
  const r = spawnSync(tooling.node, [
    tooling.serverMain, '--accept-server-license-terms', '--server-data-dir', dataDir, '--user-data-dir', dataDir,
    '--extensions-dir', extensionsDir, '--install-extension', vsix, '--force',
  ], { encoding: 'utf8' });
  if (r.status !== 0) {
    throw new Error(`installing ${vsix} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  return r.stdout.trim();
}

/**
 * Starts the server; resolves once it answers HTTP. `token` undefined means
 * `--without-connection-token` (tests only: loopback, short-lived).
 */
export async function startServer({ tooling, port, dataDir, extensionsDir, token, smokeTestDriver = false, workspaceTrust = !smokeTestDriver, env = {}, log }) {
  const args = [
    tooling.serverMain,
    '--host', '127.0.0.1', '--port', String(port),
    // The token goes in a private file: a command line is readable by every local user (ps).
    ...(token ? ['--connection-token-file', writeTokenFile(dataDir, token)] : ['--without-connection-token']),
    '--accept-server-license-terms',
    '--server-data-dir', dataDir, '--user-data-dir', dataDir, '--extensions-dir', extensionsDir,
    '--disable-telemetry', '--disable-update-check',
    ...(smokeTestDriver ? ['--enable-smoke-test-driver'] : []),
    ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
  ];
  const child = spawn(tooling.node, args, {
    detached: true, // its own process group
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // MCP servers the extension spawns with `node` get the same Node.
      PATH: `${path.dirname(tooling.node)}${path.delimiter}${process.env.PATH ?? ''}`,
      ...env,
    },
  });
  const output = [];
  const onData = (d) => {
    const s = d.toString();
    output.push(s);
    if (output.length > 400) output.shift();
    log?.(s);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let exited = false;
  const exitPromise = new Promise((resolve) => child.once('exit', (code, signal) => {
    exited = true;
    resolve({ code, signal });
  }));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) {
      throw new Error(`VS Code server exited before it was ready:\n${output.join('')}`);
    }
    try {
      const res = await fetch(`${base}/version`, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      killGroup(child.pid);
      throw new Error(`VS Code server did not answer on ${base} within 60 s:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    pid: child.pid,
    base,
    output,
    exited: exitPromise,
    async stop() {
      killGroup(child.pid, 'SIGTERM');
      const timeout = new Promise((r) => setTimeout(() => r('timeout'), 5000));
      if ((await Promise.race([exitPromise, timeout])) === 'timeout') {
        killGroup(child.pid, 'SIGKILL');
        await exitPromise;
      }
      // Helpers may outlive the leader by a moment; make sure the group is gone.
      await waitGroupGone(child.pid);
    },
  };
}

function writeTokenFile(dataDir, token) {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'connection-token');
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, token, { mode: 0o600 });
  return file;
}

export function killGroup(pgid, signal = 'SIGTERM') {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/** Process ids whose process group is `pgid` (Linux /proc). */
export function groupMembers(pgid) {
  const out = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the `(comm)` part: state ppid pgrp ...
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(rest[2]) === pgid && rest[0] !== 'Z') out.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

export async function waitGroupGone(pgid, ms = 5000) {
  const deadline = Date.now() + ms;
  while (groupMembers(pgid).length > 0) {
    if (Date.now() > deadline) {
      killGroup(pgid, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 200));
      return groupMembers(pgid).length === 0;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}
