/**
 * OpenClaw's own words for a turn that failed, out of what it printed: an
 * exit code alone ("openclaw agent exited with 1") tells a user nothing, and
 * the editor shows no stderr. Pure.
 */

const MAX_REASON_CHARS = 600;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function cut(s: string): string {
  return s.length > MAX_REASON_CHARS ? `${s.slice(0, MAX_REASON_CHARS - 1)}…` : s;
}

/**
 * The reason, best first: a config OpenClaw refused (its "Problem:" lines,
 * which cite file and line), the CLI's `Reason:` line, the `--json` reply's
 * `error.message` with its `issues`, else the last line of stderr that is
 * not the network guard's.
 */
export function openclawReason(stderr: string, reply?: unknown): string | undefined {
  const lines = stderr.split('\n').map((l) => l.trimEnd());
  const invalid = lines.findIndex((l) => /^OpenClaw config is invalid/.test(l.trim()));
  if (invalid >= 0) {
    const problems: string[] = [];
    const start = lines.findIndex((l, i) => i > invalid && l.trim() === 'Problem:');
    for (let i = start + 1; start >= 0 && i < lines.length && /^\s+- /.test(lines[i] ?? ''); i++) {
      problems.push((lines[i] ?? '').trim().replace(/^- /, ''));
    }
    if (problems.length > 0) {
      return cut(`OpenClaw refuses the config: ${problems.join('; ')}`);
    }
  }
  const said = lines.map((l) => /\bReason: (.+)$/.exec(l)?.[1]).find((r) => r !== undefined);
  if (said) {
    return cut(said.trim());
  }
  if (isObject(reply) && isObject(reply.error) && typeof reply.error.message === 'string') {
    const issues = Array.isArray(reply.issues) ? reply.issues.filter(isObject).map((i) => `${String(i.path ?? '')}: ${String(i.message ?? '')}`) : [];
    return cut([reply.error.message, ...issues].join('; '));
  }
  const last = lines.filter((l) => l.trim() !== '' && !l.includes('[tsi-capture-guard]')).pop();
  return last === undefined ? undefined : cut(last.trim());
}
