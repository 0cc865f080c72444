import type { ConfigReader } from '../config/configReader';
import type { JsonPath } from '../config/json5Document';
import { primaryOf } from '../config/modelRef';
import type { CodeModeFacts, CodeModeLimitName, CodeModeTierRow } from '../sources/generatedTools';
import { CODE_MODE_LIMIT_NAMES } from '../sources/generatedTools';

/**
 * Whether a run gets OpenClaw's Code Mode (`exec`/`wait`) instead of Tool
 * Search or direct tools, decided as OpenClaw 2026.9.6 decides it
 * (`readCodeModeRawConfig`, `resolveCodeModeConfig`,
 * `isCodeModeEngagedForModel`, `resolveAgentToolSurfacePlan`): the first
 * explicit setting of
 *
 *   1. the agent's `models["provider/model"].codeMode`,
 *   2. the agent's `tools.codeMode`,
 *   3. `agents.defaults.models["provider/model"].codeMode`,
 *   4. the global `tools.codeMode` (absent: `"auto"`; an object without
 *      `enabled`: off),
 *
 * then `"auto"` engages only for a model its catalog flags
 * `compat.codeMode: "preferred"` (the config's own model entry, else the
 * bundled provider catalogs of the release, generated from its package). A run
 * with no tools never engages it. The limits come from the global object with
 * the agent's object over it, clamped as OpenClaw clamps them.
 */

export type CodeModeSetting = boolean | 'auto';

/** Which rule decided: the config path it sits at, with its line when the file has it. */
export interface CodeModeRule {
  kind: 'agent-model' | 'agent' | 'defaults-model' | 'global' | 'absent';
  path: JsonPath;
  line?: number;
  setting: CodeModeSetting;
  /** The global setting is an object that does not say `enabled` (off). */
  objectWithoutEnabled?: true;
}

/** Where the model's `compat.codeMode` tier came from. */
export type CodeModeTier =
  | { tier: 'preferred' | 'capable'; from: 'config'; path: JsonPath; line?: number }
  | { tier: 'preferred' | 'capable'; from: 'bundled'; plugin: string; provider: string; model: string }
  | { tier: undefined; from: 'none' };

export interface CodeModeDecision {
  engaged: boolean;
  rule: CodeModeRule;
  tier: CodeModeTier;
  /** Limits after OpenClaw's clamps (the exec description quotes some). */
  limits: Record<CodeModeLimitName, number>;
  /** The executor (`node`, `quickjs`); absent where the release has no choice. */
  executor?: string;
  /**
   * Where the config sends the run to another agent runtime than OpenClaw's
   * embedded one (`agentRuntime.id`, OpenAI's default Codex routing): the
   * surfaces predicted here are the embedded runtime's, which such a run does not use.
   */
  harness?: { id: string; why: string; path?: JsonPath; line?: number };
  /** `tools.swarm.enabled` (the agent's over the global; on unless set false): the swarm globals need it. */
  swarmEnabled: boolean;
  /** Why, in one sentence: the rule, and the tier when the rule is `"auto"`. */
  reason: string;
}

export interface CodeModeInput {
  reader: ConfigReader | undefined;
  /** The roster entry of the run's agent (`agents.entries.<id>` or `agents.list[i]`), when it has one. */
  agentPath?: JsonPath;
  /** The run's model, `provider` and `model` id; its config entry's `compat` when the config lists it. */
  model?: { provider: string; model: string; compat?: Record<string, unknown> };
  /** Where the model's entry sits in the config (for the tier's file:line). */
  modelEntryPath?: JsonPath;
  facts: CodeModeFacts;
  /** False for a run that has no tools at all: Code Mode never engages then. */
  toolsAvailable: boolean;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `true` / `false` / `"auto"` / an object as OpenClaw's normalizeCodeModeRawConfig reads them. */
function rawOf(v: unknown): Record<string, unknown> | undefined {
  if (v === true || v === false || v === 'auto') {
    return { enabled: v };
  }
  return isRecord(v) ? v : undefined;
}

function settingOf(v: unknown): CodeModeSetting {
  return typeof v === 'boolean' || v === 'auto' ? v : false;
}

function clampLimit(facts: CodeModeFacts, raw: Record<string, unknown>, key: CodeModeLimitName, maxOverride?: number): number {
  const l = facts.limits[key];
  const v = raw[key];
  const picked = typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : l.default;
  return Math.min(Math.max(picked, l.min), maxOverride ?? l.max);
}

function limitsOf(facts: CodeModeFacts, raw: Record<string, unknown>): Record<CodeModeLimitName, number> {
  const out = {} as Record<CodeModeLimitName, number>;
  for (const k of CODE_MODE_LIMIT_NAMES) {
    if (k !== 'searchDefaultLimit') {
      out[k] = clampLimit(facts, raw, k);
    }
  }
  // The default search limit is clamped to the max search limit, as OpenClaw does.
  out.searchDefaultLimit = clampLimit(facts, raw, 'searchDefaultLimit', out.maxSearchLimit);
  return out;
}

/** The bundled catalog row for a model: the exact provider and id. */
export function bundledTier(facts: CodeModeFacts, provider: string, model: string): CodeModeTierRow | undefined {
  return facts.modelTiers.find((r) => r.provider === provider && r.model === model);
}

/** A base URL as OpenClaw compares routes: trailing slashes of the path dropped. */
function normalizedBaseUrl(v: unknown): string {
  if (typeof v !== 'string' || v.trim() === '') {
    return '';
  }
  const trimmed = v.trim();
  try {
    const url = new URL(trimmed);
    url.pathname = url.pathname.replace(/\/+$/u, '') || '/';
    return url.toString();
  } catch {
    return trimmed.replace(/\/+$/u, '');
  }
}

/**
 * Whether the run reaches the catalog model by the catalog's own route
 * (OpenClaw's modelTransportRoutesMatch: the configured api and base URL, where
 * set, equal the catalog's).
 */
function catalogRoute(row: CodeModeTierRow, configured: { api?: unknown; baseUrl?: unknown }): boolean {
  const api = (row.api ?? '').toLowerCase();
  const base = normalizedBaseUrl(row.baseUrl);
  const cApi = typeof configured.api === 'string' ? configured.api.trim().toLowerCase() : '';
  return (cApi || api) === api && (normalizedBaseUrl(configured.baseUrl) || base) === base;
}

/**
 * The model's `compat.codeMode` as OpenClaw resolves it
 * (resolveCatalogOwnedModelCompat): a bundled catalog model reached by the
 * catalog's route takes the catalog's compat, whatever the config's entry
 * says; the config's own `compat` counts for another route or a model no
 * catalog has.
 */
function tierOf(input: CodeModeInput): CodeModeTier {
  const model = input.model;
  const row = model ? bundledTier(input.facts, model.provider, model.model) : undefined;
  const reader = input.reader;
  if (row && model) {
    const entry = input.modelEntryPath;
    const configured = {
      api: (entry ? reader?.raw([...entry, 'api']) : undefined) ?? reader?.raw(['models', 'providers', model.provider, 'api']),
      baseUrl: (entry ? reader?.raw([...entry, 'baseUrl']) : undefined) ?? reader?.raw(['models', 'providers', model.provider, 'baseUrl']),
    };
    if (catalogRoute(row, configured)) {
      return row.tier ? { tier: row.tier, from: 'bundled', plugin: row.plugin, provider: row.provider, model: row.model } : { tier: undefined, from: 'none' };
    }
  }
  const own = model?.compat?.codeMode;
  if ((own === 'preferred' || own === 'capable') && input.modelEntryPath) {
    const path = [...input.modelEntryPath, 'compat', 'codeMode'];
    return { tier: own, from: 'config', path, line: reader?.line(path) };
  }
  return { tier: undefined, from: 'none' };
}

function ruleOf(input: CodeModeInput): CodeModeRule {
  const reader = input.reader;
  const raw = (p: JsonPath): unknown => reader?.raw(p);
  const key = input.model ? `${input.model.provider}/${input.model.model}` : undefined;
  const candidates: { kind: CodeModeRule['kind']; path: JsonPath; value: unknown }[] = [];
  if (input.agentPath && key) {
    candidates.push({ kind: 'agent-model', path: [...input.agentPath, 'models', key, 'codeMode'], value: raw([...input.agentPath, 'models', key, 'codeMode']) });
  }
  if (input.agentPath) {
    const agentRaw = rawOf(raw([...input.agentPath, 'tools', 'codeMode']));
    const path = [...input.agentPath, 'tools', 'codeMode'];
    candidates.push({ kind: 'agent', path: isRecord(raw(path)) ? [...path, 'enabled'] : path, value: agentRaw?.enabled });
  }
  if (key) {
    candidates.push({ kind: 'defaults-model', path: ['agents', 'defaults', 'models', key, 'codeMode'], value: raw(['agents', 'defaults', 'models', key, 'codeMode']) });
  }
  for (const c of candidates) {
    // OpenClaw's `??`: only undefined and null fall through.
    if (c.value !== undefined && c.value !== null) {
      return { kind: c.kind, path: c.path, line: reader?.line(c.path), setting: settingOf(c.value) };
    }
  }
  const globalValue = raw(['tools', 'codeMode']);
  const globalRaw = rawOf(globalValue);
  if (!globalRaw) {
    // What unset means is the release's (2026.9.6: "auto"; 2026.9.5: off).
    return { kind: 'absent', path: ['tools', 'codeMode'], setting: input.facts.whenUnset };
  }
  const path: JsonPath = isRecord(globalValue) ? ['tools', 'codeMode', ...(globalRaw.enabled !== undefined ? ['enabled'] : [])] : ['tools', 'codeMode'];
  if (isRecord(globalValue) && globalRaw.enabled === undefined) {
    return { kind: 'global', path, line: reader?.line(path), setting: input.facts.objectWithoutEnabled, objectWithoutEnabled: true };
  }
  return { kind: 'global', path, line: reader?.line(path), setting: settingOf(globalRaw.enabled) };
}

function ruleText(rule: CodeModeRule): string {
  const where = rule.path.join('.');
  if (rule.kind === 'absent') {
    return `tools.codeMode is not set, which this release reads as ${settingWords(rule.setting)}`;
  }
  if (rule.kind === 'global' && rule.objectWithoutEnabled) {
    return `${where} is an object without "enabled", which this release reads as ${settingWords(rule.setting)}`;
  }
  return `${where} is ${JSON.stringify(rule.setting)}`;
}

function settingWords(s: CodeModeSetting): string {
  return s === 'auto' ? '"auto"' : s ? 'on' : 'off';
}

function tierText(tier: CodeModeTier, model: string | undefined): string {
  if (tier.from === 'config') {
    return `the model entry of ${model ?? 'the run\'s model'} says compat.codeMode "${tier.tier}"`;
  }
  if (tier.from === 'bundled') {
    return `the bundled ${tier.plugin} catalog flags ${tier.provider}/${tier.model} "${tier.tier}"`;
  }
  return `no catalog flags ${model ?? 'the run\'s model'} "preferred"`;
}

/** OpenClaw's decision for one run; the authored object without `enabled` reads as off, as OpenClaw's does. */
export function decideCodeMode(input: CodeModeInput): CodeModeDecision {
  const rule = ruleOf(input);
  const tier = tierOf(input);
  const reader = input.reader;
  const globalRaw = rawOf(reader?.raw(['tools', 'codeMode'])) ?? {};
  const agentRaw = input.agentPath ? (rawOf(reader?.raw([...input.agentPath, 'tools', 'codeMode'])) ?? {}) : {};
  const merged = { ...globalRaw, ...agentRaw };
  const executor = typeof merged.executor === 'string' ? merged.executor : input.facts.executorDefault;
  const modelName = input.model ? `${input.model.provider}/${input.model.model}` : undefined;
  const byRule = rule.setting === 'auto' ? tier.tier === 'preferred' : rule.setting;
  const engaged = input.toolsAvailable && byRule;
  let reason = ruleText(rule);
  if (rule.setting === 'auto') {
    reason += `; "auto" engages only for a model its catalog flags "preferred": ${tierText(tier, modelName)}`;
  }
  if (byRule && !input.toolsAvailable) {
    reason += '; but the run has no tools, and Code Mode never engages without them';
  }
  const harness = harnessOf(input);
  if (harness) {
    reason += `; ${harness.why}`;
  }
  const swarm = { ...(rawOf(reader?.raw(['tools', 'swarm'])) ?? {}), ...(input.agentPath ? (rawOf(reader?.raw([...input.agentPath, 'tools', 'swarm'])) ?? {}) : {}) };
  return { engaged, rule, tier, limits: limitsOf(input.facts, merged), ...(executor !== undefined ? { executor } : {}), ...(harness ? { harness } : {}), swarmEnabled: swarm.enabled !== false, reason };
}

const OFFICIAL_OPENAI = /^https:\/\/(api\.openai\.com|chatgpt\.com)(\/|$)/;

/**
 * The agent runtime the config names for the run's model or provider
 * (`agentRuntime.id` on the model entry, the provider, or the model's
 * `agents.defaults.models` row), when it is not OpenClaw's own; else, for an
 * `openai/*` model on OpenAI's official endpoint, OpenAI's default routing to
 * the Codex app-server harness (docs/concepts/agent-runtimes.md).
 */
function harnessOf(input: CodeModeInput): CodeModeDecision['harness'] {
  const reader = input.reader;
  const model = input.model;
  if (!model) {
    return undefined;
  }
  const key = `${model.provider}/${model.model}`;
  const places: JsonPath[] = [
    ...(input.modelEntryPath ? [[...input.modelEntryPath, 'agentRuntime', 'id']] : []),
    ['agents', 'defaults', 'models', key, 'agentRuntime', 'id'],
    ['models', 'providers', model.provider, 'agentRuntime', 'id'],
  ];
  for (const path of places) {
    const id = reader?.raw(path);
    if (typeof id === 'string' && id.trim() !== '') {
      if (id.trim() === 'openclaw') {
        return undefined;
      }
      return { id: id.trim(), why: `${path.join('.')} is "${id.trim()}": the run goes to that agent runtime, not OpenClaw's embedded one, so the tools it sends are not the ones predicted here`, path, line: reader?.line(path) };
    }
  }
  const baseUrl = reader?.raw(['models', 'providers', model.provider, 'baseUrl']);
  if (model.provider === 'openai' && (baseUrl === undefined || (typeof baseUrl === 'string' && OFFICIAL_OPENAI.test(baseUrl)))) {
    return { id: 'codex', why: 'an openai/* model on OpenAI\'s official endpoint is routed to the Codex app-server harness by default (set agentRuntime.id "openclaw" on the provider or model to keep OpenClaw\'s runtime): its surface is not the one predicted here' };
  }
  return undefined;
}

/** The decision for a run the config says nothing about: "auto", default limits, no tier. */
export function defaultCodeModeDecision(facts: CodeModeFacts, engaged: boolean): CodeModeDecision {
  const limits = limitsOf(facts, {});
  return {
    engaged,
    rule: { kind: 'absent', path: ['tools', 'codeMode'], setting: facts.whenUnset },
    tier: { tier: undefined, from: 'none' },
    limits,
    ...(facts.executorDefault !== undefined ? { executor: facts.executorDefault } : {}),
    swarmEnabled: true,
    reason: `tools.codeMode is not set, which this release reads as ${settingWords(facts.whenUnset)}`,
  };
}

/**
 * The run's model as OpenClaw resolves the primary: the agent's own `model`,
 * else `agents.defaults.model`, as `provider/model`; with its entry under
 * `models.providers` (its `compat`) when the config lists it.
 */
export function runModelOf(reader: ConfigReader | undefined, agentPath: JsonPath | undefined): { model?: CodeModeInput['model']; modelEntryPath?: JsonPath } {
  const ref = primaryOf(agentPath ? reader?.raw([...agentPath, 'model']) : undefined) ?? primaryOf(reader?.raw(['agents', 'defaults', 'model']));
  const slash = ref?.indexOf('/') ?? -1;
  if (!ref || slash <= 0 || slash === ref.length - 1) {
    return {};
  }
  const provider = ref.slice(0, slash);
  const model = ref.slice(slash + 1);
  const list = reader?.raw(['models', 'providers', provider, 'models']);
  const index = Array.isArray(list) ? list.findIndex((m) => isRecord(m) && m.id === model) : -1;
  const entry = index >= 0 && Array.isArray(list) ? (list[index] as Record<string, unknown>) : undefined;
  const compat = entry && isRecord(entry.compat) ? entry.compat : undefined;
  return {
    model: { provider, model, ...(compat ? { compat } : {}) },
    ...(index >= 0 ? { modelEntryPath: ['models', 'providers', provider, 'models', index] } : {}),
  };
}
