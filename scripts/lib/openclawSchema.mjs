// A release's config schema as data: its own zod `OpenClawSchema` (found by
// name in any dist shape) reduced to the node table src/core/config/configSchema.ts
// reads, and the paths its doctor migrates (`findLegacyConfigIssues`' rules).
// Shared by extract-openclaw-tables.mjs (the newest release) and
// openclawFacts.mjs (one per epoch). Test tooling only.

/** Whether `z` is a release's root config schema (zod 4 object with the top-level sections). */
export function isOpenClawSchema(z) {
  const shape = z && z._zod && z._zod.def && z._zod.def.type === 'object' ? z._zod.def.shape : undefined;
  return Boolean(shape && 'agents' in shape && 'gateway' in shape && 'tools' in shape);
}

/** The node table of a zod schema: `{ root, defs }`; objects used in more than one place become shared definitions. */
export function convertSchema(root) {
  const uses = new Map();
  const children = (z) => {
    const def = z._zod.def;
    const out = [];
    for (const k of ['innerType', 'in', 'element', 'valueType', 'catchall']) {
      if (def[k] && def[k]._zod) out.push(def[k]);
    }
    if (def.type === 'lazy') out.push(def.getter());
    if (def.shape) out.push(...Object.values(def.shape));
    if (def.options) out.push(...def.options);
    if (def.left) out.push(def.left, def.right);
    return out;
  };
  const count = (z, depth = 0) => {
    if (!z || depth > 60) return;
    if (z._zod.def.type === 'object') {
      uses.set(z, (uses.get(z) ?? 0) + 1);
      if (uses.get(z) > 1) return;
    }
    for (const child of children(z)) count(child, depth + 1);
  };
  count(root);

  const defs = {};
  const defIds = new Map();
  const anyOf = (nodes) => {
    const flat = [];
    for (const n of nodes) {
      for (const m of n && n.anyOf ? n.anyOf : [n]) {
        if (m === 'any') return 'any';
        if (!flat.some((f) => JSON.stringify(f) === JSON.stringify(m))) flat.push(m);
      }
    }
    const enums = flat.filter((f) => f.enum);
    const rest = flat.filter((f) => !f.enum);
    const merged = enums.length > 1 ? [{ enum: enums.flatMap((e) => e.enum) }, ...rest] : flat;
    return merged.length === 1 ? merged[0] : { anyOf: merged };
  };
  const objectNode = (z, depth) => {
    const def = z._zod.def;
    const keys = {};
    for (const [k, v] of Object.entries(def.shape)) keys[k] = convert(v, depth + 1);
    const node = { object: keys };
    const catchall = def.catchall ? def.catchall._zod.def.type : undefined;
    if (catchall && catchall !== 'never') node.extra = convert(def.catchall, depth + 1);
    return node;
  };
  function convert(z, depth = 0) {
    if (depth > 60) return 'any';
    const def = z._zod.def;
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
        return convert(def.innerType, depth + 1);
      case 'nullable':
        return anyOf([convert(def.innerType, depth + 1), 'null']);
      case 'lazy':
        return convert(def.getter(), depth + 1);
      case 'pipe':
        return def.in._zod.def.type === 'transform' ? convert(def.out, depth + 1) : convert(def.in, depth + 1);
      case 'string':
      case 'number':
      case 'boolean':
      case 'null':
        return def.type;
      case 'int':
        return 'number';
      case 'literal':
        return { enum: [...def.values] };
      case 'enum':
        return { enum: Object.values(def.entries) };
      case 'array':
        return { array: convert(def.element, depth + 1) };
      case 'tuple':
        return { array: 'any' };
      case 'record':
        return { record: convert(def.valueType, depth + 1) };
      case 'union':
        return anyOf(def.options.map((o) => convert(o, depth + 1)));
      case 'intersection':
        return 'any';
      case 'object': {
        if ((uses.get(z) ?? 0) > 1) {
          let id = defIds.get(z);
          if (!id) {
            id = `d${defIds.size + 1}`;
            defIds.set(z, id);
            defs[id] = objectNode(z, depth);
          }
          return { ref: id };
        }
        return objectNode(z, depth);
      }
      default:
        return 'any';
    }
  }
  return { root: convert(root), defs };
}

/**
 * Paths OpenClaw's doctor migrates, read from the text of its legacy rules
 * (`legacy-config-migrations*.ts`: rules are code with predicates, so their
 * paths, and the paths their messages name, are what is read).
 */
export function legacyPathsFromText(legacySrc, rootKeys) {
  const legacyPaths = new Set();
  for (const m of legacySrc.matchAll(/(path:\s*|rule\$?\d*\(\s*|[[,]\s*)\[((?:\s*"[^"\n]*",?)+)\s*\]/g)) {
    const parts = [...m[2].matchAll(/"([^"]*)"/g)].map((x) => x[1]);
    if (parts.every((x) => /^[A-Za-z0-9_*$-]+$/.test(x)) && /^[a-z]/.test(parts[0])) legacyPaths.add(parts.join('.'));
  }
  // Messages name migrated paths too ("Moved gateway.nodes.denyCommands → ..."); `<id>` and `*` are any key.
  for (const lit of legacySrc.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)) {
    for (const m of lit[1].matchAll(/\b([a-z][A-Za-z0-9_]*(?:\.(?:[A-Za-z][A-Za-z0-9_]*|\*|<[a-zA-Z]+>))+)/g)) {
      const parts = m[1].split('.').map((x) => (x.startsWith('<') ? '*' : x));
      if (rootKeys.has(parts[0]) && parts.length >= 2) legacyPaths.add(parts.join('.'));
    }
  }
  return legacyPaths;
}

/** Every dotted key path a node table declares (`*` for record keys and array items), for saying what changed. */
export function schemaKeyPaths(table, limit = 12) {
  const out = new Set();
  const walk = (n, prefix, depth, seen) => {
    if (depth > limit || n === undefined || typeof n !== 'object') return;
    if (n.ref) {
      if (seen.has(n.ref)) return;
      walk(table.defs[n.ref], prefix, depth, new Set([...seen, n.ref]));
      return;
    }
    if (n.object) {
      for (const [k, v] of Object.entries(n.object)) {
        const p = prefix ? `${prefix}.${k}` : k;
        out.add(p);
        walk(v, p, depth + 1, seen);
      }
      return;
    }
    if (n.record) walk(n.record, `${prefix}.*`, depth + 1, seen);
    if (n.array) walk(n.array, `${prefix}.*`, depth + 1, seen);
    if (n.anyOf) for (const o of n.anyOf) walk(o, prefix, depth, seen);
  };
  walk(table.root, '', 0, new Set());
  return out;
}

/** The node a node table declares at a path of keys (`*` or any key for records and array items), or undefined. */
export function nodeAtPath(table, parts) {
  const resolve = (n) => {
    for (let i = 0; n && typeof n === 'object' && n.ref && i < 20; i++) n = table.defs[n.ref];
    return n;
  };
  const child = (n, key) => {
    n = resolve(n);
    if (n === 'any') return 'any';
    if (!n || typeof n !== 'object') return undefined;
    if (n.object) return Object.prototype.hasOwnProperty.call(n.object, key) ? n.object[key] : n.extra;
    if (n.record) return n.record;
    if (n.array) return n.array;
    if (n.anyOf) {
      for (const o of n.anyOf) {
        const c = child(o, key);
        if (c !== undefined) return c;
      }
    }
    return undefined;
  };
  let cur = table.root;
  for (const p of parts) {
    cur = child(cur, p);
    if (cur === undefined) return undefined;
  }
  return resolve(cur);
}

/** A value the node accepts, simplest first (what a probe sets a key to). */
export function sampleOf(table, node, depth = 0) {
  for (let i = 0; node && typeof node === 'object' && node.ref && i < 20; i++) node = table.defs[node.ref];
  if (node === 'string') return 'x';
  if (node === 'number') return 1;
  if (node === 'boolean') return true;
  if (node === 'null') return null;
  if (!node || typeof node !== 'object' || depth > 8) return {};
  if (node.enum) return node.enum[0];
  if (node.array) return [];
  if (node.anyOf) return sampleOf(table, node.anyOf[0], depth + 1);
  return {};
}

/** Every key path (no `*`) a node table declares down to `limit` keys, each with a value it accepts. */
export function schemaKeySamples(table, limit = 3) {
  const out = [];
  for (const p of schemaKeyPaths(table, limit)) {
    const parts = p.split('.');
    if (parts.includes('*') || parts.length > limit) continue;
    out.push({ path: p, sample: sampleOf(table, nodeAtPath(table, parts)) });
  }
  return out;
}
