import type { Catalog } from '../core/catalog/catalog';
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

export function withCatalog<T>(ctx: CommandContext, fn: (catalog: Catalog, ws: OpenWorkspace) => Promise<T> | T): Promise<T> {
  return withWorkspace(ctx, async (ws) => fn(await ws.buildCatalog(), ws));
}
