// Shared by the extractors that read one fact per OpenClaw release out of its
// package's text (extract-openclaw-run-guards.mjs, extract-openclaw-provider-payload.mjs):
// where the package is, its dist's text, and the merge into a per-release JSON file.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Every .js/.mjs file's text under `dir`, leaving out the folders named in `skip`. */
export function distTexts(dir, skip) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!skip.includes(e.name)) out.push(...distTexts(p, skip));
    } else if (/\.m?js$/.test(e.name)) {
      out.push(fs.readFileSync(p, 'utf8'));
    }
  }
  return out;
}

/** A package folder as given, or a version fetched with `npm pack` into a scratch folder (generation time only). */
export function packageDir(arg) {
  if (fs.existsSync(path.join(arg, 'package.json'))) return path.resolve(arg);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-release-facts-'));
  const file = execFileSync('npm', ['pack', `openclaw@${arg}`, '--silent'], { cwd: scratch, encoding: 'utf8' }).trim().split('\n').pop();
  execFileSync('tar', ['xzf', file], { cwd: scratch });
  return path.join(scratch, 'package');
}

export function packageVersion(pkg) {
  return JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')).version;
}

const parts = (v) => v.split(/[.-]/).map((x) => (/^\d+$/.test(x) ? Number(x) : x));

/** Release order: numbers as numbers, a pre-release before its release. */
export function compareReleases(a, b) {
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    if (pa[i] === pb[i]) continue;
    if (pa[i] === undefined) return -1;
    if (pb[i] === undefined) return 1;
    return typeof pa[i] === 'number' && typeof pb[i] === 'number' ? pa[i] - pb[i] : String(pa[i]).localeCompare(String(pb[i]));
  }
  return 0;
}

/** Merges `facts` (version -> fact) into `outFile`'s releases, in release order. */
export function mergeReleaseFacts(outFile, generatedBy, facts) {
  const current = fs.existsSync(outFile) ? JSON.parse(fs.readFileSync(outFile, 'utf8')) : { releases: {} };
  Object.assign(current.releases, facts);
  const releases = Object.fromEntries(Object.keys(current.releases).sort(compareReleases).map((v) => [v, current.releases[v]]));
  fs.writeFileSync(outFile, `${JSON.stringify({ generatedBy, releases }, null, 1)}\n`);
}
