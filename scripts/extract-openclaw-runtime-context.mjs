#!/usr/bin/env node
/**
 * Extracts, from an installed `openclaw` package, the internal-context
 * message OpenClaw sends after the user's message on a fresh session, for
 * every set of tools a run may have (issue 40): which runtime-fact sections
 * it holds ("Active exec sessions", "## Active Subagents", "## Media
 * Generation Tasks", ...) or whether it is sent at all.
 *
 *   node extract-openclaw-runtime-context.mjs <path to node_modules/openclaw>
 *
 * Runs in the Node the package requires (2026.9.6: Node 24), after
 * extract-openclaw-prompt.mjs (its sentinel turn's context message gives the
 * wrapping). How:
 *  - OpenClaw's own `buildRuntimeFactsContext` (not exported: a module hook
 *    adds the export to its chunk while it loads) runs on a fresh scratch
 *    state folder, once per tool name the release knows, flipped alone: the
 *    names that change its sections are its variables;
 *  - then once per combination of those variables: the sections' texts;
 *  - the wrapping (the markers, each section's label and quoting, the joiner)
 *    is read from the real sentinel turn's message (the prompt data's
 *    `messages.context`), whose sections must be found in it, quoted as JSON.
 * Writes src/core/prompt/versions/openclaw-<version>.runFacts.json: for the
 * context message and for the system prompt's memory section (memory-core's
 * own builder over the tools it reads), `variants` maps each combination (`1`/`0` per variable in `vars` order) to
 * the message's content, or null when OpenClaw sends none.
 * Test tooling only: nothing here runs in the extension or the CLI.
 */
import * as fs from 'node:fs';
import { register } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { distFiles, findChunk } from './lib/openclawDist.mjs';

const pkgDir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
if (!pkgDir) {
  console.error('usage: extract-openclaw-runtime-context.mjs <path to node_modules/openclaw>');
  process.exit(2);
}
// OpenClaw's functions read its state folder (active process and subagent runs): a scratch one, never the machine's.
const isolatedHome = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-extract-context-'));
process.env.HOME = isolatedHome;
process.env.OPENCLAW_STATE_DIR = path.join(isolatedHome, '.openclaw');
delete process.env.OPENCLAW_CONFIG_PATH;
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const version = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version;
const dist = path.join(pkgDir, 'dist');
const chunks = distFiles(dist).files;
const MARKER = 'async function buildRuntimeFactsContext(params)';
const target = pathToFileURL(path.join(dist, findChunk(dist, chunks, MARKER))).href;
// Bundled plugins' memory prompt supplements (memory-wiki's `## Compiled Wiki`): the builder each
// registers with registerMemoryPromptSupplement, exported the same way where the plugin's file has it.
const SUPPLEMENTS = [{ plugin: 'memory-wiki', file: path.join(dist, 'extensions', 'memory-wiki', 'index.js'), builder: 'createWikiPromptSectionBuilder' }].filter(
  (x) => fs.existsSync(x.file) && fs.readFileSync(x.file, 'utf8').includes(`function ${x.builder}()`),
);
const supplementTargets = Object.fromEntries(SUPPLEMENTS.map((x) => [pathToFileURL(x.file).href, x.builder]));
const hook = `
const target = ${JSON.stringify(target)};
const supplements = ${JSON.stringify(supplementTargets)};
export async function load(url, context, next) {
  const r = await next(url, context);
  if (url === target || url in supplements) {
    const src = typeof r.source === 'string' ? r.source : Buffer.from(r.source).toString('utf8');
    const line = url === target ? 'buildRuntimeFactsContext as __tsiRuntimeFacts' : supplements[url] + ' as __tsiSupplement';
    return { ...r, source: src + '\\nexport { ' + line + ' };\\n' };
  }
  return r;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
const facts = (await import(target)).__tsiRuntimeFacts;
if (typeof facts !== 'function') {
  throw new Error('buildRuntimeFactsContext not found');
}

const promptFile = path.join(repo, 'src', 'core', 'prompt', 'versions', `openclaw-${version}.json`);
const toolsFile = path.join(repo, 'src', 'core', 'sources', 'versions', `openclaw-${version}.tools.json`);
const prompt = JSON.parse(fs.readFileSync(promptFile, 'utf8'));
const generated = JSON.parse(fs.readFileSync(toolsFile, 'utf8'));
// Every tool name the release knows: its generated tools, its prompt's tool order, and the names the function's own text asks about.
const fnText = facts.toString();
const asked = [...fnText.matchAll(/\.has\("([A-Za-z0-9_-]+)"\)/g)].map((m) => m[1]);
const universe = [...new Set([...generated.tools.map((t) => t.name), ...prompt.toolLines.order, ...asked].map((n) => n.trim().toLowerCase()))].sort();

// A fresh session of the sentinel's shape: no process, no subagent run, no media task yet.
const sectionsOf = async (names) =>
  (await facts({ capabilityToolNames: new Set(names), cfg: {}, sessionKey: 'agent:main:main', sessionId: '00000000-0000-4000-8000-000000000000', agentId: 'main' })).map((f) => {
    if (f.kind !== 'conversation-data' || typeof f.text !== 'string') {
      throw new Error(`a runtime fact of another kind: ${JSON.stringify(f)}`);
    }
    return f.text;
  });
const none = JSON.stringify(await sectionsOf([]));
const vars = [];
for (const n of universe) {
  if (JSON.stringify(await sectionsOf([n])) !== none) {
    vars.push(n);
  }
}
if (vars.length > 12) {
  throw new Error(`${vars.length} tools change the runtime facts: too many combinations to render`);
}

// The wrapping, from the real sentinel turn's message: head, each section as label + JSON text, joiner, tail.
const context = prompt.messages.context;
if (!Array.isArray(context) || context.length !== 1 || context[0].type !== 'text') {
  throw new Error(`the sentinel's context message is not one text part: ${JSON.stringify(context)}`);
}
const sentinelText = context[0].text;
// Every section the release can write, in its order; the sentinel's are those its message quotes.
const sentinelSections = (await sectionsOf(universe)).filter((s) => sentinelText.includes(JSON.stringify(s)));
if (sentinelSections.length < 2) {
  throw new Error('the sentinel message has fewer than two sections: its wrapping cannot be read');
}
const quoted = sentinelSections.map((s) => JSON.stringify(s));
const at = quoted.map((q) => sentinelText.indexOf(q));
const before = sentinelText.slice(0, at[0]);
const between = sentinelText.slice(at[0] + quoted[0].length, at[1]);
let k = 0;
while (k < before.length && k < between.length && before[before.length - 1 - k] === between[between.length - 1 - k]) k++;
const label = before.slice(before.length - k);
const wrap = { head: before.slice(0, before.length - k), label, joiner: between.slice(0, between.length - k), tail: sentinelText.slice(at[at.length - 1] + quoted[quoted.length - 1].length) };
const contentOf = (sections) => (sections.length === 0 ? null : [{ type: 'text', text: wrap.head + sections.map((s) => wrap.label + JSON.stringify(s)).join(wrap.joiner) + wrap.tail }]);
if (JSON.stringify(contentOf(sentinelSections)) !== JSON.stringify(context)) {
  throw new Error('the wrapping read from the sentinel message does not rebuild it');
}

const variants = {};
for (let bits = 0; bits < 1 << vars.length; bits++) {
  const key = vars.map((_, i) => ((bits >> (vars.length - 1 - i)) & 1 ? '1' : '0')).join('');
  variants[key] = contentOf(await sectionsOf(vars.filter((_, i) => key[i] === '1')));
}
// ------------------------------------------------------------ the memory section of the system prompt
// memory-core's prompt builder (the package's buildMemoryPromptSection, which the plugin's
// promptBuilder returns when memory is on for the agent) over every combination of the tools it
// reads. The extraction's in-process prompt renders have no plugin registry, so the template's
// section is the sentinel run's; the product swaps it for the run's. Empty lines are dropped, as
// OpenClaw drops them from the prompt.
const MEMORY_MARKER = 'function buildMemoryPromptSection({ availableTools, citationsMode })';
const memoryMod = await import(pathToFileURL(path.join(dist, findChunk(dist, chunks, MEMORY_MARKER))).href);
const buildMemory = Object.values(memoryMod).find((v) => typeof v === 'function' && v.toString().startsWith(MEMORY_MARKER));
if (!buildMemory) {
  throw new Error('buildMemoryPromptSection not found');
}
const memoryText = (names) => buildMemory({ availableTools: new Set(names) }).filter(Boolean).join('\n');
const memoryNone = memoryText([]);
// A name counts alone (memory_search) or only beside those (sessions_search): flipped on both bases.
const memoryFirst = universe.filter((n) => memoryText([n]) !== memoryNone);
const memoryVars = universe.filter((n) => memoryFirst.includes(n) || memoryText([...memoryFirst, n]) !== memoryText(memoryFirst));
const memoryVariants = {};
for (let bits = 0; bits < 1 << memoryVars.length; bits++) {
  const key = memoryVars.map((_, i) => ((bits >> (memoryVars.length - 1 - i)) & 1 ? '1' : '0')).join('');
  memoryVariants[key] = memoryText(memoryVars.filter((_, i) => key[i] === '1'));
}
// The sentinel's section: the longest variant every mode's template holds as whole lines.
const templates = Object.values(prompt.modes).map((m) => m.system);
const found = Object.entries(memoryVariants).filter(([, t]) => t !== '' && templates.every((s) => s.includes(`\n${t}\n`))).sort((a, b) => b[1].length - a[1].length);
if (found.length === 0) {
  throw new Error(`no memory section variant is in the templates (vars ${memoryVars.join(",")}): ${JSON.stringify(memoryVariants[memoryVars.map(() => "1").join("")])}`);
}
const memorySection = { vars: memoryVars, variants: memoryVariants, templateKey: found[0][0] };

// Each supplement's lines over every combination of the tools it reads (empty lines dropped, as in the prompt);
// OpenClaw writes them right after memory-core's section (buildMemoryPromptSection: primary, then supplements).
const memorySupplements = {};
for (const x of SUPPLEMENTS) {
  const make = (await import(pathToFileURL(x.file).href)).__tsiSupplement;
  if (typeof make !== 'function') throw new Error(`${x.plugin}: ${x.builder} not found`);
  const build = make();
  const text = (names) => build({ availableTools: new Set(names) }).filter(Boolean).join('\n');
  const textNone = text([]);
  // The plugin's own tools are conditional ones (built when it is on), and its file names the tools it reads.
  const asks = [...fs.readFileSync(x.file, 'utf8').matchAll(/availableTools\.has\("([A-Za-z0-9_-]+)"\)/g)].map((m) => m[1]);
  const names = [...new Set([...universe, ...(generated.conditionalTools ?? []).map((t) => t.name), ...asks])].sort();
  const first = names.filter((n) => text([n]) !== textNone);
  const supVars = names.filter((n) => first.includes(n) || text([...first, n]) !== text(first));
  if (supVars.length > 10) throw new Error(`${x.plugin}: ${supVars.length} tools change its supplement: too many combinations`);
  const supVariants = {};
  for (let bits = 0; bits < 1 << supVars.length; bits++) {
    const key = supVars.map((_, i) => ((bits >> (supVars.length - 1 - i)) & 1 ? '1' : '0')).join('');
    supVariants[key] = text(supVars.filter((_, i) => key[i] === '1'));
  }
  memorySupplements[x.plugin] = { vars: supVars, variants: supVariants };
}

const out = { openclawVersion: version, generatedBy: 'scripts/extract-openclaw-runtime-context.mjs', runtimeContext: { vars, variants }, memorySection, ...(SUPPLEMENTS.length > 0 ? { memorySupplements } : {}) };
const outFile = path.join(repo, 'src', 'core', 'prompt', 'versions', `openclaw-${version}.runFacts.json`);
fs.writeFileSync(outFile, `${JSON.stringify(out, null, 1)}\n`);
console.error(`extract-openclaw-runtime-context: wrote ${path.relative(repo, outFile)} (context: ${vars.join(', ')}; memory section: ${memoryVars.join(', ')}, template ${memorySection.templateKey})`);
process.exit(0);
