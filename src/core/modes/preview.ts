import { createHash } from 'node:crypto';
import type { Catalog, SourceCounts } from '../catalog/catalog';
import { utf8Bytes, type PayloadBytes, type PayloadTokens } from '../provider/payloadSize';
import { DEFAULT_PROVIDER_API, providerRequest, type ProviderApi, type ProviderRequest } from '../provider/requestShapes';
import { sizeRequest, TokenCounter, type PartSizes } from '../provider/tokenParts';
import { documentTerms } from '../search/tokenizer';
import type { ToolSearchIndex } from '../gateway/searchIndex';
import type { DescribedTool, SearchOptions, SearchResult } from '../toolApi';
import { ToolIndex } from '../search/toolIndex';
import type { ToolSearchModeName } from '../types';
import type { OpenWorkspace } from '../workspace';
import type { DirectoryCut, UnlistedGroup } from './directory';
import { buildSurface, openclawDirectoryText, type ClientToolConflict, type IsolationStatus, type Surface, type SurfaceInput, type VisibleTool } from './surface';
import type { OpenClawRequestContext } from '../prompt/openclawContext';
import { buildOpenClawRequest, type PromptData } from '../prompt/openclawRequest';
import type { CodeModeDecision } from '../catalog/codeModeActivation';
import { promptToolNames } from '../prompt/promptConditions';
import type { VolatileValues } from '../prompt/volatile';
import { releaseModes } from '../sources/release';
import { realRunCatalog, type InspectorOnlyTool } from '../catalog/inspectorOnly';
import { controlToolsFor, generatedToolsFor, schemaFamilyOf, type GeneratedToolSet, type SchemaFamilyName } from '../sources/generatedTools';
import type { ModelTool } from './toolSearchTools';

export interface PreviewOptions extends SurfaceInput {
  api?: ProviderApi;
  model?: string;
  /** Count tokens (o200k_base). Off only where speed is measured apart from tokenizing. */
  tokens?: boolean;
  /** Per-tool bytes and tokens. */
  perTool?: boolean;
  /** Token counts of unchanged parts come from here (a fresh counter when absent). */
  counter?: TokenCounter;
  /** When given, the preview also predicts the request OpenClaw itself sends (`openclaw`). */
  openclaw?: OpenClawRequestContext;
}

/** The request OpenClaw itself would send for this turn, from the templates generated from its package. */
export interface OpenClawRequestJson {
  /** The OpenClaw version whose package the templates were generated from (and the real runs of test:real checked). */
  version: string;
  request: Record<string, unknown>;
  bytes: number;
  systemPromptChars: number;
  /** The values of the volatile parts (docs/fidelity.md) this prediction used. */
  volatile: VolatileValues;
  /** The agent workspace whose bootstrap files are injected, and whether it is new (OpenClaw's templates). */
  agentWorkspace: { dir: string; fresh: boolean; files: string[] };
  /** What the prediction took a default for, or does not model for this workspace. */
  notes: string[];
  /**
   * Tools the inspector shows that a real run cannot have (offline snapshots,
   * client tools, workspace extensions): left out of this request and of its
   * sizes, listed here (issue 41: one number per thing).
   */
  inspectorOnly?: InspectorOnlyTool[];
}

export interface ToolSize {
  name: string;
  /** The catalog id, for tools of the catalog (absent for the Tool Search tools). */
  id?: string;
  bytes: number;
  tokens?: number;
}

/** A likely schema of directory mode and the prompt's words that brought it up front. */
export interface LikelyWhy {
  name: string;
  id: string;
  /** Analyzed prompt terms found in the tool's name or description (empty when only related words matched). */
  terms: string[];
}

/** The share of context windows a request takes (128k and 200k, plus the configured one when known). */
export interface WindowShare {
  tokens: number;
  share: number;
}

/** The contract's `preview` JSON (fields may be added, never changed). */
export interface PreviewJson {
  mode: ToolSearchModeName;
  effectiveMode: ToolSearchModeName;
  fallbackReason?: string;
  /** The modelled release has no Tool Search: it never sends this mode (`notInReleaseText`). */
  notInRelease?: string;
  api: ProviderApi;
  request: ProviderRequest;
  visibleTools: string[];
  visible: VisibleTool[];
  directory?: { text: string; shown: number; omitted: number; chars: number; maxChars: number; unlisted: UnlistedGroup[] } & DirectoryCut;
  likely?: VisibleTool[];
  /** Directory mode: why each likely schema was hydrated. */
  likelyWhy?: LikelyWhy[];
  required?: VisibleTool[];
  missingRequired?: string[];
  clientToolConflicts: ClientToolConflict[];
  bytes: PayloadBytes;
  tokens?: PayloadTokens;
  /** The body split into tools, system prompt, user messages and framing (each adds up to the total). */
  split?: { bytes: PartSizes; tokens?: PartSizes };
  /** Share of context windows by total tokens. */
  windows?: WindowShare[];
  perTool?: ToolSize[];
  catalogSize: number;
  deferredCount: number;
  sources: SourceCounts;
  /** The request OpenClaw itself would send (when the preview models an OpenClaw version). */
  openclaw?: OpenClawRequestJson;
  /** Why OpenClaw's request is not predicted for the modelled version (its epoch has no generated templates). */
  openclawUnavailable?: string;
}

export const CONTEXT_WINDOWS: readonly number[] = [128_000, 200_000];

/** The turn a provider would receive in one mode, with its sizes. */
export function buildPreview(opts: PreviewOptions): PreviewJson {
  const surface = buildSurface(opts);
  return previewOf(surface, opts);
}

function windowsOf(total: number, contextTokens?: number): WindowShare[] {
  const sizes = [...CONTEXT_WINDOWS];
  if (contextTokens !== undefined && contextTokens > 0 && !sizes.includes(contextTokens)) {
    sizes.push(contextTokens);
  }
  return sizes.sort((a, b) => a - b).map((tokens) => ({ tokens, share: total / tokens }));
}

/** The prompt's search terms (OpenClaw's tokenizer and stems) found in each likely tool's name or description. */
export function likelyReasons(prompt: string, likely: readonly VisibleTool[], catalog: Catalog): LikelyWhy[] {
  const words = new Set(documentTerms(prompt));
  return likely.flatMap((v) => {
    const t = v.id ? catalog.get(v.id) : undefined;
    if (!t || !v.id) {
      return [];
    }
    const own = new Set([...documentTerms(t.name), ...documentTerms(t.description)]);
    return [{ name: v.name, id: v.id, terms: [...words].filter((w) => own.has(w)) }];
  });
}

/** The serialized tools arrays of surfaces already seen, so a large one is serialized once. */
const toolsJsonCache = new WeakMap<Surface, Map<ProviderApi, string>>();

export function previewOf(surface: Surface, opts: PreviewOptions): PreviewJson {
  const api = opts.api ?? DEFAULT_PROVIDER_API;
  const request = providerRequest(api, { model: opts.model, systemPrompt: surface.systemPrompt, userPrompt: opts.prompt ?? '', tools: surface.tools });
  const countTokens = opts.tokens !== false;
  const counter = opts.counter ?? new TokenCounter();
  let byApi = toolsJsonCache.get(surface);
  if (!byApi) {
    byApi = new Map();
    toolsJsonCache.set(surface, byApi);
  }
  const toolsJson = byApi.get(api) ?? JSON.stringify(request.tools ?? []);
  byApi.set(api, toolsJson);
  const sizes = sizeRequest(request, counter, toolsJson, countTokens);
  const out: PreviewJson = {
    mode: surface.mode,
    effectiveMode: surface.effectiveMode,
    ...(surface.fallbackReason ? { fallbackReason: surface.fallbackReason } : {}),
    ...(surface.notInRelease ? { notInRelease: surface.notInRelease } : {}),
    api,
    request,
    visibleTools: surface.visible.map((v) => v.name),
    visible: surface.visible,
    clientToolConflicts: surface.clientToolConflicts,
    bytes: sizes.bytes,
    ...(sizes.tokens ? { tokens: sizes.tokens } : {}),
    split: sizes.split,
    ...(sizes.tokens ? { windows: windowsOf(sizes.tokens.total, opts.contextTokens) } : {}),
    catalogSize: opts.catalog.size,
    deferredCount: surface.deferredCount,
    sources: opts.catalog.countBySource(),
  };
  if (surface.directory) {
    out.directory = surface.directory;
  }
  if (surface.likely) {
    out.likely = surface.likely;
    out.likelyWhy = likelyReasons(opts.prompt ?? '', surface.likely, opts.catalog);
  }
  if (surface.required) {
    out.required = surface.required;
  }
  if (surface.missingRequired) {
    out.missingRequired = surface.missingRequired;
  }
  if (opts.perTool) {
    out.perTool = toolSizes(request, surface, countTokens ? counter : undefined);
  }
  if (opts.openclaw) {
    const o = openclawRequestOf(surface, opts, opts.openclaw);
    if (o) {
      out.openclaw = o;
    } else if (opts.openclaw.noTemplates) {
      out.openclawUnavailable = opts.openclaw.noTemplates;
    }
  }
  return out;
}

/** UTF-8 bytes of each tools array as OpenClaw serializes it, per surface tools list (a prompt edit re-serializes only the rest). */
const toolsBytes = new WeakMap<readonly unknown[], number>();

/** The run's every tool (OpenClaw's capabilityToolNames) as prompt segments name them, once per catalog. */
const promptNames = new WeakMap<Catalog, ReadonlySet<string>>();
function promptToolNamesOf(catalog: Catalog): ReadonlySet<string> {
  let names = promptNames.get(catalog);
  if (!names) {
    names = promptToolNames(catalog.allowed.map((t) => t.name));
    promptNames.set(catalog, names);
  }
  return names;
}

/**
 * The body's serialized size: the tools array (megabytes at 10,000 tools)
 * is measured once per surface; the rest, which the prompt changes, each
 * time. An array serializes the same inside the body as alone.
 */
function requestBytes(body: Record<string, unknown>, surfaceTools: readonly unknown[]): number {
  const tools = body.tools;
  if (!Array.isArray(tools)) {
    return utf8Bytes(JSON.stringify(body));
  }
  let t = toolsBytes.get(surfaceTools);
  if (t === undefined) {
    t = utf8Bytes(JSON.stringify(tools));
    toolsBytes.set(surfaceTools, t);
  }
  return utf8Bytes(JSON.stringify({ ...body, tools: [] })) - 2 + t;
}

/** One search index per real-run catalog (the surfaces of every mode and prompt share it). */
const realRunIndexes = new WeakMap<Catalog, LazyIndex>();

/**
 * The surface a real run of the workspace gets in the same mode: the
 * inspector's own surface when the catalog has no inspector-only tools, else
 * one built without them.
 */
function realRunSurface(inspectorSurface: Surface, opts: PreviewOptions, ctx: OpenClawRequestContext): { surface: Surface; opts: PreviewOptions; inspectorOnly: InspectorOnlyTool[] } {
  const real = realRunCatalog(opts.catalog, ctx.loadsWorkspaceExtensions);
  if (real.catalog === opts.catalog) {
    return { surface: inspectorSurface, opts, inspectorOnly: [] };
  }
  let index = realRunIndexes.get(real.catalog);
  if (!index) {
    index = new LazyIndex(real.catalog);
    realRunIndexes.set(real.catalog, index);
  }
  const realOpts: PreviewOptions = { ...opts, catalog: real.catalog, index };
  return { surface: buildSurface(realOpts), opts: realOpts, inspectorOnly: real.inspectorOnly };
}

const sandboxTexts = new WeakMap<readonly ModelTool[], ModelTool[]>();

/** The tools with the texts a sandboxed run gets, each found by the hash of its text outside the sandbox. */
function withSandboxTexts(tools: readonly ModelTool[], measured: NonNullable<PromptData['sandbox']>['tools']): readonly ModelTool[] {
  const known = sandboxTexts.get(tools);
  if (known) {
    return known;
  }
  const out = tools.map((t) => {
    const list = measured[t.name];
    if (!list) {
      return t;
    }
    const base = createHash('sha256').update(JSON.stringify({ description: t.description, parameters: t.parameters })).digest('hex').slice(0, 16);
    const hit = list.find((e) => e.base === base);
    return hit ? { ...t, description: hit.description, parameters: hit.parameters } : t;
  });
  sandboxTexts.set(tools, out);
  return out;
}

/** The tools of each surface as a model family's transport cleans them (once per surface and family). */
const familyTools = new WeakMap<readonly ModelTool[], Map<SchemaFamilyName, { tools: ModelTool[]; untouched: number }>>();

/**
 * The surface's tools with the schemas a model family gets (generated: the
 * release's own tools and control tools under a model id of the family). A
 * tool outside the release's own (MCP, plugins, client tools) keeps its
 * schema, and is counted: OpenClaw cleans it too, which is not modelled.
 */
function withFamilySchemas(surface: Surface, given: readonly ModelTool[], catalog: Catalog, family: SchemaFamilyName, set: GeneratedToolSet): { tools: readonly ModelTool[]; untouched: number } {
  let byFamily = familyTools.get(given);
  if (!byFamily) {
    byFamily = new Map();
    familyTools.set(given, byFamily);
  }
  const known = byFamily.get(family);
  if (known) {
    return known;
  }
  const f = set.schemaFamilies?.[family];
  const mode = surface.effectiveMode;
  const control = f && mode !== 'direct' && mode !== 'code-mode' ? new Map(controlToolsFor(set, mode, catalog.settings, family).map((t) => [t.name, t])) : new Map<string, ModelTool>();
  const releaseOwn = new Set(catalog.tools.filter((t) => t.source === 'openclaw' && t.shipped === true).map((t) => t.name));
  let untouched = 0;
  const tools = given.map((t) => {
    const measured = f?.tools[t.name];
    const base = measured ? createHash('sha256').update(JSON.stringify(t.parameters)).digest('hex').slice(0, 16) : undefined;
    const params = control.get(t.name)?.parameters ?? measured?.find((e) => e.base === base)?.parameters;
    if (params) {
      return { ...t, parameters: params };
    }
    if (!releaseOwn.has(t.name) && !control.has(t.name)) {
      untouched++;
    }
    return t;
  });
  const out = { tools, untouched };
  byFamily.set(family, out);
  return out;
}

/**
 * OpenClaw's own request for the surface, from the modelled version's
 * templates, as a real run of the workspace sends it (without the tools only
 * the inspector has); undefined when that version has none.
 */
export function openclawRequestOf(inspectorSurface: Surface, inspectorOpts: PreviewOptions, ctx: OpenClawRequestContext): OpenClawRequestJson | undefined {
  const data = ctx.data;
  if (!data) {
    return undefined;
  }
  if (!data.modes[inspectorSurface.effectiveMode]) {
    // Not a mode of this release: its config resolution never reaches it (withReleaseToolSearch).
    return undefined;
  }
  const { surface: seedSurface, opts, inspectorOnly } = realRunSurface(inspectorSurface, inspectorOpts, ctx);
  // OpenClaw 2026.9.6 hydrates no likely or required schemas in directory mode (the seed's design does).
  const surface = seedSurface.effectiveMode === 'directory' && ((seedSurface.likely?.length ?? 0) > 0 || (seedSurface.required?.length ?? 0) > 0) ? buildSurface({ ...opts, likelyLimit: 0, requiredTools: [] }) : seedSurface;
  const directory = openclawDirectoryText({ ...opts, contextTokens: opts.contextTokens ?? ctx.contextWindow }, surface);
  const set = generatedToolsFor(data.openclawVersion);
  const family = schemaFamilyOf(set, ctx.provider, ctx.model, ctx.toolSchemaProfile);
  // A sandboxed run's tools whose texts the sandbox changes (measured: the prompt data's `sandbox.tools`), then the schemas its model family gets.
  const sandboxed = ctx.sandbox && data.sandbox ? withSandboxTexts(surface.tools, data.sandbox.tools) : surface.tools;
  const cleaned = family && set ? withFamilySchemas(surface, sandboxed, opts.catalog, family, set) : undefined;
  const sentTools = cleaned?.tools ?? sandboxed;
  const r = buildOpenClawRequest(
    {
      mode: surface.effectiveMode,
      tools: sentTools,
      // The run's every tool (OpenClaw's capabilityToolNames): deferred ones change prompt lines too.
      availableTools: promptToolNamesOf(opts.catalog),
      ...(directory !== undefined ? { directory } : {}),
      prompt: opts.prompt ?? '',
      provider: ctx.provider,
      model: ctx.model,
      maxTokens: ctx.maxTokens,
      ...(ctx.contextWindow !== undefined ? { contextWindow: ctx.contextWindow } : {}),
      proxyLikeEndpoint: ctx.proxyLikeEndpoint,
      workspace: ctx.workspace,
      stateDir: ctx.stateDir,
      openclawDir: ctx.openclawDir,
      ...(ctx.agent !== undefined ? { agent: ctx.agent } : {}),
      ...(ctx.skillFilter ? { skillFilter: ctx.skillFilter } : {}),
      ...(ctx.modelAliases ? { modelAliases: ctx.modelAliases } : {}),
      ...(ctx.loadedPlugins ? { loadedPlugins: ctx.loadedPlugins } : {}),
      ...(ctx.sandbox ? { sandbox: ctx.sandbox } : {}),
      ...(ctx.payloadOptions ? { payloadOptions: ctx.payloadOptions } : {}),
    },
    data,
  );
  const messages = r.body.messages as { content: unknown }[];
  const system = messages[0]?.content;
  return {
    version: data.openclawVersion,
    request: r.body,
    bytes: requestBytes(r.body, sentTools),
    systemPromptChars: typeof system === 'string' ? system.length : 0,
    volatile: r.volatile,
    agentWorkspace: { dir: ctx.workspace.dir, fresh: ctx.workspace.fresh, files: ctx.workspace.files.map((f) => f.name) },
    notes: [
      ...ctx.assumed,
      ...r.unmodelled,
      ...(family && !set?.schemaFamilies?.[family] ? [`${ctx.provider}/${ctx.model} gets tool schemas cleaned for ${family} by OpenClaw, which is not measured for ${data.openclawVersion}: sent as given`] : []),
      ...(cleaned && cleaned.untouched > 0 ? [`${cleaned.untouched} tools outside the release's own (MCP, plugins, client tools) get their schemas cleaned for ${family} by OpenClaw; the prediction sends them as given`] : []),
    ],
    ...(inspectorOnly.length > 0 ? { inspectorOnly } : {}),
  };
}

function toolSizes(request: ProviderRequest, surface: Surface, counter: TokenCounter | undefined, only?: ReadonlySet<number>): ToolSize[] {
  const tools = (request.tools ?? []) as unknown[];
  const out: ToolSize[] = [];
  tools.forEach((t, i) => {
    if (only && !only.has(i)) {
      return;
    }
    const text = JSON.stringify(t);
    const v = surface.visible[i];
    out.push({ name: surface.tools[i]?.name ?? String(i), ...(v?.id ? { id: v.id } : {}), bytes: utf8Bytes(text), ...(counter ? { tokens: counter.count(text) } : {}) });
  });
  return out;
}

/** Every mode name the product knows; which of them a workspace's release offers is `modesOf`. */
export const ALL_MODES: readonly ToolSearchModeName[] = ['direct', 'code', 'tools', 'directory', 'code-mode'];

/** The modes the catalog's modelled release offers (its Tool Search modes, not a fixed list): what "every mode" shows. */
export function modesOf(catalog: Catalog): ToolSearchModeName[] {
  return releaseModes(catalog.openclaw?.model);
}

/** Every mode's preview of the same turn, for side-by-side comparison. */
export function buildAllPreviews(opts: Omit<PreviewOptions, 'mode'>): Record<ToolSearchModeName, PreviewJson> {
  const out = {} as Record<ToolSearchModeName, PreviewJson>;
  const counter = opts.counter ?? new TokenCounter();
  for (const mode of ALL_MODES) {
    out[mode] = buildPreview({ ...opts, mode, counter });
  }
  return out;
}

/** What does not change while the user types a prompt: the catalog, the policy, the probe, the options. */
export type PreviewBase = Omit<PreviewOptions, 'mode' | 'prompt' | 'counter'>;

/** A server that failed, for the health banner. */
export interface FailedServer {
  name: string;
  origin: string;
  error: string;
}

/** The mode the configuration asks for (`direct` when Tool Search is off). */
export function configuredModeOf(catalog: Catalog): ToolSearchModeName {
  return catalog.settings.enabled ? catalog.settings.mode : 'direct';
}

/** Every mode's preview of one turn, plus what the panel shows around them. `preview --mode all --json` prints `modes`. */
export interface PreviewAssembly {
  configuredMode: ToolSearchModeName;
  /**
   * OpenClaw's Code Mode decision for the run, where the release has Code
   * Mode: engaged or not, why (the rule or model flag), and the config line.
   */
  codeMode?: CodeModeSummary;
  prompt: string;
  modes: Partial<Record<ToolSearchModeName, PreviewJson>>;
  /** The largest schemas of direct mode by bytes, with their tokens. */
  topTools: ToolSize[];
  isolation?: IsolationStatus;
  failedServers: FailedServer[];
  /** Modes assembled with bytes only: their tokens come from `countPending` (empty when every count is in). */
  pendingTokens: ToolSearchModeName[];
  timing: { ms: number; tokenizedChars: number };
}

export interface AssembleOptions {
  /**
   * Modes whose tokens may come later: assembled with bytes only unless their
   * request was counted before (direct mode's tools array at 10,000 tools
   * takes most of a second to tokenize; the panel shows the rest first).
   */
  deferTokens?: readonly ToolSearchModeName[];
}

const TOP_TOOLS = 15;

export interface CodeModeSummary {
  engaged: boolean;
  reason: string;
  /** The config path that decided (the rule's, or the model entry's flag), with its line when known. */
  path: (string | number)[];
  line?: number;
  /** The run goes to another agent runtime (Codex, a CLI backend): the predicted surfaces are the embedded runtime's. */
  harness?: { id: string; line?: number };
}

/** The decision as the surfaces show it: a run with no tools never engages, whatever the rule says. */
export function codeModeSummaryOf(d: CodeModeDecision, catalog: Catalog): CodeModeSummary {
  const noTools = catalog.allowed.length === 0;
  const at = d.tier.from === 'config' && d.rule.setting === 'auto' ? { path: d.tier.path, line: d.tier.line } : { path: d.rule.path, line: d.rule.line };
  return {
    engaged: d.engaged && !noTools,
    reason: noTools && d.engaged ? `${d.reason}; but the run has no tools, and Code Mode never engages without them` : d.reason,
    path: [...at.path],
    ...(at.line !== undefined ? { line: at.line } : {}),
    ...(d.harness ? { harness: { id: d.harness.id, ...(d.harness.line !== undefined ? { line: d.harness.line } : {}) } } : {}),
  };
}

/**
 * The one preview assembly behind `preview` and the Mode Preview panel. It
 * keeps what a prompt cannot change: the surfaces of direct, code and tools
 * mode (and their serialized tools arrays), and a token counter whose cache
 * outlives a catalog rebuild, so only the parts that changed are tokenized.
 */
export class PreviewAssembler {
  private readonly fixed = new Map<ToolSearchModeName, Surface>();
  /** Surfaces whose tools array this assembler has counted: their counts are cache hits, never worth deferring. */
  private readonly counted = new WeakSet<Surface>();
  private top: ToolSize[] | undefined;

  constructor(private readonly base: PreviewBase, readonly counter = new TokenCounter()) {}

  get catalog(): Catalog {
    return this.base.catalog;
  }

  /** The index directory mode searches for likely schemas (a `LazyIndex` from `previewBaseOf`). */
  get index(): ToolSearchIndex | undefined {
    return this.base.index;
  }

  /** The same assembler for another catalog or probe, keeping the token cache. */
  withBase(base: PreviewBase): PreviewAssembler {
    return new PreviewAssembler(base, this.counter);
  }

  private surface(mode: ToolSearchModeName, prompt: string): Surface {
    // Only directory mode reads the prompt (its likely schemas and directory).
    if (mode === 'directory') {
      return buildSurface({ ...this.base, mode, prompt });
    }
    let s = this.fixed.get(mode);
    if (!s) {
      s = buildSurface({ ...this.base, mode });
      this.fixed.set(mode, s);
    }
    return s;
  }

  preview(mode: ToolSearchModeName, prompt = ''): PreviewJson {
    const surface = this.surface(mode, prompt);
    const p = previewOf(surface, { ...this.base, mode, prompt, counter: this.counter });
    if (p.tokens) {
      this.counted.add(surface);
    }
    return p;
  }

  /** Whether `assemble` with `deferTokens` would leave this mode's tokens for later. */
  private defers(mode: ToolSearchModeName, prompt: string, opts: AssembleOptions): boolean {
    if (this.base.tokens === false || !opts.deferTokens?.includes(mode)) {
      return false;
    }
    return !this.counted.has(this.surface(mode, prompt));
  }

  /**
   * The assembly with the tokens it left pending counted: the same previews
   * `assemble` without deferring gives (each pending mode re-sized with
   * tokens; its surface and serialized tools array are reused).
   */
  countPending(a: PreviewAssembly): PreviewAssembly {
    if (a.pendingTokens.length === 0) {
      return a;
    }
    const t0 = performance.now();
    const chars0 = this.counter.stats.tokenizedChars;
    const modes = { ...a.modes };
    for (const mode of a.pendingTokens) {
      modes[mode] = this.preview(mode, a.prompt);
    }
    return { ...a, modes, pendingTokens: [], timing: { ms: a.timing.ms + performance.now() - t0, tokenizedChars: a.timing.tokenizedChars + this.counter.stats.tokenizedChars - chars0 } };
  }

  private topTools(): ToolSize[] {
    if (this.top) {
      return this.top;
    }
    const surface = this.surface('direct', '');
    const request = providerRequest(this.base.api ?? DEFAULT_PROVIDER_API, { model: this.base.model, systemPrompt: surface.systemPrompt, userPrompt: '', tools: surface.tools });
    // Bytes of every schema are cheap; tokens only for the largest few.
    const bySize = toolSizes(request, surface, undefined).map((t, i) => ({ t, i })).sort((a, b) => b.t.bytes - a.t.bytes || a.t.name.localeCompare(b.t.name));
    const pick = new Set(bySize.slice(0, TOP_TOOLS).map((x) => x.i));
    const counted = toolSizes(request, surface, this.base.tokens === false ? undefined : this.counter, pick);
    this.top = counted.sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
    return this.top;
  }

  assemble(prompt = '', modes: readonly ToolSearchModeName[] = modesOf(this.base.catalog), opts: AssembleOptions = {}): PreviewAssembly {
    const t0 = performance.now();
    const chars0 = this.counter.stats.tokenizedChars;
    const out: PreviewAssembly['modes'] = {};
    const pending: ToolSearchModeName[] = [];
    for (const mode of modes) {
      if (this.defers(mode, prompt, opts)) {
        out[mode] = previewOf(this.surface(mode, prompt), { ...this.base, mode, prompt, tokens: false });
        pending.push(mode);
      } else {
        out[mode] = this.preview(mode, prompt);
      }
    }
    const { catalog } = this.base;
    return {
      configuredMode: configuredModeOf(catalog),
      ...(this.base.codeMode ? { codeMode: codeModeSummaryOf(this.base.codeMode, catalog) } : {}),
      prompt,
      modes: out,
      topTools: modes.includes('direct') ? this.topTools() : [],
      ...(this.base.isolation ? { isolation: this.base.isolation } : {}),
      failedServers: catalog.unavailableServers.map((s) => ({ name: s.name, origin: s.origin, error: s.error ?? 'failed' })),
      pendingTokens: pending,
      timing: { ms: performance.now() - t0, tokenizedChars: this.counter.stats.tokenizedChars - chars0 },
    };
  }
}

/** What changed in one mode between two renders. */
export interface ModeDelta {
  mode: ToolSearchModeName;
  added: string[];
  removed: string[];
  bytes: number;
  tokens?: number;
}

/** What changed between two assemblies, per mode present in both (an empty list when nothing did). */
export function previewDeltas(before: PreviewAssembly, after: PreviewAssembly): ModeDelta[] {
  const out: ModeDelta[] = [];
  for (const mode of ALL_MODES) {
    const a = before.modes[mode];
    const b = after.modes[mode];
    if (!a || !b) {
      continue;
    }
    const was = new Set(a.visibleTools);
    const now = new Set(b.visibleTools);
    const added = b.visibleTools.filter((n) => !was.has(n));
    const removed = a.visibleTools.filter((n) => !now.has(n));
    const bytes = b.bytes.total - a.bytes.total;
    const tokens = a.tokens && b.tokens ? b.tokens.total - a.tokens.total : undefined;
    if (added.length > 0 || removed.length > 0 || bytes !== 0 || (tokens ?? 0) !== 0) {
      out.push({ mode, added, removed, bytes, ...(tokens !== undefined ? { tokens } : {}) });
    }
  }
  return out;
}

/** Names whose schemas directory mode always sends: `tools.toolSearch.required` plus any given (`--require`). */
export function requiredToolsOf(ws: Pick<OpenWorkspace, 'config'>, extra: readonly string[] = []): string[] {
  return [...extra, ...(ws.config.reader?.stringArray(['tools', 'toolSearch', 'required']) ?? [])];
}

/** The part of an isolation probe report a surface needs. */
export function isolationStatusOf(report: { ok: boolean; reason?: string }): IsolationStatus {
  return { ok: report.ok, ...(report.reason ? { reason: report.reason } : {}) };
}

/**
 * The catalog's search index, built on first use: directory mode needs it
 * only for a non-empty prompt, and building it at 10,000 tools costs several
 * times the preview itself. `warm()` builds it ahead (after a first render).
 */
export class LazyIndex implements ToolSearchIndex {
  private index: ToolIndex | undefined;
  constructor(private readonly catalog: Catalog) {}
  get built(): boolean {
    return this.index !== undefined;
  }
  warm(): ToolIndex {
    this.index ??= ToolIndex.fromCatalog(this.catalog);
    return this.index;
  }
  search(query: string, options?: SearchOptions): SearchResult {
    return this.warm().search(query, options);
  }
  describe(idOrName: string): DescribedTool {
    return this.warm().describe(idOrName);
  }
}

/** The options every preview of a workspace shares, for the CLI and the editor alike. */
export function previewBaseOf(catalog: Catalog, ws: Pick<OpenWorkspace, 'config' | 'policy'> & { codeMode?: CodeModeDecision | undefined }, opts: Omit<PreviewBase, 'catalog' | 'policy' | 'index' | 'requiredTools'> & { require?: readonly string[] } = {}): PreviewBase {
  const { require, ...rest } = opts;
  return { ...(ws.codeMode ? { codeMode: ws.codeMode } : {}), ...rest, catalog, policy: ws.policy, index: new LazyIndex(catalog), requiredTools: requiredToolsOf(ws, require) };
}
