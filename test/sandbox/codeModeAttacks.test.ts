// The Code Mode runner under attack, on every Node line the sandbox supports
// (20, 22, 24, 26): the same hostile code as the bridge suite, run as Code Mode
// programs, plus attacks on what only a Code Mode program has (callable
// handles, the MCP namespace, timers, `results`, `yield_control`,
// TextEncoder). Whatever a program tries, nothing is written, no connection
// is made, the host's secret never appears in what comes back, and the host
// answers; each Code Mode attack also states what the user must see.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeBridge } from '../../src/core/bridge/codeBridge';
import type { CodeModeExec } from '../../src/core/bridge/codeModeRun';
import { codeModeSessionFor } from '../../src/core/orchestration/codeModeProgram';
import { ATTACKS, HOST_ATTACKS, PRELUDE } from './attacks';
import { REALM_ATTACKS } from './realmAttacks';
import { launchConfigs, listener, openDemo, sandboxBundle, type Demo } from './harness';
import { scratchDir } from '../helpers/scratch';

interface CodeModeAttack {
  name: string;
  code: string;
  /** What the results must say, beyond containment. */
  expect?: (legs: readonly CodeModeExec[]) => void;
  timeoutMs?: number;
  /** runIds to `wait` on after the exec (given its result): forged ones, or the real one twice. */
  waits?: (first: CodeModeExec) => string[];
}

const failedWith = (re: RegExp) => (legs: readonly CodeModeExec[]): void => {
  const r = legs[legs.length - 1]?.result;
  assert.equal(r?.status, 'failed', `the program did not fail: ${JSON.stringify(r)}`);
  assert.match(r.status === 'failed' ? r.error : '', re);
};

const completedWith = (check: (value: unknown) => void) => (legs: readonly CodeModeExec[]): void => {
  const r = legs[legs.length - 1]?.result;
  assert.equal(r?.status, 'completed', `the program did not complete: ${JSON.stringify(r)}`);
  check(r.status === 'completed' ? r.value : undefined);
};

/** Attacks on what only a Code Mode program has. */
const CODE_MODE_ATTACKS: CodeModeAttack[] = [
  {
    name: 'a flood of 100,000 pending calls is bounded: the program ends, the host answers, nothing waits',
    code: `const ps = [];
for (let i = 0; i < 100000; i++) { ps.push(catalog.search('weather ' + i, { limit: 1 }).then(() => 'ok', (e) => 'refused')); }
const r = await Promise.all(ps);
return { ok: r.filter((x) => x === 'ok').length, refused: r.filter((x) => x === 'refused').length };`,
    timeoutMs: 10_000,
    expect: (legs) => {
      const r = legs[legs.length - 1]?.result;
      assert.ok(r && r.status !== 'waiting', `the flood left the run ${r?.status ?? 'without a result'}`);
      if (r.status === 'completed') {
        const v = r.value as { ok: number; refused: number };
        assert.ok(v.ok <= 100 && v.ok + v.refused === 100000, JSON.stringify(v));
      } else {
        assert.match(r.error, /operations|timeout|memory|refused/i);
      }
    },
  },
  {
    name: 'a 50 MB results.save is refused (or the child is ended), never kept',
    code: `let saved;
try { saved = await results.save({ big: 'x'.repeat(50_000_000) }); } catch (e) { return 'refused: ' + String(e && e.message).slice(0, 200); }
return 'saved ' + saved.bytes;`,
    timeoutMs: 10_000,
    expect: (legs) => {
      const r = legs[legs.length - 1]?.result;
      assert.ok(r && r.status !== 'waiting');
      assert.ok(r.status === 'failed' || /^refused: /.test(String(r.value)), `a 50 MB value was saved: ${JSON.stringify(r).slice(0, 300)}`);
    },
  },
  {
    name: 'wait with forged runIds (unknown, a path, 1 MB long) is refused with a bounded message; the real one resumes once, a replay is refused',
    code: `text('parked');\nawait yield_control('once');\nreturn 'resumed';`,
    waits: (first) => {
      const real = first.result.status === 'waiting' ? first.result.runId : 'missing';
      return ['cm_00000000-0000-0000-0000-000000000000', '../../../etc/passwd', `cm_${'A'.repeat(1_000_000)}`, real, real];
    },
    expect: (legs) => {
      assert.equal(legs[0]?.result.status, 'waiting');
      for (const forged of legs.slice(1, 4)) {
        assert.equal(forged.result.status, 'failed');
        const e = forged.result.status === 'failed' ? forged.result.error : '';
        assert.match(e, /no waiting Code Mode run/);
        assert.ok(e.length < 600, `the refusal echoes ${e.length} characters`);
      }
      assert.equal(legs[4]?.result.status, 'completed');
      assert.equal(legs[4]?.result.status === 'completed' ? legs[4].result.value : undefined, 'resumed');
      assert.equal(legs[5]?.result.status, 'failed', 'a replayed runId resumed the run again');
    },
  },
  {
    name: 'constructor chains of every Code Mode global end in the program\'s own realm',
    code: `const roots = [catalog, catalog.search, catalog.all, MCP, results, results.save, API, API.read, text, json, setTimeout, clearTimeout, yield_control, TextEncoder, TextDecoder, console.log];
for (const h of catalog.all().slice(0, 5)) { roots.push(h, h.describe, h.toJSON); }
for (const s of Object.keys(MCP)) { roots.push(MCP[s]); for (const t of Object.keys(MCP[s])) { roots.push(MCP[s][t]); } }
const out = [];
for (const r of roots) {
  let got;
  try { got = pwn(r.constructor && r.constructor.constructor); } catch (e) { got = undefined; }
  out.push(got === 'ESCAPED');
  try { got = pwn(Object.getPrototypeOf(r).constructor.constructor); } catch (e) { got = undefined; }
  out.push(got === 'ESCAPED');
}
return out.some(Boolean) ? 'ESCAPED' : out.length;`,
    expect: completedWith((v) => assert.ok(typeof v === 'number' && v > 20, `checked ${String(v)} routes`)),
  },
  {
    name: 'a handle cannot be rewired: its metadata and describe are read-only',
    code: `const [h] = catalog.all();
try { h.callableName = 'x'; } catch (e) { /* frozen */ }
try { h.describe = () => 'ESCAPED'; } catch (e) { /* frozen */ }
return { name: h.callableName === 'x', describe: typeof h.describe === 'function' && h.describe.length === 0 };`,
    expect: completedWith((v) => assert.deepEqual(v, { name: false, describe: true })),
  },
  {
    name: 'values the host sends back are the program\'s own objects (a search result, a saved value)',
    code: `const hits = await catalog.search('weather', { limit: 3 });
const saved = await results.save({ a: [1, 2] });
const back = await results.load(saved.id);
return [pwn(hits.constructor.constructor), pwn(saved.constructor.constructor), pwn(back.a.constructor.constructor)].includes('ESCAPED') ? 'ESCAPED' : 'contained';`,
    expect: completedWith((v) => assert.equal(v, 'contained')),
  },
  {
    name: 'a timer callback runs with no host `this` and cannot outlive the run',
    code: `let seen;
setTimeout(function () { 'use strict'; seen = this === undefined ? 'undefined' : pwn(this); }, 1);
await new Promise((r) => setTimeout(r, 20));
setTimeout(() => { for (;;) {} }, 10_000_000);
return seen;`,
    expect: completedWith((v) => assert.equal(v, 'undefined')),
  },
  {
    name: 'a flood of text() is cut, and the host keeps answering',
    code: `for (let i = 0; i < 100000; i++) { text('x'.repeat(100)); }
return 'flooded';`,
    expect: (legs) => {
      const r = legs[legs.length - 1]?.result;
      assert.ok(r && r.status !== 'waiting' && r.output.length < 1000, `${r?.output.length ?? 0} output items came back`);
    },
  },
  {
    name: 'results.save refuses what cannot be serialized and keeps what it had',
    code: `const ok = await results.save({ keep: 1 });
const cyclic = {}; cyclic.self = cyclic;
let refused = false;
try { await results.save(cyclic); } catch (e) { refused = true; }
return { refused, kept: (await results.load(ok.id)).keep };`,
    expect: completedWith((v) => assert.deepEqual(v, { refused: true, kept: 1 })),
  },
  {
    name: 'a yield the host never resumes is ended with the session, the child killed',
    code: `text('parked');\nawait yield_control('forever');\nreturn pwn(globalThis.process);`,
    expect: (legs) => assert.equal(legs[0]?.result.status, 'waiting'),
  },
  {
    name: 'an endless program hits the Code Mode timeout and the child is killed',
    code: 'for (;;) {}',
    timeoutMs: 800,
    expect: failedWith(/code mode timeout exceeded/),
  },
  {
    name: 'TextDecoder reads hostile bytes as replacement characters, never host objects',
    code: `const d = new TextDecoder();
const s = d.decode(new Uint8Array([0xff, 0xc0, 0x80, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80, 0x41]));
const e = new TextEncoder().encode('é😀');
return { s, e: Array.from(e), tag: pwn(d.constructor.constructor) === 'ESCAPED' };`,
    expect: completedWith((v) => {
      const r = v as { s: string; e: number[]; tag: boolean };
      assert.ok(r.s.endsWith('A') && !r.s.slice(0, -1).replace(/\ufffd/g, '').length, JSON.stringify(r.s));
      assert.deepEqual(r.e, [0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80]);
      assert.equal(r.tag, false);
    }),
  },
];

/** The bridge suite's hostile code, run as Code Mode programs: only containment is asserted for them. */
const SHARED = [...ATTACKS, ...HOST_ATTACKS, ...REALM_ATTACKS].map((a): CodeModeAttack => ({ name: `(bridge attack) ${a.name}`, code: a.code, ...(a.timeoutMs !== undefined ? { timeoutMs: a.timeoutMs } : {}) }));

const PARALLEL = 3;

for (const rt of launchConfigs()) {
  describe(`Code Mode runner attack suite on ${rt.label}`, function () {
    let demo: Demo;
    let bundlePath: string;
    const outcomes = new Map<string, { legs: CodeModeExec[]; written: string[]; connections: number } | Error>();
    const secret = `tsi-secret-${Math.random().toString(36).slice(2)}`;

    async function attack(a: CodeModeAttack): Promise<{ legs: CodeModeExec[]; written: string[]; connections: number }> {
      const canaryDir = scratchDir('tsi-canary-');
      const server = await listener();
      const bridge = new CodeBridge({ api: demo.api, nodePath: rt.nodePath, bundlePath, warm: false });
      const session = codeModeSessionFor(demo.ws, demo.catalog, demo.api, bridge, a.timeoutMs ?? 5000);
      const code = `const CANARY = ${JSON.stringify(path.join(canaryDir, 'escaped.txt'))}; const PORT = ${server.port};\n${PRELUDE}\n${a.code}`;
      try {
        const legs = [await session.exec(code, { parentCallId: 'attack' })];
        for (const runId of a.waits?.(legs[0] as CodeModeExec) ?? []) {
          legs.push(await session.wait(runId));
        }
        return { legs, written: fs.readdirSync(canaryDir), connections: server.connections() };
      } finally {
        session.dispose();
        bridge.dispose();
        await server.close();
        fs.rmSync(canaryDir, { recursive: true, force: true });
      }
    }

    before(async function () {
      this.timeout(300_000);
      if (!rt.nodePath) {
        console.log(`      skipped: ${rt.missing}`);
        this.skip();
      }
      process.env.TSI_SANDBOX_SECRET = secret;
      [demo, bundlePath] = await Promise.all([openDemo(), sandboxBundle()]);
      const queue = [...CODE_MODE_ATTACKS, ...SHARED];
      await Promise.all(
        Array.from({ length: PARALLEL }, async () => {
          for (let a = queue.shift(); a; a = queue.shift()) {
            outcomes.set(a.name, await attack(a).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))));
          }
        }),
      );
    });

    after(async () => {
      delete process.env.TSI_SANDBOX_SECRET;
      await demo?.dispose();
    });

    for (const a of [...CODE_MODE_ATTACKS, ...SHARED]) {
      it(a.name, () => {
        const o = outcomes.get(a.name);
        if (o instanceof Error || o === undefined) {
          throw o ?? new Error('the attack did not run');
        }
        assert.deepEqual(o.written, [], 'a file was written');
        assert.equal(o.connections, 0, 'a connection reached the loopback listener');
        const seen = JSON.stringify(o.legs.map((l) => l.result));
        assert.ok(!seen.includes(secret), 'the host environment leaked into a result');
        assert.ok(!seen.includes('"value":"ESCAPED"'), 'the program reports an escape');
        a.expect?.(o.legs);
      });
    }
  });
}
