import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { findCaptureLayer, hostSocketPaths, isCaptureLayer } from '../../../src/core/capture/captureLayer';
import { openLoopbackRelay } from '../../../src/core/capture/loopbackRelay';
import { scratchDir } from '../../helpers/scratch';

/** Runs `args` of the layer with the host's Node and returns the JSON the program printed; exit 0 required. */
async function runInLayer(command: string, args: string[]): Promise<Record<string, unknown>> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 0, stderr);
  return JSON.parse(stdout) as Record<string, unknown>;
}

/**
 * The capture turn's OS layer (issue 43), exercised with a real Node program
 * in place of OpenClaw: what a hostile workspace plugin would try from inside
 * a turn. This machine (Linux, unprivileged user namespaces) offers it; set
 * TSI_EXPECT_CAPTURE_LAYER=0 where it does not.
 */
describe('capture OS layer: a turn writes only its scratch folder and sees none of the host\'s processes', () => {
  let layer: Awaited<ReturnType<typeof findCaptureLayer>>;
  before(async () => {
    layer = await findCaptureLayer();
  });

  it('is offered here, and says what holds', function () {
    if (process.env.TSI_EXPECT_CAPTURE_LAYER === '0') {
      this.skip();
    }
    assert.ok(isCaptureLayer(layer), 'none' in layer ? layer.none : '');
    assert.match(layer.describe, /own user, mount, PID and network namespaces/);
    assert.equal(layer.network, true, layer.describeNetwork);
  });

  it('a program inside writes its scratch folder; a write elsewhere, a remount, a signal to the host and a clean-environment child\'s write are refused', function () {
    if (!isCaptureLayer(layer)) {
      this.skip();
    }
    const root = scratchDir('tsi-layer-');
    const scratch = path.join(root, 'scratch');
    const outside = path.join(root, 'outside');
    fs.mkdirSync(scratch);
    fs.mkdirSync(outside);
    const program = `
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const out = {};
const tryIt = (k, f) => { try { f(); out[k] = 'done'; } catch (e) { out[k] = e.code || String(e.message).slice(0, 80); } };
tryIt('inside', () => fs.writeFileSync(${JSON.stringify(path.join(scratch, 'in.txt'))}, 'x'));
tryIt('outside', () => fs.writeFileSync(${JSON.stringify(path.join(outside, 'out.txt'))}, 'x'));
tryIt('signal', () => process.kill(${process.pid}, 0));
const child = spawnSync(process.execPath, ['-e', ${JSON.stringify(`require('fs').writeFileSync(${JSON.stringify(path.join(outside, 'child.txt'))}, 'x')`)}], { env: {} });
out.child = child.status;
const remount = spawnSync('mount', ['-o', 'remount,bind,rw', '/'], { encoding: 'utf8' });
out.remount = remount.status;
process.stdout.write(JSON.stringify(out));
`;
    const r = spawnSync(layer.command, layer.args([scratch], [process.execPath, '-e', program]), { encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    assert.equal(out.inside, 'done');
    assert.equal(out.outside, 'EROFS');
    assert.equal(out.signal, 'ESRCH', 'the host\'s process is not in the turn\'s view');
    assert.notEqual(out.child, 0, 'the clean-environment child wrote outside scratch');
    assert.notEqual(out.remount, 0, 'the turn could remount / writable');
    assert.deepEqual(fs.readdirSync(outside), []);
    assert.deepEqual(fs.readdirSync(scratch), ['in.txt']);
  });

  it('a socket bound in another network namespace (a daemon\'s socket mounted into a dev container) is found on disk and refuses the turn', async function () {
    if (!isCaptureLayer(layer)) {
      this.skip();
    }
    const root = scratchDir('tsi-layer-netns-sock-');
    const scratch = path.join(root, 'scratch');
    const run = path.join(root, 'run');
    fs.mkdirSync(scratch);
    fs.mkdirSync(path.join(run, 'deep', 'a', 'b', 'c'), { recursive: true });
    const sock = path.join(run, 'docker.sock');
    const tooDeep = path.join(run, 'deep', 'a', 'b', 'c', 'too-deep.sock');
    // The daemon listens in a network namespace of its own: this one's socket table does not list it.
    const daemon = spawn('unshare', ['--user', '--map-current-user', '--net', '--', process.execPath, '-e', `const net = require('node:net'); let n = 0; for (const p of ${JSON.stringify([sock, tooDeep])}) net.createServer((c) => c.end('daemon')).listen(p, () => { if (++n === 2) process.stdout.write('ready'); });`], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        daemon.stdout.once('data', () => resolve());
        daemon.once('exit', (code) => reject(new Error(`the daemon in its own network namespace exited (${code})`)));
      });
      assert.ok(!fs.readFileSync('/proc/net/unix', 'utf8').includes(sock), 'this namespace\'s socket table does not list it');
      assert.ok(!hostSocketPaths([scratch], undefined, []).paths.includes(sock), 'the socket table alone misses it');
      const found = hostSocketPaths([scratch], undefined, [run]);
      assert.ok(found.paths.includes(sock), 'found on disk');
      assert.ok(!found.paths.includes(tooDeep), 'the walk stops at its depth bound');
      const program = `(async () => { const got = await new Promise((resolve) => { const s = require('node:net').connect(${JSON.stringify(sock)}); let d = ''; s.on('data', (x) => { d += x; }); s.on('end', () => resolve(d)); s.on('error', (e) => resolve(e.code)); setTimeout(() => { s.destroy(); resolve('timeout'); }, 3000).unref(); }); process.stdout.write(JSON.stringify({ got })); })();`;
      const out = await runInLayer(layer.command, layer.args([scratch], [process.execPath, '-e', program], { sockets: found.paths }));
      assert.equal(out.got, 'ECONNREFUSED', 'the daemon answered the turn');
    } finally {
      daemon.kill();
    }
  });

  it('a host Unix socket bound by path (a daemon\'s, the editor\'s IPC) refuses the turn, a socket in its own scratch answers', async function () {
    if (!isCaptureLayer(layer)) {
      this.skip();
    }
    const root = scratchDir('tsi-layer-sock-');
    const scratch = path.join(root, 'scratch');
    const hostDir = path.join(root, 'host');
    fs.mkdirSync(scratch);
    fs.mkdirSync(hostDir);
    const reached: string[] = [];
    const listen = async (file: string, name: string): Promise<net.Server> => {
      const server = net.createServer((c) => {
        reached.push(name);
        c.end(name);
      });
      await new Promise<void>((resolve) => server.listen(file, () => resolve()));
      return server;
    };
    const hostSock = path.join(hostDir, 'daemon.sock');
    const ownSock = path.join(scratch, 'own.sock');
    const servers = [await listen(hostSock, 'host'), await listen(ownSock, 'own')];
    try {
      const found = hostSocketPaths([scratch]);
      assert.ok(found.paths.includes(hostSock), 'the host socket is listed');
      assert.ok(!found.paths.includes(ownSock), 'the scratch\'s own socket is not');
      const probe = (file: string): string => `await new Promise((resolve) => { const s = require('node:net').connect(${JSON.stringify(file)}); let got = ''; s.on('data', (d) => { got += d; }); s.on('end', () => resolve(got)); s.on('error', (e) => resolve(e.code)); setTimeout(() => { s.destroy(); resolve('timeout'); }, 3000).unref(); })`;
      const program = `(async () => { const out = { host: ${probe(hostSock)}, own: ${probe(ownSock)} }; process.stdout.write(JSON.stringify(out)); })();`;
      const out = await runInLayer(layer.command, layer.args([scratch], [process.execPath, '-e', program]));
      assert.equal(out.host, 'ECONNREFUSED', 'the host socket answered the turn');
      assert.equal(out.own, 'own', 'the turn\'s own socket answers');
      assert.deepEqual(reached, ['own']);
      // Outside the layer the host socket still answers (only the turn's view is covered).
      const outside = await new Promise<string>((resolve) => net.connect(hostSock).on('data', (d) => resolve(String(d))).on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error')));
      assert.equal(outside, 'host');
    } finally {
      for (const s of servers) {
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    }
  });

  it('an overlaid folder (the OpenClaw install) takes the turn\'s writes, which land in its scratch and leave the host\'s folder as it was; a clean-environment child\'s too', function () {
    if (!isCaptureLayer(layer)) {
      this.skip();
    }
    assert.equal(layer.overlay, true, 'this machine (Linux 5.11 on) offers unprivileged overlays');
    const root = scratchDir('tsi-layer-overlay-');
    const scratch = path.join(root, 'scratch');
    const install = path.join(root, 'install');
    for (const d of [scratch, install, path.join(scratch, 'upper'), path.join(scratch, 'work')]) {
      fs.mkdirSync(d, { recursive: true });
    }
    fs.writeFileSync(path.join(install, 'openclaw.mjs'), 'original');
    const program = `
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const out = {};
const tryIt = (k, f) => { try { f(); out[k] = 'done'; } catch (e) { out[k] = e.code || String(e.message).slice(0, 80); } };
tryIt('plant', () => fs.writeFileSync(${JSON.stringify(path.join(install, 'planted.mjs'))}, 'x'));
tryIt('rewrite', () => fs.appendFileSync(${JSON.stringify(path.join(install, 'openclaw.mjs'))}, ' + planted'));
out.seen = fs.readFileSync(${JSON.stringify(path.join(install, 'openclaw.mjs'))}, 'utf8');
out.child = spawnSync(process.execPath, ['-e', ${JSON.stringify(`require('fs').writeFileSync(${JSON.stringify(path.join(install, 'child.mjs'))}, 'x')`)}], { env: {} }).status;
out.unmount = spawnSync('umount', [${JSON.stringify(install)}], { encoding: 'utf8' }).status;
process.stdout.write(JSON.stringify(out));
`;
    const r = spawnSync(layer.command, layer.args([scratch], [process.execPath, '-e', program], { overlays: [{ dir: install, upper: path.join(scratch, 'upper'), work: path.join(scratch, 'work') }] }), { encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    assert.deepEqual([out.plant, out.rewrite, out.seen, out.child], ['done', 'done', 'original + planted', 0], 'inside, the install is writable (a release writes there on its first run)');
    assert.notEqual(out.unmount, 0, 'the turn could take the overlay away');
    assert.deepEqual(fs.readdirSync(install), ['openclaw.mjs'], 'nothing was planted in the host\'s install');
    assert.equal(fs.readFileSync(path.join(install, 'openclaw.mjs'), 'utf8'), 'original');
    assert.deepEqual(fs.readdirSync(path.join(scratch, 'upper')).sort(), ['child.mjs', 'openclaw.mjs', 'planted.mjs'], 'every write landed in the turn\'s scratch');
  });

  it('a failed overlay ends the turn instead of running it with the folder writable', function () {
    if (!isCaptureLayer(layer)) {
      this.skip();
    }
    const root = scratchDir('tsi-layer-overlay-');
    const install = path.join(root, 'install');
    fs.mkdirSync(install);
    // No upper or work folder: the mount fails.
    const r = spawnSync(layer.command, layer.args([root], [process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(path.join(install, 'planted.mjs'))}, 'x')`], { overlays: [{ dir: install, upper: path.join(root, 'missing-upper'), work: path.join(root, 'missing-work') }] }), { encoding: 'utf8', timeout: 30_000 });
    assert.notEqual(r.status, 0);
    assert.deepEqual(fs.readdirSync(install), []);
  });

  it('passes the program\'s exit code through', function () {
    if (!isCaptureLayer(layer)) {
      this.skip();
    }
    const scratch = scratchDir('tsi-layer-exit-');
    const r = spawnSync(layer.command, layer.args([scratch], [process.execPath, '-e', 'process.exit(7)']), { timeout: 30_000 });
    assert.equal(r.status, 7);
  });

  it('the turn\'s network is its own: a relayed loopback port answers, any other host port and the LAN do not, a clean-environment child\'s neither', async function () {
    if (!isCaptureLayer(layer) || !layer.network) {
      this.skip();
    }
    const lan = Object.values(os.networkInterfaces()).flat().find((i) => i !== undefined && i.family === 'IPv4' && !i.internal)?.address;
    const reached: string[] = [];
    const listen = async (host: string, name: string): Promise<net.Server> => {
      const server = net.createServer((s) => {
        reached.push(name);
        s.end(name);
      });
      await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
      return server;
    };
    const provider = await listen('127.0.0.1', 'provider');
    const other = await listen('127.0.0.1', 'other');
    const lanServer = lan ? await listen(lan, 'lan') : undefined;
    const port = (s: net.Server | undefined): number => (s?.address() as net.AddressInfo | null)?.port ?? 9;
    const scratch = scratchDir('tsi-layer-net-');
    const relayDir = path.join(scratch, 'net');
    const relay = await openLoopbackRelay(relayDir, [port(provider)]);
    try {
      const probe = (host: string, p: number): string => `await new Promise((resolve) => { const s = require('node:net').connect(${p}, ${JSON.stringify(host)}); let got = ''; s.on('data', (d) => { got += d; }); s.on('end', () => resolve(got)); s.on('error', (e) => resolve(e.code)); setTimeout(() => { s.destroy(); resolve('timeout'); }, 3000).unref(); })`;
      const program = `(async () => {
const out = {};
out.provider = ${probe('127.0.0.1', port(provider))};
out.localhost = ${probe('localhost', port(provider))};
out.other = ${probe('127.0.0.1', port(other))};
out.lan = ${lan ? probe(lan, port(lanServer)) : "'no LAN address'"};
const child = require('node:child_process').spawnSync(process.execPath, ['-e', ${JSON.stringify(`require('node:net').connect(${port(other)}, '127.0.0.1').on('connect', () => process.exit(0)).on('error', () => process.exit(3))`)}], { env: {}, timeout: 5000 });
out.child = child.status;
process.stdout.write(JSON.stringify(out));
})();`;
      const out = await runInLayer(layer.command, layer.args([scratch], [process.execPath, '-e', program], { relay: { node: process.execPath, dir: relayDir, ports: [port(provider)] } }));
      assert.equal(out.provider, 'provider', 'the relayed port answers from inside');
      assert.equal(out.localhost, 'provider', 'localhost reaches it too');
      assert.equal(out.other, 'ECONNREFUSED', 'another host loopback port is not on the turn\'s loopback');
      if (lan) {
        assert.equal(out.lan, 'ENETUNREACH', 'the LAN is unreachable');
      }
      assert.equal(out.child, 3, 'a clean-environment child reached a host port');
      assert.deepEqual(reached.filter((r) => r !== 'provider'), []);
    } finally {
      await relay.close();
      for (const s of [provider, other, lanServer]) {
        await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
      }
    }
  });
});
