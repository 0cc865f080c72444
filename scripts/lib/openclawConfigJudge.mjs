#!/usr/bin/env node
/**
 * Would this OpenClaw start with these configs? Each config is read by the
 * release's own `readConfigFileSnapshot` (what its CLI's config guard calls
 * before running a command: `ensureConfigReady` refuses when the snapshot
 * exists and is not valid), with a scratch HOME and state folder. Every
 * `${VAR}` a config names is set to a placeholder: whether the user's
 * environment holds a secret is not the config's validity.
 *
 *   <node 24> scripts/lib/openclawConfigJudge.mjs <path to node_modules/openclaw> <config> ...
 *     -> one line after the marker: [{ file, exists, valid, issues: [{ path, message }], legacy: [path] }]
 * Test tooling only.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { releaseModules } from './openclawRelease.mjs';

export const JUDGE_MARKER = '@@openclaw-config-judge@@';

export async function judgeConfigs(pkgDir, files) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-judge-'));
  process.env.HOME = scratch;
  process.env.OPENCLAW_STATE_DIR = path.join(scratch, 'state');
  try {
    const m = releaseModules(pkgDir);
    const read = await m.fn('readConfigFileSnapshot');
    if (!read) throw new Error(`${pkgDir}: no readConfigFileSnapshot`);
    const out = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const v of new Set([...text.matchAll(/\$\{([A-Z_][A-Z0-9_]*)\}/g)].map((x) => x[1]))) process.env[v] ??= 'placeholder-for-the-judge';
      process.env.OPENCLAW_CONFIG_PATH = path.resolve(file);
      const s = await read();
      out.push({
        file: path.basename(file),
        exists: s.exists,
        valid: s.valid,
        issues: (s.issues ?? []).map((i) => ({ path: i.path, message: i.message })),
        legacy: (s.legacyIssues ?? []).map((i) => i.path),
      });
    }
    return out;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

export function parseJudgeOutput(stdout) {
  const line = stdout.split('\n').find((l) => l.startsWith(JUDGE_MARKER));
  if (!line) throw new Error('the judge printed no verdicts');
  return JSON.parse(line.slice(JUDGE_MARKER.length));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const [pkgDir, ...files] = process.argv.slice(2);
  if (!pkgDir || files.length === 0) {
    console.error('usage: openclawConfigJudge.mjs <path to node_modules/openclaw> <config> ...');
    process.exit(2);
  }
  const write = process.stdout.write.bind(process.stdout);
  console.log = console.info = console.warn = (...a) => process.stderr.write(`${a.join(' ')}\n`);
  const verdicts = await judgeConfigs(path.resolve(pkgDir), files);
  write(`\n${JUDGE_MARKER}${JSON.stringify(verdicts)}\n`);
  process.exit(0);
}
