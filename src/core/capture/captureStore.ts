import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import stableStringify from 'fast-json-stable-stringify';
import { errorMessage } from '../util/errors';
import type { CaptureMode } from './captureConfig';
import { FileBoundError, READ_LIMITS, readUserFile } from '../util/readLimits';
import { abortableSleep, pidAlive } from '../util/processWait';

/**
 * Capture once, judge many: a folder of real turns' results, keyed by what
 * decides the request (the workspace's content, the config, the OpenClaw
 * release, the mode, the prompt, the provider and model). A turn whose key is
 * in the store is served from it instead of being run again; a key being run
 * by another process is waited for, so each key runs once per store.
 *
 * It exists for the test tiers (`TSI_CAPTURE_STORE`, set by their runners to
 * a folder of the run's tooling cache: a cold CI starts it empty). Every
 * entry is a request a real OpenClaw sent in this store's lifetime; nothing is
 * checked in or synthesized. Only `ok` turns are kept: a failed, timed-out or
 * cancelled turn is never replayed, and the capture's own behaviour (cancel,
 * timeouts, kept scratch folders, timelines) always runs for real.
 *
 * The ledger (`TSI_CHECK_LEDGER`) gets one line per real turn and per
 * replay, with the suite that asked (`TSI_CHECK_CONSUMER`); the test tiers
 * count their real checks from it (test/helpers/realChecks.ts).
 */

type Env = Record<string, string | undefined>;

export const CAPTURE_STORE_ENV = 'TSI_CAPTURE_STORE';
/** A file that gets one JSON line per real turn and per replay (the test tiers' count of real checks). */
export const CHECK_LEDGER_ENV = 'TSI_CHECK_LEDGER';
/** Bumped when what an entry holds changes, so an old store's entries are not read. */
const STORE_FORMAT = 1;
// The workspace's content is hashed within these bounds; past them the turn is not stored.
const MAX_TREE_FILES = READ_LIMITS.captureTreeFiles;
const MAX_TREE_BYTES = READ_LIMITS.captureTreeBytes;
const SKIPPED_DIRS = new Set(['node_modules', '.git']);
// A key another process runs is waited for up to its turn timeout and this.
const WAIT_SLACK_MS = 60_000;
const POLL_MS = 200;

export interface StoreKeyInput {
  config: unknown;
  configDir: string;
  openclawVersion: string;
  /**
   * The folder of the package that runs the turn: its requests cite it (docs,
   * bundled skills), so two installs of one release are two keys (a UI lane's
   * install in its server's storage beside the tooling cache's, in one CI run).
   */
  openclawDir?: string;
  /** The agent the turn runs (absent in keys made before capture ran any agent but `main`). */
  agent?: string;
  mode: CaptureMode;
  prompt: string;
  providerId: string;
  modelId: string;
  contextWindow?: number;
  play: boolean;
  wholeTurn: boolean;
}

export interface LedgerLine {
  kind: 'turn' | 'replay';
  key: string;
  mode: CaptureMode;
  openclaw: string;
  outcome: string;
  consumer: string;
  pid: number;
  at: number;
}

/** The store a turn may use: the env's folder, or none. */
export function captureStoreDir(env: Env): string | undefined {
  const dir = env[CAPTURE_STORE_ENV];
  return dir !== undefined && dir.length > 0 && path.isAbsolute(dir) ? dir : undefined;
}

export function checkConsumer(env: Env): string {
  return env.TSI_CHECK_CONSUMER ?? `pid-${process.pid}`;
}

/** Appends a line to the ledger `TSI_CHECK_LEDGER` names, if any. */
export function noteInLedger(env: Env, line: Omit<LedgerLine, 'pid' | 'at' | 'consumer'>): void {
  const file = env[CHECK_LEDGER_ENV];
  if (file === undefined || !path.isAbsolute(file)) {
    return;
  }
  const full: LedgerLine = { ...line, consumer: checkConsumer(env), pid: process.pid, at: Date.now() };
  try {
    fs.appendFileSync(file, `${JSON.stringify(full)}\n`);
  } catch {
    // The count is a report, not the result.
  }
}

/** sha256 over the files under `dir` (paths and bytes), or undefined past the bounds. */
export function workspaceContentHash(dir: string): string | undefined {
  const hash = createHash('sha256');
  let files = 0;
  let bytes = 0;
  const walk = (rel: string): boolean => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, rel), { withFileTypes: true });
    } catch {
      return true;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const child = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name) && !walk(child)) {
          return false;
        }
      } else if (e.isFile()) {
        if (++files > MAX_TREE_FILES) {
          return false;
        }
        let data: Buffer;
        try {
          data = readUserFile(path.join(dir, child), MAX_TREE_BYTES - bytes);
        } catch (err) {
          if (err instanceof FileBoundError && err.reason === 'too-large') {
            return false;
          }
          continue;
        }
        bytes += data.length;
        if (bytes > MAX_TREE_BYTES) {
          return false;
        }
        hash.update(`${child}\0${data.length}\0`);
        hash.update(data);
      }
    }
    return true;
  };
  return walk('') ? hash.digest('hex') : undefined;
}

/**
 * The entry's key, or undefined when the workspace is too large to hash.
 * `tree` is `workspaceContentHash(input.configDir)` when the caller already has it (one per capture, not per mode).
 */
export function storeKey(input: StoreKeyInput, tree: string | undefined = workspaceContentHash(input.configDir)): string | undefined {
  if (tree === undefined) {
    return undefined;
  }
  return createHash('sha256')
    .update(stableStringify({ format: STORE_FORMAT, ...input, configDir: path.resolve(input.configDir), tree }))
    .digest('hex')
    .slice(0, 32);
}

/**
 * The state of a key another process holds: `stale` when its holder died,
 * `late` past the holder's timeout and slack (counted from when its turn
 * began: the holder touches the lock then, after any wait for a turn slot),
 * `released` when the lock is gone, else `running`.
 */
function lockHolder(lock: string, firstSeen: number, waitMs: number): 'stale' | 'late' | 'released' | 'running' {
  let holderText: string;
  let since: number;
  try {
    holderText = fs.readFileSync(lock, 'utf8');
    since = Math.max(firstSeen, fs.statSync(lock).mtimeMs);
  } catch {
    return 'released';
  }
  const holder = Number.parseInt(holderText.trim() || 'NaN', 10);
  if (Number.isFinite(holder) && holder !== process.pid && !pidAlive(holder)) {
    return 'stale';
  }
  return Date.now() > since + waitMs + WAIT_SLACK_MS ? 'late' : 'running';
}

export interface StoredTurn<T> {
  value: T;
  /** True when the value came from the store, not from `run`. */
  replayed: boolean;
}

/**
 * One key's turn: served from the store, waited for while another process
 * runs it, or run (and stored when `keep` says so). A store that cannot be
 * written only costs the sharing: the turn still runs.
 */
export async function throughStore<T>(opts: {
  dir: string;
  key: string;
  waitMs: number;
  signal?: AbortSignal;
  /**
   * Runs the turn. `began`, when given, is called once the turn really starts
   * (after any wait for a turn slot): a process waiting for this key counts its
   * deadline from then, not from when the key was taken.
   */
  run: (began?: () => void) => Promise<T>;
  keep: (value: T) => boolean;
  /** Told of every value: run here or replayed. */
  note: (value: T, replayed: boolean) => void;
}): Promise<StoredTurn<T>> {
  const entry = path.join(opts.dir, `${opts.key}.json`);
  const lock = path.join(opts.dir, `${opts.key}.lock`);
  const note = opts.note;
  // Unshared: no store folder, a lock that cannot be made, or a holder past its time.
  const runHere = async (): Promise<StoredTurn<T>> => {
    const value = await opts.run();
    note(value, false);
    return { value, replayed: false };
  };
  const read = (): T | undefined => {
    try {
      return JSON.parse(fs.readFileSync(entry, 'utf8')) as T;
    } catch {
      return undefined;
    }
  };
  try {
    fs.mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
  } catch {
    return runHere();
  }
  const firstSeen = Date.now();
  for (;;) {
    const stored = read();
    if (stored !== undefined) {
      note(stored, true);
      return { value: stored, replayed: true };
    }
    let fd: number | undefined;
    try {
      fd = fs.openSync(lock, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
    } catch (err) {
      if (fd !== undefined) {
        fs.closeSync(fd);
      }
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        return runHere();
      }
      // Another process runs this key: wait for its entry, or take over when it died or took too long.
      const holder = lockHolder(lock, firstSeen, opts.waitMs);
      if (holder === 'released') {
        continue;
      }
      if (holder === 'stale') {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (holder === 'late' || opts.signal?.aborted) {
        return runHere();
      }
      await abortableSleep(POLL_MS, opts.signal);
      continue;
    }
    try {
      // Stored between our read and our lock.
      const late = read();
      if (late !== undefined) {
        note(late, true);
        return { value: late, replayed: true };
      }
      const began = (): void => {
        try {
          const now = new Date();
          fs.utimesSync(lock, now, now);
        } catch {
          // a lock that cannot be touched only shortens a waiter's patience
        }
      };
      const value = await opts.run(began);
      note(value, false);
      if (opts.keep(value)) {
        writeEntry(entry, value);
      }
      return { value, replayed: false };
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
}

function writeEntry(entry: string, value: unknown): void {
  const tmp = `${entry}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, JSON.stringify(value), { mode: 0o600 });
    fs.renameSync(tmp, entry);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    process.emitWarning(`capture store: ${entry} not written: ${errorMessage(err)}`);
  }
}
