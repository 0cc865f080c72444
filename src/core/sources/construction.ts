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
 * plugin, then a `plugins.allow` list without it (an entry with
 * `enabled: true` passes the list, as the loader measured in the oracle
 * composition suite), then its own default.
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
  if (entryEnabled === true) {
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
 * Core tools of the modelled version that this config keeps OpenClaw from
 * building at all, each with the setting that turns it off: a construction
 * switch (`tools.web.search.enabled: false`, from the generated table), or a
 * bundled plugin that does not load (`memory_search` is memory-core's,
 * `canvas` and `browser` are plugins of their own in 2026.9.6).
 */
export function constructionDefects(reader: ConfigReader | undefined, model: OpenClawModel): Map<string, DefinitionDefect> {
  const out = new Map<string, DefinitionDefect>();
  if (!reader) {
    return out;
  }
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
    if (defect) {
      for (const tool of plugin.tools) {
        if (!out.has(tool)) {
          out.set(tool, defect);
        }
      }
    }
  }
  return out;
}
