import type { SchemaDraft } from '@cfworker/json-schema';
import type { JsonSchema } from '../types';

/** The JSON Schema draft a schema declares in `$schema` (2020-12 when it names none), for the validator. */
export function schemaDraftOf(schema: JsonSchema): SchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('draft-04')) {
    return '4';
  }
  if (declared.includes('draft-07') || declared.includes('draft-06')) {
    return '7';
  }
  return declared.includes('2019-09') ? '2019-09' : '2020-12';
}
