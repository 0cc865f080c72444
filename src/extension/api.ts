// The value `activate` returns. Other extensions and the extension-host tests
// read the catalog through it; it exposes plain data only.

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

export interface ToolSearchInspectorApi {
  /** Milliseconds spent inside `activate` (the extension's own activation time). */
  readonly activationMs: number;
  /** Catalogs built so far; 0 right after activation (nothing starts eagerly). */
  catalogBuilds(): number;
  catalogSummary(): Promise<CatalogSummary>;
  /** The catalog view's nodes, as the tree shows them. */
  treeNodes(): Promise<TreeNodeSummary[]>;
  isPanelOpen(): boolean;
  isTracePanelOpen(): boolean;
  /** The open Mode Preview panel's renders: host assembly time, and the webview's paint time once reported. */
  modePreviewTimings(): { cause: string; assemblyMs: number; renderMs?: number }[];
}
