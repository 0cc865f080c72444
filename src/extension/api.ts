// The value `activate` returns. Other extensions read the catalog through it;
// the extension-host tests also get the probes of ToolSearchInspectorTestApi,
// which are returned only in test mode. Plain data only.

export interface TreeNodeSummary {
  label: string;
  description?: string;
  tooltip?: string;
  kind: 'group' | 'tool' | 'notice';
  children?: TreeNodeSummary[];
}

export interface CatalogSummary {
  mode: string;
  size: number;
  trusted: boolean;
  cataloged: string[];
  directOnly: string[];
  excluded: string[];
  servers: { name: string; status: string; toolCount: number }[];
}

/** What every extension sees. */
export interface ToolSearchInspectorApi {
  /** The active catalog root's catalog (the active editor's folder, else the first root). */
  catalogSummary(): Promise<CatalogSummary>;
  /** Every catalog root of the window (each workspace folder with an OpenClaw or MCP config), in folder order. */
  catalogRoots(): Promise<{ folder: string; summary: CatalogSummary }[]>;
}

/**
 * Set to `1` in the extension host's environment (scripts/test-vscode.mjs does)
 * to get the test probes outside `ExtensionMode.Test`: the host suites test the
 * installed .vsix, which runs in production mode.
 */
export const TEST_API_ENV = 'TSI_TEST_API';

/** Whether `activate` returns the test probes: in the extension's test mode, or when the test runner asks. */
export function exposesTestApi(inTestMode: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  return inTestMode || env[TEST_API_ENV] === '1';
}

/** The public API plus the probes the extension-host tests read (panels, timings, test runs); test mode only. */
export interface ToolSearchInspectorTestApi extends ToolSearchInspectorApi {
  /** Milliseconds spent inside `activate` (the extension's own activation time). */
  readonly activationMs: number;
  /** Catalogs built so far; 0 right after activation (nothing starts eagerly). */
  catalogBuilds(): number;
  /** The catalog view's nodes, as the tree shows them. */
  treeNodes(): Promise<TreeNodeSummary[]>;
  isPanelOpen(): boolean;
  /** The open Effective Catalog panels: the folder each shows, and the catalog size it last showed. */
  catalogPanels(): { folder: string; shownSize: number | undefined; statesPosted: number }[];
  isTracePanelOpen(): boolean;
  /** The open Mode Preview panel's renders: host assembly time, and the webview's paint time once reported. */
  modePreviewTimings(): { cause: string; assemblyMs: number; renderMs?: number }[];
  /** The live catalog against the saved baseline: `none` (no baseline), `same`, `differs`, `unreadable`. */
  baselineMark(): 'none' | 'same' | 'differs' | 'unreadable';
  isDiffPanelOpen(): boolean;
  /** The open Search Playground's last search and why-not (undefined when it is closed). */
  searchPlayground(): { query?: string; hits: string[]; whyNot?: { toolId: string; rank?: number; inResults: boolean; suggestions: string[] }; learned?: { toolId: string; words: string[] } } | undefined;
  /** The search tests the Testing view knows (item ids and labels), after discovering them. */
  searchTests(): Promise<{ id: string; label: string; children: { id: string; label: string }[] }[]>;
  /** The outcome of each test in the last run of the search tests. */
  searchTestsLastRun(): { id: string; label: string; passed: boolean; message?: string }[];
  /** The query the Explain tab shows, when it is open. */
  explainPanelQuery(): string | undefined;
  /** `file:line:col` of the parse error while the active catalog is stale (the last good one kept). */
  catalogStale(): string | undefined;
}
