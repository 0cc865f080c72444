// Pure (no `vscode`): unit-tested like core.
import { createHash } from 'node:crypto';
import type { OpenWorkspace } from '../core/workspace';

/** Where results are kept: VS Code's `workspaceState`, any store with get/update here. */
export interface KeptStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** What a result was made against: the config file and its value (and the agent and the modelled release). */
export function configKeyOf(parts: { file?: string; value: unknown; agent?: string; release: string }): string {
  return createHash('sha256').update(JSON.stringify([parts.file ?? '', parts.value, parts.agent ?? '', parts.release])).digest('hex').slice(0, 32);
}

/** The key of the workspace's config as a result was made against: its file and value, the run's agent and the modelled release. */
export function workspaceConfigKey(workspace: Pick<OpenWorkspace, 'config' | 'configValue' | 'agent' | 'openclaw'>): string {
  return configKeyOf({ file: workspace.config.file, value: workspace.configValue, agent: workspace.agent.kind === 'refused' ? undefined : workspace.agent.id, release: workspace.openclaw.model.version });
}

/**
 * A panel's last result kept per folder across a panel reopen and a window
 * reload (issue 41, part 5), in the workspace's own storage, with the key of
 * the config it was made against (`configKeyOf`): restored as it was while
 * the config is the same, marked stale once it changed. Nothing read back is
 * trusted: `valid` checks its shape first (the panel's protocol validator).
 */
export interface KeptResult<T> {
  value: T;
  /** The config changed since the result was made. */
  stale: boolean;
}

interface Stored {
  configKey: string;
  value: unknown;
}

function keyOf(kind: string, folder: string): string {
  return `toolSearchInspector.last.${kind}:${folder}`;
}

/** Keeps `value`; one too large to keep (past `maxChars` as JSON) is dropped instead, and false returned. */
export async function keepResult(store: KeptStore, kind: string, folder: string, configKey: string, value: unknown, maxChars: number): Promise<boolean> {
  const stored: Stored = { configKey, value };
  if (JSON.stringify(stored).length > maxChars) {
    await store.update(keyOf(kind, folder), undefined);
    return false;
  }
  await store.update(keyOf(kind, folder), stored);
  return true;
}

export function restoreResult<T>(store: KeptStore, kind: string, folder: string, configKey: string, valid: (v: unknown) => v is T): KeptResult<T> | undefined {
  const stored = store.get<unknown>(keyOf(kind, folder));
  if (stored === null || typeof stored !== 'object') {
    return undefined;
  }
  const { configKey: made, value } = stored as Partial<Stored>;
  if (typeof made !== 'string' || !valid(value)) {
    return undefined;
  }
  return { value, stale: made !== configKey };
}
