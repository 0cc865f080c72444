// The test tiers' count of real checks, and their capture store.
//
// Loaded before any suite (a mocha root-hooks plugin: `require` in the
// oracle and real tiers' .mocharc, `rootHooks` in the workbench runners). It
//  - gives the run a capture store (`TSI_CAPTURE_STORE`, src/core/capture/
//    captureStore.ts) and a ledger (`TSI_CHECK_LEDGER`) when the runner did
//    not: a fresh folder, so a tier run alone starts cold and shares each real
//    turn among its own suites; `.ci/run` sets one store for the whole run;
//    `TSI_CAPTURE_STORE=` (empty) turns the store off, so every turn is real;
//  - counts the assertions (node:assert, every style) each test makes;
//  - marks a suite as judging a real request once a real turn or a replay
//    reached this process's consumer (`TSI_CHECK_CONSUMER`, or the pid) during
//    its hooks or tests, and writes each such test's assertion count to the
//    ledger. A real-request assertion is one made by a test of such a suite.
import * as fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import * as path from 'node:path';
import type { Context, Suite, Test } from 'mocha';
import { scratchDir } from './scratch';

const STORE_ENV = 'TSI_CAPTURE_STORE';
const LEDGER_ENV = 'TSI_CHECK_LEDGER';

function consumer(): string {
  return process.env.TSI_CHECK_CONSUMER ?? `pid-${process.pid}`;
}

/** Sets the store and the ledger for this process and its children, unless the runner did. */
export function ensureRealCheckEnv(): { store?: string; ledger: string } {
  let made: string | undefined;
  // Removed when this process exits, with every other scratch folder of it.
  const fresh = (): string => (made ??= scratchDir('real-checks-'));
  if (process.env[STORE_ENV] === undefined) {
    process.env[STORE_ENV] = path.join(fresh(), 'capture-store');
  }
  if (!process.env[LEDGER_ENV]) {
    process.env[LEDGER_ENV] = path.join(fresh(), 'ledger.jsonl');
  }
  const store = process.env[STORE_ENV];
  return { ...(store ? { store } : {}), ledger: process.env[LEDGER_ENV] };
}

let assertions = 0;
const COUNTED = Symbol.for('tsi.realChecks.counted');

function countAssertions(): void {
  // The module objects themselves (an import's namespace is a read-only copy).
  const assertModule = process.getBuiltinModule('node:assert');
  const targets = [assertModule as unknown as Record<string, unknown>, assertModule.strict as unknown as Record<string, unknown>];
  const swaps: { target: Record<string, unknown>; name: string; original: unknown; counted: unknown }[] = [];
  // Node's assert compares its own exports by identity (match vs doesNotMatch reads `fn === assert.match`):
  // each counted call runs with the originals in place.
  const originals = (): void => swaps.forEach((w) => (w.target[w.name] = w.original));
  const counting = (): void => swaps.forEach((w) => (w.target[w.name] = w.counted));
  for (const target of targets) {
    for (const [name, fn] of Object.entries(target)) {
      if (typeof fn !== 'function' || name === 'default' || name === 'AssertionError' || name === 'strict' || name === 'CallTracker' || name === 'Assert' || (fn as unknown as Record<symbol, boolean>)[COUNTED]) {
        continue;
      }
      const original = fn as (...args: unknown[]) => unknown;
      const counted = function (this: unknown, ...args: unknown[]): unknown {
        assertions++;
        originals();
        try {
          return original.apply(this, args);
        } finally {
          counting();
        }
      };
      Object.defineProperty(counted, COUNTED, { value: true });
      swaps.push({ target, name, original, counted });
    }
  }
  counting();
  // ESM namespaces of built-ins follow their CommonJS exports only when told.
  syncBuiltinESMExports();
}

interface LedgerEntry {
  kind: string;
  consumer?: string;
}

function ledgerLines(file: string): LedgerEntry[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const out: LedgerEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      continue;
    }
    try {
      out.push(JSON.parse(line) as LedgerEntry);
    } catch {
      // a line being written
    }
  }
  return out;
}

/** Real turns and replays this consumer has seen so far. */
function turnsSeen(file: string, who: string): number {
  return ledgerLines(file).filter((l) => (l.kind === 'turn' || l.kind === 'replay') && l.consumer === who).length;
}

/** The suite a turn seen at a test's start belongs to: the nearest one with `before` hooks (where captures are taken). */
function ownerOf(test: Test): Suite | undefined {
  for (let s: Suite | undefined = test.parent; s; s = s.parent) {
    if ((s as unknown as { _beforeAll: unknown[] })._beforeAll.length > 0) {
      return s;
    }
  }
  return test.parent;
}

function judgesReal(test: Test, real: Set<Suite>): boolean {
  for (let s: Suite | undefined = test.parent; s; s = s.parent) {
    if (real.has(s)) {
      return true;
    }
  }
  return false;
}

export interface RealCheckTotals {
  consumer: string;
  tests: number;
  assertions: number;
}

/** The root hooks: count, mark, and write one ledger line per judging test and one total at the end. */
export function realCheckHooks(): { beforeEach: (this: Context) => void; afterEach: (this: Context) => void; afterAll: () => void } {
  const { ledger } = ensureRealCheckEnv();
  countAssertions();
  const who = consumer();
  const real = new Set<Suite>();
  const totals: RealCheckTotals = { consumer: who, tests: 0, assertions: 0 };
  let seen = turnsSeen(ledger, who);
  let atStart = 0;
  const write = (line: object): void => {
    try {
      fs.appendFileSync(ledger, `${JSON.stringify(line)}\n`);
    } catch {
      // a report only
    }
  };
  return {
    beforeEach(this: Context) {
      const test = this.currentTest;
      const now = turnsSeen(ledger, who);
      if (test && now > seen) {
        const owner = ownerOf(test);
        if (owner) {
          real.add(owner);
        }
      }
      seen = now;
      atStart = assertions;
    },
    afterEach(this: Context) {
      const test = this.currentTest;
      const now = turnsSeen(ledger, who);
      if (test?.parent && now > seen) {
        real.add(test.parent);
      }
      seen = now;
      if (test && test.state === 'passed' && judgesReal(test, real)) {
        const made = assertions - atStart;
        totals.tests++;
        totals.assertions += made;
        write({ kind: 'assertions', consumer: who, test: test.fullTitle(), file: test.file ? path.basename(test.file) : undefined, count: made, pid: process.pid, at: Date.now() });
      }
    },
    afterAll() {
      const lines = ledgerLines(ledger).filter((l) => l.consumer === who);
      const turns = lines.filter((l) => l.kind === 'turn').length;
      const replays = lines.filter((l) => l.kind === 'replay').length;
      console.log(`real checks (${who}): ${turns} real OpenClaw turn(s), ${replays} served from the capture store, ${totals.assertions} real-request assertion(s) in ${totals.tests} test(s)`);
    },
  };
}

/** For `require` in a .mocharc: mocha reads `mochaHooks` from a required module. */
export const mochaHooks = (): ReturnType<typeof realCheckHooks> => realCheckHooks();
