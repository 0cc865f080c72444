// The OpenClaw the capture benchmarks run: the installed one (the pinned tooling, or `openclaw` on PATH).
import { locateOpenClaw, OpenClawUnavailableError, type OpenClawLocation } from '../../src/core/oracle/openclawLocation';

/** Where OpenClaw is, or undefined after saying the bench is skipped (a machine without it exits 0). */
export function openclawOrSkip(bench: string, cwd: string): OpenClawLocation | undefined {
  try {
    return locateOpenClaw(undefined, { env: process.env, cwd });
  } catch (err) {
    if (err instanceof OpenClawUnavailableError) {
      console.log(`${bench} skipped: ${err.message}`);
      return undefined;
    }
    throw err;
  }
}
