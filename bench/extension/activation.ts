// Activation cost of the extension bundle, measured in fresh Node processes:
// the time to load (parse + evaluate) the production dist/extension.js, next
// to a baseline from the same run (an empty module), in two layouts: core
// inlined into the one bundle, and core split into dist/coreEntry.js, which
// the extension imports on first use (src/extension/coreLoader.ts).
// The time inside activate() itself is printed by the extension-host smoke
// test (`npm run test:vscode`), since it needs the real `vscode` API.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { median } from '../lib/timing';

const RUNS = Number(process.env.RUNS ?? 15);
const root = path.resolve(__dirname, '..', '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-activation-'));

// `vscode` exists only inside the editor: a stub that answers every property.
const probe = `
const Module = require('module');
const load = Module._load;
const stub = new Proxy(function () {}, { get: () => stub, apply: () => stub, construct: () => stub });
Module._load = function (req, ...rest) { return req === 'vscode' ? stub : load.call(this, req, ...rest); };
const t = process.hrtime.bigint();
require(process.argv[1]);
process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));
`;

function loadMs(file: string): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    times.push(Number(execFileSync(process.execPath, ['-e', probe, file], { encoding: 'utf8' })));
  }
  return median(times);
}

async function bundle(outfile: string, external: string[]): Promise<number> {
  await esbuild.build({
    entryPoints: [path.join(root, 'src', 'extension', 'extension.ts')],
    outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', minify: true,
    external: ['vscode', ...external], logLevel: 'error', legalComments: 'none',
  });
  return fs.statSync(outfile).size;
}

async function main(): Promise<void> {
  const full = path.join(tmp, 'extension.js');
  const shell = path.join(tmp, 'shell.js');
  const empty = path.join(tmp, 'empty.js');
  fs.writeFileSync(empty, 'module.exports = {};\n');
  const fullSize = await bundle(full, []);
  const shellSize = await bundle(shell, ['./coreEntry.js']);
  const base = loadMs(empty);
  const f = loadMs(full);
  const s = loadMs(shell);
  console.log(`extension load time, median of ${RUNS} fresh processes (Node ${process.version}):`);
  console.log(`  baseline: empty module                 ${base.toFixed(2)} ms`);
  console.log(`  one bundle, core inlined (${(fullSize / 1024).toFixed(0)} KiB)      ${f.toFixed(2)} ms  (${(f / Math.max(base, 0.01)).toFixed(1)}x baseline)`);
  console.log(`  core split out, loaded on use (${(shellSize / 1024).toFixed(0)} KiB) ${s.toFixed(2)} ms  (${(s / Math.max(base, 0.01)).toFixed(1)}x baseline, ${(f / s).toFixed(1)}x faster than inlined)`);
  fs.rmSync(tmp, { recursive: true, force: true });
}

void main();
