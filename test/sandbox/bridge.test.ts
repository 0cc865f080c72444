import * as assert from 'node:assert/strict';
import { CodeBridge } from '../../src/core/bridge/codeBridge';
import { openDemo, sandboxBundle, type Demo } from './harness';

describe('code bridge: runs, trace and warm start', function () {
  let demo: Demo;
  let bundlePath: string;

  before(async () => {
    [demo, bundlePath] = await Promise.all([openDemo(), sandboxBundle()]);
  });
  after(() => demo.dispose());

  it('runs search -> describe -> call through the gateway and traces every step with logs interleaved', async () => {
    const bridge = new CodeBridge({ api: demo.api, bundlePath, warm: false });
    try {
      const r = await bridge.run(
        `const found = await openclaw.tools.search('feature flags', { limit: 3 });
         console.log('found', found.length);
         const d = await openclaw.tools.describe('fake_plugin_tool_17');
         console.warn('schema', Object.keys(d.parameters.properties));
         const c = await openclaw.tools.call(d.id, { marker: 'm-1' });
         return c;`,
        { timeoutMs: 5000, parentCallId: 'call_7', catalog: { size: demo.catalog.size, sources: demo.catalog.countBySource() } },
      );
      assert.equal(r.error, undefined);
      const tool = demo.api.describe('fake_plugin_tool_17');
      // `{ tool, result }`: the full compact entry, and the value under `result.details` beside its text content.
      assert.deepEqual(r.value, {
        tool: { id: tool.id, source: tool.source, sourceName: tool.sourceName, name: tool.name, ...(tool.label ? { label: tool.label } : {}), description: tool.description, input: tool.input },
        result: { content: [{ type: 'text', text: 'FAKE_PLUGIN_OK fake_plugin_tool_17 m-1' }], details: 'FAKE_PLUGIN_OK fake_plugin_tool_17 m-1' },
      });
      assert.deepEqual(r.logs, [
        { level: 'log', text: 'found 3' },
        { level: 'warn', text: 'schema ["marker"]' },
      ]);
      assert.deepEqual(
        r.trace.map((t) => [t.seq, t.op, t.ok]),
        [[1, 'search', true], [2, 'log', true], [3, 'describe', true], [4, 'log', true], [5, 'call', true]],
      );
      const call = r.trace[4];
      assert.ok(call?.op === 'call');
      // Only calls advance the last part: this is the run's first call.
      assert.equal(call.callId, 'tool_search_code:call_7:fake_plugin_tool_17:1');
      assert.deepEqual(call.args, ['openclaw:fake-plugin:fake_plugin_tool_17', { marker: 'm-1' }]);
      assert.deepEqual(r.telemetry, {
        catalogSize: demo.catalog.size,
        sources: demo.catalog.countBySource(),
        searchCount: 1,
        describeCount: 1,
        callCount: 1,
      });
      assert.ok(r.trace.every((t, i) => i === 0 || t.startMs >= (r.trace[i - 1]?.startMs ?? 0)));
    } finally {
      bridge.dispose();
    }
  });

  it('cancelling a run kills the child at once instead of waiting for the deadline', async () => {
    const bridge = new CodeBridge({ api: demo.api, bundlePath, warm: false });
    try {
      const ac = new AbortController();
      const run = bridge.run('while (true) {}', { timeoutMs: 60_000, signal: ac.signal });
      setTimeout(() => ac.abort(), 300);
      const r = await run;
      assert.equal(r.ok, false);
      assert.equal(r.stoppedBy, 'cancelled');
      assert.equal(r.error, 'bridge: the run was cancelled; the sandbox child was killed');
      const already = await bridge.run('return 1', { timeoutMs: 5000, signal: AbortSignal.abort() });
      assert.equal(already.stoppedBy, 'cancelled', 'an already-cancelled run never runs');
      assert.equal(already.value, undefined);
    } finally {
      bridge.dispose();
    }
  });

  it('a plugin hook block is the call result, and the snippet sees it as an error', async () => {
    const bridge = new CodeBridge({ api: demo.api, bundlePath, warm: false });
    try {
      const r = await bridge.run(`try { await openclaw.tools.call('fake_plugin_tool_17', { marker: 'forbidden-1' }); return 'ran'; } catch (e) { return e.message; }`, { timeoutMs: 5000 });
      assert.match(String(r.value), /fake-plugin refuses forbidden markers.*\[blocked by hook:fake-plugin\]/);
    } finally {
      bridge.dispose();
    }
  });

  it('reports the line of an error and compile errors', async () => {
    const bridge = new CodeBridge({ api: demo.api, bundlePath, warm: false });
    try {
      const thrown = await bridge.run(`const a = 1;\nthrow new RangeError('bad ' + a);`, { timeoutMs: 5000 });
      assert.equal(thrown.error, 'RangeError: bad 1 (line 2)');
      const syntax = await bridge.run(`return (`, { timeoutMs: 5000 });
      assert.match(syntax.error ?? '', /^the snippet does not compile: SyntaxError/);
    } finally {
      bridge.dispose();
    }
  });

  it('warm start: the first run after prewarm uses the idle child, the next run gets a fresh one', async () => {
    const bridge = new CodeBridge({ api: demo.api, bundlePath, warm: true });
    try {
      await bridge.prewarm();
      // Each run leaves a marker on its own global; a reused child would show the previous one.
      const first = await bridge.run(`const seen = globalThis.marker; globalThis.marker = 'first'; return seen ?? 'fresh'`, { timeoutMs: 5000 });
      await bridge.prewarm();
      const second = await bridge.run(`return globalThis.marker ?? 'fresh'`, { timeoutMs: 5000 });
      assert.deepEqual([first.warm, first.value, second.warm, second.value], [true, 'fresh', true, 'fresh']);
    } finally {
      bridge.dispose();
    }
  });

  it('warm start off: every run spawns its own child', async () => {
    const bridge = new CodeBridge({ api: demo.api, bundlePath, warm: false });
    try {
      await bridge.prewarm();
      const r = await bridge.run('return 2', { timeoutMs: 5000 });
      assert.deepEqual([r.ok, r.value, r.warm], [true, 2, false]);
    } finally {
      bridge.dispose();
    }
  });

  it('refuses a bridge result over the reply cap, with a clear error in the snippet and the trace', async () => {
    const bridge = new CodeBridge({ api: demo.api, bundlePath, warm: false, limits: { maxReplyChars: 300 } });
    try {
      const r = await bridge.run(`return await openclaw.tools.search('invoice', { limit: 5 })`, { timeoutMs: 5000 });
      assert.match(r.error ?? '', /openclaw\.tools\.search: the result is \d+ characters of JSON; the bridge passes at most 300/);
      assert.deepEqual([r.trace[0]?.op, r.trace[0]?.ok], ['search', false]);
    } finally {
      bridge.dispose();
    }
  });

  it('refuses a snippet over the size cap without starting anything', async () => {
    const bridge = new CodeBridge({ api: demo.api, bundlePath, warm: false, limits: { maxCodeChars: 10 } });
    const r = await bridge.run('return "this is too long"', { timeoutMs: 5000 });
    assert.match(r.error ?? '', /the snippet is 25 characters; the limit is 10/);
  });
});
