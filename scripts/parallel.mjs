// Runs npm scripts side by side: `node scripts/parallel.mjs typecheck lint`.
// Each script's output is kept and printed whole when it ends (so two tools'
// reports never interleave), with how long it took; a line every 15 s names
// the ones still running. Exits non-zero if any script failed, after all ended.
// Builtins only.
/* global setInterval, clearInterval -- Node globals */
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { HEARTBEAT_MS, heartbeatLine } from './lib/heartbeat.mjs';

const PREFIX = '[parallel]';
const names = process.argv.slice(2);
if (names.length === 0) {
  console.error(`${PREFIX} usage: node scripts/parallel.mjs <npm script> <npm script> ...`);
  process.exit(2);
}

// Under `npm run`/`npm test`, the npm that started us (whatever its name on this OS); else `npm` on PATH.
const npmCli = process.env.npm_execpath;
const viaNode = npmCli !== undefined && /\.[cm]?js$/.test(npmCli);
const started = Date.now();
/** The children still running, by script name. */
const running = new Map();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** Runs `npm run <name>`, its stdout and stderr kept in the order they came. */
function run(name) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const chunks = [];
    const child = viaNode
      ? spawn(process.execPath, [npmCli, 'run', name], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    running.set(name, child);
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    const done = (code, why) => {
      running.delete(name);
      const result = { name, code, why, time: seconds(t0) };
      report(result, Buffer.concat(chunks).toString('utf8'));
      resolve(result);
    };
    child.on('error', (err) => done(127, err.message));
    child.on('close', (code, signal) => done(code ?? 1, signal ? `killed by ${signal}` : undefined));
  });
}

function status({ code, why, time }) {
  return code === 0 ? `ok in ${time} s` : `FAILED in ${time} s (exit ${code}${why ? `, ${why}` : ''})`;
}

function report(result, output) {
  const out = result.code === 0 ? process.stdout : process.stderr;
  out.write(`${PREFIX} ── ${result.name} ${'─'.repeat(Math.max(3, 60 - result.name.length))}\n`);
  if (output.length > 0) out.write(output.endsWith('\n') ? output : `${output}\n`);
  out.write(`${PREFIX} ── ${result.name}: ${status(result)}\n\n`);
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    for (const child of running.values()) child.kill(sig);
  });
}
const timer = setInterval(() => {
  if (running.size === 0) return;
  const label = `running ${[...running.keys()].join(', ')}`;
  process.stderr.write(`${heartbeatLine({ prefix: PREFIX, label }, Math.round((Date.now() - started) / 1000))}\n`);
}, HEARTBEAT_MS);

const results = await Promise.all(names.map(run));
clearInterval(timer);
const width = Math.max(...names.map((n) => n.length));
for (const r of results) console.log(`${PREFIX} ${r.name.padEnd(width)}  ${status(r)}`);
const failed = results.filter((r) => r.code !== 0);
console.log(`${PREFIX} ${failed.length === 0 ? 'all passed' : `${failed.map((r) => r.name).join(', ')} failed`} in ${seconds(started)} s`);
process.exit(failed.length === 0 ? 0 : 1);
