import type { JsonSchema, SourceLocation, ToolDefinition, ToolSourceKind } from '../types';
import { visibleText } from '../util/visibleText';

export interface ToolShape {
  name: string;
  label?: string;
  description: string;
  parameters?: JsonSchema;
  outputSchema?: JsonSchema;
  catalogMode?: 'default' | 'direct-only';
  /** MCP tool annotations (hints such as `readOnlyHint`), scalar values only. */
  annotations?: Record<string, string | number | boolean>;
}

export type ShapeResult = { ok: true; tool: ToolShape } | { ok: false; name?: string; problem: string };

/** Tool names the model can call: what providers accept for function names. */
const NAME_RE = /^[A-Za-z0-9_.:-]{1,128}$/;
/**
 * MCP raw names only need to be text: the model sees a sanitized
 * `<server>__<tool>` (OpenClaw never drops a tool for its raw name). Control
 * characters and very long names are still refused, since ids carry them.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const MCP_RAW_NAME_RE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]{1,256}$/;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Checks a schema that a model will be given. Untrusted: it must be an object
 * schema (or absent), without cycles, of bounded depth.
 */
export function schemaProblem(schema: unknown, what = 'input schema'): string | undefined {
  if (schema === undefined) {
    return undefined;
  }
  if (!isObject(schema)) {
    return `${what} must be a JSON Schema object`;
  }
  if (schema.type !== undefined && schema.type !== 'object') {
    return `${what} must have type "object", got ${JSON.stringify(schema.type)}`;
  }
  if (schema.properties !== undefined && !isObject(schema.properties)) {
    return `${what}.properties must be an object`;
  }
  if (schema.required !== undefined && (!Array.isArray(schema.required) || schema.required.some((r) => typeof r !== 'string'))) {
    return `${what}.required must be an array of strings`;
  }
  let depth = 0;
  const seen = new Set<unknown>();
  const walk = (v: unknown, d: number): string | undefined => {
    if (d > 32) {
      return `${what} is nested deeper than 32 levels`;
    }
    depth = Math.max(depth, d);
    if (v !== null && typeof v === 'object') {
      if (seen.has(v)) {
        return `${what} is cyclic`;
      }
      seen.add(v);
      for (const x of Object.values(v)) {
        const p = walk(x, d + 1);
        if (p) {
          return p;
        }
      }
      seen.delete(v);
    }
    return undefined;
  };
  return walk(schema, 0);
}

/**
 * Reads a tool in any of the shapes users hand us: plugin/client
 * `{name, description, parameters}`, OpenAI `{type: "function", function: {...}}`
 * or MCP `{name, description, inputSchema}`. Never throws.
 */
export function readToolShape(raw: unknown, nameRule: 'function' | 'mcp-raw' = 'function', opts: { trimName?: boolean } = {}): ShapeResult {
  if (!isObject(raw)) {
    return { ok: false, problem: 'a tool must be an object' };
  }
  let t: Record<string, unknown> = raw;
  if (raw.type === 'function' && isObject(raw.function)) {
    t = raw.function;
  }
  const name = opts.trimName === true && typeof t.name === 'string' ? t.name.trim() : t.name;
  if (typeof name !== 'string' || name.trim() === '') {
    return { ok: false, problem: 'tool has no name' };
  }
  if (nameRule === 'mcp-raw' ? !MCP_RAW_NAME_RE.test(name) : !NAME_RE.test(name)) {
    const rule = nameRule === 'mcp-raw' ? 'no control characters, at most 256' : 'letters, digits, _ . : -, at most 128';
    return { ok: false, name: name.slice(0, 256), problem: `tool name "${visibleText(name.slice(0, 80))}" is not a valid ${nameRule === 'mcp-raw' ? 'MCP tool name' : 'function name'} (${rule})` };
  }
  const description = t.description ?? '';
  if (typeof description !== 'string') {
    return { ok: false, name, problem: `tool "${visibleText(name)}" description must be a string` };
  }
  const parameters = t.parameters ?? t.inputSchema ?? t.input_schema;
  const problem = schemaProblem(parameters);
  if (problem) {
    return { ok: false, name, problem: `tool "${visibleText(name)}" ${problem}` };
  }
  const outputSchema = isObject(t.outputSchema) ? t.outputSchema : undefined;
  const catalogMode = t.catalogMode === 'direct-only' ? 'direct-only' : 'default';
  if (t.catalogMode !== undefined && t.catalogMode !== 'direct-only' && t.catalogMode !== 'default') {
    return { ok: false, name, problem: `tool "${visibleText(name)}" catalogMode must be "default" or "direct-only"` };
  }
  const label = typeof t.label === 'string' ? t.label : typeof t.title === 'string' ? t.title : undefined;
  const annotations = scalarAnnotations(t.annotations);
  return {
    ok: true,
    tool: { name, label, description, parameters: parameters as JsonSchema | undefined, outputSchema, catalogMode, ...(annotations ? { annotations } : {}) },
  };
}

/** MCP annotations are hints for people (and the inspector shows them): scalar values, bounded, nothing nested. */
function scalarAnnotations(v: unknown): Record<string, string | number | boolean> | undefined {
  if (!isObject(v)) {
    return undefined;
  }
  const out: Record<string, string | number | boolean> = {};
  for (const [k, x] of Object.entries(v).slice(0, 32)) {
    if (typeof x === 'boolean' || typeof x === 'number') {
      out[k.slice(0, 64)] = x;
    } else if (typeof x === 'string') {
      out[k.slice(0, 64)] = x.slice(0, 256);
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export interface ReadDefinition {
  /** Undefined only when the tool has no usable name at all. */
  def?: ToolDefinition;
  /** Why the tool is unusable (also set as `def.invalid`), for the diagnostic. */
  problem?: string;
}

/**
 * Reads one raw tool into a definition of `source`/`owner`. An unusable tool
 * that still has a name comes back marked `invalid`, so the catalog can show
 * it as excluded with the reason instead of losing it.
 */
export function readToolDefinition(raw: unknown, source: ToolSourceKind, owner: string, origin: SourceLocation): ReadDefinition {
  // MCP tools keep their raw name for ids and calls; they cannot ask to be direct-only.
  const mcp = source === 'mcp';
  // Client tool names are trimmed, as OpenClaw trims them before its conflict check
  // (`findClientToolNameConflicts`): " github__ability " clashes with the MCP tool.
  const shape = readToolShape(raw, mcp ? 'mcp-raw' : 'function', { trimName: source === 'client' });
  if (!shape.ok) {
    const def: ToolDefinition | undefined = shape.name
      ? { source, owner, name: shape.name, rawName: mcp ? shape.name : undefined, description: '', origin, invalid: { kind: 'bad-shape', problem: shape.problem } }
      : undefined;
    return { def, problem: shape.problem };
  }
  const t = shape.tool;
  return {
    def: {
      source,
      owner,
      name: t.name,
      rawName: mcp ? t.name : undefined,
      label: t.label,
      description: t.description,
      parameters: t.parameters ?? { type: 'object', properties: {} },
      outputSchema: t.outputSchema,
      catalogMode: mcp ? undefined : t.catalogMode,
      ...(t.annotations ? { annotations: t.annotations } : {}),
      origin,
    },
  };
}
