/**
 * Capture benchmark: all four modes of the demo (examples/demo) captured from
 * the real OpenClaw, wall time and CPU, the new path against a baseline
 * measured in the same run.
 *
 *   npm run bench:capture
 *
 * Runs (each one `captureTurns` of direct, code, tools and directory, as the
 * editor's Capture the Real Request and `capture --mode all` run them, with
 * the shared compile cache warmed first), interleaved twice:
 * - baseline: the path before: every turn runs to OpenClaw's own exit
 *   (`wholeTurn: true`), 4 at a time;
 * - new: the default now: a turn is ended once the recording provider
 *   answered its first Chat Completions request, 4 at a time.
 * CPU is user + system of every process of the turns (OpenClaw, its MCP
 * servers, anything in their process groups), sampled from /proc every
 * 100 ms, so it does not depend on the other load of a shared machine the
 * way wall time does. Each turn also writes OpenClaw's own diagnostics
 * timeline; the bench prints where a baseline turn's time goes and how long
 * it ran after its request left. Needs the pinned OpenClaw (`npm run
 * oracle:install`); says so and exits 0 without it. Speed targets live here,
 * never in timed tests.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import JSON5 from 'json5';
import { captureTurns, type CaptureReport } from '../../src/core/capture/capture';
import { CAPTURE_MODES } from '../../src/core/capture/captureConfig';
import type { OpenClawLocation } from '../../src/core/oracle/openclawLocation';
import { GroupCpu } from './groupCpu';
import { median } from '../lib/timing';
import { openclawOrSkip } from '../lib/pinnedOpenClaw';

const ROOT = path.resolve(__dirname, '..', '..');
const DEMO = path.join(ROOT, 'examples', 'demo');
const GUARD = path.join(ROOT, 'src', 'oracle', 'networkGuard.mts');
const TARGET_MS = 30_000;

interface Run {
  name: string;
  wholeTurn: boolean;
}


/** Span names of OpenClaw's timeline, grouped into what the brief asks about. */
const PHASES: [string, (name: string, stage: string) => boolean][] = [
  ['startup (imports, config read)', (n, st) => n === 'cli.main.core-imports' || (n === 'cli.command-startup' && st === 'config-ready')],
  ['plugin load (registry)', (n, st) => n === 'cli.command-startup' && st === 'plugin-registry'],
  ['agent command startup', (n) => n === 'agent.startup'],
  ['tool bundling (MCP connect)', (n, st) => n === 'agent.prepare' && st === 'attempt.bundle-tools'],
  ['prompt build', (n, st) => n === 'agent.prepare' && st === 'attempt.system-prompt'],
  ['session runtime', (n, st) => n === 'agent.prepare' && st === 'attempt.session-runtime'],
  ['other prepare stages', (n, st) => n === 'agent.prepare' && !['attempt.bundle-tools', 'attempt.system-prompt', 'attempt.session-runtime'].includes(st)],
];

interface TimelineEvent {
  type: string;
  name: string;
  timestamp: string;
  durationMs?: number;
  attributes?: Record<string, unknown>;
}

function readTimeline(file: string): TimelineEvent[] {
  if (!fs.existsSync(file)) {
    return [];
  }
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as TimelineEvent];
      } catch {
        return [];
      }
    });
}

/** Per phase, seconds summed over the spans of one turn; plus the time until the first request. */
function phasesOf(file: string): { phases: Map<string, number>; toRequest?: number; afterRequest?: number } {
  const events = readTimeline(file);
  const phases = new Map<string, number>();
  const t0 = events[0] ? Date.parse(events[0].timestamp) : 0;
  let toRequest: number | undefined;
  for (const e of events) {
    if (e.name === 'provider.request.started' && toRequest === undefined) {
      toRequest = (Date.parse(e.timestamp) - t0) / 1000;
    }
    if (e.type !== 'span.end' || typeof e.durationMs !== 'number') {
      continue;
    }
    const stage = typeof e.attributes?.stage === 'string' ? e.attributes.stage : '';
    const phase = PHASES.find(([, match]) => match(e.name, stage));
    if (phase) {
      phases.set(phase[0], (phases.get(phase[0]) ?? 0) + e.durationMs / 1000);
    }
  }
  const last = events.at(-1);
  const afterRequest = toRequest !== undefined && last ? (Date.parse(last.timestamp) - t0) / 1000 - toRequest : undefined;
  return { phases, ...(toRequest !== undefined ? { toRequest } : {}), ...(afterRequest !== undefined ? { afterRequest } : {}) };
}

function s(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function capture(location: OpenClawLocation, config: Record<string, unknown>, run: Run, timelineDir: string): Promise<CaptureReport> {
  fs.mkdirSync(timelineDir, { recursive: true });
  return captureTurns({
    location,
    config,
    configDir: DEMO,
    modes: CAPTURE_MODES,
    prompt: 'Call fake_plugin_tool_17 with marker QA-17 and tell me what it returns.',
    concurrency: 4,
    wholeTurn: run.wholeTurn,
    guardScript: GUARD,
    timelineDir,
    // A loaded machine must not turn a slow run into a timeout.
    timeoutMs: 600_000,
    env: { PATH: process.env.PATH },
  });
}

function printPhases(label: string, timelineDir: string): void {
  console.log(`\nWhere a turn's time goes (${label}; OpenClaw's diagnostics timeline, seconds per turn):`);
  const rows = CAPTURE_MODES.map((m) => ({ mode: m, ...phasesOf(path.join(timelineDir, `${m}.jsonl`)) }));
  console.log(['phase'.padEnd(32), ...rows.map((r) => r.mode.padStart(10))].join(''));
  for (const [phase] of PHASES) {
    console.log([phase.padEnd(32), ...rows.map((r) => (r.phases.get(phase) ?? 0).toFixed(1).padStart(10))].join(''));
  }
  console.log(['until the request'.padEnd(32), ...rows.map((r) => (r.toRequest !== undefined ? r.toRequest.toFixed(1) : '-').padStart(10))].join(''));
  console.log(['after the request (timeline)'.padEnd(32), ...rows.map((r) => (r.afterRequest !== undefined ? r.afterRequest.toFixed(1) : '-').padStart(10))].join(''));
}

async function main(): Promise<void> {
  const location = openclawOrSkip('bench:capture', DEMO);
  if (!location) {
    return;
  }
  const config = JSON5.parse(fs.readFileSync(path.join(DEMO, 'openclaw.json'), 'utf8')) as Record<string, unknown>;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-bench-capture-'));
  const baseline: Run = { name: 'baseline: whole turns, 4 at a time', wholeTurn: true };
  const fresh: Run = { name: 'new: ended after the request, 4 at a time', wholeTurn: false };
  const rounds = Number(process.env.TSI_BENCH_ROUNDS ?? 2);
  const cpu = new GroupCpu();
  console.log(`Capture of the demo's four modes with OpenClaw ${location.version} (${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}); ${rounds} rounds, interleaved`);
  const results = new Map<Run, { wall: number[]; cpu: number[]; report: CaptureReport; timeline: string }>();
  try {
    // The shared compile cache is warmed first (a capture after the first one on a machine).
    await capture(location, config, fresh, path.join(scratch, 'warmup'));
    cpu.take();
    let i = 0;
    for (let round = 0; round < rounds; round++) {
      for (const run of [baseline, fresh]) {
        const timeline = path.join(scratch, `timeline-${i++}`);
        const report = await capture(location, config, run, timeline);
        const used = cpu.take();
        const r = results.get(run) ?? { wall: [], cpu: [], report, timeline };
        r.wall.push(report.wallMs / 1000);
        r.cpu.push(used);
        r.report = report;
        r.timeline = timeline;
        results.set(run, r);
        const turns = CAPTURE_MODES.map((m) => `${m} ${report.modes[m]?.outcome ?? '?'} ${s(report.modes[m]?.wallMs ?? 0)}`).join(', ');
        console.log(`${run.name.padEnd(44)} ${s(report.wallMs).padStart(8)} wall ${used.toFixed(1).padStart(6)} s CPU  (${turns}; load ${os.loadavg()[0]?.toFixed(1)})`);
        if (!report.ok) {
          for (const m of CAPTURE_MODES) {
            const c = report.modes[m];
            if (c && c.outcome !== 'ok') {
              console.log(`  ${m}: ${c.error ?? c.outcome}\n${(c.stderrTail ?? '').split('\n').slice(-5).join('\n')}`);
            }
          }
        }
      }
    }
    const b = results.get(baseline);
    const n = results.get(fresh);
    if (b && n) {
      const [bw, bc, nw, nc] = [median(b.wall), median(b.cpu), median(n.wall), median(n.cpu)];
      console.log(`\nMedians of ${rounds} rounds:`);
      console.log(`  ${baseline.name.padEnd(44)} ${bw.toFixed(1).padStart(6)} s wall ${bc.toFixed(1).padStart(6)} s CPU`);
      console.log(`  ${fresh.name.padEnd(44)} ${nw.toFixed(1).padStart(6)} s wall ${nc.toFixed(1).padStart(6)} s CPU`);
      console.log(`Ratios new / baseline (lower is faster): wall ${(nw / bw).toFixed(2)}x, CPU ${(nc / bc).toFixed(2)}x`);
      console.log(`CPU floor of the new path on ${os.cpus().length} cores: ${(nc / os.cpus().length).toFixed(1)} s wall with nothing else running`);
      const tools = CAPTURE_MODES.map((m) => `${m} ${n.report.modes[m]?.first?.toolsCount ?? '-'}`).join(', ');
      console.log(`\nTarget: all four modes under ${s(TARGET_MS)} wall: ${nw * 1000 < TARGET_MS ? 'met' : 'NOT met'} (${nw.toFixed(1)} s); tools per mode: ${tools}`);
      printPhases('baseline', b.timeline);
      printPhases('new', n.timeline);
    }
  } finally {
    cpu.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

void main();
