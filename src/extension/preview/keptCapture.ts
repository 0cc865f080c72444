import { createHash } from 'node:crypto';
import type { CaptureCheck } from '../../core/capture/captureCheck';
import type { OpenWorkspace } from '../../core/workspace';
import type { CaptureView } from '../../webview/shared/previewProtocol';

/**
 * The last capture of a folder, kept across a panel reopen and a window
 * reload (issue 41, part 5) in the workspace's own storage (VS Code's
 * `workspaceState`, any store with get/update here). Kept with a key of the
 * config it was captured against: when the config changes, the capture comes
 * back marked stale and gives the header no verdict.
 */
export interface KeptStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

interface Kept {
  configKey: string;
  view: CaptureView;
  check: CaptureCheck;
}

/** A capture too large to keep (the diffs of a 10,000-tool catalog) is not kept: storage stays small. */
const MAX_KEPT_CHARS = 2_000_000;

export const STALE_MESSAGE = 'Stale: the config changed since this capture; capture again to check the prediction.';

function keyOf(folder: string): string {
  return `toolSearchInspector.lastCapture:${folder}`;
}

/** What the capture was made against: the config file and its value (and the agent and the modelled release). */
export function configKeyOf(parts: { file?: string; value: unknown; agent?: string; release: string }): string {
  return createHash('sha256').update(JSON.stringify([parts.file ?? '', parts.value, parts.agent ?? '', parts.release])).digest('hex').slice(0, 32);
}

/** The key of the workspace's config as a result was made against: its file and value, the run's agent and the modelled release. */
export function workspaceConfigKey(workspace: Pick<OpenWorkspace, 'config' | 'configValue' | 'agent' | 'openclaw'>): string {
  return configKeyOf({ file: workspace.config.file, value: workspace.configValue, agent: workspace.agent.kind === 'refused' ? undefined : workspace.agent.id, release: workspace.openclaw.model.version });
}

/** Keeps a finished capture; returns whether it was kept. */
export async function keepCapture(store: KeptStore, folder: string, configKey: string, view: CaptureView, check: CaptureCheck): Promise<boolean> {
  const kept: Kept = { configKey, view, check };
  if (JSON.stringify(kept).length > MAX_KEPT_CHARS) {
    await store.update(keyOf(folder), undefined);
    return false;
  }
  await store.update(keyOf(folder), kept);
  return true;
}

/** The kept capture of `folder`: as it was when the config is the same, else marked stale and without its check. */
export function restoreCapture(store: KeptStore, folder: string, configKey: string): { view: CaptureView; check?: CaptureCheck; stale: boolean } | undefined {
  const kept = store.get<Kept>(keyOf(folder));
  if (!kept || typeof kept !== 'object' || !kept.view || !Array.isArray(kept.view.modes)) {
    return undefined;
  }
  if (kept.configKey === configKey) {
    return { view: kept.view, check: kept.check, stale: false };
  }
  return { view: { ...kept.view, message: STALE_MESSAGE }, stale: true };
}
