import * as vscode from 'vscode';
import { editorHost } from './host';
import { REQUIRES_REBUILD, SETTINGS_PREFIX, readCompareSettings, readInspectorSettings, type CompareSettings, type InspectorSettings } from './settingsModel';

/**
 * Reads `toolSearchInspector.*` for a workspace folder, as it is now (live
 * values are read through here each time they are used). Untrusted
 * workspaces get snapshot and client-tools paths inside the folder only.
 */
export function readSettings(folder: vscode.WorkspaceFolder, trusted = editorHost.isTrusted()): InspectorSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_PREFIX, folder.uri);
  return readInspectorSettings((key) => config.get<unknown>(key), folder.uri.fsPath, { trusted });
}

/** Compare's settings for `folder` (the window's when no folder is open): the folder scope, as every setting. */
export function readCompareSettingsOf(folder: vscode.WorkspaceFolder | undefined): CompareSettings {
  if (folder) {
    return readSettings(folder).compare;
  }
  const config = vscode.workspace.getConfiguration(SETTINGS_PREFIX);
  return readCompareSettings((key) => config.get<unknown>(key));
}

/** True when a configuration change touches a key that requires rebuilding `folder`'s catalog. */
export function requiresRebuild(e: vscode.ConfigurationChangeEvent, folder: vscode.WorkspaceFolder): boolean {
  return REQUIRES_REBUILD.some((k) => e.affectsConfiguration(`${SETTINGS_PREFIX}.${k}`, folder.uri));
}
