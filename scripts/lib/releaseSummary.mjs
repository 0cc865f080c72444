// What changed between two modelled OpenClaw releases, read from the
// product's own generated data (issue 42: `npm run openclaw:release` prints
// it). Pure over the repository's files, so a unit test holds it on the
// shipped releases. Test tooling only.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { versionCompare } from './epochFiles.mjs';
import { schemaKeyPaths } from './openclawSchema.mjs';
import { releaseFiles } from './releaseIndexes.mjs';

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);

/** The release file of `dir` that models `version`: its own, else the newest older one (its epoch's). */
function fileFor(dir, suffix, version) {
  const hit = releaseFiles(dir, suffix).filter(([v]) => versionCompare(v, version) <= 0).at(-1);
  return hit ? path.join(dir, hit[1]) : undefined;
}

/** The epoch file whose releases include `version` (else the newest older epoch's). */
function epochOf(repo, version) {
  const dir = path.join(repo, 'src/core/policy/epochs');
  const all = fs
    .readdirSync(dir)
    .filter((f) => /^openclaw-.*\.json$/.test(f))
    .map((f) => read(path.join(dir, f)))
    .sort((a, b) => versionCompare(a.epoch, b.epoch));
  return all.find((e) => e.releases.includes(version)) ?? all.filter((e) => versionCompare(e.epoch, version) <= 0).at(-1);
}

/** Names, descriptions and surfaces of a release's generated tool set. */
function toolFacts(set) {
  const tools = new Map((set?.tools ?? []).map((t) => [t.name, t]));
  const modes = {};
  for (const [mode, m] of Object.entries(set?.modes ?? {})) {
    try {
      modes[mode] = JSON.parse(m.controlToolsTemplate).map((t) => t.name);
    } catch {
      modes[mode] = ['(unreadable template)'];
    }
  }
  const code = set?.codeMode ? [set.codeMode.exec?.name, set.codeMode.wait?.name].filter(Boolean) : [];
  return { tools, modes, code, version: set?.openclawVersion };
}

const list = (xs) => (xs.length ? xs.join(', ') : 'none');

/**
 * The lines of the summary of `version` against `previous` (both modelled
 * releases, their files in the repository): tools, their texts, Tool Search
 * modes and control tools, Code Mode, policy facts and config schema keys.
 */
export function releaseSummary(repo, previous, version) {
  const at = (rel) => path.join(repo, rel);
  const lines = [];
  const toolsFile = (v) => fileFor(at('src/core/sources/versions'), '.tools.json', v);
  const [a, b] = [toolFacts(read(toolsFile(previous))), toolFacts(read(toolsFile(version)))];
  lines.push(`tools: ${b.tools.size} (was ${a.tools.size}), from ${b.version ?? 'no generated set'} against ${a.version ?? 'none'}`);
  const added = [...b.tools.keys()].filter((n) => !a.tools.has(n)).sort();
  const removed = [...a.tools.keys()].filter((n) => !b.tools.has(n)).sort();
  const texts = [...b.tools.keys()].filter((n) => a.tools.has(n) && a.tools.get(n).description !== b.tools.get(n).description).sort();
  const schemas = [...b.tools.keys()].filter((n) => a.tools.has(n) && JSON.stringify(a.tools.get(n).parameters) !== JSON.stringify(b.tools.get(n).parameters)).sort();
  lines.push(`  new tools: ${list(added)}`, `  removed tools: ${list(removed)}`, `  changed descriptions: ${list(texts)}`, `  changed parameters: ${list(schemas)}`);
  const modes = [...new Set([...Object.keys(a.modes), ...Object.keys(b.modes)])];
  lines.push(`Tool Search modes: ${list(Object.keys(b.modes))} (was ${list(Object.keys(a.modes))})`);
  for (const m of modes) {
    const [x, y] = [a.modes[m], b.modes[m]];
    if (!y) lines.push(`  ${m}: retired (sent ${list(x)})`);
    else if (!x) lines.push(`  ${m}: new, sends ${list(y)}`);
    else if (JSON.stringify(x) !== JSON.stringify(y)) lines.push(`  ${m}: control tools ${list(x)} -> ${list(y)}`);
  }
  lines.push(`Code Mode: ${b.code.length ? list(b.code) : 'none'} (was ${a.code.length ? list(a.code) : 'none'})`);
  const [ea, eb] = [epochOf(repo, previous), epochOf(repo, version)];
  if (ea && eb && ea !== eb) {
    const changed = [];
    for (const part of ['policy', 'toolSearch']) {
      for (const field of new Set([...Object.keys(ea[part] ?? {}), ...Object.keys(eb[part] ?? {})])) {
        if (field !== 'bundledPlugins' && JSON.stringify(ea[part]?.[field]) !== JSON.stringify(eb[part]?.[field])) changed.push(`${part}.${field}`);
      }
    }
    lines.push(`policy facts (epoch ${ea.epoch} -> ${eb.epoch}): ${changed.length ? `changed ${changed.join(', ')}` : 'unchanged'}`);
  } else {
    lines.push(`policy facts: same epoch${eb ? ` (${eb.epoch})` : ''}`);
  }
  const schemaFile = (v) => fileFor(at('src/core/config/schema'), '.json', v);
  const [sa, sb] = [read(schemaFile(previous)), read(schemaFile(version))];
  if (sa && sb) {
    const [ka, kb] = [schemaKeyPaths(sa), schemaKeyPaths(sb)];
    const plus = [...kb].filter((k) => !ka.has(k));
    const minus = [...ka].filter((k) => !kb.has(k));
    const roots = (xs) => xs.filter((k) => !xs.some((o) => o !== k && k.startsWith(`${o}.`))).sort();
    const show = (xs) => (xs.length > 8 ? `${xs.slice(0, 8).join(', ')}, ... (${xs.length} subtrees)` : list(xs));
    lines.push(`config schema keys: +${plus.length} (${show(roots(plus))}), -${minus.length} (${show(roots(minus))})`);
  }
  return lines;
}

/** The modelled release just before `version` (by its tool sets), or undefined for the first. */
export function previousRelease(repo, version) {
  return releaseFiles(path.join(repo, 'src/core/sources/versions'), '.tools.json')
    .map(([v]) => v)
    .filter((v) => versionCompare(v, version) < 0)
    .at(-1);
}
