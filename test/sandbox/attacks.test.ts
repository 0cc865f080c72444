import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CodeBridge } from '../../src/core/bridge/codeBridge';
import type { RunReport } from '../../src/core/bridge/runReport';
import type { ToolSearchApi } from '../../src/core/toolApi';
import { ATTACKS, HOST_ATTACKS, PRELUDE, type Attack } from './attacks';
import { REALM_ATTACKS } from './realmAttacks';
import { launchConfigs, listener, openDemo, openHostile, sandboxBundle, type Demo } from './harness';
import { scratchDir } from '../helpers/scratch';

/** The real gateway api, with tool calls delayed first (abortable, like a slow tool). */
function delayed(api: ToolSearchApi, delayMs: number): { api: ToolSearchApi; maxInFlight: () => number; aborted: () => number } {
  let inFlight = 0;
  let max = 0;
  let aborted = 0;
  return {
    api: {
      search: (q, o) => api.search(q, o),
      describe: (id) => api.describe(id),
      call: async (id, args, ctx) => {
        inFlight++;
        max = Math.max(max, inFlight);
        try {
          await sleep(delayMs, undefined, { signal: ctx.signal });
          return await api.call(id, args, ctx);
        } catch (err) {
          if (ctx.signal?.aborted) {
            aborted++;
          }
          throw err;
        } finally {
          inFlight--;
        }
      },
    },
    maxInFlight: () => max,
    aborted: () => aborted,
  };
}

/** What one attack left behind, measured right after its run. */
interface Outcome {
  report: RunReport;
  written: string[];
  connections: number;
  ticks: number;
  maxInFlight?: number;
  aborted?: number;
  /** Wall clock from the deadline or the cancellation to the report. */
  lateMs?: number;
}

const ALL_ATTACKS = [...ATTACKS, ...HOST_ATTACKS, ...REALM_ATTACKS];

/** Attacks run this many at a time: each has its own canary folder and listener, so nothing is shared but the host. */
const PARALLEL = 3;

for (const rt of launchConfigs()) {
  describe(`sandbox attack suite on ${rt.label}`, function () {
    let demo: Demo;
    let hostile: Demo;
    let bundlePath: string;
    let bridge: CodeBridge;
    let hostileBridge: CodeBridge;
    const outcomes = new Map<string, Outcome | Error>();
    const secret = `tsi-secret-${Math.random().toString(36).slice(2)}`;

    async function attack(a: Attack): Promise<Outcome> {
      const canaryDir = scratchDir('tsi-canary-');
      const server = await listener();
      const ws = a.hostile ? hostile : demo;
      const slow = a.callDelayMs !== undefined ? delayed(ws.api, a.callDelayMs) : undefined;
      const runner = slow ? new CodeBridge({ api: slow.api, nodePath: rt.nodePath, bundlePath, warm: false }) : a.hostile ? hostileBridge : bridge;
      const code = `const CANARY = ${JSON.stringify(path.join(canaryDir, 'escaped.txt'))}; const PORT = ${server.port};\n${PRELUDE}\n${a.code}`;
      let ticks = 0;
      const heartbeat = setInterval(() => ticks++, 5);
      const cancel = new AbortController();
      let cancelledAt: number | undefined;
      const canceller = a.cancelAfterMs !== undefined ? setTimeout(() => ((cancelledAt = Date.now()), cancel.abort()), a.cancelAfterMs) : undefined;
      try {
        const report = await runner.run(code, {
          timeoutMs: a.timeoutMs ?? 5000,
          parentCallId: 'attack',
          catalog: { size: ws.catalog.size, sources: ws.catalog.countBySource() },
          signal: cancel.signal,
        });
        const endedAt = Date.now();
        // The tool sees an abort on its next turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
        const lateMs = cancelledAt !== undefined ? endedAt - cancelledAt : report.stoppedBy === 'timeout' ? report.durationMs - (a.timeoutMs ?? 5000) : undefined;
        return { report, written: fs.readdirSync(canaryDir), connections: server.connections(), ticks, maxInFlight: slow?.maxInFlight(), aborted: slow?.aborted(), lateMs };
      } finally {
        clearTimeout(canceller);
        clearInterval(heartbeat);
        if (slow) {
          runner.dispose();
        }
        await server.close();
        fs.rmSync(canaryDir, { recursive: true, force: true });
      }
    }

    before(async function () {
      // This hook runs every attack (PARALLEL at a time), so the per-test 30 s
      // bound does not fit it: on a loaded 2-core machine it took over 30 s.
      this.timeout(240_000);
      if (!rt.nodePath) {
        console.log(`      skipped: ${rt.missing}`);
        this.skip();
      }
      process.env.TSI_SANDBOX_SECRET = secret;
      [demo, hostile, bundlePath] = await Promise.all([openDemo(), openHostile(), sandboxBundle()]);
      bridge = new CodeBridge({ api: demo.api, nodePath: rt.nodePath, bundlePath, warm: true });
      hostileBridge = new CodeBridge({ api: hostile.api, nodePath: rt.nodePath, bundlePath, warm: true });
      const iso = await bridge.isolation();
      assert.ok(iso.ok, `no isolated runtime: ${iso.reason}`);
      assert.equal(iso.entry, 'eval');
      await Promise.all([bridge.prewarm(), hostileBridge.prewarm()]);
      const queue = [...ALL_ATTACKS];
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
      bridge?.dispose();
      hostileBridge?.dispose();
      await demo?.dispose();
      await hostile?.dispose();
    });

    for (const a of ALL_ATTACKS) {
      it(a.name, () => {
        const o = outcomes.get(a.name);
        if (o instanceof Error || o === undefined) {
          throw o ?? new Error('the attack did not run');
        }
        const { report } = o;
        // Containment, whatever the snippet tried.
        assert.deepEqual(o.written, [], 'a file was written');
        assert.equal(o.connections, 0, 'a connection reached the loopback listener');
        assert.ok(!JSON.stringify(report).includes(secret), 'the host environment leaked');
        assert.notEqual(report.value, 'ESCAPED');
        if (a.timeoutMs !== undefined) {
          // Long attacks (loops, memory): the host's own timers kept firing meanwhile.
          assert.ok(o.ticks > 0, 'the host event loop did not run during the attack');
        }
        // And the clear error a user must see.
        if (a.expect instanceof RegExp) {
          assert.equal(report.ok, false, `the snippet succeeded: ${JSON.stringify(report.value)}`);
          assert.match(report.error ?? '', a.expect);
        } else {
          a.expect(report);
        }
        if (o.maxInFlight !== undefined) {
          assert.ok(o.maxInFlight <= bridge.limits.maxConcurrentCalls, `${o.maxInFlight} calls ran at once`);
        }
        if (a.callDelayMs !== undefined && a.callDelayMs > (a.timeoutMs ?? 5000)) {
          const call = report.trace.find((t) => t.op === 'call');
          assert.match(call?.op === 'call' ? (call.error ?? '') : '', /abandoned/);
          assert.equal(o.aborted, 1, 'the in-flight call was not aborted at the deadline');
        }
        if (a.endsWithinMs !== undefined) {
          assert.ok(o.lateMs !== undefined && o.lateMs <= a.endsWithinMs, `the run ended ${o.lateMs} ms after its deadline or cancellation`);
        }
      });
    }

    it('removes the sandbox temp folder before the run resolves (a result, a deadline, a cancellation)', async () => {
      const tmp = scratchDir('tsi-tmpdir-');
      const saved = process.env.TMPDIR;
      // Children of this bridge make their folders here, so nothing else on the machine is counted.
      process.env.TMPDIR = tmp;
      const cold = new CodeBridge({ api: demo.api, nodePath: rt.nodePath, bundlePath, warm: false });
      try {
        const ac = new AbortController();
        setTimeout(() => ac.abort(), 300);
        const runs = [
          await cold.run('return 1', { timeoutMs: 5000 }),
          await cold.run('for (;;) {}', { timeoutMs: 500 }),
          await cold.run('await new Promise(() => {})', { timeoutMs: 5000, signal: ac.signal }),
        ];
        assert.deepEqual(runs.map((r) => r.stoppedBy ?? 'result'), ['result', 'timeout', 'cancelled']);
        assert.deepEqual(fs.readdirSync(tmp), [], 'a sandbox temp folder outlived its run');
      } finally {
        cold.dispose();
        process.env.TMPDIR = saved;
        if (saved === undefined) {
          delete process.env.TMPDIR;
        }
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    });

    it('still runs search -> describe -> call after the whole suite', async () => {
      await bridge.prewarm();
      const report = await bridge.run(
        `const r = await openclaw.tools.search('feature flags', { limit: 3 });
         const d = await openclaw.tools.describe('fake_plugin_tool_17');
         return (await openclaw.tools.call(d.id, { marker: 'after-attacks' })).result.details;`,
        { timeoutMs: 5000 },
      );
      assert.equal(report.error, undefined);
      assert.equal(report.value, 'FAKE_PLUGIN_OK fake_plugin_tool_17 after-attacks');
      assert.ok(report.warm, 'the pre-spawned child was not used');
    });
  });
}
