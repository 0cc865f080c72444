import * as vscode from 'vscode';
import { CATALOG_KEYS, SETTINGS_PREFIX, readInspectorSettings, type InspectorSettings } from './settingsModel';

/**
 * Reads `toolSearchInspector.*` for a workspace folder. Untrusted workspaces
 * get snapshot and client-tools paths inside the folder only.
 */
export function readSettings(folder: vscode.WorkspaceFolder, trusted = vscode.workspace.isTrusted): InspectorSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_PREFIX, folder.uri);
  return readInspectorSettings((key) => config.get<unknown>(key), folder.uri.fsPath, { trusted });
}

/** True when a configuration change touches a key the catalog depends on. */
export function affectsCatalog(e: vscode.ConfigurationChangeEvent): boolean {
  return CATALOG_KEYS.some((k) => e.affectsConfiguration(`${SETTINGS_PREFIX}.${k}`));
}
