import { ConfigReader } from '../config/configReader';
import { parseJson5 } from '../config/json5Document';
import type { JsonPath } from '../config/json5Document';
import { primaryOf } from '../config/modelRef';
import { readAgentRoster } from '../policy/agentRoster';
import { profileAllowList, type OpenClawModel, type ProfileName } from '../policy/openclawVersions';
import { sandboxAllowPatterns } from '../policy/policyEngine';
import type { DefinitionDefect, RuleLocation } from '../reasons';

/** Where a setting was written, or the config file when the setting is absent (a default decided). */
function settingAt(reader: ConfigReader, path: (string | number)[]): RuleLocation {
  const pos = reader.doc.locate(path);
  return { file: reader.file, ...(pos ? { line: pos.line, column: pos.column } : {}), path };
}

function dotted(path: readonly (string | number)[]): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : p)).join('.').replace(/\.\[/g, '[');
}

/** Plugin ids as OpenClaw compares them (`normalizePluginId`): trimmed, lower-case. */
function pluginIds(v: unknown): string[] {
  return Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x.trim().toLowerCase() : '')) : [];
}

/**
 * Why OpenClaw would not load a bundled plugin for this config (and so build
 * none of its tools), in the order its plugin activation decides
 * (src/plugins/config-state.ts, config-normalization-shared.ts): plugins off,
 * the plugin denied, its entry disabled, the memory slot given to another
 * plugin, then a `plugins.allow` list without it (unless an entry with
 * `enabled: true` or OpenClaw's plugin auto-enable selects it), then its own default.
 */
function pluginOff(reader: ConfigReader, id: string, plugin: { enabledByDefault: boolean; kind?: string }, model: OpenClawModel): DefinitionDefect | undefined {
  const off = (path: (string | number)[], setting: string, fix: string): DefinitionDefect => ({
    kind: 'not-constructed',
    setting,
    // OpenClaw's check: resolveEffectivePluginActivationState (src/plugins/config-state.ts).
    rule: `bundled plugin "${id}" not loaded`,
    fix,
    at: settingAt(reader, path),
  });
  if (reader.raw(['plugins', 'enabled']) === false) {
    return off(['plugins', 'enabled'], 'plugins.enabled: false', 'set plugins.enabled to true');
  }
  const deny = pluginIds(reader.raw(['plugins', 'deny']));
  const d = deny.indexOf(id);
  if (d >= 0) {
    return off(['plugins', 'deny', d], `plugins.deny "${id}"`, `remove "${id}" from plugins.deny`);
  }
  const entries = reader.raw(['plugins', 'entries']);
  const entryKey = entries !== null && typeof entries === 'object' ? Object.keys(entries).find((k) => k.trim().toLowerCase() === id) : undefined;
  const entryEnabled = entryKey !== undefined ? reader.raw(['plugins', 'entries', entryKey, 'enabled']) : undefined;
  if (entryKey !== undefined && entryEnabled === false) {
    return off(['plugins', 'entries', entryKey, 'enabled'], `plugins.entries.${entryKey}.enabled: false`, `set plugins.entries.${entryKey}.enabled to true`);
  }
  const memoryKind = plugin.kind === 'memory';
  const slot = reader.raw(['plugins', 'slots', 'memory']);
  if (memoryKind && typeof slot === 'string' && slot.trim().toLowerCase() !== id) {
    return off(['plugins', 'slots', 'memory'], `plugins.slots.memory "${slot}"`, `set plugins.slots.memory to "${id}"`);
  }
  if (entryEnabled === true || autoEnabled(reader, id, entryKey, entryEnabled)) {
    return undefined;
  }
  const allow = pluginIds(reader.raw(['plugins', 'allow'])).filter((x) => x !== '');
  if (allow.length > 0 && !allow.includes(id)) {
    return off(['plugins', 'allow'], `plugins.allow (a list without "${id}")`, `add "${id}" to plugins.allow`);
  }
  const byDefault = plugin.enabledByDefault || (memoryKind && model.defaultMemorySlot === id);
  if (!byDefault) {
    return off(['plugins', 'entries'], `the default of bundled plugin "${id}" (not enabled unless named)`, `set plugins.entries.${id}.enabled to true`);
  }
  return undefined;
}

/**
 * The bundled plugins among `ids` that OpenClaw loads for this config value
 * (the same rules as the tools' `pluginOff`): what decides, for one, whether
 * its prompt supplement is written (memory-wiki's `## Compiled Wiki`).
 */
export function loadedBundledPlugins(config: unknown, model: OpenClawModel, ids: readonly string[]): string[] {
  const reader = new ConfigReader(parseJson5('openclaw.json', JSON.stringify(config ?? {})));
  return ids.filter((id) => {
    const plugin = model.bundledPluginTools[id];
    return plugin !== undefined && pluginOff(reader, id, plugin, model) === undefined;
  });
}

/**
 * Whether OpenClaw's plugin auto-enable adds the plugin to the run's plugin
 * set, past a `plugins.allow` list that leaves it out
 * (src/config/plugin-auto-enable.ts `resolveRelevantSetupAutoEnablePluginIds`):
 * a `plugins.entries.<id>` that is not `enabled: false`; for `browser` also a
 * `browser` section or a tools `allow`/`alsoAllow` (global or any agent's)
 * naming `browser` (`hasBrowserSetupAutoEnableRelevantConfig`), unless
 * `browser.enabled` is false.
 */
function autoEnabled(reader: ConfigReader, id: string, entryKey: string | undefined, entryEnabled: unknown): boolean {
  if (entryKey !== undefined && entryKey.trim() === id && entryEnabled !== false) {
    return true;
  }
  if (id !== 'browser') {
    return false;
  }
  const browser = reader.raw(['browser']);
  if (browser !== null && typeof browser === 'object' && (browser as { enabled?: unknown }).enabled === false) {
    return false;
  }
  if (browser !== null && typeof browser === 'object' && !Array.isArray(browser)) {
    return true;
  }
  const names = (v: unknown): boolean => Array.isArray(v) && v.some((x) => typeof x === 'string' && x.trim().toLowerCase() === 'browser');
  const places: (string | number)[][] = [['tools'], ...(readAgentRoster(reader)?.agents ?? []).map((a) => [...a.path, 'tools'])];
  return places.some((at) => names(reader.raw([...at, 'allow'])) || names(reader.raw([...at, 'alsoAllow'])));
}

/** `normalizeToolPolicyName`: trimmed, lower-case, aliases (`bash` -> `exec`). */
function policyName(x: string, model: OpenClawModel): string {
  const n = x.trim().toLowerCase();
  return model.aliases[n] ?? n;
}

/** `compileGlobPattern` + `matchesAnyGlobPattern`: `*` is the only wildcard. */
function globMatches(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) {
    return pattern === name;
  }
  const re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return re.test(name);
}

/** OpenClaw's synthetic entry for "the default plugin tools" (tool-policy.ts `DEFAULT_PLUGIN_TOOLS_ALLOWLIST_ENTRY`). */
const DEFAULT_PLUGIN_TOOLS = '__openclaw_default_plugin_tools__';

/** One policy of `collectExplicitAllowlist`'s input: its allow list as written, and where it was written. */
interface ExplicitPolicy {
  at: (string | number)[];
  allow: readonly unknown[];
  /** `IMPLICIT_ALLOW_ALL_FROM_ALSO_ALLOW`: the allow list is `*` plus an alsoAllow, made by `pickSandboxToolPolicy`. */
  implicitAll?: boolean;
}

/**
 * `pickSandboxToolPolicy` of a tools section (global or an agent's): the allow
 * list with its alsoAllow joined (`unionAllow`: an empty or absent allow list
 * becomes `*` plus the alsoAllow), marked when it came from an alsoAllow alone.
 */
function pickedPolicy(reader: ConfigReader, at: (string | number)[]): ExplicitPolicy | undefined {
  const allow = reader.raw([...at, 'allow']);
  const also = reader.raw([...at, 'alsoAllow']);
  const extra = Array.isArray(also) && also.length > 0 ? also : undefined;
  if (Array.isArray(allow)) {
    return { at: [...at, 'allow'], allow: extra ? (allow.length === 0 ? ['*', ...extra] : [...allow, ...extra]) : allow };
  }
  if (extra) {
    const explicitAll = extra.some((e) => typeof e === 'string' && e.trim() === '*');
    return { at: [...at, 'alsoAllow'], allow: ['*', ...extra], implicitAll: !explicitAll };
  }
  return undefined;
}

/**
 * The run's configured override policies (`explicitOverridePolicies` of
 * `resolveConversationCapabilityProfile`): the global `tools` policy and the
 * agent's, as `pickSandboxToolPolicy` makes them, then the resolved sandbox
 * policy when sandboxed (groups already expanded there).
 */
function overridePolicies(reader: ConfigReader, model: OpenClawModel, agentEntry: JsonPath | undefined, sandboxed: boolean): ExplicitPolicy[] {
  const agentPath = agentEntry ? [...agentEntry, 'tools'] : undefined;
  const policies: ExplicitPolicy[] = [];
  for (const at of [['tools'], ...(agentPath ? [agentPath] : [])]) {
    const p = pickedPolicy(reader, at);
    if (p) {
      policies.push(p);
    }
  }
  if (sandboxed) {
    const expanded = sandboxAllowPatterns(reader, agentEntry, model).flatMap((e) => {
      const n = policyName(e, model);
      return Object.prototype.hasOwnProperty.call(model.groups, n) ? [...(model.groups[n] ?? [])] : [n];
    });
    policies.push({ at: ['tools', 'sandbox', 'tools', 'allow'], allow: expanded });
  }
  return policies;
}

/** `collectExplicitAllowlist`: every entry of the policies' allow lists, the default-plugin-tools entry for an alsoAllow alone. */
function explicitEntries(policies: readonly ExplicitPolicy[], model: OpenClawModel): Set<string> {
  const entries = new Set<string>();
  for (const p of policies) {
    for (const v of p.allow) {
      if (typeof v !== 'string' || v.trim() === '' || (v.trim() === '*' && p.implicitAll === true)) {
        continue;
      }
      entries.add(policyName(v, model));
    }
    if (p.implicitAll === true) {
      entries.add(DEFAULT_PLUGIN_TOOLS);
    }
  }
  return entries;
}

/**
 * OpenClaw's plugin-tool allow-list gate, exactly: `collectExplicitAllowlist`
 * over the run's policies in `resolveConversationCapabilityProfile`'s order
 * (the profile's allow list with the tools plugin manifests add to it, the
 * global `tools` policy, the agent's, the resolved sandbox policy when
 * sandboxed; each of the two `tools` sections as `pickSandboxToolPolicy`
 * makes it, alsoAllow joined), then `createPluginToolAllowlist`: a bundled
 * plugin builds a tool when the list is empty or holds the default-plugin-tools
 * entry (an alsoAllow without an allow list; not for optional tools), or an
 * entry is `*`, `group:plugins`, the plugin id, or the tool's name or a `*`
 * glob over it. Core groups (`group:ui`, `group:memory`) are not expanded
 * there, except in the sandbox policy, which `expandResolvedPolicy` already
 * expanded. (`byProvider` policies join this list too; they are not modelled
 * here, as no provider is known while tools are constructed.)
 */
function pluginToolGate(reader: ConfigReader, model: OpenClawModel, agentEntry?: JsonPath, sandboxed = false): (plugin: string, tool: string, optional: boolean) => DefinitionDefect | undefined {
  const agentPath = agentEntry ? [...agentEntry, 'tools'] : undefined;
  const agentProfile = agentPath ? reader.raw([...agentPath, 'profile']) : undefined;
  const profile = agentProfile ?? reader.raw(['tools', 'profile']);
  const policies: ExplicitPolicy[] = [];
  if (typeof profile === 'string' && Object.prototype.hasOwnProperty.call(model.profiles, profile)) {
    const name = profile as ProfileName;
    const list = profileAllowList(model, name, reader.raw(['plugins', 'enabled']) !== false);
    // `full` restricts nothing: its table is `["*"]`.
    policies.push({ at: agentProfile !== undefined && agentPath ? [...agentPath, 'profile'] : ['tools', 'profile'], allow: list ?? ['*'] });
  }
  policies.push(...overridePolicies(reader, model, agentEntry, sandboxed));
  const entries = explicitEntries(policies, model);
  const includesDefaults = entries.size === 0 || entries.has(DEFAULT_PLUGIN_TOOLS);
  const patterns = [...entries];
  const shown = policies.filter((p) => p.allow.length > 0);
  // Where to name the tool: an allow list (the run's agent's first), never a
  // profile (one name, not a list), else an alsoAllow beside the profile.
  const lists = shown.filter((p) => p.at[p.at.length - 1] !== 'profile' && p.at[1] !== 'sandbox');
  const target = lists.find((p) => agentPath !== undefined && agentPath.every((k, i) => p.at[i] === k))?.at ?? lists[0]?.at ?? [...(agentPath ?? ['tools']), 'alsoAllow'];
  return (plugin, tool, optional) => {
    const allowsPlugin = entries.has('*') || entries.has('group:plugins') || entries.has(policyName(plugin, model));
    const allowsToolName = entries.has('group:plugins') || patterns.some((e) => globMatches(e, policyName(tool, model)));
    if ((includesDefaults && !optional) || allowsPlugin || allowsToolName) {
      return undefined;
    }
    // OpenClaw's check: createPluginToolAllowlist over collectExplicitAllowlist
    // (src/plugins/tool-grant-allowlist.ts); the user reads what it means.
    const names = tool === plugin ? `"${tool}"` : `"${tool}" or plugin "${plugin}"`;
    return {
      kind: 'not-constructed',
      setting: `the allow lists (${shown.map((p) => dotted(p.at)).join(', ')}), which name ${tool === plugin ? `no "${tool}"` : `neither plugin "${plugin}" nor "${tool}"`}${optional ? ` (an optional plugin tool is built only when named)` : ''}`,
      rule: 'plugin tools are built only when an allow list names the plugin or the tool',
      fix: `add ${names} to ${dotted(target)} (a group such as group:ui or group:memory does not count)`,
      append: { path: target, value: tool },
      at: settingAt(reader, shown[0]?.at ?? ['tools']),
    };
  };
}

/**
 * Whether the run's allow lists name a tool OpenClaw builds only when named
 * (2026.6.10's `update_plan`, `shouldIncludeUpdatePlanToolForOpenClawTools`:
 * `isToolAllowedByPolicyName` over `tools.allow`, `tools.alsoAllow` and
 * `collectExplicitAllowlist` of the run's policies, so the profile's list
 * counts too; `full` is `*`). An entry names it when it is `*`, a glob over
 * its name, or a group of the version that holds it. Undefined: built;
 * else why not, at the setting to change.
 */
export function notNamedDefect(reader: ConfigReader | undefined, model: OpenClawModel, tool: string, agentEntry?: JsonPath, sandboxed = false): DefinitionDefect | undefined {
  const policies: ExplicitPolicy[] = [];
  if (reader) {
    const agentPath = agentEntry ? [...agentEntry, 'tools'] : undefined;
    const agentProfile = agentPath ? reader.raw([...agentPath, 'profile']) : undefined;
    const profile = agentProfile ?? reader.raw(['tools', 'profile']);
    if (typeof profile === 'string' && Object.prototype.hasOwnProperty.call(model.profiles, profile)) {
      const list = profileAllowList(model, profile as ProfileName, reader.raw(['plugins', 'enabled']) !== false);
      policies.push({ at: agentProfile !== undefined && agentPath ? [...agentPath, 'profile'] : ['tools', 'profile'], allow: list ?? ['*'] });
    }
    policies.push(...overridePolicies(reader, model, agentEntry, sandboxed));
  }
  const name = policyName(tool, model);
  const names = (e: string): boolean => globMatches(e, name) || (model.groups[e]?.includes(name) ?? false);
  if ([...explicitEntries(policies, model)].some(names)) {
    return undefined;
  }
  const shown = policies.filter((p) => p.allow.length > 0);
  const first = shown[0];
  return {
    kind: 'not-constructed',
    setting: shown.length > 0 ? `the allow lists (${shown.map((p) => dotted(p.at)).join(', ')}), which do not name "${tool}"` : `no allow list naming "${tool}"`,
    rule: `OpenClaw ${model.version} builds "${tool}" only when an allow list of the run names it (createOpenClawCodingTools, as generated by scripts/extract-openclaw-tools.mjs)`,
    fix: `add "${tool}" to tools.alsoAllow`,
    ...(reader ? { at: settingAt(reader, first?.at ?? ['tools']) } : {}),
  };
}

/**
 * Whether the release's plan-tool gate builds its tool for this run without
 * an allow list naming it (`model.planToolGate`, generated from
 * `isUpdatePlanToolEnabledForOpenClawTools`; 2026.5.12 - 6.10): undefined
 * where the release has no gate or the tool is another; else whether it
 * builds and why, at the setting that decides.
 */
export function planToolGateDecision(reader: ConfigReader | undefined, model: OpenClawModel, tool: string, agentEntry?: JsonPath): { built: boolean; why: string; at?: RuleLocation } | undefined {
  const gate = model.planToolGate;
  if (!gate || gate.tool !== tool) {
    return undefined;
  }
  const settingPath = gate.setting.split('.');
  const configured = reader?.raw(settingPath);
  if (configured !== undefined) {
    // OpenClaw returns the value as set, read as a condition.
    return { built: Boolean(configured), why: `${gate.setting} is ${JSON.stringify(configured)}`, ...(reader ? { at: settingAt(reader, settingPath) } : {}) };
  }
  const agentModel = agentEntry ? primaryOf(reader?.raw([...agentEntry, 'model'])) : undefined;
  const ref = agentModel ?? primaryOf(reader?.raw(['agents', 'defaults', 'model']));
  const slash = ref?.indexOf('/') ?? -1;
  const run = ref === undefined ? gate.defaultRun : slash > 0 ? { provider: ref.slice(0, slash), model: ref.slice(slash + 1) } : undefined;
  if (!run) {
    return { built: false, why: `the run's model ${JSON.stringify(ref)} names no provider` };
  }
  const runText = `${run.provider}/${run.model}${ref === undefined ? ` (OpenClaw ${model.version}'s default: the config names no model)` : ''}`;
  // isStrictAgenticSupportedProviderModel: the provider lower-cased, the model id without a `provider/` or `provider:` prefix.
  const bare = (/^([^/:]+)[/:](.+)$/.exec(run.model.trim())?.[2] ?? run.model.trim()).toLowerCase();
  let pattern: RegExp;
  try {
    pattern = new RegExp(gate.modelPattern, gate.modelFlags);
  } catch {
    return { built: false, why: `the generated model pattern ${gate.modelPattern} does not compile here` };
  }
  if (!gate.providers.includes(run.provider.trim().toLowerCase()) || !pattern.test(bare)) {
    return { built: false, why: `${gate.setting} is not set and the run's model ${runText} is not a strict-agentic one (${gate.providers.join(', ')} with a model matching /${gate.modelPattern}/${gate.modelFlags})` };
  }
  const contractPath = (base: JsonPath): JsonPath => [...base, gate.contractKey, 'executionContract'];
  const agentContract = agentEntry ? reader?.raw(contractPath(agentEntry)) : undefined;
  const contractAt = agentContract !== undefined && agentEntry ? contractPath(agentEntry) : contractPath(['agents', 'defaults']);
  const contract = agentContract ?? reader?.raw(contractPath(['agents', 'defaults']));
  if (contract === 'default') {
    return { built: false, why: `${dotted(contractAt)} is "default", which opts the run's model ${runText} out of the strict-agentic contract`, ...(reader ? { at: settingAt(reader, [...contractAt]) } : {}) };
  }
  return { built: true, why: `${gate.setting} is not set and the run's model ${runText} runs the strict-agentic contract, which builds ${tool}` };
}

/**
 * Core tools of the modelled version that this config keeps OpenClaw from
 * building at all, each with the setting that turns it off: a construction
 * switch (`tools.web.search.enabled: false`, from the generated table), or a
 * bundled plugin that does not load (`memory_search` is memory-core's,
 * `canvas` and `browser` are plugins of their own in 2026.9.6).
 */
export function constructionDefects(reader: ConfigReader | undefined, model: OpenClawModel, agentEntry?: JsonPath, sandboxed = false): Map<string, DefinitionDefect> {
  const out = new Map<string, DefinitionDefect>();
  if (!reader) {
    return out;
  }
  if (sandboxed) {
    const agentMode = agentEntry ? reader.raw([...agentEntry, 'sandbox', 'mode']) : undefined;
    const modePath = typeof agentMode === 'string' && agentEntry ? [...agentEntry, 'sandbox', 'mode'] : ['agents', 'defaults', 'sandbox', 'mode'];
    for (const tool of model.sandboxNeverBuilds) {
      out.set(tool, {
        kind: 'not-constructed',
        setting: `the sandbox (${dotted(modePath)}: ${JSON.stringify(reader.raw(modePath) ?? 'off')}): a host-only tool`,
        rule: 'sandboxed runs build no host-only tools (createOpenClawCodingTools)',
        fix: 'run unsandboxed (sandbox mode off, or the main session under non-main)',
        at: settingAt(reader, modePath),
      });
    }
  }
  const gate = pluginToolGate(reader, model, agentEntry, sandboxed);
  for (const sw of model.constructionSwitches) {
    const path = [...sw.path];
    if (reader.raw(path) === sw.value) {
      for (const tool of sw.removes) {
        out.set(tool, {
          kind: 'not-constructed',
          setting: `${dotted(path)}: ${JSON.stringify(sw.value)}`,
          rule: sw.rule,
          fix: `remove ${dotted(path)} (or set it to ${JSON.stringify(!sw.value)})`,
          at: settingAt(reader, path),
        });
      }
    }
  }
  const lean = model.localModelLean ? localModelLeanAt(reader, agentEntry) : undefined;
  if (lean && model.localModelLean) {
    // Kept when the override allow lists name it (resolveLocalModelLeanPreserveToolNames: groups expanded, `*` left out).
    const preserved = [...explicitEntries(overridePolicies(reader, model, agentEntry, sandboxed), model)]
      .flatMap((e) => (Object.prototype.hasOwnProperty.call(model.groups, e) ? [...(model.groups[e] ?? [])] : [e]))
      .filter((e) => e !== '*' && e !== DEFAULT_PLUGIN_TOOLS);
    for (const tool of model.localModelLean.removes) {
      if (!out.has(tool) && !preserved.some((e) => globMatches(e, policyName(tool, model)))) {
        out.set(tool, {
          kind: 'not-constructed',
          setting: `${dotted(lean)}: true (local-model lean mode)`,
          rule: `${model.localModelLean.rule}: lean mode drops high-latency and channel-dependent tools`,
          fix: `remove ${dotted(lean)} (or set it to false)`,
          at: settingAt(reader, lean),
        });
      }
    }
  }
  for (const [id, plugin] of Object.entries(model.bundledPluginTools)) {
    const defect = pluginOff(reader, id, plugin, model);
    for (const tool of plugin.tools) {
      const why = defect ?? gate(id, tool, plugin.optionalTools?.includes(tool) === true);
      if (why && !out.has(tool)) {
        out.set(tool, why);
      }
    }
  }
  return out;
}

/**
 * Where `experimental.localModelLean` is on for the run's agent, if it is:
 * the agent's own value when it sets one, else the defaults' (measured with
 * OpenClaw's composition: an agent's `experimental: {}` keeps the defaults'
 * lean mode, its `localModelLean: false` turns it off).
 */
function localModelLeanAt(reader: ConfigReader, agentEntry: JsonPath | undefined): (string | number)[] | undefined {
  const own = agentEntry ? [...agentEntry, 'experimental', 'localModelLean'] : undefined;
  const path = own && reader.raw(own) !== undefined ? own : ['agents', 'defaults', 'experimental', 'localModelLean'];
  return reader.raw(path) === true ? path : undefined;
}
