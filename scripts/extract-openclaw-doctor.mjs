#!/usr/bin/env node
/**
 * What `openclaw doctor --fix` does to the keys a release refuses, asked of
 * the release itself with probe configs: its legacy migrations
 * (`migrateLegacyConfig`: "Moved env.X → env.vars.X.") and, after them, its
 * removal of the unknown keys left (`stripUnknownConfigKeys`). The probes are
 * our questions (one unknown key in every strict object of the schema, every
 * legacy path with a few values); the answers are the release's own change
 * lines, kept word for word with the probed key replaced by `{key}` and a
 * probed record key by `*`.
 *
 *   <node 24> scripts/extract-openclaw-doctor.mjs <path to node_modules/openclaw>
 *     -> src/core/config/doctor/openclaw-<version>.json
 * Test tooling only: nothing here runs in the extension or the CLI.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { releaseModules } from './lib/openclawRelease.mjs';
import { convertSchema, isOpenClawSchema, legacyPathsFromText } from './lib/openclawSchema.mjs';

const PROBE_KEY = 'tsiProbeKey';
const PROBE_RECORD = 'tsiprobe';

/** A change line for value 1 beside the line for value 2: a number that doubled is the value times a factor (`{value*1000}`). */
function valueTemplate(one, two) {
  if (two === undefined || one === two) return one;
  const a = one.split(/(\d+(?:\.\d+)?)/);
  const b = two.split(/(\d+(?:\.\d+)?)/);
  if (a.length !== b.length) return one;
  return a.map((t, i) => (i % 2 === 1 && Number(b[i]) === 2 * Number(t) ? (Number(t) === 1 ? '{value}' : `{value*${t}}`) : t)).join('');
}

const pkgDir = process.argv[2] && path.resolve(process.argv[2]);
if (!pkgDir) {
  console.error('usage: extract-openclaw-doctor.mjs <path to node_modules/openclaw>');
  process.exit(2);
}
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const version = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-doctor-'));
process.env.HOME = scratch;
process.env.OPENCLAW_STATE_DIR = path.join(scratch, 'state');
process.env.OPENCLAW_CONFIG_PATH = path.join(scratch, 'openclaw.json');
// Chatter of the release's modules goes to stderr; stdout stays ours.
console.log = console.info = console.warn = (...a) => process.stderr.write(`${a.join(' ')}\n`);

try {
  const m = releaseModules(pkgDir);
  const migrate = await m.fn('migrateLegacyConfig');
  if (!migrate) throw new Error(`openclaw ${version}: no migrateLegacyConfig`);
  const strip = await m.fn('stripUnknownConfigKeys');
  const root = await m.value('OpenClawSchema', isOpenClawSchema);
  if (!isOpenClawSchema(root)) throw new Error(`openclaw ${version}: no OpenClawSchema`);
  const table = convertSchema(root);
  const legacySrc = m.filesDefining('findLegacyConfigIssues').map((f) => m.text(f)).join('\n');
  const legacyPaths = [...legacyPathsFromText(legacySrc, new Set(Object.keys(root._zod.def.shape)))];

  const resolve = (n) => {
    for (let i = 0; n && typeof n === 'object' && n.ref && i < 20; i++) n = table.defs[n.ref];
    return n;
  };
  const changesOf = (config) => {
    try {
      return (migrate(JSON.parse(JSON.stringify(config)), {}).changes ?? []).map(String);
    } catch {
      return [];
    }
  };
  const baseline = new Set(changesOf({}));

  /** A config holding `leaf` at `parts` (`*` a record key or an array item), built along the schema. */
  const build = (parts, leaf) => {
    const at = (n, i) => {
      if (i === parts.length) return leaf;
      const node = resolve(n);
      const p = parts[i];
      if (p === '*') {
        const inner = node && typeof node === 'object' ? (node.record ?? node.array ?? (node.anyOf ?? []).map(resolve).find((o) => o?.record || o?.array)?.record ?? 'any') : 'any';
        const child = at(inner, i + 1);
        return node?.array ? [child] : { [PROBE_RECORD]: child };
      }
      const objectNode = node && typeof node === 'object' ? (node.object ? node : (node.anyOf ?? []).map(resolve).find((o) => o?.object)) : undefined;
      const next = objectNode ? (objectNode.object[p] ?? objectNode.extra ?? 'any') : 'any';
      return { [p]: at(next, i + 1) };
    };
    return at(table.root, 0);
  };

  // Strict objects of the schema (no extra keys), by path: an unknown key there is refused.
  const strict = new Set();
  const walk = (n, prefix, depth, seen) => {
    if (depth > 8 || n === undefined || typeof n !== 'object') return;
    if (n.ref) {
      if (seen.has(n.ref)) return;
      walk(table.defs[n.ref], prefix, depth, new Set([...seen, n.ref]));
      return;
    }
    if (n.object) {
      if (n.extra === undefined) strict.add(prefix);
      for (const [k, v] of Object.entries(n.object)) walk(v, prefix ? `${prefix}.${k}` : k, depth + 1, seen);
      return;
    }
    if (n.record) walk(n.record, prefix ? `${prefix}.*` : '*', depth + 1, seen);
    if (n.array) walk(n.array, prefix ? `${prefix}.*` : '*', depth + 1, seen);
    if (n.anyOf) for (const o of n.anyOf) walk(o, prefix, depth, seen);
  };
  walk(table.root, '', 0, new Set());

  const template = (s) => s.split(PROBE_KEY).join('{key}').split(PROBE_RECORD).join('*');
  const moves = [];
  const seen = new Map();
  // One entry per path and answer; the value kinds that got the same answer share it.
  const record = (pattern, value, changes) => {
    const kept = changes.filter((c) => !baseline.has(c));
    if (kept.length === 0) return false;
    const key = `${pattern}\n${kept.join('\n')}`;
    const had = seen.get(key);
    if (had) {
      had.values.push(value);
    } else {
      const entry = { path: pattern, values: [value], changes: kept.map(template) };
      seen.set(key, entry);
      moves.push(entry);
    }
    return true;
  };
  const VALUES = [
    ['string', 'x'],
    ['object', {}],
    ['number', 1],
    ['boolean', true],
    ['array', []],
  ];
  // An unknown key in each strict object: does a migration move it (env.X → env.vars.X)?
  for (const at of [...strict].sort()) {
    const parts = at === '' ? [] : at.split('.');
    for (const [kind, v] of VALUES) {
      const leafPath = [...parts, PROBE_KEY];
      const changes = changesOf(build(leafPath, v)).filter((c) => c.includes(PROBE_KEY));
      record([...parts, '{key}'].join('.'), kind, changes);
    }
  }
  // Each legacy path the release's issue finder names, and the renames its schema refuses.
  const renames = ['mcp.servers.*.connectTimeout', 'mcp.servers.*.connect_timeout', 'mcp.servers.*.timeout', 'mcp.servers.*.workingDirectory', 'mcp.servers.*.supports_parallel_tool_calls', 'mcp.servers.*.ssl_verify', 'mcp.servers.*.client_cert', 'mcp.servers.*.client_key', 'mcp.servers.*.disabled'];
  for (const p of [...new Set([...legacyPaths, ...renames])].sort()) {
    const parts = p.split('.');
    const leaf = parts[parts.length - 1];
    for (const [kind, v] of VALUES) {
      let changes = changesOf(build(parts, v)).filter((c) => c.includes(leaf));
      if (kind === 'number') {
        // Where the line carries the value (`timeout: 1` -> "(1000 ms)"), ask again with 2 and keep the factor.
        const twice = changesOf(build(parts, 2)).filter((c) => c.includes(leaf));
        changes = changes.map((c, i) => valueTemplate(c, twice[i]));
      }
      record(p, kind, changes);
    }
  }

  // After migrating, the doctor removes the unknown keys left, except those it protects.
  let stripsUnknownKeys = false;
  const keepsUnknown = [];
  if (strip) {
    stripsUnknownKeys = (strip({ [PROBE_KEY]: 1 }).removed ?? []).length > 0;
    for (const p of legacyPaths.filter((x) => !x.includes('*'))) {
      const parts = p.split('.');
      const probe = build(parts, {});
      const r = strip(probe);
      const before = JSON.stringify(probe);
      // A key the schema refuses that the strip leaves in place: protected (plugins.installs).
      if (r.removed.length === 0 && JSON.stringify(r.config) === before && !root.safeParse(probe).success) {
        const issues = root.safeParse(probe).error.issues.filter((i) => i.code === 'unrecognized_keys');
        if (issues.some((i) => [...i.path, ...i.keys].join('.') === p || i.keys.includes(parts[parts.length - 1]))) keepsUnknown.push(p);
      }
    }
  }

  const out = {
    openclawVersion: version,
    generatedBy: 'scripts/extract-openclaw-doctor.mjs',
    source: "the release's own doctor, asked with probe configs: migrateLegacyConfig's change lines ({key} is the key found, * a record key), stripUnknownConfigKeys for the unknown keys left",
    stripsUnknownKeys,
    keepsUnknown: keepsUnknown.sort(),
    moves,
  };
  const file = path.join(repo, 'src/core/config/doctor', `openclaw-${version}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
  process.stderr.write(`wrote ${path.relative(repo, file)}: ${moves.length} migrations, ${strict.size} strict objects probed, strips unknown keys: ${stripsUnknownKeys}\n`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
process.exit(0);
