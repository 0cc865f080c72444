import type { ConfigReader } from '../config/configReader';
import type { JsonPath } from '../config/json5Document';

/**
 * The config's agents as OpenClaw reads them (2026.9.6, `agent-scope-config`:
 * `readAgentRosterProperty`, `collectAgentEntries`): the keyed roster
 * `agents.entries` (2026.8.1 on; the id is the key) wins when the config has
 * it, else the older array `agents.list` (the id is the entry's `id`). Entries
 * that are not objects are skipped.
 */
export interface AgentRoster {
  kind: 'entries' | 'list';
  /** `['agents', 'entries']` or `['agents', 'list']`. */
  path: JsonPath;
  agents: RosterAgent[];
}

export interface RosterAgent {
  /** The id as written (the key of `agents.entries`, the `id` of a list entry); undefined when a list entry has none. */
  id: string | undefined;
  /** The entry: `['agents', 'entries', key]` or `['agents', 'list', index]`. */
  path: JsonPath;
  entry: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The roster, or undefined when the config has neither `agents.entries` nor `agents.list` (OpenClaw's implicit `main`). */
export function readAgentRoster(reader: ConfigReader | undefined): AgentRoster | undefined {
  return agentRosterOf(reader?.raw([]));
}

/** The same, of a config value as parsed. */
export function agentRosterOf(config: unknown): AgentRoster | undefined {
  const agents = isRecord(config) ? config.agents : undefined;
  if (!isRecord(agents)) {
    return undefined;
  }
  if (Object.prototype.hasOwnProperty.call(agents, 'entries') && agents.entries !== undefined) {
    const entries = agents.entries;
    const out: RosterAgent[] = [];
    if (isRecord(entries)) {
      for (const [key, entry] of Object.entries(entries)) {
        if (isRecord(entry)) {
          out.push({ id: key, path: ['agents', 'entries', key], entry });
        }
      }
    }
    return { kind: 'entries', path: ['agents', 'entries'], agents: out };
  }
  if (Object.prototype.hasOwnProperty.call(agents, 'list') && agents.list !== undefined) {
    const list = agents.list;
    const out: RosterAgent[] = [];
    if (Array.isArray(list)) {
      list.forEach((entry: unknown, index) => {
        if (entry !== null && typeof entry === 'object') {
          const e = entry as Record<string, unknown>;
          out.push({ id: typeof e.id === 'string' ? e.id : undefined, path: ['agents', 'list', index], entry: e });
        }
      });
    }
    return { kind: 'list', path: ['agents', 'list'], agents: out };
  }
  return undefined;
}

/** The roster entry of an agent id: the exact id first, then one equal after trimming and lower-casing. */
export function findRosterAgent(roster: AgentRoster | undefined, id: string | undefined): RosterAgent | undefined {
  if (!roster || id === undefined) {
    return undefined;
  }
  const exact = roster.agents.find((a) => a.id === id);
  return exact ?? roster.agents.find((a) => a.id?.trim().toLowerCase() === id.trim().toLowerCase());
}

/** `agents.list[2]` or `agents.entries.ops`: how messages name an entry. */
export function rosterEntryName(path: JsonPath): string {
  const [, kind, at] = path;
  return kind === 'list' ? `agents.list[${String(at)}]` : `agents.entries.${String(at)}`;
}
