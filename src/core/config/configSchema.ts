import { NEWEST_SCHEMA_TABLE as schemaTable } from './schema/newest';
import { closest, dotted, type ConfigReader } from './configReader';
import { doctorFixFor, doctorTableFor, type DoctorTable } from './doctorFix';
import type { JsonPath } from './json5Document';

/**
 * A node of the config schema table: generated from OpenClaw's own zod
 * schemas (scripts/extract-openclaw-tables.mjs), reduced to what a config
 * file may contain. `any` accepts everything (transforms, custom checks).
 */
export type SchemaNode =
  | 'string'
  | 'number'
  | 'boolean'
  | 'null'
  | 'any'
  | { enum: readonly unknown[] }
  | { array: SchemaNode }
  | { record: SchemaNode }
  | { anyOf: readonly SchemaNode[] }
  | { object: Readonly<Record<string, SchemaNode>>; extra?: SchemaNode }
  | { ref: string };

export interface ConfigSchema {
  openclawVersion: string;
  root: SchemaNode;
  defs: Readonly<Record<string, SchemaNode>>;
  /** Paths (`a.b.*.c`) OpenClaw's doctor migrates: known, not unknown. */
  legacyPaths: readonly string[];
  /** Keys OpenClaw rejects with a rename (`mcp.servers.*.timeout` -> `requestTimeoutMs`). */
  legacyKeys: Readonly<Record<string, string>>;
  /** Models the release's bundled provider manifests retire (`modelCatalog.suppressions`). */
  suppressedModels?: readonly { provider: string; model: string; reason?: string }[];
  /** Whether its config read rejects a model ref it retires (asked of the release with a probe config). */
  rejectsSuppressedModels?: boolean;
  /** Whether its config read rejects a binding to an agent the config does not define (probed alike). */
  rejectsUnknownBindingAgent?: boolean;
  /** What its config read checks and changes beyond the schema (scripts/lib/openclawReadChecks.mjs). */
  read?: ReadChecks;
}

/**
 * What a release's `readConfigFileSnapshot` does beyond its core schema, each
 * asked of it with probe configs in a scratch HOME (so "the plugins it finds"
 * are its bundled plugins).
 */
export interface ReadChecks {
  /** Channel ids it accepts under `channels` (its own and its bundled plugins'). */
  channelIds: readonly string[];
  /** Whether it refuses a `channels` key that is none of them. */
  refusesUnknownChannel: boolean;
  /** Where naming an unknown channel's id lets it through as a stale plugin's (`plugins.allow`, `plugins.entries`, `plugins.installs`). */
  unknownChannelExcusedBy: readonly string[];
  /** The JSON schema each channel section is validated with, where its bundled channel plugin ships one. */
  channelSchemas: Readonly<Record<string, Record<string, unknown>>>;
  /** Plugin ids its manifest registry finds. */
  pluginIds: readonly string[];
  /** Where a plugin id it does not find is refused (`plugins.allow`, `plugins.deny`, `plugins.entries`, `plugins.slots.memory`). */
  unknownPluginRefusedIn: readonly string[];
  /** Keys its schema no longer has that it accepts anyway: it moves or drops them before validating. */
  acceptedRetiredPaths: readonly string[];
  /**
   * Sections beside which it refuses such a key after all, by key (8.1 on:
   * `agents.list` is moved to `agents.entries` only when that is not set).
   */
  acceptedRetiredUnless?: Readonly<Record<string, readonly string[]>>;
}

/**
 * How the release's read treats `path` (dotted) in `config`, when it is one of
 * the retired keys it accepts or under one: `beside` names the section the
 * config also sets, beside which the read refuses the key after all.
 */
export function retiredKeyRead(read: ReadChecks | undefined, path: string, config: unknown): { retired: string; beside?: string } | undefined {
  const retired = (read?.acceptedRetiredPaths ?? []).find((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`));
  if (retired === undefined) {
    return undefined;
  }
  const beside = (read?.acceptedRetiredUnless?.[retired] ?? []).find((sibling) => valueAt(config, sibling.split('.')) !== undefined);
  return beside === undefined ? { retired } : { retired, beside };
}

function valueAt(config: unknown, parts: readonly string[]): unknown {
  let cur = config;
  for (const p of parts) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur) || !Object.prototype.hasOwnProperty.call(cur, p)) {
      return undefined;
    }
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

export const OPENCLAW_CONFIG_SCHEMA: ConfigSchema = schemaTable as unknown as ConfigSchema;

/**
 * Keys the inspector itself reads beyond OpenClaw's schema. They are not
 * OpenClaw's, so OpenClaw would reject them; the inspector says so once.
 */
const INSPECTOR_KEYS: Readonly<Record<string, string>> = {
  'approvals.tools': 'the inspector\'s own approval patterns',
};

type Resolved = Exclude<SchemaNode, { ref: string }>;

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function typeName(v: unknown): string {
  if (Array.isArray(v)) {
    return 'an array';
  }
  if (v === null) {
    return 'null';
  }
  if (typeof v === 'object') {
    return 'an object';
  }
  if (typeof v === 'string') {
    return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  }
  return `${typeof v} ${String(v)}`;
}

/**
 * What the check found at one path, by what OpenClaw does with it:
 * `value` it rejects, `unknown` key it rejects (a strict object), `legacy`
 * key it rejects until `openclaw doctor --fix` migrates it, `passthrough` key
 * it accepts and ignores, `read` retired key it moves or drops before
 * validating (`retiredKeyRead`).
 */
export interface SchemaFinding {
  path: (string | number)[];
  kind: 'value' | 'unknown' | 'legacy' | 'passthrough' | 'read';
  /** Why, where the kind alone does not say: the section beside which a retired key is refused. */
  reason?: string;
}

/** Checks a config document against the schema table of one OpenClaw version. */
export class SchemaChecker {
  /** Every finding of the last `check`, in document order. */
  readonly findings: SchemaFinding[] = [];
  private readonly legacyExact = new Set<string>();
  private readonly legacyRetired: string[] = [];
  private readonly legacyRelative: string[] = [];
  private readonly doctor: DoctorTable | undefined;

  constructor(readonly schema: ConfigSchema = OPENCLAW_CONFIG_SCHEMA) {
    this.doctor = doctorTableFor(schema.openclawVersion);
    const roots = this.nodeAt([]);
    const rootKeys = roots && typeof roots === 'object' && 'object' in roots ? Object.keys(roots.object) : [];
    for (const p of schema.legacyPaths) {
      this.legacyExact.add(p);
      if (!rootKeys.includes(p.split('.')[0] ?? '')) {
        this.legacyRelative.push(p);
      }
      // A retired subtree (its path is no longer in the schema) is known as a whole.
      if (this.nodeAt(p.split('.')) === undefined) {
        this.legacyRetired.push(p);
      }
    }
  }

  private resolve(n: SchemaNode): Resolved {
    let cur = n;
    for (let i = 0; i < 20; i++) {
      if (typeof cur !== 'object' || !('ref' in cur)) {
        return cur;
      }
      cur = this.schema.defs[cur.ref] ?? 'any';
    }
    return 'any';
  }

  /** The schema node at a path of keys (`*` for any record key or array index). */
  nodeAt(parts: readonly string[]): SchemaNode | undefined {
    let cur: SchemaNode | undefined = this.schema.root;
    for (const part of parts) {
      cur = cur === undefined ? undefined : this.child(this.resolve(cur), part);
      if (cur === undefined) {
        return undefined;
      }
    }
    return cur;
  }

  private child(n: Resolved, key: string): SchemaNode | undefined {
    if (n === 'any') {
      return 'any';
    }
    if (typeof n !== 'object') {
      return undefined;
    }
    if ('object' in n) {
      return Object.prototype.hasOwnProperty.call(n.object, key) ? n.object[key] : n.extra;
    }
    if ('record' in n) {
      return n.record;
    }
    if ('array' in n) {
      return n.array;
    }
    if ('anyOf' in n) {
      for (const o of n.anyOf) {
        const c = this.child(this.resolve(o), key);
        if (c !== undefined) {
          return c;
        }
      }
    }
    return undefined;
  }

  /** Whether a value fits a node, without reporting. */
  accepts(n: SchemaNode, v: unknown): boolean {
    const node = this.resolve(n);
    if (node === 'any') {
      return true;
    }
    if (typeof node === 'string') {
      return primitiveFits(node, v);
    }
    if ('enum' in node) {
      return node.enum.includes(v);
    }
    if ('array' in node) {
      return Array.isArray(v) && v.every((e) => this.accepts(node.array, e));
    }
    if ('record' in node) {
      return isObj(v) && Object.values(v).every((e) => this.accepts(node.record, e));
    }
    if ('anyOf' in node) {
      return node.anyOf.some((o) => this.accepts(o, v));
    }
    if ('object' in node) {
      return (
        isObj(v) &&
        Object.entries(v).every(([k, e]) => {
          const c = Object.prototype.hasOwnProperty.call(node.object, k) ? node.object[k] : node.extra;
          return c !== undefined && this.accepts(c, e);
        })
      );
    }
    return true;
  }

  /** What a node allows, in words. */
  describe(n: SchemaNode, depth = 0): string {
    const node = this.resolve(n);
    if (node === 'any') {
      return 'any value';
    }
    if (typeof node === 'string') {
      return node === 'string' ? 'a string' : node === 'number' ? 'a number' : node === 'boolean' ? 'true or false' : 'null';
    }
    if ('enum' in node) {
      const vs = node.enum.map((v) => JSON.stringify(v));
      return vs.length === 1 ? vs[0] ?? '' : `one of ${vs.join(', ')}`;
    }
    if ('array' in node) {
      return depth > 1 ? 'an array' : `an array of ${plural(this.describe(node.array, depth + 1))}`;
    }
    if ('record' in node) {
      return 'an object';
    }
    if ('anyOf' in node) {
      const parts = [...new Set(node.anyOf.map((o) => this.describe(o, depth + 1)))];
      return parts.length <= 1 ? parts[0] ?? 'a value' : `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1] ?? ''}`;
    }
    const keys = Object.keys(node.object);
    if (keys.includes('source') && keys.includes('provider') && keys.includes('id') && keys.length === 3) {
      return 'a secret reference { source, provider, id }';
    }
    return 'an object';
  }

  /** Walks the whole document and reports unknown keys and values OpenClaw would reject. */
  check(reader: ConfigReader): void {
    this.walk(reader, this.schema.root, reader.raw([]), []);
  }

  private walk(reader: ConfigReader, n: SchemaNode, v: unknown, path: (string | number)[]): void {
    const node = this.resolve(n);
    if (node === 'any') {
      return;
    }
    const v6 = `OpenClaw ${this.schema.openclawVersion}`;
    const fail = (): void => {
      this.findings.push({ path, kind: 'value' });
      reader.report(path, 'error', `${dotted(path)} must be ${this.describe(node)}, got ${typeName(v)}; ${v6} rejects this value`);
    };
    if (typeof node === 'string' || 'enum' in node) {
      if (!this.accepts(node, v)) {
        fail();
      }
      return;
    }
    if ('array' in node) {
      if (!Array.isArray(v)) {
        fail();
        return;
      }
      v.forEach((e, i) => this.walk(reader, node.array, e, [...path, i]));
      return;
    }
    if ('record' in node) {
      if (!isObj(v)) {
        fail();
        return;
      }
      for (const [k, e] of Object.entries(v)) {
        this.walk(reader, node.record, e, [...path, k]);
      }
      return;
    }
    if ('anyOf' in node) {
      if (this.accepts(node, v)) {
        return;
      }
      // Only one option has the value's shape: report inside it, where the problem is.
      const shaped = node.anyOf.filter((o) => sameShape(this.resolve(o), v));
      const only = shaped[0];
      if (shaped.length === 1 && only !== undefined && typeof this.resolve(only) === 'object') {
        this.walk(reader, only, v, path);
      } else {
        fail();
      }
      return;
    }
    if (!isObj(v)) {
      fail();
      return;
    }
    for (const [k, e] of Object.entries(v)) {
      const keyPath = [...path, k];
      if (Object.prototype.hasOwnProperty.call(node.object, k)) {
        this.walk(reader, node.object[k] ?? 'any', e, keyPath);
        continue;
      }
      if (node.extra !== undefined) {
        this.walk(reader, node.extra, e, keyPath);
      }
      this.unknownKey(reader, keyPath, Object.keys(node.object), node.extra !== undefined);
    }
  }

  private unknownKey(reader: ConfigReader, keyPath: (string | number)[], siblings: readonly string[], open = false): void {
    const pattern = keyPath.map((p, i) => (typeof p === 'number' || this.isRecordLevel(keyPath.slice(0, i)) ? '*' : p)).join('.');
    const plain = keyPath.map(String).join('.');
    const v = `OpenClaw ${this.schema.openclawVersion}`;
    const renamed = this.schema.legacyKeys[pattern];
    // What the release's doctor does to a key it refuses (its own change line), for the message.
    const fix = (kind: 'unknown' | 'legacy'): string => {
      const f = doctorFixFor(this.doctor, keyPath, reader.raw(keyPath), kind);
      return f.action === 'none' ? f.text : `\`openclaw doctor --fix\`: ${f.text.replace(/\.$/, '')}`;
    };
    if (renamed) {
      this.findings.push({ path: keyPath, kind: 'legacy' });
      reader.report(keyPath, 'error', `${dotted(keyPath)} is an older spelling of ${renamed}: ${v} rejects it; ${fix('legacy')}`, true);
      return;
    }
    const legacy =
      this.legacyExact.has(pattern) ||
      this.legacyExact.has(plain) ||
      this.legacyRetired.some((r) => pattern.startsWith(`${r}.`) || plain.startsWith(`${r}.`)) ||
      this.schema.legacyPaths.some((l) => l.startsWith(`${pattern}.`) || l.startsWith(`${plain}.`)) ||
      // Paths written relative to an agent (`heartbeat.skipWhenBusy`) apply under agents.defaults and each agent.
      this.legacyRelative.some((r) => pattern.endsWith(`.${r}`));
    const read = retiredKeyRead(this.schema.read, plain, reader.raw([]));
    if (read?.beside !== undefined && read.retired === plain) {
      this.findings.push({ path: keyPath, kind: legacy ? 'legacy' : 'unknown', reason: `beside ${read.beside}: the release moves it only when ${read.beside} is not set` });
      reader.report(
        keyPath,
        'error',
        `${dotted(keyPath)} beside ${read.beside}: ${v} moves ${read.retired} into its config while reading only when ${read.beside} is not set, so it rejects this config; keep one of the two`,
        true,
      );
      return;
    }
    if (read !== undefined && read.beside === undefined) {
      // The release moves or drops it before validating (asked of its own read): the run starts with it.
      this.findings.push({ path: keyPath, kind: 'read' });
      if (read.retired === plain) {
        reader.report(
          keyPath,
          'info',
          legacy
            ? `${dotted(keyPath)} is a legacy key: ${v} still reads it (it moves it before validating); \`openclaw doctor --fix\` rewrites it`
            : `${dotted(keyPath)} is no longer in ${v}'s config schema: it moves or drops it before validating, so it starts with it`,
          true,
        );
      }
      return;
    }
    if (legacy) {
      this.findings.push({ path: keyPath, kind: 'legacy' });
      reader.report(keyPath, 'error', `${dotted(keyPath)} is a legacy key: ${v} rejects it; ${fix('legacy')}`, true);
      return;
    }
    // The inspector's own keys are read without a warning, yet OpenClaw rejects them all the same.
    this.findings.push({ path: keyPath, kind: open ? 'passthrough' : 'unknown' });
    const own = INSPECTOR_KEYS[plain];
    if (own) {
      return;
    }
    const hint = closest(String(keyPath[keyPath.length - 1]), siblings);
    if (open) {
      // This object passes unknown keys through: OpenClaw accepts the key but nothing reads it.
      // Not a refusal: the release starts with it (a plugin may read such a key: channels, web search providers).
      reader.report(keyPath, 'info', `unknown key ${dotted(keyPath)}: ${v} accepts it here but does not use it${hint ? ` (did you mean "${hint}"?)` : ''}`, true);
      return;
    }
    // A strict object: the release refuses the whole config over this key (an error, not "ignored").
    reader.report(
      keyPath,
      'error',
      `unknown key ${dotted(keyPath)}: not in ${v}'s config schema${hint ? ` (did you mean "${hint}"?)` : ''}; ${v} rejects it; ${fix('unknown')}`,
      true,
    );
  }

  /** Whether the node at `path` is a record or array (its keys are data, not schema keys). */
  private isRecordLevel(path: readonly (string | number)[]): boolean {
    const n = this.nodeAt(path.map(String));
    if (n === undefined) {
      return false;
    }
    const r = this.resolve(n);
    return typeof r === 'object' && ('record' in r || 'array' in r);
  }
}

function plural(s: string): string {
  return s.replace(/^an? /, '').replace(/^(string|number|object|array)$/, '$1s');
}

function primitiveFits(t: 'string' | 'number' | 'boolean' | 'null', v: unknown): boolean {
  switch (t) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'null':
      return v === null;
  }
}

function sameShape(n: Resolved, v: unknown): boolean {
  if (typeof n !== 'object') {
    return false;
  }
  if ('object' in n || 'record' in n) {
    return isObj(v);
  }
  if ('array' in n) {
    return Array.isArray(v);
  }
  return false;
}

/** Checks a parsed OpenClaw config against the schema table (every key, every value). */
export function checkConfigSchema(reader: ConfigReader, schema: ConfigSchema = OPENCLAW_CONFIG_SCHEMA): void {
  new SchemaChecker(schema).check(reader);
}

export function schemaPathExists(parts: JsonPath, schema: ConfigSchema = OPENCLAW_CONFIG_SCHEMA): boolean {
  return new SchemaChecker(schema).nodeAt(parts.map(String)) !== undefined;
}
