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
import * as fs from 'node:fs';
import { register } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { byFunctionName, distChunks, findChunk } from './lib/openclawDist.mjs';

const pkgDir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
if (!pkgDir) {
  console.error('usage: extract-openclaw-prompt.mjs <path to node_modules/openclaw>');
  process.exit(2);
}
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const version = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version;
const dist = path.join(pkgDir, 'dist');
const chunks = distChunks(dist);
const chunkWith = (marker) => path.join(dist, findChunk(dist, chunks, marker));

// ------------------------------------------------------------ tool lines

const toolListChunk = chunkWith('function buildSystemPromptToolLines(params)');
const hook = `
const target = ${JSON.stringify(pathToFileURL(toolListChunk).href)};
export async function load(url, context, next) {
  const r = await next(url, context);
  if (url === target) {
    const src = typeof r.source === 'string' ? r.source : Buffer.from(r.source).toString('utf8');
    return { ...r, source: src + '\\nexport { buildSystemPromptToolLines as __tsiBuildSystemPromptToolLines };\\n' };
  }
  return r;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
const toolListMod = await import(pathToFileURL(toolListChunk).href);
const buildSystemPromptToolLines = toolListMod.__tsiBuildSystemPromptToolLines;
if (typeof buildSystemPromptToolLines !== 'function') {
  throw new Error('buildSystemPromptToolLines not found');
}
// Its order and summaries are literals inside the function: read the names from
// its own text, then let it render every one of them in each variant.
const fnText = buildSystemPromptToolLines.toString();
const orderLiteral = /const toolOrder = \[([\s\S]*?)\];/.exec(fnText);
if (!orderLiteral) {
  throw new Error('toolOrder not found in buildSystemPromptToolLines');
}
const automationsChunk = chunkWith('const AUTOMATIONS_TOOL_NAME = ');
const automationsName = Object.values(await import(pathToFileURL(automationsChunk).href)).find((v) => typeof v === 'string');
const toolOrder = orderLiteral[1]
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((s) => (s.startsWith('"') ? JSON.parse(s) : s === 'AUTOMATIONS_TOOL_NAME' ? automationsName : undefined));
if (toolOrder.some((n) => typeof n !== 'string')) {
  throw new Error(`toolOrder holds a name this script cannot read: ${orderLiteral[1]}`);
}
function renderLines(names, available, codeModeActive) {
  return buildSystemPromptToolLines({
    visibleTools: new Map(names.map((n) => [n.toLowerCase(), n])),
    availableTools: new Set(available.map((n) => n.toLowerCase())),
    codeModeActive,
    promptSurface: 'openclaw_main',
    acpSpawnRuntimeEnabled: false,
  });
}
const summaryOf = (lines) => Object.fromEntries(lines.map((l) => {
  const m = /^- ([^:]+?)(?:: ([\s\S]*))?$/.exec(l);
  return [m[1], m[2] ?? null];
}));
const toolLines = {
  order: toolOrder,
  // Summaries by variant: Code Mode changes exec's; sessions_search names sessions_history when that tool is there.
  summaries: {
    plain: summaryOf(renderLines(toolOrder, toolOrder, false)),
    codeMode: summaryOf(renderLines(toolOrder, toolOrder, true)),
    withoutSessionsHistory: summaryOf(renderLines(toolOrder, toolOrder.filter((n) => n !== 'sessions_history'), false)),
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
function constant(name) {
  const m = new RegExp(`const ${name} = ([0-9e.]+);`).exec(bootstrapChunk);
  if (!m || !Number.isFinite(Number(m[1]))) {
    throw new Error(`${name} not found`);
  }
  return Number(m[1]);
}
const bootstrapLimits = { perFile: constant('DEFAULT_BOOTSTRAP_MAX_CHARS'), userFile: constant('USER_BOOTSTRAP_MAX_CHARS'), total: constant('DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS') };

// How OpenClaw's Chat Completions transport bounds max_completion_tokens for a
// configured (proxy-like) endpoint: the model's maxTokens, lowered to what the
// context window leaves after its estimate of the input. The formula is checked
// to be the one the inspector implements; its constants are read here.
const aiDir = [path.join(pkgDir, 'node_modules', '@openclaw', 'ai'), path.join(pkgDir, '..', '@openclaw', 'ai')].find((d) => fs.existsSync(path.join(d, 'package.json')));
if (!aiDir) {
  throw new Error('@openclaw/ai (OpenClaw\'s provider transports) not found beside the package');
}
const aiChunks = fs.readdirSync(path.join(aiDir, 'dist')).filter((f) => f.endsWith('.mjs')).map((f) => fs.readFileSync(path.join(aiDir, 'dist', f), 'utf8'));
function aiText(marker) {
  const hits = aiChunks.filter((t) => t.includes(marker));
  if (hits.length !== 1) {
    throw new Error(`@openclaw/ai: expected one chunk with ${JSON.stringify(marker)}, found ${hits.length}`);
  }
  return hits[0];
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
if (!charsText.includes('return (nonLatinCount === 0 ? text.length : text.length - (text.match(CJK_SURROGATE_HIGH_RE) ?? []).length) + nonLatinCount * 3;')) {
  throw new Error('estimateStringChars changed');
}
const maxTokensBound = {
  safetyMargin: numberIn(streamText, 'OPENAI_COMPLETIONS_INPUT_TOKEN_SAFETY_MARGIN'),
  imageChars: numberIn(streamText, 'OPENAI_COMPLETIONS_IMAGE_CHAR_ESTIMATE'),
  nonLatin: regexIn(charsText, 'NON_LATIN_RE'),
  cjkHighSurrogate: regexIn(charsText, 'CJK_SURROGATE_HIGH_RE'),
};

// How OpenClaw shortens skill descriptions for a small context window
// (compactSkillsPromptForContext): the algorithm is the inspector's, checked here.
const skillsText = fs.readFileSync(chunkWith('function compactSkillsPromptForContext(prompt, contextTokenBudget)'), 'utf8');
const skillsMatch = /const targetChars = Math\.floor\(contextTokenBudget \/ (\d+)\);[\s\S]*?let lo = (\d+);\s*let hi = (\d+);/.exec(skillsText);
for (const piece of ['if (maxChars <= 3) return truncateUtf16Safe(normalized, maxChars);', 'return `${truncateUtf16Safe(normalized, maxChars - 3).trimEnd()}...`;', 'if (candidate.length <= targetChars) {', 'return result.length < prompt.length ? result : prompt;']) {
  if (!skillsText.includes(piece)) {
    throw new Error(`compactSkillsPromptForContext changed: ${piece} is gone`);
  }
}
if (!skillsMatch) {
  throw new Error('compactSkillsPromptForContext: bounds not found');
}
const skillsCompaction = { charsPerToken: Number(skillsMatch[1]), minDescription: Number(skillsMatch[2]), maxDescription: Number(skillsMatch[3]) };

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
console.error(`extract-openclaw-prompt: capturing four turns of OpenClaw ${version} ...`);
// TSI_EXTRACT_REPORT=file keeps the capture report for a rerun (the four turns take a minute or two).
const cached = process.env.TSI_EXTRACT_REPORT && fs.existsSync(process.env.TSI_EXTRACT_REPORT) ? fs.readFileSync(process.env.TSI_EXTRACT_REPORT, 'utf8') : undefined;
const run = cached ? { status: 0, stdout: cached } : spawnSync(process.execPath, [cli, 'capture', '--workspace', sentinelWs, '--no-user-config', '--json', '--mode', 'all', '--concurrency', '4', '--openclaw', pkgDir, '--prompt', SENTINEL.prompt, '--provider', `${SENTINEL.provider}/${SENTINEL.model}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (run.status !== 0) {
  throw new Error(`capture failed (${run.status}): ${run.stderr}\n${run.stdout.slice(0, 4000)}`);
}
const report = JSON.parse(run.stdout);
if (process.env.TSI_EXTRACT_REPORT && !cached) {
  fs.writeFileSync(process.env.TSI_EXTRACT_REPORT, run.stdout);
}
fs.rmSync(scratch, { recursive: true, force: true });

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
const DIR_END = '\nThe AGENTS.md Tools section guides usage; it never grants availability.';
const modes = {};
const skillsByMode = {};
let envelopeOrder;
let messageLayout;
for (const mode of ['direct', 'code', 'tools', 'directory']) {
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
  const rendered = renderLines(names, names, mode === 'code' ? undefined : undefined).join('\n');
  system = slot(system, `Names case-sensitive; call exact.\n${rendered}\n`, 'toolLinesBlock', where).replace('{{toolLinesBlock}}', 'Names case-sensitive; call exact.\n{{toolLines}}\n');
  const dirStart = system.indexOf(DIR_HEADING);
  if (mode !== 'direct') {
    const end = system.indexOf(DIR_END, dirStart);
    if (dirStart < 0 || end < 0) {
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
  if (skillsPrompt.length > Math.floor(SENTINEL.contextWindow / skillsCompaction.charsPerToken)) {
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
  if (!system.includes('{{date}}')) {
    throw new Error(`${where}: no Current date line`);
  }
  // Nothing of the sentinels may be left outside a slot.
  for (const s of [SENTINEL.provider, SENTINEL.model, 'tsi-capture', SENTINEL.prompt]) {
    if (system.includes(s)) {
      throw new Error(`${where}: ${s} is left in the template`);
    }
  }
  const user = body.messages[1].content;
  if (typeof user !== 'string' || !user.includes(SENTINEL.prompt)) {
    throw new Error(`${mode}: the first user message does not carry the prompt: ${JSON.stringify(user)}`);
  }
  const [userBefore, userAfter] = user.split(SENTINEL.prompt);
  const stamp = /^\[[^\]]+\] $/.exec(userBefore);
  const runtime = /^\n\nRuntime: [^\n]*$/.exec(userAfter);
  if (!stamp || !runtime) {
    throw new Error(`${mode}: unexpected user message layout: ${JSON.stringify(user)}`);
  }
  let runtimeLine = slot(runtime[0].slice(2), c.paths.agentWorkspace, 'workspaceDir', `${mode} runtime line`);
  runtimeLine = slot(runtimeLine, `${SENTINEL.provider}/${SENTINEL.model}`, 'modelRef', `${mode} runtime line`);
  for (const key of ['sessionId', 'host', 'os', 'node']) {
    const re = new RegExp(`(?<=(?:^|\\| )${key}=)[^|]+?(?= \\||$)`);
    if (!re.test(runtimeLine)) {
      throw new Error(`${mode}: the runtime line has no ${key}: ${runtimeLine}`);
    }
    runtimeLine = runtimeLine.replace(re, `{{${key}}}`);
  }
  const layout = {
    roles: body.messages.map((m) => m.role),
    user: '[{{timestamp}}] {{prompt}}\n\n{{runtimeLine}}',
    runtimeLine,
    context: body.messages[2].content,
  };
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

const skillsPrompts = new Set(Object.values(skillsByMode));
if (skillsPrompts.size !== 1) {
  throw new Error('the skills prompt differs between modes');
}
const out = {
  openclawVersion: version,
  generatedBy: 'scripts/extract-openclaw-prompt.mjs',
  // The template was rendered for a workspace with tools.profile "full": the prompt's
  // sections that depend on which tools exist are those of that tool set.
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
};
const outFile = path.join(repo, 'src', 'core', 'prompt', 'versions', `openclaw-${version}.json`);
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, `${JSON.stringify(out, null, 1)}\n`);
console.error(`extract-openclaw-prompt: wrote ${path.relative(repo, outFile)} (${Object.keys(modes).length} modes, ${bootstrapFiles.length} bootstrap files)`);
