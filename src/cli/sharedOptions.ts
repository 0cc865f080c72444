import * as path from 'node:path';
import { MCP_IMPORTS, type McpImport } from '../core/sources/mcp';
import { parseSnapshotArg } from '../core/sources/mcpSnapshot';
import { isKnownVersionSyntax, OPENCLAW_MODELS } from '../core/policy/openclawVersions';
import { findInstalledOpenClaw } from '../core/oracle/openclawLocation';
import { knownConditionIds } from '../core/sources/generatedTools';
import type { ToolSearchModeName } from '../core/types';
import type { WorkspaceOptions } from '../core/workspace';
import { UsageError, type OptionSpec, type ParsedArgs } from './cliTypes';

/** Inputs shared by every command that needs a catalog (CLI contract). */
export const SHARED_OPTIONS = {
  workspace: { type: 'string' },
  config: { type: 'string' },
  'no-user-config': { type: 'boolean' },
  snapshot: { type: 'string', multiple: true },
  'client-tools': { type: 'string' },
  agent: { type: 'string' },
  session: { type: 'string' },
  provider: { type: 'string' },
  sandboxed: { type: 'boolean' },
  mode: { type: 'string' },
  'openclaw-version': { type: 'string' },
  openclaw: { type: 'string' },
  assume: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  input: { type: 'string', multiple: true },
  import: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, OptionSpec>;

/** How `--help` and docs/cli.md spell each shared flag with its value (a unit test holds the three together). */
export const SHARED_OPTION_USAGE: Readonly<Record<keyof typeof SHARED_OPTIONS, string>> = {
  workspace: '--workspace DIR',
  config: '--config FILE',
  'no-user-config': '--no-user-config',
  snapshot: '--snapshot NAME=PATH',
  'client-tools': '--client-tools FILE',
  agent: '--agent ID',
  session: '--session KEY',
  provider: '--provider P[/MODEL]',
  sandboxed: '--sandboxed',
  mode: '--mode code|tools|directory|direct|code-mode',
  'openclaw-version': '--openclaw-version V',
  openclaw: '--openclaw PATH|VERSION',
  assume: '--assume C[,C...]',
  json: '--json',
  input: '--input id=value',
  import: `--import ${MCP_IMPORTS.join('|')}`,
  help: '--help',
};

const MODES: readonly ToolSearchModeName[] = ['code', 'tools', 'directory', 'direct', 'code-mode'];

function str(args: ParsedArgs, key: string): string | undefined {
  const v = args.values[key];
  return typeof v === 'string' ? v : undefined;
}

function list(args: ParsedArgs, key: string): string[] {
  const v = args.values[key];
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
}

export function workspaceOptionsFrom(args: ParsedArgs, cwd: string, env: Record<string, string | undefined>): WorkspaceOptions {
  const workspace = path.resolve(cwd, str(args, 'workspace') ?? '.');
  const mode = str(args, 'mode');
  if (mode !== undefined && !(MODES as readonly string[]).includes(mode)) {
    throw new UsageError(`--mode must be one of ${MODES.join(', ')}, got "${mode}"`);
  }
  const openclawVersion = str(args, 'openclaw-version');
  if (openclawVersion !== undefined && !isKnownVersionSyntax(openclawVersion)) {
    throw new UsageError(`--openclaw-version must be a version like ${OPENCLAW_MODELS.map((m) => m.version).join(' or ')}, got "${openclawVersion}"`);
  }
  const assume = list(args, 'assume')
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const conditions = knownConditionIds();
  const unknown = assume.filter((a) => !conditions.includes(a));
  if (unknown.length > 0) {
    throw new UsageError(`--assume takes conditions of the modelled OpenClaw versions (${conditions.join(', ')}), got ${unknown.map((u) => `"${u}"`).join(', ')}`);
  }
  const inputs: Record<string, string> = {};
  for (const kv of list(args, 'input')) {
    const eq = kv.indexOf('=');
    if (eq <= 0) {
      throw new UsageError(`--input expects id=value, got "${kv}"`);
    }
    inputs[kv.slice(0, eq)] = kv.slice(eq + 1);
  }
  const mcpImports: McpImport[] = [];
  for (const v of list(args, 'import').flatMap((s) => s.split(','))) {
    if (!(MCP_IMPORTS as readonly string[]).includes(v)) {
      throw new UsageError(`--import must be one of ${MCP_IMPORTS.join(', ')}, got "${v}"`);
    }
    mcpImports.push(v as McpImport);
  }
  // The OpenClaw the user runs: --openclaw PATH|VERSION, else `openclaw` on PATH (its package.json only).
  const installed = findInstalledOpenClaw(str(args, 'openclaw'), { env, cwd });
  return {
    workspace,
    ...(installed ? { installedOpenClaw: { version: installed.version, at: installed.at } } : {}),
    configPath: str(args, 'config') !== undefined ? path.resolve(cwd, str(args, 'config') as string) : undefined,
    noUserConfig: args.values['no-user-config'] === true,
    snapshots: list(args, 'snapshot').map((s) => parseSnapshotArg(s, cwd)),
    clientToolsPath: str(args, 'client-tools') !== undefined ? path.resolve(cwd, str(args, 'client-tools') as string) : undefined,
    policy: {
      agent: str(args, 'agent'),
      session: str(args, 'session'),
      provider: str(args, 'provider'),
      sandboxed: args.values.sandboxed === true ? true : undefined,
    },
    mode: mode as ToolSearchModeName | undefined,
    openclawVersion,
    ...(assume.length > 0 ? { assume } : {}),
    // The CLI runs where its user ran it: that is consent to start the
    // workspace's servers and plugin code, as `node` itself would.
    trusted: true,
    env,
    inputs,
    mcpImports,
  };
}
