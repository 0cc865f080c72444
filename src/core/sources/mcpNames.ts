/**
 * Model-facing MCP tool names, `<server>__<tool>`, as OpenClaw builds them
 * (`agent-bundle-mcp-names`: `sanitizeServerName`, `buildSafeToolName`):
 * each fragment has characters outside `[A-Za-z0-9_-]` replaced by `-` and,
 * from 2026.5.12 (`McpNameRule.letterFirst`, generated per release), must
 * start with a letter (else `mcp-` or `tool-` is put in front); the
 * server part is at most 30 characters and the whole name at most 64, the
 * tool part being cut to fit. A name is never dropped: collisions get `-2`,
 * `-3`, ... suffixes, compared case-insensitively.
 */

/** Longest server part of a model-facing MCP tool name. */
export const MCP_SERVER_PART_MAX = 30;
/** Longest model-facing tool name providers accept. */
export const MCP_NAME_MAX = 64;

const UNSAFE = /[^A-Za-z0-9_-]/g;

/** How the modelled release sanitizes a name fragment (its `sanitizeToolFragment`). */
export interface McpNameRule {
  /** A fragment not starting with a letter gets `mcp-`/`tool-` in front (2026.5.12 on); 4.1 - 4.8 keep it. */
  letterFirst: boolean;
}

/** The rule of 2026.5.12 on, and the default where no release is modelled. */
export const LETTER_FIRST: McpNameRule = Object.freeze({ letterFirst: true });

function safeFragment(raw: string, fallback: 'mcp' | 'tool', rule: McpNameRule, max?: number): string {
  const normalized = raw.trim().replace(UNSAFE, '-') || fallback;
  const providerSafe = !rule.letterFirst || /^[A-Za-z]/.test(normalized) ? normalized : `${fallback}-${normalized}`;
  return max !== undefined && providerSafe.length > max ? providerSafe.slice(0, max) : providerSafe;
}

/** The server part for `raw`, not yet taken in `used` (lower-cased names), and reserves it. */
export function safeServerName(raw: string, used: Set<string>, rule: McpNameRule = LETTER_FIRST): string {
  const base = safeFragment(raw, 'mcp', rule, MCP_SERVER_PART_MAX);
  let candidate = base;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) {
    const suffix = `-${n}`;
    candidate = `${base.slice(0, Math.max(1, MCP_SERVER_PART_MAX - suffix.length))}${suffix}`;
  }
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Server parts for every configured server, in declaration order: a later
 * server whose part collides with an earlier one's gets the suffix (the
 * order OpenClaw keeps, so existing configs keep their names).
 */
export function assignSafeServerNames(servers: readonly string[], rule: McpNameRule = LETTER_FIRST): Map<string, string> {
  const used = new Set<string>();
  const out = new Map<string, string>();
  for (const s of servers) {
    if (!out.has(s)) {
      out.set(s, safeServerName(s, used, rule));
    }
  }
  return out;
}

/** `<safeServer>__<tool>` for a raw tool name, avoiding `reserved` (lower-cased names). */
export function safeToolName(safeServer: string, rawTool: string, reserved: ReadonlySet<string> = new Set(), rule: McpNameRule = LETTER_FIRST): string {
  const maxToolChars = Math.max(1, MCP_NAME_MAX - safeServer.length - 2);
  const cut = safeFragment(rawTool, 'tool', rule).slice(0, maxToolChars) || 'tool';
  let candidate = `${safeServer}__${cut}`;
  for (let n = 2; reserved.has(candidate.toLowerCase()); n++) {
    const suffix = `-${n}`;
    candidate = `${safeServer}__${cut.slice(0, Math.max(1, maxToolChars - suffix.length))}${suffix}`;
  }
  return candidate;
}

/** The model-facing name of one tool of one server, without collision handling (filters, reports). */
export function mcpQualifiedName(server: string, tool: string, rule: McpNameRule = LETTER_FIRST): string {
  return safeToolName(safeFragment(server, 'mcp', rule, MCP_SERVER_PART_MAX), tool, new Set(), rule);
}

export interface QualifiedNames {
  /** Raw tool name -> model-facing name. */
  names: Map<string, string>;
  /** Tools whose model-facing name is not `<server>__<raw>`, with why, for diagnostics. */
  renamed: string[];
}

/**
 * Model-facing names for the tools of one server, assigned in OpenClaw's
 * order (raw names by `localeCompare`) so that a collision suffix lands on
 * the same tool as in OpenClaw.
 */
export function assignQualifiedNames(safeServer: string, rawNames: readonly string[], reserved: ReadonlySet<string> = new Set(), rule: McpNameRule = LETTER_FIRST): QualifiedNames {
  const taken = new Set(reserved);
  const names = new Map<string, string>();
  const renamed: string[] = [];
  for (const raw of [...rawNames].sort((a, b) => a.localeCompare(b))) {
    const name = safeToolName(safeServer, raw, taken, rule);
    taken.add(name.toLowerCase());
    names.set(raw, name);
    if (name !== `${safeServer}__${raw.trim()}`) {
      renamed.push(`tool "${raw}" is exposed to the model as "${name}" to keep the name provider-safe`);
    }
  }
  return { names, renamed };
}

/**
 * OpenClaw's own id of an MCP tool, `mcp:<safeServer>:<model-facing name>`
 * (its catalog builds ids from the model-facing name). We keep the seed's
 * `mcp:<server>:<raw tool>` as the id and accept this spelling wherever an
 * id is accepted.
 */
export function openclawMcpId(modelFacingName: string): string | undefined {
  const sep = modelFacingName.indexOf('__');
  return sep > 0 ? `mcp:${modelFacingName.slice(0, sep)}:${modelFacingName}` : undefined;
}
