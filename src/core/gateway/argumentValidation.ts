import { Validator, type OutputUnit, type SchemaDraft } from '@cfworker/json-schema';
import type { JsonSchema } from '../types';

/**
 * The synchronous half of the argument check. It runs only inside the
 * argument-check worker (`argumentCheckWorker.ts`): schemas are untrusted, and
 * their `pattern`s and `format`s can backtrack for ever on a short input.
 */

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

/** A validator for the schema; throws when the schema cannot be used (the caller refuses the call). */
export function compileSchema(schema: JsonSchema): Validator {
  return new Validator(schema as ConstructorParameters<typeof Validator>[0], draftOf(schema), false);
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
 * Why `args` do not fit the validator's schema, or undefined when they do.
 * Throws when the validator throws: the caller fails closed.
 */
export function validationProblem(v: Validator, args: unknown): string | undefined {
  const r = v.validate(args);
  if (r.valid) {
    return undefined;
  }
  const specific = r.errors.filter((e) => !AGGREGATE.has(e.keyword));
  return (specific.length > 0 ? specific : r.errors).slice(0, 3).map(describe).join('; ');
}
