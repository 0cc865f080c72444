// Every bound on reading a user's file is written once (src/core/util/readLimits.ts):
// the readers import it, and this test fails when a reader reads a file its own way
// or writes its own byte bound. The allowances below are files the product itself
// wrote or ships (its bundle, its own store entries, /proc), or bounds that are not
// on a file (an HTTP body, a child's stdout), each with why.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FileBoundError, READ_LIMITS, readUserFile, readUserFileHead, readUserText } from '../../../src/core/util/readLimits';
import { scratchDir } from '../../helpers/scratch';

const REPO = path.resolve(__dirname, '../../..');
const SCANNED = ['src/core', 'src/cli', 'src/extension'];
const LIMIT_MODULES = new Set(['src/core/util/readLimits.ts', 'src/core/bridge/limits.ts', 'src/core/bridge/framing.ts']);

/** Reads that are not of a user's file: path -> how many, and why. */
const OWN_READS: Record<string, [number, string]> = {
  'src/core/telemetry/openclawStore.ts': [1, "sql.js's WebAssembly binary, shipped beside the bundle"],
  'src/core/capture/captureStore.ts': [2, 'the capture store\'s own entries and lock files, written by the product with mode 0600'],
  'src/core/bridge/sandboxProcess.ts': [2, "/proc's memory counters of the product's own child"],
  'src/core/capture/captureLayer.ts': [1, "/proc/net/unix, the kernel's socket table (its lines are bounded where it is parsed)"],
  'src/core/bridge/nodeRuntime.ts': [1, "the product's own sandbox bundle"],
  'src/extension/compare/compareRunner.ts': [1, 'the session logs the compare run itself just wrote'],
  'src/extension/snippets/typingsPlugin.ts': [1, "the product's own typings file, compared before it is rewritten"],
  'src/cli/commands/preview.ts': [1, "an OpenClaw package's package.json probe (name only); to move to readUserText"],
};

/** Byte-size literals that do not bound a file read: path -> how many, and why. */
const OTHER_BOUNDS: Record<string, [number, string]> = {
  'src/core/provider/recordingProvider.ts': [1, 'the HTTP body a recording provider accepts'],
  'src/core/capture/capture.ts': [1, "OpenClaw's stdout kept from a capture turn"],
  'src/core/bridge/sandboxProcess.ts': [1, 'bytes to MB, not a bound'],
};

function sources(): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of fs.readdirSync(path.join(REPO, rel), { withFileTypes: true })) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(child);
      else if (e.name.endsWith('.ts')) out.push(child);
    }
  };
  SCANNED.forEach(walk);
  return out;
}

function count(re: RegExp): Map<string, number> {
  const found = new Map<string, number>();
  for (const file of sources()) {
    if (LIMIT_MODULES.has(file)) continue;
    const text = fs
      .readFileSync(path.join(REPO, file), 'utf8')
      .split('\n')
      .filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l))
      .join('\n');
    const n = (text.match(re) ?? []).length;
    if (n > 0) found.set(file, n);
  }
  return found;
}

describe('read limits: one module bounds every read of a user\'s file', () => {
  it('no reader reads a file its own way (readFileSync, fs.promises.readFile, workspace.fs.readFile)', () => {
    const found = count(/\breadFileSync\s*\(|promises\.readFile\s*\(|workspace\.fs\.readFile\s*\(/g);
    const unexpected = [...found].filter(([file, n]) => n > (OWN_READS[file]?.[0] ?? 0) && !(file === 'src/extension/boundedRead.ts' && n === 1));
    assert.deepEqual(unexpected, [], 'read through readUserFile/readUserText (core) or readBoundedUri (extension) with a bound of READ_LIMITS');
    for (const [file] of Object.entries(OWN_READS)) {
      assert.ok(found.has(file), `${file} no longer reads a file itself: drop it from OWN_READS`);
    }
  });

  it('no module writes its own byte bound (N * 1024 outside the limit modules)', () => {
    const found = count(/\b\d[\d_]*\s*\*\s*1024\b|\b1024\s*\*\s*\d/g);
    const unexpected = [...found].filter(([file, n]) => n > (OTHER_BOUNDS[file]?.[0] ?? 0));
    assert.deepEqual(unexpected, [], 'a bound on reading a file belongs in READ_LIMITS (src/core/util/readLimits.ts)');
  });

  it('the readers import the limits module', () => {
    for (const file of ['src/core/config/openclawConfig.ts', 'src/core/telemetry/sessionSources.ts', 'src/core/telemetry/openclawStore.ts', 'src/core/telemetry/sqliteImage.ts', 'src/core/explain/fixPlan.ts', 'src/core/oracle/openclawLocation.ts', 'src/core/sources/plugins.ts', 'src/core/sources/clientTools.ts', 'src/core/sources/mcpSnapshot.ts']) {
      assert.match(fs.readFileSync(path.join(REPO, file), 'utf8'), /from '[./]*\/util\/readLimits'/, file);
    }
  });
});

describe('readUserFile', () => {
  let dir: string;
  before(() => {
    dir = scratchDir('tsi-readlimits-');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads a file within its bound, to the byte', () => {
    const f = path.join(dir, 'ok.txt');
    fs.writeFileSync(f, 'é'.repeat(50));
    assert.equal(readUserText(f, 100), 'é'.repeat(50));
    assert.equal(readUserFile(f, 100).length, 100);
  });

  it('refuses a file one byte over, before reading it', () => {
    const f = path.join(dir, 'big.txt');
    fs.writeFileSync(f, 'x'.repeat(101));
    assert.throws(() => readUserFile(f, 100), (e: unknown) => e instanceof FileBoundError && e.reason === 'too-large' && /101 bytes; at most 100/.test(e.message));
  });

  it('refuses a sparse 2 GB file without allocating it', () => {
    const f = path.join(dir, 'sparse.bin');
    fs.closeSync(fs.openSync(f, 'w'));
    fs.truncateSync(f, 2 ** 31);
    const before = process.memoryUsage().rss;
    assert.throws(() => readUserFile(f, READ_LIMITS.storeBytes), /2147483648 bytes; at most/);
    assert.ok(process.memoryUsage().rss - before < 64 * 2 ** 20);
  });

  it('refuses a device and a folder (nothing is read from /dev/zero)', () => {
    if (process.platform !== 'linux') return;
    assert.throws(() => readUserFile('/dev/zero', 10), (e: unknown) => e instanceof FileBoundError && e.reason === 'not-a-file' && /a device/.test(e.message));
    assert.throws(() => readUserFileHead('/dev/zero', 10), /a device/);
    assert.throws(() => readUserFile(dir, 10), /a folder|EISDIR/);
  });

  it('passes the file system\'s own error through (ENOENT)', () => {
    assert.throws(() => readUserFile(path.join(dir, 'missing'), 10), /ENOENT/);
  });
});
