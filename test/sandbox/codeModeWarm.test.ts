// A warm Code Mode program: the bridge's idle child is prepared with the
// session's guest globals ahead of the run (`prepare`), so the program starts
// without parsing and building them; a child prepared for one program never
// runs anything else. Each run's value says which surface it really ran on.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeBridge } from '../../src/core/bridge/codeBridge';
import { codeModeSessionFor } from '../../src/core/orchestration/codeModeProgram';
import { openDemo, sandboxBundle, type Demo } from './harness';
import { scratchDir } from '../helpers/scratch';

const PROGRAM = `const hits = await catalog.search('feature flags', { limit: 1 });
return { hits: hits.length, call: await fake_plugin_tool_17({ marker: 'warm' }), openclaw: typeof openclaw };`;
const SNIPPET = `return { catalog: typeof catalog, tool: typeof fake_plugin_tool_17, search: typeof openclaw.tools.search };`;

describe('Code Mode: a warm program runs in a child prepared with its guest globals', function () {
  this.timeout(60_000);
  let demo: Demo;
  let bridge: CodeBridge;

  before(async () => {
    demo = await openDemo();
    bridge = new CodeBridge({ api: demo.api, bundlePath: await sandboxBundle(), warm: true });
  });

  after(async () => {
    bridge.dispose();
    await demo.dispose();
  });

  it('runs the next program warm in the prepared child, a snippet after it on a plain child, and a program after that with its guest sent along', async () => {
    const session = codeModeSessionFor(demo.ws, demo.catalog, demo.api, bridge, 10_000);
    const expected = { hits: 1, call: 'FAKE_PLUGIN_OK fake_plugin_tool_17 warm', openclaw: 'undefined' };

    const first = await session.exec(PROGRAM);
    assert.equal(first.result.status, 'completed', JSON.stringify(first.result));
    assert.deepEqual(first.result.status === 'completed' ? first.result.value : undefined, expected);
    // The run report (the Bridge Trace's header) counts the program's catalog, as its result's telemetry does.
    assert.equal(first.report?.telemetry.catalogSize, first.result.telemetry.catalogSize);
    assert.ok((first.report?.telemetry.catalogSize ?? 0) > 0, 'a Code Mode run reported an empty catalog');

    await session.prewarm();
    const second = await session.exec(PROGRAM);
    assert.equal(second.report?.warm, true, 'the prepared idle child ran the program');
    assert.deepEqual(second.result.status === 'completed' ? second.result.value : second.result, expected);

    // The idle child now holds the program's globals: a snippet must not run in it.
    await bridge.prewarm();
    const snippet = await bridge.run(SNIPPET, { timeoutMs: 10_000 });
    assert.equal(snippet.ok, true, snippet.error);
    assert.equal(snippet.warm, false, 'a child prepared for a program is replaced, not reused for a snippet');
    assert.deepEqual(snippet.value, { catalog: 'undefined', tool: 'undefined', search: 'function' });

    // After a snippet the idle child is a plain one: a program takes it, its guest sent with the run.
    await bridge.prewarm();
    const third = await session.exec(PROGRAM);
    assert.equal(third.report?.warm, true);
    assert.deepEqual(third.result.status === 'completed' ? third.result.value : third.result, expected);
  });

  it('a child prepared with other guest globals is replaced, so a program never runs against another catalog', async () => {
    const session = codeModeSessionFor(demo.ws, demo.catalog, demo.api, bridge, 10_000);
    // Globals that do not even install: whatever the idle child holds, the program must not get it.
    await bridge.prewarm(JSON.stringify({ frameFile: 'x.js', oneObjectArgument: 'x', all: [{ callableName: 'fake_plugin_tool_17' }], mcp: null }));
    const r = await session.exec(PROGRAM);
    assert.equal(r.report?.warm, false, 'the child prepared for other globals was not used');
    assert.equal(r.result.status, 'completed', JSON.stringify(r.result));
  });

  it('waiting for a prepared idle child keeps the host process alive (its pipes do not), and ends', async () => {
    // Alone in a process, as the bench and the CLI wait: nothing else holds the event loop.
    const dir = scratchDir('warm-guest-alive');
    const repo = path.resolve(__dirname, '../..');
    const script = path.join(dir, 'alive.ts');
    fs.writeFileSync(script, `import { CodeBridge } from ${JSON.stringify(path.join(repo, 'src/core/bridge/codeBridge'))};
import { codeModeSessionFor } from ${JSON.stringify(path.join(repo, 'src/core/orchestration/codeModeProgram'))};
import { openDemo } from ${JSON.stringify(path.join(repo, 'test/sandbox/harness'))};
async function main() {
  const demo = await openDemo();
  const bridge = new CodeBridge({ api: demo.api, bundlePath: ${JSON.stringify(await sandboxBundle())}, warm: true });
  const session = codeModeSessionFor(demo.ws, demo.catalog, demo.api, bridge, 10_000);
  await session.exec('return 1');
  await bridge.prewarm();
  const r = await session.exec('return 2');
  console.log('second', r.result.status, r.report?.warm);
  bridge.dispose();
  await demo.dispose();
}
void main();
`);
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: repo, encoding: 'utf8', timeout: 50_000 });
    assert.match(r.stdout, /^second completed true$/m, `the process ended early (status ${String(r.status)}): ${r.stdout}${r.stderr}`);
  });
});
