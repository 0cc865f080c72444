import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { scratchDir } from '../../helpers/scratch';

const GUARD = path.resolve(__dirname, '../../../dist/networkGuard.mjs');

/** Runs `program` in a Node that preloads the capture's guard (as every Node of a turn does); its stdout and stderr. */
async function guarded(program: string): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', pathToFileURL(GUARD).href, '-e', program], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  await new Promise((resolve) => child.on('close', resolve));
  return { stdout, stderr };
}

const connectTo = (target: string): string =>
  `const s = require('node:net').connect(${target}); s.on('connect', () => { process.stdout.write('connected'); s.destroy(); }); s.on('error', (e) => process.stdout.write(e.code)); setTimeout(() => process.exit(0), 3000).unref();`;

/** The capture guard (dist/networkGuard.mjs), in a plain Node of this machine. */
describe('capture network guard: what a turn\'s own Node may connect to', function () {
  before(function () {
    if (process.platform !== 'linux' || !fs.existsSync(GUARD)) {
      this.skip();
    }
  });

  it('refuses an abstract Unix socket (it belongs to the network namespace: no mount covers it) and says so; a socket bound by path still answers', async () => {
    const name = `tsi-guard-test-${process.pid}`;
    let reached = 0;
    const abstract = net.createServer((c) => {
      reached++;
      c.end();
    });
    await new Promise<void>((resolve) => abstract.listen(`\0${name}`, () => resolve()));
    const file = path.join(scratchDir('tsi-guard-'), 'own.sock');
    const byPath = net.createServer((c) => c.end());
    await new Promise<void>((resolve) => byPath.listen(file, () => resolve()));
    try {
      const a = await guarded(connectTo(JSON.stringify(`\0${name}`)));
      assert.equal(a.stdout, 'ECONNREFUSED');
      assert.match(a.stderr, new RegExp(`\\[tsi-capture-guard\\] refused connect abstract socket @${name}`));
      assert.equal(reached, 0, 'the abstract listener was reached');
      // Without the guard the same program reaches it: the refusal is the guard's.
      const plain = spawn(process.execPath, ['-e', connectTo(JSON.stringify(`\0${name}`))], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      plain.stdout.on('data', (d: Buffer) => (out += d.toString()));
      await new Promise((resolve) => plain.on('close', resolve));
      assert.equal(out, 'connected');
      const p = await guarded(connectTo(JSON.stringify(file)));
      assert.equal(p.stdout, 'connected', p.stderr);
    } finally {
      await new Promise<void>((resolve) => abstract.close(() => resolve()));
      await new Promise<void>((resolve) => byPath.close(() => resolve()));
    }
  });
});
