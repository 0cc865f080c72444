import { ConfigReader, dotted } from '../config/configReader';
import { parseJson5, type JsonPath } from '../config/json5Document';
import { findRosterAgent, readAgentRoster } from './agentRoster';

/**
 * Which agent a run models, and why. OpenClaw picks the run's agent when none
 * is asked for (2026.9.6, `agent-scope-config`: `resolveSessionAgentIdStrict`
 * -> `tryResolveLegacyDataOwnerAgentId` / `resolveDefaultAgentId`):
 *
 * - the one roster entry (`agents.entries.<id>`, else `agents.list[]`) with `default: true` (unless
 *   `agents.ownership` is `"explicit"`, which ignores the markers); two or more
 *   marked entries mark nothing;
 * - else the only entry;
 * - else, with no roster at all, the implicit agent `main` (no entry,
 *   so no agent layer);
 * - else it refuses: several agents and no default is
 *   `AgentSelectionRequiredError` ("Multiple agents are configured, but ...
 *   has no explicit owner"), an empty list is "No agents configured".
 */
export type RunAgent =
  /** Asked for (`--agent`, the `policy.agent` setting); `path` when the roster has it. */
  | { kind: 'requested'; id: string; path?: JsonPath }
  /** OpenClaw's default: the marked entry or the only one. */
  | { kind: 'default'; id: string; path: JsonPath; why: 'default-marker' | 'only-agent'; line?: number }
  /** No roster (`agents.entries` or `agents.list`): OpenClaw's implicit `main`, with no agent layer. */
  | { kind: 'implicit'; id: 'main' }
  /** OpenClaw would not run: no agent can be picked. `message` is the reason, with OpenClaw's words. */
  | { kind: 'refused'; ids: string[]; reason: 'several-agents' | 'no-agents'; message: string; line?: number };

/** The roster entry the run's agent layers come from, when it has one. */
export function runAgentPath(agent: RunAgent): JsonPath | undefined {
  return agent.kind === 'default' || agent.kind === 'requested' ? agent.path : undefined;
}

/** Resolves the agent a run models; `requested` wins when given. Pure: reports nothing. */
export function resolveRunAgent(reader: ConfigReader | undefined, requested: string | undefined): RunAgent {
  const roster = readAgentRoster(reader);
  const entries = roster?.agents ?? [];
  if (requested !== undefined && requested.trim() !== '') {
    const found = findRosterAgent(roster, requested);
    return { kind: 'requested', id: requested, ...(found ? { path: found.path } : {}) };
  }
  if (!roster) {
    return { kind: 'implicit', id: 'main' };
  }
  const explicitOwnership = reader?.raw(['agents', 'ownership']) === 'explicit';
  const marked = explicitOwnership ? [] : entries.filter((a) => a.entry.default === true);
  const only = marked.length === 1 ? marked : entries.length === 1 ? entries : [];
  const picked = only[0];
  if (picked) {
    const id = picked.id ?? 'main';
    const why = marked.length === 1 ? 'default-marker' : 'only-agent';
    return { kind: 'default', id, path: picked.path, why, line: reader?.line([...picked.path, ...(why === 'default-marker' ? ['default'] : [])]) };
  }
  const ids = [...new Set(entries.map((a) => a.id?.trim().toLowerCase() ?? 'main'))];
  const line = reader?.line(roster.path);
  const where = dotted(roster.path);
  if (entries.length === 0) {
    return { kind: 'refused', ids, reason: 'no-agents', line, message: `${where} is empty: OpenClaw refuses to run ("No agents configured"); add an agent or remove the empty ${roster.kind === 'list' ? 'list' : 'roster'}` };
  }
  const markers = marked.length > 1 ? ` (${marked.length} entries say default: true, so none is the default)` : explicitOwnership ? ' (agents.ownership is "explicit", so default: true marks nothing)' : '';
  return {
    kind: 'refused',
    ids,
    reason: 'several-agents',
    line,
    message:
      `Multiple agents are configured (${ids.join(', ')}) and none is the default${markers}: ` +
      'OpenClaw refuses to run without an agent (AgentSelectionRequiredError); pass --agent <id> (setting toolSearchInspector.policy.agent) or set default: true on one agent',
  };
}

/**
 * The id of the agent a run of a parsed config models (the one asked for,
 * else OpenClaw's default or implicit `main`); undefined when OpenClaw would
 * refuse to pick one.
 */
export function runAgentIdOf(config: unknown, requested?: string): string | undefined {
  const agent = resolveRunAgent(new ConfigReader(parseJson5('openclaw.json', JSON.stringify(config ?? {}))), requested);
  return agent.kind === 'refused' ? undefined : agent.id;
}

/** `agent ops (default: true, openclaw.json:14)`: how the surfaces say which agent they modelled. */
export function runAgentText(agent: RunAgent, file?: string): string {
  const at = (line?: number) => (file ? `, ${file}${line !== undefined ? `:${line}` : ''}` : '');
  switch (agent.kind) {
    case 'requested':
      return `agent ${agent.id} (asked for${agent.path === undefined ? '; not in the config\'s agents, so no agent layer' : ''})`;
    case 'default':
      return `agent ${agent.id} (OpenClaw's default: ${agent.why === 'default-marker' ? 'the entry with default: true' : `the only agent in ${agent.path[1] === 'entries' ? 'agents.entries' : 'agents.list'}`}${at(agent.line)})`;
    case 'implicit':
      return 'agent main (no agents.list or agents.entries: OpenClaw runs its implicit main agent, no agent layer)';
    case 'refused':
      return `no agent: ${agent.message}`;
  }
}

/** The same, as data: `catalog --json` and `explain --json` carry it as `agent`. */
export function runAgentJson(agent: RunAgent, file?: string): { kind: RunAgent['kind']; id?: string; why?: string; text: string; file?: string; line?: number } {
  const line = agent.kind === 'default' || agent.kind === 'refused' ? agent.line : undefined;
  return {
    kind: agent.kind,
    ...(agent.kind === 'refused' ? {} : { id: agent.id }),
    ...(agent.kind === 'default' ? { why: agent.why } : agent.kind === 'refused' ? { why: agent.reason } : {}),
    text: runAgentText(agent, file),
    ...(file && line !== undefined ? { file, line } : {}),
  };
}

/** One row of an agent picker: OpenClaw's own choice first, then every agent of the roster. */
export interface AgentPickItem {
  /** What the `policy.agent` setting becomes: `''` for OpenClaw's own choice. */
  value: string;
  kind: 'openclaw-choice' | 'agent';
  label: string;
  description: string;
  /** The agent's entry at its line, when the config has one. */
  line?: number;
  /** The row the current setting selects. */
  current: boolean;
  /** OpenClaw would refuse to run this way (several agents and no default). */
  refused?: boolean;
}

/**
 * The agent picker's rows: "OpenClaw's choice" says which agent OpenClaw
 * runs when none is asked for, or that it would refuse to pick one, then each
 * agent with its default marker. Pure: the editor shows them.
 */
export function agentPickItems(reader: ConfigReader | undefined, current: string | undefined): AgentPickItem[] {
  const own = resolveRunAgent(reader, undefined);
  const asked = current !== undefined && current.trim() !== '' ? current : undefined;
  const first: AgentPickItem =
    own.kind === 'refused'
      ? { value: '', kind: 'openclaw-choice', label: "OpenClaw's choice: none", description: own.message, current: asked === undefined, refused: true, ...(own.line !== undefined ? { line: own.line } : {}) }
      : {
          value: '',
          kind: 'openclaw-choice',
          label: `OpenClaw's choice: ${own.id}`,
          description: own.kind === 'implicit' ? 'no agents.list or agents.entries: its implicit main agent, no agent layer' : own.kind === 'default' && own.why === 'default-marker' ? 'the entry with default: true' : 'the only agent',
          current: asked === undefined,
          ...(own.kind === 'default' && own.line !== undefined ? { line: own.line } : {}),
        };
  const rows: AgentPickItem[] = [];
  for (const a of readAgentRoster(reader)?.agents ?? []) {
    if (a.id === undefined) {
      continue;
    }
    const isDefault = own.kind === 'default' && dotted(own.path) === dotted(a.path);
    const marked = a.entry.default === true;
    const line = reader?.line(a.path);
    rows.push({
      value: a.id,
      kind: 'agent',
      label: a.id,
      description: isDefault ? "OpenClaw's default" : marked ? 'default: true (not the default: see above)' : '',
      current: asked === a.id,
      ...(line !== undefined ? { line } : {}),
    });
  }
  if (asked !== undefined && !rows.some((r) => r.value === asked)) {
    rows.push({ value: asked, kind: 'agent', label: asked, description: `asked for, but not in ${readAgentRoster(reader)?.kind === 'entries' ? 'agents.entries' : 'agents.list'}: no agent layer`, current: true });
  }
  return [first, ...rows];
}
