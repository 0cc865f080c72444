// A loopback guard in front of the demo's VS Code server: only requests whose
// `Host` is the guard's own loopback address, and whose `Origin` (when the
// browser sends one) is that same address, reach the server; every other
// request is refused with 403 before the server sees it, token or no token.
// It stops a page on another site from using a leaked token (a foreign
// `Origin`) and DNS rebinding (a foreign `Host`). Requests and WebSocket
// upgrades are passed through byte for byte otherwise.
//
// Hand-written on node:http and node:net: the maintained proxy library
// (http-proxy-3) needs Node 22, the demo runs on the machine's Node (20 here).
import * as http from 'node:http';
import * as net from 'node:net';

/** The `Host` and `Origin` values a request to the guard on `port` may carry. */
export function allowedOrigins(port) {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  return { hosts: new Set(hosts), origins: new Set(hosts.map((h) => `http://${h}`)) };
}

/** Why a request is refused, or undefined when it may pass. */
export function refusal(headers, allowed) {
  const host = String(headers.host ?? '').toLowerCase();
  if (!allowed.hosts.has(host)) {
    return `Host ${JSON.stringify(host)} is not this server's loopback address`;
  }
  const origin = headers.origin;
  if (origin !== undefined && !allowed.origins.has(String(origin).toLowerCase())) {
    return `Origin ${JSON.stringify(String(origin))} is not this server's own`;
  }
  return undefined;
}

/**
 * Listens on 127.0.0.1:`port` (0: a free port) and forwards to
 * 127.0.0.1:`targetPort`. Resolves `{ port, base, refused, close }`.
 */
export async function startLoopbackGuard({ port = 0, targetPort, log }) {
  let allowed = allowedOrigins(port);
  let refused = 0;
  const deny = (why) => {
    refused++;
    log?.(`loopback guard refused a request: ${why}`);
  };
  const server = http.createServer((req, res) => {
    const why = refusal(req.headers, allowed);
    if (why) {
      deny(why);
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`refused by the demo's loopback guard: ${why}\n`);
      return;
    }
    const upstream = http.request({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.rawHeaders);
      up.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      }
      res.end();
    });
    req.pipe(upstream);
  });
  // Upgraded connections leave the HTTP server's bookkeeping: kept here so close() ends them.
  const tunnels = new Set();
  server.on('upgrade', (req, socket, head) => {
    const why = refusal(req.headers, allowed);
    if (why) {
      deny(why);
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) {
        upstream.write(head);
      }
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      socket.destroy();
      tunnels.delete(close);
    };
    tunnels.add(close);
    upstream.on('close', close);
    socket.on('close', close);
    upstream.on('error', close);
    socket.on('error', close);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actual = server.address().port;
  allowed = allowedOrigins(actual);
  return {
    port: actual,
    base: `http://127.0.0.1:${actual}`,
    refused: () => refused,
    close: () => new Promise((resolve) => {
      for (const end of [...tunnels]) end();
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}
