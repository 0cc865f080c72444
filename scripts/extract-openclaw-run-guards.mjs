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
import * as path from 'node:path';
import { distTexts, mergeReleaseFacts, packageDir, packageVersion } from './lib/releaseFacts.mjs';

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

function guardOf(pkg) {
  const version = packageVersion(pkg);
  const body = distTexts(path.join(pkg, 'dist'), ['extensions', 'control-ui', 'vendor']).find((t) => t.includes(FUNCTION));
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

const facts = {};
for (const arg of args) {
  const { version, guard } = guardOf(packageDir(arg));
  facts[version] = { emptyExplicitAllowlist: guard };
  console.error(`extract-openclaw-run-guards: ${version}: ${guard ? 'refuses a run an explicit allowlist leaves without tools' : 'no such guard'}`);
}
mergeReleaseFacts(outFile, 'scripts/extract-openclaw-run-guards.mjs', facts);
console.error(`extract-openclaw-run-guards: wrote ${path.relative(repo, outFile)}`);
