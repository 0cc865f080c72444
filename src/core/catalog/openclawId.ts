import type { ToolSearchFacts } from '../policy/epochTypes';
import type { CatalogTool } from '../types';

/** Whom an MCP tool's catalog entry names as its owner (`ToolSearchFacts.mcpEntryOwner`). */
export type McpEntryOwner = NonNullable<ToolSearchFacts['mcpEntryOwner']>;

/**
 * The owner part OpenClaw puts in an MCP tool's id: its safe server name,
 * which is the prefix of the model-facing `<server>__<tool>` name; in
 * 2026.5.12 - 6.10 the plugin every MCP tool belongs to, `bundle-mcp`
 * (the epoch's generated `mcpEntryOwner`).
 */
function openClawOwner(tool: CatalogTool, mcpOwner: McpEntryOwner = 'server'): string {
  if (tool.source === 'mcp' && mcpOwner === 'bundle-mcp') {
    return 'bundle-mcp';
  }
  if (tool.source !== 'mcp' || tool.name.startsWith(`${tool.sourceName}__`)) {
    return tool.sourceName.trim() || 'core';
  }
  const cut = tool.name.indexOf('__');
  return cut > 0 ? tool.name.slice(0, cut) : tool.sourceName;
}

/**
 * The id OpenClaw gives this tool: `${source}:${owner}:${name}` with the
 * model-facing name. For core, plugin and client tools it is our id; for MCP
 * tools ours keeps the raw tool name (`mcp:github:create_issue`) where
 * OpenClaw's repeats the server (`mcp:github:github__create_issue`). Search
 * indexes and breaks ties on OpenClaw's spelling; a lookup's suggestions
 * score it.
 */
export function openClawId(tool: CatalogTool, mcpOwner: McpEntryOwner = 'server'): string {
  return `${tool.source}:${openClawOwner(tool, mcpOwner)}:${tool.name}`;
}
