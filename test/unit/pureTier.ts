/**
 * The unit tier is pure and fast: a test that starts a process, a worker or a
 * timer fails here and belongs in test/process. Loaded by .mocharc.json.
 */
import { createRequire } from 'node:module';

// The modules themselves (not the getters of an ES namespace), so every importer sees the refusal.
const load = createRequire(__filename);
const childProcess = load('node:child_process') as Record<string, unknown>;
const workerThreads = load('node:worker_threads') as Record<string, unknown>;

function refuse(what: string): never {
  throw new Error(`unit tier: ${what} is not allowed here (no processes, no timers); move the test to test/process`);
}

for (const name of ['spawn', 'spawnSync', 'fork', 'exec', 'execSync', 'execFile', 'execFileSync']) {
  childProcess[name] = () => refuse(`child_process.${name}`);
}
// tsx compiles the test files through esbuild's own worker thread: that one is the loader's, not a test's.
const RealWorker = workerThreads.Worker as new (...args: unknown[]) => object;
workerThreads.Worker = function Worker(...args: unknown[]): object {
  const caller = new Error().stack?.split('\n')[2] ?? '';
  return /node_modules[\\/]esbuild[\\/]/.test(caller) ? Reflect.construct(RealWorker, args) : refuse('a worker thread');
};

// Mocha keeps its own references to the timer functions, so its test timeouts still work.
const realSetTimeout = globalThis.setTimeout;
const realSetInterval = globalThis.setInterval;
globalThis.setTimeout = ((fn: () => void, ms?: number, ...rest: unknown[]) => (ms ?? 0) > 0 ? refuse(`setTimeout(${ms} ms)`) : realSetTimeout(fn, 0, ...rest)) as typeof setTimeout;
globalThis.setInterval = ((..._args: unknown[]) => refuse('setInterval')) as unknown as typeof setInterval;
void realSetInterval;
