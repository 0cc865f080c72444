import { ConfigReader, dotted } from '../config/configReader';
import { OPENCLAW_CONFIG_SCHEMA, SchemaChecker, type ConfigSchema } from '../config/configSchema';
import type { Json5Document } from '../config/json5Document';
import { EPOCH_SCHEMAS } from '../config/schema/index';
import { newestAtOrBefore } from '../util/releaseOrder';
import { parseVersion, versionOrder } from './openclawVersions';
import { pluginOwnedChannel, readRefusals } from './startupReadChecks';

/**
 * "Would it start?": OpenClaw's CLI validates the config before it runs a
 * command (`ensureConfigReady` over `readConfigFileSnapshot`) and refuses an
 * invalid one until `openclaw doctor --fix` migrates its legacy keys or the
 * user edits the rest. Judged here with the release's own schema, generated
 * per epoch (src/core/config/schema/), and what its read checks beyond it
 * (channel and plugin ids, channel plugins' schemas, retired keys it moves
 * away first: startupReadChecks.ts).
 */

/** The config schema of the epoch `version` belongs to: the newest epoch starting at or before it. */
export function configSchemaFor(version: string): ConfigSchema {
  const entry = newestAtOrBefore(EPOCH_SCHEMAS, (e) => e.version, version) ?? EPOCH_SCHEMAS[0];
  // Read when first asked for: most runs model one release.
  return entry ? (entry.load() as ConfigSchema) : OPENCLAW_CONFIG_SCHEMA;
}

export interface RejectedKey {
  path: string;
  /** The same path as keys and indexes (where the value sits in the document). */
  parts?: (string | number)[];
  line?: number;
  /** `value`: a value it rejects; `unknown`: a key it does not know; `legacy`: a key its doctor migrates. */
  kind: 'value' | 'unknown' | 'legacy';
  /** Why, where the schema alone does not say (a retired model, an unknown agent). */
  reason?: string;
}

export interface StartupVerdict {
  /** The version judged. */
  version: string;
  /** The release whose schema judged it (the newest measured release of its epoch). */
  schemaRelease: string;
  refuses: boolean;
  rejected: RejectedKey[];
  /** What `openclaw doctor --fix` would migrate (the `legacy` ones). */
  migrates: RejectedKey[];
}

/** Judges a parsed config as OpenClaw `version` would before running anything. */
export function judgeStartup(doc: Json5Document, version: string, schema: ConfigSchema = configSchemaFor(version)): StartupVerdict {
  // A scratch reader: the verdict is one diagnostic, not one per key (the main check already reports those).
  const scratch = new ConfigReader(doc);
  const checker = new SchemaChecker(schema);
  if (doc.value !== null && typeof doc.value === 'object' && !Array.isArray(doc.value)) {
    checker.check(scratch);
  }
  const rejected: RejectedKey[] = [];
  for (const f of checker.findings) {
    // A retired key the release moves or drops while reading never reaches its schema (`read`).
    if (f.kind === 'passthrough' || f.kind === 'read') {
      continue;
    }
    // A whole channel section a channel plugin validates (4.1 on) is not a retired core key: its
    // plugin's schema judges it below, and a key there that a legacy rule names is the doctor's.
    if (f.kind === 'legacy' && f.path.length === 2 && f.path[0] === 'channels' && pluginOwnedChannel(schema.read, String(f.path[1]))) {
      continue;
    }
    const pos = doc.locate(f.path, f.kind !== 'value');
    rejected.push({ path: dotted(f.path), parts: f.path, ...(pos?.line !== undefined ? { line: pos.line } : {}), kind: f.kind, ...(f.reason !== undefined ? { reason: f.reason } : {}) });
  }
  if (isObj(doc.value)) {
    for (const f of beyondSchema(doc.value, schema)) {
      const pos = doc.locate(f.path, f.key);
      rejected.push({ path: dotted(f.path), parts: f.path, ...(pos?.line !== undefined ? { line: pos.line } : {}), kind: 'value', reason: f.reason });
    }
    const legacy = rejected.filter((r) => r.kind === 'legacy').map((r) => r.path);
    const migrated = (channel: string): boolean => legacy.some((p) => p === `channels.${channel}` || p.startsWith(`channels.${channel}.`) || p.startsWith(`channels.${channel}[`));
    for (const f of readRefusals(doc.value, schema.read, migrated, schema.legacyPaths)) {
      const pos = doc.locate(f.path, f.key);
      rejected.push({ path: dotted(f.path), parts: f.path, ...(pos?.line !== undefined ? { line: pos.line } : {}), kind: f.legacy ? 'legacy' : f.key ? 'unknown' : 'value', reason: f.reason });
    }
  }
  return { version, schemaRelease: schema.openclawVersion, refuses: rejected.length > 0, rejected, migrates: rejected.filter((r) => r.kind === 'legacy') };
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The checks the release's config read makes beyond its schema, where the
 * epoch's data says it makes them: a model it retires, a binding to an agent
 * the config does not define.
 */
function beyondSchema(cfg: Obj, schema: ConfigSchema): { path: (string | number)[]; key: boolean; reason: string }[] {
  const out: { path: (string | number)[]; key: boolean; reason: string }[] = [];
  const agents = isObj(cfg.agents) ? cfg.agents : {};
  if (schema.rejectsSuppressedModels) {
    const retired = new Map((schema.suppressedModels ?? []).map((s) => [`${s.provider}/${s.model}`.toLowerCase(), s.reason ?? 'a model the release retires']));
    const modelAt = (m: unknown, at: (string | number)[]): void => {
      const check = (ref: unknown, p: (string | number)[], key = false): void => {
        const why = typeof ref === 'string' ? retired.get(ref.trim().toLowerCase()) : undefined;
        if (why) {
          out.push({ path: p, key, reason: why });
        }
      };
      if (typeof m === 'string') {
        check(m, at);
      } else if (isObj(m)) {
        check(m.primary, [...at, 'primary']);
        if (Array.isArray(m.fallbacks)) {
          m.fallbacks.forEach((f, i) => check(f, [...at, 'fallbacks', i]));
        }
      }
    };
    const scopes: [Obj, (string | number)[]][] = [];
    if (isObj(agents.defaults)) {
      scopes.push([agents.defaults, ['agents', 'defaults']]);
      if (isObj(agents.defaults.models)) {
        for (const k of Object.keys(agents.defaults.models)) {
          const why = retired.get(k.trim().toLowerCase());
          if (why) {
            out.push({ path: ['agents', 'defaults', 'models', k], key: true, reason: why });
          }
        }
      }
    }
    if (Array.isArray(agents.list)) {
      agents.list.forEach((a, i) => isObj(a) && scopes.push([a, ['agents', 'list', i]]));
    }
    if (isObj(agents.entries)) {
      for (const [id, a] of Object.entries(agents.entries)) {
        if (isObj(a)) {
          scopes.push([a, ['agents', 'entries', id]]);
        }
      }
    }
    for (const [scope, at] of scopes) {
      modelAt(scope.model, [...at, 'model']);
    }
  }
  if (schema.rejectsUnknownBindingAgent && Array.isArray(cfg.bindings)) {
    const ids = new Set<string>();
    if (Array.isArray(agents.list)) {
      for (const a of agents.list) {
        if (isObj(a) && typeof a.id === 'string') {
          ids.add(a.id.trim().toLowerCase());
        }
      }
    }
    if (isObj(agents.entries)) {
      for (const id of Object.keys(agents.entries)) {
        ids.add(id.trim().toLowerCase());
      }
    }
    // With no roster at all, OpenClaw runs its implicit `main`.
    if (ids.size === 0) {
      ids.add('main');
    }
    cfg.bindings.forEach((b, i) => {
      if (isObj(b) && typeof b.agentId === 'string' && !ids.has(b.agentId.trim().toLowerCase())) {
        out.push({ path: ['bindings', i, 'agentId'], key: false, reason: `unknown agent id ${JSON.stringify(b.agentId)}` });
      }
    });
  }
  return out;
}

/** Whether `a` is a newer release than `b` (both calendar versions). */
export function isNewerRelease(a: string, b: string): boolean {
  const x = parseVersion(a);
  const y = parseVersion(b);
  return x !== undefined && y !== undefined && versionOrder(x, y) > 0;
}

const MAX_LISTED = 8;

function list(keys: readonly RejectedKey[]): string {
  const shown = keys.slice(0, MAX_LISTED).map((k) => `${k.path}${k.line !== undefined ? ` (line ${k.line}${k.reason ? `: ${k.reason}` : ''})` : k.reason ? ` (${k.reason})` : ''}`);
  return `${shown.join(', ')}${keys.length > MAX_LISTED ? `, and ${keys.length - MAX_LISTED} more` : ''}`;
}

/**
 * The one diagnostic for a config last written by an older OpenClaw than the
 * one the user runs: whether that OpenClaw would refuse to start with it, and
 * what its doctor would migrate. Reported at `meta.lastTouchedVersion`.
 */
export function reportStartupVerdict(reader: ConfigReader, installed: { version: string; at?: string }, touched: string): StartupVerdict {
  const v = judgeStartup(reader.doc, installed.version);
  const who = `OpenClaw ${installed.version} (installed${installed.at ? ` at ${installed.at}` : ''})`;
  const by = v.schemaRelease === installed.version ? 'its own config schema' : `the config schema of openclaw@${v.schemaRelease}, the newest measured release of its epoch`;
  const written = `this config was last written by OpenClaw ${touched}`;
  if (!v.refuses) {
    reader.report(['meta', 'lastTouchedVersion'], 'info', `${written}; ${who} would start with it (checked against ${by})`);
    return v;
  }
  const byHand = v.rejected.filter((r) => r.kind !== 'legacy');
  const parts = [
    `${who} would refuse to start with this config (${written}): ${v.rejected.length} key${v.rejected.length === 1 ? '' : 's'} ${by} rejects`,
    v.migrates.length > 0 ? `\`openclaw doctor --fix\` would migrate ${list(v.migrates)}` : '`openclaw doctor --fix` would migrate none of them',
    ...(byHand.length > 0 ? [`to edit by hand: ${list(byHand)}`] : []),
  ];
  reader.report(['meta', 'lastTouchedVersion'], 'error', parts.join('; '));
  return v;
}
