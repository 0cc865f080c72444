/** Longest server part of a model-visible MCP tool name. */
export const MCP_SERVER_PART_MAX = 30;
/** Longest model-visible tool name providers accept. */
export const MCP_NAME_MAX = 64;

function sanitize(s: string): string {
  return s.replace(/[^A-Za-z0-9_-]/g, '_');
}

function shortHash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36).padStart(7, '0').slice(0, 6);
}

/**
 * The model-visible name `<server>__<tool>`: server part at most 30
 * characters, whole name at most 64. Over-long names keep a stable hash
 * suffix so two long names never collapse into one.
 */
export function mcpQualifiedName(server: string, tool: string): string {
  const s = sanitize(server).slice(0, MCP_SERVER_PART_MAX);
  const full = `${s}__${sanitize(tool)}`;
  if (full.length <= MCP_NAME_MAX) {
    return full;
  }
  const suffix = `_${shortHash(`${server}\u0000${tool}`)}`;
  return full.slice(0, MCP_NAME_MAX - suffix.length) + suffix;
}

/**
 * Resolves collisions among qualified names deterministically: the first (by
 * raw tool name) keeps the name, later ones get a hash suffix. Returns the
 * final names and the collisions found, for reporting.
 */
export function assignQualifiedNames(server: string, rawNames: readonly string[]): { names: Map<string, string>; collisions: string[] } {
  const names = new Map<string, string>();
  const taken = new Map<string, string>();
  const collisions: string[] = [];
  for (const raw of [...rawNames].sort()) {
    let q = mcpQualifiedName(server, raw);
    const prev = taken.get(q.toLowerCase());
    if (prev !== undefined) {
      const suffix = `_${shortHash(`${server}\u0000${raw}\u0001`)}`;
      const renamed = q.slice(0, MCP_NAME_MAX - suffix.length) + suffix;
      collisions.push(`"${raw}" and "${prev}" both map to "${q}"; "${raw}" is exposed as "${renamed}"`);
      q = renamed;
    }
    taken.set(q.toLowerCase(), raw);
    names.set(raw, q);
  }
  return { names, collisions };
}
