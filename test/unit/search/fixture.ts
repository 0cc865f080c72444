import * as path from 'node:path';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { OpenWorkspace } from '../../../src/core/workspace';

/** Real tools (GitHub's MCP server, LiveMCPBench servers with Chinese descriptions): see test/fixtures/search/NOTICE.md. */
export const FIXTURES = path.resolve(__dirname, '..', '..', 'fixtures', 'search');
export const WORKSPACE = path.join(FIXTURES, 'workspace');
export const SNAPSHOT_SERVERS = ['bing-cn-mcp', 'hackernews', 'howtocook-mcp', 'trends-hub', 'yfmcp'];

export function snapshotSpecs(github = path.join(FIXTURES, 'snapshots', 'github')): { name: string; path: string }[] {
  return [{ name: 'github', path: github }, ...SNAPSHOT_SERVERS.map((name) => ({ name, path: path.join(FIXTURES, 'snapshots', `${name}.json`) }))];
}

/** The fixture workspace's catalog, built by the real builder (config, policy, core tools, snapshots, client tools). */
export async function fixtureCatalog(snapshots = snapshotSpecs()): Promise<Catalog> {
  // Trusted, as the CLI runs: the snapshots live beside the workspace folder, outside it.
  const ws = new OpenWorkspace({ workspace: WORKSPACE, noUserConfig: true, snapshots, env: {}, homeDir: WORKSPACE, trusted: true });
  try {
    return await ws.buildCatalog();
  } finally {
    await ws.dispose();
  }
}
