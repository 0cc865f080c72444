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
  { name: 'sandboxSession', what: "an SSH sandbox's folder per session (`openclaw-ssh-workspace-<32 hex>`, a hash of the session)", pattern: /(?<=openclaw-ssh-workspace-)[0-9a-f]{32}/ },
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

/** One volatile part found in a request, and the text it had there. */
export interface VolatileFind {
  part: string;
  /** What the part is, for people (the lists above). */
  what: string;
  /** The first text it replaced. */
  text: string;
}

const MAX_FOUND_CHARS = 300;

/**
 * The volatile parts that occur in a request (each with the first text it
 * replaces), so a comparison can say what it normalized instead of hiding it.
 */
export function volatileFinds(body: unknown, values: VolatileValues): VolatileFind[] {
  const found = new Map<string, VolatileFind>();
  const known = (Object.entries(values) as [ValuePart, string | undefined][]).filter((e): e is [ValuePart, string] => typeof e[1] === 'string' && e[1].length > 0);
  const visit = (v: unknown): void => {
    if (typeof v === 'string') {
      for (const [name, value] of known) {
        if (!found.has(name) && v.includes(value)) found.set(name, { part: name, what: VALUE_PARTS[name], text: value.slice(0, MAX_FOUND_CHARS) });
      }
      for (const p of PATTERN_PARTS) {
        if (found.has(p.name)) continue;
        const m = new RegExp(p.pattern.source, p.pattern.flags.replace('g', '')).exec(v);
        if (m) found.set(p.name, { part: p.name, what: p.what, text: m[0].slice(0, MAX_FOUND_CHARS) });
      }
    } else if (Array.isArray(v)) {
      v.forEach(visit);
    } else if (v !== null && typeof v === 'object') {
      Object.values(v).forEach(visit);
    }
  };
  visit(body);
  return [...found.values()];
}
