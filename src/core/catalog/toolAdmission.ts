import type { ToolDefinition } from '../types';
import { boundValue } from '../util/boundedValue';
import { characterLabel, visibleText } from '../util/visibleText';

/**
 * OpenClaw's function-name rule: what every provider accepts as a tool name.
 * It also keeps names apart from ids: a name can never hold the `:` of
 * `${source}:${owner}:${name}`, so no tool can answer to another tool's id.
 */
export const TOOL_NAME_RULE = /^[A-Za-z0-9_-]{1,64}$/;

/** Largest input or output schema, in compact JSON characters, the catalog admits. */
export const MAX_SCHEMA_CHARS = 512_000;

/** Why a model-facing tool name is refused, or undefined when it fits the rule. */
export function nameProblem(name: string): string | undefined {
  if (TOOL_NAME_RULE.test(name)) {
    return undefined;
  }
  // Quoted, with hidden characters visibly escaped: the message is read by people.
  const shown = `"${visibleText(name.length > 80 ? `${name.slice(0, 80)}…` : name)}"`;
  if (name.length === 0 || name.length > 64) {
    return `tool name ${shown} is ${name.length} characters; names are 1 to 64 characters of A-Z, a-z, 0-9, _ and -`;
  }
  const bad = [...new Set([...name].filter((c) => !/[A-Za-z0-9_-]/.test(c)))]
    .map((c) => (visibleText(c) === c ? JSON.stringify(c) : characterLabel(c.codePointAt(0) ?? 0)))
    .join(', ');
  const idLike = name.includes(':') ? ' (a name with ":" could pass for a tool id)' : '';
  return `tool name ${shown} has characters outside A-Z, a-z, 0-9, _ and -: ${bad}${idLike}`;
}

/**
 * Why a definition cannot enter the catalog at all, checked on its
 * model-facing name (after MCP sanitizing) and on the size of its schemas,
 * which are untrusted: search indexes them, describe and previews print them.
 */
/**
 * Names of Tool Search's own control tools where the modelled release has
 * none of its own (the product's Tool Search, before 2026.5.12). OpenClaw
 * never catalogs a tool that carries a control tool's name
 * (`shouldCatalogTool`); we refuse it with the reason. A release's own names
 * come from its model (`releaseControlToolNames`).
 */
export const CONTROL_TOOL_NAMES: ReadonlySet<string> = new Set(['tool_search', 'tool_describe', 'tool_call', 'tool_search_code']);

export function admissionProblem(def: Pick<ToolDefinition, 'name' | 'parameters' | 'outputSchema'>, controlNames: ReadonlySet<string> = CONTROL_TOOL_NAMES): string | undefined {
  const named = nameProblem(def.name);
  if (named) {
    return named;
  }
  if (controlNames.has(def.name)) {
    return `the name "${def.name}" belongs to a Tool Search control tool`;
  }
  for (const [label, schema] of [['input schema', def.parameters], ['output schema', def.outputSchema]] as const) {
    if (schema === undefined) {
      continue;
    }
    const b = boundValue(schema, { maxJsonChars: MAX_SCHEMA_CHARS });
    if (!b.ok) {
      return `its ${label} is refused: ${b.problem}`;
    }
  }
  return undefined;
}
