import type { ToolSourceKind } from '../types';
import { OPENCLAW_MODELS, type OpenClawModel } from './openclawVersions';

/** What a policy pattern is matched against. */
export interface PolicySubject {
  name: string;
  source: ToolSourceKind;
  owner: string;
  /** Core tools: the `group:*` names they belong to. */
  groups: readonly string[];
  /** `openclaw:core:read`, `mcp:server:tool`, ... */
  id: string;
  /** For MCP tools: the model-visible `<server>__<tool>` name. */
  qualifiedName?: string;
  /**
   * A bare tool name, not a tool: no bundled-plugin owner is looked up. OpenClaw
   * matches a default sandbox deny entry against explicit allows through core
   * groups only (`filterDefaultDenyForExplicitAllows` / `expandToolGroups`).
   */
  asName?: boolean;
}

// Callers that do not name a version (approval rules) get the default model: the seed's.
const DEFAULT_MODEL = OPENCLAW_MODELS[0] as OpenClawModel;

/**
 * OpenClaw's `normalizeToolPolicyName`: trim, lower-case, then the version's
 * alias table (`bash` -> `exec`, `apply-patch` -> `apply_patch`, and in later
 * versions `cron` -> `automations`).
 */
export function normalizeToolName(name: string, model: OpenClawModel = DEFAULT_MODEL): string {
  const n = name.trim().toLowerCase();
  return model.aliases[n] ?? n;
}

/** The alias a written name was read as, when it is one (`bash` -> `exec`). */
export function aliasOf(name: string, model: OpenClawModel): string | undefined {
  const n = name.trim().toLowerCase();
  return model.aliases[n];
}

const globCache = new Map<string, RegExp>();

function globToRegExp(glob: string): RegExp {
  let re = globCache.get(glob);
  if (!re) {
    const body = glob.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    re = new RegExp(`^${body}$`);
    globCache.set(glob, re);
  }
  return re;
}

function isPluginTool(s: PolicySubject): boolean {
  return s.source === 'openclaw' && s.owner !== 'core';
}

/**
 * The plugin a first-party tool belongs to, for `group:plugins` and plugin-id
 * entries: its owner, or for a tool the product lists as core, the bundled
 * plugin that declares it in this version (2026.9.6 builds `canvas`,
 * `browser` and `memory_*` as tools of the plugins `canvas`, `browser` and
 * `memory-core`, from the generated `bundledPluginTools` table).
 */
function pluginOf(s: PolicySubject, model: OpenClawModel): string | undefined {
  if (isPluginTool(s)) {
    return s.owner.toLowerCase();
  }
  if (s.source !== 'openclaw' || s.asName === true) {
    return undefined;
  }
  const name = s.name.toLowerCase();
  return Object.entries(model.bundledPluginTools).find(([, p]) => p.tools.includes(name))?.[0];
}

/**
 * Whether one policy entry selects a tool, as OpenClaw's matcher does after
 * `expandToolGroups` and `expandPolicyWithPluginGroups`: names are normalized
 * (aliases included) on both sides; `*` is a wildcard; `group:*` names expand
 * to the version's core tools; a plugin id stands for its tools; `group:plugins`
 * names every plugin tool and `bundle-mcp` every MCP tool (OpenClaw registers
 * MCP tools as tools of the plugin `bundle-mcp`, so `group:plugins` holds them
 * too). Beyond OpenClaw, a tool's id and `group:client` are accepted.
 */
export function patternMatches(pattern: string, subject: PolicySubject, model: OpenClawModel = DEFAULT_MODEL): boolean {
  const p = normalizeToolName(pattern, model);
  // Shipped name families: OpenClaw expands an entry before it matches (`expandShippedCoreToolPolicyNames`).
  const renamed = Object.prototype.hasOwnProperty.call(model.policyNameRenames, p) ? model.policyNameRenames[p] : undefined;
  const family = Object.prototype.hasOwnProperty.call(model.policyNameFamilies, p) ? model.policyNameFamilies[p] ?? [] : [];
  if (family.length > 0 && !model.policyFamilyKeepsEntry) {
    // 2026.8.1 - 9.2: the key becomes its plugin's tools and the family; the name alone selects nothing else.
    return pluginOf(subject, model) === p || family.some((q) => entryMatches(q, subject, model));
  }
  if (renamed !== undefined || family.length > 0) {
    return [renamed ?? p, ...family].some((q) => entryMatches(q, subject, model));
  }
  return entryMatches(p, subject, model);
}

/** One normalized entry, after the family expansion. */
function entryMatches(p: string, subject: PolicySubject, model: OpenClawModel): boolean {
  if (p === '') {
    return false;
  }
  if (p === '*') {
    return true;
  }
  if (p === 'bundle-mcp') {
    return subject.source === 'mcp';
  }
  if (p === 'group:plugins') {
    return pluginOf(subject, model) !== undefined || subject.source === 'mcp';
  }
  if (p === 'group:client') {
    return subject.source === 'client';
  }
  const name = normalizeToolName(subject.name, model);
  const members = Object.prototype.hasOwnProperty.call(model.groups, p) ? model.groups[p] : undefined;
  if (members) {
    return members.some((m) => normalizeToolName(m, model) === name);
  }
  if (p.startsWith('group:')) {
    return subject.groups.some((g) => g.toLowerCase() === p);
  }
  if (p === pluginOf(subject, model)) {
    return true;
  }
  const candidates = [name, subject.id.toLowerCase()];
  if (subject.qualifiedName) {
    candidates.push(subject.qualifiedName.toLowerCase());
  }
  if (p.includes('*')) {
    const re = globToRegExp(p);
    return candidates.some((c) => re.test(c));
  }
  return candidates.includes(p);
}

const tableCoreToolsByModel = new WeakMap<OpenClawModel, ReadonlySet<string>>();

/** The normalized names of every core tool in the version's table (asked once per allow-list entry per decision). */
function tableCoreTools(model: OpenClawModel): ReadonlySet<string> {
  let names = tableCoreToolsByModel.get(model);
  if (!names) {
    names = new Set(model.coreTools.map((t) => normalizeToolName(t.name, model)));
    tableCoreToolsByModel.set(model, names);
  }
  return names;
}

/**
 * Whether an allow-list entry counts as core when a version drops a plugin-only
 * allow list, as its `stripPluginOnlyAllowlist` asks: `*`, or the entry (a
 * `group:*` name expanded to the version's members, every name normalized) is
 * exactly the name of a core tool the run builds. A glob such as `sessions_*`
 * is not expanded there, so it alone never counts as core. `runCoreTools`: the
 * normalized names of the core tools the run builds (`ToolPolicy.forRun`);
 * without them, every core tool of the version's table.
 */
export function namesCoreTool(pattern: string, model: OpenClawModel, runCoreTools?: ReadonlySet<string>): boolean {
  const p = normalizeToolName(pattern, model);
  if (p === '*') {
    return true;
  }
  const built = runCoreTools ?? tableCoreTools(model);
  const members = Object.prototype.hasOwnProperty.call(model.groups, p) ? model.groups[p] ?? [] : [p];
  return members.some((m) => built.has(normalizeToolName(m, model)));
}
