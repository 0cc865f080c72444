import type { Catalog } from '../core/catalog/catalog';
import type { Diagnostic } from '../core/types';
import { OpenWorkspace } from '../core/workspace';
import { ConfigUnusableError, type CommandContext } from './cliTypes';

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
