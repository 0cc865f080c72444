// Tool Search Inspector: what an OpenClaw Code Mode program (`exec`'s code)
// can reach, as OpenClaw's guest API documents it (docs/tools/code-mode/
// guest-api.md and output.md in the openclaw package).
//
// A program is the body of an async function: top-level `await` and
// `return` work, and `return` hands back the run's value (plain JSON data).
// Every tool of the run's catalog is also an async global named by its
// callable name (exec's description lists them); those are not declared
// here, because they depend on the workspace: use `catalog.search(...)` for
// typed handles.
//
// Picked up in `*.codemode.js` files and in JavaScript files with the
// `// @openclaw-code-mode` directive comment.

declare namespace OpenClawCodeMode {
  type Source = 'openclaw' | 'client' | 'mcp';

  /** A catalog handle's metadata (what `JSON.stringify(handle)` gives). */
  interface ToolCatalogMetadata {
    /** The name to call: a global, or `MCP.<server>.<tool>` for an MCP tool. */
    callableName: string;
    toolName: string;
    label?: string;
    description: string;
    source: Source;
    /** For an MCP tool: its server's declaration file, for `API.read`. */
    apiPath?: string;
    /** A TypeScript-style hint of the input (`unknown` for client tools). */
    input?: string;
    /** A trusted hint of the result, for first-party tools with a complete output schema. */
    output?: string;
  }

  interface ToolCatalogDescription {
    source: Source;
    name: string;
    label?: string;
    description: string;
    input?: string;
    output?: string;
    parameters: unknown;
    outputSchema?: unknown;
    callableName: string;
  }

  interface McpCatalogDescription {
    kind: 'mcp_api';
    scope: 'tool';
    server: { identifier: string; serverName: string };
    header: string;
    tools: unknown[];
    schemas: Record<string, unknown>;
    note: string;
  }

  /** A callable tool: call it with its input; a native tool resolves to its `details`, an MCP tool to its MCP result. */
  type ToolCatalogHandle = ((input?: unknown) => Promise<unknown>) &
    ToolCatalogMetadata & {
      describe(): Promise<ToolCatalogDescription | McpCatalogDescription>;
      toJSON(): ToolCatalogMetadata;
    };

  interface ToolCatalog {
    /** Best matches first; `limit` defaults to the run's `searchDefaultLimit` and is cut to `maxSearchLimit`. */
    search(query: string, options?: { limit?: number }): Promise<readonly ToolCatalogHandle[]>;
    /** Every native and client tool of the run (MCP tools are under `MCP`). */
    all(): readonly ToolCatalogHandle[];
  }

  interface McpToolResult {
    content: unknown[];
    structuredContent?: unknown;
    isError?: boolean;
  }

  /** What `results.save` keeps: load it by `id` in a later program of the same run. */
  interface SavedResult {
    id: string;
    bytes: number;
    count: number;
    shape: string;
    preview: string;
    previewTruncated: boolean;
  }

  interface Results {
    save(value: unknown): Promise<SavedResult>;
    load(id: string): Promise<unknown>;
    delete(id: string): Promise<boolean>;
  }

  interface ApiFile {
    path: string;
    description: string;
    bytes?: number;
  }

  interface Api {
    list(prefix?: string): Promise<{ files: ApiFile[] }>;
    read(path: string): Promise<ApiFile & { content: string }>;
  }
}

declare const catalog: OpenClawCodeMode.ToolCatalog;
/** MCP servers by identifier: `MCP.<server>.<tool>(input)`, `MCP.<server>.$api(tool?, { schema? })`. */
declare const MCP: Record<string, Record<string, ((input?: Record<string, unknown>) => Promise<OpenClawCodeMode.McpToolResult>) & Record<string, unknown>>>;
declare const results: OpenClawCodeMode.Results;
/** Virtual, read-only declaration files of the run's MCP servers. */
declare const API: OpenClawCodeMode.Api;
/** Appends human-readable output (in order with `json` and the console). */
declare function text(value: unknown): void;
/** Appends a structured output item. */
declare function json(value: unknown): void;
/** Ends this leg with status "waiting"; the model's `wait` with the runId resumes the program here. */
declare function yield_control(reason?: string): Promise<void>;
declare function setTimeout(callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]): number;
declare function clearTimeout(id: number): void;
/** Writes to the ordered output: `log` as is, the others prefixed with their level (`[warn] ...`). */
declare const console: {
  log(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug(...args: unknown[]): void;
};
