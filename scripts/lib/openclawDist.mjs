// Finding things in an installed openclaw package's dist/: chunk names are
// hashed, their contents are not. Shared by the extract-openclaw-* generators.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The bundled `.mjs` chunks of a dist folder. */
export function distChunks(dist) {
  return fs.readdirSync(dist).filter((f) => f.endsWith('.mjs'));
}

/** The file name of the one chunk whose text contains `marker`; anything else is an error naming the hits. */
export function findChunk(dist, chunks, marker) {
  const hits = chunks.filter((f) => fs.readFileSync(path.join(dist, f), 'utf8').includes(marker));
  if (hits.length !== 1) {
    throw new Error(`expected one chunk with ${JSON.stringify(marker)}, found ${hits.length}: ${hits.join(', ')}`);
  }
  return hits[0];
}

/** Exports of a module by their own function name (export aliases are minified letters). */
export function byFunctionName(mod) {
  const out = {};
  for (const v of Object.values(mod)) {
    if (typeof v === 'function' && v.name) {
      out[v.name] = v;
    }
  }
  return out;
}
