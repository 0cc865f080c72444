import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import {
  boundCodeModeLeg,
  extractCodeModeOutputTexts,
  type CodeModeFinal,
  type CodeModeLegInput,
  type CodeModeOutputItem,
  type CodeModeOutputLedger,
  type CodeModeOutputTexts,
} from '../../../src/core/bridge/codeModeOutput';
import { savedResultDescriptor } from '../../../src/core/bridge/codeModeMcpApi';

/*
 * Every expected leg below is what a real OpenClaw 2026.9.6 exec or wait
 * returned (`capture --mode code-mode --play`, maxOutputBytes 1024, one
 * fenced program per case; waits are the scripted model resuming a program
 * that called yield_control()). The programs are run here again in-process
 * with text/json/yield_control stand-ins, so the same items, final values
 * and errors go through boundCodeModeLeg.
 *
 * OpenClaw's texts are read from the installed package's chunk; without the
 * package the comparisons skip (the texts are never typed here).
 */

interface Leg {
  status: string;
  output: unknown[];
  value?: unknown;
  error?: string;
}

interface Capture {
  program: string;
  legs: Leg[];
}

const FIXTURE = JSON.parse(readFileSync(path.resolve(__dirname, '../../fixtures/code-mode/output-bounds.json'), 'utf8')) as { maxOutputBytes: number; cases: Capture[] };
const CASES = FIXTURE.cases;

const CHUNK = path.join(homedir(), '.cache/tool-search-inspector/openclaw2026.9.6-node24.22.3/openclaw/node_modules/openclaw/dist/code-mode-json-Cek5lI0P.mjs');
const TEXTS: CodeModeOutputTexts | undefined = existsSync(CHUNK) ? extractCodeModeOutputTexts(readFileSync(CHUNK, 'utf8')) : undefined;

/** Ids are random per run: the stand-in has a real id's length, since the id's bytes count against the budget. */
const ID = 'result_00000000-0000-4000-8000-000000000000';
const normalized = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replace(/result_[0-9a-f-]{36}/g, 'result_<id>')) as unknown;

/** The file OpenClaw's frames name, read from the capture of `throw new Error("short")`. */
function frameFile(): string {
  const short = CASES.find((c) => c.program === 'throw new Error("short");')?.legs[0]?.error ?? '';
  const match = /^Error: short\n {4}at (.+):1:7$/.exec(short);
  assert.ok(match?.[1], 'the fixture keeps the capture that names the frame file');
  return match[1];
}

type AsyncFn = (...args: unknown[]) => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => AsyncFn;

/** The program's legs (split at each yield_control()), as the guest hands them to the host. */
async function legsOf(program: string): Promise<{ output: CodeModeOutputItem[]; final?: CodeModeFinal }[]> {
  const legs: { output: CodeModeOutputItem[]; final?: CodeModeFinal }[] = [{ output: [] }];
  const current = (): { output: CodeModeOutputItem[]; final?: CodeModeFinal } => legs[legs.length - 1] as { output: CodeModeOutputItem[] };
  const run = new AsyncFunction('text', 'json', 'yield_control', program);
  try {
    const value = await run(
      (text: unknown) => current().output.push({ type: 'text', text: String(text) }),
      (value: unknown) => current().output.push({ type: 'json', value: JSON.parse(JSON.stringify(value)) as unknown }),
      () => {
        legs.push({ output: [] });
        return Promise.resolve();
      },
    );
    // The final value crosses the worker as JSON; undefined arrives as null.
    current().final = { value: value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown) };
  } catch (error) {
    const e = error as Error;
    // The program's own line and column, from the frame of the function wrapping it (two lines above).
    const at = /<anonymous>:(\d+):(\d+)/.exec(e.stack ?? '');
    current().final = { error: `${e.name}: ${e.message}\n    at ${frameFile()}:${Number(at?.[1]) - 2}:${at?.[2]}` };
  }
  return legs;
}

function retain({ value }: { value: unknown }): { reference: { id: string } & ReturnType<typeof savedResultDescriptor> } {
  return { reference: { id: ID, ...savedResultDescriptor(value) } };
}

async function replay(capture: Capture, texts: CodeModeOutputTexts): Promise<Leg[]> {
  const legs = await legsOf(capture.program);
  let state: CodeModeOutputLedger | undefined;
  return legs.map((leg, i) => {
    const bound = boundCodeModeLeg({ ...leg, maxOutputBytes: FIXTURE.maxOutputBytes, state, texts, retainableBytes: 10 * 1024 * 1024, retain });
    state = bound.state;
    const { state: _state, ...channels } = bound;
    return normalized({ status: capture.legs[i]?.status, ...channels }) as Leg;
  });
}

describe('codeModeOutput: OpenClaw 2026.9.6 bounds of exec/wait results', () => {
  describe('against real captures (maxOutputBytes 1024)', () => {
    for (const capture of CASES) {
      it(capture.program, async function () {
        if (!TEXTS) {
          this.skip();
        }
        assert.deepEqual(await replay(capture, TEXTS), capture.legs);
      });
    }
  });

  describe('what the budget covers', () => {
    // An empty output is not charged: OpenClaw counts the items' array only once there is one.
    const serialized = (leg: Leg): number => (leg.output.length === 0 ? 0 : Buffer.byteLength(JSON.stringify(leg.output))) + (leg.value === undefined ? 0 : Buffer.byteLength(JSON.stringify(leg.value))) + (leg.error === undefined ? 0 : Buffer.byteLength(JSON.stringify(leg.error)));

    it('output array (when it has items), value and error of every captured leg stay within it; the envelope is not charged', () => {
      for (const capture of CASES) {
        for (const leg of capture.legs) {
          // Normalized ids are shorter than real ones, so this is a lower bound for legs with a reference.
          assert.ok(serialized(leg) <= FIXTURE.maxOutputBytes, capture.program);
        }
      }
    });

    it('a cut fills the budget exactly when nothing stops at a character: x*2000 then 1 uses all 1024 bytes', () => {
      const leg = CASES[0]?.legs[0] as Leg;
      assert.equal(serialized(leg), 1024);
      const marker = leg.output[0] as { omittedBytes: number; prefix: string };
      // The prefix is of the output's JSON ([{"type":"text","text":"xxx…), 2027 bytes in all.
      assert.equal(Buffer.byteLength(marker.prefix) + marker.omittedBytes, 2027);
      assert.equal(Buffer.byteLength(marker.prefix), 907);
    });

    it('a waiting leg shares the budget with the legs after it: earlier items are not repeated, a changed summary replaces them', () => {
      const [waiting, done] = CASES.find((c) => c.program.startsWith('text("a".repeat(300)); await yield_control()'))?.legs ?? [];
      assert.equal((waiting?.output[0] as { text: string }).text, 'a'.repeat(300));
      assert.equal((done?.output[0] as { truncated: boolean }).truncated, true);
      assert.match((done?.output[0] as { prefix: string }).prefix, /^\[\{"type":"text","text":"a{300}"\},\{"type":"text","text":"b+$/);
    });
  });

  describe('the texts', () => {
    it('are found in the release chunk, and are the ones the captures carry', function () {
      if (!TEXTS) {
        this.skip();
      }
      const markers = CASES.flatMap((c) => c.legs).flatMap((leg) => [...leg.output, leg.value]);
      const guidance = new Set(markers.map((m) => (m !== null && typeof m === 'object' ? (m as { guidance?: unknown }).guidance : undefined)).filter((g) => g !== undefined));
      assert.deepEqual([...guidance].sort(), [TEXTS.truncationGuidance, TEXTS.retainedGuidance].sort());
      const cut = CASES.flatMap((c) => c.legs).flatMap((leg) => (leg.error === undefined ? [] : [leg.error])).filter((e) => e.endsWith(TEXTS.errorSuffix));
      assert.equal(cut.length, 7);
      assert.ok(TEXTS.notRetainedGuidance.length > 0 && TEXTS.referenceOverBudgetGuidance.length > 0);
    });

    it('extraction names every text it cannot find', () => {
      assert.throws(() => extractCodeModeOutputTexts('const TRUNCATION_GUIDANCE = "t";'), /retainedGuidance, errorSuffix, notRetainedGuidance, referenceOverBudgetGuidance/);
    });

    it('extraction reads escaped strings as the chunk defines them', () => {
      const chunk = [
        'const TRUNCATION_GUIDANCE = "cut \\"here\\"";',
        'const RETAINED_GUIDANCE = "kept";',
        'function createErrorFitter(error, maxBytes) {\n\tconst suffix = " [cut]";',
        'fit({ ...params, valueGuidance: "none" }) ?? original;',
        'projection = fitNonRetention("too big");',
      ].join('\n');
      assert.deepEqual(extractCodeModeOutputTexts(chunk), { truncationGuidance: 'cut "here"', retainedGuidance: 'kept', errorSuffix: ' [cut]', notRetainedGuidance: 'none', referenceOverBudgetGuidance: 'too big' });
    });
  });

  /*
   * Paths the captures cannot reach with the scripted model (a store that
   * refuses, a model context budget, a wait that adds nothing), read from
   * CodeModeOutputState.takeResult. Stand-in texts: these check mechanics.
   */
  describe('from the source, without a capture', () => {
    const texts: CodeModeOutputTexts = { truncationGuidance: 'T', retainedGuidance: 'R', errorSuffix: ' [E]', notRetainedGuidance: 'N', referenceOverBudgetGuidance: 'O' };
    const base = { maxOutputBytes: 1024, texts } satisfies Partial<CodeModeLegInput>;
    const big = Array.from({ length: 200 }, (_, i) => ({ i }));

    it("a store's refusal becomes the value marker's guidance", () => {
      const bound = boundCodeModeLeg({ ...base, output: [], final: { value: big }, retainableBytes: 1 << 20, retain: () => ({ reason: 'store full' }) });
      assert.deepEqual(Object.keys(bound.value as object), ['truncated', 'omittedBytes', 'guidance', 'prefix']);
      assert.equal((bound.value as { guidance: string }).guidance, 'store full');
    });

    it('without retain, an oversized object is a truncation marker like a string', () => {
      const bound = boundCodeModeLeg({ ...base, output: [], final: { value: big } });
      assert.equal((bound.value as { guidance: string }).guidance, 'T');
      assert.equal(Buffer.byteLength(JSON.stringify(bound.value)), 1024);
    });

    it('the store sees a prefix when the value is over the retainable allowance', () => {
      let seen: { complete: boolean; json: string } | undefined;
      boundCodeModeLeg({ ...base, output: [], final: { value: big }, retainableBytes: 1500, retain: (source) => ((seen = source), { reason: 'r' }) });
      assert.equal(seen?.complete, false);
      assert.equal(Buffer.byteLength(seen?.json ?? ''), 1500);
    });

    it('a saved value whose reference cannot fit is released, and the marker says why', () => {
      let released = 0;
      const reference = { id: ID, ...savedResultDescriptor(big) };
      // A model budget that leaves no room for the identity of a reference.
      const fits = (channels: { value?: unknown }): boolean => Buffer.byteLength(JSON.stringify(channels.value ?? null)) <= 120;
      const bound = boundCodeModeLeg({ ...base, output: [], final: { value: big }, retainableBytes: 1 << 20, fits, retain: () => ({ reference, release: () => released++ }) });
      assert.equal(released, 1);
      assert.equal((bound.value as { guidance: string }).guidance, 'O');
      assert.ok(Buffer.byteLength(JSON.stringify(bound.value)) <= 120);
    });

    it('a wait that changes nothing does not repeat the summary; new items after whole ones are the only ones shown', () => {
      const first = boundCodeModeLeg({ ...base, output: [{ type: 'text', text: 'w'.repeat(3000) }] });
      assert.equal(first.output.length, 1);
      const second = boundCodeModeLeg({ ...base, output: [], state: first.state });
      assert.deepEqual(second.output, []);
      const small = boundCodeModeLeg({ ...base, output: [{ type: 'text', text: 'one' }] });
      const next = boundCodeModeLeg({ ...base, output: [{ type: 'json', value: { two: 2 } }], state: small.state, final: { value: 3 } });
      assert.deepEqual(next.output, [{ type: 'json', value: { two: 2 } }]);
      assert.equal(next.value, 3);
    });
  });
});
