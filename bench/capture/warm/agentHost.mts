// An experiment of bench/capture/warmHostBench.ts (`npm run bench:capture-warm`),
// not a product path: can one warm OpenClaw serve the four modes of a capture?
// One Node 24 process loads OpenClaw's CLI once and then runs, one after
// another, the `openclaw agent --local ...` invocation a cold capture turn
// runs as its own process: per turn the parent sends the environment,
// working folder and argv; this process makes them its own, resets what
// OpenClaw pins per process (the runtime config and secrets snapshots, the
// state database handles), runs OpenClaw's entry (`runMainOrRootHelp`, what
// `dist/entry.js` runs as main) in the CLI process scope, and answers with
// what a process would have left behind: the exit code, stdout and stderr.
// A turn's process.exit ends the turn instead of the process.
//
// What it found with OpenClaw 2026.9.6 (bench/README.md): the first turn's
// request equals a cold turn's; a later turn, with its own config file, still
// sent the first turn's Tool Search mode. OpenClaw's one-shot CLI keeps
// process-lifetime state (module constants such as its config folder,
// computed from the environment at import, and state the first turn's
// unfinished background work still holds) that only the process's exit ends.
//
// Requests (IPC): `{ id, op: 'turn', env, cwd, argv }`. Replies: `{ ready }`
// once, then `{ id, exitCode, stdout, stderr, cpuMs }` per turn.
// Erasable TypeScript only: Node 24 runs this file as is.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

type Fn = (...args: unknown[]) => unknown;

interface TurnRequest {
  id: number;
  op: 'turn';
  env: Record<string, string>;
  cwd: string;
  argv: string[];
}

const packageDir = process.argv[2] ?? '';
const entryFile = path.join(packageDir, 'dist', 'entry.js');
const entrySource = fs.readFileSync(entryFile, 'utf8');

/**
 * A function `dist/entry.js` imports, by its local name: the entry's own
 * import line says which chunk exports it under which alias (chunk names and
 * aliases are hashed per build, function names are not).
 */
async function entryImport(name: string): Promise<Fn> {
  for (const m of entrySource.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const [alias, local] = part.trim().split(/\s+as\s+/);
      if ((local ?? alias)?.trim() === name) {
        const mod = (await import(pathToFileURL(path.join(path.dirname(entryFile), m[2] ?? '')).href)) as Record<string, unknown>;
        const value = mod[(alias ?? '').trim()];
        if (typeof value === 'function') return value as Fn;
      }
    }
  }
  throw new Error(`openclaw: dist/entry.js imports no function named "${name}" (renamed in this version?)`);
}

/**
 * A function some dist chunk exports, by its name: the chunks whose file name
 * starts with `prefix` are read for their export lists (as the oracle adapter
 * finds functions: names survive the build, chunk names and aliases do not).
 */
async function chunkExport(name: string, prefix: string): Promise<Fn> {
  const dist = path.dirname(entryFile);
  for (const file of fs.readdirSync(dist).filter((f) => f.startsWith(prefix) && f.endsWith('.mjs'))) {
    const text = fs.readFileSync(path.join(dist, file), 'utf8');
    if (!new RegExp(`\\b${name}\\b`).test(text)) continue;
    const mod = (await import(pathToFileURL(path.join(dist, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (typeof value === 'function' && value.name === name) return value as Fn;
    }
  }
  throw new Error(`openclaw: no dist chunk ${prefix}* exports a function named "${name}" (renamed in this version?)`);
}

// What the current turn wrote, until it exits; the parent gets it with the turn's answer.
// After the exit, whatever the turn's leftovers write goes nowhere, as after a process's exit.
let out: string[] = [];
let err: string[] = [];
let writing = false;
function tee(sink: () => string[]): typeof process.stdout.write {
  return ((chunk: unknown, encoding?: unknown, cb?: unknown): boolean => {
    if (writing) {
      sink().push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString(typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    }
    const done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }) as typeof process.stdout.write;
}
process.stdout.write = tee(() => out);
process.stderr.write = tee(() => err);

// A process turn ends with process.exit; here the first exit of a turn ends the turn instead,
// and unwinds its caller with a sentinel that OpenClaw's own uncaught-exception and
// unhandled-rejection handlers are told to ignore (registered below). A later exit of the
// same turn (its leftovers) does nothing.
class TurnExit extends Error {
  readonly code: number;
  constructor(code: number) {
    super(`openclaw turn exit ${code}`);
    this.code = code;
  }
}
let exitCode: number | undefined;
let turnEnded = true;
let onExit: (() => void) | undefined;
process.exit = ((code?: number | string | null): never => {
  if (turnEnded) return undefined as never;
  turnEnded = true;
  writing = false;
  exitCode = typeof code === 'number' ? code : Number(code ?? process.exitCode ?? 0) || 0;
  onExit?.();
  throw new TurnExit(exitCode);
}) as typeof process.exit;
const isTurnExit = (e: unknown): boolean => e instanceof TurnExit;
const lastResort = (e: unknown): void => {
  if (isTurnExit(e)) return;
  if (writing) err.push(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
};
process.on('uncaughtException', lastResort);
process.on('unhandledRejection', lastResort);
const [registerUncaughtExceptionHandler, registerUnhandledRejectionHandler] = await Promise.all([
  chunkExport('registerUncaughtExceptionHandler', 'unhandled-rejections'),
  chunkExport('registerUnhandledRejectionHandler', 'unhandled-rejections'),
]);
registerUncaughtExceptionHandler(isTurnExit);
// The one process-wide cache a fresh process would not have: the pinned runtime config
// (the previous turn's config file, provider and workspace). Everything else OpenClaw
// reads per invocation from process.env, process.argv and the working folder.
const resetConfigRuntimeState = await chunkExport('resetConfigRuntimeState', 'runtime-snapshot');
const clearSecretsRuntimeSnapshotState = await chunkExport('clearSecretsRuntimeSnapshotState', 'runtime-state');
const closeOpenClawStateDatabaseAsync = await chunkExport('closeOpenClawStateDatabaseAsync', 'openclaw-state-db-cache');
let turns = 0;
registerUnhandledRejectionHandler(isTurnExit);

const [installDistEsmResolveFastPath, installProcessWarningFilter, ensureOpenClawExecMarkerOnProcess, normalizeEnv, withCliProcessScope] = await Promise.all(
  ['installDistEsmResolveFastPath', 'installProcessWarningFilter', 'ensureOpenClawExecMarkerOnProcess', 'normalizeEnv', 'withCliProcessScope'].map(entryImport),
);
const entry = (await import(pathToFileURL(entryFile).href)) as { runMainOrRootHelp?: Fn };
if (typeof entry.runMainOrRootHelp !== 'function') {
  throw new Error('openclaw: dist/entry.js exports no runMainOrRootHelp (renamed in this version?)');
}
const runMainOrRootHelp = entry.runMainOrRootHelp;
// What the entry does once per process before any command.
installDistEsmResolveFastPath?.(pathToFileURL(entryFile).href);
installProcessWarningFilter?.();

async function turn(req: TurnRequest): Promise<void> {
  out = [];
  err = [];
  writing = true;
  turnEnded = false;
  exitCode = undefined;
  process.exitCode = undefined;
  for (const key of Object.keys(process.env)) {
    if (!(key in req.env)) delete process.env[key];
  }
  Object.assign(process.env, req.env);
  process.chdir(req.cwd);
  process.argv = [process.execPath, ...req.argv];
  if (turns++ > 0) {
    await closeOpenClawStateDatabaseAsync();
  }
  clearSecretsRuntimeSnapshotState();
  resetConfigRuntimeState({});
  ensureOpenClawExecMarkerOnProcess?.();
  normalizeEnv?.();
  const cpu = process.cpuUsage();
  const exited = new Promise<void>((resolve) => {
    onExit = resolve;
  });
  try {
    await withCliProcessScope?.(() => runMainOrRootHelp(process.argv, {}));
  } catch (e) {
    lastResort(e);
  }
  // The one-shot exit follows once the output drained; a command that returns without one
  // ends as a process whose event loop emptied would (its exit code as set).
  await Promise.race([exited, new Promise((r) => setTimeout(r, 2000).unref())]);
  turnEnded = true;
  writing = false;
  onExit = undefined;
  const used = process.cpuUsage(cpu);
  process.send?.({ id: req.id, exitCode: exitCode ?? (typeof process.exitCode === 'number' ? process.exitCode : 0), stdout: out.join(''), stderr: err.join(''), cpuMs: (used.user + used.system) / 1000 });
}

let queue = Promise.resolve();
process.on('message', (raw: unknown) => {
  const req = raw as TurnRequest;
  if (req?.op !== 'turn') return;
  queue = queue.then(() => turn(req)).catch((e: unknown) => {
    process.send?.({ id: req.id, exitCode: 1, stdout: out.join(''), stderr: `${err.join('')}\n${e instanceof Error ? (e.stack ?? e.message) : String(e)}`, cpuMs: 0 });
  });
});
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
process.send?.({ ready: true });
