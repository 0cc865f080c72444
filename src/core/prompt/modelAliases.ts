import { agentRosterOf, findRosterAgent } from '../policy/agentRoster';

/**
 * The model aliases a run's prompt lists (`## Model Aliases`), read from the
 * config as OpenClaw 2026.9.6 reads them (`listConfiguredModelMaps`,
 * `listModelAliasCandidates`, `buildModelAliasLines`): the entries of
 * `agents.defaults.models` and of the run agent's own `models` that give an
 * `alias`, wildcard keys (`provider/*`) left out, one per alias (the later
 * map wins), sorted by alias with `localeCompare`, each `- alias:
 * provider/model`. The section's own text and place are generated
 * (`modelAliases` edits in the prompt templates). Not modelled: OpenClaw also
 * drops an alias whose model its model policy does not allow or cannot
 * resolve.
 */
export interface ModelAlias {
  alias: string;
  ref: string;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function isWildcard(key: string): boolean {
  const segments = key.trim().split('/').map((s) => s.trim());
  return segments.length > 1 && segments[segments.length - 1] === '*';
}

export function modelAliasesOf(config: unknown, agent: string | undefined): ModelAlias[] {
  const cfg = isObject(config) ? config : {};
  const agents = isObject(cfg.agents) ? cfg.agents : {};
  const defaults = isObject(agents.defaults) ? agents.defaults : {};
  const own = agent !== undefined ? findRosterAgent(agentRosterOf(cfg), agent)?.entry : undefined;
  const byAlias = new Map<string, ModelAlias>();
  for (const models of [defaults.models, own?.models]) {
    if (!isObject(models)) {
      continue;
    }
    for (const [key, entry] of Object.entries(models)) {
      if (isWildcard(key) || !isObject(entry) || !Object.prototype.hasOwnProperty.call(entry, 'alias')) {
        continue;
      }
      const alias = typeof entry.alias === 'string' ? entry.alias.trim() : '';
      const slash = key.indexOf('/');
      if (alias === '' || slash <= 0) {
        continue;
      }
      byAlias.set(alias.toLowerCase(), { alias, ref: `${key.slice(0, slash).trim().toLowerCase()}/${key.slice(slash + 1).trim()}` });
    }
  }
  return [...byAlias.values()].sort((a, b) => a.alias.localeCompare(b.alias));
}

/** The section's lines, as `buildModelAliasLines` writes them. */
export function modelAliasLines(aliases: readonly ModelAlias[]): string {
  return aliases.map((a) => `- ${a.alias}: ${a.ref}`).join('\n');
}
