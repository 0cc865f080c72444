import type { ConfigReader } from '../config/configReader';
import type { OpenClawModel } from '../policy/openclawVersions';
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
    rule: `bundled plugin "${id}" not loaded (src/plugins/config-state.ts resolveEffectivePluginActivationState)`,
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
  const agents = reader.raw(['agents', 'list']);
  const places: (string | number)[][] = [['tools'], ...(Array.isArray(agents) ? agents.map((_, i) => ['agents', 'list', i, 'tools']) : [])];
  return places.some((at) => names(reader.raw([...at, 'allow'])) || names(reader.raw([...at, 'alsoAllow'])));
}

/** Entries of a policy list as OpenClaw compares them (`normalizeToolPolicyName`: trimmed, lower-case, aliases). */
function entries(v: unknown, model: OpenClawModel): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map((x) => x.trim().toLowerCase()).filter((x) => x !== '').map((x) => model.aliases[x] ?? x) : [];
}

function globMatches(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) {
    return pattern === name;
  }
  const re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return re.test(name);
}

/**
 * OpenClaw builds a plugin's tools only when the run's explicit allow lists
 * (the profile's list, then tools.allow and the agent's, as one union:
 * `collectExplicitAllowlist`) let the plugin in by plugin-level terms
 * (`createPluginToolAllowlist`: `*`, `group:plugins`, the plugin id, or the
 * tool's own name or a glob over it). A core group such as `group:memory`
 * is not such a term: the policy would admit `memory_search`, but the
 * memory-core plugin never builds it (measured against the composition oracle).
 * An `alsoAllow` without an allow list keeps the defaults.
 */
function pluginToolGate(reader: ConfigReader, model: OpenClawModel, agentIndex?: number, sandboxed = false): (plugin: string, tool: string) => DefinitionDefect | undefined {
  const agentPath = agentIndex !== undefined ? ['agents', 'list', agentIndex, 'tools'] : undefined;
  const agentProfile = agentPath ? reader.raw([...agentPath, 'profile']) : undefined;
  const profile = typeof agentProfile === 'string' ? agentProfile : reader.raw(['tools', 'profile']);
  const profileAllow = typeof profile === 'string' && Object.prototype.hasOwnProperty.call(model.profiles, profile) ? model.profiles[profile as keyof typeof model.profiles] : null;
  const lists: { at: (string | number)[]; entries: string[] }[] = [];
  if (profileAllow) {
    lists.push({ at: typeof agentProfile === 'string' && agentPath ? [...agentPath, 'profile'] : ['tools', 'profile'], entries: entries(profileAllow, model) });
  } else if (typeof profile === 'string' && profile === 'full') {
    lists.push({ at: ['tools', 'profile'], entries: ['*'] });
  }
  for (const at of [['tools'], ...(agentPath ? [agentPath] : [])]) {
    const allow = reader.raw([...at, 'allow']);
    if (Array.isArray(allow) && entries(allow, model).length > 0) {
      lists.push({ at: [...at, 'allow'], entries: entries(allow, model) });
    }
  }
  // A level with alsoAllow but neither allow nor profile means "the defaults, plus these" for plugins
  // (`IMPLICIT_ALLOW_ALL_FROM_ALSO_ALLOW` -> the default plugin tools entry of `collectExplicitAllowlist`).
  const levels = [['tools'], ...(agentPath ? [agentPath] : [])];
  const alsoOnly = levels.some((at) => entries(reader.raw([...at, 'alsoAllow']), model).length > 0 && entries(reader.raw([...at, 'allow']), model).length === 0 && typeof reader.raw([...at, 'profile']) !== 'string');
  if (lists.length === 0 || alsoOnly) {
    // No allow list (an alsoAllow alone keeps the defaults): every enabled plugin builds its tools.
    return () => undefined;
  }
  // alsoAllow joins the lists it extends (`mergeAlsoAllowPolicy`): the agent's when it has one, else the global one.
  const agentAlso = agentPath ? reader.raw([...agentPath, 'alsoAllow']) : undefined;
  // alsoAllow joins the profile's list with its core groups expanded (`group:ui` names `browser`), and a
  // configured allow list as written (`group:memory` there names no plugin tool): measured against the
  // composition oracle.
  const alsoRaw = entries(Array.isArray(agentAlso) ? agentAlso : reader.raw(['tools', 'alsoAllow']), model);
  // Measured: a global allow list keeps the global alsoAllow out of the profile; an agent's allow list does not.
  const alsoFromAgent = Array.isArray(agentAlso);
  const globalAllow = entries(reader.raw(['tools', 'allow']), model).length > 0;
  const also = profileAllow && (alsoFromAgent || !globalAllow)
    ? alsoRaw.flatMap((e) => (Object.prototype.hasOwnProperty.call(model.groups, e) ? [e, ...(model.groups[e] ?? [])] : [e]))
    : alsoRaw;
  // A sandboxed run's sandbox lists are explicit lists too, groups expanded as the sandbox policy expands them
  // (measured: a sandbox alsoAllow naming `browser`, a sandbox allow of `group:memory`, build those tools).
  const sandboxEntries = sandboxed
    ? [['tools', 'sandbox', 'tools'], ...(agentPath ? [['agents', 'list', agentIndex ?? 0, 'tools', 'sandbox', 'tools']] : [])].flatMap((at) => [
        ...entries(reader.raw([...at, 'allow']), model),
        ...entries(reader.raw([...at, 'alsoAllow']), model),
      ]).flatMap((e) => (Object.prototype.hasOwnProperty.call(model.groups, e) ? [e, ...(model.groups[e] ?? [])] : [e]))
    : [];
  const union = new Set([...lists.flatMap((l) => l.entries), ...also, ...sandboxEntries]);
  const first = lists.find((l) => l.entries.length > 0) ?? lists[0];
  return (plugin, tool) => {
    if (union.has('*') || union.has('group:plugins') || union.has(plugin) || [...union].some((e) => globMatches(e, tool))) {
      return undefined;
    }
    return {
      kind: 'not-constructed',
      setting: `the allow lists (${lists.map((l) => dotted(l.at)).join(', ')}), which name neither plugin "${plugin}" nor "${tool}"`,
      rule: 'plugin tools are built only for allow-list entries naming the plugin or the tool (src/plugins/tool-grant-allowlist.ts createPluginToolAllowlist)',
      fix: `add "${tool}" or "${plugin}" to ${dotted(first?.at ?? ['tools', 'allow'])} (a group such as group:memory does not count)`,
      at: settingAt(reader, first?.at ?? ['tools']),
    };
  };
}

/**
 * Core tools of the modelled version that this config keeps OpenClaw from
 * building at all, each with the setting that turns it off: a construction
 * switch (`tools.web.search.enabled: false`, from the generated table), or a
 * bundled plugin that does not load (`memory_search` is memory-core's,
 * `canvas` and `browser` are plugins of their own in 2026.9.6).
 */
export function constructionDefects(reader: ConfigReader | undefined, model: OpenClawModel, agentIndex?: number, sandboxed = false): Map<string, DefinitionDefect> {
  const out = new Map<string, DefinitionDefect>();
  if (!reader) {
    return out;
  }
  if (sandboxed) {
    const agentMode = agentIndex !== undefined ? reader.raw(['agents', 'list', agentIndex, 'sandbox', 'mode']) : undefined;
    const modePath = typeof agentMode === 'string' && agentIndex !== undefined ? ['agents', 'list', agentIndex, 'sandbox', 'mode'] : ['agents', 'defaults', 'sandbox', 'mode'];
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
  const gate = pluginToolGate(reader, model, agentIndex, sandboxed);
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
  for (const [id, plugin] of Object.entries(model.bundledPluginTools)) {
    const defect = pluginOff(reader, id, plugin, model);
    for (const tool of plugin.tools) {
      const why = defect ?? gate(id, tool);
      if (why && !out.has(tool)) {
        out.set(tool, why);
      }
    }
  }
  return out;
}
