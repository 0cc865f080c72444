import type { CaptureCheck } from '../../core/capture/captureCheck';
import type { CaptureView } from '../../webview/shared/previewProtocol';
import type { KeptStore } from '../keptResult';

/**
 * The last capture of a folder, kept across a panel reopen and a window
 * reload (issue 41, part 5) in the workspace's own storage (VS Code's
 * `workspaceState`, any store with get/update here). Kept with a key of the
 * config it was captured against: when the config changes, the capture comes
 * back marked stale and gives the header no verdict.
 */
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
