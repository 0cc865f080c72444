import * as vscode from 'vscode';
import { CATALOG_KEYS, SETTINGS_PREFIX, readInspectorSettings, type InspectorSettings } from './settingsModel';

/** Reads `toolSearchInspector.*` for a workspace folder. */
export function readSettings(folder: vscode.WorkspaceFolder): InspectorSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_PREFIX, folder.uri);
  return readInspectorSettings((key) => config.get<unknown>(key), folder.uri.fsPath);
}

/** True when a configuration change touches a key the catalog depends on. */
export function affectsCatalog(e: vscode.ConfigurationChangeEvent): boolean {
  return CATALOG_KEYS.some((k) => e.affectsConfiguration(`${SETTINGS_PREFIX}.${k}`));
}
