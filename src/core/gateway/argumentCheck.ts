import { Validator, type OutputUnit, type SchemaDraft } from '@cfworker/json-schema';
import type { JsonSchema } from '../types';

// Validators per schema object; `null` marks a schema that cannot be used to validate.
const validators = new WeakMap<JsonSchema, Validator | null>();

/** Keywords that only say "something inside failed"; the inner error is the useful one. */
const AGGREGATE = new Set(['properties', 'items', 'prefixItems', 'allOf', '$ref', 'additionalItems', 'unevaluatedProperties', 'dependentSchemas']);

function draftOf(schema: JsonSchema): SchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('draft-04')) {
    return '4';
  }
  if (declared.includes('draft-07') || declared.includes('draft-06')) {
    return '7';
  }
  if (declared.includes('2019-09')) {
    return '2019-09';
  }
  return '2020-12';
}

function validatorFor(schema: JsonSchema): Validator | null {
  let v = validators.get(schema);
  if (v === undefined) {
    try {
      v = new Validator(schema as ConstructorParameters<typeof Validator>[0], draftOf(schema), false);
    } catch {
      v = null;
    }
    validators.set(schema, v);
  }
  return v;
}

function describe(e: OutputUnit): string {
  const where = e.instanceLocation === '#' ? '' : `${e.instanceLocation.replace(/^#\//, '').replace(/\//g, '.')}: `;
  const text = e.error
    .replace(/\.$/, '')
    .replace(/^Instance does not have required property/, 'missing required property')
    .replace(/^Instance /, 'value ');
  return `${where}${text}`;
}

/**
 * Why `args` do not fit the tool's input schema, or undefined when they do.
 * The schema is untrusted: it is interpreted (never compiled to code), and a
 * schema the validator cannot read is left to the tool's own source to check.
 */
export function argumentProblem(schema: JsonSchema | undefined, args: Record<string, unknown>): string | undefined {
  if (!schema) {
    return undefined;
  }
  const v = validatorFor(schema);
  if (!v) {
    return undefined;
  }
  let errors: OutputUnit[];
  try {
    const r = v.validate(args);
    if (r.valid) {
      return undefined;
    }
    errors = r.errors;
  } catch {
    return undefined;
  }
  const specific = errors.filter((e) => !AGGREGATE.has(e.keyword));
  const shown = (specific.length > 0 ? specific : errors).slice(0, 3).map(describe);
  return shown.join('; ');
}
