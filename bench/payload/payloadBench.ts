/**
 * Payload benchmark: what each mode sends to the provider, on real catalogs.
 *
 *   npm run bench:payload
 *
 * Catalogs: LiveMCPBench's 527 real MCP tools, and 10,000 tools made of
 * renamed copies of those servers. Every figure below is measured in this
 * run; the baseline for bytes is direct mode, the baseline for time is
 * building the catalog itself.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Catalog } from '../../src/core/catalog/catalog';
import { buildCatalog } from '../../src/core/catalog/catalogBuilder';
import { defaultToolSearchSettings } from '../../src/core/config/toolSearchSettings';
import { ALL_MODES, buildPreview, type PreviewJson } from '../../src/core/modes/preview';
import { DIRECTORY_MAX_CHARS } from '../../src/core/modes/directory';
import { payloadTokens } from '../../src/core/provider/payloadSize';
import { ToolPolicy } from '../../src/core/policy/policyEngine';
import { ToolIndex } from '../../src/core/search/toolIndex';
import { CoreToolSource } from '../../src/core/sources/coreTools';
import { SnapshotToolSource, type SnapshotSpec } from '../../src/core/sources/mcpSnapshot';
import { liveMcpBenchServers, RawServersSource, scaled, sharedDataDir, type RawServer } from '../lib/liveMcpBench';
import type { ToolSourceProvider } from '../../src/core/sources/toolSource';
import type { ToolSearchModeName } from '../../src/core/types';
import { median, timed } from '../lib/timing';


/** Writes each server's `tools/list` result to its own snapshot file, as `--snapshot NAME=PATH` reads them. */
function writeSnapshots(servers: readonly RawServer[]): SnapshotSpec[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-bench-payload-'));
  return servers.map((s) => {
    const file = path.join(dir, `${s.name}.json`);
    fs.writeFileSync(file, JSON.stringify({ tools: s.tools }));
    return { name: s.name, path: file };
  });
}

function build(servers: readonly RawServer[] | readonly SnapshotSpec[], fromFiles = false): Promise<Catalog> {
  const source: ToolSourceProvider = fromFiles ? new SnapshotToolSource(servers as SnapshotSpec[]) : new RawServersSource(servers as RawServer[]);
  return buildCatalog({
    providers: [new CoreToolSource(), source],
    policy: new ToolPolicy([]),
    settings: { ...defaultToolSearchSettings(), enabled: true, mode: 'code', configured: true },
  });
}

const PROMPT = 'Find the weather forecast for Paris tomorrow and save it to a note.';
const REPS = 5;

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

function row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => pad(c, widths[i] ?? 8)).join('  ').trimEnd();
}

async function benchCatalog(label: string, servers: RawServer[]): Promise<{ failures: string[] }> {
  const failures: string[] = [];
  const specs = writeSnapshots(servers);
  // Warm up the code paths once so every side is measured hot.
  await build(specs, true);
  await build(servers);
  const fileTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    fileTimes.push((await timed(() => build(specs, true)))[1]);
  }
  fs.rmSync(path.dirname(specs[0]?.path ?? os.tmpdir()), { recursive: true, force: true });
  const buildTimes: number[] = [];
  let catalog: Catalog | undefined;
  for (let i = 0; i < REPS; i++) {
    const [c, ms] = await timed(() => build(servers));
    buildTimes.push(ms);
    catalog = c;
  }
  if (!catalog) {
    throw new Error('no catalog');
  }
  const cat = catalog;
  const [index, indexMs] = await timed(() => ToolIndex.fromCatalog(cat));
  const isolation = { ok: true };
  const previewAll = (): Record<ToolSearchModeName, PreviewJson> => {
    const out = {} as Record<ToolSearchModeName, PreviewJson>;
    for (const mode of ALL_MODES) {
      out[mode] = buildPreview({ catalog: cat, mode, isolation, index, prompt: PROMPT, tokens: false });
    }
    return out;
  };
  previewAll();
  const previewTimes: number[] = [];
  let previews = previewAll();
  for (let i = 0; i < REPS; i++) {
    const [p, ms] = await timed(previewAll);
    previewTimes.push(ms);
    previews = p;
  }
  const tokenTimes: number[] = [];
  const tokens = {} as Record<ToolSearchModeName, ReturnType<typeof payloadTokens>>;
  for (const mode of ALL_MODES) {
    const [t, ms] = await timed(() => payloadTokens(previews[mode].request));
    tokens[mode] = t;
    tokenTimes.push(ms);
  }

  const direct = previews.direct;
  console.log(`\n## ${label}: ${cat.size} cataloged tools (${cat.countBySource().mcp} MCP, ${cat.countBySource().openclaw} OpenClaw core), ${cat.directOnly.length} direct-only\n`);
  const widths = [10, 10, 8, 12, 14, 12, 12, 12, 12, 20];
  console.log(row(['mode', 'effective', 'schemas', 'tool bytes', 'vs direct', 'prompt B', 'total B', 'tool tok', 'total tok', 'directory'], widths));
  console.log(row(widths.map((w) => '-'.repeat(w)), widths));
  for (const mode of ALL_MODES) {
    const p = previews[mode];
    const fewer = 1 - p.bytes.tools / direct.bytes.tools;
    const dir = p.directory ? `${p.directory.chars}/${p.directory.maxChars} (${p.directory.shown} shown, ${p.directory.omitted} omitted)` : '';
    console.log(
      row(
        [mode, p.effectiveMode, String(p.visibleTools.length), String(p.bytes.tools), mode === 'direct' ? 'baseline' : `${(100 * fewer).toFixed(2)}% fewer`, String(p.bytes.prompt), String(p.bytes.total), String(tokens[mode].tools), String(tokens[mode].total), dir],
        widths,
      ),
    );
  }
  const buildMs = median(fileTimes);
  const memoryMs = median(buildTimes);
  const previewMs = median(previewTimes);
  console.log(`\ncatalog build from snapshot files, as \`--snapshot\` does (baseline): median ${buildMs.toFixed(1)} ms of 3`);
  console.log(`catalog build from tool lists already parsed in memory: median ${memoryMs.toFixed(1)} ms of ${REPS}`);
  console.log(
    `preview build, all 4 modes (surfaces, request bodies, bytes; index reused): median ${previewMs.toFixed(1)} ms of ${REPS} = ` +
      `${(previewMs / buildMs).toFixed(3)} x the snapshot build, ${(previewMs / memoryMs).toFixed(3)} x the in-memory build`,
  );
  console.log(`search index build (reused by previews, not counted above): ${indexMs.toFixed(1)} ms; o200k token counting, all 4 modes: ${tokenTimes.reduce((a, b) => a + b, 0).toFixed(1)} ms`);

  const need = label.startsWith('LiveMCPBench') ? 0.95 : 0.99;
  for (const mode of ['code', 'tools'] as const) {
    const fewer = 1 - previews[mode].bytes.tools / direct.bytes.tools;
    const ok = fewer >= need;
    console.log(`target: ${mode} tool bytes >= ${(need * 100).toFixed(0)}% fewer than direct: ${(fewer * 100).toFixed(2)}% ${ok ? 'PASS' : 'FAIL'}`);
    if (!ok) {
      failures.push(`${label} ${mode} bytes`);
    }
  }
  const d = previews.directory.directory;
  const within = d !== undefined && d.chars <= DIRECTORY_MAX_CHARS;
  console.log(`target: directory within ${DIRECTORY_MAX_CHARS} chars: ${d?.chars ?? '?'} ${within ? 'PASS' : 'FAIL'}`);
  if (!within) {
    failures.push(`${label} directory bound`);
  }
  if (cat.size >= 10000) {
    const ok = previewMs <= buildMs / 5;
    console.log(`target: all-mode preview build <= 1/5 of catalog build (from snapshot files): ${(previewMs / buildMs).toFixed(3)} ${ok ? 'PASS' : 'FAIL'}`);
    console.log(`  (not a target, for honesty: against the in-memory build alone the ratio is ${(previewMs / memoryMs).toFixed(3)})`);
    if (!ok) {
      failures.push(`${label} preview time`);
    }
  }
  return { failures };
}

async function main(): Promise<void> {
  const dir = sharedDataDir();
  const servers = liveMcpBenchServers(dir);
  console.log(`# Payload benchmark (Node ${process.version}; chat completions bodies; prompt: "${PROMPT}")`);
  const failures: string[] = [];
  failures.push(...(await benchCatalog('LiveMCPBench', servers)).failures);
  for (const n of [2000, 10000]) {
    failures.push(...(await benchCatalog(`${n.toLocaleString('en-US')}-tool catalog`, scaled(servers, n))).failures);
  }
  console.log(failures.length === 0 ? '\nAll payload targets met.' : `\nTargets missed: ${failures.join(', ')}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : String(err));
  process.exitCode = 1;
});
