/**
 * Pids of stdio servers this process started and has not yet seen exit. On
 * process exit they are killed synchronously, so a CLI that ends abruptly
 * (an uncaught error, `process.exit`) leaves no orphaned servers behind.
 */
const live = new Set<number>();
let hooked = false;

function killAll(): void {
  for (const pid of live) {
    killQuietly(pid, 'SIGKILL');
  }
  live.clear();
}

export function trackChild(pid: number): void {
  live.add(pid);
  if (!hooked) {
    hooked = true;
    process.once('exit', killAll);
  }
}

export function untrackChild(pid: number): void {
  live.delete(pid);
}

/** Signals a process that may already be gone. */
export function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already exited: nothing to do.
  }
}
