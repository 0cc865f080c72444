// The LiveMCPBench servers of the shared data, as the payload and preview benchmarks load them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { mcpToolDefinitions } from '../../src/core/sources/mcpTools';
import type { SourceListing, ToolSourceProvider } from '../../src/core/sources/toolSource';
import type { Diagnostic } from '../../src/core/types';

/** One server's `tools/list` result. */
export interface RawServer {
  name: string;
  tools: unknown[];
}

/** `TSI_SHARED_DATA`, else `shared/data` beside the repository (or beside its parent, for a worktree). */
export function sharedDataDir(): string {
  const repoRoot = path.resolve(__dirname, '..', '..');
  const candidates = [process.env.TSI_SHARED_DATA, path.resolve(repoRoot, '..', 'shared', 'data'), path.resolve(repoRoot, '..', '..', 'shared', 'data')].filter((c): c is string => !!c);
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'livemcpbench', 'tools.json')));
  if (!found) {
    throw new Error(`shared data not found (looked in ${candidates.join(', ')}); set TSI_SHARED_DATA`);
  }
  return found;
}

/** Every server of LiveMCPBench, with provider-safe unique names. */
export function liveMcpBenchServers(dir: string): RawServer[] {
  const entries = JSON.parse(fs.readFileSync(path.join(dir, 'livemcpbench', 'tools.json'), 'utf8')) as { tools?: Record<string, { tools?: unknown[] }> }[];
  const servers: RawServer[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    for (const [key, s] of Object.entries(e.tools ?? {})) {
      let name = key.replace(/[^A-Za-z0-9_-]/g, '_');
      while (seen.has(name)) {
        name = `${name}_`;
      }
      seen.add(name);
      servers.push({ name, tools: s.tools ?? [] });
    }
  }
  return servers;
}

/** Renamed copies of the real servers until there are exactly `n` tools. */
export function scaled(servers: readonly RawServer[], n: number): RawServer[] {
  const out: RawServer[] = [];
  let count = 0;
  for (let copy = 0; count < n; copy++) {
    for (const s of servers) {
      if (count >= n) {
        break;
      }
      const tools = s.tools.slice(0, n - count);
      out.push({ name: copy === 0 ? s.name : `${s.name}_${copy}`, tools });
      count += tools.length;
    }
  }
  return out;
}

/** MCP servers whose `tools/list` results are in memory: listing does the same work as a live or snapshot source. */
export class RawServersSource implements ToolSourceProvider {
  readonly name = 'bench-mcp';
  constructor(private readonly servers: readonly RawServer[]) {}
  list(): Promise<SourceListing> {
    const diagnostics: Diagnostic[] = [];
    const tools = this.servers.flatMap((s) => mcpToolDefinitions(s.name, s.tools, { file: s.name }, diagnostics));
    return Promise.resolve({ tools, diagnostics });
  }
}
