import { codeModeBindings, codeModeEntryOf } from '../modes/codeModeTools';
import type { CodeModeFacts, CodeModeRuntimeTexts } from '../sources/generatedTools';
import type { CatalogTool } from '../types';

/**
 * What a Code Mode program sees of the run's catalog, as OpenClaw 2026.9.6
 * builds it (`createCodeModeCatalogProjection`, `createMcpNamespacePlan`):
 * one callable handle per native or client tool (also an async global of its
 * callable name), and MCP tools under `MCP.<server>.<tool>` with identifiers
 * made the way OpenClaw makes them. The guest half crosses into the sandbox
 * as JSON; the host half maps a callable name back to the catalog tool.
 */

/** A handle's metadata (guest-api.md `ToolCatalogMetadata`), in OpenClaw's key order. */
export interface CodeModeHandleMeta {
  callableName: string;
  toolName: string;
  label?: string;
  description: string;
  source: 'openclaw' | 'client' | 'mcp';
  apiPath?: string;
  input?: string;
  output?: string;
}

/** The sandbox's half: `catalog.all()` and the globals, and the MCP namespace's identifiers. */
export interface CodeModeGuest {
  /** The file a program's frames name in its error text (the release's own). */
  frameFile: string;
  /** What an MCP namespace call with more than one argument fails with. */
  oneObjectArgument: string;
  all: CodeModeHandleMeta[];
  /** server identifier -> its configured name (`$serverName`), and tool identifier -> the callable name the host resolves (`MCP.<server>.<tool>`). */
  mcp: Record<string, { serverName: string; tools: Record<string, string> }>;
}

export interface CodeModeGuestPlan {
  guest: CodeModeGuest;
  /** Callable name (a global's, or `MCP.<server>.<tool>`) -> the catalog tool. */
  byCallable: ReadonlyMap<string, CatalogTool>;
  /** Catalog id -> the metadata its handle carries (search results are made from it). */
  metaById: ReadonlyMap<string, CodeModeHandleMeta>;
  catalog: readonly CatalogTool[];
}

/** OpenClaw's bound on an MCP tool's remote description in a handle (UTF-16 code units, surrogate pairs kept whole). */
const MCP_DESCRIPTION_MAX = 512;

export function codeModeGuestPlan(catalog: readonly CatalogTool[], facts: CodeModeFacts, texts: CodeModeRuntimeTexts): CodeModeGuestPlan {
  const byId = new Map(catalog.map((t) => [t.id, t]));
  const byCallable = new Map<string, CatalogTool>();
  const metaById = new Map<string, CodeModeHandleMeta>();
  const all: CodeModeHandleMeta[] = [];
  for (const b of codeModeBindings(catalog.map(codeModeEntryOf), facts)) {
    const t = byId.get(b.id);
    if (!t) {
      continue;
    }
    const meta: CodeModeHandleMeta = {
      callableName: b.callableName,
      toolName: t.name,
      // OpenClaw gives a tool without its own label its name (the fake plugin's tools, for one).
      label: t.label ?? t.name,
      description: t.description,
      source: t.source === 'client' ? 'client' : 'openclaw',
      // Client schemas stay deferred until describe(): OpenClaw shows their input as unknown.
      ...(t.source === 'client' ? { input: 'unknown' } : b.input !== undefined ? { input: b.input } : {}),
      ...(b.output !== undefined ? { output: b.output } : {}),
    };
    byCallable.set(b.callableName, t);
    metaById.set(t.id, meta);
    all.push(meta);
  }
  const mcp: CodeModeGuest['mcp'] = {};
  for (const { server, tools } of mcpNamespace(catalog, texts.namespaceReserved)) {
    const names: Record<string, string> = {};
    for (const { identifier, tool } of tools) {
      const callableName = `MCP.${server}.${identifier}`;
      names[identifier] = callableName;
      byCallable.set(callableName, tool);
      metaById.set(tool.id, {
        callableName,
        toolName: tool.rawName ?? tool.name,
        description: utf16Prefix(tool.description, MCP_DESCRIPTION_MAX),
        source: 'mcp',
        apiPath: `mcp/${server}.d.ts`,
      });
    }
    mcp[server] = { serverName: tools[0]?.tool.sourceName ?? server, tools: names };
  }
  return { guest: { frameFile: texts.userSourceFile, oneObjectArgument: texts.mcpOneObjectArgument, all, mcp }, byCallable, metaById, catalog };
}

/** Words joined in lower camel case, as OpenClaw's `toIdentifier`; the fallback when nothing usable is left. */
export function namespaceIdentifier(value: string, fallback: string): string {
  const words = value
    .trim()
    .split(/[^A-Za-z0-9]+/u)
    .filter(Boolean);
  const joined = words.length === 0 ? fallback : words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  const safe = joined.replace(/^[^A-Za-z_$]+/u, '').replace(/[^A-Za-z0-9_$]/gu, '');
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/u.test(safe) ? safe : fallback;
}

/** Names a namespace segment must not take (OpenClaw's forbidden path segments and the namespace's own members). */
const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

function unique(base: string, used: Set<string>, reserved: ReadonlySet<string>): string {
  let candidate = base;
  for (let i = 2; used.has(candidate) || reserved.has(candidate) || FORBIDDEN_SEGMENTS.has(candidate); i++) {
    candidate = `${base}${i}`;
  }
  used.add(candidate);
  return candidate;
}

/** Where OpenClaw puts a server's utility tools: its own members, which take no tool identifier. */
const UTILITY_PATHS: Readonly<Record<string, string>> = {
  resources_list: 'resources.list',
  resources_read: 'resources.read',
  prompts_list: 'prompts.list',
  prompts_get: 'prompts.get',
};

/**
 * Servers by their provider-safe name, tools in catalog-id order, each name
 * made unique within its scope and never one of `reserved` (the release's
 * reserved globals and keywords); a utility tool's identifier is its dotted
 * member path (`resources.read`).
 */
export function mcpNamespace(catalog: readonly CatalogTool[], reservedNames: readonly string[] = []): { server: string; tools: { identifier: string; tool: CatalogTool }[] }[] {
  const reserved = new Set(reservedNames);
  const entries = catalog.filter((t) => t.source === 'mcp').sort((a, b) => a.id.localeCompare(b.id));
  const servers = new Map<string, CatalogTool[]>();
  for (const t of entries) {
    const safe = t.modelOwner ?? t.sourceName;
    servers.set(safe, [...(servers.get(safe) ?? []), t]);
  }
  const usedServers = new Set<string>();
  return [...servers.entries()]
    .sort(([a], [b]) => JSON.stringify(['gateway', a]).localeCompare(JSON.stringify(['gateway', b])))
    .map(([safe, tools]) => {
      const server = unique(namespaceIdentifier(safe, 'server'), usedServers, reserved);
      // `$api`, `resources` and `prompts` are the namespace's own members.
      const usedTools = new Set(['$api', 'resources', 'prompts']);
      const utility = (t: CatalogTool): string | undefined => (t.mcpOperation !== undefined ? UTILITY_PATHS[t.mcpOperation] : undefined);
      return {
        server,
        tools: tools.map((tool) => ({ identifier: utility(tool) ?? unique(namespaceIdentifier(tool.rawName ?? tool.name, 'tool'), usedTools, reserved), tool })),
      };
    });
}

function utf16Prefix(text: string, max: number): string {
  if (text.length <= max) {
    return text;
  }
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
