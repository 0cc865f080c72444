// The OpenClaw adapter: runs inside a Node >= 24 child next to a real
// `openclaw` package and answers the parent's requests over IPC. OpenClaw's
// dist chunks have hashed file names but keep their function names, so a
// function is found by scanning the chunks' export lists, importing the
// chunk and taking the export whose `fn.name` is the one asked for. A
// version that renamed a function answers with `missingFunction` set, never
// with a guess.
//
// Requests: `{ id, op: 'call', name, args }` calls one function with JSON
// arguments; `{ id, op: 'recipe', name, args }` runs one of the compositions
// below, each built only from functions found by name. Replies:
// `{ id, ok: true, value }` or `{ id, ok: false, error, missingFunction? }`.
//
// Written with erasable TypeScript only: Node 24 runs this file as is (tests),
// and esbuild bundles it for the product (`dist/openclawChild.mjs`).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

type Fn = (...args: unknown[]) => unknown;
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Ctor = new (...args: unknown[]) => Record<string, Fn>;

interface Request {
  id: number;
  op: 'call' | 'recipe' | 'info';
  name: string;
  args: unknown[];
}

class MissingFunctionError extends Error {
  readonly fn: string;
  constructor(fn: string, version: string) {
    super(`openclaw ${version}: no dist chunk exports a function named "${fn}" (renamed or removed in this version?)`);
    this.fn = fn;
  }
}

const distDir = process.argv[2] ?? '';
const packageJson = JSON.parse(fs.readFileSync(path.join(distDir, '..', 'package.json'), 'utf8')) as { version?: string };
const version = String(packageJson.version ?? 'unknown');

let exportIndex: Map<string, string[]> | undefined;

/** Local name -> chunk files whose `export { ... }` list names it. */
function indexExports(): Map<string, string[]> {
  if (exportIndex) return exportIndex;
  const index = new Map<string, string[]>();
  const exportList = /export\s*\{([^}]*)\}/g;
  for (const file of fs.readdirSync(distDir)) {
    if (!file.endsWith('.mjs') && !file.endsWith('.js')) continue;
    const text = fs.readFileSync(path.join(distDir, file), 'utf8');
    for (const m of text.matchAll(exportList)) {
      for (const part of (m[1] ?? '').split(',')) {
        const local = part.trim().split(/\s+as\s+/)[0]?.trim();
        if (!local) continue;
        const list = index.get(local) ?? [];
        list.push(file);
        index.set(local, list);
      }
    }
  }
  exportIndex = index;
  return index;
}

const functions = new Map<string, Fn>();

/** The two runtime methods the adapter drives. */
interface OracleRuntime {
  search: Fn;
  describe: Fn;
}

async function fn(name: string): Promise<Fn> {
  const known = functions.get(name);
  if (known) return known;
  for (const file of indexExports().get(name) ?? []) {
    const mod = (await import(pathToFileURL(path.join(distDir, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (typeof value === 'function' && value.name === name) {
        functions.set(name, value as Fn);
        return value as Fn;
      }
    }
  }
  throw new MissingFunctionError(name, version);
}

async function ctor(name: string): Promise<Ctor> {
  return (await fn(name)) as unknown as Ctor;
}

// ---- tool objects as OpenClaw's runtime holds them -------------------------

/** One tool of a generated catalog, keyed by the caller's own id for it. */
interface ToolSpec {
  key: string;
  kind: 'core' | 'plugin' | 'mcp' | 'client';
  /** Plugin id or MCP server name. */
  owner?: string;
  name: string;
  label?: string;
  description?: string;
  parameters?: Json;
  /** `direct-only` for a tool OpenClaw itself keeps out of its catalog (2026.9.6's `openclaw`, `sessions_yield`). */
  catalogMode?: 'direct-only';
}

interface McpServerSpec {
  name: string;
  tools: string[];
}

/**
 * Model-facing MCP names exactly as OpenClaw materializes them: safe server
 * names in declaration order, then tool names per sorted (server, tool).
 */
async function mcpSafeNames(servers: McpServerSpec[]): Promise<{ server: string; tool: string; safeServer: string; name: string }[]> {
  const buildSafeToolName = await fn('buildSafeToolName');
  const safe = await safeServerNames(servers.map((s) => s.name));
  const reserved = new Set<string>();
  const rows = servers.flatMap((s) => s.tools.map((tool) => ({ server: s.name, tool, safeServer: safe.get(s.name) ?? s.name })));
  rows.sort((a, b) => a.safeServer.localeCompare(b.safeServer) || a.tool.localeCompare(b.tool) || a.server.localeCompare(b.server));
  const out: { server: string; tool: string; safeServer: string; name: string }[] = [];
  for (const r of rows) {
    if (r.tool.trim() === '') continue;
    const name = buildSafeToolName({ serverName: r.safeServer, toolName: r.tool.trim(), reservedNames: reserved }) as string;
    reserved.add(name.toLowerCase());
    out.push({ ...r, name });
  }
  return out;
}

/** A function the release may lack: undefined instead of a MissingFunctionError. */
async function maybeFn(name: string): Promise<Fn | undefined> {
  try {
    return await fn(name);
  } catch (err) {
    if (err instanceof MissingFunctionError) return undefined;
    throw err;
  }
}

/**
 * Safe server names in declaration order: `assignSafeServerNames` (2026.8 on),
 * or, in releases before it (2026.5 - 2026.7), `sanitizeServerName` with one
 * set of used names, as their bundle MCP runtime calls it.
 */
async function safeServerNames(names: string[]): Promise<Map<string, string>> {
  const assign = await maybeFn('assignSafeServerNames');
  if (assign) return assign(names) as Map<string, string>;
  const sanitizeServerName = await fn('sanitizeServerName');
  const used = new Set<string>();
  return new Map(names.map((n) => [n, sanitizeServerName(n, used) as string]));
}

async function toolObjects(specs: ToolSpec[]): Promise<{ tool: Record<string, unknown>; spec: ToolSpec }[]> {
  // Only plugin and MCP tools carry plugin metadata; releases before 2026.5.12 have none to set.
  const setPluginToolMeta = specs.some((s) => s.kind === 'plugin' || s.kind === 'mcp') ? await fn('setPluginToolMeta') : () => undefined;
  const servers = new Map<string, string[]>();
  for (const s of specs) {
    if (s.kind === 'mcp') servers.set(s.owner ?? '', [...(servers.get(s.owner ?? '') ?? []), s.name]);
  }
  const safe = servers.size > 0 ? await mcpSafeNames([...servers].map(([name, tools]) => ({ name, tools }))) : [];
  // MCP text is untrusted: OpenClaw's MCP runtime sanitizes it before it becomes an entry.
  // Releases before 2026.8 have no sanitizer: their runtime passes the server's text as it is.
  const sanitize = (servers.size > 0 ? await maybeFn('sanitizeMcpMetadataText') : undefined) ?? ((t: unknown) => t);
  return specs.map((spec) => {
    const execute = async (): Promise<unknown> => ({ content: [{ type: 'text', text: `ran ${spec.key}` }] });
    if (spec.kind === 'mcp') {
      const n = safe.find((r) => r.server === spec.owner && r.tool === spec.name.trim());
      const tool: Record<string, unknown> = {
        name: n?.name ?? spec.name,
        label: spec.label ?? spec.name,
        description: (sanitize(spec.description) as string | undefined) ?? '',
        parameters: spec.parameters ?? { type: 'object', properties: {} },
        execute,
      };
      setPluginToolMeta(tool, {
        pluginId: 'bundle-mcp',
        optional: false,
        mcp: { serverName: spec.owner, safeServerName: n?.safeServer ?? spec.owner, toolName: spec.name, operation: 'tool' },
      });
      return { tool, spec };
    }
    const tool: Record<string, unknown> = { name: spec.name, description: spec.description ?? '', parameters: spec.parameters, execute };
    if (spec.label !== undefined) tool.label = spec.label;
    if (spec.catalogMode === 'direct-only') tool.catalogMode = 'direct-only';
    if (spec.kind === 'plugin') setPluginToolMeta(tool, { pluginId: spec.owner, optional: false });
    return { tool, spec };
  });
}

/** The control tools each Tool Search mode registers, by name, as the modelled release sends them (the host's `controlNamesByMode`). */
interface ControlNames {
  code: string[];
  tools: string[];
  directory: string[];
}

/** The modes' control names the host sent; a recipe without them is refused (it would stub names the release may not have). */
function controlNamesOf(c: ControlNames | undefined): ControlNames {
  if (!c || !Array.isArray(c.code) || !Array.isArray(c.tools) || !Array.isArray(c.directory)) {
    throw new Error('the recipe names no control tools (controls: { code, tools, directory })');
  }
  return c;
}

function controlStubs(names: readonly string[]): Record<string, unknown>[] {
  return names.map((name) => ({ name, description: name, parameters: { type: 'object', properties: {} }, execute: async () => ({}) }));
}

function configFor(mode: string): Json {
  return { tools: { toolSearch: { enabled: true, mode } } };
}

interface CatalogOp {
  op: 'compact' | 'search' | 'describe' | 'directory';
  query?: string;
  limit?: number;
  id?: string;
  /** Describe the tool with this key by OpenClaw's own id or name for it. */
  key?: string;
  by?: 'id' | 'name';
  mode?: 'tools' | 'directory' | 'code';
  contextTokens?: number;
  surface?: 'code-mode' | 'tools';
}

interface CatalogEntryLike {
  id: string;
  name: string;
  source: string;
  tool: unknown;
}

/**
 * A catalog as a run of OpenClaw registers it (`applyToolSearchCatalog`,
 * client tools appended by `addClientToolsToToolSearchCatalog`; directory mode
 * through `applyToolSchemaDirectoryCatalog`, where client tools stay visible),
 * then the operations asked for, each answered with entry keys beside ids.
 */
async function catalogRecipe(args: { tools: ToolSpec[]; ops: CatalogOp[]; directToolNames?: string[]; controls?: ControlNames }): Promise<unknown[]> {
  const controls = controlNamesOf(args.controls);
  // Names the run requires in front of the model (the reply tool): visible, and still searchable.
  const directToolNames = args.directToolNames ?? [];
  const built = await toolObjects(args.tools);
  const keyOf = new Map<unknown, string>(built.map((b) => [b.tool, b.spec.key]));
  const nonClient = built.filter((b) => b.spec.kind !== 'client').map((b) => b.tool);
  const client = built.filter((b) => b.spec.kind === 'client').map((b) => b.tool);
  const refs = new Map<string, { ctx: Record<string, unknown>; runtime: () => Promise<OracleRuntime> }>();
  const catalogFor = async (mode: 'tools' | 'directory' | 'code'): Promise<{ ctx: Record<string, unknown>; runtime: () => Promise<OracleRuntime> }> => {
    const have = refs.get(mode);
    if (have) return have;
    const config = configFor(mode);
    const catalogRef: Record<string, unknown> = {};
    if (mode === 'directory') {
      // Client tools are not part of the directory catalog: a run hands them to
      // `addClientToolsToToolSearchCatalog`, which leaves them visible in directory mode.
      await fn('applyToolSchemaDirectoryCatalog').then((apply) => apply({ config, tools: [...nonClient, ...controlStubs(controls.directory)], catalogRef, directToolNames }));
      (await fn('addClientToolsToToolSearchCatalog'))({ config, tools: client, catalogRef });
    } else {
      const stubs = controlStubs(controls[mode]);
      (await fn('applyToolSearchCatalog'))({ config, tools: [...nonClient, ...stubs], catalogRef, directToolNames });
      (await fn('addClientToolsToToolSearchCatalog'))({ config, tools: client, catalogRef });
    }
    const ctx: Record<string, unknown> = { catalogRef, config };
    const resolved = (await fn('resolveToolSearchConfig'))(config);
    // Made when a search or describe needs it: compact entries and the directory do not (2026.5.12 exports no runtime).
    let runtime: OracleRuntime | undefined;
    const made = {
      ctx,
      runtime: async (): Promise<OracleRuntime> => {
        runtime ??= new (await ctor('ToolSearchRuntime'))(ctx, resolved) as unknown as OracleRuntime;
        return runtime;
      },
    };
    refs.set(mode, made);
    return made;
  };
  const entriesOf = (ctx: Record<string, unknown>): CatalogEntryLike[] => (ctx.catalogRef as { current?: { entries: CatalogEntryLike[] } }).current?.entries ?? [];
  const entryKey = (ctx: Record<string, unknown>, id: string): string | undefined => {
    const e = entriesOf(ctx).find((x) => x.id === id);
    return e ? keyOf.get(e.tool) : undefined;
  };
  const out: unknown[] = [];
  for (const op of args.ops) {
    const mode = op.mode ?? 'tools';
    const { ctx, runtime } = await catalogFor(mode);
    try {
      if (op.op === 'compact') {
        const compact = await fn('compactToolSearchCatalogEntry');
        const entries = entriesOf(ctx);
        out.push({ entries: entries.map((e) => ({ key: keyOf.get(e.tool), entry: compact(e) })) });
      } else if (op.op === 'search') {
        const hits = (await (await runtime()).search(op.query ?? '', op.limit === undefined ? {} : { limit: op.limit })) as { id: string }[];
        out.push({ hits: hits.map((h) => ({ id: h.id, key: entryKey(ctx, h.id) })) });
      } else if (op.op === 'describe') {
        // A tool named by the caller's key is looked up by OpenClaw's own id or name for it.
        const own = op.key === undefined ? undefined : entriesOf(ctx).find((e) => keyOf.get(e.tool) === op.key);
        const needle = own ? (op.by === 'name' ? own.name : own.id) : (op.id ?? '');
        const d = (await (await runtime()).describe(needle, op.surface === 'code-mode' ? { recoverySurface: 'code-mode' } : {})) as { id: string };
        out.push({ id: d.id, key: entryKey(ctx, d.id) });
      } else {
        const prompt = (await fn('buildToolSchemaDirectoryPrompt'))(ctx, op.contextTokens === undefined ? {} : { contextTokenBudget: op.contextTokens });
        out.push({ text: prompt });
      }
    } catch (err) {
      // A function the release lacks is no answer of the release: the whole request says which one.
      if (err instanceof MissingFunctionError) throw err;
      out.push({ error: err instanceof Error ? err.message : String(err) });
    }
  }
  return out;
}

// ---- policy ---------------------------------------------------------------

interface PolicyArgs {
  config: Json;
  agentId?: string;
  provider?: string;
  model?: string;
  sandboxed?: boolean;
  /** Core, plugin and MCP tools (client tools never pass through tool policy). */
  tools: ToolSpec[];
}

/**
 * The tool policy pipeline as a run applies it: the effective policy for the
 * agent and model, profile and provider-profile layers merged with their
 * alsoAllow, the default steps, then the sandbox step when sandboxed. Each
 * removed tool is reported with the label of the step that removed it.
 */
async function policyRecipe(args: PolicyArgs): Promise<unknown> {
  const resolveEffectiveToolPolicy = await fn('resolveEffectiveToolPolicy');
  const resolveToolProfilePolicy = await fn('resolveToolProfilePolicy');
  const mergeAlsoAllowPolicy = await fn('mergeAlsoAllowPolicy');
  const buildSteps = await fn('buildDefaultToolPolicyPipelineSteps');
  const applyPipeline = await fn('applyToolPolicyPipeline');
  const resolveSandbox = await fn('resolveSandboxToolPolicyForAgent');
  const getPluginToolMeta = await fn('getPluginToolMeta');
  const resolve = (agentId: string | undefined): Record<string, unknown> =>
    resolveEffectiveToolPolicy({ config: args.config, agentId, modelProvider: args.provider, modelId: args.model }) as Record<string, unknown>;
  let eff: Record<string, unknown>;
  let agentFallback = false;
  try {
    eff = resolve(args.agentId);
  } catch (err) {
    // Several agents and none named: a real run always has a session, and a
    // session without an agent of its own belongs to the main agent.
    if (args.agentId !== undefined) return { error: err instanceof Error ? err.message : String(err) };
    try {
      eff = resolve('main');
      agentFallback = true;
    } catch (again) {
      return { error: again instanceof Error ? again.message : String(again) };
    }
  }
  const profilePolicy = resolveToolProfilePolicy(eff.profile) as { allow?: string[] } | undefined;
  const providerProfilePolicy = resolveToolProfilePolicy(eff.providerProfile) as { allow?: string[] } | undefined;
  const steps = [
    ...(buildSteps({
      profilePolicy: mergeAlsoAllowPolicy(profilePolicy, eff.profileAlsoAllow),
      profile: eff.profile,
      profileUnavailableCoreWarningAllowlist: profilePolicy?.allow,
      providerProfilePolicy: mergeAlsoAllowPolicy(providerProfilePolicy, eff.providerProfileAlsoAllow),
      providerProfile: eff.providerProfile,
      providerProfileUnavailableCoreWarningAllowlist: providerProfilePolicy?.allow,
      globalPolicy: eff.globalPolicy,
      globalProviderPolicy: eff.globalProviderPolicy,
      agentPolicy: eff.agentPolicy,
      agentProviderPolicy: eff.agentProviderPolicy,
      agentId: eff.agentId,
    }) as Record<string, unknown>[]),
    ...(args.sandboxed ? [{ policy: resolveSandbox(args.config, eff.agentId), label: 'sandbox tools.allow' }] : []),
  ];
  const tools = (await toolObjects(args.tools)).map((b) => ({ tool: b.tool, key: b.spec.key }));
  const blockedBy = new Map<unknown, string>();
  const warnings: string[] = [];
  const kept = applyPipeline({
    tools: tools.map((t) => t.tool),
    toolMeta: (tool: unknown) => getPluginToolMeta(tool),
    warn: (w: string) => warnings.push(w),
    steps,
    onFilter: ({ step, before, after }: { step: { label: string }; before: unknown[]; after: unknown[] }) => {
      const still = new Set(after);
      for (const t of before) if (!still.has(t) && !blockedBy.has(t)) blockedBy.set(t, step.label);
    },
  }) as unknown[];
  const keptSet = new Set(kept);
  // Releases before 2026.8 call no onFilter: the step that removed a tool is the first prefix of the
  // pipeline, run again by the release's own applyToolPolicyPipeline, that no longer keeps it.
  if (blockedBy.size === 0 && keptSet.size < tools.length) {
    for (let i = 0; i < steps.length; i++) {
      const prefix = new Set(applyPipeline({ tools: tools.map((t) => t.tool), toolMeta: (tool: unknown) => getPluginToolMeta(tool), warn: () => undefined, steps: steps.slice(0, i + 1) }) as unknown[]);
      for (const t of tools) if (!prefix.has(t.tool) && !blockedBy.has(t.tool)) blockedBy.set(t.tool, String(steps[i]?.label ?? ''));
    }
  }
  return {
    agentId: eff.agentId ?? null,
    agentFallback,
    tools: tools.map((t) => ({ key: t.key, name: t.tool.name, allowed: keptSet.has(t.tool), ...(blockedBy.has(t.tool) ? { blockedBy: blockedBy.get(t.tool) } : {}) })),
    warnings,
  };
}

// ---- composition: the tools a run really gets --------------------------------

interface CompositionArgs {
  config: Json;
  /** The agent asked for (`--agent`); absent: OpenClaw's default agent. */
  agentId?: string;
  /** Which session of the agent runs: its main session, or another one (what `non-main` sandboxes). */
  session?: 'main' | 'other';
  /** What each configured MCP server answers to `tools/list`, by server name (no server is started). */
  mcpListings?: Record<string, Json[]>;
  /** Which servers offer resources or prompts (their `initialize` capabilities), by server name. */
  mcpCapabilities?: Record<string, { resources?: boolean; prompts?: boolean }>;
  /** Tool Search mode for `applyToolSearchCatalog` (the run's own config decides whether it is on). */
  directToolNames?: string[];
  controls?: ControlNames;
}

interface ComposedTool {
  name: string;
  /** Plugin id for plugin tools, `bundle-mcp` for MCP tools, absent for core tools. */
  pluginId?: string;
  mcpServer?: string;
  mcpTool?: string;
  /** Registered in the Tool Search catalog (searchable) ... */
  cataloged: boolean;
  /** ... and/or sent to the model up front. */
  visible: boolean;
}

/** The MCP servers this run loads and each listing as the session MCP runtime keeps it (`buildBundleMcpToolsFromCatalog`'s input). */
async function sessionMcpCatalog(args: CompositionArgs, config: Record<string, unknown>, workspaceDir: string, toolDenylist: unknown): Promise<{ servers: Record<string, unknown>; tools: Record<string, unknown>[] }> {
  const { loaded, safeServerNamesByServer } = (await fn('loadSessionMcpConfig'))({ workspaceDir, cfg: config, toolDenylist, logDiagnostics: false }) as {
    loaded: { mcpServers: Record<string, Record<string, unknown>> };
    safeServerNamesByServer: Map<string, string>;
  };
  const normalizeMcpToolFilter = await fn('normalizeMcpToolFilter');
  const isMcpToolAllowed = await fn('isMcpToolAllowed');
  const normalizeMcpToolCatalog = await fn('normalizeMcpToolCatalog');
  const normalizeToolUiVisibility = await fn('normalizeToolUiVisibility');
  const sanitize = await fn('sanitizeMcpMetadataText');
  const validator = (await fn('createMcpJsonSchemaValidator'))();
  const catalog: { servers: Record<string, unknown>; tools: Record<string, unknown>[] } = { servers: {}, tools: [] };
  for (const [serverName, rawServer] of Object.entries(loaded.mcpServers)) {
    const listed = (args.mcpListings?.[serverName] ?? []) as Record<string, unknown>[];
    const safeServerName = safeServerNamesByServer.get(serverName) ?? serverName;
    const toolFilter = normalizeMcpToolFilter(rawServer.toolFilter);
    const normalized = normalizeMcpToolCatalog(listed, validator, (toolName: string) => (isMcpToolAllowed(toolFilter, toolName) ? 'include' : 'exclude')) as { tools: Record<string, unknown>[] };
    // As the session MCP runtime records a server (`summarizeServerCapabilities`): a capability offered is an object.
    const offers = args.mcpCapabilities?.[serverName] ?? {};
    catalog.servers[serverName] = {
      serverName,
      safeServerName,
      launchSummary: serverName,
      toolCount: normalized.tools.length,
      ...(offers.resources === true ? { resources: { listChanged: false } } : {}),
      ...(offers.prompts === true ? { prompts: { listChanged: false } } : {}),
      ...(toolFilter ? { toolFilter } : {}),
    };
    for (const tool of normalized.tools) {
      const meta = tool._meta as { ui?: { visibility?: unknown } } | undefined;
      const ui = meta?.ui && typeof meta.ui === 'object' && !Array.isArray(meta.ui) ? meta.ui : undefined;
      const uiVisibility = normalizeToolUiVisibility(ui?.visibility);
      catalog.tools.push({
        serverName,
        safeServerName,
        toolName: tool.name,
        title: tool.title,
        description: sanitize(tool.description),
        inputSchema: tool.inputSchema,
        fallbackDescription: `Provided by bundle MCP server "${serverName}".`,
        ...(uiVisibility ? { uiVisibility } : {}),
      });
    }
  }
  return catalog;
}

/** The tools are built, never run: a sandbox whose file system bridge refuses every operation. */
function oracleSandbox(toolPolicy: unknown, workspaceDir: string): Record<string, unknown> & { tools: unknown } {
  const refuse = async (): Promise<never> => {
    throw new Error('the oracle sandbox runs no tools');
  };
  const fsBridge = new Proxy({}, { get: (_t, key) => (key === 'pathMappings' ? [] : key === 'then' ? undefined : refuse) });
  return {
    enabled: true,
    tools: toolPolicy,
    workspaceDir,
    agentWorkspaceDir: workspaceDir,
    skillsWorkspaceDir: workspaceDir,
    containerWorkdir: '/workspace',
    workspaceAccess: 'rw',
    browserAllowHostControl: false,
    docker: { env: {} },
    fsBridge,
  };
}

/**
 * OpenClaw's own composition of a run's tools, end to end: the agent the run
 * picks (`resolveDefaultAgentId`, which refuses when several agents have no
 * default), the sandbox of its session (`resolveSandboxRuntimeStatus`,
 * `resolveSandboxConfigForAgent`), `createOpenClawCodingTools` with its whole
 * policy pipeline, the MCP tools as `buildBundleMcpToolsFromCatalog`
 * materializes them from listings (the per-server catalog is built the way
 * the session MCP runtime builds it: `loadSessionMcpConfig` decides which
 * servers load and their safe names, `normalizeMcpToolFilter`,
 * `isMcpToolAllowed`, `normalizeMcpToolCatalog` and `normalizeToolUiVisibility`
 * decide which tools it keeps) filtered by `applyFinalEffectiveToolPolicy`,
 * and last `applyToolSearchCatalog` with `isDirectVisibleCatalogTool`.
 */
let compositionRuns = 0;

async function compositionRecipe(args: CompositionArgs): Promise<unknown> {
  const config = args.config as Record<string, unknown>;
  let agentId = args.agentId;
  if (agentId === undefined) {
    try {
      agentId = (await fn('resolveDefaultAgentId'))(config) as string;
    } catch (err) {
      return { refused: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
    }
  }
  const sessionKey = args.session === 'other' ? `agent:${agentId}:oracle-other` : `agent:${agentId}:main`;
  const status = (await fn('resolveSandboxRuntimeStatus'))({ cfg: config, sessionKey, agentId }) as { sandboxed: boolean; mode: string; toolPolicy: unknown };
  const workspaceDir = path.join(process.cwd(), 'workspace');
  fs.mkdirSync(workspaceDir, { recursive: true });
  const sandbox = status.sandboxed ? oracleSandbox(status.toolPolicy, workspaceDir) : undefined;
  const warnings: string[] = [];
  // The run the product models: a local `openclaw agent --local` turn of the owner (agent-command passes
  // `senderIsOwner: true` and runs the turn under `createCronCreatorAuthorityCapability(runId, { kind: 'local' })`),
  // on a model that declares no image input (the embedded runner passes `modelHasVision:
  // model.input?.includes("image") ?? false`), as scripts/extract-openclaw-tools.mjs composes it.
  const runId = `tsi-oracle-run-${++compositionRuns}`;
  const run = {
    config,
    agentId,
    sessionKey,
    sessionId: `tsi-oracle-session-${compositionRuns}`,
    runId,
    senderIsOwner: true,
    modelHasVision: false,
    workspaceDir,
    agentDir: path.join(process.cwd(), 'agent', agentId),
  };
  // The embedded runner resolves the run's capability profile itself, with the plugin metadata snapshot
  // agent-command prepared (`plugins.enabled !== false`: `resolvePluginMetadataSnapshot`); a manifest's
  // `toolMetadata.<tool>.profiles` joins that profile's allow list (`resolveManifestToolProfileNames`).
  const pluginMetadataSnapshot = (config.plugins as { enabled?: unknown } | undefined)?.enabled !== false
    ? (await fn('resolvePluginMetadataSnapshot'))({ config, env: process.env, workspaceDir })
    : undefined;
  const profile = (await fn('resolveConversationCapabilityProfile'))({
    ...run,
    ...(sandbox ? { sandboxToolPolicy: sandbox.tools } : {}),
    ...(pluginMetadataSnapshot ? { pluginMetadataSnapshot } : {}),
  }) as { policy: { explicitToolDenylist?: unknown } };
  const capability = (await fn('createCronCreatorAuthorityCapability'))(runId, { kind: 'local' });
  const createOpenClawCodingTools = await fn('createOpenClawCodingTools');
  const tools = (await fn('runWithCronCreatorAuthorityCapability'))(capability, () =>
    createOpenClawCodingTools({
      ...run,
      oneShotCliRun: true,
      sessionConfigSource: 'pinned',
      webSearchEnabled: true,
      conversationCapabilityProfile: profile,
      ...(sandbox ? { sandbox } : {}),
    }),
  ) as Record<string, unknown>[];

  // MCP: which servers this run loads, then each listing as the session runtime keeps it.
  const getPluginToolMeta = await fn('getPluginToolMeta');
  const catalog = await sessionMcpCatalog(args, config, workspaceDir, profile.policy.explicitToolDenylist);
  const mcpTools = (await fn('buildBundleMcpToolsFromCatalog'))({ catalog, reservedToolNames: tools.map((t) => t.name) }) as Record<string, unknown>[];
  const allowedMcp = (await fn('applyFinalEffectiveToolPolicy'))({ bundledTools: mcpTools, config, workspaceDir, conversationCapabilityProfile: profile, warn: (w: string) => warnings.push(w) }) as Record<string, unknown>[];

  // Tool Search over everything the run has, as the embedded runner registers it.
  const all = [...tools, ...allowedMcp];
  const resolved = (await fn('resolveToolSearchConfig'))(config) as { enabled: boolean; mode?: string };
  const catalogRef: Record<string, unknown> = {};
  let visibleSet = new Set<unknown>(all);
  if (resolved.enabled) {
    const controls = controlNamesOf(args.controls);
    const stubs = controlStubs(resolved.mode === 'code' ? controls.code : resolved.mode === 'directory' ? controls.directory : controls.tools);
    const apply = resolved.mode === 'directory' ? await fn('applyToolSchemaDirectoryCatalog') : await fn('applyToolSearchCatalog');
    const out = apply({ config, tools: [...all, ...stubs], catalogRef, directToolNames: args.directToolNames ?? [] }) as unknown;
    const kept = Array.isArray(out) ? out : ((out as { tools?: unknown[] }).tools ?? []);
    visibleSet = new Set(kept);
  }
  const entries = (catalogRef as { current?: { entries: { tool: unknown }[] } }).current?.entries ?? [];
  const catalogedSet = new Set(entries.map((e) => e.tool));
  const out: ComposedTool[] = all.map((t) => {
    const meta = getPluginToolMeta(t) as { pluginId?: string; mcp?: { serverName?: string; toolName?: string } } | undefined;
    return {
      name: String(t.name),
      ...(meta?.pluginId ? { pluginId: meta.pluginId } : {}),
      ...(meta?.mcp?.serverName !== undefined ? { mcpServer: meta.mcp.serverName, mcpTool: meta.mcp.toolName } : {}),
      cataloged: catalogedSet.has(t),
      visible: visibleSet.has(t),
    };
  });
  return { agentId, sandboxed: status.sandboxed, sandboxMode: status.mode, toolSearch: resolved, tools: out, warnings: warnings.slice(0, 20) };
}

// ---- the rest ---------------------------------------------------------------

async function clientConflictsRecipe(args: { existing: string[]; client: string[] }): Promise<unknown> {
  const find = await fn('findClientToolNameConflicts');
  return find({ existingToolNames: args.existing, tools: args.client.map((name) => ({ type: 'function', function: { name } })) });
}

const recipes: Record<string, (args: never) => Promise<unknown>> = {
  catalog: catalogRecipe,
  policy: policyRecipe,
  composition: compositionRecipe,
  mcpNames: (args: { servers: McpServerSpec[] }) => mcpSafeNames(args.servers),
  clientConflicts: clientConflictsRecipe,
  /** Every group and profile table of this version, for generators and reports. */
  tables: async () => {
    const resolveToolProfilePolicy = await fn('resolveToolProfilePolicy');
    const profiles: Record<string, unknown> = {};
    for (const p of ['minimal', 'coding', 'messaging', 'full']) profiles[p] = resolveToolProfilePolicy(p) ?? null;
    return { profiles };
  },
};

async function handle(req: Request): Promise<unknown> {
  if (req.op === 'info') {
    return { version, node: process.version };
  }
  if (req.op === 'call') {
    return await (await fn(req.name))(...req.args);
  }
  const recipe = recipes[req.name];
  if (!recipe) throw new Error(`unknown recipe "${req.name}"`);
  return await recipe(req.args[0] as never);
}

function send(message: unknown): void {
  process.send?.(message);
}

process.on('message', (raw: unknown) => {
  const req = raw as Request;
  handle(req).then(
    (value) => send({ id: req.id, ok: true, value: value === undefined ? null : value }),
    (err: unknown) => send({
      id: req.id,
      ok: false,
      error: err instanceof Error ? err.message : String(err),
      ...(err instanceof MissingFunctionError ? { missingFunction: err.fn } : {}),
    }),
  );
});
process.on('disconnect', () => process.exit(0));
send({ ready: true, version, node: process.version });
