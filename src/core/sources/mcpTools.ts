import type { Diagnostic, SourceLocation, ToolDefinition } from '../types';
import { assignQualifiedNames } from './mcpNames';
import { readToolDefinition } from './toolShape';

/**
 * Turns an MCP `tools/list` result (live or from a snapshot) into tool
 * definitions: model-visible `<server>__<tool>` names, raw names kept for ids
 * and calls, bad schemas and duplicates excluded with a diagnostic.
 */
export function mcpToolDefinitions(server: string, rawTools: readonly unknown[], origin: SourceLocation, diagnostics: Diagnostic[]): ToolDefinition[] {
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
    const t = def;
    if (seen.has(t.name)) {
      def.invalid = `duplicate tool name "${t.name}" listed by MCP server "${server}"`;
      diagnostics.push({ ...origin, severity: 'error', message: `${def.invalid}; the later one is excluded` });
      out.push(def);
      return;
    }
    seen.add(t.name);
    valid.push({ raw: t.name, def });
  });
  const { names, collisions } = assignQualifiedNames(server, valid.map((v) => v.raw));
  for (const c of collisions) {
    diagnostics.push({ ...origin, severity: 'warning', message: `MCP server "${server}": name collision: ${c}` });
  }
  for (const v of valid) {
    v.def.name = names.get(v.raw) ?? v.def.name;
    out.push(v.def);
  }
  return out;
}
