/**
 * Code bridge benchmark, all figures from the same run: the snippet
 * `search -> describe -> call` end to end (spawn or hand-over, IPC round
 * trips through the real gateway, result, child killed and reaped)
 *
 *   warm  a pre-spawned idle child runs it          target <= 1/10 of cold
 *   cold  a fresh sandbox child (permission model, its own PID and user
 *         namespace where the OS offers one), its code as `-e`   target <= 1.3x bare
 *   bare  a plain `node -e` child, no sandbox, doing the same three IPC round trips
 *   bare+flags  the same `node -e` child started with the sandbox's node flags:
 *         separates what the flags cost Node's start-up from what our code costs
 *   Code Mode cold / warm  the same three steps as an OpenClaw Code Mode program
 *         (`exec`'s code: catalog.search, a handle's describe(), the tool's
 *         global), its guest API installed in the child and its result shaped
 *         as OpenClaw's: cold target <= 1.3x bare, warm <= 1/10 of its cold
 *
 * And the host boundary's own cost on that snippet, as a ratio to this run's
 * warm lane: the bounded sanitizer on every value that crosses (arguments,
 * results, the return value) against the plain JSON.parse/stringify it
 * replaced, and the argument check in its worker thread against validating
 * in-process.
 *
 *   npm run bench:bridge
 *   npm run bench:bridge -- --rounds 21 --node /path/to/node
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CodeBridge } from '../../src/core/bridge/codeBridge';
import { locateNode } from '../../src/core/bridge/nodeRuntime';
import { spawnCommand, type OsLayer } from '../../src/core/bridge/osLayer';
import type { CodeModeSession } from '../../src/core/bridge/codeModeRun';
import { codeModeSessionFor } from '../../src/core/orchestration/codeModeProgram';
import type { RunReport } from '../../src/core/bridge/runReport';
import { ArgumentChecker } from '../../src/core/gateway/argumentCheck';
import { compileSchema, validationProblem } from '../../src/core/gateway/argumentValidation';
import { boundValue, parseBoundedJson } from '../../src/core/util/boundedValue';
import type { ToolSearchApi } from '../../src/core/toolApi';
import { openDemo, sandboxBundle } from '../../test/sandbox/harness';
import { errorMessage } from '../../src/core/util/errors';
import { median } from '../lib/timing';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROUNDS = Math.max(3, Number(arg('--rounds')) || 15);
const NODE_ARG = arg('--node') ?? 'node';
const NODE = NODE_ARG.includes('/') ? path.resolve(NODE_ARG) : NODE_ARG;
/** The binary itself, as the sandbox starts it. */
const NODE_REAL = locateNode(NODE).path;

const SNIPPET = `const r = await openclaw.tools.search('feature flags', { limit: 3 });
const d = await openclaw.tools.describe('fake_plugin_tool_17');
return (await openclaw.tools.call(d.id, { marker: 'bench' })).result.details;`;

/** The bare child: no permission model, no vm context; the same messages over the same channel. */
const BARE_CHILD = `
let next = 0;
const waiting = new Map();
const ask = (op, args) => new Promise((resolve) => { const id = ++next; waiting.set(id, resolve); process.send({ type: 'bridge', id, op, argsJson: JSON.stringify(args) }); });
process.on('message', async (m) => {
  if (m.type === 'bridge-result') { waiting.get(m.id)(JSON.parse(m.valueJson)); return; }
  if (m.type !== 'run') return;
  await ask('search', ['feature flags', { limit: 3 }]);
  const d = await ask('describe', ['fake_plugin_tool_17']);
  const c = await ask('call', [d.id, { marker: 'bench' }]);
  process.send({ type: 'result', ok: true, valueJson: JSON.stringify(c.result.details) });
});
process.send({ type: 'ready' });
`;

/** `flags`: started with the sandbox's node options, like the sandbox child; `layer`: inside its OS layer too. */
async function bareRun(api: ToolSearchApi, flags: readonly string[] = [], layer?: OsLayer): Promise<number> {
  const started = performance.now();
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-bare-'));
  const { command, args, env } = spawnCommand(NODE_REAL, [...flags, '-e', BARE_CHILD], layer);
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.on('message', (raw: unknown) => {
      const m = raw as { type: string; id: number; op: 'search' | 'describe' | 'call'; argsJson: string };
      if (m.type === 'ready') {
        child.send({ type: 'run' });
      } else if (m.type === 'bridge') {
        const args = JSON.parse(m.argsJson) as [string, Record<string, unknown>];
        const value =
          m.op === 'search'
            ? Promise.resolve(api.search(args[0], args[1] as { limit: number }).hits)
            : m.op === 'describe'
              ? Promise.resolve(api.describe(args[0]))
              : api.call(args[0], args[1], { callId: `bench:${m.id}` }).then((o) => ({ tool: o.tool, result: o.envelope ?? o.result }));
        void value.then((v) => child.send({ type: 'bridge-result', id: m.id, ok: true, valueJson: JSON.stringify(v) }));
      } else if (m.type === 'result') {
        resolve();
      }
    });
    child.once('error', reject);
  });
  // As the bridge does: kill after the result, without waiting for the reaping.
  child.kill('SIGKILL');
  const ms = performance.now() - started;
  void exited.then(() => fs.rmSync(cwd, { recursive: true, force: true }));
  return ms;
}

async function timed(bridge: CodeBridge, expectWarm: boolean): Promise<number> {
  const started = performance.now();
  const r = await bridge.run(SNIPPET, { timeoutMs: 10_000 });
  const ms = performance.now() - started;
  if (r.value !== 'FAKE_PLUGIN_OK fake_plugin_tool_17 bench' || r.warm !== expectWarm) {
    throw new Error(`bench run went wrong: ${r.error ?? JSON.stringify(r.value)} (warm ${r.warm})`);
  }
  return ms;
}

/** The snippet's three steps as a Code Mode program. */
const PROGRAM = `const r = await catalog.search('feature flags', { limit: 3 });
const d = await fake_plugin_tool_17.describe();
return await fake_plugin_tool_17({ marker: 'bench' });`;

async function timedProgram(session: CodeModeSession, expectWarm: boolean): Promise<number> {
  const started = performance.now();
  const r = await session.exec(PROGRAM);
  const ms = performance.now() - started;
  if (r.result.status !== 'completed' || r.result.value !== 'FAKE_PLUGIN_OK fake_plugin_tool_17 bench' || r.report?.warm !== expectWarm) {
    throw new Error(`bench program went wrong: ${JSON.stringify(r.result).slice(0, 300)} (warm ${String(r.report?.warm)})`);
  }
  return ms;
}

/** After a warm run: the bridge's replenishing start-up (queued with setImmediate) has finished. */
async function settled(bridge: CodeBridge): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await bridge.prewarm();
}

const fmt = (ms: number): string => `${ms.toFixed(1).padStart(7)} ms`;

/** Mean ms of `fn` over enough repetitions to be measurable. */
function perCall(fn: () => void, reps = 2000): number {
  const started = performance.now();
  for (let i = 0; i < reps; i++) {
    fn();
  }
  return (performance.now() - started) / reps;
}

/**
 * What the host boundary does with the values of one snippet run, timed
 * in-process: the sanitizer (parse and bound each argument list, bound each
 * result, parse and bound the return value) and the JSON-only handling it
 * replaced, on the very values the run exchanged.
 */
function boundaryCost(report: RunReport): { sanitizer: number; jsonOnly: number } {
  const crossings = report.trace.flatMap((t) => (t.op === 'log' ? [] : [{ argsJson: JSON.stringify(t.args), result: t.result }]));
  const valueJson = JSON.stringify(report.value);
  const sanitizer = perCall(() => {
    for (const c of crossings) {
      parseBoundedJson(c.argsJson, 'args', { maxJsonChars: 64_000 });
      const b = boundValue(c.result ?? null, { maxJsonChars: 1_000_000 });
      if (b.ok) {
        JSON.stringify(b.value);
      }
    }
    parseBoundedJson(valueJson, 'value', { maxJsonChars: 256_000 });
  });
  const jsonOnly = perCall(() => {
    for (const c of crossings) {
      JSON.parse(c.argsJson);
      JSON.parse(JSON.stringify(c.result ?? null));
    }
    JSON.parse(valueJson);
  });
  return { sanitizer, jsonOnly };
}

/** The argument check of the snippet's call: in its worker thread (deadline) against in-process. */
async function argumentCheckCost(api: ToolSearchApi): Promise<{ worker: number; inProcess: number }> {
  const schema = api.describe('fake_plugin_tool_17').parameters;
  const args = { marker: 'bench' };
  const checker = new ArgumentChecker();
  try {
    await checker.check(schema, args);
    const reps = 500;
    const started = performance.now();
    for (let i = 0; i < reps; i++) {
      await checker.check(schema, args);
    }
    const worker = (performance.now() - started) / reps;
    const v = compileSchema(schema);
    const inProcess = perCall(() => validationProblem(v, args), 20_000);
    return { worker, inProcess };
  } finally {
    checker.dispose();
  }
}

async function main(): Promise<void> {
  const [demo, bundlePath] = await Promise.all([openDemo(), sandboxBundle()]);
  const cold = new CodeBridge({ api: demo.api, nodePath: NODE, bundlePath, warm: false });
  const warm = new CodeBridge({ api: demo.api, nodePath: NODE, bundlePath, warm: true });
  const cmColdBridge = new CodeBridge({ api: demo.api, nodePath: NODE, bundlePath, warm: false });
  const cmWarmBridge = new CodeBridge({ api: demo.api, nodePath: NODE, bundlePath, warm: true });
  const cmCold = codeModeSessionFor(demo.ws, demo.catalog, demo.api, cmColdBridge, 10_000);
  const cmWarm = codeModeSessionFor(demo.ws, demo.catalog, demo.api, cmWarmBridge, 10_000);
  try {
    const iso = await cold.isolation();
    if (!iso.ok) {
      throw new Error(iso.reason ?? 'no isolated runtime');
    }
    const layer = iso.osLayer;
    console.log(`code bridge benchmark: Node ${iso.node} (${iso.flags[0]}), ${ROUNDS} rounds; snippet search -> describe -> call`);
    console.log(`OS layer: ${layer ? 'own PID and user namespace' : `none (${iso.osLayerMissing ?? 'not offered'})`}`);
    // One of each first, untimed: module caches, JIT, the isolation probe.
    await timed(cold, false);
    await bareRun(demo.api);
    await bareRun(demo.api, iso.flags);
    await bareRun(demo.api, iso.flags, layer);
    await warm.prewarm();
    await timed(warm, true);
    await timedProgram(cmCold, false);
    await cmWarmBridge.prewarm();
    await timedProgram(cmWarm, true);
    const t = { cold: [] as number[], bare: [] as number[], flagged: [] as number[], layered: [] as number[], warm: [] as number[], cmCold: [] as number[], cmWarm: [] as number[] };
    const coldLanes: readonly (readonly ['cold' | 'bare' | 'flagged' | 'layered' | 'cmCold', () => Promise<number>])[] = [
      ['cold', () => timed(cold, false)],
      ['bare', () => bareRun(demo.api)],
      ['flagged', () => bareRun(demo.api, iso.flags)],
      ['layered', () => bareRun(demo.api, iso.flags, layer)],
      ['cmCold', () => timedProgram(cmCold, false)],
    ];
    // Interleaved, so load from other work on the machine hits every lane alike.
    for (let i = 0; i < ROUNDS; i++) {
      // The cold lanes first: a warm bridge replenishes its idle child right
      // after a run, and that start-up must not land on a cold lane. Their
      // order turns each round, so what one lane leaves behind (a child being
      // reaped, its folder removed) lands on each of the others in turn.
      for (let k = 0; k < coldLanes.length; k++) {
        const [lane, runLane] = coldLanes[(i + k) % coldLanes.length] as (typeof coldLanes)[number];
        t[lane].push(await runLane());
      }
      // Each warm lane waits until the other bridge's replenished child is up.
      await warm.prewarm();
      t.warm.push(await timed(warm, true));
      await settled(warm);
      await cmWarmBridge.prewarm();
      t.cmWarm.push(await timedProgram(cmWarm, true));
      await settled(cmWarmBridge);
    }
    await warm.prewarm();
    const sample = await warm.run(SNIPPET, { timeoutMs: 10_000 });
    const boundary = boundaryCost(sample);
    const check = await argumentCheckCost(demo.api);
    // Medians, and the best round of each lane (less exposed to load from other work on a shared machine).
    for (const [label, pick] of [['median', median], ['best', (xs: number[]) => Math.min(...xs)]] as const) {
      const m = { cold: pick(t.cold), bare: pick(t.bare), flagged: pick(t.flagged), layered: pick(t.layered), warm: pick(t.warm), cmCold: pick(t.cmCold), cmWarm: pick(t.cmWarm) };
      console.log(`${label}:`);
      console.log(`  bare node -e child (baseline)  ${fmt(m.bare)}`);
      console.log(`  bare child + sandbox flags     ${fmt(m.flagged)}   ${(m.flagged / m.bare).toFixed(2)}x bare   (what the permission/V8 flags cost Node's start-up)`);
      console.log(`  ... and in the OS layer        ${fmt(m.layered)}   ${(m.layered / m.bare).toFixed(2)}x bare   (what the namespaces add)`);
      console.log(`  cold sandbox                   ${fmt(m.cold)}   ${(m.cold / m.bare).toFixed(2)}x bare   (target <= 1.30x) ${m.cold / m.bare <= 1.3 ? 'MET' : 'MISSED'}   ${(m.cold / m.layered).toFixed(2)}x the same bare child with flags and OS layer`);
      console.log(`  warm start (pre-spawned child) ${fmt(m.warm)}   ${(m.warm / m.cold).toFixed(3)} of cold (target <= 0.100) ${m.warm / m.cold <= 0.1 ? 'MET' : 'MISSED'}`);
      console.log(`  Code Mode program, cold        ${fmt(m.cmCold)}   ${(m.cmCold / m.bare).toFixed(2)}x bare   (target <= 1.30x) ${m.cmCold / m.bare <= 1.3 ? 'MET' : 'MISSED'}`);
      console.log(`  Code Mode program, warm        ${fmt(m.cmWarm)}   ${(m.cmWarm / m.cmCold).toFixed(3)} of its cold (target <= 0.100) ${m.cmWarm / m.cmCold <= 0.1 ? 'MET' : 'MISSED'}`);
    }
    const warmMedian = median(t.warm);
    const us = (ms: number): string => `${(ms * 1000).toFixed(1).padStart(7)} us`;
    console.log('host boundary on this snippet (per run, in-process, against this run\'s warm median):');
    console.log(`  bounded sanitizer, all crossings ${us(boundary.sanitizer)}   ${((boundary.sanitizer / warmMedian) * 100).toFixed(2)}% of warm   (JSON.parse/stringify only: ${us(boundary.jsonOnly)}, sanitizer ${(boundary.sanitizer / boundary.jsonOnly).toFixed(1)}x that)`);
    console.log(`  argument check in its worker     ${us(check.worker)}   ${((check.worker / warmMedian) * 100).toFixed(2)}% of warm   (in-process validation: ${us(check.inProcess)})`);
  } finally {
    cold.dispose();
    warm.dispose();
    cmCold.dispose();
    cmWarm.dispose();
    cmColdBridge.dispose();
    cmWarmBridge.dispose();
    await demo.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(errorMessage(err));
  process.exitCode = 1;
});
