import * as path from 'node:path';
import { ConfigReader } from '../../config/configReader';
import { doctorTableFor } from '../../config/doctorFix';
import { parseJson5 } from '../../config/json5Document';
import type { Diagnostic } from '../../types';
import { FolderGuard } from '../../util/insideFolder';
import { displayPath } from '../../util/paths';
import { readServerEntry, type EntryContext } from './serverEntry';
import { originText, type McpConfigFormat, type McpServerConfig } from './serverConfig';
import type { VariableStyle } from './variables';
import { FileBoundError, READ_LIMITS, readUserText } from '../../util/readLimits';

/** Desktop clients whose MCP configs are read only when asked (`--import claude|cursor`). */
export type McpImport = 'claude' | 'cursor';
export const MCP_IMPORTS: readonly McpImport[] = ['claude', 'cursor'];

export interface DiscoverOptions {
  workspace: string;
  /** The OpenClaw config, when one was found; its diagnostics stay in its own reader. */
  openclaw?: ConfigReader;
  env: Record<string, string | undefined>;
  homeDir: string;
  /** Values for `${input:id}`. */
  inputs?: Record<string, string>;
  imports?: readonly McpImport[];
  platform?: NodeJS.Platform;
  /**
   * Untrusted workspaces: the workspace's MCP files (`.vscode/mcp.json`,
   * `.mcp.json`, `.cursor/mcp.json`) and the `envFile`s they name are not
   * read when they resolve outside the folder.
   */
  guard?: FolderGuard;
  /** The modelled OpenClaw version; from 2026.9.6 `timeout` and `connectTimeout` are seconds. Default: the seed's milliseconds. */
  openclawVersion?: string;
}

/** A VS Code `inputs` entry, for a host that prompts (and keeps passwords in its secret storage). */
export interface DeclaredInput {
  id: string;
  description?: string;
  password: boolean;
  /** `file:line` of the declaration. */
  origin: string;
}

export interface DiscoveredServers {
  servers: McpServerConfig[];
  /** Inputs the files declare; which ones a server still needs is in its `missingInputs`. */
  inputs: DeclaredInput[];
  /** Problems in the files read here (the OpenClaw config reports into its own reader). */
  diagnostics: Diagnostic[];
}

interface ServerFile {
  abs: string;
  format: McpConfigFormat;
  /** Key holding the servers object. */
  key: 'servers' | 'mcpServers';
  style: VariableStyle;
  /** Top-level keys the format defines; undefined: the file has other owners' keys too (Claude Desktop). */
  topKeys?: string[];
  /** Folder relative paths resolve against. */
  baseDir: string;
  /** Named by `--import`: a missing file is worth a note. */
  requested?: string;
  /** A file of the workspace (not the user's home): read only inside the folder when untrusted. */
  inWorkspace?: boolean;
}

function claudeDesktopConfig(opts: DiscoverOptions): string {
  const platform = opts.platform ?? process.platform;
  if (platform === 'darwin') {
    return path.join(opts.homeDir, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
  }
  if (platform === 'win32') {
    return path.join(opts.env.APPDATA ?? path.join(opts.homeDir, 'AppData', 'Roaming'), 'Claude', 'claude_desktop_config.json');
  }
  return path.join(opts.env.XDG_CONFIG_HOME ?? path.join(opts.homeDir, '.config'), 'Claude', 'claude_desktop_config.json');
}

/** The files after the OpenClaw config, in precedence order: earlier files win a name. */
function serverFiles(opts: DiscoverOptions): ServerFile[] {
  const ws = opts.workspace;
  const files: ServerFile[] = [
    { abs: path.join(ws, '.vscode', 'mcp.json'), format: 'vscode', key: 'servers', style: 'vscode', topKeys: ['servers', 'inputs'], baseDir: ws, inWorkspace: true },
    { abs: path.join(ws, '.mcp.json'), format: 'mcp.json', key: 'mcpServers', style: 'shell', topKeys: ['mcpServers'], baseDir: ws, inWorkspace: true },
  ];
  const imports = opts.imports ?? [];
  if (imports.includes('cursor')) {
    files.push(
      { abs: path.join(ws, '.cursor', 'mcp.json'), format: 'cursor', key: 'mcpServers', style: 'vscode', topKeys: ['mcpServers'], baseDir: ws, inWorkspace: true },
      { abs: path.join(opts.homeDir, '.cursor', 'mcp.json'), format: 'cursor', key: 'mcpServers', style: 'vscode', topKeys: ['mcpServers'], baseDir: ws, requested: '--import cursor' },
    );
  }
  if (imports.includes('claude')) {
    const abs = claudeDesktopConfig(opts);
    files.push({ abs, format: 'claude', key: 'mcpServers', style: 'none', baseDir: path.dirname(abs), requested: '--import claude' });
  }
  return files;
}

function readVsCodeInputs(reader: ConfigReader, given: Record<string, string>, out: DeclaredInput[]): { values: Record<string, string>; declared: Set<string> } {
  const values = { ...given };
  const declared = new Set<string>();
  const list = reader.raw(['inputs']);
  if (list === undefined) {
    return { values, declared };
  }
  if (!Array.isArray(list)) {
    reader.report(['inputs'], 'error', 'inputs must be an array; ignored');
    return { values, declared };
  }
  list.forEach((_, i) => {
    const id = reader.string(['inputs', i, 'id']);
    if (id === undefined) {
      reader.report(['inputs', i], 'error', `inputs[${i}] has no "id"; ignored`);
      return;
    }
    reader.checkKeys(['inputs', i], ['id', 'type', 'description', 'password', 'default', 'options', 'command', 'args']);
    declared.add(id);
    out.push({
      id,
      description: reader.string(['inputs', i, 'description']),
      password: reader.boolean(['inputs', i, 'password']) ?? false,
      origin: originText({ file: reader.file, line: reader.line(['inputs', i]) }),
    });
    const def = reader.raw(['inputs', i, 'default']);
    if (values[id] === undefined && typeof def === 'string') {
      values[id] = def;
    }
  });
  return { values, declared };
}

/**
 * Finds every configured MCP server: OpenClaw `mcp.servers`, then
 * `.vscode/mcp.json`, then `.mcp.json`, then (on request) Cursor and Claude
 * Desktop configs. A name already taken by an earlier file is reported and
 * the later definition ignored. Never throws.
 */
/**
 * Whether the modelled version reads `timeout` / `connectTimeout` as seconds,
 * a generated fact: its `openclaw doctor --fix` moves a number `timeout` to
 * `requestTimeoutMs` times 1000 (`migrateMcpServerTimeoutAliases`, in the
 * release's doctor table, scripts/extract-openclaw-doctor.mjs). A release
 * without a measured doctor table (before 2026.9.5) keeps the product's
 * milliseconds.
 */
function timeoutsInSeconds(version: string | undefined): boolean {
  const table = version ? doctorTableFor(version) : undefined;
  return table?.moves.some((m) => m.path === 'mcp.servers.*.timeout' && m.changes.some((c) => c.includes('requestTimeoutMs ({value*1000}'))) ?? false;
}

export function discoverServers(opts: DiscoverOptions): DiscoveredServers {
  const servers: McpServerConfig[] = [];
  const inputs: DeclaredInput[] = [];
  const diagnostics: Diagnostic[] = [];
  const byName = new Map<string, McpServerConfig>();
  const vars = { workspaceFolder: opts.workspace, userHome: opts.homeDir, env: opts.env, inputs: opts.inputs ?? {} };
  const guard = opts.guard ?? FolderGuard.open;

  const take = (cfg: McpServerConfig, reader: ConfigReader, at: (string | number)[]): void => {
    const prev = byName.get(cfg.name);
    if (prev) {
      reader.report(at, 'warning', `MCP server "${cfg.name}" is already defined at ${originText(prev.origin)}; this definition is ignored`, true);
      return;
    }
    byName.set(cfg.name, cfg);
    servers.push(cfg);
  };

  const oc = opts.openclaw;
  if (oc && oc.object(['mcp']) !== undefined) {
    const list = oc.object(['mcp', 'servers']) ?? {};
    const baseDir = path.dirname(oc.absFile);
    const ctx: EntryContext = { reader: oc, format: 'openclaw', vars: { ...vars, style: 'shell' }, baseDir, guard: guard.forPathsIn(oc.absFile), timeoutsInSeconds: timeoutsInSeconds(opts.openclawVersion) };
    for (const name of Object.keys(list)) {
      const cfg = readServerEntry(ctx, ['mcp', 'servers', name], name);
      if (cfg) {
        take(cfg, oc, ['mcp', 'servers', name]);
      }
    }
  }

  for (const f of serverFiles(opts)) {
    const refusal = f.inWorkspace ? guard.refusal(f.abs) : undefined;
    if (refusal) {
      diagnostics.push(guard.diagnostic(refusal));
      continue;
    }
    let text: string;
    try {
      text = readUserText(f.abs, READ_LIMITS.mcpServersFileBytes);
    } catch (err) {
      if (err instanceof FileBoundError) {
        diagnostics.push({ file: displayPath(opts.workspace, f.abs), severity: 'error', message: `MCP servers file not read: ${err.message}` });
        continue;
      }
      if (f.requested) {
        diagnostics.push({ file: f.abs, severity: 'info', message: `${f.requested}: no config found here` });
      }
      continue;
    }
    const display = displayPath(opts.workspace, f.abs);
    const doc = parseJson5(display, text);
    diagnostics.push(...doc.diagnostics);
    if (doc.value === undefined) {
      continue;
    }
    const reader = new ConfigReader(doc, f.abs);
    if (doc.value === null || typeof doc.value !== 'object' || Array.isArray(doc.value)) {
      reader.report([], 'error', `${display} must be a JSON object; ignored`);
      diagnostics.push(...reader.diagnostics);
      continue;
    }
    if (f.topKeys) {
      reader.checkKeys([], f.topKeys);
    }
    let values = vars.inputs;
    let declaredInputs: Set<string> | undefined;
    if (f.format === 'vscode') {
      const r = readVsCodeInputs(reader, vars.inputs, inputs);
      values = r.values;
      declaredInputs = r.declared;
    }
    const ctx: EntryContext = { reader, format: f.format, vars: { ...vars, inputs: values, style: f.style }, baseDir: f.baseDir, declaredInputs, guard: guard.forPathsIn(f.abs) };
    const list = reader.object([f.key]) ?? {};
    for (const name of Object.keys(list)) {
      const cfg = readServerEntry(ctx, [f.key, name], name);
      if (cfg) {
        take(cfg, reader, [f.key, name]);
      }
    }
    diagnostics.push(...reader.diagnostics);
  }
  return { servers, inputs, diagnostics };
}
