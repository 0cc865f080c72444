import type { CatalogTool, ToolDefinition } from '../types';

/**
 * OpenClaw adjusts some of its tools' texts to the other tools the run has
 * (`applyToolAvailabilityDescriptions`, after its policy filter): with
 * `agents_list` denied, `sessions_spawn` no longer says "(see agents_list)".
 * The texts per combination are generated (`ToolDefinition.availability`);
 * this picks each tool's by the tools the catalog allows, whatever their
 * source (OpenClaw's set holds every tool of the run).
 */
export function applyAvailabilityTexts(tools: readonly CatalogTool[], defOf: ReadonlyMap<CatalogTool, ToolDefinition>): void {
  const present = new Set(tools.filter((t) => t.status !== 'excluded').map((t) => t.name));
  for (const tool of tools) {
    const availability = defOf.get(tool)?.availability;
    if (!availability) {
      continue;
    }
    const key = availability.vars.map((v) => (present.has(v) ? '1' : '0')).join('');
    const text = availability.variants[key];
    if (text) {
      tool.description = text.description;
      if (text.parameters) {
        tool.parameters = text.parameters;
      }
    }
  }
}
