import type { Diagnostic, SourceLocation, ToolDefinition } from '../types';
import { assignQualifiedNames, assignSafeServerNames, LETTER_FIRST, safeToolName, type McpNameRule } from './mcpNames';
import { defectText, type DefinitionDefect } from '../reasons';
import { readToolDefinition } from './toolShape';
import type { McpUtilityTool } from './generatedTools';

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
  /** The server's `toolFilter` on a raw tool name (sources/mcp/toolFilter.ts): why it is filtered out, if it is. */
  toolFilter?: (rawName: string) => DefinitionDefect | undefined;
  /**
   * What the server offers besides tools (its `initialize` capabilities), and
   * the modelled version's utility tools for them: OpenClaw adds
   * `<server>__resources_list` / `resources_read` for a server with resources
   * and `prompts_list` / `prompts_get` for one with prompts, each subject to
   * the toolFilter on the operation name.
   */
  utilities?: { capabilities: { resources: boolean; prompts: boolean }; tools: readonly McpUtilityTool[] };
  /** The modelled release's name sanitizing (default: 2026.5.12 on). */
  nameRule?: McpNameRule;
}

/** The raw name OpenClaw counts and filters: the listed name, trimmed. */
function listedName(raw: unknown): string | undefined {
  const name = raw !== null && typeof raw === 'object' ? (raw as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined;
}

/** `_meta.ui.visibility` as OpenClaw normalizes it (`normalizeToolUiVisibility`): known values, sorted, once each. */
function uiVisibility(raw: unknown): string[] | undefined {
  const meta = raw !== null && typeof raw === 'object' ? (raw as { _meta?: unknown })._meta : undefined;
  const ui = meta !== null && typeof meta === 'object' ? (meta as { ui?: unknown }).ui : undefined;
  const visibility = ui !== null && typeof ui === 'object' && !Array.isArray(ui) ? (ui as { visibility?: unknown }).visibility : undefined;
  if (!Array.isArray(visibility)) {
    return undefined;
  }
  return [...new Set(visibility.filter((v): v is string => v === 'app' || v === 'model'))].sort();
}

function taskRequired(raw: unknown): boolean {
  const execution = raw !== null && typeof raw === 'object' ? (raw as { execution?: unknown }).execution : undefined;
  return execution !== null && typeof execution === 'object' && (execution as { taskSupport?: unknown }).taskSupport === 'required';
}

/**
 * Turns an MCP `tools/list` result (live or from a snapshot) into tool
 * definitions as OpenClaw's bundle MCP builds them: model-facing
 * `<server>__<tool>` names, the raw name kept for ids and calls, the label
 * the tool's title or else its raw name, the description sanitized and cut
 * (or a fallback naming the server). What OpenClaw leaves out is kept with
 * its reason, in OpenClaw's order: a name listed more than once (every copy)
 * and task-only tools (`normalizeMcpToolCatalog`), then the server's
 * `toolFilter`, then MCP App tools (`buildBundleMcpToolsFromCatalog`); bad
 * schemas are excluded with a diagnostic.
 */
export function mcpToolDefinitions(server: string, rawTools: readonly unknown[], origin: SourceLocation, diagnostics: Diagnostic[], options: McpToolOptions = {}): ToolDefinition[] {
  const rule = options.nameRule ?? LETTER_FIRST;
  const safeServer = options.safeServer ?? assignSafeServerNames([server], rule).get(server) ?? server;
  const launch = options.launch ?? server;
  const out: ToolDefinition[] = [];
  const valid: { raw: string; def: ToolDefinition }[] = [];
  const counts = new Map<string, number>();
  for (const raw of rawTools) {
    const name = listedName(raw);
    if (name !== undefined) {
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  const leftOut = (raw: unknown, name: string, defect: DefinitionDefect): void => {
    const description = (raw as { description?: unknown }).description;
    const def: ToolDefinition = { source: 'mcp', owner: server, name: safeToolName(safeServer, name, new Set(), rule), rawName: name, description: typeof description === 'string' ? description : '', origin, invalid: defect };
    if (safeServer !== server) {
      def.modelOwner = safeServer;
    }
    out.push(def);
  };
  const reported = new Set<string>();
  rawTools.forEach((raw, i) => {
    const name = listedName(raw);
    if (name !== undefined) {
      const copies = counts.get(name) ?? 0;
      const early: DefinitionDefect | undefined = copies > 1 ? { kind: 'duplicate', copies } : taskRequired(raw) ? { kind: 'mcp-task-required' } : options.toolFilter?.(name);
      if (early) {
        if (early.kind === 'duplicate' && !reported.has(name)) {
          reported.add(name);
          diagnostics.push({ ...origin, severity: 'error', message: `${defectText(early, { source: 'mcp', owner: server, name })}; excluded` });
        }
        leftOut(raw, name, early);
        return;
      }
    }
    const { def, problem } = readToolDefinition(raw, 'mcp', server, origin);
    if (problem || !def) {
      diagnostics.push({ ...origin, severity: 'error', message: `MCP server "${server}": tool #${i + 1}: ${problem}; excluded` });
      if (def) {
        out.push(def);
      }
      return;
    }
    const visibility = uiVisibility(raw);
    if (visibility !== undefined && !visibility.includes('model')) {
      leftOut(raw, def.name, { kind: 'mcp-app-only', visibility });
      return;
    }
    const title = raw !== null && typeof raw === 'object' ? (raw as { title?: unknown }).title : undefined;
    def.label = typeof title === 'string' && title.trim() !== '' ? title : def.name;
    const written = def.description.trim();
    def.description = sanitizeMcpDescription(def.description) ?? mcpFallbackDescription(server, launch);
    if (written.length > MCP_DESCRIPTION_MAX) {
      def.descriptionCut = { from: written.length, to: def.description.length };
    }
    valid.push({ raw: def.name, def });
  });
  const { names, renamed } = assignQualifiedNames(safeServer, valid.map((v) => v.raw), new Set(), rule);
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
  out.push(...mcpUtilityDefinitions(server, safeServer, origin, options, new Set([...names.values()].map((n) => n.toLowerCase())), new Set(valid.map((v) => v.raw))));
  return out;
}

/**
 * The utility tools of one server, after its listed tools (their names are
 * reserved first, as `buildBundleMcpToolsFromCatalog` reserves them), texts
 * from the generated data with the server's name filled in. The raw name is
 * the operation, unless the server lists a tool of that name: then the
 * model-facing name, so that ids stay apart.
 */
function mcpUtilityDefinitions(server: string, safeServer: string, origin: SourceLocation, options: McpToolOptions, taken: Set<string>, listed: ReadonlySet<string>): ToolDefinition[] {
  const u = options.utilities;
  if (!u) {
    return [];
  }
  const out: ToolDefinition[] = [];
  // OpenClaw's order: resources_list, resources_read, prompts_list, prompts_get.
  const order = ['resources_list', 'resources_read', 'prompts_list', 'prompts_get'];
  for (const t of [...u.tools].sort((a, b) => order.indexOf(a.operation) - order.indexOf(b.operation))) {
    if (!u.capabilities[t.capability]) {
      continue;
    }
    const name = safeToolName(safeServer, t.operation, taken, options.nameRule);
    taken.add(name.toLowerCase());
    const fill = (text: string): string => text.split('{{serverName}}').join(server);
    const def: ToolDefinition = {
      source: 'mcp',
      owner: server,
      name,
      rawName: listed.has(t.operation) ? name : t.operation,
      label: t.label,
      description: fill(t.description),
      parameters: JSON.parse(fill(JSON.stringify(t.parameters))) as ToolDefinition['parameters'],
      origin,
      mcpOperation: t.operation,
    };
    if (safeServer !== server) {
      def.modelOwner = safeServer;
    }
    const filtered = options.toolFilter?.(t.operation);
    if (filtered) {
      def.invalid = filtered;
    }
    out.push(def);
  }
  return out;
}
