import type { Catalog } from '../core/catalog/catalog';
import { OpenWorkspace } from '../core/workspace';
import type { CommandContext } from './cliTypes';

/**
 * Opens the workspace from the shared flags, builds the catalog, runs `fn`,
 * and always disposes the workspace (closing any server it started).
 */
export async function withWorkspace<T>(ctx: CommandContext, fn: (ws: OpenWorkspace) => Promise<T> | T): Promise<T> {
  const ws = new OpenWorkspace(ctx.workspaceOptions());
  try {
    return await fn(ws);
  } finally {
    await ws.dispose();
  }
}

export function withCatalog<T>(ctx: CommandContext, fn: (catalog: Catalog, ws: OpenWorkspace) => Promise<T> | T): Promise<T> {
  return withWorkspace(ctx, async (ws) => fn(await ws.buildCatalog(), ws));
}
