// Which workspace folders get a catalog of their own. Pure: the file check is handed in.
import * as path from 'node:path';

/** Files that make a folder an OpenClaw or MCP workspace (the lookup order of core's config reader and MCP discovery). */
export const CATALOG_MARKERS = ['openclaw.json', '.openclaw/openclaw.json', '.vscode/mcp.json', '.mcp.json'] as const;

export interface FolderFacts {
  /** Absolute path of the folder. */
  path: string;
  /** `toolSearchInspector.configPath` is set for this folder (it names a config wherever it is). */
  configPathSet: boolean;
}

/** Whether a folder has an OpenClaw or MCP config of its own. */
export function hasCatalogConfig(folder: FolderFacts, exists: (file: string) => boolean): boolean {
  return folder.configPathSet || CATALOG_MARKERS.some((m) => exists(path.join(folder.path, ...m.split('/'))));
}

/**
 * Every folder with an OpenClaw or MCP config is its own catalog root. A
 * workspace where no folder has one still shows its first folder, which then
 * reads `~/.openclaw/openclaw.json` as a single folder always did.
 */
export function catalogRootFolders<F extends FolderFacts>(folders: readonly F[], exists: (file: string) => boolean): F[] {
  const withConfig = folders.filter((f) => hasCatalogConfig(f, exists));
  if (withConfig.length > 0) {
    return withConfig;
  }
  const first = folders[0];
  return first ? [first] : [];
}
