import { agentRosterOf, findRosterAgent } from '../policy/agentRoster';

/**
 * The sandbox a run's agent gets, read from the config as far as the prompt
 * needs it: `agents.defaults.sandbox` with the run agent's own `sandbox`
 * over it, key by key. A run is sandboxed when the mode is `all` (a preview
 * or capture is the main session, which `non-main` leaves on the host), or
 * when the caller says so (`--sandboxed`). The prompt's Workspace and
 * Sandbox sections, the skills' locations and some tools' texts were
 * measured for one sandbox (the prompt data's `sandbox.measured`); another
 * backend or workspace access is said, not guessed.
 */
export interface SandboxRun {
  backend: string;
  workspaceAccess: string;
  /** Where an SSH sandbox keeps its folders (`ssh.workspaceRoot`). */
  workspaceRoot?: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

export function sandboxRunOf(config: unknown, agent: string | undefined, explicit?: boolean): SandboxRun | undefined {
  const cfg = isObject(config) ? config : {};
  const agents = isObject(cfg.agents) ? cfg.agents : {};
  const defaults = isObject(agents.defaults) && isObject(agents.defaults.sandbox) ? agents.defaults.sandbox : {};
  const entry = agent !== undefined ? findRosterAgent(agentRosterOf(cfg), agent)?.entry : undefined;
  const own = isObject(entry) && isObject(entry.sandbox) ? entry.sandbox : {};
  const pick = (key: string): unknown => (own[key] !== undefined ? own[key] : defaults[key]);
  const sandboxed = explicit ?? text(pick('mode')) === 'all';
  if (!sandboxed) {
    return undefined;
  }
  const ssh = (o: Json): Json => (isObject(o.ssh) ? o.ssh : {});
  const root = text(ssh(own).workspaceRoot) ?? text(ssh(defaults).workspaceRoot);
  return { backend: text(pick('backend')) ?? 'docker', workspaceAccess: text(pick('workspaceAccess')) ?? 'none', ...(root ? { workspaceRoot: root } : {}) };
}

/** The sandbox's working folder as the prompt names it; its per-session hash is a volatile part (volatile.ts `sandboxSession`). */
export function sandboxWorkdirOf(run: SandboxRun): string | undefined {
  return run.backend === 'ssh' && run.workspaceRoot ? `${run.workspaceRoot.replace(/\/+$/, '')}/openclaw-ssh-workspace-${'0'.repeat(32)}/workspace` : undefined;
}
