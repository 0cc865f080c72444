import * as fs from 'node:fs';
import * as path from 'node:path';
import { OpenWorkspace, type WorkspaceOptions } from '../../src/core/workspace';
import type { McpServerConfig } from '../../src/core/sources/mcp/serverConfig';
import { scratchDir } from './scratch';

export const REPO = path.resolve(__dirname, '..', '..');
export const HOSTILE = path.join(REPO, 'test', 'fixtures', 'mcp', 'hostileServer.mjs');
export const DEMO = path.join(REPO, 'examples', 'demo');

/** Entry scripts of the three reference servers, from node_modules by path. */
export const REFERENCE = {
  everything: path.join(REPO, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'),
  memory: path.join(REPO, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js'),
  filesystem: path.join(REPO, 'node_modules', '@modelcontextprotocol', 'server-filesystem', 'dist', 'index.js'),
};

/** Live (non-zombie) processes whose parent is this test process, read from /proc. */
export function childPids(): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the parenthesised command name: state, ppid, ...
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(rest[1]) === process.pid && rest[0] !== 'Z') {
      out.push(Number(entry));
    }
  }
  return out.sort((a, b) => a - b);
}

export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Polls until `cond` holds or `ms` pass; returns whether it held. Not a timing assertion: a bounded wait. */
export async function waitFor(cond: () => boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) {
      return true;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return cond();
}

/** Writes a temporary workspace from relative paths to contents. */
export function tempWorkspace(files: Record<string, string | object>): string {
  const dir = scratchDir('tsi-mcp-');
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(dir, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

/** Opens a workspace with the live MCP source (trusted unless told otherwise). */
export function openWorkspace(dir: string, extra: Partial<WorkspaceOptions> = {}): OpenWorkspace {
  return new OpenWorkspace({ workspace: dir, noUserConfig: true, env: { PATH: process.env.PATH }, homeDir: dir, trusted: true, ...extra });
}

/** A stdio config for the hostile fixture in `mode`: roomy timeouts (a busy machine starts node slowly); fault tests shorten them. */
export function hostileConfig(name: string, mode: string, over: Partial<McpServerConfig> = {}): McpServerConfig {
  return {
    name,
    origin: { file: 'test', line: 1 },
    format: 'openclaw',
    transport: 'stdio',
    command: process.execPath,
    args: [HOSTILE, mode],
    env: {},
    cwd: REPO,
    headers: {},
    enabled: true,
    connectTimeoutMs: 15_000,
    timeoutMs: 15_000,
    ...over,
  };
}

export function referenceConfig(name: keyof typeof REFERENCE, extraArgs: string[] = []): McpServerConfig {
  return { ...hostileConfig(name, ''), args: [REFERENCE[name], ...extraArgs], connectTimeoutMs: 15_000, timeoutMs: 15_000 };
}

/** Calls a cataloged tool through its source's executor, as the gateway does. */
export async function callTool(catalog: import('../../src/core/catalog/catalog').Catalog, id: string, args: Record<string, unknown>) {
  const tool = catalog.get(id);
  if (!tool) {
    throw new Error(`no tool ${id}`);
  }
  const executor = catalog.executorFor(tool.source, id);
  if (!executor) {
    throw new Error(`no executor for ${id}`);
  }
  return executor.execute(tool, args, { callId: `test-${id}` });
}
