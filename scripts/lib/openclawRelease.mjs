// Finding a release's own functions by name, whatever its dist shape (bundled
// `.mjs` or `.js` chunks, or an unbundled tree): export names are minified
// letters in a chunk, function names are not. Test tooling only.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { distFiles } from './openclawDist.mjs';

export function releaseModules(pkgDir) {
  const dist = path.join(pkgDir, 'dist');
  const { files, shape } = distFiles(dist);
  const texts = new Map();
  const text = (f) => {
    if (!texts.has(f)) texts.set(f, fs.readFileSync(path.join(dist, f), 'utf8'));
    return texts.get(f);
  };
  const exportsOf = new Map();
  const add = (name, f) => {
    const list = exportsOf.get(name) ?? [];
    if (!list.includes(f)) list.push(f);
    exportsOf.set(name, list);
  };
  for (const f of files) {
    const t = text(f);
    for (const m of t.matchAll(/export\s*\{([^}]*)\}/g)) {
      for (const part of m[1].split(',')) {
        const local = part.trim().split(/\s+as\s+/)[0]?.trim();
        if (local) add(local, f);
      }
    }
    for (const m of t.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/g)) add(m[1], f);
  }
  const modules = new Map();
  const load = async (f) => {
    if (!modules.has(f)) modules.set(f, await import(pathToFileURL(path.join(dist, f)).href));
    return modules.get(f);
  };
  /** The function the release defines under `name`, or undefined. */
  const fn = async (name) => {
    for (const f of exportsOf.get(name) ?? []) {
      const mod = await load(f);
      if (typeof mod[name] === 'function') return mod[name];
      const hit = Object.values(mod).find((v) => typeof v === 'function' && v.name === name);
      if (hit) return hit;
    }
    return undefined;
  };
  /** An exported value named `name` (unbundled) or, in a chunk that exports it, the export `pick` accepts. */
  const value = async (name, pick) => {
    for (const f of exportsOf.get(name) ?? []) {
      const mod = await load(f);
      if (name in mod) return mod[name];
      const hit = Object.values(mod).find(pick);
      if (hit !== undefined) return hit;
    }
    return undefined;
  };
  /** Files defining `name`: those that export it first, then any whose text has `function name(`. */
  const filesDefining = (name) => {
    const re = new RegExp(`function ${name}\\s*\\(`);
    return [...new Set([...(exportsOf.get(name) ?? []), ...files.filter((f) => re.test(text(f)))])];
  };
  return { dist, files, shape, text, load, fn, value, filesDefining, exportsOf };
}
