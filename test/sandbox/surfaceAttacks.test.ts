// The new surfaces under attack (issue 43, part 2), on every Node line the
// sandbox suite runs (20, 22, 24, 26): session stores (zstd bombs, a 2 GB,
// truncated or malformed SQLite file, a -wal naming billions of pages, a named
// pipe), transcripts (a 100 MB line, deep nesting, ANSI, bidi and zero-width
// text in tool names and arguments), stores reached through symlinks from an
// untrusted folder, fix plans on configs with comments, `$include` and
// symlinks, and a malicious OpenClaw package offered to the locator. Each
// attack runs the product's own reader in a fresh process of that Node
// (surfaceVictims.ts, bundled once), bounded by a wall clock; what it must
// show, and what must not happen (a hang, a crash, memory past the bound,
// the secret outside the folder read, a file written outside), is asserted
// per attack. The suite prints each attack's time and peak memory.
import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import { REPO, runtimes } from './harness';
import { scratchDir } from '../helpers/scratch';

interface Outcome {
  result: Record<string, unknown>;
  ms: number;
  maxRssKb: number;
  wallMs: number;
}

interface SurfaceAttack {
  name: string;
  victim: 'sessions' | 'cli' | 'locate';
  args: (f: Fixtures) => Record<string, string>;
  check: (o: Outcome, f: Fixtures) => void;
  /** Peak resident memory allowed, MB (the reader's own bounds plus Node's start). */
  maxRssMb?: number;
}

interface Fixtures {
  dir: string;
  secret: string;
  outside: string;
  untrusted: string;
}

const SECRET = `tsi-outside-secret-${process.pid}`;
/** A config with comments and odd formatting whose deny hides `read`. */
const FIX_CONFIG = `// the user's notes\n{\n\t/* keep me */ tools :{deny:[ 'read' , ],\n  },   // trailing\n\n\n  agents: { list: [ { id: "main", default: true } ] }, }\n`;
const WALL_MS = 60_000;
const MB = 1024 * 1024;

// --- builders --------------------------------------------------------------

/** A zstd frame of RLE blocks: `blocks` x 128 KiB of spaces from 4 bytes a block. */
function zstdBomb(blocks: number): Buffer {
  const parts = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38])];
  for (let i = 0; i < blocks; i++) {
    const h = (i === blocks - 1 ? 1 : 0) | (1 << 1) | (131072 << 3);
    parts.push(Buffer.from([h & 255, (h >> 8) & 255, (h >> 16) & 255, 0x20]));
  }
  return Buffer.concat(parts);
}

type Row = { seq: number; json?: string; zstd?: Uint8Array; bytes?: number };

async function storeBytes(rows: Row[]): Promise<Buffer> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run('CREATE TABLE transcript_events (session_id TEXT, seq INTEGER, event_json TEXT, event_zstd BLOB, event_utf8_bytes INTEGER, created_at INTEGER)');
  for (const r of rows) {
    db.run('INSERT INTO transcript_events VALUES (?, ?, ?, ?, ?, ?)', ['s1', r.seq, r.json ?? null, r.zstd ?? null, r.bytes ?? null, 1_700_000_000_000 + r.seq]);
  }
  const out = Buffer.from(db.export());
  db.close();
  return out;
}

const SESSION_LINE = JSON.stringify({ type: 'session', version: 3, id: 's1', timestamp: '2026-12-01T00:00:00.000Z', cwd: '/w' });
/** An assistant's tool call and its result: the lines a transcript records for one call. */
const toolCallLine = (name: string, args: unknown): string =>
  [
    JSON.stringify({ type: 'message', id: 'm1', parentId: null, timestamp: '2026-12-01T00:00:01.000Z', message: { role: 'assistant', content: [{ type: 'toolCall', id: 'call_1', name, arguments: args }], stopReason: 'toolUse' } }),
    JSON.stringify({ type: 'message', id: 'm2', parentId: 'm1', timestamp: '2026-12-01T00:00:02.000Z', message: { role: 'toolResult', toolCallId: 'call_1', toolName: name, content: [{ type: 'text', text: 'ok' }], isError: false } }),
  ].join('\n');

/** An SQLite write-ahead log with one valid commit frame that says the database has `dbPages` pages. */
function walBomb(pageSize: number, dbPages: number, page: Buffer): Buffer {
  const sum = (buf: Buffer, start: number, end: number, s: [number, number]): [number, number] => {
    let [s0, s1] = s;
    for (let i = start; i < end; i += 8) {
      s0 = (s0 + buf.readUInt32BE(i) + s1) >>> 0;
      s1 = (s1 + buf.readUInt32BE(i + 4) + s0) >>> 0;
    }
    return [s0, s1];
  };
  const header = Buffer.alloc(32);
  header.writeUInt32BE(0x377f0683, 0);
  header.writeUInt32BE(3007000, 4);
  header.writeUInt32BE(pageSize, 8);
  header.writeUInt32BE(1, 16);
  header.writeUInt32BE(2, 20);
  let s = sum(header, 0, 24, [0, 0]);
  header.writeUInt32BE(s[0], 24);
  header.writeUInt32BE(s[1], 28);
  const frame = Buffer.alloc(24 + pageSize);
  frame.writeUInt32BE(1, 0);
  frame.writeUInt32BE(dbPages >>> 0, 4);
  frame.writeUInt32BE(1, 8);
  frame.writeUInt32BE(2, 12);
  page.copy(frame, 24, 0, pageSize);
  s = sum(frame, 0, 8, s);
  s = sum(frame, 24, 24 + pageSize, s);
  frame.writeUInt32BE(s[0], 16);
  frame.writeUInt32BE(s[1], 20);
  return Buffer.concat([header, frame]);
}

function sparse(file: string, head: Buffer, size: number): void {
  fs.writeFileSync(file, head);
  fs.truncateSync(file, size);
}

async function buildFixtures(): Promise<Fixtures> {
  const dir = scratchDir('tsi-surface-');
  const p = (...parts: string[]): string => path.join(dir, ...parts);
  const outside = p('outside');
  const untrusted = p('untrusted');
  for (const d of [outside, untrusted, p('stores'), p('jsonl'), untrusted + '/sessions', untrusted + '/agents/a/agent']) fs.mkdirSync(d, { recursive: true });

  const valid = await storeBytes([{ seq: 1, json: SESSION_LINE }, { seq: 2, json: toolCallLine('read', { path: 'a' }).split('\n')[0] }]);
  // zstd: a frame of 1 GiB behind a row that declares 4 MiB; a row that declares 2 GiB.
  fs.writeFileSync(p('stores', 'bomb.sqlite'), await storeBytes([{ seq: 1, json: SESSION_LINE }, { seq: 2, zstd: zstdBomb(8192), bytes: 4 * MB }, { seq: 3, json: toolCallLine('read', { path: 'kept' }).split('\n')[0] }]));
  fs.writeFileSync(p('stores', 'declared.sqlite'), await storeBytes([{ seq: 1, json: SESSION_LINE }, { seq: 2, zstd: zstdBomb(1), bytes: 2 ** 31 }]));
  // Many rows of 4 MiB bombs: the store-wide budget ends them.
  fs.writeFileSync(p('stores', 'many.sqlite'), await storeBytes([{ seq: 1, json: SESSION_LINE }, ...Array.from({ length: 80 }, (_, i) => ({ seq: i + 2, zstd: zstdBomb(32), bytes: 4 * MB }))]));
  sparse(p('stores', 'sparse2g.sqlite'), valid.subarray(0, 100), 2 ** 31);
  fs.writeFileSync(p('stores', 'truncated.sqlite'), valid.subarray(0, Math.floor(valid.length / 2)));
  fs.writeFileSync(p('stores', 'malformed.sqlite'), Buffer.concat([valid.subarray(0, 100), Buffer.alloc(valid.length * 4, 0xa5)]));
  fs.mkdirSync(p('stores', 'wal'));
  fs.writeFileSync(p('stores', 'wal', 'openclaw-agent.sqlite'), valid);
  fs.writeFileSync(p('stores', 'wal', 'openclaw-agent.sqlite-wal'), walBomb(valid.readUInt16BE(16), 0x7fffffff, valid));
  execFileSync('mkfifo', [p('stores', 'fifo.sqlite')]);

  // Transcripts: a 100 MB line (over the bound), a 48 MB line (within it), 1,000,000 nested arrays.
  const big = fs.openSync(p('jsonl', 'line100mb.jsonl'), 'w');
  fs.writeSync(big, `${SESSION_LINE}\n{"type":"message","message":{"role":"user","content":"`);
  const chunk = Buffer.alloc(MB, 0x61);
  for (let i = 0; i < 100; i++) fs.writeSync(big, chunk);
  fs.writeSync(big, '"}}\n');
  fs.closeSync(big);
  fs.writeFileSync(p('jsonl', 'line48mb.jsonl'), `${SESSION_LINE}\n${toolCallLine('read', { path: 'x'.repeat(48 * MB) })}\n`);
  fs.writeFileSync(p('jsonl', 'deep.jsonl'), `${SESSION_LINE}\n${toolCallLine('read', { a: 'DEEP' }).replace('"DEEP"', '['.repeat(100_000) + ']'.repeat(100_000))}\n{"type":"message","message":{"role":"user","content":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}}\n`);
  const hostile = 'evil\u001b[31mRED\u001b]8;;http://127.0.0.1:9/\u0007link\u202egnp.exe\u200b\u2066x';
  fs.writeFileSync(p('jsonl', 'hidden.jsonl'), `${SESSION_LINE}\n${toolCallLine(hostile, { [hostile]: hostile, path: '\u202e\u200b\u001b[2J' })}\n`);

  // Outside the untrusted folder: a transcript and a store log holding the secret.
  fs.writeFileSync(path.join(outside, 'secret.jsonl'), `${SESSION_LINE}\n${toolCallLine('read', { path: SECRET })}\n`);
  fs.mkdirSync(path.join(outside, 'agents', 'b', 'sessions'), { recursive: true });
  fs.writeFileSync(path.join(outside, 'agents', 'b', 'sessions', 's2.jsonl'), `${SESSION_LINE}\n${toolCallLine('read', { path: SECRET })}\n`);
  fs.writeFileSync(path.join(outside, 'other.sqlite-wal'), walBomb(valid.readUInt16BE(16), 2, valid));
  fs.symlinkSync(path.join(outside, 'secret.jsonl'), path.join(untrusted, 'sessions', 'linked.jsonl'));
  fs.symlinkSync(path.join(outside, 'agents'), path.join(untrusted, 'sessions', 'agents'));
  fs.symlinkSync(outside, path.join(untrusted, 'state'));
  fs.writeFileSync(path.join(untrusted, 'agents', 'a', 'agent', 'openclaw-agent.sqlite'), valid);
  fs.symlinkSync(path.join(outside, 'other.sqlite-wal'), path.join(untrusted, 'agents', 'a', 'agent', 'openclaw-agent.sqlite-wal'));
  fs.writeFileSync(path.join(untrusted, 'sessions', 'own.jsonl'), `${SESSION_LINE}\n${toolCallLine('read', { path: 'inside' })}\n`);

  // Fix plans: a config with comments and odd formatting; one with $include; one that is a symlink out.
  const config = FIX_CONFIG;
  for (const [name, text] of [['fix-comments', config], ['fix-include', `{ "$include": "./tools.json5", // split\n  tools: { deny: ["read"] } }\n`]] as const) {
    fs.mkdirSync(p(name));
    fs.writeFileSync(p(name, 'openclaw.json'), text);
  }
  fs.writeFileSync(p('fix-include', 'tools.json5'), '{ tools: { profile: "minimal" } }\n');
  fs.mkdirSync(p('fix-symlink'));
  fs.writeFileSync(path.join(outside, 'openclaw.json'), config);
  fs.symlinkSync(path.join(outside, 'openclaw.json'), p('fix-symlink', 'openclaw.json'));

  // Malicious OpenClaw packages: package.json a named pipe, 2 GB, and a "bin" that leaves the package.
  for (const name of ['pkg-fifo', 'pkg-huge', 'pkg-bin']) fs.mkdirSync(p(name, 'dist'), { recursive: true });
  execFileSync('mkfifo', [p('pkg-fifo', 'package.json')]);
  sparse(p('pkg-huge', 'package.json'), Buffer.from('{"name":"openclaw","version":"2026.9.6","x":"'), 2 ** 31);
  fs.writeFileSync(path.join(outside, 'evil.mjs'), `import fs from 'node:fs'; fs.writeFileSync(${JSON.stringify(path.join(outside, 'ran'))}, 'x');\n`);
  fs.writeFileSync(p('pkg-bin', 'package.json'), JSON.stringify({ name: 'openclaw', version: '2026.9.6', bin: { openclaw: '../outside/evil.mjs' }, scripts: { postinstall: 'touch ../outside/ran' } }));
  return { dir, secret: SECRET, outside, untrusted };
}

// --- the attacks -----------------------------------------------------------

const R = (o: Outcome): Record<string, unknown> => o.result;
const errorsOf = (o: Outcome): string => JSON.stringify(R(o).errors ?? R(o).thrown ?? '');
const problemsOf = (o: Outcome): string => JSON.stringify(R(o).problems ?? '');
const sessionsIn = (f: Fixtures, ...parts: string[]): Record<string, string> => ({ paths: JSON.stringify([path.join(f.dir, ...parts)]) });

const ATTACKS: SurfaceAttack[] = [
  {
    name: 'zstd bomb: a 32 KB frame of 1 GiB behind a row declaring 4 MiB is refused, the rows around it read',
    victim: 'sessions',
    args: (f) => sessionsIn(f, 'stores', 'bomb.sqlite'),
    check: (o) => {
      assert.match(problemsOf(o), /expands past the 4194304 bytes the row declares/);
      assert.equal((R(o).problems as unknown[]).length, 1, 'the rows around the bomb were not read');
    },
  },
  {
    name: 'zstd: a row declaring 2 GiB is refused before anything is decompressed',
    victim: 'sessions',
    args: (f) => sessionsIn(f, 'stores', 'declared.sqlite'),
    check: (o) => assert.match(problemsOf(o), /2147483648 bytes, more than the 4194304 an event may have/),
  },
  {
    name: 'zstd: 80 rows of 4 MiB bombs end at the store-wide budget, with a message',
    victim: 'sessions',
    args: (f) => sessionsIn(f, 'stores', 'many.sqlite'),
    check: (o) => assert.match(errorsOf(o) + problemsOf(o), /expands past|exceed/),
  },
  {
    name: 'SQLite: a sparse 2 GB store is refused by its size, nothing allocated',
    victim: 'sessions',
    args: (f) => sessionsIn(f, 'stores', 'sparse2g.sqlite'),
    check: (o) => assert.match(errorsOf(o), /2147483648 bytes; at most 536870912/),
    maxRssMb: 300,
  },
  {
    name: 'SQLite: a store cut in half says it cannot be read',
    victim: 'sessions',
    args: (f) => sessionsIn(f, 'stores', 'truncated.sqlite'),
    check: (o) => assert.match(errorsOf(o), /truncated\.sqlite.*(not a readable SQLite|malformed|not an OpenClaw agent store)/),
  },
  {
    name: 'SQLite: a valid header over garbage pages says it cannot be read',
    victim: 'sessions',
    args: (f) => sessionsIn(f, 'stores', 'malformed.sqlite'),
    check: (o) => assert.match(errorsOf(o), /not a readable SQLite|malformed|not an OpenClaw agent store/),
  },
  {
    name: 'SQLite: a -wal whose commit names 2^31 pages is refused before the image is allocated',
    victim: 'sessions',
    args: (f) => sessionsIn(f, 'stores', 'wal', 'openclaw-agent.sqlite'),
    check: (o) => assert.match(errorsOf(o), /2147483647 pages of \d+ bytes; at most 536870912/),
    maxRssMb: 300,
  },
  {
    name: 'a named pipe called a store does not hang the reader',
    victim: 'sessions',
    args: (f) => sessionsIn(f, 'stores', 'fifo.sqlite'),
    check: (o) => assert.match(errorsOf(o), /a named pipe, not a file/),
  },
  {
    name: 'transcript: a 100 MB line is refused by the file bound, with its size',
    victim: 'sessions',
    args: (f) => sessionsIn(f, 'jsonl', 'line100mb.jsonl'),
    check: (o) => assert.match(errorsOf(o), /\d{9} bytes; at most 67108864 are read/),
    maxRssMb: 300,
  },
  {
    name: 'transcript: a 48 MB line within the bound is read, in bounded memory',
    victim: 'sessions',
    args: (f) => sessionsIn(f, 'jsonl', 'line48mb.jsonl'),
    check: (o) => assert.equal((R(o).sessions as unknown[]).length, 1),
    maxRssMb: 1200,
  },
  {
    name: 'transcript: 1,000,000 nested arrays in a line neither crash nor hang the reader',
    victim: 'sessions',
    args: (f) => sessionsIn(f, 'jsonl', 'deep.jsonl'),
    check: (o) => assert.ok(R(o).thrown === undefined, `the reader threw: ${String(R(o).thrown)}`),
  },
  {
    name: 'transcript: ANSI, OSC 8, bidi and zero-width text in tool names and arguments reach the terminal escaped (sessions --steps)',
    victim: 'cli',
    args: (f) => ({ argv: JSON.stringify(['sessions', path.join(f.dir, 'jsonl', 'hidden.jsonl'), '--steps']), cwd: f.dir }),
    check: (o) => {
      const out = String((R(o) as { stdout?: string }).stdout) + String((R(o) as { stderr?: string }).stderr);
      assert.ok(out.includes('evil'), out.slice(0, 500));
      assert.ok(![...'\u001b\u0007\u202e\u200b\u2066'].some((c) => out.includes(c)), 'a control, bidi or zero-width character reached the terminal');
    },
  },
  {
    name: 'transcript: the same names in JSON output stay exact (escaped by JSON, not altered)',
    victim: 'cli',
    args: (f) => ({ argv: JSON.stringify(['sessions', path.join(f.dir, 'jsonl', 'hidden.jsonl'), '--json']), cwd: f.dir }),
    check: (o) => {
      const out = String((R(o) as { stdout?: string }).stdout);
      assert.ok(![...'\u001b\u0007'].some((c) => out.includes(c)), 'raw control characters in JSON');
      const hostile = 'evil\u001b[31mRED\u001b]8;;http://127.0.0.1:9/\u0007link\u202egnp.exe\u200b\u2066x';
      assert.ok(JSON.stringify(JSON.parse(out)).includes(JSON.stringify(hostile)), 'the name is not kept exactly');
    },
  },
  {
    name: 'untrusted folder: a transcript, a sessions folder and a state folder linked from outside are refused; the folder\'s own session reads',
    victim: 'sessions',
    args: (f) => ({ paths: JSON.stringify([path.join(f.untrusted, 'sessions'), path.join(f.untrusted, 'sessions', 'linked.jsonl'), path.join(f.untrusted, 'state')]), untrustedRoot: f.untrusted }),
    check: (o, f) => {
      assert.ok(!JSON.stringify(R(o).sessions).includes(f.secret), 'a session from outside the folder was read');
      assert.match(errorsOf(o), /linked\.jsonl not read: it resolves to/);
      assert.match(errorsOf(o), /state not read: it resolves to/);
      assert.deepEqual((R(o).sessions as { file: string }[]).map((x) => path.basename(x.file)), ['own.jsonl']);
    },
  },
  {
    name: 'untrusted folder: a store whose -wal is a symlink out is refused, even where the store itself is inside',
    victim: 'sessions',
    args: (f) => ({ paths: JSON.stringify([path.join(f.untrusted, 'agents')]), untrustedRoot: f.untrusted }),
    check: (o) => assert.match(errorsOf(o), /its -wal is a symlink/),
  },
  {
    name: 'fix plan: comments and odd formatting are kept, only the deny entry goes',
    victim: 'cli',
    args: (f) => {
      // Fresh for each Node line: the previous one fixed it.
      fs.writeFileSync(path.join(f.dir, 'fix-comments', 'openclaw.json'), FIX_CONFIG);
      return { argv: JSON.stringify(['explain', 'read', '--fix', '--workspace', path.join(f.dir, 'fix-comments'), '--no-user-config']), cwd: f.dir };
    },
    check: (o, f) => {
      const text = fs.readFileSync(path.join(f.dir, 'fix-comments', 'openclaw.json'), 'utf8');
      assert.equal((R(o) as { code?: number }).code, 0, JSON.stringify(R(o)));
      for (const kept of ["// the user's notes", '/* keep me */', '// trailing', 'agents: { list: [ { id: "main", default: true } ] }']) assert.ok(text.includes(kept), `lost ${kept}:\n${text}`);
      assert.ok(!text.includes("'read'"), text);
      assert.deepEqual(fs.readdirSync(path.join(f.dir, 'fix-comments')), ['openclaw.json'], 'a stray temporary file');
    },
  },
  {
    name: 'fix plan: a config with $include is refused, and not written',
    victim: 'cli',
    args: (f) => ({ argv: JSON.stringify(['explain', 'read', '--fix', '--workspace', path.join(f.dir, 'fix-include'), '--no-user-config']), cwd: f.dir }),
    check: (o, f) => {
      assert.equal((R(o) as { code?: number }).code, 1, JSON.stringify(R(o)));
      assert.match(String((R(o) as { stderr?: string }).stderr), /uses \$include/);
      assert.match(fs.readFileSync(path.join(f.dir, 'fix-include', 'openclaw.json'), 'utf8'), /deny: \["read"\]/);
    },
  },
  {
    name: 'fix plan: a config that is a symlink out of the folder is not written through',
    victim: 'cli',
    args: (f) => ({ argv: JSON.stringify(['explain', 'read', '--fix', '--workspace', path.join(f.dir, 'fix-symlink'), '--no-user-config']), cwd: f.dir }),
    check: (o, f) => {
      assert.equal((R(o) as { code?: number }).code, 1, JSON.stringify(R(o)));
      assert.match(String((R(o) as { stderr?: string }).stderr), /is a symlink to .*not written through it/);
      assert.match(fs.readFileSync(path.join(f.outside, 'openclaw.json'), 'utf8'), /'read'/);
      assert.ok(fs.lstatSync(path.join(f.dir, 'fix-symlink', 'openclaw.json')).isSymbolicLink());
    },
  },
  {
    name: 'OpenClaw package: a package.json that is a named pipe is refused without hanging',
    victim: 'locate',
    args: (f) => ({ dir: path.join(f.dir, 'pkg-fifo') }),
    check: (o) => assert.match(String(R(o).locateError), /neither an openclaw package folder/),
  },
  {
    name: 'OpenClaw package: a 2 GB package.json is refused by its size',
    victim: 'locate',
    args: (f) => ({ dir: path.join(f.dir, 'pkg-huge') }),
    check: (o) => assert.match(String(R(o).locateError), /neither an openclaw package folder/),
    maxRssMb: 300,
  },
  {
    name: 'OpenClaw package: a "bin" that leaves the package is not run; its scripts never run',
    victim: 'locate',
    args: (f) => ({ dir: path.join(f.dir, 'pkg-bin') }),
    check: (o, f) => {
      assert.match(String(R(o).locateError), /resolves outside the package; not run/);
      assert.ok(!fs.existsSync(path.join(f.outside, 'ran')), 'the package ran code');
    },
  },
];

// --- the runner ------------------------------------------------------------

async function bundleVictims(): Promise<string> {
  const dir = scratchDir('tsi-surface-bundle-');
  const outfile = path.join(dir, 'surfaceVictims.js');
  await esbuild.build({ entryPoints: [path.join(__dirname, 'surfaceVictims.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning', external: ['vscode'] });
  fs.copyFileSync(path.join(REPO, 'node_modules', 'sql.js', 'dist', 'sql-wasm.wasm'), path.join(dir, 'sql-wasm.wasm'));
  return outfile;
}

function run(node: string, bundle: string, a: SurfaceAttack, f: Fixtures): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(node, [bundle, a.victim, JSON.stringify(a.args(f))], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-1_000_000)));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), WALL_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const wallMs = Date.now() - started;
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve({ ...(JSON.parse(line) as Omit<Outcome, 'wallMs'>), wallMs });
      } catch {
        reject(new Error(`the victim did not answer (exit ${String(code)}, ${String(signal)}, ${wallMs} ms${wallMs >= WALL_MS ? ': hung' : ''}): ${err}`));
      }
    });
  });
}

describe('surface attacks: stores, transcripts, symlinks, fix plans and OpenClaw packages', function () {
  this.timeout(600_000);
  let fixtures: Fixtures;
  let bundle: string;
  const table: string[] = [];

  before(async function () {
    if (process.platform !== 'linux') {
      this.skip();
    }
    [fixtures, bundle] = await Promise.all([buildFixtures(), bundleVictims()]);
  });

  after(() => {
    if (table.length > 0) console.log(`\n      attack | node | wall ms | peak RSS MB\n${table.join('\n')}`);
    if (fixtures) fs.rmSync(fixtures.dir, { recursive: true, force: true });
  });

  for (const rt of runtimes()) {
    describe(`on ${rt.label}`, () => {
      before(function () {
        if (!rt.nodePath) {
          console.log(`      skipped: ${rt.missing}`);
          this.skip();
        }
      });
      for (const a of ATTACKS) {
        it(a.name, async () => {
          const o = await run(rt.nodePath as string, bundle, a, fixtures);
          const rssMb = Math.round(o.maxRssKb / 1024);
          table.push(`      ${a.name.slice(0, 60)} | ${rt.label.slice(0, 24)} | ${o.wallMs} | ${rssMb}`);
          const shown = JSON.stringify(o.result);
          assert.ok(!shown.includes(fixtures.secret), 'the secret outside the untrusted folder was read');
          assert.ok(rssMb <= (a.maxRssMb ?? 800), `peak memory ${rssMb} MB, more than ${a.maxRssMb ?? 800}`);
          a.check(o, fixtures);
        });
      }
    });
  }
});
