// Entry of the argument-check worker thread (bundled as dist/argumentCheckWorker.js).
// It validates one request at a time; the host owns the deadline and
// terminates this thread when a schema's regular expression runs away.
import { parentPort } from 'node:worker_threads';
import type { Validator } from '@cfworker/json-schema';
import type { JsonSchema } from '../types';
import { errorText } from '../util/boundedValue';
import { compileSchema, validationProblem } from './argumentValidation';
import type { CheckReply, CheckRequest } from './argumentCheck';

const validators = new Map<number, Validator | Error>();

function validatorFor(key: number, schema: JsonSchema | undefined): Validator {
  let v = validators.get(key);
  if (v === undefined) {
    if (!schema) {
      throw new Error('the worker lost the schema');
    }
    try {
      v = compileSchema(schema);
    } catch (err) {
      v = new Error(`the input schema cannot be used to check arguments: ${errorText(err, 500)}`);
    }
    validators.set(key, v);
  }
  if (v instanceof Error) {
    throw v;
  }
  return v;
}

/** The validator's messages go on to list every schema it knows; the first line says what is wrong. */
function firstLine(text: string): string {
  return text.split('\n', 1)[0]?.trim() ?? text;
}

parentPort?.on('message', (m: CheckRequest) => {
  let reply: CheckReply;
  try {
    const problem = validationProblem(validatorFor(m.key, m.schema), m.args);
    reply = problem === undefined ? { id: m.id, ok: true } : { id: m.id, ok: false, problem };
  } catch (err) {
    // A validator that throws (stack overflow, unresolvable $ref, bad pattern) refuses the call.
    reply = { id: m.id, ok: false, problem: `the argument check failed: ${firstLine(errorText(err, 500))}`, failed: true };
  }
  parentPort?.postMessage(reply);
});

// The host starts each check's deadline only after this: loading code is not checking.
parentPort?.postMessage({ ready: true });
