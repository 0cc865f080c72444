#!/usr/bin/env node
/**
 * Extracts, from OpenClaw packages, the guard that refuses a run before any
 * request when explicit tool allowlists leave it no callable tool
 * (`buildEmptyExplicitToolAllowlistError`, src/agents/tool-allowlist-guard.ts):
 * whether the release has it, and its message's pieces (the prefix before the
 * requested sources, the separator, the reason when no registered tool
 * matched, the closing advice).
 *
 *   node scripts/extract-openclaw-run-guards.mjs <version or path to node_modules/openclaw> ...
 *
 * A version is fetched with `npm pack` into a scratch folder (generation
 * time only; nothing downloads when the product runs). Merges into
 * src/core/policy/runGuards.json, releases in version order.
 * Test tooling only: nothing here runs in the extension or the CLI.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outFile = path.join(repo, 'src', 'core', 'policy', 'runGuards.json');
const FUNCTION = 'function buildEmptyExplicitToolAllowlistError(';
const MESSAGE = /new Error\(`(No callable tools remain after resolving explicit tool allowlist \()\$\{requested\}(\); )\$\{reason\}([^`]*)`\)/;
const REASON = /params\.toolsEnabled \? "([^"]+)" :/;

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: extract-openclaw-run-guards.mjs <version or path to node_modules/openclaw> ...');
  process.exit(2);
}

/** Every .js/.mjs file's text under dist (bundled plugins and the control UI left out). */
function distTexts(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!['extensions', 'control-ui', 'vendor'].includes(e.name)) {
        out.push(...distTexts(p));
      }
    } else if (/\.m?js$/.test(e.name)) {
      out.push(fs.readFileSync(p, 'utf8'));
    }
  }
  return out;
}

function packageDir(arg) {
  if (fs.existsSync(path.join(arg, 'package.json'))) {
    return path.resolve(arg);
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-run-guards-'));
  const file = execFileSync('npm', ['pack', `openclaw@${arg}`, '--silent'], { cwd: scratch, encoding: 'utf8' }).trim().split('\n').pop();
  execFileSync('tar', ['xzf', file], { cwd: scratch });
  return path.join(scratch, 'package');
}

function guardOf(pkg) {
  const version = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')).version;
  const body = distTexts(path.join(pkg, 'dist')).find((t) => t.includes(FUNCTION));
  if (!body) {
    return { version, guard: null };
  }
  const fn = body.slice(body.indexOf(FUNCTION), body.indexOf(FUNCTION) + 4000);
  const m = MESSAGE.exec(fn);
  const reason = REASON.exec(fn);
  if (!m || !reason) {
    throw new Error(`${version}: ${FUNCTION} is there but its message is not where it was (prefix/reason not found)`);
  }
  return { version, guard: { prefix: m[1], separator: m[2], noRegisteredToolMatched: reason[1], advice: m[3] } };
}

const current = fs.existsSync(outFile) ? JSON.parse(fs.readFileSync(outFile, 'utf8')) : { releases: {} };
for (const arg of args) {
  const { version, guard } = guardOf(packageDir(arg));
  current.releases[version] = { emptyExplicitAllowlist: guard };
  console.error(`extract-openclaw-run-guards: ${version}: ${guard ? 'refuses a run an explicit allowlist leaves without tools' : 'no such guard'}`);
}
const cmp = (a, b) => {
  const pa = a.split(/[.-]/).map((x) => (/^\d+$/.test(x) ? Number(x) : x));
  const pb = b.split(/[.-]/).map((x) => (/^\d+$/.test(x) ? Number(x) : x));
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    if (pa[i] === pb[i]) continue;
    if (pa[i] === undefined) return -1;
    if (pb[i] === undefined) return 1;
    return typeof pa[i] === 'number' && typeof pb[i] === 'number' ? pa[i] - pb[i] : String(pa[i]).localeCompare(String(pb[i]));
  }
  return 0;
};
const releases = Object.fromEntries(Object.keys(current.releases).sort(cmp).map((v) => [v, current.releases[v]]));
fs.writeFileSync(outFile, `${JSON.stringify({ generatedBy: 'scripts/extract-openclaw-run-guards.mjs', releases }, null, 1)}\n`);
console.error(`extract-openclaw-run-guards: wrote ${path.relative(repo, outFile)}`);
