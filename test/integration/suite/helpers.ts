import * as vscode from 'vscode';
import type { ToolSearchInspectorApi, TreeNodeSummary } from '../../../src/extension/api';

export const EXTENSION_ID = 'tool-search-inspector.tool-search-inspector';

export async function activateExtension(): Promise<{ ext: vscode.Extension<ToolSearchInspectorApi>; api: ToolSearchInspectorApi }> {
  const ext = vscode.extensions.getExtension<ToolSearchInspectorApi>(EXTENSION_ID);
  if (!ext) {
    throw new Error(`extension ${EXTENSION_ID} is not installed`);
  }
  const api = await ext.activate();
  return { ext, api };
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
