import seedTables from './versions/openclaw-2026.1.30.json';
import newestTables from './versions/openclaw-2026.9.6.json';

export type ProfileName = 'minimal' | 'coding' | 'messaging' | 'full';

/** One OpenClaw version's policy tables, as read from that version's own source (see `sources`). */
export interface OpenClawModel {
  version: string;
  /** Which OpenClaw file each table came from. */
  sources: Readonly<Record<string, string>>;
  coreTools: readonly { name: string; section: string; description?: string; profiles: readonly string[] }[];
  groups: Readonly<Record<string, readonly string[]>>;
  /** `null`: the profile restricts nothing (or allows `*`). */
  profiles: Readonly<Record<ProfileName, readonly string[] | null>>;
  aliases: Readonly<Record<string, string>>;
  sandbox: { allow: readonly string[]; deny: readonly string[] };
  /** The tool whose admission also admits `apply_patch` (`exec` early on, `write` later). */
  applyPatchAdmittedBy: string | null;
  /** Early versions dropped an allow list that named only plugin tools, so core tools stayed. */
  stripsPluginOnlyAllowlist: boolean;
  /** Whether `tools.sandbox.tools.alsoAllow` is read, and an explicit sandbox allow lifts a default deny. */
  sandboxAlsoAllow: boolean;
  /** A tool OpenClaw adds to every sandbox allow list (unless denied); some versions only to a non-empty one. */
  sandboxImplicitAllow: { tool: string; onlyWhenRestricted: boolean } | null;
  /** Plugin ids shipped with the version: known to OpenClaw even when no manifest is found here. */
  bundledPlugins: readonly string[];
  /**
   * What `resolveToolSearchConfig` does when `tools.toolSearch` is not set:
   * `off`, or on in `tools` mode (2026.9.6 does this).
   */
  toolSearchWhenUnset: 'off' | 'tools';
  /**
   * Core tools kept in front of the model in every Tool Search mode while
   * staying searchable (2026.9.6: the coding tools, `isDirectVisibleCatalogTool`);
   * and whether the reply tool `message` is one of them rather than direct-only.
   */
  directVisible: readonly string[];
  replyToolSearchable: boolean;
  /**
   * Shipped name families (`expandShippedCoreToolPolicyNames`): a policy entry
   * that is a key also names these tools (`canvas` -> `show_widget`).
   */
  policyNameFamilies: Readonly<Record<string, readonly string[]>>;
  /** Policy entries read as another name (`update_plan` -> `progress_card`). */
  policyNameRenames: Readonly<Record<string, string>>;
  /** Bundled plugins that build tools: what each declares, and whether it loads when nothing names it. */
  bundledPluginTools: Readonly<Record<string, BundledPluginTools>>;
  /** The plugin that fills the memory slot when `plugins.slots.memory` is not set. */
  defaultMemorySlot: string | null;
  /** Config switches outside the tool policy and the tools each stops OpenClaw from building. */
  constructionSwitches: readonly ConstructionSwitch[];
  /** Host-only tools a sandboxed run never builds, whatever its sandbox policy allows. */
  sandboxNeverBuilds: readonly string[];
}

export interface BundledPluginTools {
  tools: readonly string[];
  enabledByDefault: boolean;
  kind?: string;
  /** `toolMetadata.<tool>.profiles` of the manifest: the profiles whose allow list gains the tool. */
  toolProfiles?: Readonly<Record<string, readonly string[]>>;
  /** `toolMetadata.<tool>.optional`: built only when an allow list names the tool or its plugin. */
  optionalTools?: readonly string[];
}

/**
 * A tool profile's allow list as a run resolves it: the version's core table,
 * then the tools whose plugin manifest names the profile
 * (`resolveManifestToolProfileNames`, merged by `mergeAlsoAllowPolicy`; a
 * run has no plugin metadata when `plugins.enabled` is false). `null`: the
 * profile restricts nothing.
 */
export function profileAllowList(model: OpenClawModel, profile: ProfileName, pluginsEnabled: boolean): readonly string[] | null {
  const core = model.profiles[profile];
  if (!core || !pluginsEnabled) {
    return core;
  }
  const added = Object.values(model.bundledPluginTools).flatMap((p) => Object.entries(p.toolProfiles ?? {}).filter(([, ps]) => ps.includes(profile)).map(([t]) => t));
  return [...new Set([...core, ...added])];
}

export interface ConstructionSwitch {
  path: readonly string[];
  value: unknown;
  /** Where OpenClaw reads it. */
  rule: string;
  removes: readonly string[];
}

function model(t: typeof seedTables | typeof newestTables): OpenClawModel {
  const profiles = t.profiles as Record<ProfileName, string[] | null>;
  // `full` is `["*"]` in later versions: the same as no restriction.
  const full = profiles.full;
  return {
    version: t.openclawVersion,
    sources: t.sources,
    coreTools: t.coreTools,
    groups: t.groups as Record<string, string[]>,
    profiles: { ...profiles, full: full && full.length === 1 && full[0] === '*' ? null : full },
    aliases: t.aliases as Record<string, string>,
    sandbox: t.sandbox,
    applyPatchAdmittedBy: t.applyPatchAdmittedBy,
    stripsPluginOnlyAllowlist: t.stripsPluginOnlyAllowlist,
    sandboxAlsoAllow: t.sandboxAlsoAllow,
    sandboxImplicitAllow: t.sandboxImplicitAllow,
    bundledPlugins: t.bundledPlugins,
    toolSearchWhenUnset: 'toolSearchWhenUnset' in t && t.toolSearchWhenUnset === 'tools' ? 'tools' : 'off',
    directVisible: 'directVisible' in t ? t.directVisible : [],
    // Versions that keep coding tools visible also catalog `message` (visible as the run's reply path).
    replyToolSearchable: 'directVisible' in t,
    policyNameFamilies: 'policyNameFamilies' in t ? t.policyNameFamilies : {},
    policyNameRenames: 'policyNameRenames' in t ? t.policyNameRenames : {},
    bundledPluginTools: 'bundledPluginTools' in t ? t.bundledPluginTools : {},
    defaultMemorySlot: 'defaultMemorySlot' in t ? t.defaultMemorySlot : null,
    constructionSwitches: 'constructionSwitches' in t ? t.constructionSwitches : [],
    sandboxNeverBuilds: 'sandboxNeverBuilds' in t ? t.sandboxNeverBuilds : [],
  };
}

/** Modelled versions, oldest first. The first is the seed's: the tables its design describes. */
export const OPENCLAW_MODELS: readonly OpenClawModel[] = [model(seedTables), model(newestTables)];

export const SEED_OPENCLAW_VERSION = OPENCLAW_MODELS[0]?.version ?? '2026.1.30';

/**
 * The version modelled when nothing says which: the newest, the one the
 * differential suites run against (`npm run test:oracle`). The seed's tables
 * predate Tool Search itself (the oldest release with `tool_search_code` is
 * 2026.5.12), so they are used only when a config or the user asks for them.
 */
export const NEWEST_OPENCLAW_VERSION = OPENCLAW_MODELS[OPENCLAW_MODELS.length - 1]?.version ?? '2026.9.6';

/** How the modelled version was chosen. */
export type VersionSource = 'override' | 'config' | 'default';

export interface ModelledVersion {
  model: OpenClawModel;
  source: VersionSource;
  /** The version asked for (override or `meta.lastTouchedVersion`), when it is not the one modelled. */
  requested?: string;
  /** One line for headers and explanations. */
  describe: string;
}

/** `2026.6.10-beta.2` -> [2026, 6, 10]; undefined when it is not a calendar version. */
export function parseVersion(v: string): number[] | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) {
      return d;
    }
  }
  return 0;
}

export function isKnownVersionSyntax(v: string): boolean {
  return parseVersion(v) !== undefined;
}

/**
 * The model for a requested version: the newest table not newer than it
 * (tables change only when OpenClaw changes them), or the oldest for older.
 */
export function modelFor(requested: string): OpenClawModel | undefined {
  const want = parseVersion(requested);
  if (!want) {
    return undefined;
  }
  let chosen = OPENCLAW_MODELS[0];
  for (const m of OPENCLAW_MODELS) {
    const have = parseVersion(m.version);
    if (have && compare(have, want) <= 0) {
      chosen = m;
    }
  }
  return chosen;
}

/**
 * Chooses the OpenClaw version to model: an explicit override (setting or
 * `--openclaw-version`), else the config's `meta.lastTouchedVersion`, else
 * the seed's version.
 */
export function resolveModelledVersion(input: { override?: string; configVersion?: string }): ModelledVersion {
  const pick = (requested: string, source: VersionSource): ModelledVersion | undefined => {
    const m = modelFor(requested);
    if (!m) {
      return undefined;
    }
    const by = source === 'override' ? 'chosen by --openclaw-version / toolSearchInspector.openclawVersion' : 'from meta.lastTouchedVersion';
    const exact = m.version === requested.trim().replace(/^v/, '');
    return {
      model: m,
      source,
      requested: exact ? undefined : requested,
      describe: exact ? `OpenClaw ${m.version} (${by})` : `OpenClaw ${m.version} (nearest modelled version not newer than ${requested}, ${by})`,
    };
  };
  if (input.override) {
    const v = pick(input.override, 'override');
    if (v) {
      return v;
    }
  }
  if (input.configVersion) {
    const v = pick(input.configVersion, 'config');
    if (v) {
      return v;
    }
  }
  const newest = OPENCLAW_MODELS[OPENCLAW_MODELS.length - 1] ?? model(newestTables);
  return { model: newest, source: 'default', describe: `OpenClaw ${newest.version} (the newest modelled version; no meta.lastTouchedVersion)` };
}
