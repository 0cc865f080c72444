import { factAtOrBefore, newestAtOrBefore, parseVersion, versionOrder } from '../util/releaseOrder';
import { NEWEST_TABLES as newestTables, SEED_TABLES as seedTables } from './versions/index';
import { EPOCHS } from './epochs/index';
import type { DirectoryTexts, EpochData, PlanToolGate, ToolSearchFacts } from './epochTypes';

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
  /** Whether a deny list that names the admitter denies `apply_patch` too (4.1 - 9.5 deny it with `write`; 9.6 does not). */
  applyPatchDeniedWithAdmitter: boolean;
  /** Early versions dropped an allow list that named only plugin tools, so core tools stayed. */
  stripsPluginOnlyAllowlist: boolean;
  /**
   * Which of two `tools.byProvider` keys differing only in case wins: `last`
   * (every key into one map, the later overwrites) before 2026.5.12, else the first.
   */
  byProviderDuplicateKey: 'first' | 'last' | 'canonical';
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
  /** Whether the cataloged reply tool also stays in front of the model (2026.8.1 on); before, search alone reaches it. */
  replyToolVisible: boolean;
  /**
   * Shipped name families (`expandShippedCoreToolPolicyNames`): a policy entry
   * that is a key also names these tools (`canvas` -> `show_widget`).
   */
  policyNameFamilies: Readonly<Record<string, readonly string[]>>;
  /**
   * Whether a model-facing MCP name fragment must start with a letter
   * (`9lives` -> `tool-9lives`; 2026.5.12 on) or keeps a leading digit (4.1 - 4.8).
   */
  mcpNameLetterFirst: boolean;
  /** What builds `update_plan` without an allow list naming it (generated; absent where the release has no such gate). */
  planToolGate?: PlanToolGate;
  /** Policy entries read as another name (`update_plan` -> `progress_card`). */
  policyNameRenames: Readonly<Record<string, string>>;
  /**
   * Whether a family key stays a policy entry of its own after the expansion:
   * 2026.8.1 - 9.2 replace `canvas` by its plugin's tools and `show_widget`
   * (`expandPluginGroups`), so the entry no longer names a core tool `canvas`.
   */
  policyFamilyKeepsEntry: boolean;
  /** Bundled plugins that build tools: what each declares, and whether it loads when nothing names it. */
  bundledPluginTools: Readonly<Record<string, BundledPluginTools>>;
  /** The plugin that fills the memory slot when `plugins.slots.memory` is not set. */
  defaultMemorySlot: string | null;
  /** Config switches outside the tool policy and the tools each stops OpenClaw from building. */
  constructionSwitches: readonly ConstructionSwitch[];
  /** Host-only tools a sandboxed run never builds, whatever its sandbox policy allows. */
  sandboxNeverBuilds: readonly string[];
  /** The tools `experimental.localModelLean` keeps OpenClaw from building; absent where not measured. */
  localModelLean?: { removes: readonly string[]; rule: string };
  /**
   * The behaviour epoch this model stands for: its first measured release and
   * every release measured with the same facts (scripts/extract-openclaw-epochs.mjs).
   */
  epoch: { first: string; releases: readonly string[] };
  /**
   * Tool Search as the epoch's releases resolve and rank it; `null`: the
   * releases have no Tool Search; absent: the seed's design (2026.1.30's model).
   */
  toolSearch?: ToolSearchFacts | null;
  /** The directory's texts as the epoch's release renders them; absent: the newest's (src/core/modes/directory.ts). */
  directoryTexts?: DirectoryTexts;
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
    // Generated per epoch (allModels gives the seed and the newest their epoch's answer).
    applyPatchDeniedWithAdmitter: false,
    stripsPluginOnlyAllowlist: t.stripsPluginOnlyAllowlist,
    byProviderDuplicateKey: 'first',
    sandboxAlsoAllow: t.sandboxAlsoAllow,
    sandboxImplicitAllow: t.sandboxImplicitAllow,
    bundledPlugins: t.bundledPlugins,
    // Generated per epoch (allModels gives the seed and the newest their epoch's answer).
    mcpNameLetterFirst: true,
    toolSearchWhenUnset: 'toolSearchWhenUnset' in t && t.toolSearchWhenUnset === 'tools' ? 'tools' : 'off',
    directVisible: 'directVisible' in t ? t.directVisible : [],
    // Versions that keep coding tools visible also catalog `message` (visible as the run's reply path).
    replyToolSearchable: 'directVisible' in t,
    replyToolVisible: 'directVisible' in t,
    policyFamilyKeepsEntry: true,
    policyNameFamilies: 'policyNameFamilies' in t ? t.policyNameFamilies : {},
    policyNameRenames: 'policyNameRenames' in t ? t.policyNameRenames : {},
    bundledPluginTools: 'bundledPluginTools' in t ? t.bundledPluginTools : {},
    defaultMemorySlot: 'defaultMemorySlot' in t ? t.defaultMemorySlot : null,
    constructionSwitches: 'constructionSwitches' in t ? t.constructionSwitches : [],
    sandboxNeverBuilds: 'sandboxNeverBuilds' in t ? t.sandboxNeverBuilds : [],
    ...('localModelLean' in t ? { localModelLean: t.localModelLean } : {}),
    epoch: { first: t.openclawVersion, releases: [t.openclawVersion] },
  };
}

const epochSource = (e: EpochData, what: string) => `${what}, answered by openclaw@${e.releases.join(', @')} (scripts/lib/openclawFacts.mjs)`;

/** The model of a generated epoch: its policy facts, named after its newest measured release. */
function fromEpoch(e: EpochData): OpenClawModel {
  const p = e.policy;
  const ts = e.toolSearch;
  const full = p.profiles.full;
  const profiles = p.profiles as Record<ProfileName, string[] | null>;
  return {
    version: e.releases[e.releases.length - 1] ?? e.epoch,
    sources: {
      coreTools: epochSource(e, 'listCoreToolSections / resolveCoreToolProfiles, else the members of its tool groups'),
      groups: epochSource(e, 'expandToolGroups over TOOL_GROUPS'),
      profiles: epochSource(e, 'resolveToolProfilePolicy'),
      aliases: epochSource(e, 'TOOL_NAME_ALIASES, each entry confirmed by normalizeToolName'),
      sandbox: epochSource(e, 'resolveSandboxToolPolicyForAgent with no sandbox config'),
      applyPatchAdmittedBy: epochSource(e, 'filterToolsByPolicy / the tool policy matcher on apply_patch'),
      applyPatchDeniedWithAdmitter: epochSource(e, 'filterToolsByPolicy / the tool policy matcher on apply_patch with the admitter denied'),
      stripsPluginOnlyAllowlist: epochSource(e, 'applyToolPolicyPipeline over an allow list naming only a plugin'),
      byProviderDuplicateKey: epochSource(e, 'resolveProviderToolPolicy over two keys differing in case, both orders (its lookup\'s text where it is private)'),
      sandboxAlsoAllow: epochSource(e, 'resolveSandboxToolPolicyForAgent with tools.sandbox.tools.alsoAllow'),
      sandboxImplicitAllow: epochSource(e, 'resolveSandboxToolPolicyForAgent with allow [exec] and allow []'),
      bundledPlugins: epochSource(e, 'extensions/*/openclaw.plugin.json (id)'),
      mcpNameLetterFirst: epochSource(e, 'buildSafeToolName over a tool named 9lives (the text of sanitizeToolFragment where it is private)'),
      planToolGate: epochSource(e, 'the text of isUpdatePlanToolEnabledForOpenClawTools, isStrictAgenticSupportedProviderModel and resolveAgentExecutionContract'),
      toolSearch: epochSource(e, 'resolveToolSearchConfig, scoreEntry, compactToolSearchCatalogEntry'),
      policyNameFamilies: epochSource(e, 'SHIPPED_PLUGIN_POLICY_FAMILY_CORE_TOOLS, confirmed by expandPolicyWithPluginGroups'),
      policyNameRenames: epochSource(e, 'SHIPPED_CORE_POLICY_RENAMES, confirmed by expandPolicyWithPluginGroups'),
      directVisible: epochSource(e, 'applyToolSearchCatalog over every core tool and message (directToolNames [message])'),
      directoryTexts: epochSource(e, 'buildToolSchemaDirectoryPrompt over probe catalogs in each mode'),
    },
    coreTools: p.coreTools,
    groups: p.groups,
    profiles: { ...profiles, full: full && full.length === 1 && full[0] === '*' ? null : full ?? null },
    aliases: p.aliases,
    sandbox: p.sandbox,
    applyPatchAdmittedBy: p.applyPatchAdmittedBy,
    applyPatchDeniedWithAdmitter: p.applyPatchDeniedWithAdmitter === true,
    stripsPluginOnlyAllowlist: p.stripsPluginOnlyAllowlist,
    byProviderDuplicateKey: p.byProviderDuplicateKey ?? 'first',
    sandboxAlsoAllow: p.sandboxAlsoAllow,
    sandboxImplicitAllow: p.sandboxImplicitAllow,
    bundledPlugins: p.bundledPlugins,
    mcpNameLetterFirst: p.mcpNameLetterFirst !== false,
    ...(p.planToolGate ? { planToolGate: p.planToolGate } : {}),
    toolSearchWhenUnset: e.toolSearch?.whenUnset === 'tools' ? 'tools' : 'off',
    // Which tools stay visible while cataloged, and the reply tool: the release's applyToolSearchCatalog.
    directVisible: ts?.visibleWhileSearchable ?? [],
    replyToolSearchable: ts?.replyTool !== undefined,
    replyToolVisible: ts?.replyTool === 'cataloged-visible',
    policyNameFamilies: p.policyNameFamilies ?? {},
    policyNameRenames: p.policyNameRenames ?? {},
    policyFamilyKeepsEntry: p.policyFamilyKeepsEntry !== false,
    bundledPluginTools: {},
    defaultMemorySlot: null,
    constructionSwitches: [],
    sandboxNeverBuilds: [],
    epoch: { first: e.epoch, releases: e.releases },
    toolSearch: e.toolSearch,
    ...(ts?.directoryTexts ? { directoryTexts: ts.directoryTexts } : {}),
  };
}

/**
 * Every modelled epoch, oldest first: the seed's 2026.1.30, the generated
 * epochs, and the newest release's full tables (with its epoch's Tool Search
 * facts and the releases measured alike).
 */
function allModels(): OpenClawModel[] {
  const newest = model(newestTables);
  const newestEpoch = EPOCHS.find((e) => e.releases.includes(newest.version));
  // The seed's hand-checked tables model the epoch its version was measured in (the generated facts check them).
  const seed = model(seedTables);
  const seedEpoch = EPOCHS.find((e) => e.releases.includes(seed.version));
  const generated = EPOCHS.filter((e) => e !== newestEpoch && e !== seedEpoch).map(fromEpoch);
  const ts = newestEpoch?.toolSearch;
  const last: OpenClawModel = newestEpoch
    ? {
        ...newest,
        epoch: { first: newestEpoch.epoch, releases: newestEpoch.releases },
        toolSearch: newestEpoch.toolSearch,
        // The generated answers of the release, where its epoch carries them.
        ...(ts?.visibleWhileSearchable ? { directVisible: ts.visibleWhileSearchable } : {}),
        ...(newestEpoch.policy.policyFamilyKeepsEntry === false ? { policyFamilyKeepsEntry: false } : {}),
        applyPatchDeniedWithAdmitter: newestEpoch.policy.applyPatchDeniedWithAdmitter === true,
        mcpNameLetterFirst: newestEpoch.policy.mcpNameLetterFirst !== false,
        ...(ts?.directoryTexts ? { directoryTexts: ts.directoryTexts } : {}),
      }
    : newest;
  const seeded = seedEpoch
    ? { ...seed, epoch: { first: seed.version, releases: seedEpoch.releases }, byProviderDuplicateKey: seedEpoch.policy.byProviderDuplicateKey ?? 'first', applyPatchDeniedWithAdmitter: seedEpoch.policy.applyPatchDeniedWithAdmitter === true, mcpNameLetterFirst: seedEpoch.policy.mcpNameLetterFirst !== false }
    : seed;
  return [seeded, ...generated, newestEpoch?.policy.byProviderDuplicateKey ? { ...last, byProviderDuplicateKey: newestEpoch.policy.byProviderDuplicateKey } : last];
}

const MODELS: OpenClawModel[] = allModels();

/** Modelled versions (one per epoch), oldest first. The first is the seed's: the tables its design describes. */
export const OPENCLAW_MODELS: readonly OpenClawModel[] = MODELS;

/**
 * Adds the model of a release the product does not ship (read from a
 * registry folder: a user's own install, a test's next-release fixture), in
 * version order; it then answers for its epoch like a shipped one. Returns its removal.
 */
export function addOpenClawModel(m: OpenClawModel): () => void {
  const first = parseVersion(m.epoch.first);
  const at = first ? MODELS.findIndex((x) => versionOrder(parseVersion(x.epoch.first) ?? [0, 0, 0], first) > 0) : -1;
  MODELS.splice(at < 0 ? MODELS.length : at, 0, m);
  return () => {
    const i = MODELS.indexOf(m);
    if (i >= 0) {
      MODELS.splice(i, 1);
    }
  };
}

export const SEED_OPENCLAW_VERSION = OPENCLAW_MODELS[0]?.version ?? '2026.1.30';

/**
 * The version modelled when nothing says which: the newest, the one the
 * differential suites run against (`npm run test:oracle`). The seed's tables
 * predate Tool Search itself (the oldest release with `tool_search_code` is
 * 2026.5.12), so they are used only when a config or the user asks for them.
 */
export const NEWEST_OPENCLAW_VERSION = OPENCLAW_MODELS[OPENCLAW_MODELS.length - 1]?.version ?? '2026.9.6';

/**
 * How the modelled version was chosen: `override` (--openclaw-version, the
 * setting), `installed` (the OpenClaw the user runs: `openclaw` on PATH,
 * `--openclaw`, the `oracle.openclaw` setting), `config`
 * (`meta.lastTouchedVersion`), or `default` (the newest).
 */
export type VersionSource = 'override' | 'installed' | 'config' | 'default';

export interface ModelledVersion {
  model: OpenClawModel;
  source: VersionSource;
  /** The version asked for (override, installed or `meta.lastTouchedVersion`), when it is not the one modelled. */
  requested?: string;
  /** Where the installed OpenClaw was found, when the source is `installed`. */
  installedAt?: string;
  /** The requested version is newer than every modelled one: the newest is modelled instead. */
  newerThanModelled?: boolean;
  /** One line for headers and explanations. */
  describe: string;
}

// Kept here too: callers have named them from this module since the first release table.
export { factAtOrBefore, parseVersion, versionOrder };

export function isKnownVersionSyntax(v: string): boolean {
  return parseVersion(v) !== undefined;
}

/**
 * The model for a requested version: the epoch it belongs to, i.e. the
 * newest epoch whose first measured release is not newer than it (behaviour
 * changes only when OpenClaw changes it), or the oldest for older versions.
 */
export function modelFor(requested: string): OpenClawModel | undefined {
  if (!parseVersion(requested)) {
    return undefined;
  }
  return newestAtOrBefore(OPENCLAW_MODELS, (m) => m.epoch.first, requested) ?? OPENCLAW_MODELS[0];
}

function newerThanNewest(requested: string): boolean {
  const want = parseVersion(requested);
  const newest = OPENCLAW_MODELS[OPENCLAW_MODELS.length - 1];
  const have = newest ? parseVersion(newest.version) : undefined;
  return want !== undefined && have !== undefined && versionOrder(want, have) > 0;
}

/** `2026.5.12 - 2026.6.10 (measured: 2026.5.12, 2026.6.10)` */
export function epochText(m: OpenClawModel): string {
  const r = m.epoch.releases;
  return r.length === 1 ? `the epoch measured on ${r[0] ?? m.version}` : `the epoch measured on ${r.join(', ')}`;
}

const SOURCE_TEXT: Record<VersionSource, string> = {
  override: 'chosen by --openclaw-version / toolSearchInspector.openclawVersion',
  installed: 'the OpenClaw installed here',
  config: 'from meta.lastTouchedVersion',
  default: 'the newest modelled version; no installed OpenClaw, no meta.lastTouchedVersion',
};

/**
 * Chooses the OpenClaw version to model: an explicit override (setting or
 * `--openclaw-version`), else the OpenClaw the user runs (its package
 * version), else the config's `meta.lastTouchedVersion`, else the newest.
 * A version between epochs is modelled by the epoch it belongs to; one newer
 * than every modelled version by the newest, and the description says so.
 */
export function resolveModelledVersion(input: { override?: string; installed?: { version: string; at?: string }; configVersion?: string }): ModelledVersion {
  const pick = (requested: string, source: VersionSource, at?: string): ModelledVersion | undefined => {
    const m = modelFor(requested);
    if (!m) {
      return undefined;
    }
    const by = `${SOURCE_TEXT[source]}${at ? ` at ${at}` : ''}`;
    const asked = requested.trim().replace(/^v/, '');
    const exact = m.version === asked;
    const measured = m.epoch.releases.includes(asked);
    const newer = newerThanNewest(asked);
    const base = { model: m, source, ...(at ? { installedAt: at } : {}) };
    if (exact) {
      return { ...base, describe: `OpenClaw ${m.version} (${by}${m.epoch.releases.length > 1 ? `; ${epochText(m)}` : ''})` };
    }
    if (newer) {
      return { ...base, requested, newerThanModelled: true, describe: `OpenClaw ${m.version} (${asked} is newer than every modelled version; modelling the newest, ${m.version}; ${by})` };
    }
    return {
      ...base,
      requested,
      describe: measured
        ? `OpenClaw ${asked} (${by}; ${epochText(m)})`
        : `OpenClaw ${asked} as ${m.version} (not measured itself: ${epochText(m)}, the newest epoch starting at or before it; ${by})`,
    };
  };
  if (input.override) {
    const v = pick(input.override, 'override');
    if (v) {
      return v;
    }
  }
  if (input.installed) {
    const v = pick(input.installed.version, 'installed', input.installed.at);
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
  return { model: newest, source: 'default', describe: `OpenClaw ${newest.version} (${SOURCE_TEXT.default})` };
}
