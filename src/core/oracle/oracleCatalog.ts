import { buildCatalog } from '../catalog/catalogBuilder';
import type { Catalog } from '../catalog/catalog';
import { defaultToolSearchSettings } from '../config/toolSearchSettings';
import { modelFor, NEWEST_OPENCLAW_VERSION, type OpenClawModel } from '../policy/openclawVersions';
import { ToolPolicy } from '../policy/policyEngine';
import { coreToolDefinitions } from '../sources/coreTools';
import { assignSafeServerNames } from '../sources/mcpNames';
import { mcpToolDefinitions } from '../sources/mcpTools';
import { readToolDefinition } from '../sources/toolShape';
import type { SourceListing, ToolSourceProvider } from '../sources/toolSource';
import type { CatalogTool, Diagnostic, JsonSchema, ToolDefinition, ToolSearchSettings } from '../types';

/**
 * One tool as the adapter builds it inside OpenClaw (see
 * src/oracle/openclawChild.mts). `key` is our id for the tool, so answers
 * from both sides are compared by tool, whatever each side calls it.
 */
export interface OracleToolSpec {
  key: string;
  kind: 'core' | 'plugin' | 'mcp' | 'client';
  /** Plugin id or MCP server name. */
  owner?: string;
  /** For MCP tools the server's raw tool name; OpenClaw derives the model-facing name. */
  name: string;
  label?: string;
  description?: string;
  parameters?: JsonSchema;
  catalogMode?: 'direct-only';
}

/** A catalog described by its tools, before either side builds it. */
export interface CatalogSpec {
  core: { name: string; description: string; parameters?: JsonSchema }[];
  plugins: { id: string; tools: { name: string; description: string; parameters?: JsonSchema }[] }[];
  mcp: { server: string; tools: { name: string; title?: string; description?: string; inputSchema?: JsonSchema }[] }[];
  client: { name: string; description: string; parameters?: JsonSchema }[];
}

class ListedSource implements ToolSourceProvider {
  constructor(readonly name: string, private readonly tools: ToolDefinition[], private readonly diagnostics: Diagnostic[] = []) {}

  list(): Promise<SourceListing> {
    return Promise.resolve({ tools: this.tools, diagnostics: this.diagnostics });
  }
}

/**
 * Our definitions for a spec, made by the product's own sources: core tools
 * keep what our core table says about them (groups, direct-only), MCP tools
 * get their model-facing names from `mcpToolDefinitions`.
 */
export function definitionsOf(spec: CatalogSpec, model: OpenClawModel = newestModel()): { defs: ToolDefinition[]; diagnostics: Diagnostic[] } {
  const table = new Map(coreToolDefinitions(model).map((d) => [d.name, d]));
  const diagnostics: Diagnostic[] = [];
  const defs: ToolDefinition[] = [];
  for (const c of spec.core) {
    // A spec's core tool is built (both sides get it): a condition the version's table puts on it (2026.5.12's
    // `image` needs a vision model) does not keep it out here.
    const { invalid: _condition, ...known } = table.get(c.name) ?? {};
    defs.push({ ...known, source: 'openclaw', owner: 'core', name: c.name, description: c.description, parameters: c.parameters });
  }
  for (const p of spec.plugins) {
    for (const t of p.tools) {
      defs.push({ source: 'openclaw', owner: p.id, name: t.name, description: t.description, parameters: t.parameters });
    }
  }
  // One namespace for all servers, as a live or snapshot source resolves it.
  const nameRule = { letterFirst: model.mcpNameLetterFirst };
  const safeNames = assignSafeServerNames(spec.mcp.map((s) => s.server), nameRule);
  for (const s of spec.mcp) {
    defs.push(...mcpToolDefinitions(s.server, s.tools, { file: `mcp:${s.server}` }, diagnostics, { safeServer: safeNames.get(s.server), nameRule }));
  }
  // Client tools are read as the client-tools file's entries are.
  for (const c of spec.client) {
    const { def, problem } = readToolDefinition(c, 'client', 'client', { file: 'client-tools.json' });
    if (problem !== undefined) {
      diagnostics.push({ file: 'client-tools.json', severity: 'error', message: `client tool "${c.name}": ${problem}; excluded` });
    }
    if (def) {
      defs.push(def);
    }
  }
  return { defs, diagnostics };
}

function newestModel(): OpenClawModel {
  const m = modelFor(NEWEST_OPENCLAW_VERSION);
  if (!m) {
    throw new Error(`no model for OpenClaw ${NEWEST_OPENCLAW_VERSION}`);
  }
  return m;
}

/**
 * The product's catalog for a spec: built by `buildCatalog`, under `policy`
 * (default: none), with `model`'s core tool table (default: the newest, the
 * pinned OpenClaw's).
 */
export async function catalogOf(
  spec: CatalogSpec,
  policy?: ToolPolicy,
  settings: ToolSearchSettings = { ...defaultToolSearchSettings(), enabled: true, mode: 'tools', configured: true },
  model: OpenClawModel = policy?.model ?? newestModel(),
): Promise<Catalog> {
  const { defs, diagnostics } = definitionsOf(spec, model);
  // No policy: nothing is filtered, but names are still normalized with the model's aliases.
  return buildCatalog({ providers: [new ListedSource('oracle', defs, diagnostics)], policy: policy ?? new ToolPolicy([], model), settings });
}

/**
 * What OpenClaw is given for our catalog tools: same text and schemas, its own naming.
 * `bundled` (the policy suite): a core tool that a bundled plugin declares goes in as
 * that plugin's tool, as the version builds it (`memory_search` of memory-core).
 */
export function oracleSpecsOf(tools: readonly CatalogTool[], bundled: Readonly<Record<string, { tools: readonly string[] }>> = {}): OracleToolSpec[] {
  return tools.map((t) => {
    const pluginOfCore = t.source === 'openclaw' && t.sourceName === 'core' ? Object.entries(bundled).find(([, p]) => p.tools.includes(t.name))?.[0] : undefined;
    const kind: OracleToolSpec['kind'] = t.source === 'client' ? 'client' : t.source === 'mcp' ? 'mcp' : t.sourceName === 'core' && pluginOfCore === undefined ? 'core' : 'plugin';
    const spec: OracleToolSpec = { key: t.id, kind, name: t.source === 'mcp' ? (t.rawName ?? t.name) : t.name, description: t.description };
    if (kind === 'plugin' || kind === 'mcp') {
      spec.owner = pluginOfCore ?? t.sourceName;
    }
    if (t.label !== undefined) {
      spec.label = t.label;
    }
    if (t.parameters !== undefined) {
      spec.parameters = t.parameters;
    }
    // OpenClaw keeps a direct-only tool out of its catalog and directory, as we do.
    if (t.status === 'direct-only' && t.source === 'openclaw') {
      spec.catalogMode = 'direct-only';
    }
    return spec;
  });
}
