/**
 * Capture benchmark: all four modes of the demo (examples/demo) captured from
 * the real OpenClaw, wall time, against a baseline measured in the same run.
 *
 *   npm run bench:capture
 *
 * Runs (each one `captureTurns` of direct, code, tools and directory, as the
 * editor's Capture the Real Request and `capture --mode all` run them):
 * - baseline: how capture ran before: 2 turns at a time and no shared compile
 *   cache (OpenClaw's launcher kept its cache in the turn's scratch TMPDIR, so
 *   every turn compiled OpenClaw's modules again). It already has
 *   OPENCLAW_NO_RESPAWN (one Node process per turn instead of two), so it is
 *   a little faster than the capture before this bench was written;
 * - cold cache: 4 at a time with a fresh shared compile cache (what the first
 *   capture on a machine costs);
 * - warm cache, 4 at a time (every capture after the first: the target is
 *   under 30 s on this 2-core machine), and 2 at a time for comparison.
 * Every turn also writes OpenClaw's own diagnostics timeline, so where a
 * turn's time goes (startup, config, plugin load, tool bundling with the MCP
 * connects, prompt build, session runtime) is printed for the baseline and
 * the warm run. Needs the pinned OpenClaw (`npm run oracle:install`); says so
 * and exits 0 without it. Speed targets live here, never in timed tests.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import JSON5 from 'json5';
import { captureTurns, type CaptureReport } from '../../src/core/capture/capture';
import { CAPTURE_MODES } from '../../src/core/capture/captureConfig';
import { locateOpenClaw, OpenClawUnavailableError, type OpenClawLocation } from '../../src/core/oracle/openclawLocation';

const ROOT = path.resolve(__dirname, '..', '..');
const DEMO = path.join(ROOT, 'examples', 'demo');
const GUARD = path.join(ROOT, 'src', 'oracle', 'networkGuard.mts');
const TARGET_MS = 30_000;

interface Run {
  name: string;
  concurrency: number;
  compileCacheDir: string | false;
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
function phasesOf(file: string): { phases: Map<string, number>; toRequest?: number } {
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
  return { phases, ...(toRequest !== undefined ? { toRequest } : {}) };
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
    concurrency: run.concurrency,
    compileCacheDir: run.compileCacheDir,
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
}

async function main(): Promise<void> {
  let location: OpenClawLocation;
  try {
    location = locateOpenClaw(undefined, { env: process.env, cwd: DEMO });
  } catch (err) {
    if (err instanceof OpenClawUnavailableError) {
      console.log(`bench:capture skipped: ${err.message}`);
      return;
    }
    throw err;
  }
  const config = JSON5.parse(fs.readFileSync(path.join(DEMO, 'openclaw.json'), 'utf8')) as Record<string, unknown>;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-bench-capture-'));
  const cache = path.join(scratch, 'compile-cache');
  const runs: Run[] = [
    { name: 'baseline: 2 at a time, no shared compile cache', concurrency: 2, compileCacheDir: false },
    { name: 'cold cache: 4 at a time, fresh compile cache', concurrency: 4, compileCacheDir: cache },
    { name: 'warm cache: 4 at a time (the default)', concurrency: 4, compileCacheDir: cache },
    { name: 'warm cache: 2 at a time', concurrency: 2, compileCacheDir: cache },
  ];
  console.log(`Capture of the demo's four modes with OpenClaw ${location.version} (${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)})`);
  const results: { run: Run; report: CaptureReport; timeline: string }[] = [];
  try {
    for (const [i, run] of runs.entries()) {
      const timeline = path.join(scratch, `timeline-${i}`);
      const report = await capture(location, config, run, timeline);
      results.push({ run, report, timeline });
      const turns = CAPTURE_MODES.map((m) => `${m} ${report.modes[m]?.outcome ?? '?'} ${s(report.modes[m]?.wallMs ?? 0)}`).join(', ');
      console.log(`${run.name.padEnd(48)} ${s(report.wallMs).padStart(8)}   (${turns})`);
      if (!report.ok) {
        for (const m of CAPTURE_MODES) {
          const c = report.modes[m];
          if (c && c.outcome !== 'ok') {
            console.log(`  ${m}: ${c.error ?? c.outcome}\n${(c.stderrTail ?? '').split('\n').slice(-5).join('\n')}`);
          }
        }
      }
    }
    const base = results[0];
    const best = results[2];
    if (base && best) {
      console.log('\nRatios against the baseline of this run (wall time, lower is faster):');
      for (const r of results.slice(1)) {
        console.log(`  ${r.run.name.padEnd(48)} ${(r.report.wallMs / base.report.wallMs).toFixed(2)}x  (${(base.report.wallMs / r.report.wallMs).toFixed(1)}x faster)`);
      }
      const tools = CAPTURE_MODES.map((m) => `${m} ${best.report.modes[m]?.first?.toolsCount ?? '-'}`).join(', ');
      console.log(`\nTarget: all four modes under ${s(TARGET_MS)} wall with a warm cache: ${best.report.wallMs < TARGET_MS ? 'met' : 'NOT met'} (${s(best.report.wallMs)}); tools per mode: ${tools}`);
      printPhases('baseline', base.timeline);
      printPhases('warm cache, 4 at a time', best.timeline);
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

void main();
