#!/usr/bin/env node
/**
 * Reads, from one installed `openclaw` release, the facts the inspector models
 * per behaviour epoch: the tool policy tables and the Tool Search config,
 * ranking and compact-entry facts. Every fact is the release's own answer:
 * its functions are called (found by name, whatever the dist shape), and only
 * where a release keeps a fact private is it read from the function's text.
 *
 *   <node 24> scripts/lib/openclawFacts.mjs <path to node_modules/openclaw>   -> JSON on stdout
 *
 * Dist shapes read: bundled `.mjs` chunks (2026.8 on), bundled `.js` chunks,
 * and an unbundled `dist/` tree (one module per source file, 2026.1/2).
 * Test tooling only.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { releaseModules } from './openclawRelease.mjs';
import { readChecks } from './openclawReadChecks.mjs';
import { convertSchema, isOpenClawSchema, legacyPathsFromText } from './openclawSchema.mjs';

/**
 * @param {string} pkgDir the release's package folder
 * @param {{ retired?: { path: string, sample: unknown }[] }} [opts] key paths earlier releases' schemas had (readChecks' probes)
 */
export async function readReleaseFacts(pkgDir, opts = {}) {
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  // local export name -> files; a bundled chunk exports `local as x`, an unbundled module `export function local`.
  const { dist, files, shape, text, load, fn, value, exportsOf } = releaseModules(pkgDir);
  /** The source text of the first function definition named `name` (in `only` when given) and its file. */
  const fnSource = (name, only) => {
    const re = new RegExp(`function ${name}\\s*\\(`);
    for (const f of only ? [only] : [...(exportsOf.get(name) ?? []), ...files]) {
      const t = text(f);
      const at = t.search(re);
      if (at >= 0) return { file: f, text: functionBody(t, at) };
    }
    return undefined;
  };
  const fnText = (name, only) => fnSource(name, only)?.text;
  /** The function `name` as defined in `file` (not another module's function of the same name). */
  const fnIn = async (file, name) => {
    const mod = await load(file);
    if (typeof mod[name] === 'function') return mod[name];
    return Object.values(mod).find((v) => typeof v === 'function' && v.name === name);
  };

  // Scratch state: some chunks read HOME or the state dir when they load.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-facts-'));
  process.env.HOME = scratch;
  process.env.OPENCLAW_STATE_DIR = path.join(scratch, 'state');
  process.env.OPENCLAW_CONFIG_PATH = path.join(scratch, 'openclaw.json');
  try {
    const policy = await policyFacts();
    const toolSearch = await toolSearchFacts();
    const configSchema = await configSchemaFacts();
    return { openclawVersion: pkg.version, distShape: shape, policy, toolSearch: toolSearch && { ...toolSearch, ...(await surfaceFacts(policy.coreTools.map((t) => t.name))) }, configSchema };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }

  /** The release's own config schema (`OpenClawSchema`) as a node table, and the paths its doctor migrates. */
  async function configSchemaFacts() {
    const root = await value('OpenClawSchema', isOpenClawSchema);
    if (!isOpenClawSchema(root)) throw new Error(`openclaw ${pkg.version}: no OpenClawSchema`);
    const legacy = fnSource('findLegacyConfigIssues');
    if (!legacy) throw new Error(`openclaw ${pkg.version}: no findLegacyConfigIssues`);
    const legacyPaths = legacyPathsFromText(text(legacy.file), new Set(Object.keys(root._zod.def.shape)));
    // Retired models: the bundled provider manifests' `modelCatalog.suppressions` (data the release ships).
    const suppressedModels = [];
    const extDir = path.join(dist, 'extensions');
    for (const id of fs.existsSync(extDir) ? fs.readdirSync(extDir).sort() : []) {
      const manifest = path.join(extDir, id, 'openclaw.plugin.json');
      if (!fs.existsSync(manifest)) continue;
      try {
        for (const x of JSON.parse(fs.readFileSync(manifest, 'utf8')).modelCatalog?.suppressions ?? []) {
          if (typeof x?.provider === 'string' && typeof x?.model === 'string') suppressedModels.push({ provider: x.provider, model: x.model, ...(typeof x.reason === 'string' ? { reason: x.reason } : {}) });
        }
      } catch {
        // A manifest the release itself could not read decides nothing here.
      }
    }
    // Checks the validation makes beyond the schema, each asked of the release's own config read.
    const read = await fn('readConfigFileSnapshot');
    const snapshot = async (config) => {
      if (!read) return undefined;
      const file = path.join(scratch, 'probe.json');
      fs.writeFileSync(file, JSON.stringify(config));
      process.env.OPENCLAW_CONFIG_PATH = file;
      try {
        const s = await read();
        return { valid: s.valid === true, issues: (s.issues ?? []).map((i) => ({ path: String(i.path), message: String(i.message) })) };
      } catch {
        return undefined;
      }
    };
    const probe = async (config) => ((await snapshot(config))?.issues ?? []).map((i) => i.path);
    const first = suppressedModels[0];
    const rejectsSuppressedModels = first ? (await probe({ agents: { defaults: { model: { primary: `${first.provider}/${first.model}` } } } })).some((p) => p.startsWith('agents.defaults.model')) : false;
    let rejectsUnknownBindingAgent = false;
    for (const agents of [{ entries: { main: {} } }, { list: [{ id: 'main' }] }]) {
      const issues = await probe({ agents, bindings: [{ agentId: 'ghost', match: { channel: 'telegram' } }] });
      if (issues.includes('bindings.0.agentId')) rejectsUnknownBindingAgent = true;
    }
    const table = convertSchema(root);
    // The plugin manifests it ships: dist/extensions (bundled releases) or extensions/ beside dist (early ones).
    const manifestIds = [];
    for (const dir of [extDir, path.join(pkgDir, 'extensions')]) {
      for (const id of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
        try {
          const m = JSON.parse(fs.readFileSync(path.join(dir, id, 'openclaw.plugin.json'), 'utf8'));
          if (typeof m?.id === 'string') manifestIds.push(m.id);
        } catch {
          // No manifest, or one the release itself could not read: no plugin id.
        }
      }
    }
    const reading = read ? await readChecks({ probe: snapshot, fn, value, table, retired: opts.retired, manifestIds }) : undefined;
    for (const n of reading?.notes ?? []) console.error(`[facts] openclaw ${pkg.version}: ${n}`);
    const readFacts = reading && Object.fromEntries(Object.entries(reading).filter(([k]) => k !== 'notes'));
    return { ...table, legacyPaths: [...legacyPaths].sort(), suppressedModels, rejectsSuppressedModels, rejectsUnknownBindingAgent, ...(readFacts ? { read: readFacts } : {}) };
  }

  async function policyFacts() {
    const need = async (name) => {
      const f = await fn(name);
      if (!f) throw new Error(`openclaw ${pkg.version}: no ${name}`);
      return f;
    };
    const resolveToolProfilePolicy = await need('resolveToolProfilePolicy');
    const expandToolGroups = await need('expandToolGroups');
    const groupsTable = await value('TOOL_GROUPS', (v) => v && typeof v === 'object' && !Array.isArray(v) && 'group:fs' in v && 'group:runtime' in v);
    const listCoreToolSections = await fn('listCoreToolSections');
    const sections = listCoreToolSections ? listCoreToolSections({ swarmEnabled: true, githubPublicationAvailable: true }) : undefined;
    // Where the table is private to its chunk, every `group:` name the release's text mentions is asked for.
    const groupNames = groupsTable
      ? Object.keys(groupsTable)
      : [...new Set([...files.flatMap((f) => text(f).match(/\bgroup:[a-z][a-z0-9_-]*/g) ?? []), ...(sections ?? []).map((s) => `group:${s.id}`)])].filter((g) => {
          const out = expandToolGroups([g]);
          return out.length > 0 && !(out.length === 1 && out[0] === g);
        });
    if (groupNames.length === 0) throw new Error(`openclaw ${pkg.version}: no tool groups`);
    const groups = Object.fromEntries(groupNames.sort().map((g) => [g, [...expandToolGroups([g])]]));


    const profiles = {};
    for (const p of ['minimal', 'coding', 'messaging', 'full']) {
      const allow = resolveToolProfilePolicy(p)?.allow;
      profiles[p] = allow ? [...allow] : null;
    }
    const expandedProfile = (p) => new Set(profiles[p] ? expandToolGroups(profiles[p]) : []);

    // Core tools: the catalog's sections where the release has one, else every tool its groups name.
    const resolveCoreToolProfiles = await fn('resolveCoreToolProfiles');
    const profilesOf = (name) =>
      resolveCoreToolProfiles ? [...resolveCoreToolProfiles(name)] : ['minimal', 'coding', 'messaging'].filter((p) => expandedProfile(p).has(name));
    let coreTools;
    if (sections) {
      coreTools = sections.flatMap((s) =>
        s.tools.map((t) => ({ name: t.id, section: s.id, ...(t.description ? { description: t.description } : {}), profiles: profilesOf(t.id) })),
      );
    } else {
      const seen = new Set();
      coreTools = [];
      for (const [g, members] of Object.entries(groups)) {
        if (g === 'group:openclaw' || g === 'group:plugins') continue;
        for (const name of members) {
          if (seen.has(name)) continue;
          seen.add(name);
          coreTools.push({ name, section: g.slice('group:'.length), profiles: profilesOf(name) });
        }
      }
      for (const name of groups['group:openclaw'] ?? []) {
        if (!seen.has(name)) {
          seen.add(name);
          coreTools.push({ name, section: 'openclaw', profiles: profilesOf(name) });
        }
      }
    }

    // Aliases: the literal table, each entry confirmed by normalizeToolName.
    const aliasFile = files.find((f) => /\bconst TOOL_NAME_ALIASES =/.test(text(f)) && /function normalizeToolName\s*\(/.test(text(f))) ??
      files.find((f) => /\bconst TOOL_NAME_ALIASES =/.test(text(f)));
    const aliases = {};
    if (aliasFile) {
      const aliasText = text(aliasFile);
      // Confirmed by the normalizer beside the table, else the policy's own (2026.9: normalizeToolPolicyName).
      const normalizeToolName = (await fnIn(aliasFile, 'normalizeToolName')) ?? (await fn('normalizeToolPolicyName'));
      if (!normalizeToolName) throw new Error(`openclaw ${pkg.version}: no normalizer for TOOL_NAME_ALIASES`);
      const at = aliasText.search(/\bconst TOOL_NAME_ALIASES =/);
      const block = aliasText.slice(at, aliasText.indexOf(';', at));
      for (const m of block.matchAll(/\[\s*"([^"]+)",\s*"([^"]+)"\s*\]|(?:"([^"]+)"|([A-Za-z_]\w*))\s*:\s*"([^"]+)"/g)) {
        const from = m[1] ?? m[3] ?? m[4];
        const to = m[2] ?? m[5];
        if (normalizeToolName(from) === to) aliases[from] = to;
      }
    }

    // Sandbox: the defaults as resolved for an agent with no sandbox config.
    const resolveSandbox = await need('resolveSandboxToolPolicyForAgent');
    const sandboxFor = (tools) => resolveSandbox(tools ? { tools: { sandbox: { tools } } } : {}, 'main');
    const defaults = sandboxFor(undefined);
    const withExec = sandboxFor({ allow: ['exec'] });
    const added = (withExec.allow ?? []).filter((t) => t !== 'exec');
    const withEmpty = sandboxFor({ allow: [] });
    const sandboxImplicitAllow = added.length === 1 ? { tool: added[0], onlyWhenRestricted: !(withEmpty.allow ?? []).includes(added[0]) } : null;
    const sandboxAlsoAllow = (sandboxFor({ alsoAllow: ['zz_probe_tool'] }).allow ?? []).includes('zz_probe_tool');

    // apply_patch rides on another tool's admission.
    const admits = await admitsApplyPatch();
    const deniedWithAdmitter = admits ? await deniesApplyPatchWith(admits) : false;

    // Plugin-only allow lists: the default pipeline over one core and one plugin tool.
    const stripsPluginOnlyAllowlist = await stripsPluginOnly();

    // Shipped policy names: renamed entries and plugin families, as the release's own expansion answers.
    const shippedNames = await shippedPolicyNames();

    // `tools.byProvider` keys that differ only in case: which one the release's lookup keeps.
    const byProviderDuplicateKey = await byProviderDuplicate();

    // Bundled plugins: dist/extensions (bundled releases) or extensions/ beside dist (early ones).
    const bundledPlugins = new Set();
    for (const dir of [path.join(dist, 'extensions'), path.join(pkgDir, 'extensions')]) {
      if (!fs.existsSync(dir)) continue;
      for (const d of fs.readdirSync(dir)) {
        const f = path.join(dir, d, 'openclaw.plugin.json');
        if (!fs.existsSync(f)) continue;
        try {
          const id = JSON.parse(fs.readFileSync(f, 'utf8')).id;
          if (typeof id === 'string') bundledPlugins.add(id);
        } catch {
          // a manifest that is not JSON names no plugin
        }
      }
    }
    return {
      coreTools,
      groups,
      profiles,
      aliases,
      sandbox: { allow: [...(defaults.allow ?? [])], deny: [...(defaults.deny ?? [])] },
      applyPatchAdmittedBy: admits,
      applyPatchDeniedWithAdmitter: deniedWithAdmitter,
      stripsPluginOnlyAllowlist,
      sandboxAlsoAllow,
      sandboxImplicitAllow,
      ...shippedNames,
      ...(byProviderDuplicateKey ? { byProviderDuplicateKey } : {}),
      ...(await mcpNameFacts()),
      ...planToolGate(),
      bundledPlugins: [...bundledPlugins].sort(),
    };
  }

  /**
   * What builds `update_plan` without an allow list naming it (2026.5.12 - 6.10:
   * `isUpdatePlanToolEnabledForOpenClawTools`): `tools.experimental.planTool` when it is set,
   * else the strict-agentic contract's runs (`isStrictAgenticSupportedProviderModel`: a provider
   * of `providers` and a bare model id matching `modelPattern`; `resolveAgentExecutionContract`:
   * the agent's, else `agents.defaults`', `<contractKey>.executionContract`, where only `default`
   * opts out). Read from the functions' text (all private); no field where the release has no such gate.
   */
  function planToolGate() {
    const gateSource = fnSource('isUpdatePlanToolEnabledForOpenClawTools');
    if (!gateSource) return {};
    const gate = gateSource.text;
    const fail = (what) => {
      throw new Error(`openclaw ${pkg.version}: the update_plan gate is not the one read before (${what})`);
    };
    if (!/config\?\.tools\?\.experimental\?\.planTool/.test(gate) || !/isStrictAgenticExecutionContractActive/.test(gate)) fail('isUpdatePlanToolEnabledForOpenClawTools');
    const supported = fnSource('isStrictAgenticSupportedProviderModel') ?? fail('no isStrictAgenticSupportedProviderModel');
    const providers = [...supported.text.matchAll(/provider !== "([^"]+)"/g)].map((m) => m[1]);
    const patternName = /([A-Z_]+)\.test\(bareModelId\)/.exec(supported.text)?.[1] ?? fail('no model pattern');
    const pattern = new RegExp(`${patternName}\\s*=\\s*/(.+)/([a-z]*);`).exec(text(supported.file)) ?? fail(`no ${patternName}`);
    const contract = fnText('resolveAgentExecutionContract') ?? fail('no resolveAgentExecutionContract');
    const contractKey = /defaults\?\.(\w+)\?\.executionContract/.exec(contract)?.[1] ?? fail('resolveAgentExecutionContract');
    const effective = fnText('resolveEffectiveExecutionContract') ?? fail('no resolveEffectiveExecutionContract');
    if (!/explicit === "default"\) return "default"/.test(effective)) fail('resolveEffectiveExecutionContract');
    if (providers.length === 0) fail('no provider');
    // The tool it builds: the name the allow-list test beside the gate asks for.
    const tool = /toolName: "([\w-]+)",[^;]{0,400}?\}\) \|\| isUpdatePlanToolEnabledForOpenClawTools\(/.exec(text(gateSource.file))?.[1] ?? fail('no tool name beside the gate');
    // The run's model where the config names none: the agent defaults' module (`DEFAULT_PROVIDER` beside `DEFAULT_MODEL`).
    const defaults = files.map((f) => text(f)).find((t) => /const DEFAULT_PROVIDER = "[^"]+"/.test(t) && /const DEFAULT_MODEL = "[^"]+"/.test(t));
    const defaultProvider = defaults && /const DEFAULT_PROVIDER = "([^"]+)"/.exec(defaults)?.[1];
    const defaultModel = defaults && /const DEFAULT_MODEL = "([^"]+)"/.exec(defaults)?.[1];
    if (!defaultProvider || !defaultModel) fail('no DEFAULT_PROVIDER beside DEFAULT_MODEL');
    return { planToolGate: { tool, setting: 'tools.experimental.planTool', providers, modelPattern: pattern[1], modelFlags: pattern[2], contractKey, defaultRun: { provider: defaultProvider, model: defaultModel } } };
  }

  /**
   * Whether the release's MCP name sanitizer (`sanitizeToolFragment` of agent-bundle-mcp-names) makes each
   * fragment start with a letter (`9lives` -> `tool-9lives`, server `123srv` -> `mcp-123srv`; 2026.5.12 on) or
   * keeps a leading digit (4.1 - 4.8). Asked of its own `buildSafeToolName` where the release exports it, else
   * read from the sanitizer's text (4.8 keeps it private); no field where the release has no sanitizer.
   */
  async function mcpNameFacts() {
    const build = await fn('buildSafeToolName');
    if (build) {
      const name = build({ serverName: 'probesrv', toolName: '9lives', reservedNames: new Set() });
      if (name !== 'probesrv__9lives' && name !== 'probesrv__tool-9lives') throw new Error(`openclaw ${pkg.version}: buildSafeToolName gave ${JSON.stringify(name)}`);
      return { mcpNameLetterFirst: name === 'probesrv__tool-9lives' };
    }
    const sanitizer = fnText('sanitizeToolFragment');
    return sanitizer === undefined ? {} : { mcpNameLetterFirst: /\^\[A-Za-z\]/.test(sanitizer) };
  }

  /**
   * `first`: the first key in the object wins; `last`: every key goes into one
   * map and the later wins; `canonical`: the first wins unless a later one is
   * already in canonical (trimmed, lower-case) form. Asked of the release's
   * `resolveProviderToolPolicy` with both orders.
   */
  async function byProviderDuplicate() {
    const resolve = await fn('resolveProviderToolPolicy');
    if (!resolve) {
      // Private to its chunk: read from its lookup's text (a plain map is `last`; an existing-entry check `first`).
      const body = fnText('resolveProviderToolPolicy');
      if (!body) return undefined;
      const helper = /=\s*([A-Za-z_$][\w$]*)\(entries\)/.exec(body)?.[1];
      const lookup = `${body}\n${helper ? fnText(helper) ?? '' : ''}`;
      if (/canonical/i.test(lookup)) return 'canonical';
      if (/\.set\(normalized,\s*value\)/.test(lookup) && !/\.has\(normalized\)|existing/.test(lookup)) return 'last';
      if (/\.has\(normalized\)/.test(lookup)) return 'first';
      throw new Error(`openclaw ${pkg.version}: resolveProviderToolPolicy's lookup is neither a plain map nor first-wins`);
    }
    const pick = (byProvider) => resolve({ modelProvider: 'openai', byProvider })?.allow?.[0];
    const lowerFirst = pick({ openai: { allow: ['A'] }, OpenAI: { allow: ['B'] } });
    const upperFirst = pick({ OpenAI: { allow: ['A'] }, openai: { allow: ['B'] } });
    if (lowerFirst === 'B' && upperFirst === 'B') return 'last';
    if (lowerFirst === 'A' && upperFirst === 'B') return 'canonical';
    if (lowerFirst === 'A' && upperFirst === 'A') return 'first';
    throw new Error(`openclaw ${pkg.version}: resolveProviderToolPolicy answered ${lowerFirst}/${upperFirst} for duplicate keys`);
  }

  /**
   * `SHIPPED_CORE_POLICY_RENAMES` and `SHIPPED_PLUGIN_POLICY_FAMILY_CORE_TOOLS`
   * (private maps: read from their literal), each entry confirmed by calling
   * `expandPolicyWithPluginGroups` on it with no plugin tools loaded. Whether a
   * family key stays an entry of its own is that call's answer: 2026.8.1 -
   * 9.2 replace `canvas` by its plugin's tools and `show_widget`, so the name
   * itself no longer selects a core tool `canvas`; 9.5 on keep it.
   */
  async function shippedPolicyNames() {
    const none = { policyNameRenames: {}, policyNameFamilies: {}, policyFamilyKeepsEntry: null };
    const expand = await fn('expandPolicyWithPluginGroups');
    const mapLiteral = (name) => {
      for (const f of files) {
        const t = text(f);
        const at = t.search(new RegExp(`\\bconst ${name} =`));
        if (at < 0) continue;
        const open = t.indexOf('new Map(', at);
        const close = t.indexOf(');', open);
        if (open < 0 || close < 0) continue;
        return JSON.parse(t.slice(open + 'new Map('.length, close));
      }
      return [];
    };
    const renames = mapLiteral('SHIPPED_CORE_POLICY_RENAMES');
    const families = mapLiteral('SHIPPED_PLUGIN_POLICY_FAMILY_CORE_TOOLS');
    if (!expand || (renames.length === 0 && families.length === 0)) return none;
    const expanded = (entry) => [...(expand({ allow: [entry] }, { all: [], byPlugin: new Map() })?.allow ?? [])];
    const policyNameRenames = {};
    for (const [from, to] of renames) if (expanded(from).includes(to)) policyNameRenames[from] = to;
    const policyNameFamilies = {};
    let keeps = null;
    for (const [key, members] of families) {
      const out = expanded(key);
      if (!members.every((m) => out.includes(m))) continue;
      policyNameFamilies[key] = members;
      const kept = out.includes(key);
      if (keeps !== null && keeps !== kept) throw new Error(`openclaw ${pkg.version}: family keys disagree on keeping the entry`);
      keeps = kept;
    }
    return { policyNameRenames, policyNameFamilies, policyFamilyKeepsEntry: keeps };
  }

  async function admitsApplyPatch() {
    const filterToolsByPolicy = await fn('filterToolsByPolicy');
    const matcher = (await fn('createToolPolicyMatcher')) ?? (await fn('makeToolPolicyMatcher'));
    const byName = await fn('isToolAllowedByPolicyName');
    const allows = (allow) => {
      if (filterToolsByPolicy) return filterToolsByPolicy([{ name: 'apply_patch' }], { allow }).length === 1;
      if (matcher) return matcher({ allow })('apply_patch') === true;
      if (byName) return byName('apply_patch', { allow }) === true;
      throw new Error(`openclaw ${pkg.version}: no filterToolsByPolicy, tool policy matcher or isToolAllowedByPolicyName`);
    };
    for (const candidate of ['exec', 'write', 'edit']) if (allows([candidate])) return candidate;
    return null;
  }

  /** Whether a deny list that names the admitter (`write`) denies apply_patch too (4.1 - ..., not 9.6). */
  async function deniesApplyPatchWith(admitter) {
    const filterToolsByPolicy = await fn('filterToolsByPolicy');
    const matcher = (await fn('createToolPolicyMatcher')) ?? (await fn('makeToolPolicyMatcher'));
    const byName = await fn('isToolAllowedByPolicyName');
    const deny = [admitter];
    if (filterToolsByPolicy) return filterToolsByPolicy([{ name: 'apply_patch' }], { deny }).length === 0;
    if (matcher) return matcher({ deny })('apply_patch') === false;
    if (byName) return byName('apply_patch', { deny }) === false;
    throw new Error(`openclaw ${pkg.version}: no filterToolsByPolicy, tool policy matcher or isToolAllowedByPolicyName`);
  }

  async function stripsPluginOnly() {
    const apply = await fn('applyToolPolicyPipeline');
    const steps = await fn('buildDefaultToolPolicyPipelineSteps');
    const setMeta = await fn('setPluginToolMeta');
    const getMeta = await fn('getPluginToolMeta');
    if (apply && steps && setMeta && getMeta) {
      const core = { name: 'exec' };
      const plugin = { name: 'zz_probe_plugin_tool' };
      setMeta(plugin, { pluginId: 'zz-probe-plugin', optional: false });
      const kept = apply({ tools: [core, plugin], toolMeta: (t) => getMeta(t), warn: () => {}, steps: steps({ globalPolicy: { allow: ['zz-probe-plugin'] } }) });
      return kept.includes(core);
    }
    // Releases before the pipeline strip in the tool composition itself.
    const strip = await fn('stripPluginOnlyAllowlist');
    return strip !== undefined;
  }

  /**
   * Which tools stay in front of the model while Tool Search catalogs them:
   * the release's `applyToolSearchCatalog` over every core tool, `message`
   * and the control tools in `tools` mode, with `message` named as the run's
   * reply path (`directToolNames`, which releases before 2026.8.1 do not read).
   */
  async function surfaceFacts(coreNames) {
    const apply = await fn('applyToolSearchCatalog');
    const ref = await fn('createToolSearchCatalogRef');
    if (!apply) throw new Error(`openclaw ${pkg.version}: resolveToolSearchConfig without applyToolSearchCatalog`);
    const controls = new Set(['tool_search_code', 'tool_search', 'tool_describe', 'tool_call']);
    const names = [...new Set([...coreNames, 'message', ...controls])];
    const tools = names.map((name) => ({ name, label: name, description: name, parameters: { type: 'object', properties: {} }, execute: async () => ({ content: [] }) }));
    const out = apply({
      tools,
      config: { tools: { toolSearch: { mode: 'tools' } } },
      ...(ref ? { catalogRef: ref() } : {}),
      sessionId: 'tsi-probe',
      sessionKey: 'agent:main:tsi-probe',
      agentId: 'main',
      runId: 'tsi-probe',
      directToolNames: ['message'],
    });
    const shown = new Set(out.tools.map((t) => t.name));
    const searchable = names.filter((n) => !controls.has(n));
    // Every non-control tool is cataloged in these releases; the question is which stay shown too.
    if (out.catalogToolCount !== searchable.length) throw new Error(`openclaw ${pkg.version}: cataloged ${out.catalogToolCount} of ${searchable.length} probe tools`);
    return {
      mcpEntryOwner: await mcpEntryOwner(apply),
      directoryTexts: await directoryTexts(apply, ref),
      visibleWhileSearchable: coreNames.filter((n) => n !== 'message' && shown.has(n)),
      replyTool: shown.has('message') ? 'cataloged-visible' : 'cataloged',
    };
  }

  /**
   * The owner an MCP tool's catalog entry names (its id `mcp:<owner>:<name>`, its `sourceName`): the server's
   * safe name (2026.8.1 on), or the plugin all MCP tools belong to, `bundle-mcp` (2026.5.12 - 6.10). The
   * release's own `applyToolSearchCatalog` over one MCP tool, its metadata as the bundle MCP runtime sets it.
   */
  async function mcpEntryOwner(apply) {
    const setMeta = await fn('setPluginToolMeta');
    if (!setMeta) throw new Error(`openclaw ${pkg.version}: Tool Search without setPluginToolMeta`);
    const tool = { name: 'probesrv__probe_tool', label: 'probe_tool', description: 'probe', parameters: { type: 'object', properties: {} }, execute: async () => ({ content: [] }) };
    setMeta(tool, { pluginId: 'bundle-mcp', optional: false, mcp: { serverName: 'probesrv', safeServerName: 'probesrv', toolName: 'probe_tool', operation: 'tool' } });
    const controls = ['tool_search', 'tool_describe', 'tool_call'].map((name) => ({ name, label: name, description: name, parameters: { type: 'object', properties: {} }, execute: async () => ({ content: [] }) }));
    const catalogRef = {};
    apply({ tools: [tool, ...controls], config: { tools: { toolSearch: { mode: 'tools' } } }, catalogRef, sessionId: 'tsi-mcp', sessionKey: 'agent:main:tsi-mcp', agentId: 'main', runId: 'tsi-mcp' });
    const id = catalogRef.current?.entries?.find((e) => e.name === tool.name)?.id;
    if (id === 'mcp:probesrv:probesrv__probe_tool') return 'server';
    if (id === 'mcp:bundle-mcp:probesrv__probe_tool') return 'bundle-mcp';
    throw new Error(`openclaw ${pkg.version}: an MCP entry's id is ${JSON.stringify(id)}`);
  }

  /**
   * The directory's texts as the release renders them: its
   * `buildToolSchemaDirectoryPrompt` over a catalog of one listable tool, with
   * and without one unlistable tool (so the footer's omitted form shows), in
   * each mode, and over an empty catalog. `null` before directory mode.
   */
  async function directoryTexts(apply, ref) {
    const build = await fn('buildToolSchemaDirectoryPrompt');
    const applyDirectory = await fn('applyToolSchemaDirectoryCatalog');
    if (!build || !applyDirectory) return null;
    const render = (mode, names, tag = String(names.length)) => {
      const catalogRef = ref ? ref() : undefined;
      const config = { tools: { toolSearch: { mode } } };
      const ids = { sessionId: `tsi-dir-${mode}-${tag}`, sessionKey: `agent:main:tsi-dir-${mode}-${tag}`, agentId: 'main', runId: `tsi-dir-${mode}-${tag}` };
      const tools = [...names, 'tool_search_code', 'tool_search', 'tool_describe', 'tool_call'].map((name) => ({ name, label: name, description: names.length > 2 ? `${name} `.repeat(40).slice(0, 180) : `probe ${name}`, parameters: { type: 'object', properties: {} }, execute: async () => ({ content: [] }) }));
      (mode === 'directory' ? applyDirectory : apply)({ tools, config, ...(catalogRef ? { catalogRef } : {}), ...ids });
      return build({ config, runtimeConfig: config, ...(catalogRef ? { catalogRef } : {}), ...ids });
    };
    // Rendered: heading, rows, blank line, [notice,] footer. The footer's omitted form is `N additional tools omitted. <guidance>`.
    const parts = (t) => {
      const lines = t.split('\n');
      const blank = lines.indexOf('');
      return { heading: lines[0], notice: lines.length - blank > 2 ? lines[blank + 1] : null, footer: lines[lines.length - 1] };
    };
    const guidance = {};
    let heading;
    let notice;
    for (const mode of ['code', 'tools', 'directory']) {
      const listed = parts(render(mode, ['alpha']));
      const omitted = parts(render(mode, ['alpha', 'not listable!']));
      heading = listed.heading;
      notice = listed.notice;
      guidance[mode] = { listed: listed.footer, omitted: omitted.footer.replace(/^1 additional tools omitted\. /, '') };
    }
    // Whether descriptions shrink before rows are dropped: 150 rows of 180-character descriptions do not fit 18,000 characters.
    const long = Array.from({ length: 150 }, (_, i) => `probe${String(i).padStart(3, '0')}`);
    const many = render('directory', long).split('\n').filter((l) => l.startsWith('- '));
    const shrinks = many.length === long.length;
    // Whether a tool kept in front of the model (the core coding tool `read`, visible from 2026.8.1) is still a
    // row of the directory: 2026.8.1 - 9.2 list every cataloged tool, later releases only the deferred ones.
    const listsVisibleTools = render('directory', ['alpha', 'read'], 'visible').split('\n').some((l) => /^- read[ :]/.test(l));
    // Row order: by name in locale order (`localeCompare`, 6.8 - 6.10: `news` before `newSave`) or by UTF-16 code units (8.1 on).
    const order = render('directory', ['news', 'newSave'], 'order').split('\n').filter((l) => l.startsWith('- '));
    const rowOrder = /^- news[ :]/.test(order[0] ?? '') ? 'locale' : 'code-unit';
    return { heading, empty: render('directory', []), notice, guidance, shrinksDescriptions: shrinks, listsVisibleTools, rowOrder };
  }

  async function toolSearchFacts() {
    const resolve = await fn('resolveToolSearchConfig');
    if (!resolve) return null;
    const at = (toolSearch) => resolve(toolSearch === undefined ? {} : { tools: { toolSearch } });
    const unset = at(undefined);
    const big = at({ mode: 'tools', codeTimeoutMs: 1e9, searchDefaultLimit: 1e9, maxSearchLimit: 1e9 });
    const small = at({ mode: 'tools', codeTimeoutMs: 1, searchDefaultLimit: 1, maxSearchLimit: 1 });
    const dflt = at({ mode: 'tools' });
    const modes = ['code', 'tools', 'directory'].filter((m) => at({ mode: m }).mode === m);

    // Ranking: the release's search function, read from its text (its constants are private).
    const score = fnSource('scoreEntry');
    let ranking;
    if (score) {
      const scoreText = score.text;
      const weight = (re) => Number(re.exec(scoreText)?.[1]);
      const tokenizeText = fnText('tokenize', score.file) ?? '';
      ranking = {
        kind: 'substring',
        tokenSplit: /split\((\/[^\n]*?\/[a-z]*)\)/.exec(tokenizeText)?.[1] ?? null,
        weights: {
          exact: weight(/name === term \|\| id === term\) score \+= (\d+)/),
          name: weight(/name\.includes\(term\)\) score \+= (\d+)/),
          id: weight(/id\.includes\(term\)\) score \+= (\d+)/),
          label: weight(/label\.includes\(term\)\) score \+= (\d+)/),
          description: weight(/description\.includes\(term\)\) score \+= (\d+)/),
        },
      };
      for (const [k, v] of Object.entries(ranking.weights)) if (!Number.isFinite(v)) throw new Error(`openclaw ${pkg.version}: scoreEntry weight ${k} not found`);
    } else {
      const bm25 = files.map(text).find((t) => /BM25|bm25/.test(t) && t.includes('function resolveToolSearchConfig'));
      ranking = { kind: bm25 || files.some((f) => /\bk1\b/.test(text(f)) && text(f).includes('tool_search')) ? 'bm25' : 'unknown' };
    }

    // Compact entries: the release's own compaction of an entry with required, optional and bounded parameters.
    const compact = await fn('compactToolSearchCatalogEntry');
    const probeEntry = {
      id: 'openclaw:core:probe',
      source: 'openclaw',
      sourceName: 'core',
      name: 'probe',
      label: 'Probe',
      description: 'probe',
      parameters: { type: 'object', properties: { query: { type: 'string' }, page: { type: 'number', minimum: 1 } }, required: ['query'] },
      tool: { name: 'probe', description: 'probe', parameters: {} },
    };
    let inputHint;
    if (compact) {
      const out = compact(probeEntry);
      inputHint = typeof out?.input !== 'string' ? 'none' : /\/\*|>=|minimum/.test(out.input) ? 'bounds' : 'no-bounds';
    } else {
      const body = fnText('compactEntry') ?? '';
      inputHint = /\binput\s*:/.test(body) ? 'unknown' : 'none';
    }
    return {
      modes,
      whenUnset: unset.enabled ? unset.mode : 'off',
      trueMode: at(true).enabled ? at(true).mode : 'off',
      defaults: { codeTimeoutMs: dflt.codeTimeoutMs, searchDefaultLimit: dflt.searchDefaultLimit, maxSearchLimit: dflt.maxSearchLimit },
      max: { codeTimeoutMs: big.codeTimeoutMs, maxSearchLimit: big.maxSearchLimit },
      min: { codeTimeoutMs: small.codeTimeoutMs, maxSearchLimit: small.maxSearchLimit },
      ranking,
      inputHint,
    };
  }
}

/** Prefix of the stdout line that holds the facts. */
export const FACTS_MARKER = '@@openclaw-facts@@';

/** The facts from a probe's stdout. */
export function parseFactsOutput(stdout) {
  const line = stdout.split('\n').find((l) => l.startsWith(FACTS_MARKER));
  if (!line) throw new Error('the probe printed no facts');
  return JSON.parse(line.slice(FACTS_MARKER.length));
}

/** `function name(...) { ... }` from `at`: the text up to its matching closing brace. */
function functionBody(t, at) {
  const open = t.indexOf('{', at);
  let depth = 0;
  for (let i = open; i < t.length; i++) {
    if (t[i] === '{') depth++;
    else if (t[i] === '}' && --depth === 0) return t.slice(at, i + 1);
  }
  return t.slice(at);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const pkgDir = process.argv[2];
  if (!pkgDir) {
    console.error('usage: openclawFacts.mjs <path to node_modules/openclaw> [--retired <json file of { path, sample }>]');
    process.exit(2);
  }
  const retiredAt = process.argv.indexOf('--retired');
  const retired = retiredAt > 0 ? JSON.parse(fs.readFileSync(process.argv[retiredAt + 1], 'utf8')) : [];
  // Chunks may log when they load; only the facts go to stdout.
  const write = process.stdout.write.bind(process.stdout);
  console.log = console.info = console.warn = (...a) => process.stderr.write(`${a.join(' ')}\n`);
  const facts = await readReleaseFacts(path.resolve(pkgDir), { retired });
  // Some releases' loggers write to stdout on their own: the facts are the one line after the marker.
  // Into a pipe the write completes later: exit once it has (a large one was cut short).
  write(`\n${FACTS_MARKER}${JSON.stringify(facts)}\n`, () => process.exit(0));
}
