/**
 * The parts of a request that change from run to run without meaning
 * anything (when it ran, where its scratch folders were, which session it
 * was), replaced by placeholders on BOTH sides before a predicted request is
 * compared with a captured one. The only place the request diff normalizes:
 * the fuller normalization of the predicted-vs-real comparison (branch
 * `prompt`) replaces this module whole, so keep every rule here.
 */

/** One rule: what it matches and the placeholder it leaves. */
export interface VolatileRule {
  name: string;
  pattern: RegExp;
  placeholder: string;
}

export const VOLATILE_RULES: readonly VolatileRule[] = [
  // A capture turn's scratch folders (HOME, state, agent workspace, TMPDIR): `tsi-capture-<mode>-XXXXXX/...`.
  { name: 'scratch path', pattern: /(?:[A-Za-z]:)?[\\/][^\s"'`]*?tsi-capture-[a-z]+-[A-Za-z0-9]{6}(?:[\\/][^\s"'`,;)\]]*)?/g, placeholder: '<scratch>' },
  { name: 'uuid', pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, placeholder: '<uuid>' },
  // ISO 8601 instants, with or without seconds, fraction and zone.
  { name: 'timestamp', pattern: /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\b/g, placeholder: '<time>' },
  // Unix milliseconds of this century (13 digits starting 1 or 2).
  { name: 'epoch ms', pattern: /\b[12]\d{12}\b/g, placeholder: '<epoch-ms>' },
];

export function normalizeText(text: string): string {
  let out = text;
  for (const rule of VOLATILE_RULES) {
    out = out.replace(rule.pattern, rule.placeholder);
  }
  return out;
}

/** A copy of a JSON value with every string normalized (keys are kept). */
export function normalizeValue(value: unknown): unknown {
  if (typeof value === 'string') {
    return normalizeText(value);
  }
  if (Array.isArray(value)) {
    return value.map(normalizeValue);
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = normalizeValue(v);
    }
    return out;
  }
  return value;
}
