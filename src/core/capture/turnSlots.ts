import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { abortableSleep, pidAlive } from '../util/processWait';
import { FileBoundError, readUserFileHead } from '../util/readLimits';

/**
 * A bound on real OpenClaw turns in flight across every process of the user
 * (the extension host, the CLI, the test tiers): a folder of slot files, one
 * per turn running. A turn costs OpenClaw's whole startup (about 20 CPU
 * seconds), so turns beyond the machine's cores only slow each other down, and
 * past a point every one of them reaches its timeout: two captures of three
 * modes beside a VS Code capture on two cores did. A turn waits here for a
 * slot, and its timeout starts once it has one.
 *
 * A slot whose holder died, or that outlived the time its holder announced,
 * is taken over. A folder that cannot be written bounds nothing (the turn
 * runs): the bound is about speed, never about safety.
 */

type Env = Record<string, string | undefined>;

/** Turns at once across processes; default the machine's available parallelism. */
export const TURN_SLOTS_ENV = 'TSI_TURN_SLOTS';
const POLL_MS = 150;
// `<pid> <until>`: 27 bytes at most; a longer file is read only this far, and then is nobody's.
const SLOT_FILE_BYTES = 64;
// A waiter touches its ticket at every poll; one untouched this long belongs to a process that stopped waiting.
const TICKET_STALE_MS = 30_000;

export interface TurnSlotsConfig {
  dir: string;
  count: number;
}

export interface HeldSlot {
  /** How long the turn waited for its slot. */
  queuedMs: number;
  release(): void;
}

/** The slot count `TSI_TURN_SLOTS` asks for (a whole number from 1 to 64), else the machine's parallelism. */
export function turnSlotCount(env: Env): number {
  const asked = env[TURN_SLOTS_ENV];
  if (asked !== undefined && /^\d{1,2}$/.test(asked.trim())) {
    const n = Number(asked.trim());
    if (n >= 1 && n <= 64) {
      return n;
    }
  }
  return Math.max(1, os.availableParallelism());
}

const held = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) {
    return;
  }
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const file of held) {
      try {
        fs.rmSync(file, { force: true });
      } catch {
        // the process is leaving; a slot left behind is taken over once its pid is gone
      }
    }
  });
}

/** True when the slot file's holder is gone or past the time it announced (pids are reused). */
function isStale(file: string, now: number): boolean {
  let text: string;
  try {
    text = readUserFileHead(file, SLOT_FILE_BYTES).toString('utf8');
  } catch (err) {
    // Released meanwhile (the next attempt takes it); anything but a file there is nobody's slot.
    return err instanceof FileBoundError;
  }
  const m = /^(\d{1,10}) (\d{1,16})$/.exec(text.trim());
  if (!m) {
    // Being written (empty for an instant), or not ours: old enough, it is taken over.
    try {
      return now - fs.statSync(file).mtimeMs > 10_000;
    } catch {
      return false;
    }
  }
  const pid = Number(m[1]);
  const until = Number(m[2]);
  return (pid !== process.pid && !pidAlive(pid)) || now > until;
}

function tryTake(file: string, holdMs: number): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o600);
  } catch {
    return false;
  }
  try {
    fs.writeSync(fd, `${process.pid} ${Date.now() + holdMs}`);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

let ticketSeq = 0;

/** A waiter's place in line: its file in `queue/`, named so that names sort by arrival. */
function ticketName(now: number): string {
  return `${String(now).padStart(15, '0')}-${String(process.pid).padStart(10, '0')}-${String(ticketSeq++).padStart(6, '0')}`;
}

/** The waiters in line, oldest first; a ticket whose owner died or stopped polling is removed. */
function liveTickets(queue: string, now: number): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(queue).filter((n) => /^\d{15}-\d{10}-\d{6}$/.test(n));
  } catch {
    return [];
  }
  const live: string[] = [];
  for (const name of names.sort()) {
    const pid = Number(name.slice(16, 26));
    let touched: number;
    try {
      touched = fs.statSync(path.join(queue, name)).mtimeMs;
    } catch {
      continue; // left the line meanwhile
    }
    if ((pid !== process.pid && !pidAlive(pid)) || now - touched > TICKET_STALE_MS) {
      fs.rmSync(path.join(queue, name), { force: true });
      continue;
    }
    live.push(name);
  }
  return live;
}

/** Slot files nobody holds any more are removed; the rest are counted. */
function heldSlots(dir: string, count: number, now: number): number {
  let n = 0;
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `slot-${i}`);
    if (!fs.existsSync(file)) {
      continue;
    }
    if (isStale(file, now)) {
      fs.rmSync(file, { force: true });
      continue;
    }
    n++;
  }
  return n;
}

/**
 * Waits for one of `count` slots in `dir` and holds it for at most `holdMs`
 * (the turn's timeout and its teardown): after that another process may take
 * it over. Waiters are served in the order they came, across processes (a
 * ticket each in `queue/`), so no suite's turn starves behind another's.
 * Resolves without a slot when the folder cannot be used, and with
 * `undefined` when `signal` aborts first. `onWait` is called once, when it
 * finds no slot free at first (so a caller can say the turn is queued).
 */
export async function takeTurnSlot(config: TurnSlotsConfig, holdMs: number, signal?: AbortSignal, onWait?: () => void): Promise<HeldSlot | undefined> {
  const started = Date.now();
  const free: HeldSlot = { queuedMs: 0, release: () => undefined };
  const queue = path.join(config.dir, 'queue');
  const ticket = path.join(queue, ticketName(started));
  try {
    fs.mkdirSync(queue, { recursive: true, mode: 0o700 });
    fs.writeFileSync(ticket, '', { flag: 'wx', mode: 0o600 });
  } catch {
    return free;
  }
  installExitHook();
  held.add(ticket);
  const leaveLine = (): void => {
    held.delete(ticket);
    fs.rmSync(ticket, { force: true });
  };
  const count = Math.max(1, Math.floor(config.count));
  let waited = false;
  try {
    for (;;) {
      if (signal?.aborted) {
        return undefined;
      }
      const now = Date.now();
      try {
        fs.utimesSync(ticket, new Date(now), new Date(now));
      } catch {
        return { ...free, queuedMs: now - started }; // the line went away: nothing to bound with
      }
      const place = liveTickets(queue, now).indexOf(path.basename(ticket));
      if (place >= 0 && place < count - heldSlots(config.dir, count, now)) {
        for (let i = 0; i < count; i++) {
          const file = path.join(config.dir, `slot-${i}`);
          if (!tryTake(file, holdMs)) {
            continue;
          }
          held.add(file);
          let released = false;
          return {
            queuedMs: Date.now() - started,
            release: () => {
              if (released) {
                return;
              }
              released = true;
              held.delete(file);
              fs.rmSync(file, { force: true });
            },
          };
        }
      }
      if (!waited) {
        waited = true;
        onWait?.();
      }
      await abortableSleep(POLL_MS, signal);
    }
  } finally {
    leaveLine();
  }
}
