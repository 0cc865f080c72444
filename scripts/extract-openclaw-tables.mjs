#!/usr/bin/env node
/**
 * Extracts, from an installed `openclaw` package, the data the inspector models
 * per OpenClaw version: the config schema (from its zod schemas) and the tool
 * policy tables (core tools, groups, profiles, aliases, sandbox defaults).
 *
 *   node extract-openclaw-tables.mjs <path to node_modules/openclaw>
 *
 * Needs the Node version the package requires (2026.9.6: Node >= 24). Writes
 *   src/core/config/schema/openclaw-<version>.json
 *   src/core/policy/versions/openclaw-<version>.json
 * Test tooling only: nothing here runs in the extension or the CLI.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { byFunctionName, distChunks, findChunk } from './lib/openclawDist.mjs';
import { convertSchema, legacyPathsFromText } from './lib/openclawSchema.mjs';

const pkgDir = process.argv[2];
if (!pkgDir) {
  console.error('usage: extract-openclaw-tables.mjs <path to node_modules/openclaw>');
  process.exit(2);
}
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
const version = pkg.version;
const dist = path.join(pkgDir, 'dist');
const chunks = distChunks(dist);

/** The chunk whose text contains `marker`; chunk names are hashed, their contents are not. */
const chunkWith = (marker) => findChunk(dist, chunks, marker);

async function load(marker) {
  return import(pathToFileURL(path.join(dist, chunkWith(marker))).href);
}

// ---------------------------------------------------------------- config schema

const schemaMod = await load('const OpenClawSchema = strictObject(OpenClawSchemaShape)');
const root = Object.values(schemaMod).find((v) => v && v._zod && v._zod.def.type === 'object' && v._zod.def.shape && 'agents' in v._zod.def.shape && 'mcp' in v._zod.def.shape);
if (!root) {
  throw new Error('OpenClawSchema not found among the schema chunk exports');
}

const { root: rootNode, defs } = convertSchema(root);
const legacyPaths = legacyPathsFromText(fs.readFileSync(path.join(dist, chunkWith('function findLegacyConfigIssues(')), 'utf8'), new Set(Object.keys(root._zod.def.shape)));

// Retired paths the doctor's migrations (commands.ownerDisplay, commands.ownerDisplaySecret) and
// plugin install records name outside findLegacyConfigIssues' chunk.
for (const p of ['commands.ownerDisplay', 'commands.ownerDisplaySecret', 'plugins.installs']) {
  legacyPaths.add(p);
}

const schema = {
  openclawVersion: version,
  generatedBy: 'scripts/extract-openclaw-tables.mjs',
  source: 'OpenClawSchema (src/config/zod-schema.ts and the zod-schema.*.ts it composes), read from the package dist',
  // Keys OpenClaw's superRefine rejects with a migration hint (zod-schema.mcp-server.ts): read
  // from the source by hand, since refinements are code, not data.
  legacyKeys: {
    'mcp.servers.*.connectTimeout': 'connectionTimeoutMs',
    'mcp.servers.*.connect_timeout': 'connectionTimeoutMs',
    'mcp.servers.*.timeout': 'requestTimeoutMs',
    'mcp.servers.*.workingDirectory': 'cwd',
    'mcp.servers.*.supports_parallel_tool_calls': 'supportsParallelToolCalls',
    'mcp.servers.*.ssl_verify': 'sslVerify',
    'mcp.servers.*.client_cert': 'clientCert',
    'mcp.servers.*.client_key': 'clientKey',
    'mcp.servers.*.disabled': 'enabled',
  },
  // Keys under these paths are known to OpenClaw as legacy (migrated by `openclaw doctor --fix`), not unknown.
  legacyPaths: [...legacyPaths].sort(),
  root: rootNode,
  defs,
};
const schemaOut = path.join(repo, 'src/core/config/schema', `openclaw-${version}.json`);
fs.mkdirSync(path.dirname(schemaOut), { recursive: true });
fs.writeFileSync(schemaOut, `${JSON.stringify(schema, null, 1)}\n`);
console.log(`wrote ${path.relative(repo, schemaOut)} (${Object.keys(defs).length} shared definitions)`);

// ---------------------------------------------------------------- policy tables

const catalog = byFunctionName(await load('const CORE_TOOL_DEFINITIONS = ['));
const catalogMod = await load('const CORE_TOOL_DEFINITIONS = [');
const groups = Object.values(catalogMod).find((v) => v && typeof v === 'object' && !Array.isArray(v) && 'group:openclaw' in v);
const sections = catalog.listCoreToolSections({ swarmEnabled: true, githubPublicationAvailable: true });
const coreTools = sections.flatMap((s) =>
  s.tools.map((t) => ({ name: t.id, section: s.id, description: t.description, profiles: catalog.resolveCoreToolProfiles(t.id) })),
);
const profiles = {};
for (const p of ['minimal', 'coding', 'messaging', 'full']) {
  profiles[p] = catalog.resolveCoreToolProfilePolicy(p)?.allow ?? null;
}

const sharedSrc = fs.readFileSync(path.join(dist, chunkWith('const TOOL_NAME_ALIASES = /* @__PURE__ */ new Map([')), 'utf8');
const aliasBlock = /const TOOL_NAME_ALIASES = \/\* @__PURE__ \*\/ new Map\(\[([\s\S]*?)\]\);/.exec(sharedSrc)[1];
const aliases = Object.fromEntries([...aliasBlock.matchAll(/\["([^"]+)", "([^"]+)"\]/g)].map((m) => [m[1], m[2]]));

const constants = await load('const DEFAULT_TOOL_ALLOW = [');
const arrays = Object.values(constants).filter((v) => Array.isArray(v));
const sandboxAllow = arrays.find((a) => a.includes('exec') && a.includes('process'));
const sandboxDeny = arrays.find((a) => a.includes('browser') && a.includes('gateway'));

const sandboxSrc = fs.readFileSync(path.join(dist, chunkWith('function resolveSandboxToolPolicyForAgent(')), 'utf8');
const matchSrc = fs.readFileSync(path.join(dist, chunkWith('function createToolPolicyMatcher(')), 'utf8');
const admits = /normalized === "apply_patch" && matchesAnyGlobPattern\("(\w+)", allow\)/.exec(matchSrc)?.[1];

const extDir = path.join(dist, 'extensions');
const bundledPlugins = fs.existsSync(extDir)
  ? fs
      .readdirSync(extDir)
      .map((d) => path.join(extDir, d, 'openclaw.plugin.json'))
      .filter((f) => fs.existsSync(f))
      .map((f) => JSON.parse(fs.readFileSync(f, 'utf8')).id)
      .filter((id) => typeof id === 'string')
      .sort()
  : [];

// Shipped name families (src/agents/tool-policy.ts): a policy entry `canvas` also names `show_widget`,
// `update_plan` now names `progress_card`. The maps are private to the chunk, so they are read from its text
// and then checked through OpenClaw's own expandShippedCoreToolPolicyNames.
const familySrc = fs.readFileSync(path.join(dist, chunkWith('function expandShippedCoreToolPolicyNames(')), 'utf8');
const mapLiteral = (name) => {
  const m = new RegExp(`const ${name} = /\\* @__PURE__ \\*/ new Map\\((\\[[\\s\\S]*?\\])\\);`).exec(familySrc);
  if (!m) {
    throw new Error(`${name} not found in the tool-policy chunk`);
  }
  return Object.fromEntries(JSON.parse(m[1]));
};
const policyNameFamilies = mapLiteral('SHIPPED_PLUGIN_POLICY_FAMILY_CORE_TOOLS');
const policyNameRenames = mapLiteral('SHIPPED_CORE_POLICY_RENAMES');
const expandShipped = byFunctionName(await load('function expandShippedCoreToolPolicyNames(')).expandShippedCoreToolPolicyNames;
for (const key of new Set([...Object.keys(policyNameFamilies), ...Object.keys(policyNameRenames)])) {
  const want = [policyNameRenames[key] ?? key, ...(policyNameFamilies[key] ?? [])];
  const got = expandShipped([key]);
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    throw new Error(`expandShippedCoreToolPolicyNames(["${key}"]) is ${JSON.stringify(got)}, the chunk's maps say ${JSON.stringify(want)}`);
  }
}

// Bundled plugins that construct tools (dist/extensions/*/openclaw.plugin.json): the tools they declare and
// whether they load when nothing names them; a config that turns the plugin off builds none of them.
const bundledPluginTools = {};
if (fs.existsSync(extDir)) {
  for (const d of fs.readdirSync(extDir).sort()) {
    const f = path.join(extDir, d, 'openclaw.plugin.json');
    if (!fs.existsSync(f)) {
      continue;
    }
    const m = JSON.parse(fs.readFileSync(f, 'utf8'));
    const declared = Array.isArray(m.contracts?.tools) ? m.contracts.tools.filter((t) => typeof t === 'string') : [];
    if (typeof m.id === 'string' && declared.length > 0) {
      // `toolMetadata.<tool>.profiles`: the tool profiles whose allow list the run adds this tool to
      // (conversation-capability-profile.ts resolveManifestToolProfileNames), whether the plugin loads or not.
      const toolProfiles = {};
      for (const t of declared) {
        const ps = m.toolMetadata?.[t]?.profiles;
        if (Array.isArray(ps) && ps.some((x) => typeof x === 'string')) {
          toolProfiles[t] = ps.filter((x) => typeof x === 'string');
        }
      }
      // `toolMetadata.<tool>.optional`: built only when an allow list names the tool or its plugin
      // (src/plugins/tools.ts, `allowlist.allowsTool` for optional tools).
      const optionalTools = declared.filter((t) => m.toolMetadata?.[t]?.optional === true);
      bundledPluginTools[m.id] = {
        tools: declared,
        enabledByDefault: m.enabledByDefault === true,
        ...(m.kind ? { kind: m.kind } : {}),
        ...(Object.keys(toolProfiles).length > 0 ? { toolProfiles } : {}),
        ...(optionalTools.length > 0 ? { optionalTools } : {}),
      };
    }
  }
}

// The plugin that fills the memory slot when plugins.slots.memory is not set (src/plugins/slots.ts).
const defaultMemorySlot = byFunctionName(await load('function defaultSlotIdForKey(')).defaultSlotIdForKey('memory');

// Switches outside the tool policy: which tools OpenClaw's own composition stops building when one is set,
// measured by running createOpenClawCodingTools on an empty config and on the config with only that switch.
// The paths are the ones its tool factories read (web-search.ts isWebSearchDisabled, web-fetch.ts
// createWebFetchTool); the tools each removes are what the package answers.
const scratch = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'tsi-extract-'));
process.env.HOME = scratch;
process.env.OPENCLAW_STATE_DIR = path.join(scratch, 'state');
process.env.OPENCLAW_CONFIG_PATH = path.join(scratch, 'openclaw.json');
const { createOpenClawCodingTools } = byFunctionName(await load('function createOpenClawCodingTools(options) {'));
const built = (config) =>
  new Set(createOpenClawCodingTools({ config, agentId: 'main', sessionKey: 'agent:main:main', workspaceDir: scratch, agentDir: path.join(scratch, 'agent') }).map((t) => t.name));
const baseline = built({});
const constructionSwitches = [
  { path: ['tools', 'web', 'search', 'enabled'], value: false, rule: 'src/agents/tools/web-search.ts isWebSearchDisabled' },
  { path: ['tools', 'web', 'fetch', 'enabled'], value: false, rule: 'src/agents/tools/web-fetch.ts createWebFetchTool (resolveFetchConfig)' },
].map((sw) => {
  const config = {};
  let at = config;
  sw.path.slice(0, -1).forEach((k) => (at = at[k] = {}));
  at[sw.path.at(-1)] = sw.value;
  const now = built(config);
  const removes = [...baseline].filter((n) => !now.has(n)).sort();
  if (removes.length === 0) {
    throw new Error(`${sw.path.join('.')}: ${JSON.stringify(sw.value)} removes no tool any more`);
  }
  return { ...sw, removes };
});
// Tools a sandboxed run never builds (host-only), whatever its sandbox policy allows: a sandbox context that
// allows everything, against the same run unsandboxed. The context's bridge refuses every operation (nothing runs).
const refuse = async () => {
  throw new Error('the extraction sandbox runs no tools');
};
const fsBridge = new Proxy({}, { get: (_t, key) => (key === 'pathMappings' ? [] : key === 'then' ? undefined : refuse) });
const sandboxedRun = new Set(
  createOpenClawCodingTools({
    config: {},
    agentId: 'main',
    sessionKey: 'agent:main:main',
    workspaceDir: scratch,
    agentDir: path.join(scratch, 'agent'),
    sandbox: { enabled: true, tools: { allow: ['*'], deny: [] }, workspaceDir: scratch, agentWorkspaceDir: scratch, skillsWorkspaceDir: scratch, containerWorkdir: '/workspace', workspaceAccess: 'rw', browserAllowHostControl: false, docker: { env: {} }, fsBridge },
  }).map((t) => t.name),
);
const sandboxNeverBuilds = [...baseline].filter((n) => !sandboxedRun.has(n)).sort();
fs.rmSync(scratch, { recursive: true, force: true });

// `experimental.localModelLean` (an agent's, else agents.defaults'): the tools OpenClaw's own filter drops,
// asked of that filter with every tool name the package defines (core, bundled plugins, built here).
const { filterLocalModelLeanTools } = byFunctionName(await load('function filterLocalModelLeanTools(params) {'));
const leanCandidates = [...new Set([...coreTools.map((t) => t.name), ...Object.values(bundledPluginTools).flatMap((p) => p.tools), ...baseline])].sort();
const leanKept = new Set(
  filterLocalModelLeanTools({ config: { agents: { defaults: { experimental: { localModelLean: true } } } }, agentId: 'main', sessionKey: 'agent:main:main', tools: leanCandidates.map((name) => ({ name })) }).map((t) => t.name),
);
const localModelLean = { removes: leanCandidates.filter((n) => !leanKept.has(n)), rule: 'src/agents/local-model-lean.ts filterLocalModelLeanTools' };
if (localModelLean.removes.length === 0) {
  throw new Error('experimental.localModelLean removes no tool any more');
}

const tables = {
  openclawVersion: version,
  generatedBy: 'scripts/extract-openclaw-tables.mjs',
  sources: {
    coreTools: 'src/agents/tool-catalog.ts listCoreToolSections, resolveCoreToolProfiles',
    groups: 'src/agents/tool-catalog.ts CORE_TOOL_GROUPS',
    profiles: 'src/agents/tool-catalog.ts resolveCoreToolProfilePolicy',
    aliases: 'src/agents/tool-policy-shared.ts TOOL_NAME_ALIASES',
    sandbox: 'src/agents/sandbox/constants.ts DEFAULT_TOOL_ALLOW, DEFAULT_TOOL_DENY',
    applyPatchAdmittedBy: 'src/agents/tool-policy-match.ts createToolPolicyMatcher',
    sandboxAlsoAllow: 'src/agents/sandbox/tool-policy.ts resolveSandboxToolPolicyForAgent (mergeAllowlist, filterDefaultDenyForExplicitAllows)',
    sandboxImplicitAllow: 'src/agents/sandbox/tool-policy.ts expandResolvedPolicy',
    bundledPlugins: 'dist/extensions/*/openclaw.plugin.json (id)',
    toolSearchWhenUnset: 'resolveToolSearchConfig: no tools.toolSearch resolves to enabled, mode "tools" (the oracle config suite checks it)',
    directVisible: 'src/agents/core-tool-factory-descriptors.ts isCoreCodingSurfaceToolName (families base-coding, shell); src/agents/tool-search-catalog.ts isDirectVisibleCatalogTool',
    policyNameFamilies: 'src/agents/tool-policy.ts SHIPPED_PLUGIN_POLICY_FAMILY_CORE_TOOLS (expandShippedCoreToolPolicyNames)',
    policyNameRenames: 'src/agents/tool-policy.ts SHIPPED_CORE_POLICY_RENAMES (expandShippedCoreToolPolicyNames)',
    bundledPluginTools: 'dist/extensions/*/openclaw.plugin.json (id, contracts.tools, enabledByDefault, kind, toolMetadata.<tool>.profiles and .optional)',
    defaultMemorySlot: 'src/plugins/slots.ts defaultSlotIdForKey("memory")',
    sandboxNeverBuilds: 'createOpenClawCodingTools with a sandbox allowing * against the same run unsandboxed',
    constructionSwitches: 'createOpenClawCodingTools on {} and on each switch alone (the tools each switch stops building)',
    localModelLean: 'src/agents/local-model-lean.ts filterLocalModelLeanTools, asked with every tool name of the package',
  },
  coreTools,
  groups,
  profiles,
  aliases,
  sandbox: { allow: sandboxAllow, deny: sandboxDeny },
  applyPatchAdmittedBy: admits ?? null,
  // 2026.9.6 warns about plugin-only allowlists (applyToolPolicyPipeline) but no longer drops them.
  stripsPluginOnlyAllowlist: false,
  sandboxAlsoAllow: /mergeAllowlist\(allowConfig\.values, alsoAllowConfig\.values/.test(sandboxSrc),
  bundledPlugins,
  toolSearchWhenUnset: 'tools',
  // Core coding tools stay visible while searchable (checked by the oracle directory suite).
  directVisible: ['edit', 'read', 'ls', 'write', 'apply_patch', 'exec', 'process'],
  sandboxImplicitAllow: /expandedAllow\.length > 0 && !expandedDenyLower\.includes\("view_image"\)/.test(sandboxSrc)
    ? { tool: 'view_image', onlyWhenRestricted: true }
    : null,
  policyNameFamilies,
  policyNameRenames,
  bundledPluginTools,
  defaultMemorySlot,
  constructionSwitches,
  sandboxNeverBuilds,
  localModelLean,
};
const tablesOut = path.join(repo, 'src/core/policy/versions', `openclaw-${version}.json`);
fs.mkdirSync(path.dirname(tablesOut), { recursive: true });
fs.writeFileSync(tablesOut, `${JSON.stringify(tables, null, 1)}\n`);
console.log(`wrote ${path.relative(repo, tablesOut)} (${coreTools.length} core tools)`);
