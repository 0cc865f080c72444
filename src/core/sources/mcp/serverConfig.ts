import type { RuleLocation, SourceLocation } from '../../types';

export type McpTransportKind = 'stdio' | 'streamable-http' | 'sse';

/** Which file format declared a server; decides variable syntax and known keys. */
export type McpConfigFormat = 'openclaw' | 'vscode' | 'mcp.json' | 'cursor' | 'claude';

export interface McpToolFilter {
  include?: string[];
  exclude?: string[];
  /** `file:line` of the `toolFilter` key, so an excluded tool can say where it was filtered. */
  where: string;
  /** The `toolFilter` key, and each glob where it was written (parallel to `include` / `exclude`). */
  at?: RuleLocation;
  includeKeyAt?: RuleLocation;
  includeAt?: RuleLocation[];
  excludeAt?: RuleLocation[];
}

/** Defaults when a config names no timeout. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * One MCP server as configured, with variables already substituted and
 * relative paths resolved. Everything a connection needs, plus where it was
 * written so reports can point at it.
 */
export interface McpServerConfig {
  name: string;
  origin: SourceLocation;
  format: McpConfigFormat;
  transport: McpTransportKind;
  /** A `url` was given without a transport: try Streamable HTTP, then SSE. */
  transportGuessed?: boolean;
  command?: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  url?: string;
  headers: Record<string, string>;
  enabled: boolean;
  connectTimeoutMs: number;
  /** Budget for `tools/list` (all pages) and for each `tools/call`. */
  timeoutMs: number;
  toolFilter?: McpToolFilter;
  /** Why the server cannot start as written (missing input, unreadable envFile, ...): reported as failed. */
  problem?: string;
  /** `${input:id}` variables with no value yet: a host that can prompt (the extension) asks for these. */
  missingInputs?: string[];
}

const SECRET_FLAG = /^--?(?:api[-_]?key|token|secret|password|auth|access[-_]?token)$/i;
const SECRET_ASSIGNMENT = /^([^=]*(?:key|token|secret|password|auth)[^=]*=).+$/i;

/**
 * How a server is reached, as OpenClaw names it in a fallback description
 * (`describeStdioMcpServerLaunchConfig`: `command args (cwd=...)`; a URL for
 * HTTP), with values that look like secrets (and URL credentials and query) hidden.
 */
export function launchDescription(config: Pick<McpServerConfig, 'command' | 'args' | 'cwd' | 'url'>): string {
  if (config.url !== undefined) {
    try {
      const u = new URL(config.url);
      return `${u.protocol}//${u.host}${u.pathname}`;
    } catch {
      return '***';
    }
  }
  const args: string[] = [];
  config.args.forEach((a, i) => {
    const previous = config.args[i - 1];
    args.push(previous !== undefined && SECRET_FLAG.test(previous) ? '***' : a.replace(SECRET_ASSIGNMENT, '$1***'));
  });
  const cwd = config.cwd ? ` (cwd=${config.cwd})` : '';
  return `${config.command ?? ''}${args.length > 0 ? ` ${args.join(' ')}` : ''}${cwd}`;
}

/** `file:line`, the form ServerReport.origin uses. */
export function originText(origin: SourceLocation): string {
  return origin.line !== undefined ? `${origin.file}:${origin.line}` : origin.file;
}
