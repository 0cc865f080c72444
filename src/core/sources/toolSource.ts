import type { Diagnostic, PluginReport, ServerReport, ToolDefinition, ToolExecutor } from '../types';

/** What a source lists: its tools plus the reports that explain missing ones. */
export interface SourceListing {
  tools: ToolDefinition[];
  servers?: ServerReport[];
  plugins?: PluginReport[];
  diagnostics: Diagnostic[];
}

/**
 * A source of tools (OpenClaw core, plugins, MCP servers, client tools).
 * Live sources keep connections, so they are disposable and may announce
 * changes; declarative ones only list.
 */
export interface ToolSourceProvider {
  /** Stable name for logs: `openclaw-core`, `plugins`, `mcp`, `client`. */
  readonly name: string;
  list(signal?: AbortSignal): Promise<SourceListing>;
  /** Executes the tools this source listed. */
  readonly executor?: ToolExecutor;
  /** Subscribes to "my tools changed" (MCP `notifications/tools/list_changed`); returns an unsubscribe. */
  onDidChange?(listener: () => void): () => void;
  dispose?(): Promise<void> | void;
}

/** Executor for tools that are declared but not run by this product. */
export function declaredOnlyExecutor(what: string): ToolExecutor {
  return {
    execute(tool) {
      return Promise.reject(new Error(`${tool.id}: ${what}`));
    },
  };
}
