import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyExpectedProblems } from '../../../src/core/util/expectedProblems';
import { OpenWorkspace } from '../../../src/core/workspace';
import type { Diagnostic } from '../../../src/core/types';
import { scratchDir } from '../../helpers/scratch';

const demo = path.resolve(__dirname, '..', '..', '..', 'examples', 'demo');

describe('@expected-problem markers (issue 44: the demo opened on "2 errors" it shows on purpose)', () => {
  it('the demo, built as the editor builds it, has no error: its two intentional problems are infos that say so', async () => {
    const ws = new OpenWorkspace({ workspace: demo, noUserConfig: true, snapshots: [{ name: 'github', path: path.join(demo, 'snapshots', 'github') }], trusted: false, liveMcp: () => undefined });
    try {
      const catalog = await ws.buildCatalog();
      assert.deepEqual(catalog.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), []);
      const intentional = catalog.diagnostics.filter((d) => d.expected !== undefined);
      assert.deepEqual(intentional.map((d) => d.file).sort(), ['.openclaw/client-tools.json', '.openclaw/extensions/notes/openclaw.plugin.json']);
      for (const d of intentional) {
        assert.equal(d.severity, 'info');
        assert.match(d.message, /^Intentional \(the demo shows [^)]+\): /);
      }
      assert.ok(intentional.some((d) => /notes_summarize/.test(d.message)));
      assert.ok(intentional.some((d) => /client tool name conflict: web_search/.test(d.message)));
    } finally {
      await ws.dispose();
    }
  });

  const text = ['{', '  // why the next entry is wrong:', '  // @expected-problem shows a clash', '', '  "a": 1, // @expected-problem inline reason', '  "b": 2,', '}'].join('\n');
  const at = (line: number, severity: Diagnostic['severity'] = 'error'): Diagnostic => ({ file: 'f.json', line, severity, message: `problem at ${line}` });

  it('a marker covers its own line and the first code line below its comment block; the message keeps the problem and adds the reason', () => {
    const out = applyExpectedProblems([at(5), at(6, 'warning')], () => text);
    assert.deepEqual(out[0], { file: 'f.json', line: 5, severity: 'info', expected: 'inline reason', message: 'Intentional (inline reason): problem at 5' });
    assert.deepEqual(out[1], at(6, 'warning'));
    // Without the inline marker, the block marker (line 3) covers line 5: the blank line 4 is skipped.
    const fromBlock = applyExpectedProblems([at(5)], () => text.replace(' // @expected-problem inline reason', ''));
    assert.equal(fromBlock[0]?.expected, 'shows a clash');
    assert.equal(fromBlock.length, 1);
  });

  it('a marker under which no problem is left is a warning at the marker, so a fixed problem leaves no stale excuse', () => {
    // Line 5's own marker takes its problem; the one above it (line 3) is left with none.
    const out = applyExpectedProblems([at(5)], () => text);
    assert.deepEqual(out.slice(1).map((d) => [d.line, d.severity]), [[3, 'warning']]);
    assert.match(out[1]?.message ?? '', /marks no problem here any more/);
  });

  it('unreadable files, problems without a line and ordinary comments change nothing', () => {
    const plain = [at(2), { file: 'f.json', severity: 'error', message: 'no line' } as Diagnostic];
    assert.deepEqual(applyExpectedProblems(plain, () => undefined), plain);
    assert.deepEqual(applyExpectedProblems(plain, () => '{\n  // expected-problem without the at sign\n  "a": 1\n}'), plain);
  });

  it('a file outside the workspace folder is not read for markers, even in a trusted folder', async () => {
    const root = scratchDir('expected-outside');
    const ws = path.join(root, 'ws');
    fs.mkdirSync(path.join(ws, '.openclaw'), { recursive: true });
    const outside = path.join(root, 'outside-client-tools.json');
    fs.writeFileSync(outside, '[\n  // @expected-problem should not be read\n  { "name": "web_search", "description": "x", "parameters": { "type": "object" } }\n]\n');
    const open = new OpenWorkspace({ workspace: ws, noUserConfig: true, clientToolsPath: outside, trusted: true, liveMcp: () => undefined });
    try {
      const catalog = await open.buildCatalog();
      assert.ok(catalog.diagnostics.some((d) => /client tool name conflict: web_search/.test(d.message) && d.severity === 'error' && d.expected === undefined), JSON.stringify(catalog.diagnostics));
    } finally {
      await open.dispose();
    }
  });
});
