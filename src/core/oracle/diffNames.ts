import { clientToolConflicts } from '../modes/surface';
import { assignSafeServerNames } from '../sources/mcpNames';
import { mcpToolDefinitions } from '../sources/mcpTools';
import type { OpenClawModel } from '../policy/openclawVersions';
import type { Diagnostic } from '../types';
import { classify, jsonEqual, type Difference } from './differences';
import type { OpenClawOracle } from './openclawOracle';
import { catalogOf, type CatalogSpec } from './oracleCatalog';

export interface McpServerNames {
  server: string;
  tools: string[];
}

interface OpenClawMcpName {
  server: string;
  tool: string;
  name: string;
}

/**
 * Our model-facing names, made the way a snapshot or live source makes its
 * servers' tools: server parts assigned across all of them, then per server.
 */
export function ourMcpNames(servers: readonly McpServerNames[], model?: OpenClawModel): Map<string, string> {
  const out = new Map<string, string>();
  const nameRule = { letterFirst: model?.mcpNameLetterFirst ?? true };
  const safeNames = assignSafeServerNames(servers.map((s) => s.server), nameRule);
  for (const s of servers) {
    const diagnostics: Diagnostic[] = [];
    const defs = mcpToolDefinitions(s.server, s.tools.map((name) => ({ name, inputSchema: { type: 'object', properties: {} } })), { file: `mcp:${s.server}` }, diagnostics, {
      safeServer: safeNames.get(s.server),
      nameRule,
    });
    for (const d of defs) {
      if (!d.invalid) out.set(JSON.stringify([s.server, d.rawName ?? d.name]), d.name);
    }
  }
  return out;
}

/** Model-facing MCP tool names for the same servers and tools, per (server, tool). */
export async function diffMcpNamesWithOracle(oracle: OpenClawOracle, servers: readonly McpServerNames[], model?: OpenClawModel): Promise<Difference[]> {
  const theirs = await oracle.recipe<OpenClawMcpName[]>('mcpNames', { servers: servers.map((s) => ({ name: s.server, tools: s.tools })) });
  const ours = ourMcpNames(servers, model);
  const theirMap = new Map(theirs.map((t) => [JSON.stringify([t.server, t.tool]), t.name]));
  const keys = new Set([...ours.keys(), ...theirMap.keys()]);
  const out: Difference[] = [];
  for (const k of [...keys].sort()) {
    const a = ours.get(k) ?? null;
    const b = theirMap.get(k) ?? null;
    if (a !== b) {
      const [server, tool] = JSON.parse(k) as [string, string];
      out.push(classify({ suite: 'mcpNames', subject: `server ${JSON.stringify(server)} tool ${JSON.stringify(tool)}`, field: 'name', ours: a, openclaw: b }));
    }
  }
  return out;
}

/**
 * Client tools whose names conflict with OpenClaw, plugin or MCP tools (or
 * with each other): our catalog's refusals against OpenClaw's
 * `findClientToolNameConflicts` over the same names. `model`: the version our
 * side models (its aliases normalize the names), the release being run.
 */
export async function diffClientConflictsWithOracle(oracle: OpenClawOracle, existing: Omit<CatalogSpec, 'client'>, client: readonly string[], model?: OpenClawModel): Promise<Difference[]> {
  const catalog = await catalogOf({ ...existing, client: client.map((name) => ({ name, description: `client tool ${name}` })) }, undefined, undefined, model);
  const ours = [...new Set(clientToolConflicts(catalog).map((c) => c.name))].sort();
  const mcp = await oracle.recipe<OpenClawMcpName[]>('mcpNames', { servers: existing.mcp.map((s) => ({ name: s.server, tools: s.tools.map((t) => t.name) })) });
  const existingNames = [...existing.core.map((c) => c.name), ...existing.plugins.flatMap((p) => p.tools.map((t) => t.name)), ...mcp.map((m) => m.name)];
  const theirs = [...new Set(await oracle.recipe<string[]>('clientConflicts', { existing: existingNames, client }))].sort();
  if (jsonEqual(ours, theirs)) return [];
  return [classify({ suite: 'clientConflicts', subject: `client tools ${JSON.stringify(client)}`, field: 'conflicts', ours, openclaw: theirs, facts: { existing: existingNames } })];
}
