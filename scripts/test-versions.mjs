#!/usr/bin/env node
/**
 * `npm run test:versions`: the policy differential (test/oracle/b-policy.test.ts:
 * generated configs, the release's own policy pipeline as the judge) against
 * one release of every generated epoch (src/core/policy/epochs/*.json: the
 * newest release measured in each), one after another. Installs a missing
 * release first (scripts/lib/openclawReleases.mjs, --ignore-scripts).
 *
 *   npm run test:versions [-- --runs 50] [-- 2026.6.10 ...] [-- --rotate N]
 *
 * With no release named it runs them all. `--rotate N` (what `.ci/run` uses)
 * runs the newest and N others, chosen by the UTC day so that consecutive
 * days cover every epoch in turn, except the epochs with a documented open
 * difference (OPEN_DIFFERENCE_EPOCHS), which only the full run reports.
 *
 * TSI_ORACLE_RUNS sets the cases per property (default here 50). A release
 * whose code lacks a function the suite calls is reported as "cannot judge"
 * with the function's name, one the adapter cannot load as "cannot run"; neither
 * is a pass, and only a difference (FAIL) or a failed install fails the run.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRelease, releaseNode, releasePackageDir } from './lib/openclawReleases.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const epochsDir = path.join(repo, 'src/core/policy/epochs');

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? args[runsAt + 1] : process.env.TSI_ORACLE_RUNS ?? '50';
const rotateAt = args.indexOf('--rotate');
const rotate = rotateAt >= 0 ? Number.parseInt(args[rotateAt + 1] ?? '', 10) : undefined;
if (rotate !== undefined && !(rotate >= 0)) throw new Error('--rotate needs a count');
const asked = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs' && args[i - 1] !== '--rotate');

const epochs = fs
  .readdirSync(epochsDir)
  .filter((f) => /^openclaw-.*\.json$/.test(f))
  .map((f) => JSON.parse(fs.readFileSync(path.join(epochsDir, f), 'utf8')))
  .sort((a, b) => a.epoch.localeCompare(b.epoch, undefined, { numeric: true }));
const every = epochs.map((e) => e.releases[e.releases.length - 1]);

/** The newest, then `n` of the others picked by the UTC day, spread over the list so each day moves them all on. */
export function rotation(list, n, day = Math.floor(Date.now() / 86_400_000)) {
  const newest = list[list.length - 1];
  const others = list.slice(0, -1);
  const picked = [];
  for (let i = 0; i < Math.min(n, others.length); i++) {
    const at = (day + Math.floor((i * others.length) / Math.min(n, others.length))) % others.length;
    if (!picked.includes(others[at])) picked.push(others[at]);
  }
  return [...picked, newest];
}

// Epochs with an open difference documented in docs/fidelity.md ("Epochs": an allow list of core tools the run does
// not build, 2.26 - 4.1): the full run reports them as FAIL; the CI rotation leaves them out, or it would go red by day.
const OPEN_DIFFERENCE_EPOCHS = new Set(['2026.2.26', '2026.3.11', '2026.3.23', '2026.4.1']);
const rotatable = epochs.filter((e) => !OPEN_DIFFERENCE_EPOCHS.has(e.epoch)).map((e) => e.releases[e.releases.length - 1]);
const releases = asked.length > 0 ? asked : rotate !== undefined ? rotation(rotatable, rotate) : every;
if (rotate !== undefined) console.log(`rotation for day ${Math.floor(Date.now() / 86_400_000)}: ${releases.join(', ')} (of ${rotatable.join(', ')}; left out with a documented open difference: ${[...OPEN_DIFFERENCE_EPOCHS].join(', ')})`);

const suite = path.join(repo, 'test', 'oracle', 'b-policy.test.ts');
const startupSuite = path.join(repo, 'test', 'oracle', 'j-startup.test.ts');
const mocha = path.join(repo, 'node_modules', '.bin', 'mocha');
const results = [];
for (const v of releases) {
  const started = Date.now();
  try {
    ensureRelease(v);
  } catch (err) {
    results.push({ v, verdict: 'not installed', detail: err instanceof Error ? err.message : String(err), s: 0 });
    continue;
  }
  // --no-config: the oracle config's spec would add every oracle suite to this one.
  const run = (extraEnv) =>
    spawnSync(mocha, ['--no-config', '--require', 'tsx/cjs', '--extension', 'ts', '--timeout', '600000', '--reporter', 'spec', suite], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, TSI_OPENCLAW: releasePackageDir(v), TSI_OPENCLAW_NODE: releaseNode(), TSI_ORACLE_RUNS: String(runs), ...extraEnv },
      timeout: 30 * 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
  let r = run({});
  let out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  let missing = /no dist chunk exports a function named "([^"]+)"/.exec(out)?.[1];
  let coreOnly = false;
  // Releases before 2026.5.12 export no setPluginToolMeta: their policy is judged on core tools alone.
  if (r.status !== 0 && missing === 'setPluginToolMeta') {
    coreOnly = true;
    r = run({ TSI_ORACLE_POLICY_CORE_ONLY: '1' });
    out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    missing = /no dist chunk exports a function named "([^"]+)"/.exec(out)?.[1];
  }
  const exited = /OpenClaw adapter exited \((\d+)\)/.exec(out)?.[1];
  const scope = coreOnly ? ' (policy of core tools alone: no setPluginToolMeta)' : '';
  const verdict = r.status === 0 ? `pass${scope}` : missing ? `cannot judge (no ${missing})` : exited ? `cannot run (the adapter exited with ${exited} loading its code)` : `FAIL${scope}`;
  const detail = r.status === 0 ? '' : out.split('\n').filter((l) => /Error|difference|expected|✗|failing/i.test(l)).slice(0, 8).join('\n');
  // Would it start? The release's own config read over the real public configs (test/oracle/j-startup.test.ts).
  const startup = spawnSync(mocha, ['--no-config', '--require', 'tsx/cjs', '--extension', 'ts', '--timeout', '600000', '--reporter', 'spec', startupSuite], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, TSI_OPENCLAW: releasePackageDir(v), TSI_OPENCLAW_NODE: releaseNode() },
    timeout: 15 * 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const startupOut = `${startup.stdout ?? ''}${startup.stderr ?? ''}`;
  const figure = /refuses \d+ of \d+ real configs[^\n]*/.exec(startupOut)?.[0] ?? '';
  // Every release must agree on every real config (what each one's read checks beyond its schema is
  // generated per epoch; the suite itself excuses only what docs/fidelity.md documents, "Would it start?").
  const startupVerdict = startup.status === 0 ? `startup pass (${figure})` : `startup FAIL (${figure || 'no figure'})`;
  const startupDetail = startup.status === 0 ? '' : startupOut.split('\n').filter((l) => /\.openclaw\.json:|Error/.test(l)).slice(0, 8).join('\n');
  results.push({ v, verdict: `${verdict}; ${startupVerdict}`, detail: [detail, startupDetail].filter(Boolean).join('\n'), s: (Date.now() - started) / 1000 });
  const last = results[results.length - 1];
  console.log(`${v}: ${last.verdict} (${((Date.now() - started) / 1000).toFixed(0)} s)${last.detail ? `\n${last.detail}` : ''}`);
}
console.log('\nrelease      verdict');
for (const r of results) console.log(`${r.v.padEnd(12)} ${r.verdict}${r.s ? ` (${r.s.toFixed(0)} s)` : ''}`);
process.exit(results.some((r) => /FAIL/.test(r.verdict) || r.verdict === 'not installed') ? 1 : 0);
