/**
 * Can one warm OpenClaw capture the four modes? An experiment, measured:
 *
 *   npm run bench:capture-warm
 *
 * One warm OpenClaw process (bench/capture/warm/agentHost.mts) runs the
 * demo's four modes one after another, each turn the same `openclaw agent
 * --local ...` invocation a cold capture turn runs, with the same scratch
 * paths for every turn (OpenClaw computes some of them from the environment
 * when its modules load) made fresh between turns, and one recording
 * provider. In the same run the four modes are captured cold (`captureTurns`,
 * one process per turn, as the product does). Printed: each warm turn's wall
 * and CPU (the host's own, as it measured), the cold capture's wall and CPU
 * (every process of its turns, /proc), and per mode whether the warm turn's
 * first request equals the cold one after the one normalization
 * (src/core/prompt/volatile.ts): envelope, messages, system prompt, tools.
 * Needs the pinned OpenClaw (`npm run oracle:install`).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import JSON5 from 'json5';
import { captureTurns, defaultCompileCacheDir, openclawEntry } from '../../src/core/capture/capture';
import { CAPTURE_MODES, captureConfig, DEFAULT_CAPTURE_PROMPT } from '../../src/core/capture/captureConfig';
import { isCompletionRequest } from '../../src/core/capture/requestFacts';
import { firstDifference, REQUEST_PARTS, requestParts } from '../../src/core/prompt/requestDiff';
import { normalizeRequest } from '../../src/core/prompt/volatile';
import { RecordingProvider } from '../../src/core/provider/recordingProvider';
import { GroupCpu } from './groupCpu';
import { WarmHost } from './warm/warmHost';
import { openclawOrSkip } from '../lib/pinnedOpenClaw';

const ROOT = path.resolve(__dirname, '..', '..');
const DEMO = path.join(ROOT, 'examples', 'demo');
const GUARD = path.join(ROOT, 'src', 'oracle', 'networkGuard.mts');
const HOST = path.join(ROOT, 'bench', 'capture', 'warm', 'agentHost.mts');

interface Side {
  body: unknown;
  workspace: string;
  state: string;
}

async function main(): Promise<void> {
  const location = openclawOrSkip('bench:capture-warm', DEMO);
  if (!location) {
    return;
  }
  const config = JSON5.parse(fs.readFileSync(path.join(DEMO, 'openclaw.json'), 'utf8')) as Record<string, unknown>;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-bench-warm-'));
  const at = (name: string): string => path.join(scratch, name);
  const provider = new RecordingProvider();
  const baseUrl = await provider.start();
  const env: Record<string, string> = {
    PATH: `${path.dirname(location.node)}${path.delimiter}${process.env.PATH ?? ''}`,
    HOME: at('home'),
    TMPDIR: at('tmp'),
    OPENCLAW_STATE_DIR: at('state'),
    OPENCLAW_CONFIG_PATH: at('openclaw.json'),
    CI: '1',
    DO_NOT_TRACK: '1',
    NO_COLOR: '1',
    NODE_OPTIONS: `--import=${pathToFileURL(GUARD).href}`,
    OPENCLAW_NO_RESPAWN: '1',
    NODE_COMPILE_CACHE: defaultCompileCacheDir(),
  };
  // A fresh HOME, state folder and agent workspace per turn, at the same paths (the old ones moved aside).
  const freshFolders = (turn: number): void => {
    for (const name of ['home', 'tmp', 'state', 'agent-workspace']) {
      if (fs.existsSync(at(name))) {
        fs.renameSync(at(name), at(`${name}.${turn}`));
      }
      fs.mkdirSync(at(name));
    }
  };
  console.log(`One warm OpenClaw ${location.version} for the demo's four modes (${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)})`);
  const cpu = new GroupCpu();
  const warm = new Map<string, Side>();
  let host: WarmHost | undefined;
  try {
    freshFolders(0);
    const started = Date.now();
    host = new WarmHost(location.node, HOST, location.packageDir, env, scratch, () => undefined);
    let warmCpu = 0;
    for (const [i, mode] of CAPTURE_MODES.entries()) {
      if (i > 0) {
        freshFolders(i);
      }
      fs.writeFileSync(env.OPENCLAW_CONFIG_PATH ?? '', `${JSON.stringify(captureConfig({ config, configDir: DEMO, mode, baseUrl, agentWorkspace: at('agent-workspace') }), null, 2)}\n`);
      const before = provider.requests.length;
      const t = Date.now();
      const r = await host.run({ env, cwd: scratch, argv: [openclawEntry(location), 'agent', '--local', '--agent', 'main', '--message', DEFAULT_CAPTURE_PROMPT, '--json'] });
      const first = provider.requests.slice(before).find(isCompletionRequest);
      warmCpu += (r.cpuMs ?? 0) / 1000;
      console.log(`  warm turn ${i + 1} ${mode.padEnd(10)} exit ${r.exitCode ?? r.signal ?? '?'}  ${((Date.now() - t) / 1000).toFixed(1).padStart(6)} s wall ${((r.cpuMs ?? 0) / 1000).toFixed(1).padStart(6)} s CPU (the host's own)`);
      if (r.exitCode !== 0) {
        console.log(r.stderr.split('\n').filter((l) => l.trim() !== '').slice(-6).join('\n'));
      }
      warm.set(mode, { body: first?.body, workspace: at('agent-workspace'), state: at('state') });
    }
    const warmWall = (Date.now() - started) / 1000;
    host.kill();
    const hostMcpCpu = cpu.take();
    console.log(`  warm: ${warmWall.toFixed(1)} s wall, ${warmCpu.toFixed(1)} s CPU in the host's turns (${hostMcpCpu.toFixed(1)} s with the host's start and the MCP servers)`);

    const cold = await captureTurns({ location, config, configDir: DEMO, modes: CAPTURE_MODES, prompt: DEFAULT_CAPTURE_PROMPT, guardScript: GUARD, timeoutMs: 600_000, env: { PATH: process.env.PATH } });
    console.log(`  cold (captureTurns, 4 at a time): ${(cold.wallMs / 1000).toFixed(1)} s wall, ${cpu.take().toFixed(1)} s CPU`);

    console.log('\nThe warm turn\'s first request against the cold one, after normalization:');
    for (const mode of CAPTURE_MODES) {
      const w = warm.get(mode);
      const c = cold.modes[mode];
      const coldBody = c?.requests.find((q) => q.seq === c.first?.seq)?.body;
      if (!w?.body || !coldBody || !c?.paths) {
        console.log(`  ${mode}: no request on ${w?.body ? 'the cold' : 'the warm'} side`);
        continue;
      }
      const a = requestParts(normalizeRequest(w.body, { workspaceDir: w.workspace, stateDir: w.state, openclawDir: location.packageDir }));
      const b = requestParts(normalizeRequest(coldBody, { workspaceDir: c.paths.agentWorkspace, stateDir: c.paths.stateDir, openclawDir: location.packageDir }));
      const diffs = REQUEST_PARTS.map((part) => [part, firstDifference(a[part], b[part])] as const).filter(([, d]) => d !== undefined);
      console.log(`  ${mode}: ${diffs.length === 0 ? 'equal' : `DIFFERS in ${diffs.map(([p]) => p).join(', ')}`}`);
      for (const [part, d] of diffs.slice(0, 1)) {
        console.log(`    ${part}: ${d ?? ''}`);
      }
    }
  } finally {
    cpu.stop();
    host?.kill();
    await provider.close();
    fs.rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
  }
}

void main();
