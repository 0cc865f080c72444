/**
 * Live MCP connection benchmark: the demo workspace's catalog built with the
 * three reference servers (everything, memory, filesystem over stdio)
 * connected in parallel, against the same servers connected one after
 * another and against each server alone, all in this run. Target: parallel
 * costs at most 1.5x the slowest single server.
 *
 *   npm run bench:mcp                 7 rounds
 *   npm run bench:mcp -- --rounds 9
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { discoverServers } from '../../src/core/sources/mcp/discoverServers';
import { LiveMcpSource } from '../../src/core/sources/mcp/liveMcpSource';
import type { McpServerConfig } from '../../src/core/sources/mcp/serverConfig';
import { OpenWorkspace } from '../../src/core/workspace';
import { errorMessage } from '../../src/core/util/errors';
import { median } from '../lib/timing';

const DEMO = path.resolve(__dirname, '..', '..', 'examples', 'demo');
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1]) || 7) : 7;

function open(servers: readonly McpServerConfig[]): OpenWorkspace {
  return new OpenWorkspace({
    workspace: DEMO,
    noUserConfig: true,
    trusted: true,
    liveMcp: () => new LiveMcpSource({ servers, trusted: true }),
  });
}

/** CPU time (user + system) the live children of this process have used so far, from /proc. */
function childCpuMs(): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let total = 0;
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) {
      continue;
    }
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) === process.pid && fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('@modelcontextprotocol')) {
        total += (Number(f[11]) + Number(f[12])) * tick;
      }
    } catch {
      // The process went away while we looked.
    }
  }
  return total;
}

let lastChildCpu = 0;

/** Wall time of one full catalog build with these servers; the servers are closed afterwards, untimed. */
async function build(servers: readonly McpServerConfig[]): Promise<number> {
  const ws = open(servers);
  try {
    const t0 = performance.now();
    const catalog = await ws.buildCatalog();
    const ms = performance.now() - t0;
    lastChildCpu = childCpuMs();
    const bad = catalog.servers.filter((s) => s.status !== 'ok');
    if (bad.length > 0) {
      throw new Error(`servers not ok: ${bad.map((s) => `${s.name}: ${s.error ?? s.status}`).join('; ')}`);
    }
    return ms;
  } finally {
    await ws.dispose();
  }
}

/** The MCP layer alone: connect and list, no catalog around it. */
async function connectOnly(servers: readonly McpServerConfig[]): Promise<number> {
  const source = new LiveMcpSource({ servers, trusted: true });
  try {
    const t0 = performance.now();
    await source.list();
    return performance.now() - t0;
  } finally {
    await source.dispose();
  }
}

/**
 * What the machine allows, without MCP: spawn each server as configured and
 * wait for its start-up banner on stderr (printed once its modules are
 * loaded), then kill it. Parallel / slowest here is the floor our lane is read against.
 */
function bannerMs(cfg: McpServerConfig): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cfg.command ?? '', cfg.args, { cwd: cfg.cwd, env: { ...process.env, ...cfg.env }, stdio: ['pipe', 'ignore', 'pipe'] });
    child.on('error', reject);
    child.stderr.once('data', () => {
      resolve(performance.now() - t0);
      child.kill('SIGKILL');
    });
  });
}

async function sequential(servers: readonly McpServerConfig[]): Promise<number> {
  let total = 0;
  for (const s of servers) {
    total += await build([s]);
  }
  return total;
}

const fmt = (ms: number): string => `${ms.toFixed(0).padStart(6)} ms`;

async function main(): Promise<void> {
  const probe = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, liveMcp: () => undefined });
  const servers = discoverServers({ workspace: DEMO, openclaw: probe.config.reader, env: process.env, homeDir: os.homedir() }).servers;
  const names = servers.map((s) => s.name);
  if (!['everything', 'memory', 'filesystem'].every((n) => names.includes(n))) {
    throw new Error(`the demo config should declare everything, memory and filesystem; found ${names.join(', ')}`);
  }
  console.log(`Live MCP catalog build, demo workspace, ${ROUNDS} rounds (median), ${os.cpus().length} CPUs, node ${process.version}`);
  // Warm the file system cache and module loading once, untimed.
  await build(servers);

  // One lane of samples per server name; a name never listed reads as no samples.
  const lanes = () => {
    const m = new Map<string, number[]>(names.map((n) => [n, []]));
    return (name: string): number[] => m.get(name) ?? [];
  };
  const single = lanes();
  const seq: number[] = [];
  const par: number[] = [];
  const parCpu: number[] = [];
  const rawPar: number[] = [];
  const osPar: number[] = [];
  const osSingle = lanes();
  const rawSingle = lanes();
  const load0 = os.loadavg()[0] ?? 0;
  for (let r = 0; r < ROUNDS; r++) {
    // Interleaved so drift on a shared machine hits every lane alike.
    par.push(await build(servers));
    parCpu.push(lastChildCpu);
    for (const s of servers) {
      single(s.name).push(await build([s]));
    }
    seq.push(await sequential(servers));
    rawPar.push(await connectOnly(servers));
    const t0 = performance.now();
    await Promise.all(servers.map(bannerMs));
    osPar.push(performance.now() - t0);
    for (const s of servers) {
      osSingle(s.name).push(await bannerMs(s));
    }
    for (const s of servers) {
      rawSingle(s.name).push(await connectOnly([s]));
    }
  }

  const singles = names.map((n) => ({ name: n, ms: median(single(n)) }));
  const slowest = singles.reduce((a, b) => (b.ms > a.ms ? b : a));
  const parMs = median(par);
  const seqMs = median(seq);
  for (const s of singles) {
    console.log(`  single ${s.name.padEnd(12)} ${fmt(s.ms)}`);
  }
  console.log(`  one after another       ${fmt(seqMs)}   (baseline)`);
  console.log(`  parallel (all three)    ${fmt(parMs)}   ${(seqMs / parMs).toFixed(2)}x faster than one after another`);
  const ratio = parMs / slowest.ms;
  console.log(`  parallel / slowest single (${slowest.name}): ${ratio.toFixed(2)}x   target <= 1.50x: ${ratio <= 1.5 ? 'met' : 'MISSED'}`);
  const rawSlowest = Math.max(...names.map((n) => median(rawSingle(n))));
  console.log(
    `  MCP layer alone (connect + tools/list): singles ${names.map((n) => `${n} ${median(rawSingle(n)).toFixed(0)}`).join(', ')} ms; ` +
      `parallel ${median(rawPar).toFixed(0)} ms = ${(median(rawPar) / rawSlowest).toFixed(2)}x the slowest`,
  );
  const osSlowest = Math.max(...names.map((n) => median(osSingle(n))));
  console.log(
    `  machine floor, no MCP (spawn until start-up banner): singles ${names.map((n) => `${n} ${median(osSingle(n)).toFixed(0)}`).join(', ')} ms; ` +
      `parallel ${median(osPar).toFixed(0)} ms = ${(median(osPar) / osSlowest).toFixed(2)}x the slowest`,
  );
  // Starting a server is mostly CPU (module loading), so on few cores the parallel lane
  // cannot beat the servers' total CPU spread over the cores: print that floor to read the ratio against.
  const cores = os.cpus().length;
  const cpu = median(parCpu);
  console.log(`  servers' CPU per parallel build: ${cpu.toFixed(0)} ms -> floor on ${cores} idle cores ~${(cpu / cores).toFixed(0)} ms; load average ${load0.toFixed(1)} -> ${(os.loadavg()[0] ?? 0).toFixed(1)}`);
}

main().catch((err: unknown) => {
  console.error(errorMessage(err));
  process.exitCode = 1;
});
