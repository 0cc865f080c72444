import type { Catalog } from '../catalog/catalog';
import { policySubjectOf } from '../catalog/policySubject';
import { suggestNames } from '../catalog/suggestNames';
import { SOURCE_GROUPS } from '../policy/groups';
import { OPENCLAW_MODELS, type OpenClawModel } from '../policy/openclawVersions';
import { aliasOf, normalizeToolName, patternMatches } from '../policy/toolPattern';
import { toolFilterDefect } from '../sources/mcp/toolFilter';
import type { CatalogTool, PluginReport, ServerReport, ToolSourceKind, ToolStatus } from '../types';
import type { ListKind } from './configLists';

/** What the language features read from a catalog: its tools, plugins, servers and the modelled OpenClaw tables. */
export interface AuthoringCatalog {
  tools: readonly CatalogTool[];
  plugins: readonly PluginReport[];
  servers: readonly ServerReport[];
  model: OpenClawModel;
}

const NEWEST = OPENCLAW_MODELS[OPENCLAW_MODELS.length - 1] as OpenClawModel;

export function authoringCatalogOf(c: Catalog): AuthoringCatalog {
  return { tools: c.tools, plugins: c.plugins, servers: c.servers, model: c.openclaw?.model ?? NEWEST };
}

/** The OpenClaw tables to read a config with: the catalog's, else the newest modelled version's. */
export function authoringModelOf(cat: AuthoringCatalog | undefined): OpenClawModel {
  return cat?.model ?? NEWEST;
}

/** One tool a pattern selects, as a hover lists it. */
export interface MatchedTool {
  id: string;
  name: string;
  source: ToolSourceKind;
  sourceName: string;
  status: ToolStatus;
}

export type TermKind = 'tool' | 'group' | 'source-group' | 'plugin' | 'server' | 'wildcard';

/** A value that may be written in a list, with what it selects now. */
export interface TermSuggestion {
  text: string;
  kind: TermKind;
  /** Tools it selects in the current catalog. */
  matches: number;
  /** Tool: its source and status; group, plugin, server: its name or members. */
  source?: ToolSourceKind;
  sourceName?: string;
  status?: ToolStatus;
  description?: string;
}

/** What one written entry means and selects. */
export interface EntryMeaning {
  entry: string;
  /** How the entry is read: a `group:*` name, a source group, a plugin id, a glob, an exact name, `*`. */
  reading: TermKind | 'glob' | 'unknown';
  /** The canonical name when the entry is an alias (`bash` -> `exec`). */
  alias?: string;
  /** A group of the modelled version: its members, present in this catalog or not. */
  groupMembers?: readonly string[];
  matched: MatchedTool[];
}

/** A written entry that selects nothing, with close names that do. */
export interface EntryProblem {
  entry: string;
  /** `warning`: no such name anywhere; `info`: a name OpenClaw knows but absent here, or some server listed nothing. */
  severity: 'warning' | 'info';
  reason: 'matches-nothing' | 'known-but-absent';
  suggestions: string[];
  /** Servers that listed no tools (failed, or not started): the entry may name one of theirs. */
  unlistedServers: string[];
}

function matched(t: CatalogTool): MatchedTool {
  return { id: t.id, name: t.name, source: t.source, sourceName: t.sourceName, status: t.status };
}

/** The MCP tool's own name (what `toolFilter` globs see besides `<server>__<tool>`). */
function rawMcpName(t: CatalogTool): string {
  if (t.rawName !== undefined) {
    return t.rawName;
  }
  const prefix = `mcp:${t.sourceName}:`;
  return t.id.startsWith(prefix) ? t.id.slice(prefix.length) : t.name;
}

/** The glob that selects one MCP server's tools: its model-visible prefix (`<server>__`). */
function serverGlob(server: string, cat: AuthoringCatalog): string {
  const owner = cat.tools.find((t) => t.source === 'mcp' && t.sourceName === server)?.modelOwner ?? server;
  return `${owner}__*`;
}

function pluginIds(cat: AuthoringCatalog): string[] {
  return [...new Set([...cat.plugins.map((p) => p.id), ...cat.model.bundledPlugins])];
}

/** Whether an entry of a list selects a tool, with the rules the catalog itself used. */
function selector(entry: string, list: ListKind, cat: AuthoringCatalog): (t: CatalogTool) => boolean {
  switch (list.kind) {
    case 'tool-pattern':
      return (t) => patternMatches(entry, policySubjectOf(t), cat.model);
    case 'tool-filter':
      return (t) => t.source === 'mcp' && t.sourceName === list.server && toolFilterDefect(list.server, { exclude: [entry], where: '' }, rawMcpName(t)) !== undefined;
    case 'plugin-id': {
      const id = entry.trim().toLowerCase();
      return (t) => t.source === 'openclaw' && t.sourceName !== 'core' && t.sourceName.toLowerCase() === id;
    }
  }
}

/** The tools an entry of a list selects in the catalog. */
export function entryMatches(entry: string, list: ListKind, cat: AuthoringCatalog): CatalogTool[] {
  return cat.tools.filter(selector(entry, list, cat));
}

function readingOf(entry: string, list: ListKind, cat: AuthoringCatalog): EntryMeaning['reading'] {
  if (list.kind === 'plugin-id') {
    return pluginIds(cat).some((p) => p.toLowerCase() === entry.trim().toLowerCase()) ? 'plugin' : 'unknown';
  }
  if (list.kind === 'tool-filter') {
    return entry.includes('*') || entry.includes('?') ? 'glob' : 'tool';
  }
  const p = normalizeToolName(entry, cat.model);
  if (p === '*') {
    return 'wildcard';
  }
  if ((SOURCE_GROUPS as readonly string[]).includes(p)) {
    return 'source-group';
  }
  if (Object.prototype.hasOwnProperty.call(cat.model.groups, p)) {
    return 'group';
  }
  if (p.includes('*')) {
    return cat.servers.some((s) => serverGlob(s.name, cat).toLowerCase() === p) ? 'server' : 'glob';
  }
  if (pluginIds(cat).some((id) => id.toLowerCase() === p)) {
    return 'plugin';
  }
  return cat.tools.some((t) => t.name.toLowerCase() === p || t.id.toLowerCase() === p) || cat.model.coreTools.some((t) => t.name === p) ? 'tool' : 'unknown';
}

/** What an entry means and which tools of the catalog it selects now. */
export function explainEntry(entry: string, list: ListKind, cat: AuthoringCatalog): EntryMeaning {
  const reading = readingOf(entry, list, cat);
  const p = normalizeToolName(entry, cat.model);
  const meaning: EntryMeaning = { entry, reading, matched: entryMatches(entry, list, cat).map(matched) };
  if (list.kind === 'tool-pattern') {
    const alias = aliasOf(entry, cat.model);
    if (alias !== undefined) {
      meaning.alias = alias;
    }
    if (reading === 'group') {
      meaning.groupMembers = cat.model.groups[p] ?? [];
    }
  }
  return meaning;
}

/** Whether the modelled OpenClaw version knows the entry even though this workspace has nothing it selects. */
function knownToOpenClaw(entry: string, list: ListKind, cat: AuthoringCatalog): boolean {
  const p = normalizeToolName(entry, cat.model);
  if (list.kind === 'tool-filter') {
    return false;
  }
  if (cat.model.bundledPlugins.some((id) => id.toLowerCase() === p)) {
    return true;
  }
  if (list.kind === 'plugin-id') {
    return false;
  }
  return (
    p === '*' ||
    (SOURCE_GROUPS as readonly string[]).includes(p) ||
    Object.prototype.hasOwnProperty.call(cat.model.groups, p) ||
    cat.model.coreTools.some((t) => t.name === p)
  );
}

/** Names worth proposing instead of an entry that selects nothing. */
function candidateNames(list: ListKind, cat: AuthoringCatalog): string[] {
  switch (list.kind) {
    case 'tool-pattern':
      return [...cat.tools.map((t) => t.name), ...Object.keys(cat.model.groups), ...SOURCE_GROUPS, ...pluginIds(cat)];
    case 'tool-filter':
      return cat.tools.filter((t) => t.source === 'mcp' && t.sourceName === list.server).map(rawMcpName);
    case 'plugin-id':
      return pluginIds(cat);
  }
}

/**
 * The problem with an entry, when it selects no tool of the catalog. Plugin
 * lists are left to the plugin source, which already reports unknown ids.
 */
export function entryProblem(entry: string, list: ListKind, cat: AuthoringCatalog): EntryProblem | undefined {
  if (list.kind === 'plugin-id' || entry.trim() === '' || cat.tools.some(selector(entry, list, cat))) {
    return undefined;
  }
  // A server that listed nothing (failed, not started in an untrusted folder) may hold the tool: say less.
  const unlisted = cat.servers.filter((s) => s.status !== 'ok').map((s) => s.name);
  if (list.kind === 'tool-filter' && (unlisted.includes(list.server) || !cat.servers.some((s) => s.name === list.server))) {
    return undefined;
  }
  const known = knownToOpenClaw(entry, list, cat);
  const wanted = entry.replace(/\*/g, '');
  const suggestions = wanted.length > 0 ? suggestNames(wanted, candidateNames(list, cat), 3) : [];
  return {
    entry,
    severity: known || unlisted.length > 0 ? 'info' : 'warning',
    reason: known ? 'known-but-absent' : 'matches-nothing',
    suggestions,
    unlistedServers: unlisted,
  };
}

/** Everything that may be written in a list of this kind, with what each selects now. */
export function listSuggestions(list: ListKind, cat: AuthoringCatalog): TermSuggestion[] {
  const out: TermSuggestion[] = [];
  const seen = new Set<string>();
  const add = (s: TermSuggestion): void => {
    const key = s.text.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(s);
    }
  };
  const count = (text: string): number => entryMatches(text, list, cat).length;
  if (list.kind === 'plugin-id') {
    for (const p of cat.plugins) {
      add({ text: p.id, kind: 'plugin', matches: p.toolCount, description: `${p.name} (${p.status})` });
    }
    for (const id of cat.model.bundledPlugins) {
      add({ text: id, kind: 'plugin', matches: count(id), description: `bundled with OpenClaw ${cat.model.version}` });
    }
    return out;
  }
  if (list.kind === 'tool-filter') {
    for (const t of cat.tools.filter((x) => x.source === 'mcp' && x.sourceName === list.server)) {
      add({ text: rawMcpName(t), kind: 'tool', matches: 1, source: t.source, sourceName: t.sourceName, status: t.status, description: t.description });
    }
    return out;
  }
  // An exact name selects the tools of that (normalized) name: counted once, not by matching every
  // name against every tool, which a catalog of thousands of tools could not afford on each keystroke.
  const sameName = new Map<string, number>();
  for (const t of cat.tools) {
    const n = normalizeToolName(t.name, cat.model);
    sameName.set(n, (sameName.get(n) ?? 0) + 1);
  }
  for (const t of cat.tools) {
    // Same-named tools of two sources: one entry, which selects both.
    // A name that is a shipped family (`canvas` also names `show_widget`) or a bundled plugin's id is counted
    // the exact way; there are only a few.
    const n = normalizeToolName(t.name, cat.model);
    const special = n in cat.model.policyNameFamilies || n in cat.model.policyNameRenames || n in cat.model.bundledPluginTools;
    const matches = special ? count(t.name) : sameName.get(n) ?? 1;
    add({ text: t.name, kind: 'tool', matches, source: t.source, sourceName: t.sourceName, status: t.status, description: t.description });
  }
  for (const [group, members] of Object.entries(cat.model.groups)) {
    // A group selects its members by name, whatever their source (as patternMatches does).
    const matches = [...new Set(members.map((m) => normalizeToolName(m, cat.model)))].reduce((n, m) => n + (sameName.get(m) ?? 0), 0);
    add({ text: group, kind: 'group', matches, description: members.join(', ') });
  }
  for (const g of SOURCE_GROUPS) {
    add({ text: g, kind: 'source-group', matches: count(g) });
  }
  // A plugin id selects the plugin's tools, a server glob the server's: counted by owner in one pass.
  const byOwner = new Map<string, number>();
  for (const t of cat.tools) {
    const key = `${t.source}:${t.sourceName}`;
    byOwner.set(key, (byOwner.get(key) ?? 0) + 1);
  }
  for (const p of cat.plugins) {
    add({ text: p.id, kind: 'plugin', matches: byOwner.get(`openclaw:${p.id}`) ?? 0, description: `${p.name} (${p.status})` });
  }
  for (const s of cat.servers) {
    add({ text: serverGlob(s.name, cat), kind: 'server', matches: byOwner.get(`mcp:${s.name}`) ?? 0, description: `MCP server ${s.name} (${s.status})` });
  }
  add({ text: '*', kind: 'wildcard', matches: count('*') });
  return out;
}
