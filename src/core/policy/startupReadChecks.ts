import { checkChannelSection } from '../config/channelSchemaCheck';
import type { ReadChecks } from '../config/configSchema';

/**
 * What an OpenClaw release's config read refuses beyond its core schema, as
 * its epoch's generated `read` facts say (scripts/lib/openclawReadChecks.mjs):
 * `channels` keys that no channel of it or its bundled plugins owns, channel
 * sections its channel plugins' JSON schemas reject, and plugin ids its
 * bundled plugins do not have where it refuses an unknown one. The plugins a
 * user installed under the state folder are not seen (the facts are asked in
 * a scratch HOME): a config naming one is judged as on a fresh install.
 */

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export interface ReadRefusal {
  path: (string | number)[];
  /** Whether the key itself (not its value) is what is refused. */
  key: boolean;
  /** Whether the path is one the release's doctor migrates (its legacy rules name it). */
  legacy: boolean;
  reason: string;
}

/** Whether a path matches a legacy rule's path (`*` any key or index), exactly. */
function matchesLegacy(legacyPaths: readonly string[], path: readonly (string | number)[]): boolean {
  return legacyPaths.some((l) => {
    const parts = l.split('.');
    return parts.length === path.length && parts.every((p, i) => p === '*' || p === String(path[i]));
  });
}

/**
 * Whether the channel section is one a channel plugin validates (the release
 * knows the id and ships its schema). Such a section is not a retired core
 * key even where the core schema has dropped it and a legacy rule names it.
 */
export function pluginOwnedChannel(read: ReadChecks | undefined, id: string): boolean {
  return read !== undefined && read.channelIds.includes(id) && read.channelSchemas[id] !== undefined;
}

/**
 * What the read refuses beyond the schema. `migrated(id)`: whether the doctor
 * migrates keys of that channel section first; its plugin schema is then not
 * asked (the release validates a section only once its core schema passes, so
 * what would be left after `openclaw doctor --fix` is not known here).
 */
export function readRefusals(cfg: Obj, read: ReadChecks | undefined, migrated: (channelId: string) => boolean = () => false, legacyPaths: readonly string[] = []): ReadRefusal[] {
  if (!read) {
    return [];
  }
  const out: ReadRefusal[] = [];
  const plugins = isObj(cfg.plugins) ? cfg.plugins : undefined;
  const lower = (s: unknown): string => (typeof s === 'string' ? s.trim().toLowerCase() : '');
  if (isObj(cfg.channels)) {
    const known = new Set(read.channelIds);
    const named = (at: string): string[] => {
      if (!plugins || !read.unknownChannelExcusedBy.includes(at)) {
        return [];
      }
      const v = plugins[at.slice('plugins.'.length)];
      return (Array.isArray(v) ? v : isObj(v) ? Object.keys(v) : []).map(lower);
    };
    const excused = new Set([...named('plugins.allow'), ...named('plugins.entries'), ...named('plugins.installs')]);
    for (const [raw, section] of Object.entries(cfg.channels)) {
      const id = raw.trim();
      if (id === '' || id === 'defaults' || id === 'modelByChannel') {
        continue;
      }
      if (!known.has(id)) {
        if (read.refusesUnknownChannel && !excused.has(id.toLowerCase())) {
          out.push({ path: ['channels', raw], key: true, legacy: false, reason: `unknown channel id: no channel of the release or its bundled plugins is ${JSON.stringify(id)}` });
        }
        continue;
      }
      const schema = read.channelSchemas[id];
      if (!schema || migrated(raw)) {
        continue;
      }
      for (const e of checkChannelSection(schema, section)) {
        const at = ['channels', raw, ...e.at];
        // A key its schema refuses that a legacy rule names, or in a section a rule names as a whole
        // (2026.9.6: `channels.discord`, its string `streaming`): `openclaw doctor --fix` migrates it.
        const legacy = matchesLegacy(legacyPaths, at) || matchesLegacy(legacyPaths, ['channels', raw]);
        out.push({ path: at, key: e.key, legacy, reason: `its ${id} channel plugin's schema: ${e.message}` });
      }
    }
  }
  // No plugin id found at all means the facts could not read the release's registry: nothing to judge ids by.
  if (plugins && read.pluginIds.length > 0) {
    const found = new Set(read.pluginIds);
    const missing = (id: unknown): boolean => typeof id === 'string' && id.trim() !== '' && !found.has(id.trim());
    const reason = (id: string): string => `plugin not found: ${JSON.stringify(id)} is none of the release's bundled plugins`;
    for (const list of ['allow', 'deny'] as const) {
      const v = plugins[list];
      if (read.unknownPluginRefusedIn.includes(`plugins.${list}`) && Array.isArray(v)) {
        v.forEach((id, i) => missing(id) && out.push({ path: ['plugins', list, i], key: false, legacy: false, reason: reason(String(id)) }));
      }
    }
    if (read.unknownPluginRefusedIn.includes('plugins.entries') && isObj(plugins.entries)) {
      for (const id of Object.keys(plugins.entries)) {
        if (missing(id)) {
          out.push({ path: ['plugins', 'entries', id], key: true, legacy: false, reason: reason(id) });
        }
      }
    }
    const memory = isObj(plugins.slots) ? plugins.slots.memory : undefined;
    // `none` empties the slot rather than naming a plugin.
    if (read.unknownPluginRefusedIn.includes('plugins.slots.memory') && missing(memory) && lower(memory) !== 'none') {
      out.push({ path: ['plugins', 'slots', 'memory'], key: false, legacy: false, reason: reason(String(memory)) });
    }
  }
  return out;
}
