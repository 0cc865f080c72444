/**
 * The one list of the parts of an OpenClaw request that change from run to
 * run or machine to machine, and the one normalization applied to both the
 * predicted and the captured request before they are compared. Each part is
 * listed in docs/fidelity.md ("Volatile parts"); nothing else is normalized.
 */

/** Parts whose value each side knows and reports (a path, a model reference), replaced wherever they occur. */
export const VALUE_PARTS = {
  workspaceDir: "OpenClaw's agent workspace folder (a scratch folder in a capture, the configured or default one in a preview)",
  stateDir: "OpenClaw's state folder (`OPENCLAW_STATE_DIR`), where bundled plugins' skills are copied",
  openclawDir: 'the folder of the `openclaw` package that runs the turn (its docs and bundled skills are named by path)',
} as const;

export type ValuePart = keyof typeof VALUE_PARTS;
export type VolatileValues = Partial<Record<ValuePart, string>>;

/** Parts found by their shape, whatever their value. */
export const PATTERN_PARTS: readonly { name: string; what: string; pattern: RegExp }[] = [
  { name: 'timestamp', what: "the user message's time prefix (`[Wed 2026-12-02 00:17 UTC] `)", pattern: /^\[[A-Z][a-z]{2} \d{4}-\d{2}-\d{2} \d{2}:\d{2}[^\]\n]*\]/ },
  { name: 'runtime', what: 'the `Runtime: agent=... | sessionId=... | host=... | os=... | node=...` line after the user text', pattern: /^Runtime: [^\n]*$/m },
  { name: 'date', what: "the system prompt's `Current date: YYYY-MM-DD`", pattern: /(?<=^Current date: )\d{4}-\d{2}-\d{2}$/m },
  { name: 'timeZone', what: "the system prompt's `Time zone: ...` (the user's or the machine's zone)", pattern: /(?<=^Time zone: )[^\n]+$/m },
];

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One string with every volatile part replaced by `<name>`. */
export function normalizeText(text: string, values: VolatileValues): string {
  let out = text;
  // Longest first: a state folder inside a scratch folder must not be cut by the shorter one.
  const known = (Object.entries(values) as [ValuePart, string | undefined][]).filter((e): e is [ValuePart, string] => typeof e[1] === 'string' && e[1].length > 0).sort((a, b) => b[1].length - a[1].length);
  for (const [name, value] of known) {
    out = out.replace(new RegExp(escapeRegExp(value), 'g'), `<${name}>`);
  }
  for (const p of PATTERN_PARTS) {
    out = out.replace(new RegExp(p.pattern.source, p.pattern.flags.includes('g') ? p.pattern.flags : `${p.pattern.flags}g`), `<${p.name}>`);
  }
  return out;
}

/** A request body (any JSON) with every string normalized; keys and their order are kept. */
export function normalizeRequest(body: unknown, values: VolatileValues): unknown {
  if (typeof body === 'string') {
    return normalizeText(body, values);
  }
  if (Array.isArray(body)) {
    return body.map((v) => normalizeRequest(v, values));
  }
  if (body !== null && typeof body === 'object') {
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, normalizeRequest(v, values)]));
  }
  return body;
}
