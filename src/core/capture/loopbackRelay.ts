import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

/**
 * The way out of a capture turn's own network namespace (captureLayer.ts):
 * the turn's loopback has nothing of the host's, so each port it must reach
 * (its recording provider, a loopback MCP server the config names) is
 * relayed. Inside, a small Node program listens on that port on the turn's
 * loopback and passes each connection to a Unix socket in the scratch
 * folder; here, that socket passes it on to the same port on the host's
 * loopback. Every other host port, the LAN and the internet stay unreachable
 * from the turn, whatever its code does (a clean-environment child included).
 */
export interface LoopbackRelay {
  /** The scratch folder holding one `<port>.sock` per relayed port, and `ready` once the inside half listens. */
  dir: string;
  ports: readonly number[];
  close(): Promise<void>;
}

/**
 * The inside half, run by the layer's script as `node -e RELAY_SOURCE dir port...`
 * (NODE_OPTIONS cleared). `::1` too, where the turn has IPv6 loopback: Node may
 * resolve `localhost` to it first.
 */
export const RELAY_SOURCE = `'use strict';
const net = require('node:net');
const fs = require('node:fs');
const path = require('node:path');
const [dir, ...ports] = process.argv.slice(1);
let left = 0;
const settled = () => { if (--left === 0) fs.writeFileSync(path.join(dir, 'ready'), ''); };
for (const port of ports) {
  for (const host of ['127.0.0.1', '::1']) {
    left++;
    const server = net.createServer((c) => {
      const u = net.connect(path.join(dir, port + '.sock'));
      c.pipe(u);
      u.pipe(c);
      c.on('error', () => u.destroy());
      u.on('error', () => c.destroy());
    });
    server.once('error', settled);
    server.listen(Number(port), host, settled);
  }
}`;

/** The longest Unix socket path Linux takes (`sun_path` is 108 bytes, NUL included). */
const MAX_SOCKET_PATH = 107;

/** Why `ports` cannot be relayed from `dir`, or undefined when they can. */
export function relayUnavailable(dir: string, ports: readonly number[]): string | undefined {
  const longest = Math.max(0, ...ports.map((p) => Buffer.byteLength(path.join(dir, `${p}.sock`))));
  return longest > MAX_SOCKET_PATH ? `the scratch folder's path is too long for a Unix socket (${longest} bytes, at most ${MAX_SOCKET_PATH}): set TMPDIR to a shorter folder` : undefined;
}

/** The host half: one Unix socket per port in `dir`, each connection passed to 127.0.0.1:port. */
export async function openLoopbackRelay(dir: string, ports: readonly number[]): Promise<LoopbackRelay> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const servers: net.Server[] = [];
  const open = new Set<net.Socket>();
  const close = async (): Promise<void> => {
    for (const s of open) {
      s.destroy();
    }
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  };
  try {
    for (const port of ports) {
      const server = net.createServer((inside) => {
        const host = net.connect(port, '127.0.0.1');
        for (const s of [inside, host]) {
          open.add(s);
          s.on('close', () => open.delete(s));
        }
        inside.pipe(host);
        host.pipe(inside);
        inside.on('error', () => host.destroy());
        host.on('error', () => inside.destroy());
      });
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(path.join(dir, `${port}.sock`), () => resolve());
      });
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { dir, ports, close };
}

/** The loopback ports the turn must reach: the provider's, and each loopback MCP server URL's in the turn's config. */
export function loopbackPorts(providerBaseUrl: string, config: unknown): number[] {
  const ports = new Set<number>();
  const add = (url: unknown): void => {
    if (typeof url !== 'string') {
      return;
    }
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return;
    }
    const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (host !== 'localhost' && host !== '::1' && !/^127\.\d+\.\d+\.\d+$/.test(host)) {
      return;
    }
    const port = u.port ? Number(u.port) : u.protocol === 'https:' || u.protocol === 'wss:' ? 443 : 80;
    if (Number.isInteger(port) && port > 0 && port < 65536) {
      ports.add(port);
    }
  };
  add(providerBaseUrl);
  const servers = (config as { mcp?: { servers?: unknown } } | null)?.mcp?.servers;
  if (servers !== null && typeof servers === 'object') {
    for (const s of Object.values(servers as Record<string, unknown>)) {
      add((s as { url?: unknown } | null)?.url);
    }
  }
  return [...ports].sort((a, b) => a - b);
}
