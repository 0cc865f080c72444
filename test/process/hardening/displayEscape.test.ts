import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scratchDir } from '../../helpers/scratch';

/**
 * Issue 25 item 5, "what people see is not spoofable", against the built CLI
 * (`node dist/cli.js`, as a terminal runs it): a workspace whose client tools
 * and MCP snapshot carry terminal escapes, bidi overrides and invisible
 * characters. Human output shows them escaped and never writes an ESC byte;
 * `--json`, snapshots and what the model is sent keep them as they are.
 */

const REPO = path.resolve(__dirname, '..', '..', '..');
const CLI = path.join(REPO, 'dist', 'cli.js');
const WS = path.join(REPO, 'test', 'fixtures', 'display-escape');
const SNAP = `h=${path.join(WS, 'h.snapshot.json')}`;
const CLIENT_FILE = path.join(WS, '.openclaw', 'client-tools.json');
const RAW_CLIENT = JSON.parse(fs.readFileSync(CLIENT_FILE, 'utf8')) as { name: string; description: string }[];
const rawDescription = (name: string): string => RAW_CLIENT.find((t) => t.name === name)?.description ?? '';

interface Run {
  code: number;
  out: Buffer;
  err: Buffer;
}

function cli(...argv: string[]): Promise<Run> {
  return cliIn(WS, ...argv);
}

function cliIn(workspace: string, ...argv: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CLI, ...argv, '--workspace', workspace, '--no-user-config'], { cwd: REPO, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err && typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : err ? -1 : 0;
      if (code === -1) {
        reject(err ?? new Error('no exit code'));
        return;
      }
      resolve({ code, out: stdout, err: stderr });
    });
  });
}

const ESC = 0x1b;
// Characters that act on a terminal or hide in text, as they would arrive decoded.
// eslint-disable-next-line no-control-regex -- finding them is the point
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\u{e0000}-\u{e007f}]/u;

/** Human output as a terminal would get it: no ESC byte, no C1 control, no bidi or invisible character. */
function assertClean(bytes: Buffer, what: string): string {
  assert.equal(bytes.indexOf(ESC), -1, `${what}: an ESC byte reached the terminal`);
  const text = bytes.toString('utf8');
  const m = HIDDEN.exec(text);
  assert.equal(m, null, `${what}: U+${m?.[0].codePointAt(0)?.toString(16)} reached the terminal at ${m?.index}`);
  return text;
}

describe('display escaping: the built CLI on a workspace with hostile tool text', function () {
  this.timeout(60000);

  before(function () {
    assert.ok(fs.existsSync(CLI), `${CLI} is missing: run npm run build first`);
  });

  it('catalog --all writes no ESC byte and shows the escapes visibly', async () => {
    const r = await cli('catalog', '--all', '--snapshot', SNAP);
    assert.equal(r.code, 0, r.err.toString());
    const out = assertClean(r.out, 'catalog stdout');
    assertClean(r.err, 'catalog stderr');
    assert.match(out, /client:client:screen_clear\s+\\x1b\[2J\\x1b\[HAll is well\. \\x1b\]0;pwned\\x07Title set\. \\x9b31mred/);
    assert.match(out, /mcp:h:read<U\+202E>gnp\.exe/);
    assert.match(out, /client:client:wipe<U\+200B>_all/);
    assert.match(out, /Opens <U\+202E>txt\.exe<U\+202C> files <U\+2066>quietly<U\+2069>/);
  });

  it('each tool with a hidden character gets a warning naming the character and where, on the declaring file and line', async () => {
    const r = await cli('catalog', '--json', '--snapshot', SNAP);
    const j = JSON.parse(r.out.toString('utf8')) as { diagnostics: { file: string; line?: number; severity: string; message: string }[] };
    const find = (re: RegExp) => j.diagnostics.find((d) => d.severity === 'warning' && re.test(d.message));
    const rtl = find(/^tool mcp:h:read<U\+202E>gnp\.exe: name contains U\+202E RIGHT-TO-LEFT OVERRIDE at 4: it can make the name read differently than it is$/);
    assert.ok(rtl, JSON.stringify(j.diagnostics, null, 1));
    assert.equal(rtl.file, path.join(WS, 'h.snapshot.json'));
    const zw = find(/^tool client:client:wipe<U\+200B>_all: name contains U\+200B ZERO WIDTH SPACE at 4/);
    assert.deepEqual([zw?.file, zw?.line], ['.openclaw/client-tools.json', 3]);
    const esc = find(/^tool client:client:screen_clear: description contains U\+001B ESCAPE at 0 \(3 times\), U\+0007 BELL at \d+, U\+009B CONTROL SEQUENCE INTRODUCER/);
    assert.deepEqual([esc?.file, esc?.line], ['.openclaw/client-tools.json', 2]);
    assert.ok(find(/^tool client:client:rtl_note: description contains U\+202E RIGHT-TO-LEFT OVERRIDE at 6/));
    assert.ok(!j.diagnostics.some((d) => /plain_echo/.test(d.message)), 'a clean tool gets no warning');
    // The human rendering of the same diagnostics is escaped too.
    const human = assertClean((await cli('catalog', '--snapshot', SNAP)).out, 'catalog diagnostics');
    assert.match(human, /warning: tool mcp:h:read<U\+202E>gnp\.exe: name contains U\+202E RIGHT-TO-LEFT OVERRIDE at 4/);
  });

  it('--json keeps every value raw (JSON escapes the controls itself)', async () => {
    const r = await cli('catalog', '--all', '--json', '--snapshot', SNAP);
    assert.equal(r.out.indexOf(ESC), -1, 'JSON escapes ESC as \\u001b');
    const j = JSON.parse(r.out.toString('utf8')) as { tools: { id: string; description: string }[] };
    const byId = (id: string) => j.tools.find((t) => t.id === id);
    assert.equal(byId('client:client:screen_clear')?.description, rawDescription('screen_clear'));
    assert.equal(byId('client:client:rtl_note')?.description, rawDescription('rtl_note'));
    assert.ok(byId('mcp:h:read\u202Egnp.exe'), 'the id keeps its U+202E');
    assert.ok(byId('client:client:wipe\u200B_all'), 'the excluded id keeps its U+200B');
  });

  it('what the model is sent is unchanged: the direct-mode request carries the descriptions as written', async () => {
    const r = await cli('preview', '--mode', 'direct', '--json');
    const j = JSON.parse(r.out.toString('utf8')) as { request: { tools: { function?: { name: string; description: string }; name?: string; description?: string }[] } };
    const sent = (name: string) => j.request.tools.map((t) => t.function ?? (t as { name: string; description: string })).find((f) => f.name === name)?.description;
    assert.equal(sent('screen_clear'), rawDescription('screen_clear'));
    assert.equal(sent('rtl_note'), rawDescription('rtl_note'));
  });

  it('search and describe show ids and text escaped', async () => {
    const s = await cli('search', 'image file', '--snapshot', SNAP);
    assert.equal(s.code, 0, s.err.toString());
    assert.match(assertClean(s.out, 'search stdout'), /mcp:h:read<U\+202E>gnp\.exe/);
    const d = await cli('describe', 'mcp:h:read\u202Egnp.exe', '--snapshot', SNAP);
    assert.equal(d.code, 0, d.err.toString());
    // describe shows what the model is given: its label is the compact entry's, which drops bidi marks (docs/fidelity.md).
    assert.match(assertClean(d.out, 'describe stdout'), /^mcp:h:read<U\+202E>gnp\.exe {2}\(mcp, h\)\nname: {2}h__read-gnp-exe\nlabel: readgnp\.exe\n/);
  });

  it('stderr never echoes a control sequence, even from the command line', async () => {
    const r = await cli('describe', 'nope\u001b[2J\u001b]0;x\u0007\u202E', '--snapshot', SNAP);
    assert.equal(r.code, 1);
    const err = assertClean(r.err, 'describe stderr');
    assert.match(err, /nope\\x1b\[2J\\x1b\]0;x\\x07<U\+202E>/);
    const u = await cli('catalog', '--bogus\u001b[2J');
    assert.equal(u.code, 2);
    assertClean(u.err, 'usage error stderr');
  });

  it('a call result that holds a control sequence or an override is shown escaped; --json keeps it raw', async () => {
    const hostile = path.join(REPO, 'test', 'fixtures', 'hostile');
    const args = JSON.stringify({ mode: 'safe', x: '\u001b[2J\u001b]0;pwn\u0007 \u202Eabc' });
    const r = await cliIn(hostile, 'call', 'vault_echo', '--args', args);
    assert.equal(r.code, 0, r.err.toString());
    assert.match(assertClean(r.out, 'call stdout'), /"x": "\\u001b\[2J\\u001b\]0;pwn\\u0007 <U\+202E>abc"/);
    const j = await cliIn(hostile, 'call', 'vault_echo', '--args', args, '--json');
    const body = JSON.parse(j.out.toString('utf8')) as { result: { details?: { x?: string } } };
    assert.ok(JSON.stringify(body.result).includes('\u202E'), 'the result keeps its U+202E');
  });

  it('snapshot to stdout is data: printed as it is, the ids raw', async () => {
    const r = await cli('snapshot', '--snapshot', SNAP);
    assert.equal(r.code, 0, r.err.toString());
    const j = JSON.parse(r.out.toString('utf8')) as { tools: { id: string }[] };
    assert.ok(j.tools.some((t) => t.id === 'mcp:h:read\u202Egnp.exe'));
  });

  it('diff --markdown keeps every table row at its header\'s column count, and human diff is escaped', async () => {
    const dir = scratchDir('tsi-escape-');
    try {
      const before = path.join(dir, 'before.json');
      const s = await cli('snapshot', '--out', before, '--client-tools', path.join(WS, 'no-client-tools.json'));
      assert.equal(s.code, 0, s.err.toString());
      const md = await cli('diff', before, '--markdown', '--snapshot', SNAP);
      assert.equal(md.code, 0, md.err.toString());
      const text = assertClean(md.out, 'diff --markdown');
      const lines = text.split('\n');
      let columns = 0;
      let rows = 0;
      for (let i = 0; i < lines.length; i += 1) {
        const line = lines[i] ?? '';
        if (!line.startsWith('|')) {
          columns = 0;
          continue;
        }
        const n = cellCount(line);
        if (columns === 0) {
          columns = n;
          assert.match(lines[i + 1] ?? '', /^\|( --- \|)+$/, `a header row: ${line}`);
        } else {
          assert.equal(n, columns, `row ${i + 1} has ${n} cells, its table ${columns}: ${line}`);
          rows += 1;
        }
      }
      assert.ok(rows >= 8, `rows checked: ${rows}`);
      // The hostile names are there, visibly: an id with a pipe, a backtick and a backslash-pipe, and a bidi override.
      assert.ok(text.includes('| ``mcp:h:pipe\\|tick`name\\\\|x`` | cataloged |'), text);
      assert.ok(text.includes('`mcp:h:read<U+202E>gnp.exe`'), text);
      assert.ok(text.includes('| ``client:client:evil\\|pipe`tick\\\\|x`` | excluded | tool name "evil\\|pipe\\`tick\\\\\\|x" is not a valid function name'), text);
      const human = await cli('diff', before, '--snapshot', SNAP);
      assert.match(assertClean(human.out, 'diff'), /added\s+client:client:wipe<U\+200B>_all/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Cells of a GFM table row as GitHub and markdown-it split it: at each `|` not preceded by a backslash. */
function cellCount(row: string): number {
  const body = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  let n = 1;
  let escaped = false;
  for (const ch of body) {
    if (ch === '|' && !escaped) {
      n += 1;
    }
    escaped = ch === '\\';
  }
  return n;
}
