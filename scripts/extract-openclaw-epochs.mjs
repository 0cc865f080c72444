#!/usr/bin/env node
/**
 * Regenerates the per-epoch OpenClaw data the inspector models: for each
 * measured release, installs it (scripts/lib/openclawReleases.mjs, one at a
 * time, --ignore-scripts), reads its facts with its own code
 * (scripts/lib/openclawFacts.mjs, run by the pinned Node 24), collapses
 * consecutive releases with identical facts into one epoch, writes one file
 * per epoch and an index, and says what changed against the files it replaces.
 *
 *   node scripts/extract-openclaw-epochs.mjs [--no-install] [version ...]
 *   node scripts/extract-openclaw-epochs.mjs --package DIR version   (a release already unpacked in DIR)
 *
 * Measuring only some releases (`npm run openclaw:release` measures one),
 * the config keys of the epochs before them are read from their stored
 * schemas, so each release's read is asked about the same retired keys as in
 * a run over every release.
 *
 * Writes src/core/policy/epochs/openclaw-<first release>.json and
 * src/core/policy/epochs/index.ts, and each epoch's config schema (its newest
 * measured release's `OpenClawSchema` and doctor paths) to
 * src/core/config/schema/openclaw-<first release>.json with an index. The newest release's full tables
 * (src/core/policy/versions/openclaw-<v>.json, tools, prompt, schema) come
 * from the extract-openclaw-tables/tools/prompt generators as before.
 * Test tooling only.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFactsOutput } from './lib/openclawFacts.mjs';
import { schemaKeyPaths, schemaKeySamples } from './lib/openclawSchema.mjs';
import { ensureRelease, releaseNode, releasePackageDir } from './lib/openclawReleases.mjs';
import { planEpochFiles, versionCompare } from './lib/epochFiles.mjs';
import { writeReleaseIndexes } from './lib/releaseIndexes.mjs';

/**
 * The releases measured: at least one of every behaviour epoch issue 28 names
 * (policy and Tool Search), and the first release of each boundary it names
 * (2.26, 3.11, 4.8, 5.12, 6.8, 8.1, 9.2), oldest first. The epoch of 2026.1.30 is modelled
 * by the seed's hand-checked tables (src/core/policy/versions/openclaw-2026.1.30.json);
 * its generated facts check them (test/unit/fidelity/epochs.test.ts).
 */
export const MEASURED_RELEASES = Object.freeze([
  '2026.1.30',
  '2026.2.9',
  '2026.2.26',
  '2026.3.2',
  '2026.3.11',
  '2026.3.23',
  '2026.4.1',
  '2026.4.8',
  '2026.5.12',
  '2026.6.8',
  '2026.6.10',
  '2026.8.1',
  '2026.9.2',
  '2026.9.5',
  '2026.9.6',
]);

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(repo, 'src/core/policy/epochs');
const schemaDir = path.join(repo, 'src/core/config/schema');
/** The newest release's full schema comes from extract-openclaw-tables.mjs (with the keys its refinements rename). */
const NEWEST_TABLES = '2026.9.6';
const probe = path.join(repo, 'scripts/lib/openclawFacts.mjs');
/** The epoch files' format (src/core/policy/epochSchema.ts EPOCH_FORMAT: the loader refuses another). */
const EPOCH_FORMAT = 1;

/**
 * The facts of one release. `retired`: key paths (with a value they took) of
 * the releases measured before it, which its read is asked about where its own
 * schema lacks them (scripts/lib/openclawReadChecks.mjs).
 */
function factsOf(version, retired = [], pkgDir = releasePackageDir(version)) {
  const pool = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-epochs-')), 'retired.json');
  fs.writeFileSync(pool, JSON.stringify(retired));
  const r = spawnSync(releaseNode(), [probe, pkgDir, '--retired', pool], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 10 * 60_000 });
  fs.rmSync(path.dirname(pool), { recursive: true, force: true });
  if (r.status !== 0) {
    throw new Error(`facts of openclaw@${version} failed (${r.status ?? r.signal}):\n${(r.stderr ?? '').split('\n').slice(-12).join('\n')}`);
  }
  return parseFactsOutput(r.stdout);
}

/**
 * Releases with the same behaviour facts, consecutive, are one epoch. The ids
 * of the bundled plugins change in nearly every release and decide nothing
 * but which plugin ids OpenClaw knows: they are kept per release, and the
 * epoch knows their union.
 */
export function collapse(measured) {
  const epochs = [];
  for (const m of measured) {
    const { bundledPlugins, ...behaviour } = m.policy;
    // The config schema changes in nearly every release and decides no tool verdict: the epoch keeps its newest release's.
    const schema = m.configSchema ? { openclawVersion: m.openclawVersion, ...m.configSchema } : undefined;
    const key = JSON.stringify({ policy: behaviour, toolSearch: m.toolSearch });
    const last = epochs.at(-1);
    if (last && last.key === key) {
      last.releases.push(m.openclawVersion);
      last.distShapes[m.openclawVersion] = m.distShape;
      last.bundledPluginsByRelease[m.openclawVersion] = bundledPlugins;
      last.policy = { ...last.policy, bundledPlugins: [...new Set([...last.policy.bundledPlugins, ...bundledPlugins])].sort() };
      if (schema) last.configSchema = schema;
    } else {
      epochs.push({
        key,
        releases: [m.openclawVersion],
        distShapes: { [m.openclawVersion]: m.distShape },
        bundledPluginsByRelease: { [m.openclawVersion]: bundledPlugins },
        policy: m.policy,
        toolSearch: m.toolSearch,
        configSchema: schema,
      });
    }
  }
  return epochs;
}

/** The key samples of every stored epoch schema older than `version`, oldest first (what a full run would have seen). */
function storedEarlierKeys(version) {
  const out = [];
  const files = fs.readdirSync(schemaDir).filter((f) => /^openclaw-.*\.json$/.test(f));
  const stored = files.map((f) => JSON.parse(fs.readFileSync(path.join(schemaDir, f), 'utf8'))).filter((s) => s.openclawVersion && versionCompare(s.openclawVersion, version) < 0);
  stored.sort((a, b) => versionCompare(a.openclawVersion, b.openclawVersion));
  for (const s of stored) out.push(...schemaKeySamples(s, 2));
  return out;
}

function changes(before, after) {
  const out = [];
  const keyOf = (e) => e.releases[0];
  const old = new Map(before.map((e) => [keyOf(e), e]));
  const now = new Map(after.map((e) => [keyOf(e), e]));
  for (const [k, e] of now) {
    const o = old.get(k);
    if (!o) {
      out.push(`new epoch ${k} (releases ${e.releases.join(', ')})`);
      continue;
    }
    if (JSON.stringify(o.releases) !== JSON.stringify(e.releases)) out.push(`epoch ${k}: releases ${o.releases.join(', ')} -> ${e.releases.join(', ')}`);
    for (const part of ['policy', 'toolSearch']) {
      const a = o[part] ?? {};
      const b = e[part] ?? {};
      for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (JSON.stringify(a[field]) !== JSON.stringify(b[field])) out.push(`epoch ${k}: ${part}.${field} changed`);
      }
      if ((o[part] === null) !== (e[part] === null)) out.push(`epoch ${k}: ${part} ${e[part] === null ? 'removed' : 'added'}`);
    }
  }
  for (const k of old.keys()) if (!now.has(k)) out.push(`epoch ${k} removed`);
  return out;
}

function main() {
  const args = process.argv.slice(2);
  const pkgAt = args.indexOf('--package');
  const pkgDir = pkgAt >= 0 ? path.resolve(args[pkgAt + 1] ?? '') : undefined;
  const install = !args.includes('--no-install') && !pkgDir;
  const versions = args.filter((a, i) => !a.startsWith('--') && !(pkgAt >= 0 && i === pkgAt + 1));
  const releases = versions.length > 0 ? versions : [...MEASURED_RELEASES];
  if (pkgDir && releases.length !== 1) {
    throw new Error('--package DIR measures exactly one release: name its version');
  }
  const measured = [];
  const seenKeys = new Map();
  if (versions.length > 0) {
    for (const k of storedEarlierKeys(releases[0])) if (!seenKeys.has(k.path)) seenKeys.set(k.path, k);
  }
  for (const v of releases) {
    if (install) ensureRelease(v);
    const started = Date.now();
    const f = factsOf(v, [...seenKeys.values()], pkgDir ?? releasePackageDir(v));
    // Two keys deep: each probe is a full config read (seconds in 9.5, which starts a worker per read).
    if (f.configSchema) for (const k of schemaKeySamples(f.configSchema, 2)) if (!seenKeys.has(k.path)) seenKeys.set(k.path, k);
    console.error(`[epochs] ${v}: ${f.distShape}, ${f.policy.coreTools.length} core tools, Tool Search ${f.toolSearch ? `${f.toolSearch.ranking.kind}, modes ${f.toolSearch.modes.join('/')}` : 'none'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    measured.push(f);
  }
  const epochs = collapse(measured);

  const existing = fs.existsSync(outDir)
    ? fs.readdirSync(outDir).filter((f) => /^openclaw-.*\.json$/.test(f)).map((file) => ({ file, ...JSON.parse(fs.readFileSync(path.join(outDir, file), 'utf8')) }))
    : [];
  const before = existing;
  // Never another release's data: only the files of epochs measured again here are replaced (scripts/lib/epochFiles.mjs).
  const plan = planEpochFiles(existing, measured.map((f) => f.openclawVersion));
  if (plan.refuse.length > 0) {
    console.error(`[epochs] refusing to write: ${plan.refuse.join('; ')}`);
    process.exit(2);
  }
  fs.mkdirSync(outDir, { recursive: true });
  for (const f of plan.remove) fs.rmSync(path.join(outDir, f));
  const written = plan.keep.map((e) => ({ file: e.file, first: e.epoch, ident: `epoch_${e.epoch.replace(/[^0-9a-z]/gi, '_')}` }));
  for (const e of epochs) {
    const first = e.releases[0];
    const data = {
      format: EPOCH_FORMAT,
      epoch: first,
      generatedBy: 'scripts/extract-openclaw-epochs.mjs',
      releases: e.releases,
      distShapes: e.distShapes,
      bundledPluginsByRelease: e.bundledPluginsByRelease,
      policy: e.policy,
      toolSearch: e.toolSearch,
    };
    const file = `openclaw-${first}.json`;
    fs.writeFileSync(path.join(outDir, file), `${JSON.stringify(data, null, 1)}\n`);
    written.push({ file, first, ident: `epoch_${first.replace(/[^0-9a-z]/gi, '_')}` });
  }
  written.sort((a, b) => versionCompare(a.first, b.first));
  const index = [
    '// Generated by scripts/extract-openclaw-epochs.mjs: one entry per behaviour epoch, oldest first.',
    ...written.map((w) => `import ${w.ident} from './${w.file}';`),
    "import { parseEpoch } from '../epochSchema';",
    "import type { EpochData } from '../epochTypes';",
    '',
    '// Each file is checked as it loads (format and shape): no cast.',
    `export const EPOCHS: readonly EpochData[] = [${written.map((w) => `parseEpoch(${w.ident}, '${w.file}')`).join(', ')}];`,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(outDir, 'index.ts'), index);

  const schemaNotes = writeSchemas(epochs);

  const diff = changes(before, [...plan.keep, ...epochs.map((e) => ({ releases: e.releases, policy: e.policy, toolSearch: e.toolSearch }))]);
  console.log(`${epochs.length} epochs from ${measured.length} releases:`);
  for (const e of epochs) console.log(`  ${e.releases.join(', ')}`);
  console.log(diff.length === 0 ? 'no change against the files it replaced' : `changed:\n${diff.map((d) => `  ${d}`).join('\n')}`);
  console.log(`config schema per epoch (keys added / removed against the epoch before):\n${schemaNotes.map((d) => `  ${d}`).join('\n')}`);
}

/**
 * Writes each epoch's config schema (not the newest release's, whose full
 * table extract-openclaw-tables.mjs writes) and the index; returns what
 * changed between consecutive epochs, in key paths.
 */
function writeSchemas(epochs) {
  const notes = [];
  let previous;
  for (const e of epochs) {
    const first = e.releases[0];
    const s = e.configSchema;
    if (!s) continue;
    const file = e.releases.includes(NEWEST_TABLES) ? `openclaw-${NEWEST_TABLES}.json` : `openclaw-${first}.json`;
    if (!e.releases.includes(NEWEST_TABLES)) {
      const data = {
        openclawVersion: s.openclawVersion,
        epoch: first,
        generatedBy: 'scripts/extract-openclaw-epochs.mjs',
        source: `OpenClawSchema and findLegacyConfigIssues of openclaw@${s.openclawVersion} (the epoch's newest measured release), read by scripts/lib/openclawFacts.mjs; \`read\`: what its readConfigFileSnapshot checks beyond the schema, asked with probe configs (scripts/lib/openclawReadChecks.mjs)`,
        legacyKeys: {},
        legacyPaths: s.legacyPaths,
        suppressedModels: s.suppressedModels,
        rejectsSuppressedModels: s.rejectsSuppressedModels,
        rejectsUnknownBindingAgent: s.rejectsUnknownBindingAgent,
        ...(s.read ? { read: s.read } : {}),
        root: s.root,
        defs: s.defs,
      };
      fs.writeFileSync(path.join(schemaDir, file), `${JSON.stringify(data, null, 1)}\n`);
    } else {
      // The newest release's table is extract-openclaw-tables.mjs's; its checks beyond the schema are added here.
      const full = JSON.parse(fs.readFileSync(path.join(schemaDir, file), 'utf8'));
      const { root, defs, ...head } = full;
      const beyond = { suppressedModels: s.suppressedModels, rejectsSuppressedModels: s.rejectsSuppressedModels, rejectsUnknownBindingAgent: s.rejectsUnknownBindingAgent, ...(s.read ? { read: s.read } : {}) };
      fs.writeFileSync(path.join(schemaDir, file), `${JSON.stringify({ ...head, ...beyond, root, defs }, null, 1)}\n`);
    }
    const keys = schemaKeyPaths(s);
    if (previous) {
      const added = [...keys].filter((k) => !previous.keys.has(k));
      const removed = [...previous.keys].filter((k) => !keys.has(k));
      const top = (list) => {
        // Name the shortest paths: a new section says more than its every key.
        const roots = list.filter((k) => !list.some((o) => o !== k && k.startsWith(`${o}.`))).sort();
        return roots.length > 6 ? `${roots.slice(0, 6).join(', ')}, ... (${roots.length} subtrees)` : roots.join(', ');
      };
      notes.push(`${previous.version} -> ${s.openclawVersion}: +${added.length} keys${added.length ? ` (${top(added)})` : ''}, -${removed.length}${removed.length ? ` (${top(removed)})` : ''}`);
    }
    previous = { version: s.openclawVersion, keys };
  }
  // The index lists every epoch's schema on disk, not only those written now (scripts/lib/releaseIndexes.mjs).
  writeReleaseIndexes(repo);
  return notes;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (err) {
    console.error(`[epochs] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
