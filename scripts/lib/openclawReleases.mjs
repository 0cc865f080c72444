#!/usr/bin/env node
// Installs past `openclaw` releases, one at a time, for the per-epoch
// generators (scripts/extract-openclaw-epochs.mjs) and `npm run test:versions`.
// Test tooling: never a dependency of the extension or the CLI.
//
// Layout: <cache>/releases/<version>/node_modules/openclaw   (<cache> as in openclawTooling.mjs)
//         <cache>/releases/<version>/complete.json             (written last)
// Installed with --ignore-scripts and the pinned Node 24 first on PATH (from
// `npm run oracle:install`), into a scratch folder renamed into place when done.
//
//   node scripts/lib/openclawReleases.mjs <version>... [--check]
// Builtins only.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanNpmEnv } from './cleanEnv.mjs';
import { cacheRoot, openclawToolingPaths, PINNED_OPENCLAW } from './openclawTooling.mjs';

export function releasePaths(version, env = process.env) {
  const dir = path.join(cacheRoot(env), 'releases', version);
  const pkg = path.join(dir, 'node_modules', 'openclaw');
  return { version, dir, marker: path.join(dir, 'complete.json'), openclaw: pkg, dist: path.join(pkg, 'dist') };
}

/** The Node 24 the releases run with: the pinned install's. */
export function releaseNode(env = process.env) {
  const node = openclawToolingPaths(PINNED_OPENCLAW, env).node;
  if (!fs.existsSync(node)) {
    throw new Error(`no Node 24 at ${node}: run npm run oracle:install first`);
  }
  return node;
}

export function releaseReady(version, env = process.env) {
  const p = releasePaths(version, env);
  try {
    return JSON.parse(fs.readFileSync(p.marker, 'utf8')).openclaw === version && fs.existsSync(p.dist);
  } catch {
    return false;
  }
}

/** The package folder of the installed release (the pinned one is the oracle's own install). */
export function releasePackageDir(version, env = process.env) {
  if (version === PINNED_OPENCLAW) {
    return openclawToolingPaths(PINNED_OPENCLAW, env).openclaw;
  }
  return releasePaths(version, env).openclaw;
}

/**
 * Gives the libsignal stand-in every module and named export its importers
 * ask for (`import { generateKeyPair } from 'libsignal/src/curve.js'`), each a
 * function that throws when called, so that a chunk importing them can load.
 */
export function completeStub(dir) {
  const stub = path.join(dir, 'stubs', 'libsignal');
  const wanted = new Map([['index.js', new Set()]]);
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else if (/\.(c|m)?js$/.test(e.name)) {
        const t = fs.readFileSync(f, 'utf8');
        for (const m of t.matchAll(/import\s*(?:\{([^}]*)\}|\*\s+as\s+\w+|\w+)\s*from\s*['"]libsignal(\/[^'"]+)?['"]/g)) {
          const file = m[2] ? m[2].slice(1) : 'index.js';
          const names = wanted.get(file) ?? new Set();
          for (const n of (m[1] ?? '').split(',')) {
            const name = n.trim().split(/\s+as\s+/)[0]?.trim();
            if (name) names.add(name);
          }
          wanted.set(file, names);
        }
      }
    }
  };
  const importers = path.join(dir, 'node_modules', '@whiskeysockets');
  if (fs.existsSync(importers)) walk(importers);
  for (const [file, names] of wanted) {
    const body = ['const stub = () => { throw new Error("libsignal is a stand-in here (its git dependency is not fetched)"); };']
      .concat([...names].map((n) => `exports.${n} = stub;`));
    fs.mkdirSync(path.dirname(path.join(stub, file)), { recursive: true });
    fs.writeFileSync(path.join(stub, file), `${body.join('\n')}\n`);
  }
}

export function ensureRelease(version, { env = process.env, log = (m) => console.error(`[openclaw-releases] ${m}`) } = {}) {
  if (!/^\d{4}\.\d+\.\d+(-[\w.]+)?$/.test(version)) throw new Error(`not an openclaw version: "${version}"`);
  if (version === PINNED_OPENCLAW) {
    return { ...releasePaths(version, env), openclaw: releasePackageDir(version, env), dist: path.join(releasePackageDir(version, env), 'dist') };
  }
  const p = releasePaths(version, env);
  if (releaseReady(version, env)) return p;
  const node = releaseNode(env);
  fs.rmSync(p.dir, { recursive: true, force: true });
  const scratch = `${p.dir}.partial-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  // Older releases reach a git dependency (baileys -> libsignal from GitHub), which this machine cannot
  // fetch: an empty local package stands in for it. Nothing the generators or the policy suites call loads it.
  const stub = path.join(scratch, 'stubs', 'libsignal');
  fs.mkdirSync(stub, { recursive: true });
  fs.writeFileSync(path.join(stub, 'package.json'), '{ "name": "libsignal", "version": "0.0.0-stub", "main": "index.js" }\n');
  fs.writeFileSync(path.join(stub, 'index.js'), 'module.exports = {};\n');
  fs.writeFileSync(path.join(scratch, 'package.json'), `${JSON.stringify({ private: true, overrides: { libsignal: 'file:./stubs/libsignal' } })}\n`);
  const npmEnv = cleanNpmEnv({ npm_config_ignore_scripts: 'true' }, env);
  const started = Date.now();
  log(`npm install openclaw@${version} into ${scratch}`);
  const r = spawnSync('npm', ['install', '--prefix', scratch, '--ignore-scripts', '--no-audit', '--no-fund', '--save-exact', '--loglevel', 'error', `openclaw@${version}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 20 * 60_000,
    env: { ...npmEnv, PATH: `${path.dirname(node)}${path.delimiter}${npmEnv.PATH ?? ''}` },
  });
  try {
    if (r.status !== 0) throw new Error(`npm install openclaw@${version} failed with ${r.status ?? r.signal}`);
    completeStub(scratch);
    const got = JSON.parse(fs.readFileSync(path.join(scratch, 'node_modules', 'openclaw', 'package.json'), 'utf8')).version;
    if (got !== version) throw new Error(`installed openclaw is ${got}, expected ${version}`);
    fs.writeFileSync(path.join(scratch, 'complete.json'), `${JSON.stringify({ openclaw: version, seconds: (Date.now() - started) / 1000 }, null, 2)}\n`);
    fs.renameSync(scratch, p.dir);
  } catch (err) {
    fs.rmSync(scratch, { recursive: true, force: true });
    throw err;
  }
  log(`openclaw@${version} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return p;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const versions = args.filter((a) => !a.startsWith('--'));
  let failed = false;
  for (const v of versions) {
    try {
      if (args.includes('--complete-stub')) {
        completeStub(releasePaths(v).dir);
        continue;
      }
      if (args.includes('--check')) {
        console.log(`${releaseReady(v) || v === PINNED_OPENCLAW ? 'ready' : 'not installed'}: ${v}`);
      } else {
        console.log(ensureRelease(v).openclaw);
      }
    } catch (err) {
      console.error(`[openclaw-releases] ${err instanceof Error ? err.message : String(err)}`);
      failed = true;
    }
  }
  process.exit(failed ? 1 : 0);
}
