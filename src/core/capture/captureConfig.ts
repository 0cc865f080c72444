import * as path from 'node:path';
import { ConfigReader, dotted } from '../config/configReader';
import { SchemaChecker, schemaPathExists } from '../config/configSchema';
import { parseJson5 } from '../config/json5Document';
import { modelFor, OPENCLAW_MODELS, parseVersion, versionOrder } from '../policy/openclawVersions';
import { configSchemaFor } from '../policy/startupCheck';
import { configuredModelEntry } from '../prompt/modelEntry';
import { agentRosterOf, findRosterAgent } from '../policy/agentRoster';
import { resolveRunAgent } from '../policy/runAgent';
import { decideCodeMode, runModelOf } from '../catalog/codeModeActivation';
import { generatedToolsFor } from '../sources/generatedTools';

/**
 * The OpenClaw config a capture turn runs with: the workspace's own config
 * (its tools, policy, plugins, MCP servers, everything else) with only what a
 * capture must decide overridden. Pure: no file is read or written here.
 */

/** The four modes a capture runs; `direct` is `tools.toolSearch: false`. */
/** A mode a capture can run; `code-mode` is OpenClaw's Code Mode (`tools.codeMode`), asked for by name only. */
export type CaptureMode = 'direct' | 'code' | 'tools' | 'directory' | 'code-mode';
export const CAPTURE_MODES: readonly CaptureMode[] = ['direct', 'code', 'tools', 'directory'];

/**
 * What a capture turn is asked when no prompt is given: neutral, naming no
 * tool, so it fits any workspace (issue 41: the demo's "Call
 * fake_plugin_tool_17 ..." followed users to their own configs). The
 * captured request is compared with a prediction for the same prompt.
 */
export const DEFAULT_CAPTURE_PROMPT = 'Which tools can you use here? Answer in one line.';

export const DEFAULT_CAPTURE_PROVIDER = 'tsi-capture';
export const DEFAULT_CAPTURE_MODEL = 'capture-model';
/** OpenClaw's directory bound is a tenth of this (12,800 characters), as in the measured runs of issue 26. */
export const DEFAULT_CAPTURE_CONTEXT_WINDOW = 128_000;
export const DEFAULT_CAPTURE_MAX_TOKENS = 4096;
/** Sent as the API key: the recording provider accepts anything, and no real key is ever handed to OpenClaw. */
export const CAPTURE_API_KEY = 'tsi-capture-placeholder-key';

export interface CaptureConfigInput {
  /** The workspace's config as parsed (JSON5 value), or `{}` without one. */
  config: Record<string, unknown>;
  /** The folder relative paths in the config are resolved against (the config file's folder). */
  configDir: string;
  mode: CaptureMode;
  /** The recording provider's base URL (`http://127.0.0.1:PORT/v1`); must be loopback. */
  baseUrl: string;
  providerId?: string;
  modelId?: string;
  contextWindow?: number;
  /** OpenClaw's agent workspace (bootstrap files it creates and injects): a scratch folder. */
  agentWorkspace: string;
  /** What the release that runs the turn accepts (`captureRelease`); absent: a release with Tool Search whose schema knows every override. */
  release?: CaptureRelease;
  /** The agent the turn runs (`openclaw agent --agent ID`); default OpenClaw's own choice (`captureAgentOf`). */
  agent?: string;
}

/**
 * The agent a capture turn runs: the one asked for, else the one OpenClaw
 * picks for the config (`resolveRunAgent`: the entry with `default: true`,
 * the only entry, the implicit `main` without a roster). Several agents and
 * no default is OpenClaw's refusal, thrown with its reason.
 */
export function captureAgentOf(config: Record<string, unknown>, requested?: string): string {
  const agent = resolveRunAgent(new ConfigReader(parseJson5('openclaw.json', JSON.stringify(config))), requested);
  if (agent.kind === 'refused') {
    throw new CaptureConfigError(agent.message);
  }
  return agent.id;
}

/**
 * What a capture must know of the release that runs the turn, so that the
 * config it writes is one that release accepts: whether it has Tool Search
 * (releases before 2026.5.12 refuse a config naming `tools.toolSearch`:
 * `tools: Unrecognized key: "toolSearch"`), and which config paths its schema
 * knows (an override it does not know is left out rather than refused).
 */
export interface CaptureRelease {
  version: string;
  toolSearch: boolean;
  /** The release has Code Mode (`tools.codeMode`), so its schema takes the key. */
  codeMode: boolean;
  knowsPath(path: readonly string[]): boolean;
  /** The paths of a config the release's schema rejects (unknown keys, legacy keys, values), in document order. */
  rejected(config: Record<string, unknown>): (string | number)[][];
}

/**
 * The facts of `version` as the product models it: its epoch's Tool Search
 * facts (`toolSearch: null` where the epoch's releases have none) and its
 * epoch's generated config schema. Not a version list: a new epoch's data decides.
 */
export function captureRelease(version: string): CaptureRelease {
  // A version that is not a calendar version, or is older than every modelled release (a local build such as
  // 0.0.0-dev), is not judged: it keeps every key.
  const want = parseVersion(version);
  const oldest = parseVersion(OPENCLAW_MODELS[0]?.epoch.first ?? '');
  const model = want && oldest && versionOrder(want, oldest) >= 0 ? modelFor(version) : undefined;
  if (model === undefined) {
    return { version, toolSearch: true, codeMode: false, knowsPath: () => true, rejected: () => [] };
  }
  const schema = configSchemaFor(version);
  // The seed's 2026.1.30 model has no `toolSearch` key (the seed's design); its release has none either.
  const toolSearch = model.toolSearch !== undefined && model.toolSearch !== null;
  return {
    version,
    toolSearch,
    codeMode: schemaPathExists(['tools', 'codeMode'], schema),
    knowsPath: (p) => schemaPathExists([...p], schema),
    rejected: (config) => {
      const checker = new SchemaChecker(schema);
      checker.check(new ConfigReader(parseJson5('capture.json', JSON.stringify(config))));
      return checker.findings.filter((f) => f.kind !== 'passthrough').map((f) => f.path);
    },
  };
}

/**
 * Why a mode cannot be captured on a release, or undefined when it can:
 * without Tool Search every turn is a direct one, so only `direct` is a
 * capture of what it says.
 */
export function modeUnavailable(mode: CaptureMode, release: CaptureRelease): string | undefined {
  if (mode === 'direct' || release.toolSearch) {
    return undefined;
  }
  return `OpenClaw ${release.version} has no Tool Search (its epoch's releases have none), so a ${mode}-mode turn cannot be captured there; only direct mode runs`;
}

export class CaptureConfigError extends Error {}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function obj(parent: Json, key: string): Json {
  const v = parent[key];
  if (isObject(v)) {
    return v;
  }
  const fresh: Json = {};
  parent[key] = fresh;
  return fresh;
}

/** True for a URL whose host is 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return false;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function absolute(p: unknown, base: string): unknown {
  return typeof p === 'string' && p.length > 0 && !p.startsWith('~') ? path.resolve(base, p) : p;
}

/** `tools.toolSearch` for a mode: the workspace's own numbers kept, the mode decided here. */
function toolSearchFor(mode: CaptureMode, current: unknown): unknown {
  if (mode === 'direct') {
    return false;
  }
  const kept: Json = {};
  if (isObject(current)) {
    for (const key of ['codeTimeoutMs', 'searchDefaultLimit', 'maxSearchLimit']) {
      if (current[key] !== undefined) {
        kept[key] = current[key];
      }
    }
  }
  return { ...kept, enabled: true, mode };
}

/** `true`/`false`/`"auto"` or an object, with `enabled` set: an object keeps its limits and executor. */
function withEnabled(v: unknown, on: boolean): unknown {
  return isObject(v) ? { ...v, enabled: on } : on;
}

/**
 * Code Mode on (the `code-mode` turn) or off (every Tool Search mode and
 * direct, so each turn shows that mode's surface): the global setting and
 * every agent's own get `enabled`, keeping their limits; per-model settings
 * go, since they name the workspace's model, not the stand-in.
 */
function forceCodeMode(cfg: Json, on: boolean): void {
  const tools = obj(cfg, 'tools');
  tools.codeMode = withEnabled(tools.codeMode, on);
  const agents = isObject(cfg.agents) ? cfg.agents : undefined;
  const defaults = agents && isObject(agents.defaults) ? agents.defaults : undefined;
  const dropModelSettings = (holder: Json | undefined): void => {
    if (holder && isObject(holder.models)) {
      for (const m of Object.values(holder.models)) {
        if (isObject(m)) {
          delete m.codeMode;
        }
      }
    }
  };
  dropModelSettings(defaults);
  for (const a of agentRosterOf(cfg)?.agents ?? []) {
    const entry = a.entry;
    if (!isObject(entry)) {
      continue;
    }
    dropModelSettings(entry);
    if (isObject(entry.tools) && entry.tools.codeMode !== undefined) {
      entry.tools.codeMode = withEnabled(entry.tools.codeMode, on);
    }
  }
}

/**
 * How a turn treats Code Mode. Where the product models the release's Code
 * Mode and the workspace's own decision already gives the mode asked for
 * (Code Mode engaged for `code-mode`, off for the others), the turn runs the
 * config as written: the real run then checks the decision too. Otherwise
 * Code Mode is forced on or off (what that mode would send).
 */
interface CodeModePlan {
  asConfigured: boolean;
  modelKey?: string;
  /** The tier the workspace's model resolves to (null: none), which the stand-in must have to decide alike. */
  tier?: 'preferred' | 'capable' | null;
}

/**
 * The stand-in's `compat`: the workspace model's flags, with `codeMode` set to
 * the tier OpenClaw resolves for the workspace's model (a bundled catalog's
 * for a catalog route, which the stand-in, a custom route, would not get).
 */
function standInCompat(own: Json | undefined, plan: CodeModePlan): { compat?: Json } {
  if (plan.tier === undefined) {
    return own !== undefined ? { compat: own } : {};
  }
  const { codeMode: _dropped, ...rest } = own ?? {};
  const compat = { ...rest, ...(plan.tier ? { codeMode: plan.tier } : {}) };
  return Object.keys(compat).length > 0 ? { compat } : {};
}

function codeModePlanOf(input: CaptureConfigInput): CodeModePlan {
  const facts = input.release ? generatedToolsFor(input.release.version)?.codeMode : undefined;
  if (!facts) {
    return { asConfigured: false };
  }
  const reader = new ConfigReader(parseJson5('openclaw.json', JSON.stringify(input.config)));
  // The agent the turn runs decides with its own layers.
  const agent = findRosterAgent(agentRosterOf(input.config), input.agent ?? captureAgentOf(input.config));
  const run = runModelOf(reader, agent?.path);
  const decision = decideCodeMode({ reader, ...(agent ? { agentPath: agent.path } : {}), ...run, facts, toolsAvailable: true });
  const asConfigured = decision.engaged === (input.mode === 'code-mode');
  return { asConfigured, ...(run.model ? { modelKey: `${run.model.provider}/${run.model.model}` } : {}), ...(asConfigured ? { tier: decision.tier.tier ?? null } : {}) };
}

/** Per-model settings (`agents.defaults.models`, each agent's `models`) move from the workspace's model key to the stand-in's. */
function rekeyModelSettings(cfg: Json, from: string | undefined, to: string): void {
  if (!from || from === to) {
    return;
  }
  const move = (holder: unknown): void => {
    if (isObject(holder) && isObject(holder.models) && holder.models[from] !== undefined) {
      holder.models[to] = holder.models[from];
      delete holder.models[from];
    }
  };
  const agents = isObject(cfg.agents) ? cfg.agents : undefined;
  move(agents?.defaults);
  for (const a of agentRosterOf(cfg)?.agents ?? []) {
    move(a.entry);
  }
}

/**
 * The config of one capture turn. Overridden, and nothing else:
 * - `models.providers.<providerId>`: the recording provider (`api:
 *   "openai-completions"`, the loopback `baseUrl`, a placeholder key, one model);
 * - the model of the run: `agents.defaults.model` and the run agent's own `model`;
 * - `agents.defaults.workspace` and the run agent's `workspace`: a scratch
 *   folder, so OpenClaw's bootstrap files are never written into the user's
 *   folders (an agent that is not the default would otherwise get
 *   `<defaults.workspace>/<id>`);
 * - `tools.toolSearch`: the mode (`false` for direct), keeping the workspace's limits;
 *   left out, the workspace's own included, on a release without Tool Search;
 * - `update.checkOnStart: false`, where the release's schema knows it.
 * Relative paths OpenClaw would resolve against its own working directory are
 * made absolute against the config's folder: `plugins.load.paths` and each
 * stdio MCP server's `cwd` (which defaults to the config's folder, as the
 * inspector itself starts them).
 */
export function captureConfig(input: CaptureConfigInput): Json {
  return captureConfigOf(input).config;
}

export interface CaptureConfigResult {
  config: Json;
  /**
   * Keys of the workspace's config left out because the release that runs
   * the turn would refuse the whole config for them (dotted paths); only on
   * a release without Tool Search (`CaptureRelease.toolSearch` false).
   */
  omitted: string[];
}

/**
 * `captureConfig`, and what it left out. On a release without Tool Search
 * (before 2026.5.12) a capture is a check of the tools the release builds,
 * so the keys its schema rejects (`tools.toolSearch` itself, `mcp` before
 * 2026.3.23) are left out instead of having the release refuse to start; the
 * report names each. On a release with Tool Search nothing of the workspace
 * is dropped: a config that release refuses is the finding.
 */
export function captureConfigOf(input: CaptureConfigInput): CaptureConfigResult {
  if (!isLoopbackUrl(input.baseUrl)) {
    throw new CaptureConfigError(`the capture provider must listen on loopback, got ${input.baseUrl}`);
  }
  const providerId = input.providerId ?? DEFAULT_CAPTURE_PROVIDER;
  const modelId = input.modelId ?? DEFAULT_CAPTURE_MODEL;
  const agentId = input.agent ?? captureAgentOf(input.config);
  input = { ...input, agent: agentId };
  const cfg = structuredClone(input.config) as Json;
  // The workspace's own model keeps its context window and output bound: they shape the request.
  const own = configuredModelEntry(input.config);
  const plan = codeModePlanOf(input);

  const models = obj(cfg, 'models');
  const providers = obj(models, 'providers');
  providers[providerId] = {
    baseUrl: input.baseUrl,
    api: 'openai-completions',
    apiKey: CAPTURE_API_KEY,
    models: [
      {
        id: modelId,
        name: modelId,
        contextWindow: input.contextWindow ?? own?.contextWindow ?? DEFAULT_CAPTURE_CONTEXT_WINDOW,
        // A model listed without maxTokens stays so: OpenClaw's default applies (and is what is predicted).
        ...(own?.listed && own.maxTokens === undefined ? {} : { maxTokens: own?.maxTokens ?? DEFAULT_CAPTURE_MAX_TOKENS }),
        // The model's compat flags decide OpenClaw's behaviour (Code Mode's "auto" tier): the stand-in keeps them,
        // and takes the tier a bundled catalog gives the workspace's model (its id is the stand-in's now).
        ...standInCompat(own?.compat, plan),
      },
    ],
  };

  const agents = obj(cfg, 'agents');
  const defaults = obj(agents, 'defaults');
  const primary = `${providerId}/${modelId}`;
  defaults.model = { primary };
  defaults.workspace = input.agentWorkspace;
  // The run agent's entry in whichever roster OpenClaw reads (`agents.entries` wins over `agents.list`).
  const runEntry = findRosterAgent(agentRosterOf(cfg), agentId)?.entry;
  if (runEntry && runEntry.model !== undefined) {
    runEntry.model = { primary };
  }
  if (runEntry) {
    runEntry.workspace = input.agentWorkspace;
  }

  const omitted: string[] = [];
  const tools = obj(cfg, 'tools');
  if (plan.asConfigured) {
    // The run's own surface: its settings stay, the per-model ones follow the model to the stand-in's key.
    rekeyModelSettings(cfg, plan.modelKey, primary);
  } else if (input.mode === 'code-mode' || tools.codeMode !== undefined || input.release?.codeMode === true) {
    forceCodeMode(cfg, input.mode === 'code-mode');
  }
  if (input.mode === 'code-mode') {
    // Code Mode excludes Tool Search: the workspace's own setting stays as written.
  } else if (input.release === undefined || input.release.toolSearch) {
    tools.toolSearch = toolSearchFor(input.mode, tools.toolSearch);
  } else if (tools.toolSearch !== undefined) {
    // The release would refuse the whole config for this key; without Tool Search every turn is direct anyway.
    delete tools.toolSearch;
    omitted.push('tools.toolSearch');
  }

  if (input.release === undefined || input.release.knowsPath(['update', 'checkOnStart'])) {
    obj(cfg, 'update').checkOnStart = false;
  }

  const plugins = cfg.plugins;
  if (isObject(plugins) && isObject(plugins.load) && Array.isArray(plugins.load.paths)) {
    plugins.load.paths = plugins.load.paths.map((p) => absolute(p, input.configDir));
  }
  const mcp = cfg.mcp;
  if (isObject(mcp) && isObject(mcp.servers)) {
    for (const server of Object.values(mcp.servers)) {
      if (isObject(server) && typeof server.command === 'string') {
        server.cwd = server.cwd === undefined ? input.configDir : absolute(server.cwd, input.configDir);
      }
    }
  }
  if (input.release !== undefined && !input.release.toolSearch) {
    // Last first, so that removing an array element does not shift the ones still to remove.
    const rejected = [...input.release.rejected(cfg)].reverse().filter((p) => removeAt(cfg, p));
    omitted.push(...rejected.reverse().map((p) => dotted(p)));
  }
  return { config: cfg, omitted };
}

/** Removes the key (or array element) at a path; false when nothing is there. */
function removeAt(root: Json, p: readonly (string | number)[]): boolean {
  let cur: unknown = root;
  for (const key of p.slice(0, -1)) {
    cur = cur !== null && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[key] : undefined;
  }
  const last = p[p.length - 1];
  if (Array.isArray(cur) && typeof last === 'number' && last < cur.length) {
    cur.splice(last, 1);
    return true;
  }
  if (isObject(cur) && last !== undefined && Object.prototype.hasOwnProperty.call(cur, last)) {
    delete cur[last];
    return true;
  }
  return false;
}
