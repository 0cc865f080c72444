// Preloaded (`--import`, through NODE_OPTIONS) into every Node process of a
// capture run (src/core/capture): OpenClaw's CLI and any Node child that
// inherits its environment. It refuses, in the process itself, every TCP/TLS
// connection to a host that is not loopback and every DNS lookup of a name
// that is not `localhost`, and every connection to an abstract Unix socket
// (a name, not a file: X11's, a desktop bus's; it belongs to the network
// namespace, which a turn without one of its own shares with the host, and no
// mount can cover it), and says so on stderr with a marker line the capture
// collects (`networkRefused`). Unix sockets bound by path and loopback stay
// open: the recording provider listens on 127.0.0.1, the relay in scratch.
//
// Not covered (docs/architecture.md, "Capture"): UDP (`dgram`), native
// addons, and processes that do not inherit NODE_OPTIONS (a child spawned
// with a fresh environment, or a non-Node program such as a Python MCP server).
// Node built-ins only: this runs beside OpenClaw's own code.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import type { Socket } from 'node:net';

// The modules themselves: an ES namespace object cannot be patched.
const load = createRequire(import.meta.url);
const dns = load('node:dns') as typeof import('node:dns');
const net = load('node:net') as typeof import('node:net');

const MARKER = '[tsi-capture-guard]';
const LOCAL_NAMES = new Set(['localhost', 'localhost.', 'ip6-localhost', 'ip6-loopback']);

function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (LOCAL_NAMES.has(h) || h === '::1' || h === '0:0:0:0:0:0:0:1') {
    return true;
  }
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return net.isIPv4(v4) && v4.startsWith('127.');
}

function refusal(what: string, target: string): Error {
  try {
    process.stderr.write(`${MARKER} refused ${what} ${target} (pid ${process.pid})\n`);
  } catch {
    // stderr closed: the refusal itself still holds
  }
  return Object.assign(new Error(`Tool Search Inspector capture refuses network off loopback: ${what} ${target}`), { code: 'ECONNREFUSED' });
}

type ConnectOptions = { host?: unknown; port?: unknown; path?: unknown };

/** The options of any `Socket.prototype.connect` call form, including Node's internal normalized array. */
function connectTarget(args: unknown[]): ConnectOptions {
  const first = args[0];
  if (Array.isArray(first)) {
    return (first[0] ?? {}) as ConnectOptions;
  }
  if (first !== null && typeof first === 'object') {
    return first as ConnectOptions;
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) {
    return { path: first };
  }
  return { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
}

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: Socket, ...args: unknown[]): Socket {
  const t = connectTarget(args);
  if (typeof t.path === 'string' && t.path.length > 0) {
    if (t.path.startsWith('\0')) {
      const err = refusal('connect', `abstract socket @${JSON.stringify(t.path.slice(1, 81)).slice(1, -1)}`);
      process.nextTick(() => this.destroy(err));
      return this;
    }
    return (originalConnect as (...a: unknown[]) => Socket).apply(this, args);
  }
  const host = typeof t.host === 'string' && t.host.length > 0 ? t.host : 'localhost';
  if (!isLoopback(host)) {
    const err = refusal('connect', `${host}:${String(t.port)}`);
    process.nextTick(() => this.destroy(err));
    return this;
  }
  return (originalConnect as (...a: unknown[]) => Socket).apply(this, args);
} as Socket['connect'];

type Callback = (err: Error | null, ...rest: unknown[]) => void;

/** Wraps `target[name]` (a lookup taking a host name first) so a name off loopback is refused by `refuse` instead. */
function guardLookup(target: Record<string, unknown>, name: string, refuse: (hostname: string, rest: unknown[]) => unknown): void {
  const original = target[name];
  if (typeof original !== 'function') {
    return;
  }
  target[name] = function guarded(this: unknown, hostname: unknown, ...rest: unknown[]): unknown {
    if (typeof hostname === 'string' && !isLoopback(hostname) && net.isIP(hostname) === 0) {
      return refuse(hostname, rest);
    }
    return (original as (...a: unknown[]) => unknown).call(this, hostname, ...rest);
  };
}

function guardCallbackStyle(target: Record<string, unknown>, name: string): void {
  guardLookup(target, name, (hostname, rest) => {
    const cb = [...rest].reverse().find((r): r is Callback => typeof r === 'function');
    const err = refusal(`dns.${name}`, hostname);
    if (cb) {
      process.nextTick(() => cb(err));
      return undefined;
    }
    throw err;
  });
}

function guardPromiseStyle(target: Record<string, unknown>, name: string): void {
  guardLookup(target, name, (hostname) => Promise.reject(refusal(`dns.promises.${name}`, hostname)));
}

const RESOLVERS = ['resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCname', 'resolveMx', 'resolveNs', 'resolveTxt', 'resolveSrv', 'resolveNaptr', 'resolvePtr', 'resolveSoa', 'resolveCaa'];
guardCallbackStyle(dns as unknown as Record<string, unknown>, 'lookup');
guardPromiseStyle(dns.promises as unknown as Record<string, unknown>, 'lookup');
for (const name of RESOLVERS) {
  guardCallbackStyle(dns as unknown as Record<string, unknown>, name);
  guardCallbackStyle(dns.Resolver.prototype as unknown as Record<string, unknown>, name);
  guardPromiseStyle(dns.promises as unknown as Record<string, unknown>, name);
  guardPromiseStyle(dns.promises.Resolver.prototype as unknown as Record<string, unknown>, name);
}
// ES module importers of node:dns see the guarded functions too.
syncBuiltinESMExports();
