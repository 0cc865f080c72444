// Long installs print a line at least every 15 s, with how long they usually
// take, so a first run is never minutes of silence (issue 30). The callers
// are synchronous (spawnSync), which blocks their own timers: the command
// runs under a small Node child (this file, as a script) that keeps the
// heartbeat and exits with the command's status.
/* global setInterval, clearInterval -- Node globals */
import { spawn, spawnSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
// TSI_HEARTBEAT_MS: tests shorten it.
export const HEARTBEAT_MS = Number(process.env.TSI_HEARTBEAT_MS) > 0 ? Number(process.env.TSI_HEARTBEAT_MS) : 15_000;

/**
 * Runs `cmd args` like spawnSync with inherited stdio, printing
 * `<prefix> still <label>: N s so far (usually about E)` every 15 s.
 */
export function spawnSyncWithHeartbeat(cmd, args, opts, { prefix, label, usually }) {
  const spec = JSON.stringify({ cmd, args, prefix, label, usually, cwd: opts.cwd, stdio: opts.stdio });
  return spawnSync(process.execPath, [SELF, spec], { ...opts, stdio: opts.stdio === undefined ? 'inherit' : ['ignore', 'inherit', 'inherit'] });
}

/**
 * One heartbeat line. A busy machine is named (the 1-minute load above the
 * core count): "usually about 2-3 min" then reads true at 5 min, and says why.
 */
export function heartbeatLine({ prefix, label, usually }, seconds, load = os.loadavg()[0], cores = os.cpus().length) {
  const busy = cores > 0 && load > cores ? `; this machine is busy: load ${load.toFixed(1)} on ${cores} core${cores === 1 ? '' : 's'}` : '';
  return `${prefix} still ${label}: ${seconds} s so far${usually ? ` (usually about ${usually}${busy})` : busy ? ` (${busy.slice(2)})` : ''}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const { cmd, args, prefix, label, usually, cwd, stdio } = JSON.parse(process.argv[2]);
  const started = Date.now();
  const child = spawn(cmd, args, { cwd, stdio: stdio ?? 'inherit', env: process.env });
  const timer = setInterval(() => {
    // stderr: a caller may be reading stdout as data.
    process.stderr.write(`${heartbeatLine({ prefix, label, usually }, Math.round((Date.now() - started) / 1000))}\n`);
  }, HEARTBEAT_MS);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => child.kill(sig));
  }
  child.on('error', (err) => {
    clearInterval(timer);
    process.stderr.write(`${prefix} ${cmd}: ${err.message}\n`);
    process.exit(127);
  });
  child.on('exit', (code, signal) => {
    clearInterval(timer);
    process.exit(code ?? (signal ? 128 : 1));
  });
}
