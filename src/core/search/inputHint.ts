/**
 * OpenClaw's compact schema hints (`compactToolInputHint`,
 * `compactToolOutputHint` and `compactSchemaType` in
 * `src/agents/tool-schema-hints.ts`): a TypeScript-like one-liner such as
 * `{ owner: string; repo: string; body?: string; labels?: Array<string> }`.
 * Required keys come first, then optional ones, each group in locale order;
 * numbers carry their bounds as a comment; shapes the hint cannot express
 * faithfully say `unknown` or end in `; ...`.
 *
 * Every limit and rendering rule is OpenClaw's, so that a hit's `input` is
 * byte-for-byte what OpenClaw would send. Schemas may be untrusted (MCP,
 * clients): nothing here throws, and depth, keys and length are bounded.
 */

interface Hint {
  text: string;
  /** The text states the whole schema (no `unknown`, no `...`). */
  complete: boolean;
}

interface Limits {
  maxChars: number;
  maxDepth: number;
  maxProperties: number;
  /** Input hints show numeric bounds (`/* integer, >= 1 *\/`); output hints do not. */
  numericBounds: boolean;
}

const INPUT_LIMITS: Limits = { maxChars: 300, maxDepth: 4, maxProperties: 16, numericBounds: true };
const OUTPUT_LIMITS: Limits = { maxChars: 800, maxDepth: 6, maxProperties: 22, numericBounds: false };
const MAX_ENUM_VALUES = 8;
const MAX_ENUM_CHARS = 96;
const MAX_UNION_TYPES = 5;
const MAX_KEY_CHARS = 128;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/u;
const NUMERIC_BOUNDS: readonly (readonly [string, string])[] = [
  ['minimum', '>='],
  ['maximum', '<='],
  ['exclusiveMinimum', '>'],
  ['exclusiveMaximum', '<'],
];
/** Keywords whose meaning a hint cannot carry: a hint of such a schema is never complete. */
const INEXPRESSIBLE = [
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'allOf',
  'patternProperties',
  'unevaluatedProperties',
  'dependentSchemas',
  'dependencies',
  'if',
  'then',
  'else',
  'prefixItems',
  'unevaluatedItems',
] as const;
/** A union keyword beside one of these is not a plain union. */
const UNION_CONFLICTS = ['const', 'enum', 'type', 'properties', 'required', 'additionalProperties', 'items'] as const;

const UNKNOWN: Hint = { text: 'unknown', complete: false };
// Key order as OpenClaw sorts it: `localeCompare` with the default locale.
const collator = new Intl.Collator();

type Schema = Record<string, unknown>;

function isRecord(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function has(schema: Schema, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(schema, key);
}

function complete(text: string): Hint {
  return { text, complete: true };
}

function hasInexpressible(schema: Schema): boolean {
  return INEXPRESSIBLE.some((k) => has(schema, k));
}

function literal(value: unknown): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
    return JSON.stringify(value);
  }
  return undefined;
}

function literalUnion(values: unknown): Hint | undefined {
  if (!Array.isArray(values) || values.length === 0 || values.length > MAX_ENUM_VALUES) {
    return undefined;
  }
  const rendered: string[] = [];
  for (const v of values) {
    const r = literal(v);
    if (r === undefined) {
      return undefined;
    }
    rendered.push(r);
  }
  const text = [...new Set(rendered)].join(' | ');
  return text.length <= MAX_ENUM_CHARS ? complete(text) : undefined;
}

/** `nullable: true` (OpenAPI) read as a union with `null`; undefined when `nullable` is malformed. */
function withNullable(schema: Schema): Schema | undefined {
  if (!has(schema, 'nullable')) {
    return schema;
  }
  if (typeof schema.nullable !== 'boolean') {
    return undefined;
  }
  const t = schema.type;
  const types = typeof t === 'string' ? [t] : Array.isArray(t) && t.every((x) => typeof x === 'string') ? (t as string[]) : undefined;
  if (!types) {
    return undefined;
  }
  if (!schema.nullable) {
    return schema;
  }
  return { ...schema, nullable: false, type: [...new Set([...types, 'null'])] };
}

function unionHint(schema: Schema, depth: number, limits: Limits): Hint | undefined {
  const anyOf = has(schema, 'anyOf');
  const oneOf = has(schema, 'oneOf');
  if (!anyOf && !oneOf) {
    return undefined;
  }
  if (anyOf && oneOf) {
    return UNKNOWN;
  }
  const variants = anyOf ? schema.anyOf : schema.oneOf;
  if (!Array.isArray(variants) || variants.length === 0 || variants.length > MAX_ENUM_VALUES || UNION_CONFLICTS.some((k) => has(schema, k))) {
    return UNKNOWN;
  }
  const consts = variants.map((v) => (isRecord(v) && has(v, 'const') && !hasInexpressible(v) ? v.const : undefined));
  if (consts.every((c) => c !== undefined)) {
    const lits = literalUnion(consts);
    if (lits) {
      return lits;
    }
  }
  if (variants.length > MAX_UNION_TYPES) {
    return UNKNOWN;
  }
  const rendered = variants.map((v) => typeHint(v, depth + 1, limits));
  if (rendered.some((h) => !h.complete)) {
    return UNKNOWN;
  }
  return complete([...new Set(rendered.map((h) => h.text))].join(' | '));
}

/** Inserts `value` into the sorted `values`, keeping at most `limit` (the first in collation order). */
function insertSorted(values: string[], value: string, limit: number): void {
  if (limit <= 0) {
    return;
  }
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (collator.compare(values[mid] ?? '', value) < 0) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  if (low >= limit) {
    return;
  }
  values.splice(low, 0, value);
  if (values.length > limit) {
    values.pop();
  }
}

function objectHint(schema: Schema, depth: number, limits: Limits): Hint {
  const requiredValues: unknown[] = Array.isArray(schema.required) ? schema.required : [];
  if (!isRecord(schema.properties)) {
    const namesRequired = requiredValues.length > limits.maxProperties || requiredValues.some((v) => typeof v === 'string');
    return !namesRequired && schema.additionalProperties === false ? complete('{}') : { text: '{ ... }', complete: false };
  }
  const properties = schema.properties;
  const invalidRequired = requiredValues.length <= limits.maxProperties && requiredValues.some((v) => typeof v !== 'string');
  const required = new Set(requiredValues.slice(0, limits.maxProperties).filter((v): v is string => typeof v === 'string'));
  const requiredKeys: string[] = [];
  let missingRequired = false;
  for (const key of required) {
    if (key.length > MAX_KEY_CHARS || !has(properties, key)) {
      missingRequired = true;
      continue;
    }
    insertSorted(requiredKeys, key, limits.maxProperties);
  }
  const optionalLimit = limits.maxProperties - requiredKeys.length;
  const optionalKeys: string[] = [];
  let optionalCount = 0;
  let oversizedKey = false;
  for (const key of Object.keys(properties)) {
    if (required.has(key)) {
      continue;
    }
    optionalCount++;
    if (key.length > MAX_KEY_CHARS) {
      oversizedKey = true;
      continue;
    }
    insertSorted(optionalKeys, key, optionalLimit);
  }
  const keys = [...requiredKeys, ...optionalKeys];
  const partial = requiredValues.length > limits.maxProperties || invalidRequired || missingRequired || oversizedKey || optionalCount > optionalLimit;
  const extra = schema.additionalProperties;
  let omitted = partial || extra === true || isRecord(extra);
  let whole = !partial && extra === false;
  let body = '';
  for (const key of keys) {
    const name = IDENTIFIER.test(key) ? key : JSON.stringify(key);
    const hint = typeHint(properties[key], depth, limits);
    whole &&= hint.complete;
    const part = `${name}${required.has(key) ? '' : '?'}: ${hint.text}`;
    const next = body ? `${body}; ${part}` : part;
    // The braces around the body take 4 characters.
    if (next.length + 4 > limits.maxChars) {
      omitted = true;
      whole = false;
      break;
    }
    body = next;
  }
  if (!body) {
    return keys.length === 0 && !omitted ? { text: '{}', complete: whole } : { text: '{ ... }', complete: false };
  }
  return { text: `{ ${body}${omitted ? '; ...' : ''} }`, complete: whole };
}

function numberHint(schema: Schema, integer: boolean, limits: Limits): Hint {
  if (!limits.numericBounds) {
    return complete('number');
  }
  const notes = integer ? ['integer'] : [];
  for (const [key, op] of NUMERIC_BOUNDS) {
    const bound = schema[key];
    if (bound === undefined) {
      continue;
    }
    if (typeof bound !== 'number' || !Number.isFinite(bound)) {
      return UNKNOWN;
    }
    notes.push(`${op} ${bound}`);
  }
  return complete(`number${notes.length > 0 ? ` /* ${notes.join(', ')} */` : ''}`);
}

function typeHint(value: unknown, depth: number, limits: Limits): Hint {
  if (!isRecord(value)) {
    return UNKNOWN;
  }
  if (Object.keys(value).length === 0) {
    return complete('unknown');
  }
  if (depth >= limits.maxDepth) {
    return UNKNOWN;
  }
  const schema = withNullable(value);
  if (!schema) {
    return UNKNOWN;
  }
  if (schema !== value) {
    return typeHint(schema, depth, limits);
  }
  const finish = (hint: Hint): Hint => (hasInexpressible(schema) ? { ...hint, complete: false } : hint);
  const union = unionHint(schema, depth, limits);
  if (union) {
    return finish(union);
  }
  const constant = literal(schema.const);
  if (constant !== undefined) {
    return finish(complete(constant));
  }
  const enumeration = literalUnion(schema.enum);
  if (enumeration) {
    return finish(enumeration);
  }
  const type = schema.type;
  if (Array.isArray(type)) {
    if (type.length === 0 || type.length > MAX_UNION_TYPES || !type.every((t) => typeof t === 'string')) {
      return UNKNOWN;
    }
    const rendered = type.map((t) => typeHint({ ...schema, type: t }, depth + 1, limits));
    if (rendered.some((h) => !h.complete)) {
      return UNKNOWN;
    }
    return finish(complete([...new Set(rendered.map((h) => h.text))].join(' | ')));
  }
  switch (type) {
    case 'integer':
    case 'number':
      return finish(numberHint(schema, type === 'integer', limits));
    case 'array': {
      const item = typeHint(schema.items, depth + 1, limits);
      return finish({ text: `Array<${item.text}>`, complete: item.complete });
    }
    case 'object':
      return finish(objectHint(schema, depth + 1, limits));
    case 'string':
    case 'boolean':
    case 'null':
      return finish(complete(type));
    default:
      return UNKNOWN;
  }
}

/**
 * A tool's `input` hint: `unknown` when there is no schema or the hint would pass 300 characters.
 * `numericBounds: false` is the hint of OpenClaw 2026.8.1 - 2026.9.1 (same limits, no bounds comments).
 */
export function inputHint(schema: unknown, numericBounds = true): string {
  if (!isRecord(schema)) {
    return 'unknown';
  }
  const limits = numericBounds ? INPUT_LIMITS : { ...INPUT_LIMITS, numericBounds: false };
  const hint = schema.type === 'object' ? objectHint(schema, 0, limits) : typeHint(schema, 0, limits);
  return hint.text.length <= INPUT_LIMITS.maxChars ? hint.text : 'unknown';
}

/** A tool's `output` hint, only when complete and at most 800 characters (an incomplete one invites guessed fields). */
export function outputHint(schema: unknown): string | undefined {
  const hint = typeHint(schema, 0, OUTPUT_LIMITS);
  return hint.complete && hint.text.length <= OUTPUT_LIMITS.maxChars ? hint.text : undefined;
}
