#!/usr/bin/env node
/**
 * Extracts, from an installed `openclaw` package, what the inspector needs to
 * predict the request a real OpenClaw agent turn sends (issue 26, items 2-3):
 * the system prompt per Tool Search mode as a template with named slots, the
 * message layout, the envelope fields, the bootstrap files OpenClaw writes into
 * a new agent workspace, and the tool-list lines of its prompt.
 *
 *   node extract-openclaw-prompt.mjs <path to node_modules/openclaw>
 *
 * Runs in the Node the package requires (2026.9.6: Node 24), after
 * `npm run build` (it runs the built CLI's `capture`). How:
 *  - the bootstrap files: OpenClaw's own `ensureAgentWorkspace` on an empty folder;
 *  - the tool lines: OpenClaw's own `buildSystemPromptToolLines` (not exported:
 *    a module hook adds the export to that one chunk while it loads);
 *  - the prompt, messages and envelope: one real turn per mode on a sentinel
 *    workspace (`capture`), where every value the template names as a slot is
 *    a sentinel or a value the capture reports, found in the request and
 *    replaced by its slot. A value that cannot be found fails the script, so a
 *    template is always one real request with its slots marked.
 * Writes src/core/prompt/versions/openclaw-<version>.json.
 * Test tooling only: nothing here runs in the extension or the CLI.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire, register } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundledPluginManifests } from './lib/bundledPlugins.mjs';
import { byFunctionName, distFiles, findChunk } from './lib/openclawDist.mjs';
import { promptConditions } from './lib/promptConditions.mjs';

const pkgDir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
if (!pkgDir) {
  console.error('usage: extract-openclaw-prompt.mjs <path to node_modules/openclaw>');
  process.exit(2);
}
// OpenClaw's own functions run in this process (ensureAgentWorkspace opens its state
// database): give them a scratch HOME and state folder, never the machine's ~/.openclaw.
// The capture child gets the environment as it was (it makes its own scratch folders).
const callerEnv = { ...process.env };
const isolatedHome = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-extract-home-'));
process.env.HOME = isolatedHome;
process.env.OPENCLAW_STATE_DIR = path.join(isolatedHome, '.openclaw');
delete process.env.OPENCLAW_CONFIG_PATH;
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const version = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version;
const dist = path.join(pkgDir, 'dist');
// Bundled `.mjs` chunks (2026.9.5 on) or `.js` chunks (2026.5.12 - 9.2): distFiles reads either shape.
const chunks = distFiles(dist).files;
const chunkWith = (marker) => path.join(dist, findChunk(dist, chunks, marker));
/** The chunk with `marker`, or undefined when the release has none (a part it does not have yet). */
const chunkWithIfAny = (marker) => (chunks.some((f) => fs.readFileSync(path.join(dist, f), 'utf8').includes(marker)) ? chunkWith(marker) : undefined);

// ------------------------------------------------------------ tool lines

// 2026.9.6 renders the lines in buildSystemPromptToolLines; earlier releases
// inside buildAgentSystemPrompt itself (same order, same summaries). Neither is
// exported: a module hook adds the export to that one chunk while it loads.
const ownToolLines = chunks.some((f) => fs.readFileSync(path.join(dist, f), 'utf8').includes('function buildSystemPromptToolLines(params)'));
const toolListChunk = chunkWith(ownToolLines ? 'function buildSystemPromptToolLines(params)' : 'function buildAgentSystemPrompt(params)');
const hookedName = ownToolLines ? 'buildSystemPromptToolLines' : 'buildAgentSystemPrompt';
const hook = `
const target = ${JSON.stringify(pathToFileURL(toolListChunk).href)};
export async function load(url, context, next) {
  const r = await next(url, context);
  if (url === target) {
    const src = typeof r.source === 'string' ? r.source : Buffer.from(r.source).toString('utf8');
    return { ...r, source: src + '\\nexport { ${hookedName} as __tsiHooked${hookedName !== 'buildAgentSystemPrompt' ? ', buildAgentSystemPrompt as __tsiPrompt' : ''} };\\n' };
  }
  return r;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
if (ownToolLines && !fs.readFileSync(toolListChunk, 'utf8').includes('function buildAgentSystemPrompt(params)')) {
  throw new Error('buildSystemPromptToolLines and buildAgentSystemPrompt are in different chunks: the hook exports both from one');
}
const hookedModule = await import(pathToFileURL(toolListChunk).href);
const hooked = hookedModule.__tsiHooked;
/** The release's buildAgentSystemPrompt (the prompt whose tool-dependent lines the templates choose by the run's tools). */
const buildPrompt = hookedModule.__tsiPrompt ?? hooked;
if (typeof hooked !== 'function') {
  throw new Error(`${hookedName} not found`);
}
/** The header line above the tool lines in the release's prompt (its wording changed in 2026.8). */
let toolLinesHeader;
/**
 * The release's own tool lines for a run whose tools are `names` (and whose
 * capabilities are `available`): buildSystemPromptToolLines' result, or the
 * lines buildAgentSystemPrompt writes under `## Tooling`.
 */
function renderLines(names, available, codeModeActive) {
  if (ownToolLines) {
    return hooked({
      visibleTools: new Map(names.map((n) => [n.toLowerCase(), n])),
      availableTools: new Set(available.map((n) => n.toLowerCase())),
      codeModeActive,
      promptSurface: 'openclaw_main',
      acpSpawnRuntimeEnabled: false,
    });
  }
  const extra = available.filter((n) => !names.includes(n));
  const prompt = hooked({ workspaceDir: '/tsi-extract', toolNames: names, capabilityToolNames: extra, codeModeActive, promptSurface: 'openclaw_main', promptMode: 'full' });
  const lines = prompt.split('\n');
  const at = lines.indexOf('## Tooling');
  if (at < 0) {
    throw new Error('buildAgentSystemPrompt wrote no ## Tooling section');
  }
  const header = lines[at + 1];
  if (toolLinesHeader !== undefined && header !== toolLinesHeader) {
    throw new Error(`the tool list's header changed between renderings: ${header}`);
  }
  toolLinesHeader = header;
  const out = [];
  for (let i = at + 2; i < lines.length && lines[i].startsWith('- ') && out.length < names.length; i++) {
    out.push(lines[i]);
  }
  if (out.length !== new Set(names.map((n) => n.trim().toLowerCase())).size) {
    throw new Error(`buildAgentSystemPrompt listed ${out.length} tool lines for ${names.length} tools`);
  }
  return out;
}
// Its order and summaries are literals inside the function: read the names from
// its own text, then let it render every one of them in each variant.
const fnText = hooked.toString();
const orderLiteral = /const toolOrder = \[([\s\S]*?)\];/.exec(fnText);
if (!orderLiteral) {
  throw new Error(`toolOrder not found in ${hookedName}`);
}
// The automations tool's name is a constant in releases that renamed cron (2026.8.1 on).
const automationsName = orderLiteral[1].includes('AUTOMATIONS_TOOL_NAME') ? Object.values(await import(pathToFileURL(chunkWith('const AUTOMATIONS_TOOL_NAME = ')).href)).find((v) => typeof v === 'string') : undefined;
const toolOrder = orderLiteral[1]
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((s) => (s.startsWith('"') ? JSON.parse(s) : s === 'AUTOMATIONS_TOOL_NAME' ? automationsName : undefined));
if (toolOrder.some((n) => typeof n !== 'string')) {
  throw new Error(`toolOrder holds a name this script cannot read: ${orderLiteral[1]}`);
}
const summaryOf = (lines) => Object.fromEntries(lines.map((l) => {
  const m = /^- ([^:]+?)(?:: ([\s\S]*))?$/.exec(l);
  return [m[1], m[2] ?? null];
}));
// Tools outside that order may have summaries too (Code Mode's `wait`): every name the release's
// generated tools know is rendered once more, and those with a summary are kept.
const generatedNames = (() => {
  const file = path.join(repo, 'src', 'core', 'sources', 'versions', `openclaw-${version}.tools.json`);
  if (!fs.existsSync(file)) return [];
  const g = JSON.parse(fs.readFileSync(file, 'utf8'));
  return [...(g.tools ?? []), ...(g.conditionalTools ?? []), ...(g.codeMode ? [g.codeMode.exec, g.codeMode.wait] : [])].map((t) => t.name);
})();
const extraNames = [...new Set(generatedNames)].filter((n) => !toolOrder.includes(n)).sort();
const withExtras = (order, codeModeActive) => {
  const own = summaryOf(renderLines(order, order, codeModeActive));
  const extra = summaryOf(renderLines([...order, ...extraNames], [...order, ...extraNames], codeModeActive));
  for (const n of extraNames) {
    if (extra[n]) own[n] = extra[n];
  }
  return own;
};
const toolLines = {
  order: toolOrder,
  // Summaries by variant: Code Mode changes exec's; sessions_search names sessions_history when that tool is there.
  summaries: {
    plain: withExtras(toolOrder, false),
    codeMode: withExtras(toolOrder, true),
    // (buildAgentSystemPrompt counts every listed tool as available: leave sessions_history out of both.)
    withoutSessionsHistory: summaryOf(renderLines(ownToolLines ? toolOrder : toolOrder.filter((n) => n !== 'sessions_history'), toolOrder.filter((n) => n !== 'sessions_history'), false)),
  },
};

// ------------------------------------------------------------ bootstrap files

const workspaceMod = byFunctionName(await import(pathToFileURL(chunkWith('async function ensureAgentWorkspace(params)')).href));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-extract-prompt-'));
const fresh = path.join(scratch, 'fresh-workspace');
await workspaceMod.ensureAgentWorkspace({ dir: fresh, ensureBootstrapFiles: true });
const bootstrapFiles = fs
  .readdirSync(fresh)
  .filter((f) => f.endsWith('.md') && fs.statSync(path.join(fresh, f)).isFile())
  .sort()
  .map((name) => ({ name, content: fs.readFileSync(path.join(fresh, name), 'utf8') }));
if (bootstrapFiles.length === 0) {
  throw new Error('ensureAgentWorkspace wrote no bootstrap file');
}

// The bounds on injected files (beyond them OpenClaw truncates, which the templates do not model).
const bootstrapChunk = fs.readFileSync(chunkWith('function trimBootstrapContent(content, fileName, maxChars)'), 'utf8');
function constant(name, fallback) {
  const m = new RegExp(`const ${name} = ([0-9e.]+);`).exec(bootstrapChunk);
  if ((!m || !Number.isFinite(Number(m[1]))) && fallback !== undefined) {
    return fallback;
  }
  if (!m || !Number.isFinite(Number(m[1]))) {
    throw new Error(`${name} not found`);
  }
  return Number(m[1]);
}
const perFile = constant('DEFAULT_BOOTSTRAP_MAX_CHARS');
// USER.md has its own, lower bound from 2026.8.1 on; before, the per-file one.
const bootstrapLimits = { perFile, userFile: constant('USER_BOOTSTRAP_MAX_CHARS', /USER_BOOTSTRAP_MAX_CHARS/.test(bootstrapChunk) ? undefined : perFile), total: constant('DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS') };

// How OpenClaw's Chat Completions transport bounds max_completion_tokens for a
// configured (proxy-like) endpoint: the model's maxTokens, lowered to what the
// context window leaves after its estimate of the input. The formula is checked
// to be the one the inspector implements; its constants are read here.
// Where the transport lives: @openclaw/ai beside the package (2026.8.1 on), or the
// package's own dist (2026.6.10). 2026.5.12 has no such bound: it sends maxTokens as configured.
const aiDir = [path.join(pkgDir, 'node_modules', '@openclaw', 'ai'), path.join(pkgDir, '..', '@openclaw', 'ai')].find((d) => fs.existsSync(path.join(d, 'package.json')));
const STREAM_MARKER = 'function estimateOpenAICompletionsInputTokens(payload)';
const aiOwn = aiDir ? fs.readdirSync(path.join(aiDir, 'dist')).filter((f) => f.endsWith('.mjs')).map((f) => fs.readFileSync(path.join(aiDir, 'dist', f), 'utf8')) : [];
const aiChunks = aiOwn.some((t) => t.includes(STREAM_MARKER))
  ? aiOwn
  : chunks.map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).filter((t) => t.includes(STREAM_MARKER) || t.includes('function estimateStringChars(text)'));
function aiText(marker) {
  const hits = [...new Set(aiChunks.filter((t) => t.includes(marker)))];
  if (hits.length !== 1) {
    throw new Error(`expected one transport chunk with ${JSON.stringify(marker)}, found ${hits.length}`);
  }
  return hits[0];
}
function readMaxTokensBound() {
  if (!aiChunks.some((t) => t.includes(STREAM_MARKER))) {
    return null;
  }
  const streamText = aiText('function estimateOpenAICompletionsInputTokens(payload)');
  for (const formula of [
    'return Math.ceil(adjustedChars / 4 * OPENAI_COMPLETIONS_INPUT_TOKEN_SAFETY_MARGIN);',
    'const remainingBudget = Math.max(1, effectiveContextTokens - estimatedInputTokens - 1);',
    'adjustedChars += estimateStringChars(JSON.stringify(payload.tools));',
    'adjustedChars += estimateOpenAICompletionsContentChars(record.content);',
  ]) {
    if (!streamText.includes(formula)) {
      throw new Error(`the max_completion_tokens bound changed: ${formula} is gone`);
    }
  }
  const numberIn = (text, name) => {
    const m = new RegExp(`const ${name} = ([0-9e.]+);`).exec(text);
    if (!m) {
      throw new Error(`${name} not found`);
    }
    return Number(m[1]);
  };
  const charsText = aiText('function estimateStringChars(text)');
  const regexIn = (text, name) => {
    const m = new RegExp(`const ${name} = /(.+)/([a-z]*);`).exec(text);
    if (!m) {
      throw new Error(`${name} not found`);
    }
    new RegExp(m[1], m[2]);
    return { source: m[1], flags: m[2] };
  };
  // One expression (2026.8.1 on), or the same through countCodePoints (2026.6.10).
  const oneExpression = charsText.includes('return (nonLatinCount === 0 ? text.length : text.length - (text.match(CJK_SURROGATE_HIGH_RE) ?? []).length) + nonLatinCount * 3;');
  const viaCountCodePoints = ['return countCodePoints(text, nonLatinCount) + nonLatinCount * 3;', 'if (nonLatinCount === 0) return text.length;', 'const cjkSurrogates = (text.match(CJK_SURROGATE_HIGH_RE) ?? []).length;', 'return text.length - cjkSurrogates;'].every((piece) => charsText.includes(piece));
  if (!oneExpression && !viaCountCodePoints) {
    throw new Error('estimateStringChars changed');
  }
  return {
    safetyMargin: numberIn(streamText, 'OPENAI_COMPLETIONS_INPUT_TOKEN_SAFETY_MARGIN'),
    imageChars: numberIn(streamText, 'OPENAI_COMPLETIONS_IMAGE_CHAR_ESTIMATE'),
    nonLatin: regexIn(charsText, 'NON_LATIN_RE'),
    cjkHighSurrogate: regexIn(charsText, 'CJK_SURROGATE_HIGH_RE'),
  };
}
const maxTokensBound = readMaxTokensBound();

// How OpenClaw shortens skill descriptions for a small context window
// (compactSkillsPromptForContext): the algorithm is the inspector's, checked here.
// Releases before 2026.9.5 do not shorten the skills prompt (null).
const skillsChunk = chunkWithIfAny('function compactSkillsPromptForContext(prompt, contextTokenBudget)');
function readSkillsCompaction() {
  if (!skillsChunk) {
    return null;
  }
  const skillsText = fs.readFileSync(skillsChunk, 'utf8');
  const skillsMatch = /const targetChars = Math\.floor\(contextTokenBudget \/ (\d+)\);[\s\S]*?let lo = (\d+);\s*let hi = (\d+);/.exec(skillsText);
  for (const piece of ['if (maxChars <= 3) return truncateUtf16Safe(normalized, maxChars);', 'return `${truncateUtf16Safe(normalized, maxChars - 3).trimEnd()}...`;', 'if (candidate.length <= targetChars) {', 'return result.length < prompt.length ? result : prompt;']) {
    if (!skillsText.includes(piece)) {
      throw new Error(`compactSkillsPromptForContext changed: ${piece} is gone`);
    }
  }
  if (!skillsMatch) {
    throw new Error('compactSkillsPromptForContext: bounds not found');
  }
  return { charsPerToken: Number(skillsMatch[1]), minDescription: Number(skillsMatch[2]), maxDescription: Number(skillsMatch[3]) };
}
const skillsCompaction = readSkillsCompaction();

// ------------------------------------------------------------ one real turn per mode

const SENTINEL = {
  prompt: 'TSI-SENTINEL-PROMPT-7f3a: reply with one word.',
  provider: 'tsi-sentinel-provider',
  model: 'tsi-sentinel-model',
  contextWindow: 131_070,
  maxTokens: 4321,
};
const sentinelWs = path.join(scratch, 'sentinel-workspace');
fs.mkdirSync(sentinelWs);
fs.writeFileSync(
  path.join(sentinelWs, 'openclaw.json'),
  JSON.stringify({
    tools: { profile: 'full' },
    agents: { defaults: { model: { primary: `${SENTINEL.provider}/${SENTINEL.model}` } } },
    models: { providers: { [SENTINEL.provider]: { baseUrl: 'http://127.0.0.1:9/v1', api: 'openai-completions', models: [{ id: SENTINEL.model, name: SENTINEL.model, contextWindow: SENTINEL.contextWindow, maxTokens: SENTINEL.maxTokens }] } } },
  }),
);
const cli = path.join(repo, 'dist', 'cli.js');
if (!fs.existsSync(cli)) {
  throw new Error('dist/cli.js is missing: run npm run build first');
}
// The modes the release has (no directory mode before 2026.6.8): its generated epoch facts say (npm run openclaw:epochs).
const epochsDir = path.join(repo, 'src', 'core', 'policy', 'epochs');
const epoch = fs.readdirSync(epochsDir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(epochsDir, f), 'utf8'))).find((e) => e.releases.includes(version));
if (!epoch?.toolSearch?.modes) {
  throw new Error(`${version}: no generated epoch with Tool Search lists this release (src/core/policy/epochs; npm run openclaw:epochs)`);
}
// Code Mode (tools.codeMode: exec/wait) where the release has it: its generated tools say (scripts/lib/codeModeFacts.mjs).
const toolsFile = path.join(repo, 'src', 'core', 'sources', 'versions', `openclaw-${version}.tools.json`);
const hasCodeMode = fs.existsSync(toolsFile) && JSON.parse(fs.readFileSync(toolsFile, 'utf8')).codeMode !== undefined;
const MODES = ['direct', ...epoch.toolSearch.modes, ...(hasCodeMode ? ['code-mode'] : [])];
console.error(`extract-openclaw-prompt: capturing ${MODES.length} turns of OpenClaw ${version} (${MODES.join(', ')}) ...`);
// TSI_EXTRACT_REPORT=file keeps the capture report for a rerun (the four turns take a minute or two).
const cached = process.env.TSI_EXTRACT_REPORT && fs.existsSync(process.env.TSI_EXTRACT_REPORT) ? fs.readFileSync(process.env.TSI_EXTRACT_REPORT, 'utf8') : undefined;
const run = cached ? { status: 0, stdout: cached } : spawnSync(process.execPath, [cli, 'capture', '--workspace', sentinelWs, '--no-user-config', '--json', '--mode', MODES.join(','), '--concurrency', '2', '--openclaw', pkgDir, '--prompt', SENTINEL.prompt, '--provider', `${SENTINEL.provider}/${SENTINEL.model}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: callerEnv });
if (run.status !== 0) {
  throw new Error(`capture failed (${run.status}): ${run.stderr}\n${run.stdout.slice(0, 4000)}`);
}
const report = JSON.parse(run.stdout);
if (process.env.TSI_EXTRACT_REPORT && !cached) {
  fs.writeFileSync(process.env.TSI_EXTRACT_REPORT, run.stdout);
}
// Variants of the sentinel config, each captured in every mode and kept as the line edits from
// each mode's template to its prompt (see lineEdits below):
//  - bootstrapSkipped: `agents.defaults.skipBootstrap`. OpenClaw writes no bootstrap file into the new
//    agent workspace and does not make it a git repository; its prompt says so ([MISSING] markers, no
//    bootstrap or project notes).
//  - modelAliases: one alias in `agents.defaults.models`. Its `## Model Aliases` section, the sentinel's
//    alias line marked `{{modelAliasLines}}` (the run's own aliases are rendered there).
const SENTINEL_ALIAS = 'tsi-sentinel-alias';
//  - sandboxed: every session of the agent in an SSH sandbox (no daemon is needed until a tool runs), its
//    workspace rw. Its Workspace and Sandbox sections, the sandbox's working folder marked
//    `{{sandboxWorkdir}}` (a folder per session under the root: its hash is volatile), the skills'
//    locations under it (`sandboxed.skillLocation`), and the tools whose texts change (`sandboxed.tools`).
const SANDBOX_ROOT = '/tmp/tsi-sentinel-sandboxes';
const SANDBOX = { mode: 'all', backend: 'ssh', scope: 'session', workspaceAccess: 'rw', ssh: { target: 'tsi@sandbox.invalid:22', workspaceRoot: SANDBOX_ROOT } };
const SANDBOX_WORKDIR = new RegExp(`${SANDBOX_ROOT.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/openclaw-ssh-workspace-[0-9a-f]{32}/workspace`, 'g');
const PROMPT_VARIANTS = [
  { id: 'bootstrapSkipped', what: 'skipBootstrap', patch: (cfg) => (cfg.agents.defaults.skipBootstrap = true) },
  { id: 'modelAliases', what: 'a model alias', patch: (cfg) => (cfg.agents.defaults.models = { [`${SENTINEL.provider}/${SENTINEL.model}`]: { alias: SENTINEL_ALIAS } }) },
  { id: 'sandboxed', what: 'an SSH-sandboxed agent', patch: (cfg) => (cfg.agents.defaults.sandbox = SANDBOX) },
];
const variantReports = {};
for (const v of PROMPT_VARIANTS) {
  const ws = path.join(scratch, `sentinel-${v.id}`);
  fs.mkdirSync(ws);
  const config = JSON.parse(fs.readFileSync(path.join(sentinelWs, 'openclaw.json'), 'utf8'));
  v.patch(config);
  fs.writeFileSync(path.join(ws, 'openclaw.json'), JSON.stringify(config));
  const cacheFile = process.env.TSI_EXTRACT_REPORT ? `${process.env.TSI_EXTRACT_REPORT}.${v.id}` : undefined;
  const hit = cacheFile && fs.existsSync(cacheFile) ? fs.readFileSync(cacheFile, 'utf8') : undefined;
  console.error(`extract-openclaw-prompt: capturing ${MODES.length} turns with ${v.what} ...`);
  const r = hit ? { status: 0, stdout: hit } : spawnSync(process.execPath, [cli, 'capture', '--workspace', ws, '--no-user-config', '--json', '--mode', MODES.join(','), '--concurrency', '2', '--openclaw', pkgDir, '--prompt', SENTINEL.prompt, '--provider', `${SENTINEL.provider}/${SENTINEL.model}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: callerEnv });
  if (r.status !== 0) {
    throw new Error(`capture with ${v.what} failed (${r.status}): ${r.stderr}\n${r.stdout.slice(0, 4000)}`);
  }
  variantReports[v.id] = JSON.parse(r.stdout);
  if (cacheFile && !hit) {
    fs.writeFileSync(cacheFile, r.stdout);
  }
}
// The sandbox's tool policy hides tools, and other tools' texts follow which tools a run has: the texts
// the sandbox itself changes are measured against a run on the host with the same tools (the hidden ones
// denied), one direct turn.
const sentNamesOf = (rep, mode) => {
  const c = rep.modes[mode];
  return c.requests.find((r) => r.seq === c.first.seq).body.tools.map((t) => t.function.name);
};
const sandboxHidden = sentNamesOf(report, 'direct').filter((n) => !sentNamesOf(variantReports.sandboxed, 'direct').includes(n));
{
  const ws = path.join(scratch, 'sentinel-sandbox-peer');
  fs.mkdirSync(ws);
  const config = JSON.parse(fs.readFileSync(path.join(sentinelWs, 'openclaw.json'), 'utf8'));
  config.tools = { ...config.tools, deny: sandboxHidden };
  fs.writeFileSync(path.join(ws, 'openclaw.json'), JSON.stringify(config));
  const cacheFile = process.env.TSI_EXTRACT_REPORT ? `${process.env.TSI_EXTRACT_REPORT}.sandbox-peer` : undefined;
  const hit = cacheFile && fs.existsSync(cacheFile) ? fs.readFileSync(cacheFile, 'utf8') : undefined;
  console.error(`extract-openclaw-prompt: capturing a direct turn on the host with the sandbox's tools (${sandboxHidden.length} denied) ...`);
  const r = hit ? { status: 0, stdout: hit } : spawnSync(process.execPath, [cli, 'capture', '--workspace', ws, '--no-user-config', '--json', '--mode', 'direct', '--openclaw', pkgDir, '--prompt', SENTINEL.prompt, '--provider', `${SENTINEL.provider}/${SENTINEL.model}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: callerEnv });
  if (r.status !== 0) {
    throw new Error(`capture of the sandbox's peer failed (${r.status}): ${r.stderr}\n${r.stdout.slice(0, 4000)}`);
  }
  variantReports.sandboxPeer = JSON.parse(r.stdout);
  if (cacheFile && !hit) {
    fs.writeFileSync(cacheFile, r.stdout);
  }
}

// Bundled plugins that ship skills and load only when the config turns them on (their manifest's
// `skills`, no `enabledByDefault`): one direct turn each with the plugin on; the skills its prompt adds
// are kept (`pluginSkills`), to join the list when a config turns the plugin on.
const skillPlugins = bundledPluginManifests(pkgDir).flatMap(({ manifest: m }) => (typeof m.id === 'string' && Array.isArray(m.skills) && m.skills.length > 0 && m.enabledByDefault !== true ? [m.id] : []));
const pluginReports = {};
for (const id of skillPlugins) {
  const ws = path.join(scratch, `sentinel-plugin-${id}`);
  fs.mkdirSync(ws);
  const config = JSON.parse(fs.readFileSync(path.join(sentinelWs, 'openclaw.json'), 'utf8'));
  config.plugins = { entries: { [id]: { enabled: true } } };
  fs.writeFileSync(path.join(ws, 'openclaw.json'), JSON.stringify(config));
  const cacheFile = process.env.TSI_EXTRACT_REPORT ? `${process.env.TSI_EXTRACT_REPORT}.plugin-${id}` : undefined;
  const hit = cacheFile && fs.existsSync(cacheFile) ? fs.readFileSync(cacheFile, 'utf8') : undefined;
  console.error(`extract-openclaw-prompt: capturing a direct turn with the bundled plugin ${id} on ...`);
  const r = hit ? { status: 0, stdout: hit } : spawnSync(process.execPath, [cli, 'capture', '--workspace', ws, '--no-user-config', '--json', '--mode', 'direct', '--openclaw', pkgDir, '--prompt', SENTINEL.prompt, '--provider', `${SENTINEL.provider}/${SENTINEL.model}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: callerEnv });
  if (r.status !== 0) {
    throw new Error(`capture with the plugin ${id} on failed (${r.status}): ${r.stderr}\n${r.stdout.slice(0, 4000)}`);
  }
  pluginReports[id] = JSON.parse(r.stdout);
  if (cacheFile && !hit) {
    fs.writeFileSync(cacheFile, r.stdout);
  }
}
fs.rmSync(scratch, { recursive: true, force: true });
fs.rmSync(isolatedHome, { recursive: true, force: true });

/** Replaces every occurrence of `value` in `text` by the slot, and fails when there is none. */
function slot(text, value, name, where) {
  if (!value || !text.includes(value)) {
    throw new Error(`${where}: slot ${name}: ${JSON.stringify(value?.slice(0, 200))} not found`);
  }
  return text.split(value).join(`{{${name}}}`);
}
function slotIfPresent(text, value, name) {
  return value && text.includes(value) ? text.split(value).join(`{{${name}}}`) : text;
}

const DIR_HEADING = '\n### Deferred Tool Schemas\n';
// The line that follows the directory: 2026.8.1 on, and 2026.6.10's wording.
const DIR_ENDS = ['\nThe AGENTS.md Tools section guides usage; it never grants availability.', '\nTOOLS.md is usage guidance, not availability.'];
const modes = {};
const skillsByMode = {};
let envelopeOrder;
let messageLayout;
for (const mode of MODES) {
  const c = report.modes[mode];
  if (!c || c.outcome !== 'ok') {
    throw new Error(`${mode}: ${c?.error ?? 'no capture'}\n${c?.stderrTail ?? ''}`);
  }
  const body = c.requests.find((r) => r.seq === c.first.seq).body;
  const where = `${mode} system prompt`;
  let system = body.messages[0].content;
  if (typeof system !== 'string') {
    throw new Error(`${mode}: the system message is not a string`);
  }
  const names = body.tools.map((t) => t.function.name);
  // The tool lines: OpenClaw renders them from the run's tool names (with message and
  // other capability names only in availableTools); find the block its own renderer makes.
  const rendered = renderLines(names, names, mode === 'code-mode' ? true : undefined).join('\n');
  const header = toolLinesHeader ?? 'Names case-sensitive; call exact.';
  system = slot(system, `${header}\n${rendered}\n`, 'toolLinesBlock', where).replace('{{toolLinesBlock}}', `${header}\n{{toolLines}}\n`);
  const dirStart = system.indexOf(DIR_HEADING);
  // Before 2026.8.1 only directory mode carries the directory (code and tools modes none).
  if (mode === 'directory' || (mode !== 'direct' && dirStart >= 0)) {
    const end = Math.min(...DIR_ENDS.map((e) => system.indexOf(e, dirStart)).filter((i) => i >= 0));
    if (dirStart < 0 || !Number.isFinite(end)) {
      throw new Error(`${mode}: no ${DIR_HEADING.trim()} in the prompt`);
    }
    system = `${system.slice(0, dirStart + DIR_HEADING.length)}{{directory}}${system.slice(end)}`;
  } else if (dirStart >= 0) {
    throw new Error('direct mode carries a deferred tool directory');
  }
  for (const f of bootstrapFiles) {
    // OpenClaw drops the blank line after each file's heading (its lines are filtered with Boolean).
    // and injects each file's text with its trailing white space trimmed (trimBootstrapContent).
    system = slot(system, `/${f.name}\n${f.content.trimEnd()}\n`, `file:${f.name}`, where).replace(`{{file:${f.name}}}`, `/${f.name}\n{{file:${f.name}}}\n`);
  }
  // The skills prompt as OpenClaw built it before shortening it for the context window (the sentinel's is wide enough).
  const skillsStart = system.indexOf('The following skills provide specialized instructions');
  const skillsEnd = system.indexOf('</available_skills>', skillsStart);
  if (skillsStart < 0 || skillsEnd < 0) {
    throw new Error(`${where}: no skills catalog`);
  }
  const skillsPrompt = system.slice(skillsStart, skillsEnd + '</available_skills>'.length);
  if (skillsCompaction && skillsPrompt.length > Math.floor(SENTINEL.contextWindow / skillsCompaction.charsPerToken)) {
    throw new Error(`${where}: the sentinel's skills prompt was already shortened`);
  }
  system = system.replace(skillsPrompt, '{{skills}}');
  const skills = [skillsPrompt.split(c.paths.stateDir).join('{{stateDir}}').split(pkgDir).join('{{openclawDir}}')];
  skillsByMode[mode] = skills[0];
  system = slot(system, c.paths.agentWorkspace, 'workspaceDir', where);
  system = slot(system, pkgDir, 'openclawDir', where);
  system = slotIfPresent(system, c.paths.stateDir, 'stateDir');
  system = slot(system, `${SENTINEL.provider}/${SENTINEL.model}`, 'modelRef', where);
  system = system.replace(/Current date: \d{4}-\d{2}-\d{2}/, 'Current date: {{date}}').replace(/Time zone: [^\n]+/, 'Time zone: {{timeZone}}');
  // 2026.6.10 names the time zone only; later releases the date too.
  if (!system.includes('{{date}}') && !system.includes('{{timeZone}}')) {
    throw new Error(`${where}: no Current date or Time zone line`);
  }
  // Nothing of the sentinels may be left outside a slot.
  for (const s of [SENTINEL.provider, SENTINEL.model, 'tsi-capture', SENTINEL.prompt]) {
    if (system.includes(s)) {
      throw new Error(`${where}: ${s} is left in the template`);
    }
  }
  const sent = body.messages[1].content;
  // 2026.5.12 sends the user text alone, as one text part (no time prefix): that is its template.
  const asParts = Array.isArray(sent) && sent.length === 1 && sent[0].type === 'text' && sent[0].text === SENTINEL.prompt;
  const user = asParts ? `[stamp] ${SENTINEL.prompt}` : sent;
  if (typeof user !== 'string' || !user.includes(SENTINEL.prompt)) {
    throw new Error(`${mode}: the first user message does not carry the prompt: ${JSON.stringify(user)}`);
  }
  const [userBefore, userAfter] = user.split(SENTINEL.prompt);
  const stamp = /^\[[^\]]+\] $/.exec(userBefore);
  // The Runtime line follows the user text (2026.9.5 on) or closes the system prompt (before).
  const runtime = /^\n\nRuntime: [^\n]*$/.exec(userAfter);
  const inSystem = /^Runtime: [^\n]*$/m.exec(system);
  if (!stamp || (!runtime && userAfter !== '') || (!runtime && !inSystem)) {
    throw new Error(`${mode}: unexpected user message layout: ${JSON.stringify(user)}`);
  }
  let runtimeLine;
  if (runtime) {
    runtimeLine = slot(runtime[0].slice(2), c.paths.agentWorkspace, 'workspaceDir', `${mode} runtime line`);
    runtimeLine = slot(runtimeLine, `${SENTINEL.provider}/${SENTINEL.model}`, 'modelRef', `${mode} runtime line`);
  } else {
    // Its paths and model are slots of the system prompt already.
    runtimeLine = inSystem[0];
    if (!runtimeLine.includes('{{workspaceDir}}') || !runtimeLine.includes('{{modelRef}}')) {
      throw new Error(`${mode}: the system prompt's runtime line names no workspace or model: ${runtimeLine}`);
    }
    system = system.replace(runtimeLine, '{{runtimeLine}}');
  }
  for (const key of ['sessionId', 'host', 'os', 'node']) {
    const re = new RegExp(`(?<=(?:^|\\| )${key}=)[^|]+?(?= \\||$)`);
    // 2026.5.12 names no session id.
    if (key === 'sessionId' && !re.test(runtimeLine) && !runtimeLine.includes('sessionId=')) {
      continue;
    }
    if (!re.test(runtimeLine)) {
      throw new Error(`${mode}: the runtime line has no ${key}: ${runtimeLine}`);
    }
    runtimeLine = runtimeLine.replace(re, `{{${key}}}`);
  }
  const layout = {
    roles: body.messages.map((m) => m.role),
    user: asParts ? [{ type: 'text', text: '{{prompt}}' }] : runtime ? '[{{timestamp}}] {{prompt}}\n\n{{runtimeLine}}' : '[{{timestamp}}] {{prompt}}',
    runtimeLine,
    // The internal-context message (2026.9.5 on); null where the release sends none.
    context: body.messages[2]?.content ?? null,
  };
  if (layout.roles.length !== (layout.context === null ? 2 : 3)) {
    throw new Error(`${mode}: unexpected messages: ${layout.roles.join(', ')}`);
  }
  messageLayout ??= layout;
  if (JSON.stringify(layout) !== JSON.stringify(messageLayout)) {
    throw new Error(`${mode}: the messages differ from direct mode's layout`);
  }
  const envelope = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'messages' && k !== 'tools'));
  if (envelope.model !== SENTINEL.model || envelope.max_completion_tokens !== SENTINEL.maxTokens) {
    throw new Error(`${mode}: the envelope does not carry the configured model and maxTokens: ${JSON.stringify(envelope)}`);
  }
  const order = Object.keys(body);
  envelopeOrder ??= order;
  if (JSON.stringify(order) !== JSON.stringify(envelopeOrder)) {
    throw new Error(`${mode}: envelope key order ${order} differs from ${envelopeOrder}`);
  }
  modes[mode] = { system, envelope: { ...envelope, model: '{{model}}', max_completion_tokens: '{{maxTokens}}' } };
}

// ------------------------------------------------------------ variants of the sentinel config (skipBootstrap, a model alias)

/** A variant turn's system prompt with the same slots as the template (bootstrap files: only where the variant's turn has them). */
function variantTemplate(id, mode) {
  const c = variantReports[id].modes[mode];
  if (!c || c.outcome !== 'ok') {
    throw new Error(`${id} ${mode}: ${c?.error ?? 'no capture'}`);
  }
  const body = c.requests.find((r) => r.seq === c.first.seq).body;
  const where = `${id} ${mode} system prompt`;
  let system = body.messages[0].content;
  if (id === 'sandboxed') {
    if (!SANDBOX_WORKDIR.test(system)) throw new Error(`${where}: no sandbox working folder under ${SANDBOX_ROOT}`);
    system = system.replace(SANDBOX_WORKDIR, '{{sandboxWorkdir}}');
  }
  const names = body.tools.map((t) => t.function.name);
  const header = toolLinesHeader ?? 'Names case-sensitive; call exact.';
  system = slot(system, `${header}\n${renderLines(names, names, mode === 'code-mode' ? true : undefined).join('\n')}\n`, 'toolLinesBlock', where).replace('{{toolLinesBlock}}', `${header}\n{{toolLines}}\n`);
  const dirStart = system.indexOf(DIR_HEADING);
  if (dirStart >= 0) {
    const end = Math.min(...DIR_ENDS.map((e) => system.indexOf(e, dirStart)).filter((i) => i >= 0));
    system = `${system.slice(0, dirStart + DIR_HEADING.length)}{{directory}}${system.slice(end)}`;
  }
  for (const f of bootstrapFiles) {
    const text = `/${f.name}\n${f.content.trimEnd()}\n`;
    if (system.includes(text)) system = slot(system, text, `file:${f.name}`, where).replace(`{{file:${f.name}}}`, `/${f.name}\n{{file:${f.name}}}\n`);
  }
  const skillsStart = system.indexOf('The following skills provide specialized instructions');
  const skillsEnd = system.indexOf('</available_skills>', skillsStart);
  system = system.replace(system.slice(skillsStart, skillsEnd + '</available_skills>'.length), '{{skills}}');
  system = slot(system, c.paths.agentWorkspace, 'workspaceDir', where);
  system = slot(system, pkgDir, 'openclawDir', where);
  system = slotIfPresent(system, c.paths.stateDir, 'stateDir');
  system = slot(system, `${SENTINEL.provider}/${SENTINEL.model}`, 'modelRef', where);
  system = system.replace(/Current date: \d{4}-\d{2}-\d{2}/, 'Current date: {{date}}').replace(/Time zone: [^\n]+/, 'Time zone: {{timeZone}}');
  const inSystem = /^Runtime: [^\n]*$/m.exec(system);
  if (inSystem && modes[mode].system.includes('{{runtimeLine}}')) {
    system = system.replace(inSystem[0], '{{runtimeLine}}');
  }
  return system;
}

/**
 * The line edits from `a` to `b` (a longest common subsequence of lines),
 * each anchored on as many lines before it as make its place unique:
 * `{ before: [lines], remove: [lines], add: [lines] }`. Checked to give `b`
 * back from `a` with the inspector's own way of applying them.
 */
function lineEdits(a, b, where) {
  const x = a.split('\n');
  const y = b.split('\n');
  const n = x.length;
  const m = y.length;
  const L = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) L[i][j] = x[i] === y[j] ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
  const hunks = [];
  let i = 0;
  let j = 0;
  let cur;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) {
      cur = undefined;
      i++;
      j++;
    } else {
      if (!cur) {
        cur = { start: i, remove: [], add: [] };
        hunks.push(cur);
      }
      if (j < m && (i === n || L[i][j + 1] >= L[i + 1][j])) cur.add.push(y[j++]);
      else cur.remove.push(x[i++]);
    }
  }
  const edits = hunks.map((h) => {
    for (let k = 1; k <= h.start; k++) {
      const before = x.slice(h.start - k, h.start);
      const from = [...before, ...h.remove].join('\n');
      if (a.split(`${from}\n`).length === 2 || (a.endsWith(from) && !a.includes(`${from}\n`))) return { before, remove: h.remove, add: h.add };
    }
    throw new Error(`${where}: no unique anchor for an edit at line ${h.start + 1}`);
  });
  if (applyLineEdits(a, edits, where) !== b) {
    throw new Error(`${where}: the line edits do not give the variant's prompt back`);
  }
  return edits;
}

/** The inspector's own applyLineEdits (src/core/prompt/lineEdits.ts, from the built core bundle), to check the edits at extraction. */
function applyLineEdits(text, edits, where) {
  const out = coreBundle().applyLineEdits(text, edits);
  if (out === undefined) throw new Error(`${where}: an edit's anchor is not found once`);
  return out;
}
let loadedCore;
function coreBundle() {
  loadedCore ??= createRequire(import.meta.url)(path.join(repo, 'dist', 'coreEntry.js'));
  return loadedCore;
}

/** The sentinel alias's line becomes the slot the run's alias lines fill; exactly one such line. */
function aliasSlot(edits, where) {
  const line = `- ${SENTINEL_ALIAS}: {{modelRef}}`;
  const hits = edits.flatMap((e) => e.add.filter((l) => l === line));
  if (hits.length !== 1 || edits.some((e) => e.before.includes(line) || e.remove.includes(line))) {
    throw new Error(`${where}: the sentinel alias line is not one added line`);
  }
  return edits.map((e) => ({ ...e, add: e.add.map((l) => (l === line ? '{{modelAliasLines}}' : l)) }));
}

const sharedVariants = {};
// The sandboxed turn's skills: each one's location moves under the sandbox's working folder (checked for every skill).
const sandboxSkillLocation = (() => {
  const c = variantReports.sandboxed.modes.direct;
  const system = c.requests.find((r) => r.seq === c.first.seq).body.messages[0].content.replace(SANDBOX_WORKDIR, '{{sandboxWorkdir}}');
  const locations = [...system.matchAll(/<name>([^<]*)<\/name>\n[\s\S]*?<location>([^<]*)<\/location>/g)];
  const template = '{{sandboxWorkdir}}/.openclaw/sandbox-skills/skills/{{name}}/SKILL.md';
  if (locations.length === 0 || locations.some(([, name, at]) => at !== template.replace('{{name}}', name))) {
    throw new Error(`sandboxed: a skill's location is not ${template}`);
  }
  return template;
})();
// Code Mode's own tools (exec, wait: its generated facts' names), which share a name with a shell tool.
const codeModeFacts = hasCodeMode ? JSON.parse(fs.readFileSync(toolsFile, 'utf8')).codeMode : undefined;
const codeModeNames = codeModeFacts ? [codeModeFacts.exec?.name, codeModeFacts.wait?.name].filter((n) => typeof n === 'string') : [];
// The sandboxed turn's tools whose texts change, each keyed by the hash of its text on the host with the
// same tools (the peer turn; control tools: the plain turn of the same mode, where the peer has none).
const sandboxTools = {};
for (const mode of MODES) {
  const sent = (rep, m = mode) => {
    const c = rep.modes[m];
    return c.requests.find((r) => r.seq === c.first.seq).body.tools.map((t) => t.function);
  };
  const peer = new Map(sent(variantReports.sandboxPeer, 'direct').map((t) => [t.name, t]));
  const plain = new Map(sent(report).map((t) => [t.name, t]));
  const directNames = new Set(sent(variantReports.sandboxed, 'direct').map((t) => t.name));
  for (const t of sent(variantReports.sandboxed)) {
    // Direct mode sends every tool (against the peer); another mode adds only its own (control tools, Code Mode's exec and wait).
    if (mode !== 'direct' && directNames.has(t.name) && !(mode === 'code-mode' && codeModeNames.includes(t.name))) continue;
    const b = mode === 'direct' ? peer.get(t.name) : plain.get(t.name);
    if (!b) throw new Error(`sandboxed ${mode}: ${t.name} is sent only in the sandbox`);
    const text = JSON.stringify({ description: t.description, parameters: t.parameters });
    const baseText = JSON.stringify({ description: b.description, parameters: b.parameters });
    if (text === baseText) continue;
    const key = createHash('sha256').update(baseText).digest('hex').slice(0, 16);
    const list = (sandboxTools[t.name] ??= []);
    if (!list.some((e) => e.base === key)) list.push({ base: key, description: t.description, parameters: t.parameters });
  }
}
for (const v of PROMPT_VARIANTS) {
  // The sandbox's edits are made after the tool-dependent lines below: its tool policy hides tools.
  if (v.id === 'sandboxed') continue;
  for (const mode of MODES) {
    const edits = lineEdits(modes[mode].system, variantTemplate(v.id, mode), `${v.id} ${mode}`);
    modes[mode][v.id] = v.id === 'modelAliases' ? aliasSlot(edits, `${v.id} ${mode}`) : edits;
    console.error(`extract-openclaw-prompt: ${mode}: ${modes[mode][v.id].length} edits for ${v.what}`);
  }
  // Usually the same in every mode: stored once then.
  if (new Set(MODES.map((m) => JSON.stringify(modes[m][v.id]))).size === 1) {
    sharedVariants[v.id] = modes[MODES[0]][v.id];
    for (const m of MODES) delete modes[m][v.id];
  }
}

const skillsPrompts = new Set(Object.values(skillsByMode));
if (skillsPrompts.size !== 1) {
  throw new Error('the skills prompt differs between modes');
}

/** The `<skill>` blocks of a skills prompt by name. */
const skillBlocks = (prompt) => new Map([...prompt.matchAll(/^ {2}<skill>\n {4}<name>([^<]*)<\/name>\n[\s\S]*?\n {2}<\/skill>\n/gm)].map((m) => [m[1], m[0]]));
const baseBlocks = skillBlocks([...skillsPrompts][0]);
const pluginSkills = {};
for (const id of skillPlugins) {
  const c = pluginReports[id].modes.direct;
  if (!c || c.outcome !== 'ok') throw new Error(`plugin ${id}: ${c?.error ?? 'no capture'}`);
  const system = c.requests.find((r) => r.seq === c.first.seq).body.messages[0].content;
  const start = system.indexOf('The following skills provide specialized instructions');
  const prompt = system.slice(start, system.indexOf('</available_skills>', start) + '</available_skills>'.length).split(c.paths.stateDir).join('{{stateDir}}').split(pkgDir).join('{{openclawDir}}');
  const blocks = skillBlocks(prompt);
  const gone = [...baseBlocks.keys()].filter((n) => !blocks.has(n));
  if (gone.length > 0) throw new Error(`plugin ${id}: turning it on drops skills ${gone.join(', ')}`);
  const added = [...blocks.entries()].filter(([n]) => !baseBlocks.has(n));
  // OpenClaw lists skills by name: checked, so the product may insert them by name.
  const names = [...blocks.keys()];
  if (names.join('\n') !== [...names].sort().join('\n')) throw new Error(`plugin ${id}: the skills list is not in name order`);
  if (added.length > 0) pluginSkills[id] = added.map(([, block]) => block);
}
// ------------------------------------------------------------ tool-dependent prompt lines

// The template is one run's prompt (profile "full"); a run with other tools gets other lines
// (promptConditions.mjs). Its tool sets: the tools each mode's turn sent (visible) and the
// direct turn's tools (every tool the run has: direct mode sends them all).
const sentNames = (mode) => {
  const c = report.modes[mode];
  return c.requests.find((r) => r.seq === c.first.seq).body.tools.map((t) => t.function.name.trim().toLowerCase());
};
const promptChunkText = fs.readFileSync(toolListChunk, 'utf8');
// Every tool name the prompt code asks about, the tool list's own order, and the runs' tools.
const askedAbout = [...promptChunkText.matchAll(/(?:availableTools|visibleTools|capabilityToolNames)\.has\("([A-Za-z0-9_-]+)"\)/g)].map((m) => m[1].toLowerCase());
const universe = [...new Set([...askedAbout, ...toolOrder, ...MODES.flatMap(sentNames)])].sort();
for (const mode of MODES) {
  const visible = sentNames(mode);
  const available = [...new Set([...sentNames('direct'), ...visible])];
  const template = modes[mode].system;
  const hasDirectory = template.includes('{{directory}}');
  // Lines whose text comes from run inputs this process does not have (the channel plugins the
  // real run loaded): taken from the template, where the template has one such line.
  const fromTemplate = ['- No source default: proactive send needs `channel`; ids: '].flatMap((prefix) => {
    const found = template.split('\n').filter((l) => l.startsWith(prefix));
    return found.length === 1 ? [[prefix, found[0]]] : [];
  });
  const render = (V, A) => {
    const prompt = buildPrompt({
      workspaceDir: '{{workspaceDir}}',
      toolNames: [...V],
      capabilityToolNames: [...A].filter((n) => !V.has(n)),
      promptSurface: 'openclaw_main',
      promptMode: 'full',
      skillsPrompt: '{{skills}}',
      docsPath: '{{openclawDir}}/docs',
      ...(hasDirectory ? { toolSchemaDirectoryPrompt: '{{directory}}' } : {}),
      // The run's delegation preference, as its prompt shows it (OpenClaw's default "prefer" writes ## Delegation).
      ...(template.includes('\n## Delegation\n') ? { subagentDelegationMode: 'prefer' } : {}),
      ...(mode === 'code-mode' ? { codeModeActive: true } : {}),
      // The run's date and zone, so its Temporal Context section (whose last line follows session_status) is rendered too.
      ...(template.includes('Current date: {{date}}\nTime zone: {{timeZone}}') ? { userDate: '{{date}}', userTimezone: '{{timeZone}}' } : {}),
    });
    const lines = renderLines([...V], [...A], mode === 'code-mode').join('\n');
    const text = lines ? prompt.replace(`\n${lines}\n`, '\n{{toolLines}}\n') : prompt;
    return text
      .split('\n')
      .map((l) => fromTemplate.find(([prefix]) => l.startsWith(prefix))?.[1] ?? l)
      .join('\n');
  };
  // Which tools the prompt counts as the run's: every tool (2026.9.5 on: capabilityToolNames), or only
  // those sent (earlier releases' code mode). The template decides: the segments must all be found in it.
  const tried = [];
  for (const [promptTools, set] of [['run', available], ['sent', visible]]) {
    try {
      modes[mode].conditions = promptConditions({ render, baseVisible: visible, baseAvailable: set, universe, template, where: `${version} ${mode}` });
      modes[mode].promptTools = promptTools;
      break;
    } catch (err) {
      tried.push(`${promptTools}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (!modes[mode].conditions) {
    // Releases that write the tool list inside buildAgentSystemPrompt (before 2026.8.1's shape) list the
    // deferred tools there too in code and tools mode, which this script does not strip yet: such a mode keeps
    // the sentinel's lines, and the file says why. Anything else fails the script.
    if (mode === 'direct' || ownToolLines || !tried.every((t) => /depends on \d+ variables/.test(t))) {
      throw new Error(tried.join('\n'));
    }
    delete modes[mode].conditions;
    modes[mode].conditionsNotGenerated = tried[0].slice(0, 200);
    console.error(`extract-openclaw-prompt: ${mode}: no tool-dependent prompt segments: ${modes[mode].conditionsNotGenerated}`);
    continue;
  }
  console.error(`extract-openclaw-prompt: ${mode}: ${modes[mode].conditions.length} tool-dependent prompt segments (the prompt counts the ${modes[mode].promptTools === 'run' ? "run's tools" : 'tools sent'})`);
}

// Usually the same in every mode: stored once then, and a mode with its own (Code Mode's prompt) keeps those.
const conditionCounts = new Map();
for (const m of MODES) {
  const key = JSON.stringify(modes[m].conditions);
  conditionCounts.set(key, (conditionCounts.get(key) ?? 0) + 1);
}
const [commonKey, commonCount] = [...conditionCounts.entries()].sort((a, b) => b[1] - a[1])[0];
const sharedConditions = commonKey !== undefined && (commonCount > 1 || MODES.length === 1) ? JSON.parse(commonKey) : undefined;
if (sharedConditions) {
  for (const m of MODES) {
    if (JSON.stringify(modes[m].conditions) === commonKey) delete modes[m].conditions;
  }
}

// ------------------------------------------------------------ the sandboxed run's edits

// From the template with the sandboxed turn's own tools (the inspector's applyPromptSegments, from the
// built core bundle) to that turn's prompt: what the sandbox itself changes. The product applies them
// after the run's tool-dependent lines; a run whose tools leave an anchor out gets a note, not a guess.
const core = coreBundle();
for (const mode of MODES) {
  const c = variantReports.sandboxed.modes[mode];
  const sent = c.requests.find((r) => r.seq === c.first.seq).body.tools.map((t) => t.function.name);
  const d = variantReports.sandboxed.modes.direct;
  const all = [...new Set([...d.requests.find((r) => r.seq === d.first.seq).body.tools.map((t) => t.function.name), ...sent])];
  const conditions = modes[mode].conditions ?? sharedConditions ?? [];
  const chosen = core.applyPromptSegments(modes[mode].system, conditions, core.runToolsOf(sent, modes[mode].promptTools === 'sent' ? sent : all));
  if (chosen.unmodelled.length > 0) throw new Error(`sandboxed ${mode}: ${chosen.unmodelled.join('; ')}`);
  // The memory section follows the run's memory tools, and the product swaps it after these edits: left out of them.
  const MEMORY = /\n## Memory Recall\n[\s\S]*?(?=\n## )/;
  const PLACE = '\n{{memorySection}}';
  const both = lineEdits(chosen.system.replace(MEMORY, PLACE), variantTemplate('sandboxed', mode).replace(MEMORY, PLACE), `sandboxed ${mode}`);
  // A sandbox whose policy leaves no memory tool has no memory section: the product's swap removes it, not an edit.
  const edits = both.filter((e) => !(e.remove.length === 1 && e.remove[0] === '{{memorySection}}' && e.add.length === 0));
  if (edits.some((e) => [...e.before, ...e.remove, ...e.add].includes('{{memorySection}}'))) {
    throw new Error(`sandboxed ${mode}: an edit touches the memory section's place: ${JSON.stringify(edits.filter((e) => [...e.before, ...e.remove, ...e.add].includes('{{memorySection}}')))}`);
  }
  modes[mode].sandboxed = edits;
  console.error(`extract-openclaw-prompt: ${mode}: ${edits.length} edits for an SSH-sandboxed agent (after its tools' lines)`);
}
if (new Set(MODES.map((m) => JSON.stringify(modes[m].sandboxed))).size === 1) {
  sharedVariants.sandboxed = modes[MODES[0]].sandboxed;
  for (const m of MODES) delete modes[m].sandboxed;
}

const out = {
  openclawVersion: version,
  generatedBy: 'scripts/extract-openclaw-prompt.mjs',
  // The template was rendered for a workspace with tools.profile "full": the prompt's
  // sections that depend on which tools exist are those of that tool set.
  // Each mode's `conditions` choose its tool-dependent lines by the run's own tools.
  modelledFor: { toolsProfile: 'full', sandbox: 'off', promptMode: 'full' },
  toolLines,
  bootstrapFiles,
  bootstrapLimits,
  maxTokensBound,
  skillsCompaction,
  // The skills OpenClaw listed in the extraction environment (bundled skills whose requirements it met, bundled plugins' skills).
  skillsPrompt: [...skillsPrompts][0],
  messages: messageLayout,
  envelopeOrder,
  modes,
  // The prompt's tool-dependent lines, when every mode has the same (else each mode's `conditions`).
  ...(sharedConditions ? { conditions: sharedConditions } : {}),
  // The skills each bundled plugin adds when the config turns it on (memory-wiki's, crabbox's), as `<skill>` blocks.
  pluginSkills,
  // The variants' edits (bootstrapSkipped, modelAliases, sandboxed) when every mode has the same (else each mode's own).
  ...sharedVariants,
  // The sandboxed run it was measured for, its skills' location and its tools' texts (keyed by sha256 of the plain text, 16 hex).
  sandbox: { measured: { backend: SANDBOX.backend, workspaceAccess: SANDBOX.workspaceAccess, scope: SANDBOX.scope }, skillLocation: sandboxSkillLocation, tools: sandboxTools },
};
const outFile = path.join(repo, 'src', 'core', 'prompt', 'versions', `openclaw-${version}.json`);
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, `${JSON.stringify(out, null, 1)}\n`);
console.error(`extract-openclaw-prompt: wrote ${path.relative(repo, outFile)} (${Object.keys(modes).length} modes, ${bootstrapFiles.length} bootstrap files)`);
