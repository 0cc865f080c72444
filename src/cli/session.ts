import type { Catalog } from '../core/catalog/catalog';
import { findRosterAgent, readAgentRoster } from '../core/policy/agentRoster';
import type { Diagnostic } from '../core/types';
import { OpenWorkspace } from '../core/workspace';
import { ConfigUnusableError, UsageError, type CommandContext } from './cliTypes';

/** The agents a config has, as `--agent` takes them: the roster's ids, or OpenClaw's implicit `main` without a roster. */
export function knownAgents(ws: OpenWorkspace): string[] {
  const roster = readAgentRoster(ws.config.reader);
  return roster ? roster.agents.flatMap((a) => (a.id !== undefined ? [a.id] : [])) : ['main'];
}

/**
 * `--agent ID` and a `--session agent:ID:...` key must name an agent the
 * config has: OpenClaw refuses any other ("Unknown agent id"), so a catalog
 * built for it would describe a run that cannot happen. Exit 2, listing them.
 */
function checkAgentFlags(ws: OpenWorkspace): void {
  const policy = ws.options.policy ?? {};
  const roster = readAgentRoster(ws.config.reader);
  const known = knownAgents(ws);
  const has = (id: string): boolean => (roster ? findRosterAgent(roster, id) !== undefined : id.trim().toLowerCase() === 'main');
  const where = ws.config.reader?.file ?? ws.config.file ?? 'the config';
  const listed = known.length > 0 ? `its agents: ${known.join(', ')}` : 'it has no agents';
  if (policy.agent !== undefined && !has(policy.agent)) {
    throw new UsageError(`--agent "${policy.agent}" is not an agent of ${where}; ${listed}${policy.agent === 'all' ? ' (--agent all is for capture, catalog, preview, check and snapshot)' : ''}`);
  }
  const session = policy.session;
  // OpenClaw's session keys name their agent: `agent:<id>:<rest>` (parseAgentSessionKeyParts).
  const keyed = session !== undefined ? /^agent:([^:]+):./i.exec(session)?.[1]?.trim() : undefined;
  if (keyed !== undefined && !has(keyed)) {
    throw new UsageError(`--session "${session ?? ''}" names agent "${keyed}", which is not an agent of ${where}; ${listed}`);
  }
}

/**
 * Opens the workspace from the shared flags, builds the catalog, runs `fn`,
 * and always disposes the workspace (closing any server it started).
 *
 * A config file that exists but cannot be used (a JSON5 syntax error) is a
 * config error, exit 2: without `--json` nothing else is printed; with it the
 * command still prints its JSON, diagnostics included, and the exit code is
 * changed afterwards (`ctx.configUnusable`).
 */
export async function withWorkspace<T>(ctx: CommandContext, fn: (ws: OpenWorkspace) => Promise<T> | T): Promise<T> {
  const ws = new OpenWorkspace(ctx.workspaceOptions());
  try {
    const unusable = ws.config.unusable;
    if (unusable) {
      if (!ctx.json) throw new ConfigUnusableError(unusable);
      ctx.configUnusable = unusable;
    } else {
      checkAgentFlags(ws);
    }
    return await fn(ws);
  } finally {
    await ws.dispose();
  }
}

/**
 * Like `withWorkspace`, with the run's catalog. A run OpenClaw would refuse
 * (several agents, none the default, no `--agent`: `AgentSelectionRequiredError`)
 * is refused the same way, exit 2 with the reason at `agents.list`; with
 * `--json` the command still prints its JSON (its `agent` says why) first.
 */
export function withCatalog<T>(ctx: CommandContext, fn: (catalog: Catalog, ws: OpenWorkspace) => Promise<T> | T): Promise<T> {
  return withWorkspace(ctx, async (ws) => {
    const agent = ws.agent;
    if (agent.kind === 'refused') {
      const refusal: Diagnostic = { file: ws.config.reader?.file ?? ws.config.file ?? 'openclaw.json', line: agent.line, severity: 'error', message: agent.message };
      if (!ctx.json) throw new ConfigUnusableError(refusal);
      ctx.configUnusable ??= refusal;
    }
    return fn(await ws.buildCatalog(), ws);
  });
}
