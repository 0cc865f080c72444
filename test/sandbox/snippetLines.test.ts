import * as assert from 'node:assert/strict';
import { CodeBridge } from '../../src/core/bridge/codeBridge';
import { openDemo, sandboxBundle, type Demo } from './harness';

// Every trace entry and every failure knows the snippet line it came from,
// so the editor can put diagnostics and decorations on it.
describe('code bridge: snippet lines', function () {
  let demo: Demo;
  let bridge: CodeBridge;

  before(async () => {
    const [d, bundlePath] = await Promise.all([openDemo(), sandboxBundle()]);
    demo = d;
    bridge = new CodeBridge({ api: demo.api, bundlePath, warm: false });
  });
  after(async () => {
    bridge.dispose();
    await demo.dispose();
  });

  const run = (code: string) => bridge.run(code, { timeoutMs: 5000 });

  it('puts each operation and console line on the line that made it, also after an await and inside a helper', async () => {
    const r = await run(
      [
        'const hits = await openclaw.tools.search("feature flags");',
        '',
        'console.log("hits", hits.length);',
        'async function look(id) {',
        '  return openclaw.tools.describe(id);',
        '}',
        'const d = await look("fake_plugin_tool_17");',
        'try { await openclaw.tools.call("no_such_tool_at_all", {}); } catch (e) { console.warn("refused"); }',
        'return d.name;',
      ].join('\n'),
    );
    assert.equal(r.ok, true, r.error);
    assert.deepEqual(
      r.trace.map((t) => [t.op, t.line]),
      [['search', 1], ['log', 3], ['describe', 5], ['call', 8], ['log', 8]],
    );
    const call = r.trace.find((t) => t.op === 'call');
    assert.equal(call?.ok, false, 'the call to a missing tool failed');
    assert.equal(r.errorLine, undefined, 'a run that succeeded has no error line');
  });

  it('a syntax error names its line', async () => {
    const r = await run('const a = 1;\nconst b = 2;\nconst c = ;\nreturn a;');
    assert.equal(r.ok, false);
    assert.match(r.error ?? '', /does not compile: SyntaxError/);
    assert.equal(r.errorLine, 3);
  });

  it('a brace that closes the wrapper early is kept on the snippet\'s last line', async () => {
    const r = await run('return 1;\n}\n(function () {');
    assert.equal(r.ok, false);
    assert.equal(r.errorLine, 3);
  });

  it('a thrown error names the line of the throw', async () => {
    const r = await run('const x = 1;\n\nif (x) {\n  throw new Error("boom");\n}');
    assert.equal(r.ok, false);
    assert.match(r.error ?? '', /Error: boom \(line 4\)/);
    assert.equal(r.errorLine, 4);
  });

  it('an uncaught failed operation names the line of the call, not the bridge\'s', async () => {
    const r = await run('const a = 1;\nawait openclaw.tools.describe("no_such_tool_at_all");\nreturn a;');
    assert.equal(r.ok, false);
    assert.equal(r.errorLine, 2);
    assert.equal(r.trace[0]?.line, 2);
  });

  it('a snippet that breaks stack traces loses the lines, not the run', async () => {
    const r = await run('Error.prepareStackTrace = () => { throw new Error("no"); };\nconsole.log("still here");\nthrow new Error("late");');
    assert.equal(r.ok, false);
    assert.equal(r.errorLine, undefined);
    assert.deepEqual(r.logs, [{ level: 'log', text: 'still here' }]);
    const limit = await run('Error.stackTraceLimit = 0;\nreturn (await openclaw.tools.search("flags")).length;');
    assert.equal(limit.ok, true, limit.error);
    assert.equal(limit.trace[0]?.line, undefined);
  });
});
