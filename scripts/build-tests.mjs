// Compiles the extension-host suites to out/test/integration (CommonJS, one
// bundle per file; `vscode` and `mocha` come from the host and node_modules).
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'test', 'integration');
const out = path.join(root, 'out', 'test', 'integration');

const entries = [path.join(src, 'run.ts')];
for (const dir of ['suite', 'suite-multi']) {
  for (const f of fs.readdirSync(path.join(src, dir))) {
    if (f.endsWith('.test.ts')) entries.push(path.join(src, dir, f));
  }
}
fs.rmSync(out, { recursive: true, force: true });
await esbuild.build({
  entryPoints: entries,
  outbase: src,
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'inline',
  external: ['vscode', 'mocha'],
  logLevel: 'warning',
});
console.log(`[build-tests] ${entries.length} files -> ${path.relative(root, out)}`);
