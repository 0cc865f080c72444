import type { JsonSchema } from '../types';

/**
 * What an input schema contributes to search and to compact hits. Schemas
 * from MCP servers and clients are untrusted: every read checks the shape,
 * depth and size, and nothing here throws on odd input.
 */

const MAX_DEPTH = 4;
const MAX_PROPERTIES = 200;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function propertiesOf(schema: Record<string, unknown>): [string, Record<string, unknown>][] {
  const props = schema.properties;
  if (!isObject(props)) {
    return [];
  }
  return Object.entries(props)
    .filter((e): e is [string, Record<string, unknown>] => isObject(e[1]))
    .slice(0, MAX_PROPERTIES);
}

/** Sub-schemas a parameter's own parameters live in: nested objects, array items, unions. */
function children(schema: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [schema];
  if (isObject(schema.items)) {
    out.push(schema.items);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) {
      out.push(...list.filter(isObject));
    }
  }
  return out;
}

/**
 * Parameter names and descriptions, nested objects included down to depth 4,
 * apart (names rank differently from prose).
 */
export function parameterText(schema: JsonSchema | undefined): { names: string[]; descriptions: string[] } {
  const names: string[] = [];
  const descriptions: string[] = [];
  const visit = (s: Record<string, unknown>, depth: number): void => {
    if (depth > MAX_DEPTH) {
      return;
    }
    for (const container of children(s)) {
      for (const [name, prop] of propertiesOf(container)) {
        names.push(name);
        if (typeof prop.description === 'string') {
          descriptions.push(prop.description);
        }
        visit(prop, depth + 1);
      }
    }
  };
  if (isObject(schema)) {
    visit(schema, 1);
  }
  return { names, descriptions };
}

function typeName(prop: Record<string, unknown>, depth = 0): string {
  if (Array.isArray(prop.enum) && prop.enum.length > 0 && prop.enum.length <= 4 && prop.enum.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return prop.enum.map((v) => JSON.stringify(v)).join(' | ');
  }
  if (prop.const !== undefined && (typeof prop.const === 'string' || typeof prop.const === 'number')) {
    return JSON.stringify(prop.const);
  }
  const t = prop.type;
  if (Array.isArray(t)) {
    const names = t.filter((x): x is string => typeof x === 'string');
    return names.length > 0 ? names.join(' | ') : 'any';
  }
  if (t === 'array') {
    const item = isObject(prop.items) && depth < 2 ? typeName(prop.items, depth + 1) : 'any';
    return item.includes(' ') ? `(${item})[]` : `${item}[]`;
  }
  if (typeof t === 'string') {
    return t;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = prop[key];
    if (Array.isArray(list) && depth < 2) {
      const parts = [...new Set(list.filter(isObject).map((s) => typeName(s, depth + 1)))];
      if (parts.length > 0) {
        return parts.join(' | ');
      }
    }
  }
  return isObject(prop.properties) ? 'object' : 'any';
}

const SAFE_NAME = /[^\p{L}\p{N}_.$-]/gu;

/**
 * A one-line signature of the top-level parameters, required ones first:
 * `(owner: string, repo: string, title: string, body?: string)`. Bounded to
 * `max` characters; parameters that do not fit are summarized as `…`.
 */
export function signature(schema: JsonSchema | undefined, max = 200): string {
  if (!isObject(schema)) {
    return '()';
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  const props = propertiesOf(schema);
  const ordered = [...props.filter(([n]) => required.has(n)), ...props.filter(([n]) => !required.has(n))];
  const parts: string[] = [];
  let length = 2;
  for (let i = 0; i < ordered.length; i++) {
    const [rawName, prop] = ordered[i] as [string, Record<string, unknown>];
    const name = rawName.replace(SAFE_NAME, '_').slice(0, 64);
    const part = `${name}${required.has(rawName) ? '' : '?'}: ${typeName(prop).slice(0, 60)}`;
    const extra = (parts.length > 0 ? 2 : 0) + part.length;
    // Keep room for the ", …" marker when more parameters follow.
    const reserve = i < ordered.length - 1 ? 3 : 0;
    if (length + extra + reserve > max) {
      parts.push('…');
      break;
    }
    parts.push(part);
    length += extra;
  }
  return `(${parts.join(', ')})`;
}
