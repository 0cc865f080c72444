/**
 * The argument check's costs, from one run (figures for bench/README.md and
 * the choice of a worker thread over a linear-time regex engine):
 *
 *   in-process   validating the demo's fake_plugin_tool_17 arguments on the host thread (the baseline)
 *   worker       the same check through the argument-check worker (one round trip)
 *   start        a fresh worker, from spawn to its first answer
 *   runaway      a backtracking pattern: from the call to the refusal (deadline + terminate)
 *   after        the first check after a runaway (a new worker starts)
 *   built start  the shipped worker bundle (dist/, after `npm run build`), spawn to first answer;
 *                from source (above) the worker compiles TypeScript through tsx first
 *
 *   npm run bench:hardening
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ArgumentChecker } from '../../src/core/gateway/argumentCheck';
import { compileSchema, validationProblem } from '../../src/core/gateway/argumentValidation';
import type { JsonSchema } from '../../src/core/types';
import { errorMessage } from '../../src/core/util/errors';
import { median } from '../lib/timing';

const schema: JsonSchema = {
  type: 'object',
  properties: { marker: { type: 'string', description: 'Opaque marker echoed back in the result' } },
  required: ['marker'],
  additionalProperties: false,
};
const args = { marker: 'bench' };
const hostile: JsonSchema = { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } };

/** The built worker bundle, spawned directly: what the extension and the CLI start. */
async function builtStart(): Promise<number | undefined> {
  const file = path.resolve(__dirname, '../../dist/argumentCheckWorker.js');
  if (!fs.existsSync(file)) {
    return undefined;
  }
  const t = performance.now();
  const w = new Worker(file);
  await new Promise<void>((resolve) => {
    w.on('message', (m: { ready?: boolean; id?: number }) => {
      if (m.ready) {
        w.postMessage({ id: 1, key: 1, schema, args });
      } else if (m.id === 1) {
        resolve();
      }
    });
  });
  const ms = performance.now() - t;
  await w.terminate();
  return ms;
}

async function main(): Promise<void> {
  const v = compileSchema(schema);
  const reps = 20_000;
  let t = performance.now();
  for (let i = 0; i < reps; i++) {
    validationProblem(v, args);
  }
  const inProcess = (performance.now() - t) / reps;

  const starts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const c = new ArgumentChecker();
    t = performance.now();
    await c.check(schema, args);
    starts.push(performance.now() - t);
    c.dispose();
  }

  const checker = new ArgumentChecker();
  try {
    await checker.check(schema, args);
    const n = 2_000;
    t = performance.now();
    for (let i = 0; i < n; i++) {
      await checker.check(schema, args);
    }
    const worker = (performance.now() - t) / n;

    const runaway: number[] = [];
    const after: number[] = [];
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      const r = await checker.check(hostile, { code: `${'a'.repeat(48)}!` });
      runaway.push(performance.now() - t);
      if (!r.failed) {
        throw new Error('the runaway check was not stopped');
      }
      t = performance.now();
      await checker.check(schema, args);
      after.push(performance.now() - t);
    }
    console.log(`argument check (Node ${process.version}; deadline ${checker.limits.timeoutMs} ms):`);
    console.log(`  in-process validation (baseline)   ${(inProcess * 1000).toFixed(1)} us`);
    console.log(`  through the worker (round trip)    ${(worker * 1000).toFixed(1)} us   ${(worker / inProcess).toFixed(0)}x in-process`);
    console.log(`  worker start to first answer       ${median(starts).toFixed(1)} ms (median of 5)`);
    console.log(`  runaway pattern refused after      ${median(runaway).toFixed(1)} ms (deadline ${checker.limits.timeoutMs} ms + terminate)`);
    console.log(`  first check after a runaway        ${median(after).toFixed(1)} ms (a new worker starts)`);
    const built: number[] = [];
    for (let i = 0; i < 5; i++) {
      const ms = await builtStart();
      if (ms !== undefined) {
        built.push(ms);
      }
    }
    console.log(built.length > 0 ? `  built worker start to first answer ${median(built).toFixed(1)} ms (dist/argumentCheckWorker.js, median of 5)` : '  built worker: run `npm run build` first');
  } finally {
    checker.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(errorMessage(err));
  process.exitCode = 1;
});
