import type { JsonSchema, ToolAvailabilityTexts } from '../types';
import { modelFor } from '../policy/openclawVersions';
import { GENERATED_TOOL_DATA } from './versions/index';
import type { ReleaseData } from '../util/releaseOrder';

/**
 * The tools an OpenClaw version composes for a turn, generated from its own
 * package by `scripts/extract-openclaw-tools.mjs` (OpenClaw's
 * `createOpenClawCodingTools`, normalized for an `openai-completions`
 * provider), one release per behaviour epoch: a version uses the data of the
 * release measured in its epoch (2.26 - 3.23 keep the composition private;
 * the generator loads it with one more export line). The seed's epoch
 * (2026.1.30, 2.9) has no such data and keeps the seed's core tool table of
 * `coreTools.ts`.
 */

/** What a run must have for OpenClaw to build a tool. */
export type ConditionKind = 'model-capability' | 'model-provider' | 'credential' | 'trigger' | 'client-capability' | 'run-option' | 'config-switch';

export interface ToolCondition {
  /** What `--assume` names: `vision-model`, `credential-openai`, ... */
  id: string;
  kind: ConditionKind;
  /** The capability, environment variable, trigger or option it is about. */
  key: string;
  /** A noun phrase for people: "a model that accepts images" (reasons read "built only when the run has ..."). */
  text: string;
  /** Tools OpenClaw builds only with this condition. */
  tools: readonly string[];
}

export interface GeneratedTool {
  name: string;
  label?: string;
  description: string;
  parameters: JsonSchema;
  /** Its declared output schema (never sent; Tool Search's and Code Mode's `output` hints come from it). */
  outputSchema?: JsonSchema;
  /** `core`, or the bundled plugin that provides it. */
  owner: string;
  catalogMode?: 'direct-only';
  groups: readonly string[];
  /**
   * Built only when one of the run's allow lists names it (`*`, its name or a
   * group with it): 2026.6.10's `update_plan`.
   */
  builtWhenNamed?: true;
  /** Its texts by the other tools the run has (see `ToolDefinition.availability`). */
  availability?: ToolAvailabilityTexts;
  /** Its texts when a tool profile of the run restricts it (see `ToolDefinition.whenProfileRestricts`). */
  whenProfileRestricts?: ToolAvailabilityTexts;
}

export interface ConditionalTool extends GeneratedTool {
  /** Any one of these conditions makes OpenClaw build it. */
  conditions: readonly string[];
}

export type SearchModeName = 'code' | 'tools' | 'directory';
/** Every Tool Search mode name a generated file may carry; which of them a release has is its `modes`. */
export const SEARCH_MODE_NAMES: readonly SearchModeName[] = ['code', 'tools', 'directory'];

/** A control tool as sent: OpenClaw's `createToolSearchTools`, normalized. */
export interface ControlTool {
  name: string;
  description: string;
  parameters: JsonSchema;
}

export interface ModeTools {
  /** JSON of the control tools with `{{searchDefaultLimit}}`-style slots for the workspace's limits. */
  controlToolsTemplate: string;
  /** Non-control tools OpenClaw keeps in front of the model in this mode. */
  visible: readonly string[];
}

export interface GeneratedToolSet {
  openclawVersion: string;
  tools: readonly GeneratedTool[];
  conditions: readonly ToolCondition[];
  conditionalTools: readonly ConditionalTool[];
  /** The Tool Search modes the release has (none before 2026.5.12, no `directory` before 2026.6.8). */
  modes: Readonly<Partial<Record<SearchModeName, ModeTools>>>;
  /** Tools OpenClaw adds per MCP server that offers resources or prompts; texts carry a `{{serverName}}` slot. */
  mcpUtilityTools: readonly McpUtilityTool[];
  /**
   * The order of the tools array the run sends: `by-name` (2026.5.12 on, the
   * session's tools go through `toSessionToolAllowlist`, a `localeCompare`
   * sort) or `composition` (before: core tools, plugin tools in plugin load
   * order, MCP tools; `tools` is in the release's own order).
   */
  requestOrder: RequestOrder;
  /** Config values that change tools' texts (absent: none measured for the release). */
  configTextVariants?: readonly ConfigTextVariant[];
  /** Tool schemas as a model family's transport cleans them (absent: not measured for the release). */
  schemaFamilies?: Readonly<Record<SchemaFamilyName, SchemaFamily>>;
  codeMode?: CodeModeFacts;
}

export type RequestOrder = 'by-name' | 'composition';

/** `gemini`, or `provider:<id>` for a provider plugin's own schema hooks. */
export type SchemaFamilyName = string;

/** The transport's own test of the Gemini family, read from the package. */
export interface GeminiRule {
  providerIncludes: readonly string[];
  modelIdPattern: string;
  toolSchemaProfile: string;
  notProviderIncludes: readonly string[];
}

/**
 * The schemas a model family gets (generated: the same compositions under a
 * model id of the family, or under a provider id whose plugin rewrites
 * schemas): `tools` holds each tool whose parameters change, `modes` each
 * mode whose control tools change; `rule` says which runs get it (`schemaFamilyOf`).
 */
export interface SchemaFamily {
  rule: GeminiRule | { providers: readonly string[] };
  /** Per tool, each measured schema that the family changes: `base` is the first 16 hex of sha256 of its JSON under the sentinel model. */
  tools: Readonly<Record<string, readonly { base: string; parameters: JsonSchema }[]>>;
  modes: Readonly<Partial<Record<SearchModeName, { controlToolsTemplate: string }>>>;
}

/**
 * A config value that changes tools' texts, not the tool set (generated: the
 * same composition with one more config key): `memory.search.extraPaths`
 * adds "configured extra paths" to memory_get's and memory_search's
 * descriptions. `paths` are config paths, `@agent` standing for the run
 * agent's own roster entry; `when` says what value applies it.
 */
export interface ConfigTextVariant {
  id: string;
  /** The config key for people (`memory.search.extraPaths`). */
  key: string;
  text: string;
  paths: readonly (readonly string[])[];
  /** `nonEmptyList`: a list with one entry that names something (a string, or an object with a `path`). */
  when: 'nonEmptyList';
  tools: Readonly<Record<string, { description: string }>>;
}

/** A Code Mode limit: OpenClaw's default and the clamp it applies to a configured value. */
export interface CodeModeLimit {
  default: number;
  min: number;
  max: number;
}

export type CodeModeLimitName = 'timeoutMs' | 'memoryLimitBytes' | 'maxOutputBytes' | 'maxSnapshotBytes' | 'maxPendingToolCalls' | 'snapshotTtlSeconds' | 'searchDefaultLimit' | 'maxSearchLimit';
export const CODE_MODE_LIMIT_NAMES: readonly CodeModeLimitName[] = ['timeoutMs', 'memoryLimitBytes', 'maxOutputBytes', 'maxSnapshotBytes', 'maxPendingToolCalls', 'snapshotTtlSeconds', 'searchDefaultLimit', 'maxSearchLimit'];

/** What switches one segment of `exec`'s description on (OpenClaw's createCodeModeExecDescription). */
export type ExecSegmentSwitch = 'api' | 'shell' | 'mcp' | 'swarm' | 'nodes' | 'skills' | 'namespace' | 'index';

/** A bundled provider catalog's model: its route and its `compat.codeMode` tier, if any. */
export interface CodeModeTierRow {
  provider: string;
  model: string;
  tier?: 'preferred' | 'capable';
  /** The bundled plugin whose manifest declares it. */
  plugin: string;
  /** The catalog's route; a config whose route differs owns the model's compat instead. */
  api?: string;
  baseUrl?: string;
  upstreamModel?: string;
}

/**
 * Code Mode (`tools.codeMode`: `exec`/`wait`) as the release builds it,
 * generated by scripts/lib/codeModeFacts.mjs; absent where the release has none.
 */
export interface CodeModeFacts {
  /** The default executor (`node`); absent where the release has no executor choice (2026.9.5). */
  executorDefault?: string;
  /** What an unset `tools.codeMode` means (2026.9.6: "auto"; 2026.9.5: off). */
  whenUnset: boolean | 'auto';
  /** What an authored object without `enabled` means. */
  objectWithoutEnabled: boolean | 'auto';
  limits: Readonly<Record<CodeModeLimitName, CodeModeLimit>>;
  exec: { name: string; parameters: JsonSchema; descriptionSegments: readonly { when?: ExecSegmentSwitch; text: string }[] };
  wait: { name: string; description: string; parameters: JsonSchema };
  index: { maxChars: number; heading: string; footerOmitted: string; footerComplete: string };
  namespace: { heading: string; mcpLines: readonly string[] };
  reservedGlobals: readonly string[];
  reservedWords: readonly string[];
  modelTiers: readonly CodeModeTierRow[];
  /** Texts a program's results carry (scripts/lib/codeModeFacts.mjs `runtimeTexts`); absent where the runtime is built otherwise (2026.9.5). */
  runtime?: CodeModeRuntimeTexts;
}

export interface CodeModeRuntimeTexts {
  /** The file a program's stack frames name (`openclaw-code-mode:user.js`). */
  userSourceFile: string;
  truncationGuidance: string;
  retainedGuidance: string;
  notRetainedGuidance: string;
  referenceOverBudgetGuidance: string;
  errorTruncatedSuffix: string;
  mcpOneObjectArgument: string;
  timeoutError: string;
  abortedError: string;
  /** Names an MCP server or tool identifier skips in the namespace (reserved globals, keywords, `enum`). */
  namespaceReserved: readonly string[];
  /** What one tool result may hand the model (resolveToolResultBudget) and the cut of a result with network content. */
  resultBudget: CodeModeResultBudget;
  /** What a guest reads about MCP servers and the fixed API files (scripts/lib/codeModeFacts.mjs `mcpApiTexts`). */
  mcpApi: CodeModeMcpApiTexts;
}

/** A fixed file `API.list` / `API.read` serve. */
export interface CodeModeApiFileText {
  path: string;
  description: string;
  content: string;
}

/** OpenClaw's MCP API texts; `{{identifier}}` and `{{serverName}}` are the slots its templates leave. */
export interface CodeModeMcpApiTexts {
  /** The responses' `kind` (`mcp_api`). */
  kind: string;
  /** The responses' `scope`: the root, a server (any number of tools selected), one tool. */
  scopes: { root: string; server: string; tool: string };
  /** `MCP.$api()`'s header, and the root of `mcp/index.d.ts`. */
  rootHeader: string;
  rootNote: string;
  serverNote: string;
  /** A server header around its tools' signatures: `open` has the `{{identifier}}` slot; the lines join with `\n`. */
  serverHeader: { open: string; close: string };
  /** The result type a tool's signature promises, by MCP operation (`tool` for a plain tool). */
  resultTypes: Readonly<Record<string, string>>;
  /** The namespace path of each utility operation (`resources_read` -> `resources.read`). */
  utilityPaths: Readonly<Record<string, readonly string[]>>;
  files: {
    results: CodeModeApiFileText;
    agents: CodeModeApiFileText;
    /** `mcp/index.d.ts`: `reference` is its line per separate server file (`{{identifier}}`). */
    mcpIndex: { path: string; description: string; reference: string };
    /** `mcp/<server>.d.ts`: both with slots. */
    mcpServer: { path: string; description: string };
    /** The server identifier whose header `mcp/index.d.ts` takes in instead of a file of its own. */
    inlineServer: string;
    /** A native callable's declaration path (`{{callable}}`), listed without a description or size. */
    nativeCallable: string;
  };
  errors: { invalidPath: string; unknownFile: string };
}

export interface CodeModeResultBudget {
  /** The share of the context window one result may take. */
  contextShare: number;
  /** Character caps by context window: the last row whose `minTokens` the window reaches. */
  caps: readonly { minTokens: number; maxChars: number }[];
  networkMaxChars: number;
}

/** One of `resources_list`, `resources_read`, `prompts_list`, `prompts_get` (`buildBundleMcpToolsFromCatalog`). */
export interface McpUtilityTool {
  operation: string;
  /** The server capability that makes OpenClaw add it. */
  capability: 'resources' | 'prompts';
  label: string;
  description: string;
  parameters: JsonSchema;
}

export class GeneratedToolsError extends Error {}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function stringList(v: unknown, where: string): string[] {
  if (!Array.isArray(v) || !v.every((x): x is string => typeof x === 'string')) {
    throw new GeneratedToolsError(`${where}: expected a list of strings`);
  }
  return v;
}

function str(v: unknown, where: string): string {
  if (typeof v !== 'string') {
    throw new GeneratedToolsError(`${where}: expected a string`);
  }
  return v;
}

function toolOf(v: unknown, where: string): GeneratedTool {
  if (!isRecord(v)) {
    throw new GeneratedToolsError(`${where}: expected an object`);
  }
  const name = str(v.name, `${where}.name`);
  if (!isRecord(v.parameters)) {
    throw new GeneratedToolsError(`${where} (${name}).parameters: expected an object schema`);
  }
  if (v.catalogMode !== undefined && v.catalogMode !== 'direct-only') {
    throw new GeneratedToolsError(`${where} (${name}).catalogMode: unknown value ${JSON.stringify(v.catalogMode)}`);
  }
  return {
    name,
    ...(typeof v.label === 'string' ? { label: v.label } : {}),
    description: str(v.description, `${where} (${name}).description`),
    parameters: v.parameters as JsonSchema,
    ...(isRecord(v.outputSchema) ? { outputSchema: v.outputSchema as JsonSchema } : {}),
    owner: str(v.owner, `${where} (${name}).owner`),
    ...(v.catalogMode === 'direct-only' ? { catalogMode: 'direct-only' as const } : {}),
    groups: stringList(v.groups, `${where} (${name}).groups`),
    ...(v.builtWhenNamed === true ? { builtWhenNamed: true as const } : {}),
    ...(v.availability !== undefined ? { availability: availabilityOf(v.availability, `${where} (${name}).availability`) } : {}),
    ...(v.whenProfileRestricts !== undefined ? { whenProfileRestricts: availabilityOf(v.whenProfileRestricts, `${where} (${name}).whenProfileRestricts`) } : {}),
  };
}

function availabilityOf(v: unknown, where: string): ToolAvailabilityTexts {
  if (!isRecord(v) || !isRecord(v.variants)) {
    throw new GeneratedToolsError(`${where}: expected { vars, variants }`);
  }
  const vars = stringList(v.vars, `${where}.vars`);
  const variants: Record<string, { description: string; parameters?: JsonSchema }> = {};
  for (const [key, t] of Object.entries(v.variants)) {
    if (key.length !== vars.length || !/^[01]*$/.test(key) || !isRecord(t) || (t.parameters !== undefined && !isRecord(t.parameters))) {
      throw new GeneratedToolsError(`${where}.variants.${key}: expected a key of ${vars.length} 0/1 and { description, parameters? }`);
    }
    variants[key] = { description: str(t.description, `${where}.variants.${key}.description`), ...(t.parameters !== undefined ? { parameters: t.parameters as JsonSchema } : {}) };
  }
  return { vars, variants };
}

const CONDITION_KINDS: readonly ConditionKind[] = ['model-capability', 'model-provider', 'credential', 'trigger', 'client-capability', 'run-option', 'config-switch'];

/** Reads and checks one generated file; a malformed one is refused with the place that is wrong. */
export function parseGeneratedTools(raw: unknown): GeneratedToolSet {
  if (!isRecord(raw)) {
    throw new GeneratedToolsError('generated tools: expected an object');
  }
  const version = str(raw.openclawVersion, 'openclawVersion');
  const tools = Array.isArray(raw.tools) ? raw.tools.map((t, i) => toolOf(t, `tools[${i}]`)) : [];
  const conditions = (Array.isArray(raw.conditions) ? raw.conditions : []).map((c, i): ToolCondition => {
    const where = `conditions[${i}]`;
    if (!isRecord(c)) {
      throw new GeneratedToolsError(`${where}: expected an object`);
    }
    const kind = str(c.kind, `${where}.kind`);
    if (!CONDITION_KINDS.includes(kind as ConditionKind)) {
      throw new GeneratedToolsError(`${where}.kind: unknown kind ${JSON.stringify(kind)}`);
    }
    return { id: str(c.id, `${where}.id`), kind: kind as ConditionKind, key: str(c.key, `${where}.key`), text: str(c.text, `${where}.text`), tools: stringList(c.tools, `${where}.tools`) };
  });
  const known = new Set(conditions.map((c) => c.id));
  const conditionalTools = (Array.isArray(raw.conditionalTools) ? raw.conditionalTools : []).map((t, i): ConditionalTool => {
    const base = toolOf(t, `conditionalTools[${i}]`);
    const ids = stringList(isRecord(t) ? t.conditions : undefined, `conditionalTools[${i}] (${base.name}).conditions`);
    const unknown = ids.filter((id) => !known.has(id));
    if (ids.length === 0 || unknown.length > 0) {
      throw new GeneratedToolsError(`conditionalTools[${i}] (${base.name}).conditions: ${ids.length === 0 ? 'empty' : `unknown ${unknown.join(', ')}`}`);
    }
    return { ...base, conditions: ids };
  });
  if (!isRecord(raw.modes)) {
    throw new GeneratedToolsError('modes: expected an object');
  }
  const modes: Partial<Record<SearchModeName, ModeTools>> = {};
  for (const m of SEARCH_MODE_NAMES) {
    const entry = raw.modes[m];
    if (entry === undefined) {
      continue;
    }
    if (!isRecord(entry)) {
      throw new GeneratedToolsError(`modes.${m}: expected an object`);
    }
    modes[m] = { controlToolsTemplate: str(entry.controlToolsTemplate, `modes.${m}.controlToolsTemplate`), visible: stringList(entry.visible, `modes.${m}.visible`) };
  }
  const mcpUtilityTools = (Array.isArray(raw.mcpUtilityTools) ? raw.mcpUtilityTools : []).map((t, i): McpUtilityTool => {
    const where = `mcpUtilityTools[${i}]`;
    if (!isRecord(t) || !isRecord(t.parameters) || (t.capability !== 'resources' && t.capability !== 'prompts')) {
      throw new GeneratedToolsError(`${where}: expected { operation, capability: resources|prompts, label, description, parameters }`);
    }
    return { operation: str(t.operation, `${where}.operation`), capability: t.capability, label: str(t.label, `${where}.label`), description: str(t.description, `${where}.description`), parameters: t.parameters as JsonSchema };
  });
  if (raw.requestOrder !== 'by-name' && raw.requestOrder !== 'composition') {
    throw new GeneratedToolsError(`requestOrder: expected "by-name" or "composition", got ${JSON.stringify(raw.requestOrder)}`);
  }
  const codeMode = raw.codeMode === undefined ? undefined : codeModeOf(raw.codeMode);
  const configTextVariants = raw.configTextVariants === undefined ? undefined : configTextVariantsOf(raw.configTextVariants, new Set(tools.map((t) => t.name)));
  const schemaFamilies = raw.schemaFamilies === undefined ? undefined : schemaFamiliesOf(raw.schemaFamilies);
  return {
    openclawVersion: version,
    tools,
    conditions,
    conditionalTools,
    modes,
    mcpUtilityTools,
    requestOrder: raw.requestOrder,
    ...(configTextVariants ? { configTextVariants } : {}),
    ...(schemaFamilies ? { schemaFamilies } : {}),
    ...(codeMode ? { codeMode } : {}),
  };
}

function schemaFamiliesOf(raw: unknown): Record<SchemaFamilyName, SchemaFamily> {
  if (!isRecord(raw)) {
    throw new GeneratedToolsError('schemaFamilies: expected an object');
  }
  const out: Record<SchemaFamilyName, SchemaFamily> = {};
  for (const [name, f] of Object.entries(raw)) {
    const where = `schemaFamilies.${name}`;
    if (!(name === 'gemini' || name.startsWith('provider:')) || !isRecord(f) || !isRecord(f.rule) || !isRecord(f.tools) || !isRecord(f.modes)) {
      throw new GeneratedToolsError(`${where}: expected a family (gemini or provider:<id>) with { rule, tools, modes }`);
    }
    const r = f.rule;
    const tools: Record<string, { base: string; parameters: JsonSchema }[]> = {};
    for (const [tool, list] of Object.entries(f.tools)) {
      if (!Array.isArray(list) || !list.every((e) => isRecord(e) && typeof e.base === 'string' && isRecord(e.parameters))) {
        throw new GeneratedToolsError(`${where}.tools.${tool}: expected [{ base, parameters }]`);
      }
      tools[tool] = list.map((e: Record<string, unknown>) => ({ base: e.base as string, parameters: e.parameters as JsonSchema }));
    }
    const modes: Partial<Record<SearchModeName, { controlToolsTemplate: string }>> = {};
    for (const m of SEARCH_MODE_NAMES) {
      const entry = f.modes[m];
      if (entry !== undefined) modes[m] = { controlToolsTemplate: str(isRecord(entry) ? entry.controlToolsTemplate : undefined, `${where}.modes.${m}.controlToolsTemplate`) };
    }
    const rule: SchemaFamily['rule'] =
      name === 'gemini'
        ? {
            providerIncludes: stringList(r.providerIncludes, `${where}.rule.providerIncludes`),
            modelIdPattern: str(r.modelIdPattern, `${where}.rule.modelIdPattern`),
            toolSchemaProfile: str(r.toolSchemaProfile, `${where}.rule.toolSchemaProfile`),
            notProviderIncludes: stringList(r.notProviderIncludes, `${where}.rule.notProviderIncludes`),
          }
        : { providers: stringList(r.providers, `${where}.rule.providers`) };
    out[name] = { rule, tools, modes };
  }
  return out;
}

function configTextVariantsOf(raw: unknown, toolNames: ReadonlySet<string>): ConfigTextVariant[] {
  if (!Array.isArray(raw)) {
    throw new GeneratedToolsError('configTextVariants: expected a list');
  }
  return raw.map((v, i): ConfigTextVariant => {
    const where = `configTextVariants[${i}]`;
    if (!isRecord(v) || !Array.isArray(v.paths) || !isRecord(v.tools) || v.when !== 'nonEmptyList') {
      throw new GeneratedToolsError(`${where}: expected { id, key, text, paths, when: nonEmptyList, tools }`);
    }
    const paths = v.paths.map((p, j) => stringList(p, `${where}.paths[${j}]`));
    const tools: Record<string, { description: string }> = {};
    for (const [name, t] of Object.entries(v.tools)) {
      if (!toolNames.has(name) || !isRecord(t)) {
        throw new GeneratedToolsError(`${where}.tools.${name}: not a tool of the release, or not { description }`);
      }
      tools[name] = { description: str(t.description, `${where}.tools.${name}.description`) };
    }
    return { id: str(v.id, `${where}.id`), key: str(v.key, `${where}.key`), text: str(v.text, `${where}.text`), paths, when: 'nonEmptyList', tools };
  });
}

/**
 * The schema family a run's tools are sent in: a provider plugin's own
 * (`provider:<id>`, by the run's provider id), else Gemini's by the
 * transport's rule (normalizeToolParameterSchema's `isGeminiProvider &&
 * !isAnthropicProvider`, on the lower-cased provider and model id);
 * undefined: none measured applies.
 */
export function schemaFamilyOf(set: GeneratedToolSet | undefined, provider: string, modelId: string, toolSchemaProfile?: string): SchemaFamilyName | undefined {
  const families = set?.schemaFamilies ?? {};
  const p = provider.trim().toLowerCase();
  const m = modelId.trim().toLowerCase();
  for (const [name, f] of Object.entries(families)) {
    if ('providers' in f.rule && f.rule.providers.includes(p)) {
      return name;
    }
  }
  const g = families.gemini;
  if (!g || !('modelIdPattern' in g.rule)) {
    return undefined;
  }
  const r = g.rule;
  const inFamily = r.providerIncludes.some((x) => p.includes(x)) || new RegExp(r.modelIdPattern).test(m) || toolSchemaProfile?.trim().toLowerCase() === r.toolSchemaProfile;
  return inFamily && !r.notProviderIncludes.some((x) => p.includes(x)) ? 'gemini' : undefined;
}

const EXEC_SWITCHES: readonly ExecSegmentSwitch[] = ['api', 'shell', 'mcp', 'swarm', 'nodes', 'skills', 'namespace', 'index'];

function codeModeOf(raw: unknown): CodeModeFacts {
  if (!isRecord(raw) || !isRecord(raw.limits) || !isRecord(raw.exec) || !isRecord(raw.wait) || !isRecord(raw.index) || !isRecord(raw.namespace)) {
    throw new GeneratedToolsError('codeMode: expected { limits, exec, wait, index, namespace, ... }');
  }
  const limits = {} as Record<CodeModeLimitName, CodeModeLimit>;
  for (const k of CODE_MODE_LIMIT_NAMES) {
    const l = raw.limits[k];
    if (!isRecord(l) || typeof l.default !== 'number' || typeof l.min !== 'number' || typeof l.max !== 'number') {
      throw new GeneratedToolsError(`codeMode.limits.${k}: expected { default, min, max }`);
    }
    limits[k] = { default: l.default, min: l.min, max: l.max };
  }
  const segments = Array.isArray(raw.exec.descriptionSegments) ? raw.exec.descriptionSegments : [];
  const descriptionSegments = segments.map((g, i) => {
    if (!isRecord(g) || (g.when !== undefined && !EXEC_SWITCHES.includes(g.when as ExecSegmentSwitch))) {
      throw new GeneratedToolsError(`codeMode.exec.descriptionSegments[${i}]: expected { when?, text }`);
    }
    return { ...(g.when !== undefined ? { when: g.when as ExecSegmentSwitch } : {}), text: str(g.text, `codeMode.exec.descriptionSegments[${i}].text`) };
  });
  if (!isRecord(raw.exec.parameters) || !isRecord(raw.wait.parameters) || typeof raw.index.maxChars !== 'number') {
    throw new GeneratedToolsError('codeMode: exec and wait need parameters, index a maxChars');
  }
  const tiers = (Array.isArray(raw.modelTiers) ? raw.modelTiers : []).map((r, i): CodeModeTierRow => {
    if (!isRecord(r) || (r.tier !== undefined && r.tier !== 'preferred' && r.tier !== 'capable')) {
      throw new GeneratedToolsError(`codeMode.modelTiers[${i}]: expected { provider, model, tier?: preferred|capable, plugin, api?, baseUrl? }`);
    }
    const where = `codeMode.modelTiers[${i}]`;
    return {
      provider: str(r.provider, `${where}.provider`),
      model: str(r.model, `${where}.model`),
      ...(r.tier === 'preferred' || r.tier === 'capable' ? { tier: r.tier } : {}),
      plugin: str(r.plugin, `${where}.plugin`),
      ...(typeof r.api === 'string' ? { api: r.api } : {}),
      ...(typeof r.baseUrl === 'string' ? { baseUrl: r.baseUrl } : {}),
      ...(typeof r.upstreamModel === 'string' ? { upstreamModel: r.upstreamModel } : {}),
    };
  });
  const setting = (v: unknown, where: string): boolean | 'auto' => {
    if (v !== true && v !== false && v !== 'auto') {
      throw new GeneratedToolsError(`${where}: expected true, false or "auto"`);
    }
    return v;
  };
  return {
    ...(raw.executorDefault !== undefined ? { executorDefault: str(raw.executorDefault, 'codeMode.executorDefault') } : {}),
    whenUnset: setting(raw.whenUnset, 'codeMode.whenUnset'),
    objectWithoutEnabled: setting(raw.objectWithoutEnabled, 'codeMode.objectWithoutEnabled'),
    limits,
    exec: { name: str(raw.exec.name, 'codeMode.exec.name'), parameters: raw.exec.parameters as JsonSchema, descriptionSegments },
    wait: { name: str(raw.wait.name, 'codeMode.wait.name'), description: str(raw.wait.description, 'codeMode.wait.description'), parameters: raw.wait.parameters as JsonSchema },
    index: { maxChars: raw.index.maxChars, heading: str(raw.index.heading, 'codeMode.index.heading'), footerOmitted: str(raw.index.footerOmitted, 'codeMode.index.footerOmitted'), footerComplete: str(raw.index.footerComplete, 'codeMode.index.footerComplete') },
    namespace: { heading: str(raw.namespace.heading, 'codeMode.namespace.heading'), mcpLines: stringList(raw.namespace.mcpLines, 'codeMode.namespace.mcpLines') },
    reservedGlobals: stringList(raw.reservedGlobals, 'codeMode.reservedGlobals'),
    reservedWords: stringList(raw.reservedWords, 'codeMode.reservedWords'),
    modelTiers: tiers,
    ...(raw.runtime !== undefined ? { runtime: runtimeTextsOf(raw.runtime) } : {}),
  };
}

const RUNTIME_TEXTS: readonly Exclude<keyof CodeModeRuntimeTexts, 'namespaceReserved' | 'resultBudget' | 'mcpApi'>[] = ['userSourceFile', 'truncationGuidance', 'retainedGuidance', 'notRetainedGuidance', 'referenceOverBudgetGuidance', 'errorTruncatedSuffix', 'mcpOneObjectArgument', 'timeoutError', 'abortedError'];

function runtimeTextsOf(raw: unknown): CodeModeRuntimeTexts {
  if (!isRecord(raw)) {
    throw new GeneratedToolsError('codeMode.runtime: expected an object of texts');
  }
  const out: Partial<CodeModeRuntimeTexts> = {};
  for (const k of RUNTIME_TEXTS) {
    const v = raw[k];
    if (typeof v !== 'string') {
      throw new GeneratedToolsError(`codeMode.runtime.${k}: expected a string`);
    }
    out[k] = v;
  }
  const b = raw.resultBudget;
  const num = (v: unknown, where: string): number => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      throw new GeneratedToolsError(`codeMode.runtime.resultBudget.${where}: expected a number`);
    }
    return v;
  };
  if (!isRecord(b) || !Array.isArray(b.caps) || b.caps.length === 0) {
    throw new GeneratedToolsError('codeMode.runtime.resultBudget: expected { contextShare, caps, networkMaxChars }');
  }
  const resultBudget: CodeModeResultBudget = {
    contextShare: num(b.contextShare, 'contextShare'),
    caps: b.caps.map((c: unknown, i) => (isRecord(c) ? { minTokens: num(c.minTokens, `caps[${i}].minTokens`), maxChars: num(c.maxChars, `caps[${i}].maxChars`) } : { minTokens: num(undefined, `caps[${i}]`), maxChars: 0 })),
    networkMaxChars: num(b.networkMaxChars, 'networkMaxChars'),
  };
  return {
    ...(out as Omit<CodeModeRuntimeTexts, 'namespaceReserved' | 'resultBudget' | 'mcpApi'>),
    namespaceReserved: stringList(raw.namespaceReserved, 'codeMode.runtime.namespaceReserved'),
    resultBudget,
    mcpApi: mcpApiTextsOf(raw.mcpApi),
  };
}

function mcpApiTextsOf(raw: unknown): CodeModeMcpApiTexts {
  const where = 'codeMode.runtime.mcpApi';
  const obj = (v: unknown, at: string): Record<string, unknown> => {
    if (!isRecord(v)) {
      throw new GeneratedToolsError(`${where}.${at}: expected an object`);
    }
    return v;
  };
  const text = (o: Record<string, unknown>, k: string, at: string): string => {
    const v = o[k];
    if (typeof v !== 'string' || v === '') {
      throw new GeneratedToolsError(`${where}.${at}${k}: expected a non-empty string`);
    }
    return v;
  };
  // A template must keep its slots: without them every server would read the same.
  const template = (o: Record<string, unknown>, k: string, at: string, slots: readonly string[]): string => {
    const v = text(o, k, at);
    const missing = slots.filter((slot) => !v.includes(`{{${slot}}}`));
    if (missing.length > 0) {
      throw new GeneratedToolsError(`${where}.${at}${k}: expected the slot(s) ${missing.map((m) => `{{${m}}}`).join(', ')}`);
    }
    return v;
  };
  const r = obj(raw, '');
  const scopes = obj(r.scopes, 'scopes');
  const serverHeader = obj(r.serverHeader, 'serverHeader');
  const files = obj(r.files, 'files');
  const file = (k: string): CodeModeApiFileText => {
    const f = obj(files[k], `files.${k}`);
    return { path: text(f, 'path', `files.${k}.`), description: text(f, 'description', `files.${k}.`), content: text(f, 'content', `files.${k}.`) };
  };
  const mcpIndex = obj(files.mcpIndex, 'files.mcpIndex');
  const mcpServer = obj(files.mcpServer, 'files.mcpServer');
  const errors = obj(r.errors, 'errors');
  const resultTypes = obj(r.resultTypes, 'resultTypes');
  for (const k of Object.keys(resultTypes)) {
    text(resultTypes, k, 'resultTypes.');
  }
  if (!Object.hasOwn(resultTypes, 'tool')) {
    throw new GeneratedToolsError(`${where}.resultTypes: expected the plain tool's type (tool)`);
  }
  const utilityPaths = obj(r.utilityPaths, 'utilityPaths');
  for (const [k, v] of Object.entries(utilityPaths)) {
    if (stringList(v, `${where}.utilityPaths.${k}`).length < 2) {
      throw new GeneratedToolsError(`${where}.utilityPaths.${k}: expected a nested path`);
    }
  }
  return {
    kind: text(r, 'kind', ''),
    scopes: { root: text(scopes, 'root', 'scopes.'), server: text(scopes, 'server', 'scopes.'), tool: text(scopes, 'tool', 'scopes.') },
    rootHeader: text(r, 'rootHeader', ''),
    rootNote: text(r, 'rootNote', ''),
    serverNote: text(r, 'serverNote', ''),
    serverHeader: { open: template(serverHeader, 'open', 'serverHeader.', ['identifier']), close: text(serverHeader, 'close', 'serverHeader.') },
    resultTypes: resultTypes as Record<string, string>,
    utilityPaths: utilityPaths as Record<string, string[]>,
    files: {
      results: file('results'),
      agents: file('agents'),
      mcpIndex: { path: text(mcpIndex, 'path', 'files.mcpIndex.'), description: text(mcpIndex, 'description', 'files.mcpIndex.'), reference: template(mcpIndex, 'reference', 'files.mcpIndex.', ['identifier']) },
      mcpServer: { path: template(mcpServer, 'path', 'files.mcpServer.', ['identifier']), description: template(mcpServer, 'description', 'files.mcpServer.', ['serverName']) },
      inlineServer: text(files, 'inlineServer', 'files.'),
      nativeCallable: template(files, 'nativeCallable', 'files.', ['callable']),
    },
    errors: { invalidPath: text(errors, 'invalidPath', 'errors.'), unknownFile: text(errors, 'unknownFile', 'errors.') },
  };
}

/** Releases generated elsewhere (`addGeneratedTools`), newest added first: they win over a shipped set. */
const ADDED: GeneratedToolSet[] = [];
/** The shipped sets parsed so far (one release per epoch; each read and checked when its release is first modelled). */
const PARSED = new Map<string, GeneratedToolSet>();

function shippedSet(entry: ReleaseData): GeneratedToolSet {
  let set = PARSED.get(entry.version);
  if (!set) {
    set = parseGeneratedTools(entry.load());
    if (set.openclawVersion !== entry.version) {
      throw new GeneratedToolsError(`sources/versions/openclaw-${entry.version}.tools.json holds ${set.openclawVersion}'s tools`);
    }
    PARSED.set(entry.version, set);
  }
  return set;
}

/** The first set, added ones first, whose release `match` accepts. */
function findSet(match: (release: string) => boolean): GeneratedToolSet | undefined {
  const added = ADDED.find((g) => match(g.openclawVersion));
  if (added) {
    return added;
  }
  const entry = GENERATED_TOOL_DATA.find((e) => match(e.version));
  return entry ? shippedSet(entry) : undefined;
}

/** Every registered set, added ones first, then the shipped oldest first (reads each). */
function allSets(): GeneratedToolSet[] {
  return [...ADDED, ...GENERATED_TOOL_DATA.map(shippedSet)];
}

/**
 * Adds the tool set of a release the product does not ship (a release model
 * read from a registry folder: a user's own install, a test's next-release
 * fixture). It wins over a shipped set of the same version. Returns its removal.
 */
export function addGeneratedTools(set: GeneratedToolSet): () => void {
  ADDED.unshift(set);
  rolesByName = undefined;
  return () => {
    const i = ADDED.indexOf(set);
    if (i >= 0) {
      ADDED.splice(i, 1);
      rolesByName = undefined;
    }
  };
}

/** `controlRolesByName`'s answer for the releases registered now (a transcript reads it per entry). */
let rolesByName: ReadonlyMap<string, ControlRole> | undefined;

/**
 * The generated tool set for an OpenClaw version: the release's own, else the
 * one of the release measured in the same behaviour epoch (2026.6.8 uses
 * 2026.6.10's); undefined for an epoch without generated tools.
 */
export function generatedToolsFor(version: string): GeneratedToolSet | undefined {
  const exact = findSet((release) => release === version);
  if (exact) {
    return exact;
  }
  const epoch = modelFor(version)?.epoch;
  return epoch ? findSet((release) => epoch.releases.includes(release)) : undefined;
}

/** The limits a control tool's text may quote. */
export interface ControlToolLimits {
  searchDefaultLimit: number;
  maxSearchLimit: number;
  codeTimeoutMs: number;
}

/** The control tools of a mode as OpenClaw sends them for these limits. */
export function controlToolsFor(set: GeneratedToolSet, mode: SearchModeName, limits: ControlToolLimits, family?: SchemaFamilyName): ControlTool[] {
  const slots: Record<string, number> = { ...limits };
  const template = (family ? set.schemaFamilies?.[family]?.modes[mode]?.controlToolsTemplate : undefined) ?? set.modes[mode]?.controlToolsTemplate;
  // A mode the release does not have sends no control tools of its own (it resolves to another mode, or Tool Search is absent).
  if (template === undefined) {
    return [];
  }
  const text = template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => {
    const v = slots[key];
    if (v === undefined) {
      throw new GeneratedToolsError(`modes.${mode}: unknown slot ${whole}`);
    }
    return String(v);
  });
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) {
    throw new GeneratedToolsError(`modes.${mode}.controlToolsTemplate: expected a list`);
  }
  return parsed.map((t, i) => {
    const tool = toolOf({ ...(isRecord(t) ? t : {}), owner: 'core', groups: [] }, `modes.${mode} control tool ${i}`);
    return { name: tool.name, description: tool.description, parameters: tool.parameters };
  });
}

/**
 * What a control tool does for the model: run a program over the catalog
 * (`code`), search it, describe one entry, or call one. A release may rename
 * its control tools (`tool_call` became `dispatch_action` after 2026.9.6), so
 * the role is read from the generated schema, what the tool takes, never
 * from its name: a program takes `code`; a search `query` (or `queries`); a
 * call an `id` and its `args`; a describe an `id` alone.
 */
export type ControlRole = 'code' | 'search' | 'describe' | 'call';

export function controlRoleOf(tool: Pick<ControlTool, 'parameters'>): ControlRole | undefined {
  const props = isRecord(tool.parameters.properties) ? tool.parameters.properties : {};
  const has = (k: string): boolean => Object.hasOwn(props, k);
  if (has('code')) {
    return 'code';
  }
  if (has('query') || has('queries')) {
    return 'search';
  }
  if (has('id') && has('args')) {
    return 'call';
  }
  return has('id') ? 'describe' : undefined;
}

/** The release's control tool names by role, across its modes (a mode's own first); absent roles are not there. */
export function controlNamesOf(tools: readonly Pick<ControlTool, 'name' | 'parameters'>[]): Partial<Record<ControlRole, string>> {
  const out: Partial<Record<ControlRole, string>> = {};
  for (const t of tools) {
    const role = controlRoleOf(t);
    if (role && out[role] === undefined) {
      out[role] = t.name;
    }
  }
  return out;
}

/**
 * Every control tool name a modelled release sends, with its role: how a
 * transcript or a recorded request is read whichever release wrote it (the
 * next release's `dispatch_action` is a call as 2026.9.6's `tool_call` is).
 * The limits only fill the texts' slots; names and schemas' keys do not depend on them.
 */
export function controlRolesByName(): ReadonlyMap<string, ControlRole> {
  if (rolesByName) {
    return rolesByName;
  }
  const out = new Map<string, ControlRole>();
  const limits: ControlToolLimits = { searchDefaultLimit: 1, maxSearchLimit: 1, codeTimeoutMs: 1 };
  for (const set of allSets()) {
    for (const t of allControlToolsOf(set, limits)) {
      const role = controlRoleOf(t);
      if (role && !out.has(t.name)) {
        out.set(t.name, role);
      }
    }
  }
  rolesByName = out;
  return out;
}

/** Every control tool name a release's modes send, for these limits. */
export function allControlToolsOf(set: GeneratedToolSet, limits: ControlToolLimits): ControlTool[] {
  const byName = new Map<string, ControlTool>();
  for (const m of SEARCH_MODE_NAMES) {
    for (const t of controlToolsFor(set, m, limits)) {
      if (!byName.has(t.name)) {
        byName.set(t.name, t);
      }
    }
  }
  return [...byName.values()];
}

/**
 * Which `--assume` ids are not conditions of this version: an error for the
 * caller to report, with the known ones.
 */
export function unknownConditions(set: GeneratedToolSet | undefined, assumed: readonly string[]): string[] {
  const known = new Set((set?.conditions ?? []).filter((c) => c.kind !== 'config-switch').map((c) => c.id));
  return assumed.filter((a) => !known.has(a));
}

/**
 * Every condition id of every version with generated tools, sorted: what
 * `--assume` accepts at all. A config switch (a bundled plugin turned on) is
 * not assumed: the config says it.
 */
export function knownConditionIds(): string[] {
  return [...new Set(allSets().flatMap((g) => g.conditions.filter((c) => c.kind !== 'config-switch').map((c) => c.id)))].sort();
}
