#!/usr/bin/env node
/**
 * `npm run test:versions`: every differential suite against one release of
 * every generated epoch (src/core/policy/epochs/*.json: the newest release
 * measured in each), one release after another, each suite's side modelling
 * the release being run (its epoch). Installs a missing release first
 * (scripts/lib/openclawReleases.mjs, --ignore-scripts).
 *
 *   npm run test:versions [-- --runs 50] [-- 2026.6.10 ...] [-- --rotate N] [-- --print]
 *
 * The suites (test/oracle, one mocha process per release, one adapter child):
 * policy (b), tools.toolSearch config (a), compact entries (c), directory (d),
 * search (e), lookup (f), MCP names (g), client conflicts (h) and the real
 * run's composition (i); then would-it-start (j) over the real configs.
 * Each gets one verdict per release: pass (with its case count), FAIL,
 * cannot judge (why: the release lacks a function the suite calls, e.g. no
 * Tool Search before 2026.5.12), cannot run (the adapter cannot load the
 * release), or documented difference (an open one docs/fidelity.md names,
 * OPEN_SUITE_DIFFERENCES below).
 *
 * With no release named it runs them all. `--rotate N` (what `.ci/run` uses)
 * runs the newest and N others, chosen by the UTC day so that consecutive
 * days cover every epoch in turn, except the seed's (2026.1.30, 2.9: no
 * suite can judge it, see UNJUDGED_EPOCHS), which only the full run reports.
 *
 * TSI_ORACLE_RUNS sets the cases per property of every suite (default here
 * 50, the rotation too: its other suites add 1.5 - 3 minutes for three
 * releases on a shared 2-core machine). Only a difference (FAIL) or a failed install fails the run.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
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

// The seed's epoch (2026.1.30 - 2.9): 1.30 exports no resolveToolProfilePolicy and 2.9's chunks do not load in the
// adapter, so no suite judges it; the rotation would spend an install on it for nothing. The full run reports it.
const UNJUDGED_EPOCHS = new Set(['2026.1.30']);
const rotatable = epochs.filter((e) => !UNJUDGED_EPOCHS.has(e.epoch)).map((e) => e.releases[e.releases.length - 1]);
const releases = asked.length > 0 ? asked : rotate !== undefined ? rotation(rotatable, rotate) : every;
// `--print`: only the releases this run would judge, comma-separated (`.ci/run` hands them to the other release suites).
if (args.includes('--print')) {
  console.log(releases.join(','));
  process.exit(0);
}
if (rotate !== undefined) console.log(`rotation for day ${Math.floor(Date.now() / 86_400_000)}: ${releases.join(', ')} (of ${rotatable.join(', ')}; left out, no suite can judge it: ${[...UNJUDGED_EPOCHS].join(', ')})`);

/** The differential suites: policy (run on its own first), then the others in one process. */
const SUITES = [
  { id: 'policy', file: 'b-policy.test.ts' },
  { id: 'config', file: 'a-config.test.ts' },
  { id: 'compact', file: 'c-compact.test.ts' },
  { id: 'directory', file: 'd-directory.test.ts' },
  { id: 'search', file: 'e-search.test.ts' },
  { id: 'lookup', file: 'f-lookup.test.ts' },
  { id: 'mcpNames', file: 'g-mcpNames.test.ts' },
  { id: 'clientConflicts', file: 'h-clientConflicts.test.ts' },
  { id: 'composition', file: 'i-composition.test.ts' },
];
/**
 * Open differences of one suite in some epochs, documented in docs/fidelity.md ("Epochs", "Checked per epoch"):
 * reported as "documented difference", not FAIL, when every difference the failing tests print (`[suite] subject ·
 * field` with both sides) is one of them (`is`); any other difference still fails. Keyed by suite id, then epoch.
 */
const OPEN_SUITE_DIFFERENCES = {
  lookup: {
    '2026.6.8': {
      why: 'a miss is a bare "Unknown tool id: X" in 6.8 - 6.10, without the suggestions and recovery guidance the product adds',
      is: (d) => d.field === 'message' && /Unknown tool id/.test(d.openclaw) && !/Did you mean|Use tool_search/.test(d.openclaw),
    },
  },
  // Found by the rotation on 2026-12-06 (two counterexamples, docs/fidelity.md "Open differences"): in a sandboxed
  // run, group:ui in tools.sandbox.tools (alsoAllow, deny) does not reach canvas in 2026.9.2, while it does in ours
  // (and in 9.6, whose policy suite agrees). The cause is not found yet; only canvas's allowed verdict is covered.
  policy: {
    '2026.9.2': {
      why: 'group:ui in a sandboxed run\'s tools.sandbox.tools does not reach canvas in 2026.9.2 (open, cause not found)',
      is: (d) => d.subject === 'openclaw:core:canvas' && d.field === 'allowed',
    },
  },
  // The composition of a run needs each release's bundled-plugin facts (which plugins build which tools, the default
  // memory slot, construction switches); only the newest release's are generated (its full tables), so an older
  // release that can run the composition (9.5: the others lack a function it calls) differs in the plugin tools built.
  composition: {
    '2026.9.5': {
      why: 'bundled-plugin construction facts are generated for the newest release only; 9.5 builds other plugin tools',
      is: 'any',
    },
  },
};

/** The differences a failure message prints (formatDifference): subject, field and both sides. */
function differencesIn(message) {
  const out = [];
  const lines = message.split('\n');
  lines.forEach((l, i) => {
    const m = /^\[(\w+)\] (.*) · (\w+) \((?:UNDOCUMENTED|known: [^)]*)\)$/.exec(l.trim());
    if (m && /UNDOCUMENTED/.test(l)) out.push({ suite: m[1], subject: m[2], field: m[3], ours: (lines[i + 1] ?? '').replace(/^\s*ours:\s*/, ''), openclaw: (lines[i + 2] ?? '').replace(/^\s*openclaw:\s*/, '') });
  });
  return out;
}

const oracleDir = path.join(repo, 'test', 'oracle');
const startupSuite = path.join(oracleDir, 'j-startup.test.ts');
const mocha = path.join(repo, 'node_modules', '.bin', 'mocha');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-versions-'));

/** The epoch (first release) a measured release belongs to. */
const epochOf = (v) => epochs.find((e) => e.releases.includes(v))?.epoch;

/**
 * Runs `files` in one mocha process against release `v`; returns per file its tests
 * (state, error message) and the cases each checked (the harness's TSI_ORACLE_RECORD).
 */
function runSuites(v, files, extraEnv) {
  const tag = `${v}-${Date.now()}`;
  const json = path.join(scratch, `${tag}.json`);
  const record = path.join(scratch, `${tag}.jsonl`);
  // --no-config: the oracle config's spec would add every oracle suite to these.
  const r = spawnSync(mocha, ['--no-config', '--require', 'tsx/cjs', '--extension', 'ts', '--timeout', '600000', '--reporter', 'json', '--reporter-option', `output=${json}`, ...files.map((f) => path.join(oracleDir, f))], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, TSI_OPENCLAW: releasePackageDir(v), TSI_OPENCLAW_NODE: releaseNode(), TSI_ORACLE_RUNS: String(runs), TSI_ORACLE_RECORD: record, ...extraEnv },
    timeout: 45 * 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  let report = { tests: [] };
  try {
    report = JSON.parse(fs.readFileSync(json, 'utf8'));
  } catch {
    // No report: mocha itself failed (the output says why); every suite gets that output.
  }
  const cases = fs.existsSync(record) ? fs.readFileSync(record, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  const byFile = new Map(files.map((f) => [f, { tests: [], cases: 0, out }]));
  for (const t of report.tests ?? []) {
    const f = path.basename(t.file ?? '');
    const entry = byFile.get(f);
    if (!entry) continue;
    const failed = t.err && Object.keys(t.err).length > 0;
    entry.tests.push({ title: t.title, state: failed ? 'failed' : t.pending ? 'pending' : 'passed', message: failed ? String(t.err.message ?? t.err.stack ?? '') : '' });
  }
  // A hook failure (the adapter would not start) fails no test of its own: mocha reports it as "before all" / "after each".
  for (const t of report.failures ?? []) {
    const f = path.basename(t.file ?? '');
    const entry = byFile.get(f);
    if (entry && !entry.tests.some((x) => x.title === t.title)) entry.tests.push({ title: t.title, state: 'failed', message: String(t.err?.message ?? '') });
  }
  for (const c of cases) {
    const entry = byFile.get(path.basename(c.file));
    if (entry) entry.cases += c.cases;
  }
  return { status: r.status, out, byFile };
}

/** One suite's verdict from its tests: pass, cannot judge (no X), cannot run, documented difference or FAIL. */
function verdictOf(suite, v, entry, scope = '') {
  const failed = entry.tests.filter((t) => t.state === 'failed');
  const passed = entry.tests.filter((t) => t.state === 'passed');
  const count = `${entry.cases} cases${passed.length + failed.length > 1 ? `, ${passed.length + failed.length} tests` : ''}`;
  if (entry.tests.length === 0) {
    const exited = /OpenClaw adapter exited \((\d+)\)/.exec(entry.out)?.[1];
    return { verdict: exited ? `cannot run (the adapter exited with ${exited} loading its code)` : 'FAIL (no test ran)', detail: entry.out.split('\n').filter((l) => /Error/.test(l)).slice(0, 4).join('\n') };
  }
  if (failed.length === 0) return { verdict: `pass${scope} (${count})`, detail: '' };
  const missing = [...new Set(failed.map((t) => /no dist chunk exports a function named "([^"]+)"/.exec(t.message)?.[1]).filter(Boolean))];
  const exited = failed.map((t) => /OpenClaw adapter exited \((\d+)\)/.exec(t.message)?.[1]).find(Boolean);
  // fast-check's report without its seed, shrink and hint lines: the counterexample and the difference itself.
  const useful = (m) => m.split('\n').filter((l) => l.trim() !== '' && !/^\{ seed:|^Shrunk \d|^Hint:|^Property failed/.test(l.trim()));
  const lines = failed.flatMap((t) => [`  ${suite.id} / ${t.title}:`, ...useful(t.message).slice(0, 8).map((l) => `    ${l.slice(0, 400)}`)]).slice(0, 20).join('\n');
  if (missing.length > 0 && failed.every((t) => /no dist chunk exports a function named/.test(t.message))) {
    return { verdict: `cannot judge (no ${missing.join(', no ')})${passed.length > 0 ? `; ${passed.length} of ${entry.tests.length} tests pass (${entry.cases} cases)` : ''}`, detail: '' };
  }
  if (exited) return { verdict: `cannot run (the adapter exited with ${exited} loading its code)`, detail: lines };
  const open = OPEN_SUITE_DIFFERENCES[suite.id]?.[epochOf(v) ?? ''];
  const seen = failed.map((t) => differencesIn(t.message));
  if (open && (open.is === 'any' || seen.every((ds) => ds.length > 0 && ds.every(open.is)))) {
    return { verdict: `documented difference (${open.why}; ${seen.flat().length} shown, ${entry.cases} cases)`, detail: lines };
  }
  return { verdict: `FAIL${scope} (${failed.length} of ${entry.tests.length} tests; ${entry.cases} cases)`, detail: lines };
}

const results = [];
for (const v of releases) {
  const started = Date.now();
  try {
    ensureRelease(v);
  } catch (err) {
    results.push({ v, suites: [], verdict: 'not installed', detail: err instanceof Error ? err.message : String(err), s: 0 });
    continue;
  }
  // Policy on its own (as before, at `runs`): releases before 2026.5.12 export no setPluginToolMeta, and their
  // policy is judged again on core tools alone.
  const [policySuite, ...others] = SUITES;
  let policy = runSuites(v, [policySuite.file], {}).byFile.get(policySuite.file);
  let scope = '';
  if (policy.tests.some((t) => /no dist chunk exports a function named "setPluginToolMeta"/.test(t.message))) {
    scope = ' (core tools alone: no setPluginToolMeta)';
    policy = runSuites(v, [policySuite.file], { TSI_ORACLE_POLICY_CORE_ONLY: '1' }).byFile.get(policySuite.file);
  }
  const suites = [{ id: policySuite.id, ...verdictOf(policySuite, v, policy, scope) }];
  const policyDone = Date.now();
  // The other suites in one process (one adapter child).
  const rest = runSuites(v, others.map((x) => x.file), {});
  for (const suite of others) suites.push({ id: suite.id, ...verdictOf(suite, v, rest.byFile.get(suite.file)) });
  const othersDone = Date.now();  // Would it start? The release's own config read over the real public configs (test/oracle/j-startup.test.ts).
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
  const startupVerdict = startup.status === 0 ? `pass (${figure})` : `FAIL (${figure || 'no figure'})`;
  const startupDetail = startup.status === 0 ? '' : startupOut.split('\n').filter((l) => /\.openclaw\.json:|Error/.test(l)).slice(0, 8).join('\n');
  suites.push({ id: 'startup', verdict: startupVerdict, detail: startupDetail });
  const s = (Date.now() - started) / 1000;
  // What the suites added to the policy and startup runs of before, for CI's time budget.
  const split = `policy ${((policyDone - started) / 1000).toFixed(0)} s, other suites ${((othersDone - policyDone) / 1000).toFixed(0)} s, startup ${((Date.now() - othersDone) / 1000).toFixed(0)} s`;
  results.push({ v, suites, s, split });
  console.log(`${v} (${s.toFixed(0)} s: ${split}):`);
  for (const x of suites) console.log(`  ${x.id.padEnd(16)} ${x.verdict}${x.detail ? `\n${x.detail}` : ''}`);
}
fs.rmSync(scratch, { recursive: true, force: true });

console.log('\nrelease      suite            verdict');
for (const r of results) {
  if (r.verdict) {
    console.log(`${r.v.padEnd(12)} ${''.padEnd(16)} ${r.verdict}`);
    continue;
  }
  r.suites.forEach((x, i) => console.log(`${(i === 0 ? r.v : '').padEnd(12)} ${x.id.padEnd(16)} ${x.verdict}${i === r.suites.length - 1 ? ` [${r.s.toFixed(0)} s: ${r.split}]` : ''}`));
}
const failed = (r) => r.verdict === 'not installed' || r.suites.some((x) => x.verdict.startsWith('FAIL'));
process.exit(results.some(failed) ? 1 : 0);
