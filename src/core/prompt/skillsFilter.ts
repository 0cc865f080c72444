import { agentRosterOf, findRosterAgent } from '../policy/agentRoster';
import { runAgentIdOf } from '../policy/runAgent';

/**
 * Which skills of the release's skills prompt a run keeps, as OpenClaw
 * 2026.9.6 filters them (`shouldIncludeSkill`, `resolveEffectiveAgentSkillFilter`):
 * `skills.entries.<name>.enabled: false` drops a skill; `skills.allowBundled`
 * (non-empty) keeps only the listed bundled skills (those under the package
 * folder); the run agent's own `skills` list, else `agents.defaults.skills`,
 * keeps only the listed ones. Skills are matched by name (a skill whose
 * metadata names another key is not told apart: the generated prompt holds
 * names only). The package's `custodian-skills` are loaded only for the
 * config's owner agent (`resolveCustodianSkillAgentId`: the system agent
 * `agents.defaults.systemAgent.agentId`, else the default agent).
 */
export interface SkillFilter {
  disabled: ReadonlySet<string>;
  /** Whether the run agent owns the config, and so gets the package's custodian skills (default: it does). */
  custodian?: boolean;
  allowBundled?: ReadonlySet<string>;
  /** The agent's (or the defaults') list; undefined: every skill. */
  allowed?: ReadonlySet<string>;
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function names(v: unknown): Set<string> | undefined {
  return Array.isArray(v) ? new Set(v.filter((x): x is string => typeof x === 'string').map((x) => x.trim()).filter((x) => x !== '')) : undefined;
}

export function skillFilterOf(config: unknown, agent: string | undefined): SkillFilter {
  const cfg = isObject(config) ? config : {};
  const skills = isObject(cfg.skills) ? cfg.skills : {};
  const entries = isObject(skills.entries) ? skills.entries : {};
  const disabled = new Set(Object.entries(entries).filter(([, e]) => isObject(e) && e.enabled === false).map(([k]) => k));
  const allowBundled = names(skills.allowBundled);
  const entry = agent !== undefined ? findRosterAgent(agentRosterOf(cfg), agent)?.entry : undefined;
  const agents = isObject(cfg.agents) ? cfg.agents : {};
  const defaults = isObject(agents.defaults) ? agents.defaults : {};
  // The agent's own list wins when the key is present at all (an empty list keeps no skill).
  const allowed = isObject(entry) && Object.prototype.hasOwnProperty.call(entry, 'skills') ? names(entry.skills) : names(defaults.skills);
  const system = isObject(defaults.systemAgent) && typeof defaults.systemAgent.agentId === 'string' && defaults.systemAgent.agentId.trim() !== '' ? defaults.systemAgent.agentId : undefined;
  const owner = (system ?? runAgentIdOf(cfg))?.trim().toLowerCase();
  const custodian = agent === undefined || (owner !== undefined && agent.trim().toLowerCase() === owner);
  return { disabled, custodian, ...(allowBundled && allowBundled.size > 0 ? { allowBundled } : {}), ...(allowed ? { allowed } : {}) };
}

const SKILL_BLOCK = /^ {2}<skill>\n {4}<name>([^<]*)<\/name>\n[\s\S]*?\n {4}<location>([^<]*)<\/location>\n {2}<\/skill>\n/gm;

/** The skills prompt without the skills the filter drops; `bundledPrefix` is how the package folder is written in it. */
export function filterSkillsPrompt(prompt: string, filter: SkillFilter, bundledPrefix: string): { prompt: string; kept: number } {
  let kept = 0;
  const out = prompt.replace(SKILL_BLOCK, (block, name: string, location: string) => {
    const bundled = location.startsWith(bundledPrefix);
    const custodian = location.startsWith(`${bundledPrefix}custodian-skills/`);
    const keep = !filter.disabled.has(name) && (!custodian || filter.custodian !== false) && (!filter.allowBundled || !bundled || filter.allowBundled.has(name)) && (!filter.allowed || filter.allowed.has(name));
    kept += keep ? 1 : 0;
    return keep ? block : '';
  });
  return { prompt: out, kept };
}
