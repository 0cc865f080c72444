import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { agentRosterOf, findRosterAgent } from '../policy/agentRoster';
import { runAgentIdOf } from '../policy/runAgent';
import { READ_LIMITS, readUserText } from '../util/readLimits';

/**
 * OpenClaw's agent workspace (not the folder the user opened: the folder
 * where OpenClaw keeps AGENTS.md, SOUL.md, ... and injects them into every
 * prompt) and the bootstrap files in it, found as OpenClaw 2026.9.6 finds
 * them (`resolveAgentWorkspaceDir`): the run agent's `workspace`; for the
 * default agent `agents.defaults.workspace`, else `$OPENCLAW_WORKSPACE_DIR`,
 * `$OPENCLAW_STATE_DIR/workspace` or `~/.openclaw/workspace`; for any other
 * agent `<agents.defaults.workspace>/<id>`, else
 * `<state folder>/workspace-<id>`. A folder that does not exist yet is what OpenClaw
 * creates on the first turn: the package's own templates
 * (`ensureAgentWorkspace`), shipped as data.
 */

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export interface AgentWorkspaceFiles {
  dir: string;
  /** True when the folder does not exist: the files are the ones OpenClaw would write. */
  fresh: boolean;
  /** A fresh folder under `agents.defaults.skipBootstrap`: OpenClaw writes no file and makes no git repository in it. */
  bootstrapSkipped?: true;
  files: { name: string; content: string }[];
}

type Env = Record<string, string | undefined>;

function expandHome(p: string, home: string): string {
  return p === '~' ? home : p.startsWith('~/') ? path.join(home, p.slice(2)) : p;
}

/** OpenClaw's state folder: `$OPENCLAW_STATE_DIR` or `~/.openclaw`. */
export function openclawStateDir(env: Env = process.env, home: string = os.homedir()): string {
  const s = env.OPENCLAW_STATE_DIR?.trim();
  return s ? path.resolve(expandHome(s, home)) : path.join(home, '.openclaw');
}

/** `agent`: the run's agent (default: the one OpenClaw picks for the config). */
export function agentWorkspaceDir(config: unknown, configDir: string, env: Env = process.env, home: string = os.homedir(), agent?: string): string {
  const cfg = isObject(config) ? config : {};
  const agents = isObject(cfg.agents) ? cfg.agents : {};
  const owner = runAgentIdOf(cfg);
  const id = agent ?? owner;
  // The run agent's entry, in whichever roster the config keeps (`agents.entries` wins over `agents.list`).
  const entry = findRosterAgent(agentRosterOf(cfg), id)?.entry;
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const own = text(entry?.workspace);
  if (own) {
    return path.resolve(configDir, expandHome(own, home));
  }
  const fallback = text(isObject(agents.defaults) ? agents.defaults.workspace : undefined);
  const other = id !== undefined && owner !== undefined && id.trim().toLowerCase() !== owner.trim().toLowerCase() ? id.trim().toLowerCase() : undefined;
  if (other !== undefined) {
    // An agent that is not the default gets its own folder, never the default agent's.
    return fallback ? path.join(path.resolve(configDir, expandHome(fallback, home)), other) : path.join(openclawStateDir(env, home), `workspace-${other}`);
  }
  if (fallback) {
    return path.resolve(configDir, expandHome(fallback, home));
  }
  const fromEnv = env.OPENCLAW_WORKSPACE_DIR?.trim();
  if (fromEnv) {
    return path.resolve(expandHome(fromEnv, home));
  }
  return path.join(openclawStateDir(env, home), 'workspace');
}


/**
 * The bootstrap files the agent workspace holds, among `names` (the ones the
 * package writes), or `defaults` when the folder does not exist yet.
 */
export function readAgentWorkspace(dir: string, defaults: readonly { name: string; content: string }[], seed = true): AgentWorkspaceFiles {
  if (!fs.existsSync(dir)) {
    // A fresh workspace gets the bootstrap files OpenClaw writes into it, unless the config says
    // `agents.defaults.skipBootstrap` (its ensureAgentWorkspace then writes none).
    return seed ? { dir, fresh: true, files: defaults.map((f) => ({ ...f })) } : { dir, fresh: true, files: [], bootstrapSkipped: true };
  }
  const files: { name: string; content: string }[] = [];
  for (const { name } of defaults) {
    const file = path.join(dir, name);
    try {
      // Larger files, and what is not a regular file, are left out (OpenClaw bounds bootstrap files too).
      files.push({ name, content: readUserText(file, READ_LIMITS.bootstrapFileBytes) });
    } catch {
      // absent: OpenClaw injects what exists
    }
  }
  return { dir, fresh: false, files };
}
