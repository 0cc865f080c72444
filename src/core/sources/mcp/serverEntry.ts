import * as fs from 'node:fs';
import * as path from 'node:path';
import { dotted, type ConfigReader } from '../../config/configReader';
import type { JsonPath } from '../../config/json5Document';
import { errorMessage } from '../../util/errors';
import type { FolderGuard } from '../../util/insideFolder';
import type { RuleLocation } from '../../types';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  originText,
  type McpConfigFormat,
  type McpServerConfig,
  type McpToolFilter,
  type McpTransportKind,
} from './serverConfig';
import { isRelativePathArg, readEnvFile, substitute, type VariableContext } from './variables';

/** How to read one server entry of a given file. */
export interface EntryContext {
  reader: ConfigReader;
  format: McpConfigFormat;
  vars: VariableContext;
  /** Folder that relative paths resolve against (the config file's folder, or the workspace). */
  baseDir: string;
  /** Inputs the file declares (VS Code `inputs`), for "undeclared input" warnings. */
  declaredInputs?: ReadonlySet<string>;
  /** Untrusted workspaces: an `envFile` that resolves outside the folder is not read. */
  guard?: FolderGuard;
  /** 2026.9.6: `timeout` / `connectTimeout` are seconds, `requestTimeoutMs` / `connectionTimeoutMs` win, defaults 60 s / 30 s. */
  timeoutsInSeconds?: boolean;
}

/** OpenClaw 2026.9.6's defaults (`DEFAULT_CONNECTION_TIMEOUT_MS`, `DEFAULT_REQUEST_TIMEOUT_MS` in its mcp-transport-config chunk). */
const OPENCLAW_9_CONNECT_TIMEOUT_MS = 30_000;
const OPENCLAW_9_REQUEST_TIMEOUT_MS = 60_000;

/**
 * 2026.9.6's reading of one timeout: the `...Ms` key when it is a positive
 * number, else the legacy seconds alias times 1000 (`migrateMcpServerTimeoutAliases`:
 * a positive finite number, else dropped), else the default.
 */
function secondsTimeout(reader: ConfigReader, p: JsonPath, msKey: string, aliases: readonly string[], fallback: number): number {
  const ms = reader.number([...p, msKey]);
  if (ms !== undefined && ms > 0 && Number.isFinite(ms)) {
    return Math.round(ms);
  }
  for (const alias of aliases) {
    const v = reader.number([...p, alias]);
    if (v === undefined) {
      continue;
    }
    if (v > 0 && Number.isFinite(v * 1000)) {
      // The release refuses this older key (its doctor moves it, in seconds), so no real run waits on it:
      // the inspector reads it no longer than OpenClaw's default (timeout: 4000 is not 66 minutes).
      if (v * 1000 > fallback) {
        reader.report([...p, alias], 'warning', `${dotted([...p, alias])}: ${v} s; OpenClaw refuses this key until \`openclaw doctor --fix\` moves it to ${msKey}, so the inspector waits at most OpenClaw's default ${fallback} ms`);
        return fallback;
      }
      return Math.round(v * 1000);
    }
    reader.report([...p, alias], 'warning', `${dotted([...p, alias])} must be a positive number of seconds; OpenClaw drops it and uses ${fallback} ms`);
  }
  return fallback;
}

const OPENCLAW_KEYS = ['command', 'args', 'env', 'cwd', 'url', 'transport', 'headers', 'enabled', 'timeout', 'connectTimeout', 'toolFilter'];
const VSCODE_KEYS = ['type', 'command', 'args', 'env', 'envFile', 'cwd', 'url', 'headers', 'dev'];
const MCP_JSON_KEYS = ['type', 'command', 'args', 'env', 'envFile', 'cwd', 'url', 'headers', 'disabled'];

function knownKeys(format: McpConfigFormat): string[] {
  return format === 'openclaw' ? OPENCLAW_KEYS : format === 'vscode' ? VSCODE_KEYS : MCP_JSON_KEYS;
}

function transportFromType(t: string): McpTransportKind | undefined {
  switch (t) {
    case 'stdio':
      return 'stdio';
    case 'http':
    case 'streamable-http':
    case 'streamableHttp':
      return 'streamable-http';
    case 'sse':
      return 'sse';
    default:
      return undefined;
  }
}

function stringRecord(reader: ConfigReader, p: JsonPath): Record<string, string> {
  const obj = reader.object(p);
  const out: Record<string, string> = {};
  for (const k of Object.keys(obj ?? {})) {
    const v = reader.raw([...p, k]);
    if (typeof v === 'string') {
      out[k] = v;
    } else if (typeof v === 'number' || typeof v === 'boolean') {
      // Users write PORT: 8080; the child sees strings anyway.
      out[k] = String(v);
    } else {
      reader.report([...p, k], 'error', `${dotted([...p, k])} must be a string, a number or true/false, got ${Array.isArray(v) ? 'an array' : v === null ? 'null' : 'an object'}; ignored`);
    }
  }
  return out;
}

function positiveMs(reader: ConfigReader, p: JsonPath, fallback: number): number {
  const v = reader.number(p);
  if (v === undefined) {
    return fallback;
  }
  if (v <= 0) {
    reader.report(p, 'warning', `${dotted(p)} must be a positive number of milliseconds; using ${fallback}`);
    return fallback;
  }
  return Math.round(v);
}

/**
 * Reads one server entry. Never throws: wrong types and unknown keys become
 * diagnostics in `ctx.reader`; a server that cannot start as written (missing
 * input, unreadable envFile, neither command nor url) is returned with
 * `problem` set so it is reported as failed rather than silently dropped.
 * The steps read the keys in a fixed order, so diagnostics come in it.
 */
export function readServerEntry(ctx: EntryContext, p: JsonPath, name: string): McpServerConfig | undefined {
  const { reader, format } = ctx;
  const entry = reader.object(p);
  if (entry === undefined) {
    return undefined;
  }
  if (format !== 'openclaw') {
    // OpenClaw's own config is checked whole against its schema table (config/configSchema.ts).
    reader.checkKeys(p, knownKeys(format));
  }
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) {
    // Ids are `mcp:<server>:<tool>` and names `<server>__<tool>`: other characters make both ambiguous.
    reader.report(p, 'warning', `MCP server name "${name}" has characters other than letters, digits, _ . -; tool names will be rewritten`, true);
  }
  const originPos = reader.doc.locate(p, true);
  const origin = { file: reader.file, line: originPos?.line, column: originPos?.column };
  const r = new EntryReading(ctx, p);
  const command = r.command();
  const args = (reader.stringArray([...p, 'args']) ?? []).map((a, i) => r.resolvePath(r.sub(a, [...p, 'args', i])));
  const env = r.env();
  const cwdRaw = reader.string([...p, 'cwd']);
  const url = reader.string([...p, 'url']);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(stringRecord(reader, [...p, 'headers']))) {
    headers[k] = r.sub(v, [...p, 'headers', k]);
  }
  const { transport, transportGuessed } = r.transport(command, url);
  const resolvedUrl = url !== undefined && command === undefined ? r.url(url) : undefined;
  const cwd = transport === 'stdio' && command !== undefined ? r.cwd(cwdRaw) : undefined;
  const enabled = isEnabled(reader, p, format);
  const toolFilter = format === 'openclaw' && reader.object([...p, 'toolFilter']) !== undefined ? readToolFilter(reader, p) : undefined;
  const missingInputs = r.missingInputs();
  return {
    name,
    origin,
    format,
    transport,
    transportGuessed: transportGuessed || undefined,
    command,
    args,
    env,
    cwd,
    url: resolvedUrl,
    headers,
    enabled,
    connectTimeoutMs:
      format !== 'openclaw'
        ? DEFAULT_CONNECT_TIMEOUT_MS
        : ctx.timeoutsInSeconds === true
          ? secondsTimeout(reader, p, 'connectionTimeoutMs', ['connectTimeout', 'connect_timeout'], OPENCLAW_9_CONNECT_TIMEOUT_MS)
          : positiveMs(reader, [...p, 'connectTimeout'], DEFAULT_CONNECT_TIMEOUT_MS),
    timeoutMs:
      format !== 'openclaw'
        ? DEFAULT_REQUEST_TIMEOUT_MS
        : ctx.timeoutsInSeconds === true
          ? secondsTimeout(reader, p, 'requestTimeoutMs', ['timeout'], OPENCLAW_9_REQUEST_TIMEOUT_MS)
          : positiveMs(reader, [...p, 'timeout'], DEFAULT_REQUEST_TIMEOUT_MS),
    toolFilter,
    problem: r.problems.length > 0 ? r.problems.join('; ') : undefined,
    missingInputs,
  };
}

/** `enabled` (OpenClaw), `disabled` (mcp.json, Cursor); VS Code has neither. */
function isEnabled(reader: ConfigReader, p: JsonPath, format: McpConfigFormat): boolean {
  if (format === 'openclaw') {
    return reader.boolean([...p, 'enabled']) ?? true;
  }
  return format === 'vscode' ? true : !(reader.boolean([...p, 'disabled']) ?? false);
}

/** OpenClaw's `toolFilter`, with where each pattern is written (explain links to them). */
function readToolFilter(reader: ConfigReader, p: JsonPath): McpToolFilter {
  const place = (q: (string | number)[], key = false): RuleLocation => {
    const pos = reader.doc.locate(q, key);
    return { file: reader.file, line: pos?.line, column: pos?.column, path: q };
  };
  const include = reader.stringArray([...p, 'toolFilter', 'include']);
  const exclude = reader.stringArray([...p, 'toolFilter', 'exclude']);
  return {
    include,
    exclude,
    where: originText({ file: reader.file, line: reader.doc.locate([...p, 'toolFilter'], true)?.line }),
    at: place([...p, 'toolFilter'], true),
    includeKeyAt: include ? place([...p, 'toolFilter', 'include'], true) : undefined,
    includeAt: include?.map((_, i) => place([...p, 'toolFilter', 'include', i])),
    excludeAt: exclude?.map((_, i) => place([...p, 'toolFilter', 'exclude', i])),
  };
}

/** One entry being read: its variable substitution, the inputs it still needs and why it cannot start. */
class EntryReading {
  readonly problems: string[] = [];
  private readonly missing = new Set<string>();

  constructor(private readonly ctx: EntryContext, private readonly p: JsonPath) {}

  private get reader(): ConfigReader {
    return this.ctx.reader;
  }

  /** `value` with its variables substituted; what cannot be is reported at `at`. */
  sub(value: string, at: JsonPath): string {
    const { reader, ctx } = this;
    const s = substitute(value, ctx.vars);
    s.missingInputs.forEach((i) => this.missing.add(i));
    for (const u of s.unknown) {
      reader.report(at, 'warning', `${dotted(at)}: unknown variable ${u}; left as written`);
    }
    for (const e of s.missingEnv) {
      reader.report(at, 'warning', `${dotted(at)}: environment variable ${e} is not set; using ""`);
    }
    for (const i of s.missingInputs) {
      if (ctx.declaredInputs && !ctx.declaredInputs.has(i)) {
        reader.report(at, 'warning', `${dotted(at)}: \${input:${i}} is not declared in "inputs"`);
      }
    }
    return s.value;
  }

  resolvePath(v: string): string {
    return this.ctx.format === 'openclaw' && isRelativePathArg(v) ? path.resolve(this.ctx.baseDir, v) : v;
  }

  command(): string | undefined {
    const at = [...this.p, 'command'];
    const command = this.reader.string(at);
    return command !== undefined ? this.resolvePath(this.sub(command, at)) : undefined;
  }

  /** `envFile` first, then `env` over it. */
  env(): Record<string, string> {
    const { reader, ctx, p } = this;
    const env: Record<string, string> = {};
    const envFile = reader.string([...p, 'envFile']);
    if (envFile !== undefined) {
      const file = path.resolve(ctx.baseDir, this.sub(envFile, [...p, 'envFile']));
      const refusal = ctx.guard?.refusal(file, `${dotted([...p, 'envFile'])} "${envFile}"`);
      if (refusal) {
        // Not a fault of the server: an untrusted workspace starts none anyway.
        reader.report([...p, 'envFile'], 'warning', refusal.message);
      } else {
        try {
          Object.assign(env, readEnvFile(file));
        } catch (err) {
          this.problems.push(`cannot read envFile ${file}: ${errorMessage(err)}`);
        }
      }
    }
    for (const [k, v] of Object.entries(stringRecord(reader, [...p, 'env']))) {
      env[k] = this.resolvePath(this.sub(v, [...p, 'env', k]));
    }
    return env;
  }

  /** stdio with a command; with a url, the declared transport, else Streamable HTTP (then SSE) guessed. */
  transport(command: string | undefined, url: string | undefined): { transport: McpTransportKind; transportGuessed: boolean } {
    const { reader, ctx, p } = this;
    const format = ctx.format;
    const typeKey = format === 'openclaw' ? 'transport' : 'type';
    const declared = reader.string([...p, typeKey]);
    const declaredKind = declared !== undefined ? transportFromType(declared) : undefined;
    if (declared !== undefined && declaredKind === undefined) {
      const allowed = format === 'openclaw' ? '"streamable-http" or "sse"' : '"stdio", "http" or "sse"';
      reader.report([...p, typeKey], 'error', `${dotted([...p, typeKey])} must be ${allowed}, got "${declared}"`);
    }
    if (command !== undefined && url !== undefined) {
      reader.report([...p, 'url'], 'warning', `${dotted(p)} has both command and url; using command (stdio)`);
    }
    if (command !== undefined) {
      if (declaredKind !== undefined && declaredKind !== 'stdio') {
        reader.report([...p, typeKey], 'warning', `${dotted([...p, typeKey])} is "${declared}" but the server has a command; started over stdio`);
      }
      return { transport: 'stdio', transportGuessed: false };
    }
    if (url !== undefined) {
      if (declaredKind !== undefined && declaredKind !== 'stdio') {
        return { transport: declaredKind, transportGuessed: false };
      }
      // Cursor configs normally give a bare url; everywhere else the transport is expected.
      if (format !== 'cursor') {
        const want = format === 'openclaw' ? 'transport ("streamable-http" or "sse")' : 'type ("http" or "sse")';
        reader.report([...p, 'url'], 'warning', `${dotted(p)} has a url but no ${want}; trying Streamable HTTP, then SSE`);
      }
      return { transport: 'streamable-http', transportGuessed: true };
    }
    this.problems.push('neither "command" nor "url" is set');
    reader.report(p, 'error', `${dotted(p)} needs "command" (stdio) or "url" (HTTP)`, true);
    return { transport: 'stdio', transportGuessed: false };
  }

  /** The url with its variables substituted; an unusable one is a problem (unless an input is still missing). */
  url(url: string): string {
    const resolved = this.sub(url, [...this.p, 'url']);
    try {
      const u = new URL(resolved);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') {
        this.problems.push(`url must be http: or https:, got ${u.protocol}`);
      }
    } catch {
      if (this.missing.size === 0) {
        this.problems.push(`url is not a valid URL: ${url}`);
        this.reader.report([...this.p, 'url'], 'error', `${dotted([...this.p, 'url'])} is not a valid URL`);
      }
    }
    return resolved;
  }

  cwd(cwdRaw: string | undefined): string {
    const cwd = cwdRaw !== undefined ? path.resolve(this.ctx.baseDir, this.sub(cwdRaw, [...this.p, 'cwd'])) : this.ctx.baseDir;
    if (!fs.existsSync(cwd)) {
      this.problems.push(`cwd does not exist: ${cwd}`);
    }
    return cwd;
  }

  /** The inputs still without a value, also put first among the problems (with how the CLI gives them). */
  missingInputs(): string[] | undefined {
    if (this.missing.size === 0) {
      return undefined;
    }
    const ids = [...this.missing];
    this.problems.unshift(
      `needs a value for input ${ids.map((i) => `"${i}"`).join(', ')} (${ids.map((i) => `\${input:${i}}`).join(', ')} in ${this.reader.file}); ` +
        `the CLI takes ${ids.map((i) => `--input ${i}=VALUE`).join(' ')}`,
    );
    return ids;
  }
}
