import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_MODEL } from '../provider/requestShapes';
import { modelAliasesOf, type ModelAlias } from './modelAliases';
import { sandboxRunOf, type SandboxRun } from './sandboxRun';
import { agentWorkspaceDir, openclawStateDir, readAgentWorkspace, type AgentWorkspaceFiles } from './agentWorkspace';
import { isProxyLikeEndpoint } from './maxTokens';
import { configuredModelEntry } from './modelEntry';
import { runAgentIdOf } from '../policy/runAgent';
import type { PromptData } from './openclawRequest';
import { newestPromptData, noTemplatesText, promptDataFor } from './promptVersions';
import { skillFilterOf, type SkillFilter } from './skillsFilter';
import { providerPayloadOptions } from './providerPayload';
import { modelFor, NEWEST_OPENCLAW_VERSION } from '../policy/openclawVersions';
import { loadedBundledPlugins } from '../sources/construction';
import { memorySupplementsFor } from './runtimeContext';

/**
 * What a prediction of OpenClaw's request reads from the user's side, once
 * per workspace: the configured model and its entry, the agent workspace and
 * its bootstrap files, the state folder. Everything else comes from the
 * generated templates.
 */
export interface OpenClawRequestContext {
  /** The modelled version's templates; undefined when its epoch has none (see `noTemplates`). */
  data: PromptData | undefined;
  /** Why there is no prediction for the modelled version (before 2026.5.12), where the request would be shown. */
  noTemplates?: string;
  provider: string;
  model: string;
  /** The model entry's `compat.toolSchemaProfile` (a schema family it asks for, e.g. `gemini`). */
  toolSchemaProfile?: string;
  contextWindow?: number;
  maxTokens: number;
  /** A configured endpoint other than OpenAI's: OpenClaw bounds max_completion_tokens by the context left. */
  proxyLikeEndpoint: boolean;
  workspace: AgentWorkspaceFiles;
  stateDir: string;
  /** The `openclaw` package folder the prompt names (its docs and skills). */
  openclawDir: string;
  /** What the prediction could not read from the workspace and took a default for. */
  assumed: string[];
  /** The agent the run is for (its runtime line names it), when known. */
  agent?: string;
  /** The skills the run keeps (skills.entries, allowBundled, the agent's list). */
  skillFilter?: SkillFilter;
  /** The model aliases the run's prompt lists (modelAliases.ts). */
  modelAliases?: ModelAlias[];
  /** The bundled plugins the config turns on that the prompt data has parts for (memory-wiki's supplement and skills). */
  loadedPlugins?: string[];
  /** The run's sandbox, when the run is sandboxed (sandboxRun.ts). */
  sandbox?: SandboxRun;
  /** What the run's provider plugin adds to the payload as `options` (providerPayload.ts). */
  payloadOptions?: Record<string, unknown>;
  /**
   * Whether the run loads the inspected folder's `.openclaw/extensions`:
   * OpenClaw reads them from the agent workspace, so only when the agent
   * workspace is that folder.
   */
  loadsWorkspaceExtensions: boolean;
}

type Env = Record<string, string | undefined>;

/** Stands for the package folder when no OpenClaw is installed (a volatile part either way). */
export const UNKNOWN_OPENCLAW_DIR = '<openclaw package>';

/** Output bound when the model entry sets none: the value the modelled captures were configured with. */
const FALLBACK_MAX_TOKENS = 4096;
/**
 * What OpenClaw sends as `max_completion_tokens` for a configured model entry
 * without `maxTokens`: 8192 in 2026.9.6 (its default for a configured model;
 * a real turn with such an entry sent 8192, and test/real/userConfigs.test.ts
 * holds the prediction to the real request on configs without it).
 */
const CONFIGURED_DEFAULT_MAX_TOKENS = 8192;

export interface ContextOptions {
  config: unknown;
  configDir: string;
  env?: Env;
  home?: string;
  /** The installed OpenClaw package folder, when known (`verify`/`capture` locate it). */
  openclawDir?: string;
  /** The inspected folder, whose `.openclaw/extensions` the inspector reads (a run loads them only from its agent workspace). */
  workspaceFolder?: string;
  /** A model to use when the config names none (`--model`). */
  model?: string;
  /** The modelled OpenClaw version: its epoch's templates are used (default: the newest's). */
  version?: string;
  data?: PromptData;
  /** The run's agent (default: the one OpenClaw picks for the config): its model, agent workspace and runtime line. */
  agent?: string;
  /** The run is sandboxed, or not, whatever the config's sandbox mode says (`--sandboxed`); default: the mode decides. */
  sandboxed?: boolean;
}

export function openclawRequestContext(opts: ContextOptions): OpenClawRequestContext {
  const env = opts.env ?? process.env;
  const home = opts.home ?? os.homedir();
  const data = opts.data ?? (opts.version !== undefined ? promptDataFor(opts.version) : newestPromptData());
  const assumed: string[] = [];
  const agent = opts.agent ?? runAgentIdOf(opts.config);
  const entry = configuredModelEntry(opts.config, agent);
  if (!entry) {
    assumed.push('the config names no primary model (agents.defaults.model): the model is the preview\'s own');
  } else if (entry.maxTokens === undefined && entry.listed) {
    assumed.push(`models.providers.${entry.provider} lists no maxTokens for ${entry.model}: OpenClaw's default, max_completion_tokens ${CONFIGURED_DEFAULT_MAX_TOKENS}`);
  } else if (entry.maxTokens === undefined) {
    assumed.push(`${entry.provider}/${entry.model} is not listed under models.providers (its bundled catalog entry is not modelled): max_completion_tokens ${FALLBACK_MAX_TOKENS} assumed`);
  }
  if (opts.openclawDir === undefined) {
    assumed.push(`no installed OpenClaw was found: the package folder its prompt cites (docs, skills) is shown as ${UNKNOWN_OPENCLAW_DIR}`);
  }
  const stateDir = openclawStateDir(env, home);
  const dir = agentWorkspaceDir(opts.config, opts.configDir, env, home, agent);
  return {
    data,
    ...(data === undefined && opts.version !== undefined ? { noTemplates: noTemplatesText(opts.version) } : {}),
    provider: entry?.provider ?? 'openai',
    model: opts.model ?? entry?.model ?? DEFAULT_MODEL,
    ...(typeof entry?.compat?.toolSchemaProfile === 'string' ? { toolSchemaProfile: entry.compat.toolSchemaProfile } : {}),
    ...(entry?.contextWindow !== undefined ? { contextWindow: entry.contextWindow } : {}),
    maxTokens: entry?.maxTokens ?? (entry?.listed ? CONFIGURED_DEFAULT_MAX_TOKENS : FALLBACK_MAX_TOKENS),
    proxyLikeEndpoint: isProxyLikeEndpoint(entry?.baseUrl),
    workspace: readAgentWorkspace(dir, data?.bootstrapFiles ?? [], !skipsBootstrap(opts.config)),
    loadsWorkspaceExtensions: opts.workspaceFolder !== undefined && path.resolve(opts.workspaceFolder) === path.resolve(dir),
    stateDir,
    openclawDir: opts.openclawDir ?? UNKNOWN_OPENCLAW_DIR,
    assumed,
    ...(agent !== undefined ? { agent } : {}),
    skillFilter: skillFilterOf(opts.config, agent),
    ...aliasesOf(modelAliasesOf(opts.config, agent)),
    ...pluginsOf(opts.config, opts.version ?? NEWEST_OPENCLAW_VERSION, data),
    ...sandboxOf(sandboxRunOf(opts.config, agent, opts.sandboxed)),
    ...optionsOf(entry ? providerPayloadOptions(opts.config, entry.provider, entry.model, opts.version ?? NEWEST_OPENCLAW_VERSION) : undefined),
  };
}

function pluginsOf(config: unknown, version: string, data: PromptData | undefined): { loadedPlugins?: string[] } {
  const model = modelFor(version);
  const ids = [...new Set([...Object.keys(memorySupplementsFor(version)), ...Object.keys(data?.pluginSkills ?? {})])];
  const loaded = model && ids.length > 0 ? loadedBundledPlugins(config, model, ids) : [];
  return loaded.length > 0 ? { loadedPlugins: loaded } : {};
}

function sandboxOf(run: SandboxRun | undefined): { sandbox?: SandboxRun } {
  return run ? { sandbox: run } : {};
}

function aliasesOf(a: ModelAlias[]): { modelAliases?: ModelAlias[] } {
  return a.length > 0 ? { modelAliases: a } : {};
}

function optionsOf(o: Record<string, unknown> | undefined): { payloadOptions?: Record<string, unknown> } {
  return o ? { payloadOptions: o } : {};
}

/** `agents.defaults.skipBootstrap`: OpenClaw writes no bootstrap files into a new agent workspace. */
function skipsBootstrap(config: unknown): boolean {
  const agents = config !== null && typeof config === 'object' ? (config as { agents?: unknown }).agents : undefined;
  const defaults = agents !== null && typeof agents === 'object' ? (agents as { defaults?: unknown }).defaults : undefined;
  return defaults !== null && typeof defaults === 'object' && (defaults as { skipBootstrap?: unknown }).skipBootstrap === true;
}
