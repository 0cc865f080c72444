import type { Catalog } from '../catalog/catalog';
import type { VisibleReason } from '../vocabulary';
import type { ToolSearchIndex } from '../gateway/searchIndex';
import type { ToolPolicy } from '../policy/policyEngine';
import type { OpenClawModel } from '../policy/openclawVersions';
import { toolReasonText } from '../reasons';
import type { CatalogTool, ToolSearchModeName, ToolSearchSettings, ToolSourceKind } from '../types';
import { controlNamesOf, controlToolsFor, generatedToolsFor, type GeneratedToolSet } from '../sources/generatedTools';
import { releaseDefaultMode } from '../config/toolSearchSettings';
import { buildDirectory, DIRECTORY_HEADING, directoryBound, type Directory } from './directory';
import { defaultCodeModeDecision, type CodeModeDecision } from '../catalog/codeModeActivation';
import { codeModeControlTools } from './codeModeTools';
import { policySubjectOf } from '../catalog/policySubject';
import { DEFAULT_SYSTEM_PROMPT, modeGuidance, productControlTools, type ModelTool } from './toolSearchTools';

/** Whether an isolated Node child can run `tool_search_code` (the bridge's probe result). */
export interface IsolationStatus {
  ok: boolean;
  reason?: string;
}

/** Why a tool is in front of the model this turn. */
/** Why a schema is in the request: the words are `vocabulary.ts`'s SENT_BECAUSE. */
export type { VisibleReason };

export interface VisibleTool {
  name: string;
  why: VisibleReason;
  id?: string;
  source?: ToolSourceKind;
  sourceName?: string;
}

export interface ClientToolConflict {
  name: string;
  id: string;
  /** The id of the tool that keeps the name. */
  with: string;
  /** The rendered reason (reasons.ts). */
  reason: string;
}

export interface SurfaceInput {
  catalog: Catalog;
  /** The requested mode (config or `--mode`). */
  mode: ToolSearchModeName;
  /**
   * The bridge's isolation probe. Absent means nobody could check, which
   * counts as "no isolated child": `code` never runs unisolated.
   */
  isolation?: IsolationStatus;
  prompt?: string;
  systemPrompt?: string;
  /** For `directory` mode's likely schemas. Without it none are estimated. */
  index?: ToolSearchIndex;
  /** Names or ids whose schema `directory` mode must always send (e.g. the reply tool). */
  requiredTools?: readonly string[];
  /** Likely schemas estimated from the prompt in `directory` mode: default 4, at most 12. */
  likelyLimit?: number;
  contextTokens?: number;
  directoryMaxChars?: number;
  /**
   * The policy in force now. When given, every tool is re-checked against it,
   * so a policy that tightened after the catalog was built hides tools at once.
   */
  policy?: ToolPolicy;
  /**
   * OpenClaw's Code Mode decision for the run (the rule, its limits); the
   * `code-mode` surface uses its limits. Absent: the release's defaults.
   */
  codeMode?: CodeModeDecision;
  /** The run has skills (Code Mode's `skills` global is described then). Default: true, as every release bundles some. */
  hasSkills?: boolean;
}

/** Why the surface is not the mode asked for. */
export type ModeFallback =
  | { kind: 'no-isolation'; from: 'code'; to: 'tools'; detail?: string }
  /**
   * The modelled release has no such mode (`directory` before 2026.6.8): its
   * `resolveToolSearchConfig` runs it as the mode `true` selects.
   */
  | { kind: 'mode-not-in-release'; from: ToolSearchModeName; to: ToolSearchModeName; version: string };

/** The one rendering of a mode fallback. */
export function fallbackText(f: ModeFallback): string {
  if (f.kind === 'mode-not-in-release') {
    return `OpenClaw ${f.version} has no ${f.from} mode: it runs mode "${f.from}" as ${f.to} mode`;
  }
  return `code mode needs an isolated Node child: ${f.detail ?? 'no isolation probe was available'}; using ${f.to} mode`;
}

/** Both reasons when the release runs directory as code and code then lacks its isolated child. */
function fallbacksText(release: ModeFallback | undefined, last: ModeFallback): string {
  return release && release !== last ? `${fallbackText(release)}; ${fallbackText(last)}` : fallbackText(last);
}

/**
 * Why the modelled release never sends this mode's request, when it has no
 * Tool Search at all (before 2026.5.12: its schema refuses `tools.toolSearch`,
 * so it does not start with one). The surface is then the product's Tool
 * Search over that release's tools, for comparison only.
 */
export function notInReleaseText(version: string): string {
  return `OpenClaw ${version} has no Tool Search (it came in 2026.5.12) and does not start with tools.toolSearch set: it sends no Tool Search mode; code, tools and directory show the product's Tool Search over ${version}'s tools, for comparison`;
}

export interface Surface {
  mode: ToolSearchModeName;
  effectiveMode: ToolSearchModeName;
  /** The fallback as data; `fallbackReason` is its text. */
  fallback?: ModeFallback;
  fallbackReason?: string;
  /** Set when the modelled release has no Tool Search and this is a Tool Search mode (`notInReleaseText`). */
  notInRelease?: string;
  systemPrompt: string;
  /** Exactly the function tools sent, in order. */
  tools: ModelTool[];
  visible: VisibleTool[];
  directory?: Directory;
  likely?: VisibleTool[];
  required?: VisibleTool[];
  /** Required names that are not first-party tools of the authorized catalog. */
  missingRequired?: string[];
  clientToolConflicts: ClientToolConflict[];
  /** Tools whose schema is available but not in front of the model this turn. */
  deferredCount: number;
}

export const DEFAULT_LIKELY = 4;
export const MAX_LIKELY = 12;
/** Longest prompt prefix used as a search query (the index's per-query bound). */
const LIKELY_QUERY_CHARS = 512;

export function modelToolOf(t: CatalogTool): ModelTool {
  return { name: t.name, description: t.description, parameters: t.parameters ?? { type: 'object', properties: {} } };
}

function visibleOf(t: CatalogTool, why: VisibleReason): VisibleTool {
  return { name: t.name, why, id: t.id, source: t.source, sourceName: t.sourceName };
}

/** Client tools the catalog builder refused because their name belongs to an OpenClaw, plugin or MCP tool. */
export function clientToolConflicts(catalog: Catalog): ClientToolConflict[] {
  return catalog.excluded
    .flatMap((t) => (t.reason?.kind === 'client-conflict' ? [{ name: t.name, id: t.id, with: t.reason.with, reason: toolReasonText(t) ?? '' }] : []));
}

function policyAllows(policy: ToolPolicy, t: CatalogTool): boolean {
  return policy.evaluate(policySubjectOf(t)).allowed;
}

/** The tools a Code Mode run catalogs (what `exec`'s program can reach): authorized, not direct-only; MCP included. */
export function codeModeCatalog(catalog: Catalog, policy: ToolPolicy | undefined): CatalogTool[] {
  return catalog.allowed.filter((t) => t.status === 'cataloged' && (!policy || policyAllows(policy, t)));
}

/** Resolves a name or id among the tools the model may use; never an excluded one. */
function resolveAllowed(catalog: Catalog, nameOrId: string): CatalogTool | undefined {
  const byId = catalog.get(nameOrId);
  if (byId) {
    return byId.status === 'excluded' ? undefined : byId;
  }
  const named = catalog.withName(nameOrId).filter((t) => t.status !== 'excluded');
  return named.length === 1 ? named[0] : undefined;
}

/**
 * What the model sees for one turn in one mode: the function tools, the
 * system prompt (with the directory in `directory` mode) and why each tool is
 * there. Pure: the isolation probe and the index are inputs.
 */
export function buildSurface(input: SurfaceInput): Surface {
  const surface = assembleSurface(input);
  const version = input.catalog.openclaw?.model.version;
  const generated = version !== undefined ? generatedToolsFor(version) : undefined;
  if (generated) {
    sortAsOpenClawSends(surface, generated);
  }
  return surface;
}

/**
 * The mode the modelled release runs for `mode`: one without directory mode
 * (before 2026.6.8) runs it as code; one without Tool Search (before
 * 2026.5.12) runs none, which `notInRelease` says.
 */
function modeOfRelease(mode: ToolSearchModeName, release: OpenClawModel | undefined): { effectiveMode: ToolSearchModeName; fallback?: ModeFallback; notInRelease?: string } {
  if (mode === 'code-mode') {
    const facts = release ? generatedToolsFor(release.version)?.codeMode : undefined;
    return facts ? { effectiveMode: mode } : { effectiveMode: mode, notInRelease: `OpenClaw ${release?.version ?? '(no modelled release)'} has no Code Mode modelled (tools.codeMode: exec/wait is generated from 2026.9.6): the card shows no request` };
  }
  if (release?.toolSearch === null && mode !== 'direct') {
    return { effectiveMode: mode, notInRelease: notInReleaseText(release.version) };
  }
  const facts = release?.toolSearch;
  if (facts && mode !== 'direct' && !facts.modes.includes(mode)) {
    // Its resolveToolSearchConfig runs it as the mode `true` selects (2026.5.12: directory as code).
    const to = releaseDefaultMode(facts);
    return { effectiveMode: to, fallback: { kind: 'mode-not-in-release', from: mode, to, version: release.version } };
  }
  return { effectiveMode: mode };
}

/** Code mode (its control tool runs a program) needs an isolated Node child: without one the turn is tools mode. */
function withIsolation(m: { effectiveMode: ToolSearchModeName; fallback?: ModeFallback }, isolation: IsolationStatus | undefined): { effectiveMode: ToolSearchModeName; fallback?: ModeFallback } {
  if (m.effectiveMode !== 'code' || isolation?.ok) {
    return m;
  }
  return { effectiveMode: 'tools', fallback: { kind: 'no-isolation', from: 'code', to: 'tools', ...(isolation?.reason ? { detail: isolation.reason } : {}) } };
}

function assembleSurface(input: SurfaceInput): Surface {
  const { catalog } = input;
  const settings = catalog.settings;
  // A version with generated tools sends OpenClaw's own control tools for the mode, and its tools array sorted by name.
  const generated = catalog.openclaw ? generatedToolsFor(catalog.openclaw.model.version) : undefined;
  const releaseMode = modeOfRelease(input.mode, catalog.openclaw?.model);
  const { effectiveMode, fallback } = withIsolation(releaseMode, input.isolation);
  const controls = controlToolsOfMode(generated, settings, effectiveMode);
  const policy = input.policy;
  const allowed = policy ? catalog.allowed.filter((t) => policyAllows(policy, t)) : catalog.allowed;
  const directOnly = allowed.filter((t) => t.status === 'direct-only');
  const cataloged = allowed.filter((t) => t.status === 'cataloged');
  // Searchable, and still sent up front in every Tool Search mode (OpenClaw 2026.9.6's core coding tools, the reply tool).
  const directVisible = cataloged.filter((t) => t.directVisible === true);
  const conflicts = clientToolConflicts(catalog);
  const base = input.systemPrompt ?? DEFAULT_SYSTEM_PROMPT;
  const surface: Surface = {
    mode: input.mode,
    effectiveMode,
    ...(fallback ? { fallback, fallbackReason: fallbacksText(releaseMode.fallback, fallback) } : {}),
    ...(releaseMode.notInRelease ? { notInRelease: releaseMode.notInRelease } : {}),
    systemPrompt: base,
    tools: [],
    visible: [],
    clientToolConflicts: conflicts,
    deferredCount: 0,
  };
  const show = (tools: readonly CatalogTool[], why: VisibleReason): void => {
    for (const t of tools) {
      surface.tools.push(modelToolOf(t));
      surface.visible.push(visibleOf(t, why));
    }
  };
  const showControlTools = (): void => {
    for (const tool of controls) {
      surface.tools.push(tool);
      surface.visible.push({ name: tool.name, why: 'tool-search' });
    }
  };
  const guidance = (mode: 'code' | 'tools' | 'directory'): string => modeGuidance(mode, controlNamesOf(controls));

  if (effectiveMode === 'direct') {
    show(cataloged, 'direct');
    show(directOnly, 'direct-only');
    return surface;
  }
  if (effectiveMode === 'code-mode') {
    return codeModeSurface(input, surface, { directOnly, cataloged, show });
  }
  showControlTools();
  show(directOnly, 'direct-only');
  show(directVisible, 'always-sent');
  if (effectiveMode !== 'directory') {
    surface.systemPrompt = `${base}\n\n${guidance(effectiveMode)}`;
    surface.deferredCount = cataloged.length - directVisible.length;
    return surface;
  }

  // directory: client tools stay visible; required and likely schemas are hydrated up front.
  const client = cataloged.filter((t) => t.source === 'client');
  show(client, 'client');
  const shownIds = new Set(surface.visible.map((v) => v.id).filter((x): x is string => x !== undefined));
  const { required, missing } = requiredTools(input, shownIds);
  show(required, 'required');
  // OpenClaw 2026.9.6's directory mode hydrates no schema from the prompt: a generated version estimates none unless asked.
  const likely = estimateLikely(input, shownIds, generated ? 0 : DEFAULT_LIKELY).filter((t) => !policy || policyAllows(policy, t));
  show(likely, 'likely');
  for (const t of likely) {
    shownIds.add(t.id);
  }
  const deferred = cataloged.filter((t) => !shownIds.has(t.id));
  // Every authorized tool takes part (visible ones only count for name uniqueness); only deferred first-party ones are listed.
  const directory = buildDirectory(
    cataloged.map((t) => ({ id: t.id, name: t.name, owner: t.sourceName, source: t.source, description: t.description, directVisible: shownIds.has(t.id) })),
    input.directoryMaxChars ?? epochDirectoryBound(input),
    'directory',
    input.catalog.openclaw?.model.directoryTexts,
  );
  surface.systemPrompt = `${base}\n\n${guidance('directory')}\n\n${directory.text}`;
  surface.directory = directory;
  surface.required = required.map((t) => visibleOf(t, 'required'));
  surface.likely = likely.map((t) => visibleOf(t, 'likely'));
  if (missing.length > 0) {
    surface.missingRequired = missing;
  }
  surface.deferredCount = deferred.length;
  return surface;
}

/**
 * Code Mode's surface (OpenClaw's applyCodeModeCatalog): `exec` and `wait`
 * plus the direct-only tools; every other authorized tool, MCP included, is
 * in the Code Mode catalog that exec's description indexes.
 */
function codeModeSurface(
  input: SurfaceInput,
  surface: Surface,
  parts: { directOnly: readonly CatalogTool[]; cataloged: readonly CatalogTool[]; show: (tools: readonly CatalogTool[], why: VisibleReason) => void },
): Surface {
  const facts = input.catalog.openclaw ? generatedToolsFor(input.catalog.openclaw.model.version)?.codeMode : undefined;
  if (!facts) {
    return surface;
  }
  const decision = input.codeMode ?? defaultCodeModeDecision(facts, true);
  const catalog = parts.cataloged;
  const swarm = decision.swarmEnabled && catalog.some((t) => t.source === 'openclaw' && t.name === 'sessions_spawn') && !catalog.some((t) => t.source === 'client' && t.name === 'sessions_spawn');
  for (const t of codeModeControlTools({ catalog, decision, skills: input.hasSkills ?? true, swarm }, facts)) {
    surface.tools.push(t);
    surface.visible.push({ name: t.name, why: 'code-mode' });
  }
  parts.show(parts.directOnly, 'direct-only');
  surface.deferredCount = catalog.length;
  return surface;
}

/** The required tools not shown yet (added to `shownIds`), and the names that cannot be (unknown, not first-party, denied). */
function requiredTools(input: SurfaceInput, shownIds: Set<string>): { required: CatalogTool[]; missing: string[] } {
  const { catalog, policy } = input;
  const required: CatalogTool[] = [];
  const missing: string[] = [];
  for (const r of input.requiredTools ?? []) {
    const t = resolveAllowed(catalog, r);
    // Only a first-party tool may be made visible as required: an MCP lookalike never becomes a
    // delivery tool (OpenClaw's `isDirectVisibleCatalogTool`).
    if (!t || t.source !== 'openclaw' || (policy && !policyAllows(policy, t))) {
      missing.push(r);
    } else if (!shownIds.has(t.id)) {
      required.push(t);
      shownIds.add(t.id);
    }
  }
  return { required, missing };
}

/**
 * The tools array in the order the release sends it; `visible` follows it.
 * From 2026.5.12 OpenClaw sorts the names with `localeCompare`
 * (`toSessionToolAllowlist`). Before, the session keeps the composition's
 * order: core tools as the release composes them, then the tools of plugins
 * it loads from the config's paths (loaded before the bundled ones), then
 * bundled-plugin tools as composed, then MCP tools; measured on 2026.2.26 -
 * 4.8. The workspace plugins' and the MCP tools keep the catalog's (id)
 * order, where the release keeps a plugin's registration order and (before
 * 4.8) a server's listing order: docs/fidelity.md. A conditional tool, when
 * assumed, goes after the tools of its group: its place in the composition is
 * not generated.
 */
function sortAsOpenClawSends(surface: Surface, set: GeneratedToolSet): void {
  const pairs = surface.tools.map((tool, i) => ({ tool, visible: surface.visible[i] }));
  if (set.requestOrder === 'by-name') {
    pairs.sort((a, b) => a.tool.name.localeCompare(b.tool.name));
  } else {
    const composed = new Map([...set.tools, ...set.conditionalTools].map((t, i) => [t.name, { i, core: t.owner === 'core' }]));
    const rank = (v: VisibleTool | undefined, name: string): [number, number] => {
      const g = v?.source === 'openclaw' ? composed.get(name) : undefined;
      if (g) {
        return [g.core ? 0 : 2, g.i];
      }
      return [v?.source === 'openclaw' ? 1 : v?.source === 'mcp' ? 3 : 4, 0];
    };
    // Array.prototype.sort is stable: equal ranks keep the catalog's order.
    pairs.sort((a, b) => {
      const [ga, ia] = rank(a.visible, a.tool.name);
      const [gb, ib] = rank(b.visible, b.tool.name);
      return ga - gb || ia - ib;
    });
  }
  surface.tools = pairs.map((p) => p.tool);
  surface.visible = pairs.flatMap((p) => (p.visible ? [p.visible] : []));
}

/**
 * The control tools the mode sends, in the release's order: the modelled
 * release's own (generated per mode); the product's where the release has no
 * Tool Search of its own (before 2026.5.12, the seed's design).
 */
function controlToolsOfMode(set: GeneratedToolSet | undefined, settings: ToolSearchSettings, mode: ToolSearchModeName): ModelTool[] {
  if (mode === 'direct' || mode === 'code-mode') {
    return [];
  }
  if (set && Object.keys(set.modes).length > 0) {
    return controlToolsFor(set, mode, settings);
  }
  return productControlTools(settings, mode);
}

/** The few schemas the prompt most likely needs, from the same index the model searches. */
function estimateLikely(input: SurfaceInput, shownIds: ReadonlySet<string>, defaultLimit: number): CatalogTool[] {
  const prompt = (input.prompt ?? '').trim();
  const limit = Math.max(0, Math.min(MAX_LIKELY, Math.trunc(input.likelyLimit ?? defaultLimit)));
  if (!input.index || prompt === '' || limit === 0) {
    return [];
  }
  let ids: string[];
  try {
    const max = Math.min(limit + shownIds.size, input.catalog.settings.maxSearchLimit);
    ids = input.index.search(prompt.slice(0, LIKELY_QUERY_CHARS), { limit: Math.max(1, max) }).hits.map((h) => h.id);
  } catch {
    // An estimate: a query the index refuses just means no likely schemas.
    return [];
  }
  const out: CatalogTool[] = [];
  for (const id of ids) {
    const t = input.catalog.get(id);
    // Fail closed: only tools the catalog authorizes, whatever the index returned. MCP descriptions
    // are untrusted (they chose the words that matched): their schemas stay deferred, as in OpenClaw.
    if (t && t.status === 'cataloged' && t.source === 'openclaw' && !shownIds.has(t.id) && out.length < limit) {
      out.push(t);
    }
  }
  return out;
}

/**
 * The directory's bound for the modelled epoch: releases whose directory
 * does not shrink descriptions (before 2026.9.3) bound it at a fixed 18,000
 * characters; later ones by the context window too.
 */
function epochDirectoryBound(input: SurfaceInput): number {
  const texts = input.catalog.openclaw?.model.directoryTexts;
  return texts && !texts.shrinksDescriptions ? directoryBound() : directoryBound(input.contextTokens);
}

/**
 * The deferred tool directory OpenClaw 2026.9.6 puts in the system prompt of
 * every Tool Search mode (code and tools too, not only directory): every
 * authorized first-party tool not sent up front, within a tenth of the
 * model's context window. The text after the `### Deferred Tool Schemas` heading.
 */
export function openclawDirectoryText(input: SurfaceInput, surface: Surface): string | undefined {
  const mode = surface.effectiveMode;
  // Code Mode sends no deferred tool directory: its catalog is in exec's description.
  if (mode === 'direct' || mode === 'code-mode') {
    return undefined;
  }
  const policy = input.policy;
  const cataloged = (policy ? input.catalog.allowed.filter((t) => policyAllows(policy, t)) : input.catalog.allowed).filter((t) => t.status === 'cataloged');
  const shown = new Set(surface.visible.map((v) => v.id).filter((x): x is string => x !== undefined));
  const directory = buildDirectory(
    cataloged.map((t) => ({ id: t.id, name: t.name, owner: t.sourceName, source: t.source, description: t.description, directVisible: shown.has(t.id) })),
    input.directoryMaxChars ?? epochDirectoryBound(input),
    mode,
    input.catalog.openclaw?.model.directoryTexts,
  );
  return directory.text.startsWith(`${DIRECTORY_HEADING}\n`) ? directory.text.slice(DIRECTORY_HEADING.length + 1) : directory.text;
}
