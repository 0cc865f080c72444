import * as assert from 'node:assert/strict';
import { isChildMessage } from '../../../src/core/bridge/protocol';
import type { RunReport } from '../../../src/core/bridge/runReport';
import { outcomeOf, SnippetRunHistory, SNIPPET_HISTORY_LIMIT } from '../../../src/extension/snippets/runHistory';
import { isBridgeSnippet } from '../../../src/extension/snippets/snippetFiles';
import { clip, snippetMarks } from '../../../src/extension/snippets/snippetMarks';
import { toolIdContext, toolIdFilterText } from '../../../src/extension/snippets/toolIdContext';

type Marked = Pick<RunReport, 'ok' | 'value' | 'error' | 'errorLine' | 'trace'>;

describe('snippet marks: diagnostics and notes from a run', () => {
  const failedCall: RunReport['trace'][number] = { seq: 2, op: 'call', args: ['x'], ok: false, error: 'unknown tool "x"', startMs: 1, durationMs: 1, line: 3 };
  const search: RunReport['trace'][number] = { seq: 1, op: 'search', args: ['q'], ok: true, result: [{ id: 'a' }, { id: 'b' }], startMs: 0, durationMs: 1, line: 1 };

  it('a thrown error is an error on its line; a caught failed call a warning on the call\'s', () => {
    const r: Marked = { ok: false, error: 'Error: boom (line 5)', errorLine: 5, trace: [search, failedCall] };
    const m = snippetMarks(r, 0, 9);
    assert.deepEqual(m.problems, [
      { line: 2, severity: 'warning', message: 'openclaw.tools.call failed: unknown tool "x"' },
      { line: 4, severity: 'error', message: 'Error: boom (line 5)' },
    ]);
    assert.deepEqual(m.notes.map((n) => [n.line, n.failed, n.text]), [
      [0, false, 'search: 2 hits (a, b)'],
      [2, true, 'call failed: unknown tool "x"'],
      [4, true, '✗ Error: boom (line 5)'],
    ]);
  });

  it('a selection run maps its lines into the document, and the value goes on the last line', () => {
    const m = snippetMarks({ ok: true, value: { n: 2 }, trace: [search] }, 10, 20);
    assert.deepEqual(m.problems, []);
    assert.deepEqual(m.notes.map((n) => [n.line, n.text]), [[10, 'search: 2 hits (a, b)'], [20, '⇒ returned {"n":2}']]);
  });

  it('a failure without a line (a timeout) marks no line; lines past the end stay in the document', () => {
    assert.deepEqual(snippetMarks({ ok: false, error: 'timed out', trace: [] }, 0, 3), { problems: [], notes: [] });
    const m = snippetMarks({ ok: false, error: 'SyntaxError', errorLine: 40, trace: [] }, 0, 3);
    assert.equal(m.problems[0]?.line, 3);
  });

  it('one line with many entries (a loop) gets one short note', () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ ...failedCall, seq: i + 1 }));
    const [n] = snippetMarks({ ok: true, trace: many }, 0, 5).notes;
    assert.match(n?.text ?? '', /\+3 more$/);
    assert.ok((n?.text.length ?? 0) <= 120);
    assert.equal(clip('a\n  b   c'), 'a b c');
  });
});

describe('tool id context in describe("…") and call("…")', () => {
  it('finds the string being typed', () => {
    assert.deepEqual(toolIdContext('await openclaw.tools.call("mcp:git'), { op: 'call', quote: '"', prefix: 'mcp:git', start: 27 });
    assert.deepEqual(toolIdContext("describe( '"), { op: 'describe', quote: "'", prefix: '', start: 11 });
  });

  it('completions match on the model-facing name as well as the id they insert', () => {
    const filterText = toolIdFilterText({ id: 'mcp:filesystem:read_text_file', name: 'filesystem__read_text_file' });
    // What people type is a prefix of one of its words: the name they see, or the id.
    assert.ok(filterText.split(' ').some((w) => w.startsWith('filesystem__read_text')), filterText);
    assert.ok(filterText.split(' ').some((w) => w.startsWith('mcp:filesystem:read')), filterText);
    assert.equal(toolIdFilterText({ id: 'x', name: 'x' }), 'x');
  });

  it('is not fooled by other calls, closed strings or later arguments', () => {
    assert.equal(toolIdContext('openclaw.tools.search("'), undefined);
    assert.equal(toolIdContext('call("a", { x: "'), undefined);
    assert.equal(toolIdContext('recall'), undefined);
    assert.equal(toolIdContext('call("done") + "'), undefined);
  });
});

describe('snippet run history', () => {
  const run = (uri: string, startedAt: number) => ({ uri, label: uri, lineOffset: 0, outcome: 'ok' as const, startedAt, durationMs: 5 });

  it('keeps the last runs, newest first, and tells listeners', () => {
    const h = new SnippetRunHistory();
    const seen: number[] = [];
    const sub = h.onDidChange((runs) => seen.push(runs.length));
    for (let i = 0; i < SNIPPET_HISTORY_LIMIT + 5; i++) {
      h.add(run(`file:///s${i % 3}.toolsearch.js`, i));
    }
    sub.dispose();
    h.add(run('file:///late.js', 99));
    assert.equal(h.list().length, SNIPPET_HISTORY_LIMIT);
    assert.deepEqual(h.list().slice(0, 2).map((r) => r.startedAt), [99, 24]);
    assert.equal(h.list()[0]?.id, SNIPPET_HISTORY_LIMIT + 6);
    assert.equal(h.lastFor('file:///s1.toolsearch.js')?.startedAt, 22);
    assert.equal(seen.length, SNIPPET_HISTORY_LIMIT + 5, 'no calls after dispose');
  });

  it('names the outcome', () => {
    assert.equal(outcomeOf({ ok: true }), 'ok');
    assert.equal(outcomeOf({ ok: false }), 'error');
    assert.equal(outcomeOf({ ok: false, stoppedBy: 'cancelled' }), 'cancelled');
  });
});

describe('which files are bridge snippets', () => {
  it('by name or by the directive in the head of a JavaScript file', () => {
    assert.equal(isBridgeSnippet('/a/b.toolsearch.js', ''), true);
    assert.equal(isBridgeSnippet('/a/b.js', '// @openclaw-bridge\nreturn 1'), true);
    assert.equal(isBridgeSnippet('/a/b.mjs', '/* x */\n  //   @openclaw-bridge'), true);
    assert.equal(isBridgeSnippet('/a/b.js', `${' '.repeat(3000)}\n// @openclaw-bridge`), false);
    assert.equal(isBridgeSnippet('/a/b.js', '// @openclaw-bridged'), false);
    assert.equal(isBridgeSnippet('/a/b.json', '// @openclaw-bridge'), false);
  });
});

describe('snippet lines across the IPC channel', () => {
  it('are positive integers or absent; anything else makes the message invalid', () => {
    const bridge = { type: 'bridge', id: 1, op: 'call', argsJson: '[]' };
    assert.equal(isChildMessage(bridge), true);
    assert.equal(isChildMessage({ ...bridge, line: 3 }), true);
    for (const line of [0, -1, 1.5, '3', Number.NaN, 1e9]) {
      assert.equal(isChildMessage({ ...bridge, line }), false, String(line));
      assert.equal(isChildMessage({ type: 'log', level: 'log', text: 'x', line }), false, String(line));
      assert.equal(isChildMessage({ type: 'result', ok: false, error: 'e', line }), false, String(line));
    }
    assert.equal(isChildMessage({ type: 'result', ok: false, error: 'e', line: 7 }), true);
  });
});
