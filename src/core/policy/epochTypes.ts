/**
 * The shape of one behaviour epoch as scripts/extract-openclaw-epochs.mjs
 * writes it (src/core/policy/epochs/openclaw-<first release>.json): the
 * releases measured, and the facts each of them answered with its own code.
 */
export interface SubstringRankingFacts {
  kind: 'substring';
  /** The tokenizer's split pattern, as written in the release (`/[^a-z0-9_./:-]+/u`). */
  tokenSplit: string | null;
  /** `scoreEntry`'s weights per term: exact name or id, and substring of name, id, label, description. */
  weights: { exact: number; name: number; id: number; label: number; description: number };
}

export type RankingFacts = SubstringRankingFacts | { kind: 'bm25' | 'unknown' };

/** What a release's `resolveToolSearchConfig` and compact entries answered. */
export interface ToolSearchFacts {
  /** Modes `tools.toolSearch.mode` may select; another mode resolves to `code`. */
  modes: readonly string[];
  /** What an unset `tools.toolSearch` resolves to: `off` or the mode it turns on. */
  whenUnset: string;
  trueMode: string;
  defaults: { codeTimeoutMs: number; searchDefaultLimit: number; maxSearchLimit: number };
  max: { codeTimeoutMs: number; maxSearchLimit: number };
  min: { codeTimeoutMs: number; maxSearchLimit: number };
  ranking: RankingFacts;
  /** The compact entry's `input` hint: none, a hint without numeric bounds, or with them. */
  inputHint: 'none' | 'no-bounds' | 'bounds' | 'unknown';
  /**
   * The owner an MCP tool's catalog entry names, in its id and `sourceName`: the server's safe name (2026.8.1 on),
   * or `bundle-mcp`, the plugin every MCP tool belongs to (2026.5.12 - 6.10). Absent: not measured (the server).
   */
  mcpEntryOwner?: 'server' | 'bundle-mcp';
  /** Core tools `applyToolSearchCatalog` keeps in front of the model while cataloging them (2026.8.1 on: the coding tools). */
  visibleWhileSearchable?: readonly string[];
  /** `message`, named as the run's reply path: cataloged and hidden (before 2026.8.1), or cataloged and kept visible. */
  replyTool?: 'cataloged' | 'cataloged-visible';
  /** The directory's texts as `buildToolSchemaDirectoryPrompt` rendered them; `null` before directory mode. */
  directoryTexts?: DirectoryTexts | null;
}

/** The texts of the directory of one epoch, each the release's own rendering. */
export interface DirectoryTexts {
  /** `Available deferred-schema tools:` */
  heading: string;
  /** The whole text when nothing is deferred. */
  empty: string;
  /** The line after the rows that says MCP and client tools may be searched; `null` where the release has none. */
  notice: string | null;
  /** The footer per mode: when every deferred tool is listed, and after `N additional tools omitted. `. */
  guidance: Record<'code' | 'tools' | 'directory', { listed: string; omitted: string }>;
  /** Whether descriptions shrink (180, 64, 0) before rows are dropped; else rows are dropped at 180. */
  shrinksDescriptions: boolean;
  /**
   * Whether a tool kept in front of the model while cataloged (a core coding tool) is still a row, and
   * counts among the tools the footer says were omitted: 2026.6.8 - 9.2 list every cataloged tool; 9.5 on only
   * the deferred ones. Absent: not measured (the newest's behaviour).
   */
  listsVisibleTools?: boolean;
  /** How rows are sorted by name (then id): locale order (`localeCompare`, 6.8 - 6.10) or UTF-16 code units. Absent: code units. */
  rowOrder?: 'locale' | 'code-unit';
}

export interface EpochPolicyFacts {
  coreTools: { name: string; section: string; description?: string; profiles: string[] }[];
  groups: Record<string, string[]>;
  profiles: Record<string, string[] | null>;
  aliases: Record<string, string>;
  sandbox: { allow: string[]; deny: string[] };
  applyPatchAdmittedBy: string | null;
  /** Whether a deny list naming the admitter denies apply_patch too (absent in data generated before it was measured). */
  applyPatchDeniedWithAdmitter?: boolean;
  stripsPluginOnlyAllowlist: boolean;
  /** Which of two `tools.byProvider` keys differing only in case wins (resolveProviderToolPolicy's lookup). */
  byProviderDuplicateKey?: 'first' | 'last' | 'canonical';
  sandboxAlsoAllow: boolean;
  sandboxImplicitAllow: { tool: string; onlyWhenRestricted: boolean } | null;
  /** `SHIPPED_CORE_POLICY_RENAMES`, each confirmed by `expandPolicyWithPluginGroups`. */
  policyNameRenames?: Record<string, string>;
  /** `SHIPPED_PLUGIN_POLICY_FAMILY_CORE_TOOLS`, each confirmed by `expandPolicyWithPluginGroups`. */
  policyNameFamilies?: Record<string, string[]>;
  /** Whether a family key stays an entry after expansion (`null`: no families); 2026.8.1 - 9.2 replace it. */
  policyFamilyKeepsEntry?: boolean | null;
  /** Whether an MCP name fragment must start with a letter (`sanitizeToolFragment`; absent: no sanitizer found, or generated before it was measured). */
  mcpNameLetterFirst?: boolean;
  /** What builds `update_plan` unnamed (`isUpdatePlanToolEnabledForOpenClawTools`, 2026.5.12 - 6.10); absent: no such gate. */
  planToolGate?: PlanToolGate;
  bundledPlugins: string[];
}

/**
 * `tools.experimental.planTool` when set; else a run of the strict-agentic
 * contract: a provider of `providers` whose bare model id matches
 * `modelPattern` (`modelFlags`), unless the agent's (else the defaults')
 * `<contractKey>.executionContract` is `default`.
 */
export interface PlanToolGate {
  /** The tool it builds (`update_plan`). */
  tool: string;
  setting: 'tools.experimental.planTool';
  providers: string[];
  modelPattern: string;
  modelFlags: string;
  contractKey: string;
  /** The run's model where the config names none (`DEFAULT_PROVIDER`, `DEFAULT_MODEL`). */
  defaultRun: { provider: string; model: string };
}

export interface EpochData {
  /** The first measured release of the epoch. */
  epoch: string;
  generatedBy: string;
  /** Every measured release with these facts, oldest first. */
  releases: string[];
  /** How each release ships its code: `bundled-mjs`, `bundled-js` or `unbundled`. */
  distShapes: Record<string, string>;
  /** Each release's bundled plugin ids; `policy.bundledPlugins` is their union (they do not decide a verdict). */
  bundledPluginsByRelease: Record<string, string[]>;
  policy: EpochPolicyFacts;
  /** `null`: the release has no Tool Search at all. */
  toolSearch: ToolSearchFacts | null;
}
