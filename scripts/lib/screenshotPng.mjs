// Screenshots ship inside the .vsix (the README's images), which has a 4 MB
// budget. A workbench screenshot has a few hundred distinct colours, so a
// 256-colour palette keeps it readable at well under half the bytes.
import * as fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const UPNG = require('upng-js');

/** Copies `from` to `to` as a 256-colour PNG; returns both sizes in bytes. */
export function copyQuantized(from, to) {
  const input = fs.readFileSync(from);
  const img = UPNG.decode(input);
  const rgba = UPNG.toRGBA8(img);
  const out = Buffer.from(UPNG.encode(rgba, img.width, img.height, 256));
  fs.writeFileSync(to, out);
  return { before: input.length, after: out.length };
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fs.realpathSync(new URL(import.meta.url).pathname)) {
  // `node scripts/lib/screenshotPng.mjs FILE...`: quantize in place.
  for (const f of process.argv.slice(2)) {
    const { before, after } = copyQuantized(f, f);
    console.log(`${f}: ${before} -> ${after} bytes`);
  }
}
