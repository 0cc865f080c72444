import * as vscode from 'vscode';
import { TEST_API_ENV, type ToolSearchInspectorApi, type ToolSearchInspectorTestApi, type TreeNodeSummary } from '../../../src/extension/api';

export const EXTENSION_ID = 'tool-search-inspector.tool-search-inspector';

/** Activates the extension and returns its test API (the probes come only in test mode, or with TSI_TEST_API=1). */
export async function activateExtension(): Promise<{ ext: vscode.Extension<ToolSearchInspectorApi>; api: ToolSearchInspectorTestApi }> {
  const ext = vscode.extensions.getExtension<ToolSearchInspectorApi>(EXTENSION_ID);
  if (!ext) {
    throw new Error(`extension ${EXTENSION_ID} is not installed`);
  }
  const api = await ext.activate();
  if (!isTestApi(api)) {
    throw new Error(`the extension returned its public API only: run the host suites in test mode or with ${TEST_API_ENV}=1 (scripts/test-vscode.mjs sets it)`);
  }
  return { ext, api };
}

function isTestApi(api: ToolSearchInspectorApi): api is ToolSearchInspectorTestApi {
  return 'catalogBuilds' in api;
}

export function find(nodes: readonly TreeNodeSummary[] | undefined, label: string): TreeNodeSummary | undefined {
  return nodes?.find((n) => n.label === label);
}

/** Polls until `check` returns a value (file watchers and debounces settle on their own time). */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined) {
        return v;
      }
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
