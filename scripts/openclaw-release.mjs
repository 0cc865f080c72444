#!/usr/bin/env node
/**
 * Models one OpenClaw release with one command (issue 42):
 *
 *   npm run openclaw:release -- <version | path to node_modules/openclaw> [--no-install]
 *
 * It installs the release into the releases cache (or reads the given
 * folder), runs every extractor on it, each writing only this release's
 * files (or merging this release into a shared table), regenerates the data
 * indexes (scripts/lib/releaseIndexes.mjs: the newest release is the one with
 * the newest files, so the product's default follows without a hand edit),
 * and prints what changed against the previous modelled release: tools and
 * their texts, Tool Search modes and control tools, Code Mode, policy facts
 * and config schema keys. It never deletes another release's data.
 *
 * The newest release's full tables (policy tables, the full config schema,
 * run facts) are written only when this release is at least the newest
 * modelled one. Pins outside the data (the tooling's PINNED_OPENCLAW, the
 * docs and the `openclawVersion` setting's text) are listed for a hand move:
 * test/unit/foundation/docsAgree.test.ts fails until they agree.
 * Test tooling only: nothing here runs in the extension or the CLI.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { versionCompare } from './lib/epochFiles.mjs';
import { ensureRelease, releaseNode, releasePackageDir } from './lib/openclawReleases.mjs';
import { releaseFiles, writeReleaseIndexes } from './lib/releaseIndexes.mjs';
import { previousRelease, releaseSummary } from './lib/releaseSummary.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message) {
  console.error(`[openclaw:release] ${message}`);
  process.exit(1);
}

/** The version and package folder asked for. */
function resolveRelease(arg, install) {
  if (fs.existsSync(arg) && fs.statSync(arg).isDirectory()) {
    const dir = path.resolve(arg);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    if (pkg.name !== 'openclaw' || typeof pkg.version !== 'string') fail(`${dir} is not an openclaw package (its package.json names ${JSON.stringify(pkg.name)})`);
    return { version: pkg.version, dir, given: true };
  }
  if (!/^\d{4}\.\d+\.\d+$/.test(arg)) fail(`not a release version or an openclaw package folder: ${arg}`);
  if (install) ensureRelease(arg);
  const dir = releasePackageDir(arg);
  if (!fs.existsSync(path.join(dir, 'package.json'))) fail(`openclaw ${arg} is not installed at ${dir} (run without --no-install)`);
  return { version: arg, dir, given: false };
}

/** The newest release the data models today (its policy tables). */
function newestModelled() {
  return releaseFiles(path.join(repo, 'src/core/policy/versions'), '.json').at(-1)?.[0];
}

function run(label, command, args) {
  const started = Date.now();
  console.error(`[openclaw:release] ${label} ...`);
  const r = spawnSync(command, args, { cwd: repo, stdio: ['ignore', 'inherit', 'inherit'], timeout: 30 * 60_000 });
  if (r.status !== 0) fail(`${label} failed (${r.status ?? r.signal}); the files written before it are kept: see git status`);
  console.error(`[openclaw:release] ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function main() {
  const args = process.argv.slice(2);
  const target = args.find((a) => !a.startsWith('--'));
  if (!target) fail('usage: npm run openclaw:release -- <version | path to node_modules/openclaw> [--no-install]');
  const { version, dir, given } = resolveRelease(target, !args.includes('--no-install'));
  const newest = newestModelled();
  const isNewest = !newest || versionCompare(version, newest) >= 0;
  const node24 = releaseNode();
  const script = (name) => path.join(repo, 'scripts', name);
  console.error(`[openclaw:release] openclaw ${version} from ${dir}${isNewest ? ' (the newest modelled release)' : ` (older than the newest modelled, ${newest})`}`);

  const indexes = () => {
    const rewrote = writeReleaseIndexes(repo);
    console.error(`[openclaw:release] data indexes: ${rewrote.length ? `rewrote ${rewrote.join(', ')}` : 'unchanged'}`);
  };
  if (isNewest) {
    run('policy tables and config schema (extract-openclaw-tables)', node24, [script('extract-openclaw-tables.mjs'), dir]);
  }
  // After the tables: the epochs extractor adds its read checks to the newest release's full schema.
  run('policy and Tool Search facts, config read checks (extract-openclaw-epochs)', process.execPath, [script('extract-openclaw-epochs.mjs'), '--no-install', ...(given ? ['--package', dir] : []), version]);
  run('tools (extract-openclaw-tools)', node24, [script('extract-openclaw-tools.mjs'), dir]);
  run('doctor --fix moves (extract-openclaw-doctor)', node24, [script('extract-openclaw-doctor.mjs'), dir]);
  run('run guards (extract-openclaw-run-guards)', node24, [script('extract-openclaw-run-guards.mjs'), dir]);
  run('provider payload (extract-openclaw-provider-payload)', node24, [script('extract-openclaw-provider-payload.mjs'), dir]);
  // The prompt and run-facts extractors run the built CLI, which must model this release's policy and tools.
  indexes();
  run('build', process.execPath, [path.join(repo, 'esbuild.mjs')]);
  run('prompt templates (extract-openclaw-prompt)', node24, [script('extract-openclaw-prompt.mjs'), dir]);
  if (isNewest) {
    run('run facts (extract-openclaw-runtime-context)', node24, [script('extract-openclaw-runtime-context.mjs'), dir]);
  }
  indexes();
  run('build', process.execPath, [path.join(repo, 'esbuild.mjs')]);

  const previous = previousRelease(repo, version);
  console.log(`\nopenclaw ${version}${previous ? ` against ${previous}` : ''}:`);
  console.log(previous ? releaseSummary(repo, previous, version).map((l) => `  ${l}`).join('\n') : '  (the first modelled release: nothing to compare)');
  if (isNewest && newest && versionCompare(version, newest) > 0) {
    console.log(`\nThe newest modelled release moved from ${newest} to ${version}. Move by hand what is not data: PINNED_OPENCLAW (scripts/lib/openclawTooling.mjs), docs/cli.md, docs/fidelity.md, README.md and the openclawVersion setting's description (test/unit/foundation/docsAgree.test.ts lists what disagrees).`);
  }
  console.log('\nWhat changed on disk: git status; what it means for the product: npm test && npm run test:oracle.');
}

main();
