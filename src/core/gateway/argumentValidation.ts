import { Validator, type OutputUnit } from '@cfworker/json-schema';
import type { JsonSchema } from '../types';
import { schemaDraftOf } from '../util/schemaDraft';

/**
 * The synchronous half of the argument check. It runs only inside the
 * argument-check worker (`argumentCheckWorker.ts`): schemas are untrusted, and
 * their `pattern`s and `format`s can backtrack for ever on a short input.
 */

/** Keywords that only say "something inside failed"; the inner error is the useful one. */
const AGGREGATE = new Set(['properties', 'items', 'prefixItems', 'allOf', '$ref', 'additionalItems', 'unevaluatedProperties', 'dependentSchemas']);


/** A validator for the schema; throws when the schema cannot be used (the caller refuses the call). */
export function compileSchema(schema: JsonSchema): Validator {
  return new Validator(schema as ConstructorParameters<typeof Validator>[0], schemaDraftOf(schema), false);
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
