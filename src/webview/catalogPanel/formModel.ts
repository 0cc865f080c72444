// The "Try it" form's model: fields generated from a tool's input schema,
// and the arguments object they edit. Pure (no DOM). Anything the form cannot
// represent faithfully ($ref, anyOf, tuples, mixed types) becomes a raw JSON
// field: the form never guesses a shape. The gateway validates the result
// with the tool's real schema; this model only shapes what is typed.

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'object' | 'array' | 'json';

export interface FormField {
  kind: FieldKind;
  /** Property name (empty for the root and array items). */
  key: string;
  required: boolean;
  description?: string;
  /** The schema's `default`, when it has one. */
  default?: unknown;
  /** For `enum`: the allowed values (any JSON), shown as a picker. */
  options?: unknown[];
  /** For `object`: its properties, required ones first. */
  properties?: FormField[];
  /** For `array`: the shape of each item. */
  items?: FormField;
}

type Schema = Record<string, unknown>;

function isSchema(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The one JSON type a schema names, ignoring `null` in a union; undefined when it is not one type. */
function singleType(s: Schema): string | undefined {
  if (typeof s.type === 'string') {
    return s.type;
  }
  if (Array.isArray(s.type)) {
    const real = s.type.filter((t) => t !== 'null');
    return real.length === 1 && typeof real[0] === 'string' ? real[0] : undefined;
  }
  if (isSchema(s.properties)) {
    return 'object';
  }
  if (s.items !== undefined) {
    return 'array';
  }
  return undefined;
}

/** Depth past which nested objects are edited as raw JSON (bounded by hostile schemas too). */
const MAX_DEPTH = 6;

/** The form field for `schema`. */
export function fieldOf(schema: unknown, key = '', required = false, depth = 0): FormField {
  const s = isSchema(schema) ? schema : {};
  const base: FormField = {
    kind: 'json',
    key,
    required,
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    ...('default' in s ? { default: s.default } : {}),
  };
  if (depth > MAX_DEPTH || '$ref' in s || 'anyOf' in s || 'oneOf' in s || 'allOf' in s) {
    return base;
  }
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    return { ...base, kind: 'enum', options: s.enum };
  }
  if ('const' in s) {
    return { ...base, kind: 'enum', options: [s.const] };
  }
  const type = singleType(s);
  switch (type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return { ...base, kind: type };
    case 'array':
      if (!isSchema(s.items)) {
        return base;
      }
      return { ...base, kind: 'array', items: fieldOf(s.items, '', true, depth + 1) };
    case 'object': {
      const props = isSchema(s.properties) ? s.properties : {};
      const req = new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []);
      const fields = Object.entries(props).map(([k, v]) => fieldOf(v, k, req.has(k), depth + 1));
      // Free-form objects (no properties listed) are edited as JSON.
      if (fields.length === 0 && s.additionalProperties !== false) {
        return base;
      }
      fields.sort((a, b) => Number(b.required) - Number(a.required));
      return { ...base, kind: 'object', properties: fields };
    }
    default:
      return base;
  }
}

/** The form of a tool: its input schema's root (an object, by the tool contract). */
export function formOf(parameters: unknown): FormField {
  const f = fieldOf(parameters, '', true);
  return f.kind === 'object' ? f : { kind: 'object', key: '', required: true, properties: [] };
}

/** A value to start an item or an empty required field with. */
export function emptyValue(f: FormField): unknown {
  if (f.default !== undefined) {
    return structuredClone(f.default);
  }
  switch (f.kind) {
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'enum':
      return f.options?.[0];
    case 'object':
      return initialArgs(f);
    case 'array':
      return [];
    default:
      return undefined;
  }
}

/**
 * The arguments a fresh form (or a new array item) starts with: defaults
 * where the schema has them, required nested objects filled the same way,
 * and required arrays empty, so an empty list (`observations: []`) is sent as
 * one rather than left out and refused as missing. Optional fields without a
 * default are left out, as a model would leave them.
 */
export function initialArgs(form: FormField): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of form.properties ?? []) {
    if (p.default !== undefined) {
      out[p.key] = structuredClone(p.default);
    } else if (p.required && p.kind === 'object') {
      out[p.key] = initialArgs(p);
    } else if (p.required && p.kind === 'array') {
      out[p.key] = [];
    }
  }
  return out;
}

export type PathKey = string | number;

/** The value at `path` in `root`. */
export function getAt(root: unknown, path: readonly PathKey[]): unknown {
  let v: unknown = root;
  for (const k of path) {
    if (typeof v !== 'object' || v === null) {
      return undefined;
    }
    v = (v as Record<PathKey, unknown>)[k];
  }
  return v;
}

/**
 * `root` with the value at `path` set (undefined removes an object key),
 * creating objects and arrays on the way. Returns a new root; `root` is not changed.
 */
export function setAt(root: Record<string, unknown>, path: readonly PathKey[], value: unknown): Record<string, unknown> {
  const set = (node: unknown, i: number): unknown => {
    const k = path[i];
    if (k === undefined) {
      return value;
    }
    if (typeof k === 'number') {
      const arr = Array.isArray(node) ? [...node] : [];
      arr[k] = set(arr[k], i + 1);
      return arr;
    }
    const obj: Record<string, unknown> = typeof node === 'object' && node !== null && !Array.isArray(node) ? { ...(node as Record<string, unknown>) } : {};
    const next = set(obj[k], i + 1);
    if (next === undefined) {
      delete obj[k];
    } else {
      obj[k] = next;
    }
    return obj;
  };
  return set(root, 0) as Record<string, unknown>;
}

/** `root` with the array item at `path` removed. */
export function removeAt(root: Record<string, unknown>, path: readonly PathKey[]): Record<string, unknown> {
  const index = path[path.length - 1];
  const parent = getAt(root, path.slice(0, -1));
  if (typeof index !== 'number' || !Array.isArray(parent)) {
    return root;
  }
  return setAt(root, path.slice(0, -1), parent.filter((_, i) => i !== index));
}

/**
 * What a typed text means for a field: numbers parsed (an unparsable one is
 * kept as typed, so the gateway's check names the problem), an empty optional
 * value removed.
 */
export function parseInput(f: FormField, text: string): unknown {
  if (text === '' && !f.required) {
    return undefined;
  }
  if (f.kind === 'number' || f.kind === 'integer') {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) ? n : text;
  }
  return text;
}

/** Required properties missing from `args` (the one thing the form can say before the gateway does). */
export function missingRequired(form: FormField, args: unknown, prefix = ''): string[] {
  const out: string[] = [];
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return out;
  }
  const obj = args as Record<string, unknown>;
  for (const p of form.properties ?? []) {
    const name = prefix ? `${prefix}.${p.key}` : p.key;
    if (p.required && (obj[p.key] === undefined || obj[p.key] === '')) {
      out.push(name);
    } else if (p.kind === 'object' && obj[p.key] !== undefined) {
      out.push(...missingRequired(p, obj[p.key], name));
    }
  }
  return out;
}
