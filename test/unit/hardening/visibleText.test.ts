import * as assert from 'node:assert/strict';
import { hiddenTextDiagnostics } from '../../../src/core/catalog/hiddenText';
import { nameProblem } from '../../../src/core/catalog/toolAdmission';
import { markdownCell, markdownCode } from '../../../src/core/snapshot/diffMarkdown';
import type { ToolDefinition } from '../../../src/core/types';
import {
  characterLabel,
  cutVisible,
  hasHiddenCharacters,
  hiddenCharacters,
  hiddenKind,
  visibleLines,
  visibleText,
} from '../../../src/core/util/visibleText';
import { formatDiagnostic, table, truncate } from '../../../src/cli/format';
import { displayIO } from '../../../src/cli/main';
import { shownNode, type ToolNode } from '../../../src/extension/tree/catalogTreeModel';
import { el } from '../../../src/webview/shared/dom';

/** Every byte of the output is printable ASCII, space, tab or line feed (what `visibleLines` of ASCII gives). */
function printable(s: string): boolean {
  return /^[\x20-\x7e\t\n…]*$/.test(s);
}

/** Cells of a GFM table row as markdown-it and GitHub split it: at each `|` not preceded by a backslash. */
function cells(row: string): number {
  let n = 0;
  let escaped = false;
  const body = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (const ch of body) {
    if (ch === '|' && !escaped) {
      n += 1;
    }
    escaped = ch === '\\';
  }
  return n + 1;
}

describe('display escaping (core/util/visibleText): what people see is what is there', () => {
  it('C0, DEL and C1 controls become \\xHH (tab, newline and CR their short escapes): no ESC survives', () => {
    assert.equal(visibleText('\u001b[2J\u001b[H'), '\\x1b[2J\\x1b[H');
    assert.equal(visibleText('\u001b]0;pwned\u0007'), '\\x1b]0;pwned\\x07');
    assert.equal(visibleText('a\u0000b\u007fc\u009b31m\u0085'), 'a\\x00b\\x7fc\\x9b31m\\x85');
    assert.equal(visibleText('a\tb\nc\rd'), 'a\\tb\\nc\\rd');
    for (let cp = 0; cp <= 0x9f; cp += 1) {
      if (cp >= 0x20 && cp < 0x7f) {
        continue;
      }
      const shown = visibleText(String.fromCodePoint(cp));
      assert.ok(printable(shown) && !shown.includes('\n') && !shown.includes('\t'), `U+${cp.toString(16)} -> ${JSON.stringify(shown)}`);
      assert.equal(hiddenKind(cp), 'control');
    }
  });

  it('bidi marks, embeddings, overrides and isolates become <U+XXXX>', () => {
    assert.equal(visibleText('mcp:h:read\u202Egnp.exe'), 'mcp:h:read<U+202E>gnp.exe');
    for (const cp of [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      assert.equal(visibleText(`a${String.fromCodePoint(cp)}b`), `a<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>b`);
      assert.equal(hiddenKind(cp), 'bidi', cp.toString(16));
    }
  });

  it('zero-width, invisible and format characters, variation selectors, tags and lone surrogates become <U+XXXX>', () => {
    assert.equal(visibleText('wipe\u200B_all'), 'wipe<U+200B>_all');
    const invisible = [0x00ad, 0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180b, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2064, 0x206a, 0x206f, 0x3164, 0xfe00, 0xfe0f, 0xfeff, 0xffa0, 0xfff9, 0xfffb, 0x1d173, 0xe0001, 0xe0041, 0xe007f, 0xe0100, 0xe01ef];
    for (const cp of invisible) {
      assert.equal(visibleText(String.fromCodePoint(cp)), `<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>`);
      assert.equal(hiddenKind(cp), 'invisible', cp.toString(16));
    }
    // Line and paragraph separators break lines: controls.
    assert.equal(visibleText('a\u2028b\u2029'), 'a<U+2028>b<U+2029>');
    assert.equal(hiddenKind(0x2028), 'control');
    assert.equal(visibleText('x\ud800y'), 'x<U+D800>y');
    // An ASCII smuggling payload in tags reads as what it is.
    assert.equal(visibleText('ok\u{E0049}\u{E0047}'), 'ok<U+E0049><U+E0047>');
  });

  it('leaves ordinary text alone (letters of any script, emoji without joiners, spaces), and is idempotent', () => {
    for (const s of ['read_file', 'Grüße, 日本語, עברית, العربية', 'rocket 🚀', 'a\u00a0b', 'tool-search <U+202E> literal', '\\x1b literal']) {
      assert.equal(visibleText(s), s);
      assert.equal(hasHiddenCharacters(s), false);
    }
    const hostile = 'a\u001b[2J\u202E\u200B\u{E0041}\ud800\n\t';
    assert.equal(visibleText(visibleText(hostile)), visibleText(hostile));
    assert.equal(visibleLines(visibleLines(hostile)), visibleLines(hostile));
  });

  it('visibleLines keeps tab and line feed (CRLF as LF) and escapes everything else, a lone CR included', () => {
    assert.equal(visibleLines('one\r\ntwo\tthree\rfour\u001b[2K\u202Efive'), 'one\ntwo\tthree\\rfour\\x1b[2K<U+202E>five');
  });

  it('hiddenCharacters names each character with its 0-based code-point index; line breaks are ordinary in descriptions', () => {
    assert.deepEqual(hiddenCharacters('mcp:h:read\u202Egnp.exe'), [{ index: 10, codePoint: 0x202e, kind: 'bidi', name: 'RIGHT-TO-LEFT OVERRIDE' }]);
    // An astral character before counts as one.
    assert.equal(hiddenCharacters('🚀\u200B')[0]?.index, 1);
    assert.deepEqual(hiddenCharacters('a\nb\tc\r\n', { lineBreaks: true }), []);
    assert.equal(hiddenCharacters('a\nb').length, 1);
    assert.equal(characterLabel(0x1b), 'U+001B ESCAPE');
    assert.equal(characterLabel(0x200b), 'U+200B ZERO WIDTH SPACE');
    assert.equal(characterLabel(0xfe0f), 'U+FE0F VARIATION SELECTOR-16');
    assert.equal(characterLabel(0xe0041), 'U+E0041 TAG A');
    assert.equal(characterLabel(0x9b), 'U+009B CONTROL SEQUENCE INTRODUCER');
  });

  it('cutVisible never cuts an escape in half', () => {
    assert.equal(cutVisible(visibleText('abcdef\u001b'), 9), 'abcdef…');
    assert.equal(cutVisible('abc<U+202E>def', 8), 'abc…');
    assert.equal(cutVisible('abc<U+202E>def', 12), 'abc<U+202E>…');
    assert.equal(cutVisible('short', 10), 'short');
  });
});

describe('per-tool warnings for hidden characters (catalog diagnostics)', () => {
  const def = (over: Partial<ToolDefinition>): ToolDefinition => ({ source: 'client', owner: 'client', name: 'x', description: '', origin: { file: '.openclaw/client-tools.json', line: 3 }, ...over });

  it('names the field, the character and its index, on the declaring file and line', () => {
    const [d, ...rest] = hiddenTextDiagnostics(def({ source: 'mcp', owner: 'h', name: 'h__read-gnp-exe', rawName: 'read\u202Egnp.exe', label: 'read\u202Egnp.exe' }), 'mcp:h:read\u202Egnp.exe');
    assert.equal(rest.length, 0, 'the label that is the raw name is not named twice');
    assert.deepEqual(d, {
      file: '.openclaw/client-tools.json',
      line: 3,
      severity: 'warning',
      message: 'tool mcp:h:read<U+202E>gnp.exe: name contains U+202E RIGHT-TO-LEFT OVERRIDE at 4: it can make the name read differently than it is',
    });
    const zw = hiddenTextDiagnostics(def({ name: 'wipe\u200B_all' }), 'client:client:wipe\u200B_all');
    assert.match(zw[0]?.message ?? '', /^tool client:client:wipe<U\+200B>_all: name contains U\+200B ZERO WIDTH SPACE at 4: it cannot be seen/);
  });

  it('descriptions: control characters are named with counts, paragraphs are not warned about, a clean tool gets nothing', () => {
    const [d] = hiddenTextDiagnostics(def({ description: '\u001b[2J\u001b[H ok \u0007' }), 'client:client:x');
    assert.equal(d?.message, 'tool client:client:x: description contains U+001B ESCAPE at 0 (2 times), U+0007 BELL at 11: a terminal or viewer may act on it instead of showing it');
    assert.deepEqual(hiddenTextDiagnostics(def({ description: 'line one\nline two\twith a tab' }), 'client:client:x'), []);
  });

  it('the admission error quotes a refused name escaped and names the character', () => {
    const p = nameProblem('wipe\u200B_all') ?? '';
    assert.match(p, /^tool name "wipe<U\+200B>_all" has characters outside .*: U\+200B ZERO WIDTH SPACE$/);
    assert.ok(!p.includes('\u200B'));
  });
});

describe('surfaces use the escaping', () => {
  it('CLI tables, truncate and diagnostics escape each value on its line; a newline cannot add a row', () => {
    const t = table(['ID', 'DESCRIPTION'], [['mcp:h:read\u202Egnp.exe', 'clear\u001b[2J\nfake row']]);
    assert.equal(t.split('\n').length, 3);
    assert.ok(printable(t), t);
    assert.match(t, /mcp:h:read<U\+202E>gnp\.exe {2}clear\\x1b\[2J\\nfake row/);
    assert.equal(truncate('a\u001b[2J\nb', 70), 'a\\x1b[2J b');
    assert.equal(formatDiagnostic({ file: 'f.json', line: 2, severity: 'warning', message: 'tool \u202Eevil' }), 'f.json:2: warning: tool <U+202E>evil');
  });

  it('the CLI sink escapes human stdout and all stderr, and leaves JSON and data stdout as they are', () => {
    const got: string[] = [];
    const io = { stdout: (t: string) => got.push(`out:${t}`), stderr: (t: string) => got.push(`err:${t}`), cwd: '/', env: {} };
    displayIO(io, false).stdout('a\u001b[2Jb\nc');
    displayIO(io, true).stdout('{"d":"\u202E"}');
    displayIO(io, true).stderr('e\u001b]0;t\u0007');
    assert.deepEqual(got, ['out:a\\x1b[2Jb\nc', 'out:{"d":"\u202E"}', 'err:e\\x1b]0;t\\x07']);
  });

  it('markdown cells keep the table\'s column count whatever the text holds', () => {
    const hostile = ['a | b', 'a \\| b', 'a \\\\| b', 'x\ny\r\nz', '`code | span`', '[link](http://x) <img src=x>', '&#124; entity', 'end \\', '\u202Ertl\u001b[2J'];
    for (const h of hostile) {
      const row = `| ${markdownCode(h)} | ok | ${markdownCell(h)} |`;
      assert.equal(cells(row), 3, `${JSON.stringify(h)} -> ${row}`);
      assert.ok(!row.includes('\n') && !row.includes('\u202E') && !row.includes('\u001b'), row);
    }
    assert.equal(markdownCell('a\\|b'), 'a\\\\\\|b');
    assert.equal(markdownCode('pipe|tick`x'), '``pipe\\|tick`x``');
    assert.equal(markdownCode('`edge`'), '`` `edge` ``');
  });

  it('tree items show labels, descriptions and tooltips escaped; the node keeps the raw text', () => {
    const node = { kind: 'tool', id: 'x/mcp:h:read\u202Egnp.exe', label: 'read\u202Egnp.exe', description: 'clear\u001b[2J', tooltip: 'one\ntwo\u200B', icon: { id: 'x' } } as unknown as ToolNode;
    assert.deepEqual(shownNode(node), { label: 'read<U+202E>gnp.exe', description: 'clear\\x1b[2J', tooltip: 'one\ntwo<U+200B>' });
    assert.equal(node.label, 'read\u202Egnp.exe');
  });

  it('webview el() writes text children and shown attributes escaped, ids and values raw', () => {
    type Fake = { attrs: Record<string, string>; children: unknown[]; setAttribute(k: string, v: string): void; append(...c: unknown[]): void };
    const g = globalThis as { document?: unknown };
    const before = g.document;
    g.document = {
      createElement: (): Fake => ({
        attrs: {},
        children: [],
        setAttribute(k, v) {
          this.attrs[k] = v;
        },
        append(...c) {
          this.children.push(...c);
        },
      }),
    };
    try {
      const e = el('td', { title: 'read\u202Egnp.exe', 'data-id': 'mcp:h:read\u202Egnp.exe', value: 'v\u200B' }, 'read\u202Egnp.exe', 'line\nnext') as unknown as Fake;
      assert.deepEqual(e.attrs, { title: 'read<U+202E>gnp.exe', 'data-id': 'mcp:h:read\u202Egnp.exe', value: 'v\u200B' });
      assert.deepEqual(e.children, ['read<U+202E>gnp.exe', 'line\nnext']);
    } finally {
      g.document = before;
    }
  });
});
