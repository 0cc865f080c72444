import { Validator } from '@cfworker/json-schema';
import type { JsonSchema } from '../types';
import { schemaDraftOf } from '../util/schemaDraft';

/**
 * A channel section checked as an OpenClaw release checks it: with the JSON
 * schema its bundled channel plugin ships (generated per epoch), after filling
 * in the schema's defaults (its `required` keys often have one). As in the
 * release, a failure that only the filled-in defaults cause (a conditional
 * `required` they switch on) does not count. `format` is not checked: the
 * release treats most formats as annotations.
 */

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}


/** Keywords whose value maps names to schemas (the names are not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** A copy without `format` keywords (annotations here) and, when `relaxed`, without `required` inside `then` / `else`. */
function prepared(schema: unknown, relaxed: boolean, inBranch = false): unknown {
  if (Array.isArray(schema)) {
    return schema.map((s) => prepared(s, relaxed, inBranch));
  }
  if (!isObj(schema)) {
    return schema;
  }
  const out: Obj = {};
  for (const [k, v] of Object.entries(schema)) {
    if ((k === 'format' && typeof v === 'string') || (relaxed && inBranch && k === 'required')) {
      continue;
    }
    const branch = inBranch || (relaxed && (k === 'then' || k === 'else'));
    out[k] = SCHEMA_MAPS.has(k) && isObj(v) ? Object.fromEntries(Object.entries(v).map(([name, s]) => [name, prepared(s, relaxed, branch)])) : k === 'enum' || k === 'const' || k === 'default' || k === 'examples' ? v : prepared(v, relaxed, branch);
  }
  return out;
}

/** The schema at a local `#/...` reference, or undefined. */
function resolveRef(root: Obj, ref: string): unknown {
  if (!ref.startsWith('#')) {
    return undefined;
  }
  let cur: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    cur = isObj(cur) ? cur[key] : undefined;
  }
  return cur;
}

/** The value with the schema's defaults filled in where it has no value (properties, allOf, local $ref, items). */
export function withDefaults(schema: unknown, value: unknown, root: Obj = isObj(schema) ? schema : {}, seen: Set<string> = new Set()): unknown {
  if (!isObj(schema)) {
    return value;
  }
  let v = value === undefined && 'default' in schema ? structuredClone(schema.default) : value;
  if (typeof schema.$ref === 'string' && !seen.has(schema.$ref)) {
    const target = resolveRef(root, schema.$ref);
    if (target !== undefined) {
      v = withDefaults(target, v, root, new Set([...seen, schema.$ref]));
    }
  }
  if (Array.isArray(schema.allOf)) {
    for (const branch of schema.allOf) {
      v = withDefaults(branch, v, root, seen);
    }
  }
  if (isObj(v)) {
    const props = isObj(schema.properties) ? schema.properties : {};
    const out: Obj = { ...v };
    for (const [k, s] of Object.entries(props)) {
      const next = withDefaults(s, out[k], root, seen);
      if (next !== undefined) {
        out[k] = next;
      }
    }
    if (isObj(schema.additionalProperties)) {
      for (const k of Object.keys(out)) {
        if (!(k in props)) {
          out[k] = withDefaults(schema.additionalProperties, out[k], root, seen);
        }
      }
    }
    return out;
  }
  if (Array.isArray(v) && isObj(schema.items)) {
    const items = schema.items;
    return v.map((e) => withDefaults(items, e, root, seen));
  }
  return v;
}

export interface SectionError {
  /** Keys and indexes under the section. */
  at: (string | number)[];
  /** Whether the key itself is refused (one the schema does not allow), not its value. */
  key: boolean;
  message: string;
}

const validators = new WeakMap<JsonSchema, { strict: Validator; relaxed: Validator }>();

function validatorsOf(schema: JsonSchema): { strict: Validator; relaxed: Validator } {
  let v = validators.get(schema);
  if (!v) {
    const draft = schemaDraftOf(schema);
    // The validator annotates the schema it is given: each gets its own copy.
    v = { strict: new Validator(prepared(schema, false) as JsonSchema, draft, false), relaxed: new Validator(prepared(schema, true) as JsonSchema, draft, false) };
    validators.set(schema, v);
  }
  return v;
}

/**
 * Keywords that only say "something inside failed"; the inner error is the
 * useful one (a key `additionalProperties: false` refuses comes again as a
 * `false` schema at the key itself).
 */
const AGGREGATE = new Set(['properties', 'items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', '$ref', 'additionalItems', 'additionalProperties', 'unevaluatedProperties', 'dependentSchemas', 'if', 'then', 'else']);

/** What the release would refuse in a channel section, or [] when it accepts it. */
export function checkChannelSection(schema: JsonSchema, value: unknown): SectionError[] {
  const { strict, relaxed } = validatorsOf(schema);
  const filled = withDefaults(schema, value);
  const r = strict.validate(filled);
  if (r.valid) {
    return [];
  }
  // Defaults that only switch on a conditional `required`: the release lets the section through.
  if (filled !== value && relaxed.validate(filled).valid && strict.validate(value).valid) {
    return [];
  }
  const specific = r.errors.filter((e) => !AGGREGATE.has(e.keyword));
  return (specific.length > 0 ? specific : r.errors).map((e) => ({
    at: e.instanceLocation
      .replace(/^#\/?/, '')
      .split('/')
      .filter(Boolean)
      .map((p) => {
        const key = decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~');
        return /^\d+$/.test(key) ? Number(key) : key;
      }),
    key: e.keyword === 'false',
    message:
      e.keyword === 'false'
        ? 'not a key it allows'
        : e.error
            .replace(/\.$/, '')
            .replace(/^Instance does not have required property/, 'missing required property')
            .replace(/^Instance /, 'value '),
  }));
}
