import * as fs from 'node:fs';
import { controlNamesByMode } from './controlStubs';
import * as path from 'node:path';
import type { Catalog } from '../catalog/catalog';
import { discoverWorkspaceServers, LiveMcpSource } from '../sources/mcp';
import { McpServerConnection, type ConnectionHooks, type ToolPages } from '../sources/mcp/mcpConnection';
import type { McpServerConfig } from '../sources/mcp/serverConfig';
import { OpenWorkspace } from '../workspace';
import { REPLY_TOOL_NAME } from '../sources/coreTools';
import { generatedToolsFor } from '../sources/generatedTools';
import { modelledAs } from './diffConfig';
import { classify, type Difference } from './differences';
import type { OpenClawOracle } from './openclawOracle';

/** One run to compose: a config as written, which session of the agent runs, what each MCP server lists. */
export interface CompositionCase {
  config: Record<string, unknown>;
  /** The agent's main session, or another one (a sandbox in `non-main` mode applies to it). */
  session: 'main' | 'other';
  /** Each configured server's `tools/list` answer, by server name; no server is started on either side. */
  mcpListings: Record<string, unknown[]>;
  /** What a server offers besides tools (its `initialize` capabilities), by server name; default neither. */
  mcpCapabilities?: Record<string, { resources?: boolean; prompts?: boolean }>;
}

/** A tool of a composed run, as the model meets it. */
export interface ComposedTool {
  /** Searchable through Tool Search. */
  cataloged: boolean;
  /** Sent to the model up front. */
  visible: boolean;
}

export interface Composed {
  /** OpenClaw refuses to run (no agent can be picked); no tools then. */
  refused: boolean;
  agent?: string;
  sandboxed?: boolean;
  toolSearch: boolean;
  tools: Map<string, ComposedTool>;
}

interface OracleComposition {
  refused?: string;
  agentId?: string;
  sandboxed?: boolean;
  toolSearch?: { enabled: boolean };
  tools?: { name: string; cataloged: boolean; visible: boolean }[];
}

/** OpenClaw's run, composed by its own code in the adapter child (recipe `composition`). */
export async function openclawComposition(o: OpenClawOracle, c: CompositionCase): Promise<Composed> {
  // The run is a local operator turn (see the recipe): nothing joins OpenClaw's `directToolNames` for a version
  // whose tools are generated from such a turn; the seed's design models a run that replies through `message`.
  const directToolNames = generatedToolsFor(modelledAs(o.version).model.version) ? [] : [REPLY_TOOL_NAME];
  const r = await o.recipe<OracleComposition>('composition', { config: c.config, session: c.session, mcpListings: c.mcpListings, mcpCapabilities: c.mcpCapabilities ?? {}, directToolNames, controls: controlNamesByMode(modelledAs(o.version).model.version) });
  if (r.refused !== undefined) {
    return { refused: true, toolSearch: false, tools: new Map() };
  }
  const on = r.toolSearch?.enabled === true;
  return {
    refused: false,
    agent: r.agentId,
    sandboxed: r.sandboxed,
    toolSearch: on,
    tools: new Map((r.tools ?? []).map((t) => [t.name, on ? { cataloged: t.cataloged, visible: t.visible } : { cataloged: false, visible: true }])),
  };
}

/** A connection that answers `tools/list` with a given listing: the server as OpenClaw's side receives it too. */
class ListedConnection extends McpServerConnection {
  constructor(
    config: McpServerConfig,
    hooks: ConnectionHooks,
    private readonly listing: readonly unknown[],
    private readonly offers: { resources?: boolean; prompts?: boolean } = {},
  ) {
    super(config, hooks);
  }

  override capabilities(): { resources: boolean; prompts: boolean } {
    return { resources: this.offers.resources === true, prompts: this.offers.prompts === true };
  }

  override connect(): Promise<void> {
    return Promise.resolve();
  }

  override listTools(): Promise<ToolPages> {
    return Promise.resolve({ tools: [...this.listing], pages: 1 });
  }

  override close(): Promise<void> {
    return Promise.resolve();
  }
}

/** The product's catalog for the run: the config read from `dir` as a workspace reads it, MCP listings fed through the live source. */
export async function ourCatalogFor(c: CompositionCase, dir: string, openclawVersion: string): Promise<{ catalog: Catalog; refused: boolean; agent?: string }> {
  const configPath = path.join(dir, 'openclaw.json');
  fs.writeFileSync(configPath, JSON.stringify(c.config, null, 2));
  const ws = new OpenWorkspace({
    workspace: dir,
    configPath,
    noUserConfig: true,
    env: {},
    homeDir: dir,
    trusted: true,
    openclawVersion,
    policy: c.session === 'main' ? { session: 'main' } : { session: 'oracle-other' },
    liveMcp: (w) => {
      const found = discoverWorkspaceServers(w);
      const utilityTools = generatedToolsFor(openclawVersion)?.mcpUtilityTools;
      return new LiveMcpSource({
        servers: found.servers,
        diagnostics: found.diagnostics,
        trusted: true,
        ...(utilityTools ? { utilityTools } : {}),
        openConnection: (config, hooks) => new ListedConnection(config, hooks, c.mcpListings[config.name] ?? [], c.mcpCapabilities?.[config.name]),
      });
    },
  });
  try {
    const catalog = await ws.buildCatalog();
    return { catalog, refused: ws.agent.kind === 'refused', ...(ws.agent.kind === 'default' || ws.agent.kind === 'requested' ? { agent: ws.agent.id } : {}) };
  } finally {
    await ws.dispose();
  }
}

/** The product's run in the same terms: excluded tools are absent, direct-only ones visible and not searchable. */
export function ourComposition(catalog: Catalog, refused: boolean): Composed {
  const on = catalog.settings.enabled;
  const tools = new Map<string, ComposedTool>();
  if (!refused) {
    for (const t of catalog.tools) {
      if (t.status === 'excluded') {
        continue;
      }
      tools.set(t.name, on ? { cataloged: t.status === 'cataloged', visible: t.status === 'direct-only' || t.directVisible === true } : { cataloged: false, visible: true });
    }
  }
  return { refused, toolSearch: on, tools };
}

/** Per tool of either side: present or absent, and with Tool Search on, searchable and sent up front. */
export function diffCompositions(ours: Composed, theirs: Composed, subject: string): Difference[] {
  const out: Difference[] = [];
  const diff = (tool: string, field: string, a: unknown, b: unknown): void => {
    out.push(classify({ suite: 'composition', subject: `${subject} ${tool}`, field, ours: a, openclaw: b, facts: { tool } }));
  };
  if (ours.refused !== theirs.refused) {
    diff('(run)', 'refused', ours.refused, theirs.refused);
    return out;
  }
  if (ours.refused) {
    // Both refuse to run: there is no run to compare.
    return out;
  }
  if (ours.toolSearch !== theirs.toolSearch) {
    diff('(run)', 'toolSearch', ours.toolSearch, theirs.toolSearch);
  }
  for (const name of [...new Set([...ours.tools.keys(), ...theirs.tools.keys()])].sort()) {
    const a = ours.tools.get(name);
    const b = theirs.tools.get(name);
    if (!a || !b) {
      diff(name, 'present', Boolean(a), Boolean(b));
      continue;
    }
    if (a.cataloged !== b.cataloged) {
      diff(name, 'cataloged', a.cataloged, b.cataloged);
    }
    if (a.visible !== b.visible) {
      diff(name, 'visible', a.visible, b.visible);
    }
  }
  return out;
}
