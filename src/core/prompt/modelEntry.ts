/**
 * The model a run uses and its entry under `models.providers`, read from a
 * config as OpenClaw resolves the primary model: the run agent's own
 * `model`, else `agents.defaults.model` (a string or `{ primary }`), as
 * `provider/model`. The entry's `contextWindow` bounds the deferred tool
 * directory (a tenth of it) and its `maxTokens` is the request's
 * `max_completion_tokens`.
 */

import { primaryOf } from '../config/modelRef';
import { agentRosterOf, findRosterAgent } from '../policy/agentRoster';
import { runAgentIdOf } from '../policy/runAgent';

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export interface ModelEntry {
  provider: string;
  model: string;
  contextWindow?: number;
  maxTokens?: number;
  /** The provider's configured `baseUrl`. */
  baseUrl?: string;
  /** The model is listed under `models.providers.<provider>.models` (else it comes from a bundled catalog, not modelled). */
  listed?: true;
  /**
   * The entry's `compat` flags as written (`compat.codeMode` tiers the model
   * for Code Mode's `"auto"`); a capture's stand-in entry keeps them, so the
   * real run sees the same tier as the user's.
   */
  compat?: Json;
}

function positive(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;
}

/** The configured primary model (`undefined` when the config names none in `provider/model` form). */
/** `agent`: the run's agent (default: the one OpenClaw picks for the config). */
export function configuredModelEntry(config: unknown, agent?: string): ModelEntry | undefined {
  if (!isObject(config)) {
    return undefined;
  }
  const agents = isObject(config.agents) ? config.agents : {};
  // The run agent's entry, in whichever roster the config keeps (`agents.entries` wins over `agents.list`).
  const own = findRosterAgent(agentRosterOf(config), agent ?? runAgentIdOf(config))?.entry;
  const ref = primaryOf(isObject(own) ? own.model : undefined) ?? primaryOf(isObject(agents.defaults) ? agents.defaults.model : undefined);
  const slash = ref?.indexOf('/') ?? -1;
  if (!ref || slash <= 0 || slash === ref.length - 1) {
    return undefined;
  }
  const provider = ref.slice(0, slash);
  const model = ref.slice(slash + 1);
  const providers = isObject(config.models) && isObject(config.models.providers) ? config.models.providers : {};
  const entry = providers[provider];
  const listed = isObject(entry) && Array.isArray(entry.models) ? entry.models.find((m) => isObject(m) && m.id === model) : undefined;
  const m = isObject(listed) ? listed : {};
  const contextWindow = positive(m.contextWindow);
  const maxTokens = positive(m.maxTokens);
  const baseUrl = isObject(entry) && typeof entry.baseUrl === 'string' ? entry.baseUrl : undefined;
  const compat = isObject(m.compat) ? m.compat : undefined;
  return {
    provider,
    model,
    ...(contextWindow !== undefined ? { contextWindow } : {}),
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(compat !== undefined ? { compat: structuredClone(compat) } : {}),
    ...(isObject(listed) ? { listed: true as const } : {}),
  };
}
