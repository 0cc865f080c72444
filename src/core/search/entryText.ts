import { openClawId, type McpEntryOwner } from '../catalog/openclawId';
import type { CatalogTool } from '../types';

export { openClawId, type McpEntryOwner };
import { appendDocumentTerms, pieceTerms } from './tokenizer';

/**
 * What OpenClaw indexes for one catalog entry (`toolSearchEntryText` and
 * `readParameterText` in `src/agents/tool-search-runtime.ts` /
 * `tool-search-ranking.ts`): name, id, label, description, and for
 * first-party tools (source `openclaw`) the parameter names and descriptions.
 * MCP and client schemas are untrusted and stay out of the index.
 */

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deepest schema level whose text is read (the root is level 0). */
const MAX_PARAMETER_DEPTH = 4;

function collectParameterText(schema: unknown, depth: number, out: string[]): void {
  if (depth > MAX_PARAMETER_DEPTH || !isRecord(schema)) {
    return;
  }
  if (typeof schema.description === 'string' && schema.description) {
    out.push(schema.description);
  }
  if (isRecord(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      if (name) {
        out.push(name);
      }
      collectParameterText(child, depth + 1, out);
    }
  }
  if (schema.items !== undefined) {
    collectParameterText(schema.items, depth + 1, out);
  }
}

/**
 * Schema text in OpenClaw's order: each level's own description, then each
 * property's name followed by its own text, then array items. Unions
 * (`anyOf`/`oneOf`) are not read, as in OpenClaw.
 */
export function parameterText(schema: unknown): string[] {
  const out: string[] = [];
  collectParameterText(schema, 0, out);
  return out;
}


/** OpenClaw labels an MCP tool with its title, else its raw tool name. */
export function openClawLabel(tool: CatalogTool): string | undefined {
  return tool.label ?? (tool.source === 'mcp' ? tool.rawName : undefined);
}

/** The indexed terms of one tool, as OpenClaw's tokenizer reads its entry text. */
export function entryTerms(tool: CatalogTool, id = openClawId(tool)): string[] {
  const terms: string[] = [];
  // Names and ids are unique: tokenized as they come. Other texts often repeat, and are memoized.
  appendDocumentTerms(tool.name, terms);
  appendDocumentTerms(id, terms);
  const repeated = [openClawLabel(tool) ?? '', tool.description];
  if (tool.source === 'openclaw') {
    repeated.push(...parameterText(tool.parameters));
  }
  for (const piece of repeated) {
    for (const t of pieceTerms(piece)) {
      terms.push(t);
    }
  }
  return terms;
}
