import * as fs from 'node:fs';
import * as path from 'node:path';
import { probePreviewIsolation } from '../core/modes/previewIsolation';
import type { IsolationStatus } from '../core/modes/surface';
import { takeSnapshot, type CatalogSnapshot } from '../core/snapshot/snapshot';
import { parseSnapshot, SnapshotFileError } from '../core/snapshot/snapshotFile';
import { UsageError, type CommandContext } from './cliTypes';
import { withCatalog } from './session';
import { READ_LIMITS, readUserText } from '../core/util/readLimits';
import type { OpenWorkspace } from '../core/workspace';

export function strOpt(ctx: CommandContext, key: string): string | undefined {
  const v = ctx.args.values[key];
  return typeof v === 'string' ? v : undefined;
}

/** Options of every command that takes a live snapshot. */
export const LIVE_SNAPSHOT_OPTIONS = {
  prompt: { type: 'string' },
  probe: { type: 'boolean' },
  node: { type: 'string' },
} as const;

async function isolationFor(ctx: CommandContext): Promise<IsolationStatus | undefined> {
  if (ctx.args.values.probe !== true) {
    return undefined;
  }
  return probePreviewIsolation({ nodePath: strOpt(ctx, 'node'), env: ctx.io.env });
}

/** The live workspace's snapshot, from the shared flags (or `workspace` instead of `--workspace`). */
export async function liveSnapshot(ctx: CommandContext, opts: { workspace?: string; takenAt?: Date; inspect?: (ws: OpenWorkspace) => Promise<void> } = {}): Promise<CatalogSnapshot> {
  const isolation = await isolationFor(ctx);
  const saved = ctx.workspaceOptions;
  const local: CommandContext = opts.workspace === undefined ? ctx : { ...ctx, workspaceOptions: () => ({ ...saved(), workspace: path.resolve(ctx.io.cwd, opts.workspace ?? '.') }) };
  const snap = await withCatalog(local, async (catalog, ws) => {
    await opts.inspect?.(ws);
    return takeSnapshot({ catalog, ws, prompt: strOpt(ctx, 'prompt'), isolation, takenAt: opts.takenAt });
  });
  ctx.configUnusable ??= local.configUnusable;
  return snap;
}

/** A snapshot file, or a folder taken live as a workspace with the shared flags. */
export async function snapshotFrom(ctx: CommandContext, arg: string, inspect?: (ws: OpenWorkspace) => Promise<void>): Promise<{ snapshot: CatalogSnapshot; label: string }> {
  const full = path.resolve(ctx.io.cwd, arg);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(full);
  } catch {
    throw new UsageError(`${arg}: no such snapshot file or workspace folder`);
  }
  if (stat.isDirectory()) {
    return { snapshot: await liveSnapshot(ctx, { workspace: arg, ...(inspect ? { inspect } : {}) }), label: `${arg} (live)` };
  }
  try {
    return { snapshot: parseSnapshot(readUserText(full, READ_LIMITS.inputFileBytes), arg), label: arg };
  } catch (err) {
    if (err instanceof SnapshotFileError) {
      throw new UsageError(err.message);
    }
    throw err;
  }
}
