import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseJson5 } from '../../../src/core/config/json5Document';
import { runCliCaptured } from '../../helpers/cliCapture';
import { cli, cliWorkspace } from '../../helpers/cliWorkspace';
import { scratchDir } from '../../helpers/scratch';
import { DEMO } from '../gateway/fixtures';

/**
 * The snapshot of the CLI test workspace as the code wrote it before the
 * 10,000-tool speed-ups (JSON fast path for MCP snapshot files). A speed-up
 * must not change a byte; regenerate this file only when the snapshot format,
 * the demo plugin or the demo's GitHub snapshots change on purpose.
 */
const GOLDEN = path.resolve(__dirname, '../../fixtures/snapshot/cli-workspace.snapshot.json');

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) {
    i++;
  }
  const line = a.slice(0, i).split('\n').length;
  return `first difference at line ${line}: ${JSON.stringify(a.slice(i, i + 60))} vs ${JSON.stringify(b.slice(i, i + 60))}`;
}

describe('snapshot bytes against a snapshot taken before the speed-ups', function () {
  this.timeout(60000);

  it('writes the same bytes as the golden snapshot', async () => {
    const ws = cliWorkspace();
    const r = await cli(ws, 'snapshot', '--workspace', ws, '--out', 'snap.json');
    assert.equal(r.code, 0, r.err);
    const text = fs.readFileSync(path.join(ws, 'snap.json'), 'utf8');
    const golden = fs.readFileSync(GOLDEN, 'utf8');
    assert.ok(text === golden, firstDifference(text, golden));
  });

  it('reads MCP snapshot files that are JSON5 (comments, trailing commas) to the same snapshot', async () => {
    const ws = cliWorkspace();
    const json5Dir = scratchDir('tsi-json5-snaps-');
    const source = path.join(DEMO, 'snapshots', 'github');
    const snaps = fs.readdirSync(source).filter((f) => f.endsWith('.snap'));
    assert.ok(snaps.length > 0, 'the demo has GitHub snapshot files');
    for (const f of snaps) {
      const text = fs.readFileSync(path.join(source, f), 'utf8').trimEnd();
      // A leading comment and a trailing comma: not JSON, still JSON5.
      const json5 = `// saved from tools/list\n${text.replace(/\}$/, ',}')}\n`;
      assert.throws(() => JSON.parse(json5) as unknown);
      fs.writeFileSync(path.join(json5Dir, f), json5);
    }
    const r = await runCliCaptured(['snapshot', '--workspace', ws, '--out', 'snap.json', '--no-user-config', '--snapshot', `github=${json5Dir}`], ws);
    assert.equal(r.code, 0, r.err);
    const text = fs.readFileSync(path.join(ws, 'snap.json'), 'utf8');
    const golden = fs.readFileSync(GOLDEN, 'utf8');
    assert.ok(text === golden, firstDifference(text, golden));
  });

  it('JSON.parse and the JSON5 reader give the same value for JSON text (the fast path changes nothing)', () => {
    const texts = [
      '{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"},"x":{"default":1e400}}}}]}',
      '{"b":1,"a":2,"b":3,"10":4,"9":5}',
      '["\\u00e9\\ud83d\\ude00", -0, 1.5e-7, 12345678901234567890, true, null, {}]',
      '  {"nested": [[[]], {"": ""}]}  ',
    ];
    for (const text of texts) {
      const fast = JSON.parse(text) as unknown;
      const slow = parseJson5('x.json', text);
      assert.deepEqual(slow.diagnostics, []);
      assert.deepStrictEqual(slow.value, fast, text);
      assert.equal(JSON.stringify(slow.value), JSON.stringify(fast), `key order of ${text}`);
    }
  });

  it('still names the line of a syntax error in an MCP snapshot file', async () => {
    const ws = cliWorkspace();
    const dir = scratchDir('tsi-bad-snap-');
    fs.writeFileSync(path.join(dir, 'broken.json'), '{\n  "tools": [\n    { "name": "x", }\n    oops\n  ]\n}\n');
    const r = await runCliCaptured(['catalog', '--workspace', ws, '--json', '--no-user-config', '--snapshot', `broken=${dir}`], ws);
    const all = `${r.out}\n${r.err}`;
    assert.match(all, /broken\.json/);
    assert.match(all, /JSON5 syntax error/);
    assert.match(all, /"line":\s*4|broken\.json:4/);
  });
});
