import type { CatalogTool, ToolCallResult } from '../types';
import type { ToolContentBlock, ToolResultEnvelope } from '../toolApi';

/**
 * Shapes what a source returned the way OpenClaw hands tool results to Tool
 * Search callers, so a snippet written against OpenClaw reads the same
 * fields here:
 * - a first-party tool's value becomes `{ content: [text], details: value }`
 *   (OpenClaw's `jsonResult`/`textResult`): the JSON value is under `details`;
 * - an MCP result keeps its content blocks, and `details` names the server
 *   and tool and carries `structuredContent` (OpenClaw's
 *   `projectMcpCallToolResult`), with `status: "error"` when the server said so.
 */
export function toolResultEnvelope(tool: Pick<CatalogTool, 'source' | 'sourceName' | 'name' | 'rawName'>, result: ToolCallResult): ToolResultEnvelope {
  const plainValue = result.value !== undefined && result.content === undefined && result.structuredContent === undefined;
  if (plainValue) {
    return valueEnvelope(result.value);
  }
  if (tool.source !== 'mcp') {
    return {
      content: contentBlocks(result.content),
      details: result.structuredContent !== undefined ? result.structuredContent : result.value,
    };
  }
  const content = contentBlocks(result.content);
  const isError = result.isError === true;
  return {
    content: content.length > 0 ? content : [{ type: 'text', text: isError ? MCP_EMPTY_FAILURE : MCP_EMPTY_SUCCESS }],
    details: {
      mcpServer: tool.sourceName,
      mcpTool: tool.rawName ?? tool.name,
      ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
      ...(isError ? { status: 'error' } : {}),
    },
  };
}

/** OpenClaw's texts for an MCP result without content blocks (`projectMcpCallToolResult`). */
export const MCP_EMPTY_SUCCESS = 'MCP tool completed without returning content.';
export const MCP_EMPTY_FAILURE = 'MCP tool failed without returning content.';

function valueEnvelope(value: unknown): ToolResultEnvelope {
  // A value that already is a tool result (content blocks, maybe details) passes as it is.
  if (isRecord(value) && Array.isArray(value.content)) {
    return { content: contentBlocks(value.content), ...('details' in value ? { details: value.details } : {}) };
  }
  const text = typeof value === 'string' ? value : (safeJson(value) ?? String(value));
  return { content: [{ type: 'text', text }], details: value };
}

function contentBlocks(raw: unknown): ToolContentBlock[] {
  if (!Array.isArray(raw)) {
    return [];
  }
  return raw.filter(isRecord).map((b) => ({ ...b, type: typeof b.type === 'string' ? b.type : 'unknown' }));
}

function safeJson(v: unknown): string | undefined {
  try {
    return JSON.stringify(v, null, 2);
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
