import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CodeBridge } from '../../src/core/bridge/codeBridge';
import type { RunReport } from '../../src/core/bridge/runReport';
import type { ToolSearchApi } from '../../src/core/gateway/toolApi';
import { ATTACKS, PRELUDE, type Attack } from './attacks';
import { listener, openDemo, runtimes, sandboxBundle, type Demo } from './harness';

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

for (const rt of runtimes()) {
  describe(`sandbox attack suite on ${rt.label}`, function () {
    let demo: Demo;
    let bundlePath: string;
    let bridge: CodeBridge;
    let canaryDir: string;
    let server: Awaited<ReturnType<typeof listener>>;
    const secret = `tsi-secret-${Math.random().toString(36).slice(2)}`;

    before(async function () {
      if (!rt.nodePath) {
        console.log(`      skipped: ${rt.missing}`);
        this.skip();
      }
      process.env.TSI_SANDBOX_SECRET = secret;
      [demo, bundlePath, server] = await Promise.all([openDemo(), sandboxBundle(), listener()]);
      bridge = new CodeBridge({ api: demo.api, nodePath: rt.nodePath, bundlePath, warm: true });
      const iso = await bridge.isolation();
      assert.ok(iso.ok, `no isolated runtime: ${iso.reason}`);
      await bridge.prewarm();
    });

    after(async () => {
      delete process.env.TSI_SANDBOX_SECRET;
      bridge?.dispose();
      await server?.close();
      await demo?.dispose();
    });

    beforeEach(() => {
      canaryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-canary-'));
    });

    afterEach(() => {
      fs.rmSync(canaryDir, { recursive: true, force: true });
    });

    async function attack(a: Attack, api?: ToolSearchApi): Promise<RunReport> {
      const canary = path.join(canaryDir, 'escaped.txt');
      const code = `const CANARY = ${JSON.stringify(canary)}; const PORT = ${server.port};\n${PRELUDE}\n${a.code}`;
      const runner = api ? new CodeBridge({ api, nodePath: rt.nodePath, bundlePath, warm: false }) : bridge;
      let ticks = 0;
      const heartbeat = setInterval(() => ticks++, 5);
      try {
        const report = await runner.run(code, { timeoutMs: a.timeoutMs ?? 5000, parentCallId: 'attack', catalog: { size: demo.catalog.size, sources: demo.catalog.countBySource() } });
        // Containment, whatever the snippet tried.
        assert.deepEqual(fs.readdirSync(canaryDir), [], 'a file was written');
        assert.equal(server.connections(), 0, 'a connection reached the loopback listener');
        assert.ok(!JSON.stringify(report).includes(secret), 'the host environment leaked');
        assert.notEqual(report.value, 'ESCAPED');
        if (a.timeoutMs !== undefined) {
          // Long attacks (loops, memory): the host's own timers kept firing meanwhile.
          assert.ok(ticks > 0, 'the host event loop did not run during the attack');
        }
        return report;
      } finally {
        clearInterval(heartbeat);
        if (api) {
          runner.dispose();
        }
      }
    }

    for (const a of ATTACKS) {
      it(a.name, async () => {
        const slow = a.callDelayMs !== undefined ? delayed(demo.api, a.callDelayMs) : undefined;
        const report = await attack(a, slow?.api);
        if (a.expect instanceof RegExp) {
          assert.equal(report.ok, false, `the snippet succeeded: ${JSON.stringify(report.value)}`);
          assert.match(report.error ?? '', a.expect);
        } else {
          a.expect(report);
        }
        if (slow) {
          assert.ok(slow.maxInFlight() <= bridge.limits.maxConcurrentCalls, `${slow.maxInFlight()} calls ran at once`);
        }
        if (slow && a.callDelayMs !== undefined && a.callDelayMs > (a.timeoutMs ?? 5000)) {
          const call = report.trace.find((t) => t.op === 'call');
          assert.match(call?.op === 'call' ? (call.error ?? '') : '', /abandoned/);
          // The tool sees the abort on its next turn of the event loop.
          await new Promise((resolve) => setImmediate(resolve));
          assert.equal(slow.aborted(), 1, 'the in-flight call was not aborted at the deadline');
        }
      });
    }

    it('still runs search -> describe -> call after the whole suite', async () => {
      const report = await bridge.run(
        `const r = await openclaw.tools.search('feature flags', { limit: 3 });
         const d = await openclaw.tools.describe('fake_plugin_tool_17');
         return (await openclaw.tools.call(d.id, { marker: 'after-attacks' })).result;`,
        { timeoutMs: 5000 },
      );
      assert.equal(report.error, undefined);
      assert.equal(report.value, 'FAKE_PLUGIN_OK fake_plugin_tool_17 after-attacks');
      assert.ok(report.warm, 'the pre-spawned child was not used');
    });
  });
}
