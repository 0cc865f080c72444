import type * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on an ephemeral loopback port and resolves to the OpenAI-style base URL (`http://127.0.0.1:PORT/v1`). */
export async function listenOnLoopback(server: http.Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}/v1`;
}

/** Closes `server` and every connection it holds (keep-alive clients would hold it open). */
export function closeServer(server: http.Server | undefined): Promise<void> {
  if (!server) {
    return Promise.resolve();
  }
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
