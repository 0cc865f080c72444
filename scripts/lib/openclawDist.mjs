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

/**
 * Every module of a dist folder, whatever the release's shape: bundled `.mjs`
 * chunks (flat), bundled `.js` chunks (flat), or an unbundled tree of `.js`
 * modules (one per source file, in folders). Paths are relative to `dist`;
 * bundled plugins (`extensions/`), the control UI and vendored code are left out.
 */
export function distFiles(dist) {
  const top = fs.readdirSync(dist, { withFileTypes: true });
  const mjs = top.filter((e) => e.isFile() && e.name.endsWith('.mjs')).map((e) => e.name);
  if (mjs.length > 20) {
    return { shape: 'bundled-mjs', files: mjs };
  }
  const js = top.filter((e) => e.isFile() && e.name.endsWith('.js')).map((e) => e.name);
  const hashed = js.filter((f) => /-[A-Za-z0-9_-]{8}\.js$/.test(f));
  if (hashed.length > 20) {
    return { shape: 'bundled-js', files: js };
  }
  const skip = new Set(['extensions', 'control-ui', 'node_modules', 'vendor', 'canvas-host']);
  const files = [];
  const walk = (rel) => {
    for (const e of fs.readdirSync(path.join(dist, rel), { withFileTypes: true })) {
      const r = rel ? path.join(rel, e.name) : e.name;
      if (e.isDirectory()) {
        if (!skip.has(e.name)) walk(r);
      } else if (e.name.endsWith('.js') || e.name.endsWith('.mjs')) {
        files.push(r);
      }
    }
  };
  walk('');
  return { shape: 'unbundled', files };
}
