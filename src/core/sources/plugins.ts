import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { closest, type ConfigReader } from '../config/configReader';
import { OPENCLAW_MODELS, type OpenClawModel } from '../policy/openclawVersions';
import { parseJson5, type JsonPath } from '../config/json5Document';
import type { Diagnostic, PluginReport, RuleLocation, ToolCallResult, ToolDefinition, ToolExecutor } from '../types';
import { errorMessage } from '../util/errors';
import { FolderGuard } from '../util/insideFolder';
import { displayPath } from '../util/paths';
import { defectText } from '../reasons';
import { readToolDefinition } from './toolShape';
import type { SourceListing, ToolSourceProvider } from './toolSource';
import { READ_LIMITS, readUserText } from '../util/readLimits';

export const PLUGIN_MANIFEST = 'openclaw.plugin.json';

/** What a plugin's `beforeToolCall` hook may answer. */
export interface BeforeToolCallResult {
  block?: boolean;
  reason?: string;
  params?: Record<string, unknown>;
}

export interface BeforeToolCallEvent {
  toolName: string;
  toolId: string;
  params: Record<string, unknown>;
  callId: string;
}

/** The module a plugin's `handler` points at. */
export interface PluginHandlerModule {
  call(toolName: string, args: Record<string, unknown>, context: { callId: string; pluginId: string; config?: unknown }): Promise<unknown>;
  beforeToolCall?(event: BeforeToolCallEvent): Promise<BeforeToolCallResult | undefined> | BeforeToolCallResult | undefined;
}

export interface LoadedPlugin {
  id: string;
  name: string;
  manifestPath: string;
  /** Absolute path of the handler module, when the manifest names one. */
  handlerPath?: string;
  enabled: boolean;
  config?: unknown;
}

export interface PluginSourceOptions {
  workspace: string;
  reader?: ConfigReader;
  /** False in untrusted workspaces: handlers are never loaded. */
  allowCode: boolean;
  /** The modelled OpenClaw version, whose bundled plugin ids are known without a manifest. */
  model?: OpenClawModel;
  /** Untrusted workspaces: manifests and plugin folders that resolve outside the folder are not read. */
  guard?: FolderGuard;
  /** The folder OpenClaw runs from, which relative `plugins.load.paths` entries resolve against (default `workspace`). */
  cwd?: string;
  /** The home folder `~` in a load path stands for. */
  homeDir?: string;
}

/**
 * A `plugins.load.paths` entry as OpenClaw 2026.9.6 resolves it
 * (src/plugins/discovery.ts `discoverFromPath` -> `resolveUserPath`): trimmed,
 * a leading `~` is the home folder, anything else is `path.resolve`d against
 * the working directory of the OpenClaw process, never the config's folder.
 */
export function resolveLoadPath(entry: string, cwd: string, homeDir?: string): string {
  const trimmed = entry.trim();
  if (homeDir !== undefined && (trimmed === '~' || trimmed.startsWith('~/') || trimmed.startsWith('~\\'))) {
    return path.resolve(homeDir, trimmed.slice(2));
  }
  return path.resolve(cwd, trimmed);
}

interface PluginPolicy {
  /** The config place at a JSON path (key position when `key`), for reasons that name the rule. */
  at: (path: JsonPath, key?: boolean) => RuleLocation;
  enabled: boolean;
  allow: string[];
  deny: string[];
  entries: Record<string, { enabled?: boolean; config?: unknown }>;
}

function readPluginPolicy(reader: ConfigReader | undefined): PluginPolicy {
  const at = (p: JsonPath, key = false): RuleLocation => {
    const pos = reader?.doc.locate(p, key);
    return { file: reader?.file, line: pos?.line, column: pos?.column, path: p };
  };
  const policy: PluginPolicy = { at, enabled: true, allow: [], deny: [], entries: {} };
  if (!reader || !reader.object(['plugins'])) {
    return policy;
  }
  policy.enabled = reader.boolean(['plugins', 'enabled']) ?? true;
  policy.allow = reader.stringArray(['plugins', 'allow']) ?? [];
  policy.deny = reader.stringArray(['plugins', 'deny']) ?? [];
  const entries = reader.object(['plugins', 'entries']) ?? {};
  for (const id of Object.keys(entries)) {
    if (reader.object(['plugins', 'entries', id])) {
      policy.entries[id] = {
        enabled: reader.boolean(['plugins', 'entries', id, 'enabled']),
        config: reader.raw(['plugins', 'entries', id, 'config']),
      };
    }
  }
  return policy;
}

/**
 * Manifest files named by `plugins.load.paths` and `<workspace>/.openclaw/extensions/*`.
 * In an untrusted workspace (`guard`), a path that resolves outside the folder
 * is not read: one diagnostic each, on the `plugins.load.paths` entry when
 * the config named it.
 */
export function discoverManifests(
  workspace: string,
  reader: ConfigReader | undefined,
  diagnostics: Diagnostic[],
  guard: FolderGuard = FolderGuard.open,
  where: { cwd?: string; homeDir?: string } = {},
): string[] {
  const found: string[] = [];
  const refused = new Set<string>();
  // Reports a refusal once per path; true when `p` may not be read.
  const refuse = (p: string, subject?: string, at?: { file: string; line?: number; column?: number }, g: FolderGuard = guard): boolean => {
    const r = g.refusal(p, subject);
    if (!r) {
      return false;
    }
    if (!refused.has(r.path)) {
      refused.add(r.path);
      diagnostics.push(g.diagnostic(r, at));
    }
    return true;
  };
  const addDir = (dir: string, g: FolderGuard = guard): boolean => {
    const m = path.join(dir, PLUGIN_MANIFEST);
    if (fs.existsSync(m)) {
      // A plugin folder (or its manifest) that is a symlink out of the workspace.
      if (!refuse(m, undefined, undefined, g)) {
        found.push(m);
      }
      return true;
    }
    return false;
  };
  const paths = reader?.stringArray(['plugins', 'load', 'paths']) ?? [];
  // Listed with the source's own diagnostics, each time the source lists: a fault of the config as it is now.
  const entryAt = (i: number): { file: string; line?: number; column?: number } | undefined => {
    if (!reader) {
      return undefined;
    }
    const at = reader.doc.locate(['plugins', 'load', 'paths', i]);
    return { file: reader.file, line: at?.line, column: at?.column };
  };
  const fault = (i: number, severity: Diagnostic['severity'], message: string): void => {
    const at = entryAt(i);
    if (at) {
      diagnostics.push({ ...at, severity, message });
    }
  };
  // The user's own config (outside the folder) names what it likes; the workspace's config stays inside.
  const pathGuard = reader ? guard.forPathsIn(reader.absFile) : guard;
  const cwd = where.cwd ?? workspace;
  paths.forEach((p, i) => {
    if (p.trim() === '') {
      return;
    }
    const abs = resolveLoadPath(p, cwd, where.homeDir);
    const configDir = reader ? path.dirname(reader.absFile) : cwd;
    if (!path.isAbsolute(p.trim()) && !p.trim().startsWith('~') && path.resolve(configDir, p.trim()) !== abs) {
      fault(i, 'info', `plugins.load.paths[${i}] "${p}" is relative: OpenClaw resolves it against the folder it runs from (${abs}), not the config's folder (src/plugins/discovery.ts resolveUserPath)`);
    }
    if (refuse(abs, `plugins.load.paths[${i}] "${p}"`, entryAt(i), pathGuard)) {
      return;
    }
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(abs);
    } catch {
      fault(i, 'error', `plugins.load.paths[${i}]: plugin path "${p}" does not exist (${abs}); no plugin is loaded from it`);
      return;
    }
    if (stat.isFile()) {
      found.push(abs);
    } else if (!addDir(abs, pathGuard)) {
      // A folder of plugin folders.
      const before = found.length;
      let named = false;
      for (const child of safeReaddir(abs)) {
        named = addDir(path.join(abs, child), pathGuard) || named;
      }
      if (found.length === before && !named) {
        fault(i, 'warning', `plugins.load.paths[${i}]: plugin path "${p}" holds no ${PLUGIN_MANIFEST}, neither directly nor one folder down`);
      }
    }
  });
  const ext = path.join(workspace, '.openclaw', 'extensions');
  if (!refuse(ext)) {
    for (const child of safeReaddir(ext)) {
      addDir(path.join(ext, child));
    }
  }
  return [...new Set(found.map((f) => path.resolve(f)))];
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/**
 * Plugin tools from manifests. Building the catalog only reads manifests;
 * handler code is loaded on the first call, and never when `allowCode` is off.
 */
export class PluginToolSource implements ToolSourceProvider {
  readonly name = 'plugins';
  readonly plugins = new Map<string, LoadedPlugin>();
  private readonly handlers = new Map<string, Promise<PluginHandlerModule>>();

  constructor(private readonly opts: PluginSourceOptions) {}

  list(): Promise<SourceListing> {
    const diagnostics: Diagnostic[] = [];
    const tools: ToolDefinition[] = [];
    const reports: PluginReport[] = [];
    const policy = readPluginPolicy(this.opts.reader);
    this.plugins.clear();
    for (const manifest of discoverManifests(this.opts.workspace, this.opts.reader, diagnostics, this.opts.guard, { cwd: this.opts.cwd, homeDir: this.opts.homeDir })) {
      this.readManifest(manifest, policy, tools, reports, diagnostics);
    }
    this.checkPluginIds(reports, diagnostics);
    return Promise.resolve({ tools, plugins: reports, diagnostics });
  }

  /**
   * Ids named in plugins.allow, plugins.deny and plugins.entries that match no
   * plugin found here nor one the modelled OpenClaw version ships with: most
   * often a typo, which silently allows or denies nothing.
   */
  private checkPluginIds(reports: readonly PluginReport[], diagnostics: Diagnostic[]): void {
    const reader = this.opts.reader;
    if (!reader || !reader.object(['plugins'])) {
      return;
    }
    const found = new Set(reports.map((r) => r.id));
    // Any modelled version's bundled plugins, and plugins OpenClaw recorded as installed on that machine.
    const installs = reader.raw(['plugins', 'installs']);
    const bundled = new Set([
      ...OPENCLAW_MODELS.flatMap((m) => m.bundledPlugins),
      ...(installs && typeof installs === 'object' && !Array.isArray(installs) ? Object.keys(installs) : []),
    ]);
    const known = [...found, ...bundled];
    const check = (id: string, at: (string | number)[], where: string): void => {
      if (found.has(id) || bundled.has(id)) {
        return;
      }
      const pos = reader.doc.locate(at, typeof at[at.length - 1] === 'string');
      const hint = closest(id, known);
      diagnostics.push({
        file: reader.file,
        line: pos?.line,
        column: pos?.column,
        severity: 'warning',
        message:
          `${where} names plugin "${id}", but no plugin with that id was found (plugins.load.paths, .openclaw/extensions) ` +
          `and no modelled OpenClaw version (${OPENCLAW_MODELS.map((m) => m.version).join(', ')}) ships one${hint ? ` (did you mean "${hint}"?)` : ''}`,
      });
    };
    for (const key of ['allow', 'deny'] as const) {
      const raw = reader.raw(['plugins', key]);
      if (Array.isArray(raw)) {
        raw.forEach((id, i) => {
          if (typeof id === 'string') {
            check(id, ['plugins', key, i], `plugins.${key}[${i}]`);
          }
        });
      }
    }
    const entries = reader.raw(['plugins', 'entries']);
    if (entries && typeof entries === 'object' && !Array.isArray(entries)) {
      for (const id of Object.keys(entries)) {
        check(id, ['plugins', 'entries', id], `plugins.entries.${id}`);
      }
    }
  }

  private readManifest(absFile: string, policy: PluginPolicy, tools: ToolDefinition[], reports: PluginReport[], diagnostics: Diagnostic[]): void {
    const file = displayPath(this.opts.workspace, absFile);
    let text: string;
    try {
      text = readUserText(absFile, READ_LIMITS.pluginManifestBytes);
    } catch (err) {
      diagnostics.push({ file, severity: 'error', message: `cannot read plugin manifest: ${errorMessage(err)}` });
      reports.push({ id: path.basename(path.dirname(file)), name: '', manifest: file, status: 'failed', reason: 'unreadable manifest', toolCount: 0 });
      return;
    }
    const doc = parseJson5(file, text);
    diagnostics.push(...doc.diagnostics);
    const m = doc.value as Record<string, unknown> | undefined;
    const loc = (p: (string | number)[]): number | undefined => doc.locate(p)?.line;
    const manifestAt = (p: (string | number)[], key = false): RuleLocation => {
      const pos = doc.locate(p, key);
      return { file, line: pos?.line, column: pos?.column, path: p };
    };
    if (!m || typeof m !== 'object' || Array.isArray(m)) {
      if (doc.diagnostics.length === 0) {
        diagnostics.push({ file, line: 1, severity: 'error', message: 'plugin manifest must be a JSON object' });
      }
      reports.push({ id: path.basename(path.dirname(file)), name: '', manifest: file, status: 'failed', reason: 'invalid manifest', toolCount: 0 });
      return;
    }
    const id = typeof m.id === 'string' && m.id.trim() !== '' ? m.id : undefined;
    if (!id) {
      diagnostics.push({ file, line: loc(['id']) ?? 1, severity: 'error', message: 'plugin manifest has no "id"; plugin skipped' });
      reports.push({ id: path.basename(path.dirname(file)), name: '', manifest: file, status: 'failed', reason: 'manifest has no id', toolCount: 0 });
      return;
    }
    if (this.plugins.has(id)) {
      diagnostics.push({ file, line: loc(['id']), severity: 'error', message: `plugin id "${id}" is also declared by ${this.plugins.get(id)?.manifestPath}; this copy is skipped` });
      reports.push({ id, name: String(m.name ?? id), manifest: file, status: 'failed', reason: 'duplicate plugin id', toolCount: 0 });
      return;
    }
    const name = typeof m.name === 'string' ? m.name : id;
    const entry = policy.entries[id];
    const { reason: disabledReason, at: disabledAt } = disabledBy(policy, id);
    const handler = typeof m.handler === 'string' ? path.resolve(path.dirname(absFile), m.handler) : undefined;
    this.plugins.set(id, { id, name, manifestPath: file, handlerPath: handler, enabled: !disabledReason, config: entry?.config });

    const rawTools = Array.isArray(m.tools) ? m.tools : [];
    if (m.tools !== undefined && !Array.isArray(m.tools)) {
      diagnostics.push({ file, line: loc(['tools']), severity: 'error', message: `plugin "${id}": "tools" must be an array` });
    }
    const contracts = (m.contracts as { tools?: unknown } | undefined)?.tools;
    const declared = Array.isArray(contracts) ? contracts.filter((x): x is string => typeof x === 'string') : undefined;
    const seen = new Set<string>();
    let count = 0;
    rawTools.forEach((raw, i) => {
      const line = loc(['tools', i]);
      const { def, problem } = readToolDefinition(raw, 'openclaw', id, { file, line });
      if (problem || !def) {
        diagnostics.push({ file, line, severity: 'error', message: `plugin "${id}": ${problem}; tool excluded` });
        if (def) {
          tools.push(def);
        }
        return;
      }
      const t = def;
      if (seen.has(t.name.toLowerCase())) {
        def.invalid = { kind: 'duplicate' };
        diagnostics.push({ file, line, severity: 'error', message: `plugin "${id}": ${defectText(def.invalid, def)}; the later definition is excluded` });
      } else if (declared && !declared.includes(t.name)) {
        def.invalid = { kind: 'undeclared', at: manifestAt(['contracts', 'tools'], true) };
        diagnostics.push({ file, line, severity: 'warning', message: `plugin "${id}": ${defectText(def.invalid, def)}; tool excluded` });
      } else if (disabledReason) {
        def.invalid = { kind: 'plugin-disabled', why: disabledReason, ...(disabledAt ? { at: disabledAt } : {}) };
      }
      seen.add(t.name.toLowerCase());
      if (!def.invalid) {
        count++;
      }
      tools.push(def);
    });
    for (const n of declared ?? []) {
      if (!seen.has(n.toLowerCase())) {
        const line = loc(['contracts', 'tools', declared?.indexOf(n) ?? 0]);
        const missing: ToolDefinition = {
          source: 'openclaw', owner: id, name: n, description: '', origin: { file, line },
          invalid: { kind: 'missing-definition', at: manifestAt(['contracts', 'tools', declared?.indexOf(n) ?? 0]) },
        };
        diagnostics.push({ file, line, severity: 'error', message: `plugin "${id}": ${defectText({ kind: 'missing-definition' }, missing)}; tool excluded` });
        tools.push(missing);
      }
    }
    reports.push({ id, name, manifest: file, status: disabledReason ? 'disabled' : 'loaded', reason: disabledReason, toolCount: count });
  }

  readonly executor: ToolExecutor = {
    execute: async (tool, args, ctx): Promise<ToolCallResult> => {
      const handler = await this.handlerFor(tool.sourceName);
      const plugin = this.plugins.get(tool.sourceName);
      const value = await handler.call(tool.name, args, { callId: ctx.callId, pluginId: tool.sourceName, config: plugin?.config });
      return { value };
    },
  };

  /** Loads (once) the handler module of a plugin; refuses in untrusted workspaces. */
  handlerFor(pluginId: string): Promise<PluginHandlerModule> {
    const plugin = this.plugins.get(pluginId);
    if (!plugin) {
      return Promise.reject(new Error(`plugin "${pluginId}" is not loaded`));
    }
    if (!this.opts.allowCode) {
      return Promise.reject(new Error(`plugin "${pluginId}": the workspace is not trusted, so plugin code is not loaded`));
    }
    if (!plugin.handlerPath) {
      return Promise.reject(new Error(`plugin "${pluginId}" declares no "handler" in ${plugin.manifestPath}, so its tools cannot run here`));
    }
    let p = this.handlers.get(pluginId);
    if (!p) {
      const handlerPath = plugin.handlerPath;
      p = import(pathToFileURL(handlerPath).href).then((mod: unknown) => {
        const m = ((mod as { default?: unknown }).default ?? mod) as Partial<PluginHandlerModule>;
        const call = m.call ?? (mod as Partial<PluginHandlerModule>).call;
        if (typeof call !== 'function') {
          throw new Error(`plugin "${pluginId}": ${handlerPath} does not export call(toolName, args, context)`);
        }
        return { call, beforeToolCall: m.beforeToolCall ?? (mod as Partial<PluginHandlerModule>).beforeToolCall } as PluginHandlerModule;
      });
      this.handlers.set(pluginId, p);
      p.catch(() => this.handlers.delete(pluginId));
    }
    return p;
  }

  /** Plugins with handlers that are enabled: the ones whose `beforeToolCall` hooks apply. */
  enabledWithHandlers(): LoadedPlugin[] {
    return [...this.plugins.values()].filter((p) => p.enabled && p.handlerPath);
  }
}

/** Why the config turns plugin `id` off, and the rule that does: plugins off, denied, not allowed, its entry disabled. */
function disabledBy(policy: PluginPolicy, id: string): { reason?: string; at?: RuleLocation } {
  if (!policy.enabled) {
    return { reason: 'plugins.enabled is false', at: policy.at(['plugins', 'enabled'], true) };
  }
  if (policy.deny.includes(id)) {
    return { reason: `plugin "${id}" is in plugins.deny`, at: policy.at(['plugins', 'deny', policy.deny.indexOf(id)]) };
  }
  if (policy.allow.length > 0 && !policy.allow.includes(id)) {
    return { reason: `plugin "${id}" is not in plugins.allow`, at: policy.at(['plugins', 'allow'], true) };
  }
  if (policy.entries[id]?.enabled === false) {
    return { reason: `plugins.entries.${id}.enabled is false`, at: policy.at(['plugins', 'entries', id, 'enabled'], true) };
  }
  return {};
}
