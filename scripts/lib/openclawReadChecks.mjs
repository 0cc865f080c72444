// What a release's config read checks and changes beyond its core schema, each
// asked of its own `readConfigFileSnapshot` with probe configs: the channel ids
// and plugin ids it knows (only the bundled plugins in a scratch HOME), where an
// unknown plugin id is refused, the JSON schemas it validates channel sections
// with, and the retired keys it accepts because it moves or drops them before
// validating (2026.6.10's `plugins.installs`), and the sections beside which
// it refuses them after all (8.1's `agents.list` beside `agents.entries`). Used by openclawFacts.mjs; the
// probes are our questions, the answers are the release's. Test tooling only.
import { Validator } from '@cfworker/json-schema';
import { nodeAtPath } from './openclawSchema.mjs';

const PROBE_CHANNEL = 'tsi-probe-channel';
const PROBE_PLUGIN = 'tsi-probe-plugin';
const PROBE_KEY = 'tsiProbeUnknownKey';

/**
 * @param {object} p
 * @param {(config: object) => Promise<{ valid: boolean, issues: { path: string, message: string }[] } | undefined>} p.probe
 *   the release's read over one probe config (undefined when the read throws)
 * @param {(name: string) => Promise<Function | undefined>} p.fn the release's function by name
 * @param {(name: string, pick: (v: unknown) => boolean) => Promise<unknown>} p.value an exported value
 * @param {{ root: unknown, defs: Record<string, unknown> }} p.table the release's core schema as a node table
 * @param {{ path: string, sample: unknown }[]} p.retired key paths earlier releases' schemas had, with a value they accepted
 * @param {string[]} p.manifestIds the ids of the plugin manifests the release ships (where its registry loader is private)
 */
export async function readChecks({ probe, fn, value, table, retired = [], manifestIds = [] }) {
  const issuesOf = async (config) => (await probe(config))?.issues ?? [];
  const under = (issues, at) => issues.filter((i) => i.path === at || i.path.startsWith(`${at}.`));

  // The manifest registry a scratch HOME finds: the bundled plugins.
  const loadRegistry = await fn('loadPluginManifestRegistry');
  let registry = { plugins: [] };
  try {
    registry = loadRegistry ? loadRegistry({ config: {}, env: process.env }) : registry;
  } catch {
    // A release whose registry cannot load without more context: its ids come from the probes alone.
  }
  const plugins = registry.plugins ?? [];

  // Channel ids: every id the release names anywhere it keeps them, kept where its read accepts the id.
  const generated = await value('GENERATED_BUNDLED_CHANNEL_CONFIG_METADATA', (v) => Array.isArray(v) && v.length > 0 && typeof v[0]?.channelId === 'string');
  const listChatChannels = await fn('listChatChannels');
  const coreChannels = nodeAtPath(table, ['channels']);
  const coreChannelKeys = coreChannels && typeof coreChannels === 'object' && coreChannels.object ? Object.keys(coreChannels.object) : [];
  const candidates = new Set([
    ...coreChannelKeys,
    ...plugins.flatMap((r) => r.channels ?? []),
    ...plugins.flatMap((r) => Object.keys(r.channelConfigs ?? {})),
    ...(Array.isArray(generated) ? generated.map((e) => e.channelId) : []),
    ...(listChatChannels ? safe(() => listChatChannels().map((c) => c.id), []) : []),
  ].filter((c) => typeof c === 'string' && c.trim() !== '' && c !== 'defaults' && c !== 'modelByChannel'));
  const unknownChannel = (issues, id) => issues.find((i) => i.path === `channels.${id}` && i.message.includes(id) && !i.message.includes(PROBE_KEY));
  const refusesUnknownChannel = Boolean(unknownChannel(await issuesOf({ channels: { [PROBE_CHANNEL]: {} } }), PROBE_CHANNEL));
  const channelIds = [];
  for (const c of [...candidates].sort()) {
    if (!refusesUnknownChannel || !unknownChannel(await issuesOf({ channels: { [c]: {} } }), c)) channelIds.push(c);
  }
  // An unknown channel the config's plugins section names is a stale plugin's, let through (6.10 on).
  const unknownChannelExcusedBy = [];
  if (refusesUnknownChannel) {
    const evidence = {
      'plugins.allow': { allow: [PROBE_CHANNEL] },
      'plugins.entries': { entries: { [PROBE_CHANNEL]: {} } },
      'plugins.installs': { installs: { [PROBE_CHANNEL]: { source: 'npm', spec: PROBE_CHANNEL } } },
    };
    for (const [at, pluginsSection] of Object.entries(evidence)) {
      if (!unknownChannel(await issuesOf({ channels: { [PROBE_CHANNEL]: {} }, plugins: pluginsSection }), PROBE_CHANNEL)) unknownChannelExcusedBy.push(at);
    }
  }

  // The JSON schema each channel section is validated with, where the core schema leaves the section open.
  const metadata = await fn('collectChannelSchemaMetadata');
  const fromRegistry = new Map(metadata ? safe(() => metadata(registry), []).filter((e) => e.configSchema).map((e) => [e.id, e.configSchema]) : []);
  const fromGenerated = new Map(Array.isArray(generated) ? generated.filter((e) => e.schema).map((e) => [e.channelId, e.schema]) : []);
  const channelSchemas = {};
  const schemaNotes = [];
  for (const c of channelIds) {
    const core = nodeAtPath(table, ['channels', c]);
    if (core !== undefined && core !== 'any') continue;
    const found = fromRegistry.get(c) ?? fromGenerated.get(c);
    // Plain JSON (the release freezes its tables; the validator annotates what it is given).
    const schema = found && JSON.parse(JSON.stringify(found));
    const refused = under(await issuesOf({ channels: { [c]: { [PROBE_KEY]: true } } }), `channels.${c}`).length > 0;
    if (!refused) continue;
    if (!schema) {
      schemaNotes.push(`${c}: refuses an unknown key, no schema found`);
      continue;
    }
    // Ours must answer both probes as the release does, or the schema is not the one it uses.
    // (Its `required` keys may have defaults the release fills in first: only the unknown key is asked here.)
    const errors = safe(() => new Validator(JSON.parse(JSON.stringify(schema)), '2020-12', false).validate({ [PROBE_KEY]: true }).errors, []);
    if (!errors.some((e) => e.instanceLocation === '#' && /additionalProperties|unevaluatedProperties/.test(e.keyword))) {
      schemaNotes.push(`${c}: the schema found does not refuse an unknown key as the release does`);
    }
    channelSchemas[c] = schema;
  }

  // Plugin ids, and where an id the install does not find is refused.
  const pluginIds = [...new Set([...plugins.map((r) => r.id), ...manifestIds].filter((id) => typeof id === 'string'))].sort();
  const unknownPluginRefusedIn = [];
  const pluginProbes = {
    'plugins.allow': { allow: [PROBE_PLUGIN] },
    'plugins.deny': { deny: [PROBE_PLUGIN] },
    'plugins.entries': { entries: { [PROBE_PLUGIN]: {} } },
    'plugins.slots.memory': { slots: { memory: PROBE_PLUGIN } },
  };
  for (const [at, pluginsSection] of Object.entries(pluginProbes)) {
    if (under(await issuesOf({ plugins: pluginsSection }), at).some((i) => i.message.includes(PROBE_PLUGIN))) unknownPluginRefusedIn.push(at);
  }
  // The ids found must pass where unknown ones are refused, or the registry is not the one the read uses.
  if (unknownPluginRefusedIn.includes('plugins.deny') && pluginIds.length > 0) {
    const left = under(await issuesOf({ plugins: { deny: pluginIds } }), 'plugins.deny');
    if (left.length > 0) schemaNotes.push(`plugins.deny refuses ${left.length} of the plugin ids found: ${left.map((i) => i.message).slice(0, 3).join('; ')}`);
  }
  if (unknownPluginRefusedIn.includes('plugins.slots.memory') && pluginIds.includes('memory-core')) {
    const left = under(await issuesOf({ plugins: { slots: { memory: 'memory-core' } } }), 'plugins.slots.memory');
    if (left.length > 0) schemaNotes.push(`plugins.slots.memory refuses memory-core, a plugin id found: ${left[0].message}`);
  }

  // Retired keys the read accepts: absent from this schema (their parent present), set with a value an earlier schema took.
  const candidatesRetired = retired.filter((r) => {
    const parts = r.path.split('.');
    return nodeAtPath(table, parts) === undefined && (parts.length === 1 || nodeAtPath(table, parts.slice(0, -1)) !== undefined);
  });
  const acceptedRetiredPaths = [];
  const accepts = async (list) => (await probe(configWith(list)))?.valid === true;
  const bisect = async (list) => {
    if (list.length === 0) return;
    if (await accepts(list)) {
      acceptedRetiredPaths.push(...list.map((r) => r.path));
      return;
    }
    if (list.length === 1) return;
    const half = Math.ceil(list.length / 2);
    await bisect(list.slice(0, half));
    await bisect(list.slice(half));
  };
  if ((await probe({}))?.valid === true) await bisect(candidatesRetired);

  // An accepted retired key can still be refused beside a key of its own section: 8.1 - 9.6 move
  // `agents.list` to `agents.entries` while reading only when `agents.entries` is not set, and then
  // reject it as an unknown key. Each sibling section the schema has is set empty beside the key.
  const acceptedRetiredUnless = {};
  for (const at of acceptedRetiredPaths) {
    const sample = candidatesRetired.find((r) => r.path === at)?.sample;
    const parent = at.split('.').slice(0, -1);
    const node = nodeAtPath(table, parent);
    const siblings = node && typeof node === 'object' && node.object ? Object.keys(node.object) : [];
    for (const k of siblings) {
      const kind = nodeAtPath(table, [...parent, k]);
      if (!kind || typeof kind !== 'object' || !(kind.object || kind.record)) continue;
      const sibling = { path: [...parent, k].join('.'), sample: {} };
      if ((await probe(configWith([sibling])))?.valid !== true) continue;
      if ((await probe(configWith([{ path: at, sample }, sibling])))?.valid !== true) (acceptedRetiredUnless[at] ??= []).push(sibling.path);
    }
  }

  return {
    channelIds,
    refusesUnknownChannel,
    unknownChannelExcusedBy,
    channelSchemas,
    pluginIds,
    unknownPluginRefusedIn,
    acceptedRetiredPaths: acceptedRetiredPaths.sort(),
    acceptedRetiredUnless,
    notes: schemaNotes,
  };
}

/** A config holding every `{ path, sample }`. */
function configWith(list) {
  const out = {};
  for (const { path, sample } of list) {
    const parts = path.split('.');
    let cur = out;
    for (const p of parts.slice(0, -1)) {
      if (cur[p] === null || typeof cur[p] !== 'object') cur[p] = {};
      cur = cur[p];
    }
    cur[parts[parts.length - 1]] = JSON.parse(JSON.stringify(sample));
  }
  return out;
}

function safe(f, fallback) {
  try {
    return f();
  } catch {
    return fallback;
  }
}
