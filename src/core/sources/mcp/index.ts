import * as os from 'node:os';
import type { ConfigReader } from '../../config/configReader';
import { FolderGuard } from '../../util/insideFolder';
import { discoverServers, type DiscoveredServers, type McpImport } from './discoverServers';
import { LiveMcpSource } from './liveMcpSource';
import { generatedToolsFor } from '../generatedTools';

export { discoverServers, MCP_IMPORTS, type DeclaredInput, type DiscoveredServers, type McpImport } from './discoverServers';
export { LiveMcpSource, type LiveMcpSourceOptions } from './liveMcpSource';
export type { McpServerConfig, McpTransportKind } from './serverConfig';

/** What the live MCP source needs from an opened workspace (kept structural to avoid an import cycle). */
export interface LiveMcpWorkspace {
  readonly trusted: boolean;
  /** The workspace's containment rule; default: the folder's, active unless trusted. */
  readonly guard?: FolderGuard;
  readonly config: { readonly reader?: ConfigReader };
  /** The modelled OpenClaw version: how its `mcp.servers` timeouts read, how it sanitizes MCP names. */
  readonly openclaw?: { readonly model: { readonly version: string; readonly mcpNameLetterFirst?: boolean } };
  readonly options: {
    workspace: string;
    env?: Record<string, string | undefined>;
    homeDir?: string;
    inputs?: Record<string, string>;
    mcpImports?: readonly McpImport[];
  };
}

/** Every MCP server an opened workspace declares, with the inputs and imports of its options. */
export function discoverWorkspaceServers(ws: LiveMcpWorkspace): DiscoveredServers {
  const o = ws.options;
  return discoverServers({
    workspace: o.workspace,
    openclaw: ws.config.reader,
    env: o.env ?? process.env,
    homeDir: o.homeDir ?? os.homedir(),
    inputs: o.inputs,
    imports: o.mcpImports,
    guard: ws.guard ?? FolderGuard.of(o.workspace, ws.trusted),
    openclawVersion: ws.openclaw?.model.version,
  });
}

/**
 * The default live MCP source of a workspace: every configured server (or
 * the servers a caller already discovered), started only if the workspace is
 * trusted, with the modelled version's tools for servers that offer
 * resources or prompts. The CLI and the editor both build it here, so their
 * catalogs cannot drift apart.
 */
export function createLiveMcpSource(ws: LiveMcpWorkspace, found: DiscoveredServers = discoverWorkspaceServers(ws)): LiveMcpSource {
  const model = ws.openclaw?.model;
  const utilityTools = model !== undefined ? generatedToolsFor(model.version)?.mcpUtilityTools : undefined;
  return new LiveMcpSource({
    servers: found.servers,
    diagnostics: found.diagnostics,
    trusted: ws.trusted,
    ...(utilityTools ? { utilityTools } : {}),
    ...(model?.mcpNameLetterFirst !== undefined ? { nameRule: { letterFirst: model.mcpNameLetterFirst } } : {}),
  });
}
