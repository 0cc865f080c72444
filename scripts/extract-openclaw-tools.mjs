#!/usr/bin/env node
/**
 * Extracts, from an installed `openclaw` package, the tools OpenClaw itself
 * composes for one agent turn, exactly as it sends them to an
 * `openai-completions` provider: core and bundled-plugin tools from
 * `createOpenClawCodingTools` (OpenClaw's own composition, the one its
 * embedded runner and `openclaw doctor` call), normalized by
 * `normalizeAgentRuntimeTools`, then for each Tool Search mode the control
 * tools and which tools stay visible (`applyToolSearchCatalog`,
 * `applyToolSchemaDirectoryCatalog`).
 *
 *   node extract-openclaw-tools.mjs <path to node_modules/openclaw> [--out FILE]
 *
 * Needs the Node version the package requires (2026.9.6: Node >= 24). Runs in
 * scratch HOME / state / workspace folders that are removed afterwards; never
 * touches the network (the model provider is a loopback URL nobody calls).
 * The inputs are those of a local `openclaw agent --local` turn of the owner
 * (an operator turn: `createCronCreatorAuthorityCapability(runId, {kind:
 * "local"})`, as agent-command does), on a model without vision. Each
 * condition below is one more input to the same composition; a tool that
 * appears only with it is recorded with that condition (its definition as the
 * first condition that builds it composes it: for `x_search` and
 * `code_execution` a run on an xAI model).
 *
 * Writes src/core/sources/versions/openclaw-<version>.tools.json.
 * Test tooling only: nothing here runs in the extension or the CLI.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundledPluginManifests } from './lib/bundledPlugins.mjs';
import { codeModeFacts } from './lib/codeModeFacts.mjs';
import { releaseModules } from './lib/openclawRelease.mjs';

const pkgDir = process.argv[2];
// `--out FILE` writes elsewhere (the oracle suite regenerates into a scratch file and compares).
const outIndex = process.argv.indexOf('--out');
const outArg = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
if (!pkgDir || pkgDir.startsWith('--') || (outIndex > 0 && !outArg)) {
  console.error('usage: extract-openclaw-tools.mjs <path to node_modules/openclaw> [--out FILE]');
  process.exit(2);
}
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
const version = pkg.version;
const dist = path.join(pkgDir, 'dist');

// ---------------------------------------------------------------- scratch environment

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-extract-tools-'));
const dirs = Object.fromEntries(['home', 'state', 'workspace', 'agent'].map((d) => [d, path.join(scratch, d)]));
for (const d of Object.values(dirs)) {
  fs.mkdirSync(d, { recursive: true });
}
// Only what a bare machine has: no credential of any provider reaches the composition.
for (const k of Object.keys(process.env)) {
  if (/(_API_KEY|_TOKEN|_SECRET)$/.test(k) || k.startsWith('OPENCLAW_')) {
    delete process.env[k];
  }
}
Object.assign(process.env, { HOME: dirs.home, OPENCLAW_STATE_DIR: dirs.state, CI: '1', DO_NOT_TRACK: '1' });
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));

const PROVIDER = 'tsi-extract';
const MODEL = 'extract-model';
const CONTEXT_WINDOW = 128_000;
const model = { id: MODEL, name: MODEL, contextWindow: CONTEXT_WINDOW, maxTokens: 4096 };
// Releases before 2026.5.12 refuse a config with `tools.toolSearch` (an unknown key): left out there.
let releaseHasToolSearch = true;
function configFor(toolSearch, toolsConfig = {}, more = {}) {
  return {
    ...more,
    update: { checkOnStart: false },
    models: { providers: { [PROVIDER]: { api: 'openai-completions', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'placeholder', models: [model] } } },
    agents: { defaults: { model: { primary: `${PROVIDER}/${MODEL}` }, workspace: dirs.workspace } },
    tools: { ...(releaseHasToolSearch ? { toolSearch } : {}), ...toolsConfig },
  };
}
const configPath = path.join(scratch, 'openclaw.json');
process.env.OPENCLAW_CONFIG_PATH = configPath;

// ---------------------------------------------------------------- OpenClaw's functions, by name

// Every dist shape a release ships (bundled `.mjs` or `.js` chunks, an unbundled tree), indexed by export name
// without loading anything: the scratch config below is written before any of the release's modules loads.
const { files: distModules, exportsOf: exportIndex, text: distText, load, fn: maybeNamed, filesDefining } = releaseModules(pkgDir);
// Written before any of the release's modules loads (some read it then); without `tools.toolSearch` where the release has no Tool Search.
releaseHasToolSearch = exportIndex.has('applyToolSearchCatalog');
fs.writeFileSync(configPath, JSON.stringify(configFor(false)));

async function named(name) {
  const hit = await maybeNamed(name);
  if (hit) return hit;
  throw new Error(`openclaw ${version}: no dist module exports a function named ${name}`);
}
/** A non-function export (a Set or object) found by its local name and a shape check; undefined when absent. */
async function namedValue(name, check) {
  for (const file of exportIndex.get(name) ?? []) {
    const mod = await load(file);
    if (name in mod && check(mod[name])) return mod[name];
    const hit = Object.values(mod).find((v) => check(v));
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Releases 2026.2.26 - 3.23 define createOpenClawCodingTools in a chunk without exporting it. That
 * chunk is loaded with one more export line naming the release's own function (and getPluginToolMeta
 * where the same chunk defines it, so both share its plugin metadata); nothing else changes.
 */
async function privateFunctions(names) {
  const file = distModules.find((f) => {
    const t = distText(f);
    return names.every((n) => new RegExp(`function ${n}\\s*\\(`).test(t) || (exportIndex.get(n) ?? []).includes(f));
  });
  if (!file) return undefined;
  const { registerHooks } = await import('node:module');
  const url = pathToFileURL(path.join(dist, file)).href;
  const text = distText(file);
  const extra = names.filter((n) => new RegExp(`function ${n}\\s*\\(`).test(text)).map((n) => `${n} as __tsi_${n}`);
  registerHooks({
    load(u, context, nextLoad) {
      const r = nextLoad(u, context);
      return u === url ? { ...r, source: `${r.source}\nexport { ${extra.join(', ')} };\n` } : r;
    },
  });
  const mod = await import(url);
  return Object.fromEntries(names.map((n) => [n, mod[`__tsi_${n}`] ?? Object.values(mod).find((v) => typeof v === 'function' && v.name === n)]));
}
const exported = await maybeNamed('createOpenClawCodingTools');
const hidden = exported ? undefined : await privateFunctions(['createOpenClawCodingTools', 'getPluginToolMeta']);
const createOpenClawCodingTools = exported ?? hidden?.createOpenClawCodingTools ?? (await named('createOpenClawCodingTools'));
const getPluginToolMeta = hidden?.getPluginToolMeta ?? (await named('getPluginToolMeta'));
// Releases before 2026.5.12 normalize inside createOpenClawCodingTools and have no Tool Search; before
// 2026.6.8 no MCP resource/prompt tools; before 2026.8.1 no cron creator authority. Each is used where the release has it.
const normalizeAgentRuntimeTools = await maybeNamed('normalizeAgentRuntimeTools');
const applyToolSearchCatalog = await maybeNamed('applyToolSearchCatalog');
const applyToolSchemaDirectoryCatalog = await maybeNamed('applyToolSchemaDirectoryCatalog');
const createToolSearchCatalogRef = await maybeNamed('createToolSearchCatalogRef');
const createCronCreatorAuthorityCapability = await maybeNamed('createCronCreatorAuthorityCapability');
const runWithCronCreatorAuthorityCapability = await maybeNamed('runWithCronCreatorAuthorityCapability');
const buildBundleMcpToolsFromCatalog = await maybeNamed('buildBundleMcpToolsFromCatalog');
releaseHasToolSearch = applyToolSearchCatalog !== undefined;
const exportedControlNames = await namedValue('TOOL_SEARCH_CONTROL_TOOL_NAMES', (v) => v instanceof Set && v.has('tool_search_code'));
const exportedGroups = await namedValue('CORE_TOOL_GROUPS', (v) => v && typeof v === 'object' && !Array.isArray(v) && 'group:openclaw' in v);
const groupsFromEpoch = exportedGroups === undefined;
const groupsMod = exportedGroups ?? epochGroups();

/** Where a release keeps its group table private: the groups its own expandToolGroups gave (the epoch data, same release). */
function epochGroups() {
  const dir = path.join(repo, 'src/core/policy/epochs');
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const e = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
    if (Array.isArray(e.releases) && e.releases.includes(version)) return e.policy.groups;
  }
  throw new Error(`openclaw ${version}: no exported CORE_TOOL_GROUPS and no epoch in src/core/policy/epochs measured on it (run npm run openclaw:epochs)`);
}

// ---------------------------------------------------------------- one composition

let runSeq = 0;
/** The model id compositions run with (the Gemini-family schemas below compose under another). */
let composeModel = MODEL;
/** The provider id compositions run with (provider plugins' schema hooks are measured under their own). */
let composeProvider = PROVIDER;
/**
 * The tools one turn gets, as sent to the provider, for a `tools.toolSearch`
 * value and extra composition inputs (a condition).
 */
function compose(toolSearch, extra = {}, env = {}, toolsConfig = {}, moreConfig = {}) {
  const config = configFor(toolSearch, toolsConfig, moreConfig);
  const runId = `tsi-extract-run-${++runSeq}`;
  const saved = {};
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  try {
    const options = {
      agentId: 'main',
      agentDir: dirs.agent,
      workspaceDir: dirs.workspace,
      config,
      sessionKey: 'agent:main:main',
      sessionId: `tsi-extract-session-${runSeq}`,
      runId,
      senderIsOwner: true,
      oneShotCliRun: true,
      sessionConfigSource: 'pinned',
      webSearchEnabled: true,
      modelProvider: composeProvider,
      modelId: composeModel,
      modelApi: 'openai-completions',
      modelContextWindowTokens: CONTEXT_WINDOW,
      modelHasVision: false,
      includeToolSearchControls: toolSearch !== false,
      ...(createToolSearchCatalogRef ? { toolSearchCatalogRef: createToolSearchCatalogRef() } : {}),
      ...extra,
    };
    const raw =
      createCronCreatorAuthorityCapability && runWithCronCreatorAuthorityCapability
        ? runWithCronCreatorAuthorityCapability(createCronCreatorAuthorityCapability(runId, { kind: 'local' }), () => createOpenClawCodingTools(options))
        : createOpenClawCodingTools(options);
    // Before 2026.5.12 the composition itself normalizes what the provider gets.
    const normalized = !normalizeAgentRuntimeTools ? raw : normalizeAgentRuntimeTools({
      tools: raw,
      provider: composeProvider,
      config,
      workspaceDir: dirs.workspace,
      env: process.env,
      modelId: composeModel,
      modelApi: 'openai-completions',
      model: { ...model, id: composeModel, name: composeModel, provider: composeProvider, api: 'openai-completions' },
    });
    return { normalized, options };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/**
 * A tool's declared output schema, where it has one: never sent to the
 * provider, but Tool Search's compact entries and Code Mode's index hint it
 * (`compactToolSearchCatalogEntry`'s `output`).
 */
function outputOf(tool) {
  return tool.outputSchema && typeof tool.outputSchema === 'object' ? { outputSchema: JSON.parse(JSON.stringify(tool.outputSchema)) } : {};
}

/** What the provider receives for one tool (pi-ai's openai-completions conversion keeps these three). */
function wire(tool) {
  return { name: tool.name, description: tool.description ?? '', parameters: JSON.parse(JSON.stringify(tool.parameters ?? {})) };
}

/**
 * The plugin that registered each tool name, as the release's active plugin
 * registry holds it (`globalThis[Symbol.for("openclaw.pluginRegistryState")]`,
 * `registry.tools[].{pluginId, names}`). Releases 2026.2.26 - 3.23 wrap the
 * plugin tools after `getPluginToolMeta` marked them, so the meta says nothing
 * for memory-core's `memory_search` and `memory_get`; their registry still
 * names the plugin (and a real run of those releases sends them after the
 * config-path plugins' tools, in plugin load order, as a plugin's tools).
 */
function registeredOwners() {
  const tools = globalThis[Symbol.for('openclaw.pluginRegistryState')]?.registry?.tools;
  const out = new Map();
  for (const entry of Array.isArray(tools) ? tools : []) {
    for (const name of Array.isArray(entry?.names) ? entry.names : []) {
      if (typeof entry.pluginId === 'string' && entry.pluginId.trim()) out.set(name, entry.pluginId.trim());
    }
  }
  return out;
}
let registryOwners = new Map();

function ownerOf(tool) {
  return getPluginToolMeta(tool)?.pluginId?.trim() || registryOwners.get(tool.name) || 'core';
}

function groupsOf(name) {
  const out = [];
  for (const [g, members] of Object.entries(groupsMod)) {
    if (Array.isArray(members) && members.includes(name)) out.push(g);
  }
  return out.sort();
}

// ---------------------------------------------------------------- the baseline and the modes

const base = compose(false).normalized;
// The registry the baseline composition loaded (the conditions below compose again, but load the same plugins).
registryOwners = registeredOwners();
// Tool Search modes the release has: none before 2026.5.12, no directory mode before 2026.6.8.
const searchModes = [...(applyToolSearchCatalog ? ['code', 'tools'] : []), ...(applyToolSchemaDirectoryCatalog ? ['directory'] : [])];
const controlNames = exportedControlNames ?? derivedControlNames();
/** Where the release keeps its control tool names private: what a mode's composition adds to the baseline. */
function derivedControlNames() {
  const baseline = new Set(base.map((t) => t.name));
  const out = new Set();
  for (const mode of searchModes) {
    for (const t of applyMode(mode, {}).tools) {
      if (!baseline.has(t.name)) out.add(t.name);
    }
  }
  return out;
}

/**
 * The order of the tools array a turn sends. From 2026.5.12 the embedded
 * runner hands the session its tools through `toSessionToolAllowlist`
 * (src/agents/pi-embedded-runner/tool-name-allowlist.ts), which sorts the
 * names with `localeCompare`: `by-name`. Before, the session gets the
 * composition's own order (core tools, then plugin tools in plugin load order,
 * then MCP tools): `composition`, and the tools below keep that order. Asked
 * of the function where a chunk exports it, else read from the text (it is private there).
 */
async function requestOrder() {
  const exportedSort = await maybeNamed('toSessionToolAllowlist');
  if (exportedSort) {
    const probe = ['b', 'B', 'a', 'tool1', 'tool_a'];
    const got = exportedSort(probe);
    const expected = [...probe].sort((x, y) => x.localeCompare(y));
    if (JSON.stringify(got) !== JSON.stringify(expected)) throw new Error(`toSessionToolAllowlist(${JSON.stringify(probe)}) gave ${JSON.stringify(got)}, not the localeCompare order`);
    return { order: 'by-name', source: 'toSessionToolAllowlist (src/agents/pi-embedded-runner/tool-name-allowlist.ts), called: names sorted with localeCompare' };
  }
  const defining = filesDefining('toSessionToolAllowlist');
  if (defining.length > 0) {
    const t = distText(defining[0]);
    const body = t.slice(t.indexOf('function toSessionToolAllowlist'), t.indexOf('function toSessionToolAllowlist') + 300);
    if (!/toSorted\(\(\w+, \w+\) => \w+\.localeCompare\(\w+\)\)/.test(body)) throw new Error(`toSessionToolAllowlist in ${defining[0]} does not read as a localeCompare sort`);
    return { order: 'by-name', source: `toSessionToolAllowlist (src/agents/pi-embedded-runner/tool-name-allowlist.ts), read from ${defining[0]}: names sorted with localeCompare` };
  }
  return { order: 'composition', source: 'no toSessionToolAllowlist: the session keeps the composition order (core tools, plugin tools in plugin load order, MCP tools); tools below in that order' };
}
const order = await requestOrder();
const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const tools = base
  .filter((t) => !controlNames.has(t.name))
  .map((t) => ({
    ...wire(t),
    label: typeof t.label === 'string' ? t.label : undefined,
    ...outputOf(t),
    owner: ownerOf(t),
    ...(t.catalogMode === 'direct-only' ? { catalogMode: 'direct-only' } : {}),
    groups: groupsOf(t.name),
  }));
if (order.order === 'by-name') tools.sort(byName);

/** The surface of one mode: control tools as sent and the other tools OpenClaw keeps visible. */
function applyMode(mode, limits) {
  const toolSearch = { enabled: true, mode, ...limits };
  const { normalized } = compose(toolSearch);
  const apply = mode === 'directory' ? applyToolSchemaDirectoryCatalog : applyToolSearchCatalog;
  return apply({ tools: normalized, config: configFor(toolSearch), catalogRef: createToolSearchCatalogRef() });
}
function modeSurface(mode, limits = {}) {
  const applied = applyMode(mode, limits);
  return {
    controlTools: applied.tools.filter((t) => controlNames.has(t.name)).map(wire),
    visible: applied.tools.map((t) => t.name).filter((n) => !controlNames.has(n)).sort(),
  };
}

// The control tools' texts may quote the workspace's Tool Search limits. Composed once more with
// unusual limits, every place the value moved becomes a `{{key}}` slot; the template is kept only
// if filling it with the defaults gives back exactly what OpenClaw sent with the defaults.
const DEFAULT_LIMITS = { searchDefaultLimit: 8, maxSearchLimit: 20, codeTimeoutMs: 10000 };
const PROBE_LIMITS = { searchDefaultLimit: 13, maxSearchLimit: 37, codeTimeoutMs: 23456 };
function fill(template, limits) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k) => String(limits[k]));
}
const modes = {};
for (const mode of searchModes) {
  const plain = modeSurface(mode);
  const probed = modeSurface(mode, PROBE_LIMITS);
  let template = JSON.stringify(probed.controlTools);
  for (const [k, v] of Object.entries(PROBE_LIMITS)) {
    template = template.split(String(v)).join(`{{${k}}}`);
  }
  if (fill(template, DEFAULT_LIMITS) !== JSON.stringify(plain.controlTools)) {
    throw new Error(`${mode}: the control tools do not vary only by the Tool Search limits; cannot template them`);
  }
  modes[mode] = {
    // JSON of the control tools as sent, with `{{searchDefaultLimit}}`-style slots for the limits.
    controlToolsTemplate: template,
    // Non-control tools OpenClaw keeps in front of the model in this mode.
    visible: plain.visible,
  };
}

// ---------------------------------------------------------------- conditions

/**
 * Inputs a run may or may not have. Each is one more input to the same
 * composition; what it adds over the baseline is recorded with it. `kind`
 * and `key` say what the user can check: a model capability, the model's provider, a credential
 * (environment variable), a trigger, a client capability, a config switch.
 */
const CONDITIONS = [
  { id: 'vision-model', kind: 'model-capability', key: 'vision', text: 'a model that accepts images', extra: { modelHasVision: true } },
  { id: 'heartbeat', kind: 'trigger', key: 'heartbeat', text: 'a heartbeat trigger that replies through the message tool', extra: { trigger: 'heartbeat', enableHeartbeatTool: true } },
  { id: 'github-publication', kind: 'run-option', key: 'githubPublicationAvailable', text: 'GitHub publication available to the run', extra: { githubPublicationAvailable: true } },
  { id: 'github-identity', kind: 'run-option', key: 'githubPublicationAvailable', text: 'a known GitHub publication status', extra: { githubPublicationAvailable: false } },
  { id: 'task-suggestions', kind: 'run-option', key: 'taskSuggestionDeliveryMode', text: 'task suggestions delivered through the gateway', extra: { taskSuggestionDeliveryMode: 'gateway', oneShotCliRun: false } },
  { id: 'client-widgets', kind: 'client-capability', key: 'widgets', text: 'a client that can show widgets', extra: { clientCaps: ['widgets'] } },
  { id: 'credential-openai', kind: 'credential', key: 'OPENAI_API_KEY', text: 'an OpenAI API key', env: { OPENAI_API_KEY: 'sk-placeholder' } },
  { id: 'credential-xai', kind: 'credential', key: 'XAI_API_KEY', text: 'an xAI API key', env: { XAI_API_KEY: 'xai-placeholder' } },
  { id: 'provider-xai', kind: 'model-provider', key: 'xai', text: 'an xAI model with its API key', extra: { modelProvider: 'xai', modelId: 'grok-4.3' }, env: { XAI_API_KEY: 'xai-placeholder' } },
  { id: 'credential-google', kind: 'credential', key: 'GEMINI_API_KEY', text: 'a Google Gemini API key', env: { GEMINI_API_KEY: 'placeholder' } },
];

/**
 * Bundled plugins that declare tools and do not load unless the config turns
 * them on (`openclaw.plugin.json`: `contracts.tools`, no `enabledByDefault`):
 * each is a config switch, `plugins.entries.<id>.enabled: true`, measured
 * like the conditions above (the product applies it from the config itself).
 */
function pluginSwitches() {
  return bundledPluginManifests(pkgDir).flatMap(({ manifest: m }) => {
    const declared = Array.isArray(m.contracts?.tools) ? m.contracts.tools : [];
    if (typeof m.id !== 'string' || declared.length === 0 || m.enabledByDefault === true) return [];
    return [{ id: `plugin-${m.id}`, kind: 'config-switch', key: `plugins.entries.${m.id}.enabled`, text: `the bundled plugin ${m.id} turned on`, config: { plugins: { entries: { [m.id]: { enabled: true } } } } }];
  });
}

const baseNames = new Set(tools.map((t) => t.name));
const conditional = new Map();
const conditions = [];
for (const c of [...CONDITIONS, ...pluginSwitches()]) {
  let normalized;
  try {
    ({ normalized } = compose(false, c.extra ?? {}, c.env ?? {}, {}, c.config ?? {}));
  } catch (err) {
    console.warn(`condition ${c.id}: composition failed (${err instanceof Error ? err.message : String(err)}); skipped`);
    continue;
  }
  const added = normalized.filter((t) => !baseNames.has(t.name) && !controlNames.has(t.name));
  if (added.length === 0) {
    continue;
  }
  conditions.push({ id: c.id, kind: c.kind, key: c.key, text: c.text, tools: added.map((t) => t.name).sort() });
  for (const t of added) {
    const known = conditional.get(t.name);
    if (known) {
      known.conditions.push(c.id);
      continue;
    }
    conditional.set(t.name, {
      ...wire(t),
      label: typeof t.label === 'string' ? t.label : undefined,
      ...outputOf(t),
      owner: ownerOf(t),
      ...(t.catalogMode === 'direct-only' ? { catalogMode: 'direct-only' } : {}),
      groups: groupsOf(t.name),
      conditions: [c.id],
    });
  }
}


// ---------------------------------------------------------------- texts that follow the config

/**
 * Config values that change a tool's text, not the tool set: the same
 * composition with one more config key each, and what it changes. `paths`
 * say where the product looks for the value (`@agent`: the run agent's own
 * roster entry); `when` what makes it apply (`nonEmptyList`: a list with one
 * entry that names something). A variant that changes which tools are built
 * fails the script: that is a condition, not a text.
 */
const CONFIG_TEXT_VARIANTS = [
  {
    id: 'memory-extra-paths',
    key: 'memory.search.extraPaths',
    text: 'memory search extra paths',
    paths: [
      ['memory', 'search', 'extraPaths'],
      ['@agent', 'memory', 'search', 'extraPaths'],
    ],
    when: 'nonEmptyList',
    config: { memory: { search: { extraPaths: ['tsi-extra-notes'] } } },
  },
];
const configTextVariants = [];
for (const v of CONFIG_TEXT_VARIANTS) {
  const { normalized } = compose(false, {}, {}, {}, v.config);
  const names = normalized.map((t) => t.name).filter((n) => !controlNames.has(n)).sort();
  if (JSON.stringify(names) !== JSON.stringify([...baseNames].sort())) {
    throw new Error(`config variant ${v.id}: it changes the tool set, not a text`);
  }
  const changed = {};
  for (const t of normalized) {
    const base = tools.find((b) => b.name === t.name);
    if (!base) continue;
    const w = wire(t);
    if (JSON.stringify(w.parameters) !== JSON.stringify(base.parameters)) {
      throw new Error(`config variant ${v.id}: ${t.name}'s parameters change (only descriptions are modelled)`);
    }
    if (w.description !== base.description) changed[t.name] = { description: w.description };
  }
  if (Object.keys(changed).length > 0) {
    configTextVariants.push({ id: v.id, key: v.key, text: v.text, paths: v.paths, when: v.when, tools: changed });
  }
}

// ---------------------------------------------------------------- tools built only when an allow list names them

/**
 * Tools the composition builds only when one of the run's allow lists names
 * them (`tools.allow: ["*"]`, or a profile whose list is `*`, as `full` is):
 * 2026.6.10's `update_plan` (`shouldIncludeUpdatePlanToolForOpenClawTools`).
 * Recorded with the baseline's tools, marked `builtWhenNamed`; written only
 * for a release that has such tools.
 */
const namedOnly = compose(false, {}, {}, { allow: ['*'] }).normalized.filter((t) => !baseNames.has(t.name) && !controlNames.has(t.name) && !conditional.has(t.name));
for (const t of namedOnly) {
  tools.push({
    ...wire(t),
    label: typeof t.label === 'string' ? t.label : undefined,
    ...outputOf(t),
    owner: ownerOf(t),
    ...(t.catalogMode === 'direct-only' ? { catalogMode: 'direct-only' } : {}),
    groups: groupsOf(t.name),
    builtWhenNamed: true,
  });
}
if (order.order === 'by-name') tools.sort(byName);

// ---------------------------------------------------------------- MCP utility tools

/**
 * The tools OpenClaw adds for an MCP server that offers resources or prompts
 * (`buildBundleMcpToolsFromCatalog`: `resources_list`, `resources_read`,
 * `prompts_list`, `prompts_get`, each subject to the server's toolFilter on
 * the operation name), projected for a server with both capabilities and no
 * tools. The server's name becomes a `{{serverName}}` slot in the texts; the
 * template is kept only if filling it gives back what a second server name gave.
 */
function mcpUtilityTools() {
  if (!buildBundleMcpToolsFromCatalog) {
    return [];
  }
  const project = (serverName) =>
    buildBundleMcpToolsFromCatalog({
      catalog: { servers: { [serverName]: { serverName, safeServerName: serverName, launchSummary: serverName, toolCount: 0, resources: { listChanged: false }, prompts: { listChanged: false } } }, tools: [] },
      reservedToolNames: [],
    }).map((t) => ({ operation: getPluginToolMeta(t)?.mcp?.operation, ...wire(t), label: t.label }));
  const a = project('tsi-probe-server');
  const b = project('other-probe');
  const out = a.map((t) => {
    const template = JSON.parse(JSON.stringify(t).split('tsi-probe-server').join('{{serverName}}'));
    const other = b.find((x) => x.operation === t.operation);
    if (JSON.stringify(template).split('{{serverName}}').join('other-probe') !== JSON.stringify(other)) {
      throw new Error(`MCP utility tool ${t.operation}: the texts do not vary only by the server name; cannot template them`);
    }
    const { name: _name, ...rest } = template;
    return { ...rest, capability: t.operation.startsWith('resources_') ? 'resources' : 'prompts' };
  });
  return out.sort((x, y) => (x.operation < y.operation ? -1 : 1));
}

// ---------------------------------------------------------------- texts that follow the run's other tools

/**
 * A tool's text may name other tools only when the run has them (2026.9.6's
 * applyToolAvailabilityDescriptions: sessions_spawn says "(see agents_list)"
 * only beside agents_list; exec names process only beside it). Each tool of
 * the baseline is denied once (`tools.deny`, the composition's own policy
 * step); a tool whose description or schema changes depends on it, and is
 * composed again for every combination of the tools it depends on. Written
 * as `availability: { vars, variants }` on the tool (key: each var's
 * presence, `1` or `0`, in `vars` order; `parameters` only where they differ).
 */
function availabilityTexts() {
  const textOf = (t) => {
    const w = wire(t);
    return JSON.stringify({ description: w.description, parameters: w.parameters });
  };
  const baseline = new Map(tools.filter((t) => !t.builtWhenNamed).map((t) => [t.name, JSON.stringify({ description: t.description, parameters: t.parameters })]));
  const dependsOn = new Map();
  for (const x of baseline.keys()) {
    for (const t of compose(false, {}, {}, { deny: [x] }).normalized) {
      if (t.name !== x && baseline.has(t.name) && textOf(t) !== baseline.get(t.name)) {
        dependsOn.set(t.name, new Set([...(dependsOn.get(t.name) ?? []), x]));
      }
    }
  }
  for (const [name, deps] of dependsOn) {
    const vars = [...deps].sort();
    if (vars.length > 6) {
      throw new Error(`${name}: its text depends on ${vars.length} other tools (${vars.join(', ')}): too many combinations`);
    }
    const tool = tools.find((t) => t.name === name);
    const variants = {};
    for (let mask = 0; mask < 1 << vars.length; mask++) {
      const deny = vars.filter((_, k) => (mask & (1 << k)) === 0);
      const t = compose(false, {}, {}, deny.length > 0 ? { deny } : {}).normalized.find((x) => x.name === name);
      if (!t) {
        throw new Error(`${name}: not built when ${deny.join(', ')} are denied`);
      }
      const w = wire(t);
      const key = vars.map((_, k) => ((mask & (1 << k)) !== 0 ? '1' : '0')).join('');
      variants[key] = { description: w.description, ...(JSON.stringify(w.parameters) !== JSON.stringify(tool.parameters) ? { parameters: w.parameters } : {}) };
    }
    tool.availability = { vars, variants };
  }
  return dependsOn.size;
}
const availabilityCount = availabilityTexts();

/**
 * Texts that follow the run's tool profile: 2026.9.6's gateway offers its
 * config reads only when no profile restricts the run (a profile without
 * `*` in its allow list: `profileAllowsGatewayConfigReads`) or the profile's
 * alsoAllow names the tool. Composed with `tools.profile: "coding"` (which
 * restricts), and again with that tool in alsoAllow, which must give back the
 * baseline: then the condition is exactly that. Written as `whenProfileRestricts`.
 */
function profileTexts() {
  let count = 0;
  for (const tool of tools.filter((x) => !x.builtWhenNamed)) {
    const vars = tool.availability?.vars ?? [];
    const baseline = tool.availability?.variants ?? { '': { description: tool.description } };
    const variants = {};
    let differs = false;
    for (let mask = 0; mask < 1 << vars.length; mask++) {
      const present = vars.filter((_, k) => (mask & (1 << k)) !== 0);
      const absent = vars.filter((_, k) => (mask & (1 << k)) === 0);
      const key = vars.map((_, k) => ((mask & (1 << k)) !== 0 ? '1' : '0')).join('');
      const t = compose(false, {}, {}, { profile: 'coding', alsoAllow: present, ...(absent.length > 0 ? { deny: absent } : {}) }).normalized.find((x) => x.name === tool.name);
      if (!t) {
        break;
      }
      const w = wire(t);
      const want = { description: baseline[key].description, parameters: baseline[key].parameters ?? tool.parameters };
      variants[key] = { description: w.description, ...(JSON.stringify(w.parameters) !== JSON.stringify(tool.parameters) ? { parameters: w.parameters } : {}) };
      if (JSON.stringify({ description: w.description, parameters: w.parameters }) === JSON.stringify(want)) {
        continue;
      }
      differs = true;
      const lifted = compose(false, {}, {}, { profile: 'coding', alsoAllow: [tool.name, ...present], ...(absent.length > 0 ? { deny: absent } : {}) }).normalized.find((x) => x.name === tool.name);
      if (!lifted || JSON.stringify({ description: wire(lifted).description, parameters: wire(lifted).parameters }) !== JSON.stringify(want)) {
        throw new Error(`${tool.name}: its text under the coding profile is not lifted by naming it in alsoAllow; the condition is not the profile's`);
      }
    }
    if (differs && Object.keys(variants).length === 1 << vars.length) {
      tool.whenProfileRestricts = { vars, variants };
      count++;
    }
  }
  return count;
}
const profileCount = profileTexts();
// ---------------------------------------------------------------- schemas a Gemini-family model gets

/**
 * OpenClaw's transport cleans tool schemas for a Gemini-family model
 * (@openclaw/ai normalizeToolParameterSchema: cleanSchemaForGemini drops
 * `minimum`, `pattern`, `additionalProperties`, ... and turns `const` into a
 * string `enum`). The same compositions run under a model id of that family;
 * each tool whose parameters change is kept, and each mode's control tools
 * as a template (`schemaFamilies.gemini`). The rule that picks the family is
 * read from the transport's text and kept with it; a changed rule fails the script.
 */
function geminiFamily() {
  const aiDist = [path.join(pkgDir, 'node_modules', '@openclaw', 'ai', 'dist'), path.join(pkgDir, '..', '@openclaw', 'ai', 'dist')].find((d) => fs.existsSync(d));
  if (!aiDist) return undefined;
  const texts = fs.readdirSync(aiDist).filter((f) => f.endsWith('.mjs')).map((f) => fs.readFileSync(path.join(aiDist, f), 'utf8'));
  const RULE = 'const isGeminiProvider = normalizedProvider.includes("google") || normalizedProvider.includes("gemini") || isGeminiModelId(normalizedModelId) || normalizedToolSchemaProfile === "gemini";';
  const ANTHROPIC = 'const isAnthropicProvider = normalizedProvider.includes("anthropic");';
  const APPLIED = 'if (isGeminiProvider && !isAnthropicProvider) {';
  const text = texts.find((t) => t.includes(RULE));
  if (!text) return undefined;
  if (!text.includes(ANTHROPIC) || !text.includes(APPLIED)) throw new Error('the Gemini schema rule of the transport changed: update geminiFamily()');
  const idRe = /function isGeminiModelId\(modelId\) \{\s*return \/(.+)\/\.test\(modelId\);\s*\}/.exec(text);
  if (!idRe) throw new Error('isGeminiModelId changed: update geminiFamily()');
  const GEMINI_MODEL = 'gemini-tsi-sentinel';
  if (!new RegExp(idRe[1]).test(GEMINI_MODEL)) throw new Error(`${GEMINI_MODEL} is not a Gemini model id for the release`);
  return {
    rule: { providerIncludes: ['google', 'gemini'], modelIdPattern: idRe[1], toolSchemaProfile: 'gemini', notProviderIncludes: ['anthropic'] },
    ...measureFamily('gemini', { model: GEMINI_MODEL }),
  };
}

/**
 * The schemas the same compositions get under another model or provider:
 * every input the texts above were measured under (the baseline, each
 * condition and plugin switch, each availability and profile variant),
 * composed under both; a tool's schema is kept by the hash of its schema
 * under the sentinel, so every variant finds its own. Each mode's control
 * tools as their own template where they change.
 */
function measureFamily(name, { model: familyModel = MODEL, provider: familyProvider = PROVIDER }) {
  const inputs = new Map();
  const add = (args) => inputs.set(JSON.stringify(args), args);
  add([false]);
  for (const c of [...CONDITIONS, ...pluginSwitches()]) add([false, c.extra ?? {}, c.env ?? {}, {}, c.config ?? {}]);
  for (const t of tools) {
    const vars = t.availability?.vars ?? t.whenProfileRestricts?.vars ?? [];
    for (let mask = 0; mask < 1 << vars.length; mask++) {
      const present = vars.filter((_, k) => (mask & (1 << k)) !== 0);
      const absent = vars.filter((_, k) => (mask & (1 << k)) === 0);
      if (t.availability) add([false, {}, {}, absent.length > 0 ? { deny: absent } : {}]);
      if (t.whenProfileRestricts) add([false, {}, {}, { profile: 'coding', alsoAllow: present, ...(absent.length > 0 ? { deny: absent } : {}) }]);
    }
  }
  const under = (f) => {
    const saved = [composeModel, composeProvider];
    [composeModel, composeProvider] = [familyModel, familyProvider];
    try {
      return f();
    } finally {
      [composeModel, composeProvider] = saved;
    }
  };
  const changed = {};
  for (const args of inputs.values()) {
    let plain;
    let family;
    try {
      plain = compose(...args).normalized;
      family = under(() => compose(...args).normalized);
    } catch {
      // an input whose composition fails (a condition above skipped it too)
      continue;
    }
    for (const t of family) {
      const base = plain.find((x) => x.name === t.name);
      if (!base || controlNames.has(t.name)) continue;
      const w = wire(t);
      const b = wire(base);
      if (w.description !== b.description) throw new Error(`${name}: ${t.name}'s description changes too`);
      if (JSON.stringify(w.parameters) === JSON.stringify(b.parameters)) continue;
      const key = createHash('sha256').update(JSON.stringify(b.parameters)).digest('hex').slice(0, 16);
      const list = (changed[t.name] ??= []);
      if (!list.some((e) => e.base === key)) list.push({ base: key, parameters: w.parameters });
    }
  }
  const familyModes = {};
  for (const mode of searchModes) {
    const plain = under(() => modeSurface(mode));
    const probed = under(() => modeSurface(mode, PROBE_LIMITS));
    let template = JSON.stringify(probed.controlTools);
    for (const [k, v] of Object.entries(PROBE_LIMITS)) template = template.split(String(v)).join(`{{${k}}}`);
    if (fill(template, DEFAULT_LIMITS) !== JSON.stringify(plain.controlTools)) throw new Error(`${name} ${mode}: the control tools do not vary only by the limits`);
    if (template !== modes[mode].controlToolsTemplate) familyModes[mode] = { controlToolsTemplate: template };
  }
  return {
    // tool -> [{ base: sha256(its schema under the sentinel, as JSON).slice(0, 16), parameters }]
    tools: Object.fromEntries(Object.entries(changed).sort(([x], [y]) => (x < y ? -1 : 1))),
    modes: familyModes,
  };
}
const gemini = geminiFamily();

/**
 * Bundled provider plugins whose hooks rewrite tool schemas
 * (`buildProviderToolCompatFamilyHooks(...)` in their entry: Ollama's and LM
 * Studio's llama.cpp GBNF subset, ...): the same compositions under that
 * provider id, kept as `provider:<id>` (applied when the run's provider is that id).
 */
function providerFamilies() {
  const out = {};
  for (const { dir, manifest: m } of bundledPluginManifests(pkgDir)) {
    const entry = path.join(dir, 'index.js');
    if (!fs.existsSync(entry) || !fs.readFileSync(entry, 'utf8').includes('buildProviderToolCompatFamilyHooks("')) continue;
    const ids = Array.isArray(m.providers) ? m.providers.filter((x) => typeof x === 'string') : [];
    for (const id of ids) {
      const measured = measureFamily(`provider:${id}`, { provider: id });
      if (Object.keys(measured.tools).length === 0 && Object.keys(measured.modes).length === 0) continue;
      // Providers whose hooks give the same schemas share one entry (Ollama's and LM Studio's GBNF subset).
      const same = Object.values(out).find((f) => JSON.stringify({ tools: f.tools, modes: f.modes }) === JSON.stringify(measured));
      if (same) same.rule.providers.push(id);
      else out[`provider:${id}`] = { rule: { providers: [id] }, ...measured };
    }
  }
  return out;
}
const providerSchemaFamilies = providerFamilies();
// Code Mode (`tools.codeMode`: exec/wait), where the release has it (scripts/lib/codeModeFacts.mjs).
const codeMode = await codeModeFacts(dist, distModules);

const data = {
  openclawVersion: version,
  generatedBy: 'scripts/extract-openclaw-tools.mjs',
  sources: {
    tools: normalizeAgentRuntimeTools
      ? 'createOpenClawCodingTools (src/agents/pi-tools.ts) in an operator turn of the owner, then normalizeAgentRuntimeTools for an openai-completions provider'
      : 'createOpenClawCodingTools (src/agents/pi-tools.ts) in an operator turn of the owner (the release normalizes inside it)',
    modes: searchModes.length > 0 ? 'applyToolSearchCatalog / applyToolSchemaDirectoryCatalog (src/agents/tool-search*.ts) over the same composition with tools.toolSearch per mode' : 'none: the release has no Tool Search',
    owner: 'getPluginToolMeta(tool).pluginId, else core',
    groups: groupsFromEpoch ? 'expandToolGroups over the release\'s groups (src/core/policy/epochs, same release; its CORE_TOOL_GROUPS is private)' : 'CORE_TOOL_GROUPS (src/agents/tool-catalog.ts)',
    conditions: 'the same composition with one more input each (see CONDITIONS in the script)',
    availability: 'the same composition with tools.deny naming each tool once, then every combination of the tools a text depends on',
    whenProfileRestricts: 'the same composition with tools.profile "coding", and with the tool in alsoAllow (which gives back the baseline)',
    configTextVariants: 'the same composition with one more config key each (see CONFIG_TEXT_VARIANTS in the script): the tools whose description it changes',
    schemaFamilies: 'the same compositions under a Gemini-family model id (normalizeToolParameterSchema cleans its schemas); the rule read from @openclaw/ai',
    mcpUtilityTools: 'buildBundleMcpToolsFromCatalog (src/agents/agent-bundle-mcp-materialize.ts) for a server with resources and prompts and no tools',
    requestOrder: order.source,
  },
  inputs: { provider: 'openai-completions', contextWindow: CONTEXT_WINDOW, modelHasVision: false, senderIsOwner: true, trigger: 'local operator turn' },
  // `by-name`: the run sorts its tools array by name; `composition`: `tools` is in the order the run sends them.
  requestOrder: order.order,
  tools,
  conditions,
  conditionalTools: [...conditional.values()].sort((a, b) => (a.name < b.name ? -1 : 1)),
  ...(configTextVariants.length > 0 ? { configTextVariants } : {}),
  // Tool schemas as a model family's transport cleans them (only the tools and modes that change).
  ...(gemini || Object.keys(providerSchemaFamilies).length > 0 ? { schemaFamilies: { ...(gemini ? { gemini } : {}), ...providerSchemaFamilies } } : {}),
  modes,
  // Per MCP server that offers resources / prompts: `<server>__<operation>` tools, texts with a `{{serverName}}` slot.
  mcpUtilityTools: mcpUtilityTools(),
  ...(codeMode ? { codeMode } : {}),
};
const out = outArg ? path.resolve(outArg) : path.join(repo, 'src/core/sources/versions', `openclaw-${version}.tools.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(data, null, 1)}\n`);
console.log(`wrote ${path.relative(repo, out)} (${tools.length} tools, ${conditional.size} conditional, ${conditions.length} conditions, ${availabilityCount} with texts that follow other tools, ${profileCount} that follow the profile)`);
process.exit(0);
