import type { Diagnostic, SourceLocation, ToolDefinition } from '../types';
import { assignQualifiedNames, assignSafeServerNames } from './mcpNames';
import { defectText } from '../reasons';
import { readToolDefinition } from './toolShape';

/** Longest MCP description kept (OpenClaw's `MCP_METADATA_TEXT_LIMIT`); longer ones are cut and end in `...`. */
export const MCP_DESCRIPTION_MAX = 1200;

const REDACTED = '[redacted MCP metadata instruction]';

/**
 * An MCP tool's description as OpenClaw keeps it (`sanitizeMcpMetadataText`):
 * trimmed, instructions aimed at the model ("ignore previous instructions")
 * redacted, at most 1,200 UTF-16 units (never half a surrogate pair) plus
 * `...`. Undefined when nothing is left, so the fallback text applies.
 */
export function sanitizeMcpDescription(raw: unknown): string | undefined {
  if (typeof raw !== 'string') {
    return undefined;
  }
  const trimmed = raw.trim();
  if (trimmed === '') {
    return undefined;
  }
  const scrubbed = trimmed
    .replace(/ignore\s+(?:all\s+)?(?:previous|prior|above)\s+instructions/gi, REDACTED)
    .replace(/disregard\s+(?:all\s+)?(?:previous|prior|above)\s+instructions/gi, REDACTED)
    .replace(/system\s+prompt/gi, 'system prompt');
  if (scrubbed.length <= MCP_DESCRIPTION_MAX) {
    return scrubbed;
  }
  let end = MCP_DESCRIPTION_MAX;
  const last = scrubbed.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) {
    end--;
  }
  return `${scrubbed.slice(0, end)}...`;
}

/** OpenClaw's description of a tool that has none (`agent-bundle-mcp-runtime`), naming its server and how it is reached. */
export function mcpFallbackDescription(server: string, launch: string): string {
  return `Provided by bundle MCP server "${server}" (${launch}).`;
}

export interface McpToolOptions {
  /** The server part of model-facing names (collisions among servers already resolved); default from the server name. */
  safeServer?: string;
  /** How the server is reached (`command args`, a URL, a snapshot), for the fallback description. */
  launch?: string;
}

/**
 * Turns an MCP `tools/list` result (live or from a snapshot) into tool
 * definitions as OpenClaw's bundle MCP builds them: model-facing
 * `<server>__<tool>` names, the raw name kept for ids and calls, the label
 * the tool's title or else its raw name, the description sanitized and cut
 * (or a fallback naming the server). Bad schemas and duplicates are
 * excluded with a diagnostic.
 */
export function mcpToolDefinitions(server: string, rawTools: readonly unknown[], origin: SourceLocation, diagnostics: Diagnostic[], options: McpToolOptions = {}): ToolDefinition[] {
  const safeServer = options.safeServer ?? assignSafeServerNames([server]).get(server) ?? server;
  const launch = options.launch ?? server;
  const out: ToolDefinition[] = [];
  const valid: { raw: string; def: ToolDefinition }[] = [];
  const seen = new Set<string>();
  rawTools.forEach((raw, i) => {
    const { def, problem } = readToolDefinition(raw, 'mcp', server, origin);
    if (problem || !def) {
      diagnostics.push({ ...origin, severity: 'error', message: `MCP server "${server}": tool #${i + 1}: ${problem}; excluded` });
      if (def) {
        out.push(def);
      }
      return;
    }
    if (seen.has(def.name)) {
      def.invalid = { kind: 'duplicate' };
      diagnostics.push({ ...origin, severity: 'error', message: `${defectText(def.invalid, def)}; the later one is excluded` });
      out.push(def);
      return;
    }
    seen.add(def.name);
    const title = raw !== null && typeof raw === 'object' ? (raw as { title?: unknown }).title : undefined;
    def.label = typeof title === 'string' && title.trim() !== '' ? title : def.name;
    def.description = sanitizeMcpDescription(def.description) ?? mcpFallbackDescription(server, launch);
    valid.push({ raw: def.name, def });
  });
  const { names, renamed } = assignQualifiedNames(safeServer, valid.map((v) => v.raw));
  for (const r of renamed) {
    diagnostics.push({ ...origin, severity: 'info', message: `MCP server "${server}": ${r}` });
  }
  for (const v of valid) {
    v.def.name = names.get(v.raw) ?? v.def.name;
    if (safeServer !== server) {
      v.def.modelOwner = safeServer;
    }
    out.push(v.def);
  }
  return out;
}
