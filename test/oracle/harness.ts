// Shared by the differential suites: one OpenClaw adapter child per mocha run,
// the pinned version from the tooling cache (installed on first use, so a cold
// CI machine works), and fast-check settings.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as fc from 'fast-check';
import { formatDifference, undocumented, type Difference } from '../../src/core/oracle/differences';
import { locateOpenClaw, PINNED_OPENCLAW_VERSION, type OpenClawLocation } from '../../src/core/oracle/openclawLocation';
import { OpenClawOracle } from '../../src/core/oracle/openclawOracle';
import { modelledAs } from '../../src/core/oracle/diffConfig';
import type { ModelledVersion } from '../../src/core/policy/openclawVersions';

export const REPO = path.resolve(__dirname, '..', '..');
/** Node 24 runs the adapter's TypeScript source directly (type stripping); no build needed. */
export const CHILD_SCRIPT = path.join(REPO, 'src', 'oracle', 'openclawChild.mts');

/** Cases per property: `TSI_ORACLE_RUNS`, default 1000. */
export function numRuns(): number {
  const raw = process.env.TSI_ORACLE_RUNS;
  const n = raw === undefined ? 1000 : Number.parseInt(raw, 10);
  return Number.isFinite(n) && n > 0 ? n : 1000;
}

/** The OpenClaw under test: `TSI_OPENCLAW` (a path or a version), default the pinned one. */
export function openclawSpec(): string {
  return process.env.TSI_OPENCLAW ?? PINNED_OPENCLAW_VERSION;
}

interface ToolingModule {
  ensureOpenclaw(opts: { version: string; log?: (m: string) => void }): unknown;
}

/** The OpenClaw child, where it came from, and the version our side models for it. */
export interface SharedOracle {
  oracle: OpenClawOracle;
  location: OpenClawLocation;
  openclaw: ModelledVersion;
}

let shared: Promise<SharedOracle> | undefined;
let located: Promise<OpenClawLocation> | undefined;

/** The OpenClaw under test (once); installs the pinned one into the cache when it is missing. */
export function openclawLocation(): Promise<OpenClawLocation> {
  located ??= (async () => {
    const spec = openclawSpec();
    if (/^\d{4}\./.test(spec)) {
      const tooling = (await import(path.join(REPO, 'scripts', 'lib', 'openclawTooling.mjs'))) as ToolingModule;
      tooling.ensureOpenclaw({ version: spec, log: (m) => console.log(`      [openclaw-tooling] ${m}`) });
    }
    return locateOpenClaw(spec, { cwd: REPO });
  })();
  return located;
}

/** Starts (once) the adapter child; installs the pinned OpenClaw into the cache when it is missing. */
export function oracle(): Promise<SharedOracle> {
  shared ??= (async () => {
    const location = await openclawLocation();
    const o = await OpenClawOracle.start({ location, childScript: CHILD_SCRIPT });
    return { oracle: o, location, openclaw: modelledAs(o.version) };
  })();
  return shared;
}

after(async () => {
  if (shared) {
    await (await shared).oracle.close();
  }
});

/** Cases the current test checked (generated cases, real queries), for `TSI_ORACLE_RECORD`. */
let casesThisTest = 0;

/** Counts `n` more cases checked by the current test (the generated ones count themselves). */
export function countCases(n: number): void {
  casesThisTest += n;
}

// `TSI_ORACLE_RECORD` (scripts/test-versions.mjs): one JSON line per test, with its file and case count,
// so that a run of several suites in one process still gives a verdict and a case count per suite.
afterEach(function record(this: Mocha.Context) {
  const file = process.env.TSI_ORACLE_RECORD;
  const test = this.currentTest;
  if (file && test) {
    fs.appendFileSync(file, `${JSON.stringify({ file: path.relative(REPO, test.file ?? ''), title: test.title, state: test.state ?? 'unknown', cases: casesThisTest })}\n`);
  }
  casesThisTest = 0;
});

/** Throws with every undocumented difference, both outputs side by side. */
export function expectNoUndocumented(ds: readonly Difference[]): void {
  const bad = undocumented(ds);
  if (bad.length > 0) {
    throw new Error(`${bad.length} undocumented difference(s) from OpenClaw:\n${bad.map(formatDifference).join('\n')}`);
  }
}

/** Tally of what a property saw, printed after it ran (how many known differences occurred). */
export class Tally {
  cases = 0;
  readonly known = new Map<string, number>();

  add(ds: readonly Difference[]): void {
    this.cases++;
    for (const d of ds) {
      if (d.known) this.known.set(d.known, (this.known.get(d.known) ?? 0) + 1);
    }
  }

  toString(): string {
    const k = [...this.known].map(([id, n]) => `${id} x${n}`).join(', ');
    return `${this.cases} cases${k ? `; documented differences seen: ${k}` : ''}`;
  }
}

/**
 * Runs `check` on `numRuns()` generated inputs; a case with an undocumented
 * difference fails, and fast-check shrinks it before it is reported (its
 * message carries both outputs).
 */
export async function differential<T>(arb: fc.Arbitrary<T>, check: (input: T) => Promise<Difference[]>, tally = new Tally()): Promise<Tally> {
  await fc.assert(
    fc.asyncProperty(arb, async (input) => {
      const ds = await check(input);
      tally.add(ds);
      casesThisTest++;
      expectNoUndocumented(ds);
    }),
    // The difference (or the release's missing function) goes into the report itself, not only its `cause`.
    { numRuns: numRuns(), includeErrorInReport: true, ...(process.env.TSI_ORACLE_SEED ? { seed: Number(process.env.TSI_ORACLE_SEED) } : {}) },
  );
  console.log(`      ${tally.toString()}`);
  return tally;
}
