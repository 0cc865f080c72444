// The demo's loopback guard (scripts/lib/loopbackGuard.mjs) in front of a
// stand-in for the VS Code server that, like the real one, serves any file to
// a request that carries the token (`/vscode-remote-resource?path=...&tkn=`)
// and echoes WebSocket traffic. A page on another site that learned the token
// (its `Origin`), or a rebound DNS name (its `Host`), is refused before the
// server sees the request; the workbench's own requests pass unchanged.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { scratchDir } from '../../helpers/scratch';

const REPO = path.resolve(__dirname, '../../..');
const TOKEN = 'tkn-0123456789abcdef';

interface Guard {
  port: number;
  base: string;
  refused: () => number;
  close: () => Promise<void>;
}

type GuardModule = { startLoopbackGuard: (o: { port?: number; targetPort: number }) => Promise<Guard> };

/** The stand-in: files by path for the token, an upgrade that echoes; counts what reached it. */
async function standIn(): Promise<{ port: number; reached: () => number; close: () => Promise<void> }> {
  let reached = 0;
  const server = http.createServer((req, res) => {
    reached++;
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/vscode-remote-resource' && url.searchParams.get('tkn') === TOKEN) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(fs.readFileSync(url.searchParams.get('path') ?? ''));
      return;
    }
    res.writeHead(403);
    res.end();
  });
  const sockets = new Set<net.Socket>();
  server.on('upgrade', (_req, socket: net.Socket) => {
    reached++;
    sockets.add(socket);
    socket.write('HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\n\r\n');
    socket.on('data', (d: Buffer) => socket.write(d));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, reached: () => reached, close: () => new Promise((r) => { sockets.forEach((s) => s.destroy()); server.closeAllConnections(); server.close(() => r()); }) };
}

function get(port: number, pathAndQuery: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathAndQuery, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw upgrade: the first line of the answer, and what comes back after sending `ping`. */
function upgrade(port: number, headers: Record<string, string>): Promise<{ status: string; echo: string }> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.write(`GET /?tkn=${TOKEN} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\nconnection: Upgrade\r\nupgrade: websocket\r\n\r\n`);
    });
    let text = '';
    let sent = false;
    s.on('data', (d: Buffer) => {
      text += d.toString('utf8');
      if (!sent && text.includes('\r\n\r\n') && text.startsWith('HTTP/1.1 101')) {
        sent = true;
        s.write('ping');
      }
      if (text.endsWith('ping') || (!text.startsWith('HTTP/1.1 101') && text.includes('\r\n\r\n'))) {
        s.destroy();
        resolve({ status: text.split('\r\n')[0] ?? '', echo: text.endsWith('ping') ? 'ping' : '' });
      }
    });
    s.on('error', reject);
    s.on('end', () => resolve({ status: text.split('\r\n')[0] ?? '', echo: '' }));
  });
}

describe('the demo server behind its loopback guard', function () {
  this.timeout(30_000);
  let guard: Guard;
  let server: Awaited<ReturnType<typeof standIn>>;
  let secretFile: string;

  before(async () => {
    const mod = (await import(pathToFileURL(path.join(REPO, 'scripts', 'lib', 'loopbackGuard.mjs')).href)) as GuardModule;
    server = await standIn();
    guard = await mod.startLoopbackGuard({ targetPort: server.port });
    const dir = scratchDir('tsi-guard-');
    secretFile = path.join(dir, 'secret.txt');
    fs.writeFileSync(secretFile, 'host secret');
  });

  after(async () => {
    await guard?.close();
    await server?.close();
  });

  const resource = (): string => `/vscode-remote-resource?path=${encodeURIComponent(secretFile)}&tkn=${TOKEN}`;

  it('refuses a request from another site that carries the token, before the server sees it', async () => {
    const before = server.reached();
    const r = await get(guard.port, resource(), { host: `127.0.0.1:${guard.port}`, origin: 'http://evil.example' });
    assert.equal(r.status, 403);
    assert.doesNotMatch(r.body, /host secret/);
    assert.match(r.body, /Origin "http:\/\/evil\.example" is not this server's own/);
    assert.equal(server.reached(), before, 'the request reached the server');
  });

  it('refuses a rebound name (a foreign Host), with the token and no Origin', async () => {
    const r = await get(guard.port, resource(), { host: `attacker.example:${guard.port}` });
    assert.equal(r.status, 403);
    assert.doesNotMatch(r.body, /host secret/);
  });

  it('refuses a WebSocket upgrade from another site', async () => {
    const r = await upgrade(guard.port, { host: `127.0.0.1:${guard.port}`, origin: 'http://evil.example' });
    assert.match(r.status, /^HTTP\/1\.1 403/);
    assert.equal(r.echo, '');
  });

  it("passes the workbench's own requests and upgrades, from 127.0.0.1 or localhost", async () => {
    for (const host of [`127.0.0.1:${guard.port}`, `localhost:${guard.port}`]) {
      const r = await get(guard.port, resource(), { host, origin: `http://${host}` });
      assert.equal(r.status, 200, host);
      assert.equal(r.body, 'host secret');
      const plain = await get(guard.port, resource(), { host });
      assert.equal(plain.status, 200, `${host} without an Origin`);
    }
    const ws = await upgrade(guard.port, { host: `127.0.0.1:${guard.port}`, origin: `http://127.0.0.1:${guard.port}` });
    assert.match(ws.status, /^HTTP\/1\.1 101/);
    assert.equal(ws.echo, 'ping');
    assert.ok(guard.refused() >= 3);
  });
});
