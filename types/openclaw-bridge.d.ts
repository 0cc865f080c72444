// Tool Search Inspector: what a `tool_search_code` snippet can reach.
//
// A snippet is the body of an async function that runs in an isolated
// sandbox: top-level `await` and `return` work, and `return` hands back the
// run's value (plain JSON data). The sandbox has the JavaScript built-ins,
// `openclaw.tools` and a three-method console; nothing else (no `require`,
// `process`, timers, `fetch` or file system).
//
// Picked up in `*.toolsearch.js` files and in JavaScript files with the
// `// @openclaw-bridge` directive comment.

declare namespace OpenClawBridge {
  /** Where a tool comes from. */
  type ToolSource = 'openclaw' | 'mcp' | 'client';

  /** A tool as Tool Search shows it: compact, safe to put back into a prompt. */
  interface CompactTool {
    /** The id to pass to `describe` and `call`, e.g. `mcp:github:create_issue`. */
    id: string;
    source: ToolSource;
    /** The plugin, MCP server or client that provides it. */
    sourceName: string;
    /** The tool's name as a model would call it. */
    name: string;
    label?: string;
    description: string;
    /** A TypeScript-style hint of the arguments, e.g. `{ owner: string; repo: string; body?: string }`. */
    input: string;
    /** A hint of the result, for first-party tools with a complete output schema. */
    output?: string;
  }

  /** One search result, best first. */
  interface SearchHit extends CompactTool {
    /** How well the tool matched the query (higher is better). */
    score: number;
  }

  interface SearchOptions {
    /** How many hits at most; clamped to the catalog's search limits. */
    limit?: number;
  }

  /** `describe`: the compact entry plus the exact JSON Schema of the arguments. */
  interface DescribedTool extends CompactTool {
    parameters: Record<string, unknown>;
    outputSchema?: Record<string, unknown>;
  }

  /** One content block of a tool result, as a model receives it. */
  interface ContentBlock {
    type: string;
    text?: string;
    [key: string]: unknown;
  }

  /** What `call` resolves to: the tool that ran and its result. */
  interface CallResult {
    tool: CompactTool;
    result: {
      /** Model-facing content blocks. */
      content: ContentBlock[];
      /** The tool's JSON value. */
      details?: unknown;
    };
  }

  interface Tools {
    /**
     * Searches the catalog the model would see.
     * @param query Words describing what the tool should do.
     * @returns Compact hits, best first.
     */
    search(query: string, options?: SearchOptions): Promise<SearchHit[]>;
    /**
     * The full entry of one tool, with the JSON Schema of its arguments.
     * Rejects when the id names no tool the catalog offers.
     * @param id A tool id (or name) from `search`.
     */
    describe(id: string): Promise<DescribedTool>;
    /**
     * Calls a tool through the gateway: policy is checked again, calls that
     * need approval ask first, and a refused call rejects with the reason.
     * @param id A tool id (or name) from `search`.
     * @param args The arguments, an object matching `describe(id).parameters`.
     */
    call(id: string, args?: Record<string, unknown>): Promise<CallResult>;
  }

  /**
   * The sandbox's console: each line goes into the run's trace. Only these
   * three methods exist there; other console methods of your editor's
   * JavaScript library are not available in the sandbox.
   */
  interface SnippetConsole {
    log(...data: unknown[]): void;
    warn(...data: unknown[]): void;
    error(...data: unknown[]): void;
  }
}

/** The bridge to OpenClaw's Tool Search, the only way out of the sandbox. */
declare const openclaw: {
  readonly tools: OpenClawBridge.Tools;
};
