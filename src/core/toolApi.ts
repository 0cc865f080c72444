import type { JsonSchema, ToolSourceKind } from './types';

/**
 * The three operations every Tool Search surface exposes (the code bridge's
 * `openclaw.tools`, the structured `tool_search`/`tool_describe`/`tool_call`
 * tools, the CLI): one contract, implemented once by the gateway.
 */

/**
 * The compact catalog entry (OpenClaw's `compactToolSearchCatalogEntry`):
 * what `search` returns for each hit and what `call` names as its `tool`.
 * Safe to put back into a prompt.
 */
export interface CompactTool {
  id: string;
  source: ToolSourceKind;
  sourceName: string;
  name: string;
  label?: string;
  /** Bounded, control characters removed. */
  description: string;
  /** OpenClaw's TypeScript-style input hint, e.g. `{ owner: string; repo: string; body?: string }` (see core/search/inputHint); absent where the modelled release sends none (before 2026.8.1). */
  input?: string;
  /** OpenClaw's output hint: first-party tools with a complete output schema hint only. */
  output?: string;
}

/** A compact entry with the score that ranked it (an extra field; the entry itself is the same object shape). */
export interface SearchHit extends CompactTool {
  score: number;
}

export interface SearchOptions {
  /** Clamped to 1..maxSearchLimit; default searchDefaultLimit. */
  limit?: number;
}

export interface SearchResult {
  query: string;
  /** The clamped limit actually used. */
  limit: number;
  hits: SearchHit[];
  /** MCP servers that failed, named so a model does not loop on misses. */
  unavailableServers?: string[];
}

/** `describe`: the compact hit plus the exact input schema. */
export interface DescribedTool extends Omit<SearchHit, 'score'> {
  parameters: JsonSchema;
  outputSchema?: JsonSchema;
}

export interface CallRequestContext {
  /** The id of this call; nested bridge calls use `tool_search_code:<parentId>:<name>:<seq>`. */
  callId: string;
  signal?: AbortSignal;
  /** Pre-approved (CLI `--approve`). */
  approved?: boolean;
}

/** One content block of a tool result, as a model receives it. */
export interface ToolContentBlock {
  type: string;
  text?: string;
  [key: string]: unknown;
}

/**
 * A tool result as OpenClaw hands it to Tool Search callers
 * (`AgentToolResult`): model-facing content blocks, and the tool's JSON
 * value under `details`.
 */
export interface ToolResultEnvelope {
  content: ToolContentBlock[];
  details?: unknown;
}

/** What `openclaw.tools.call` resolves to: the full compact entry and the result envelope. */
export interface BridgeCallResult {
  tool: CompactTool;
  result: ToolResultEnvelope;
}

export interface CallOutcome {
  ok: boolean;
  /** The compact entry of the tool that was called (at least its id, source and owner). */
  tool?: Pick<CompactTool, 'id' | 'source' | 'sourceName'> & Partial<CompactTool>;
  result?: unknown;
  /** The result as OpenClaw shapes it (`{ content, details }`), when the tool ran. */
  envelope?: ToolResultEnvelope;
  error?: string;
  /** What stopped the call. */
  blockedBy?: BlockedBy;
  /** With `blockedBy: 'lookup'`: why the lookup failed (steers recovery guidance; never sent to the model). */
  lookupError?: ToolApiErrorCode;
  /**
   * For developers only (trace, session log, CLI): the real reason when the
   * model is told less, e.g. "unknown" for an excluded tool, or a hook error
   * without its file paths. Never sent to the model or the snippet.
   */
  detail?: { blockedBy?: BlockedBy; error: string };
}

/**
 * What stopped a call, as the contract spells it (a string on the wire):
 * `hook:<pluginId>` names the plugin whose `beforeToolCall` hook refused or failed.
 */
export type BlockedBy = 'policy' | 'approval' | 'unavailable' | 'lookup' | 'invalid-args' | 'invalid-result' | 'aborted' | 'cancelled' | `hook:${string}`;

export type ToolApiErrorCode = 'unknown-tool' | 'ambiguous-tool' | 'empty-query' | 'query-too-long' | 'too-many-queries' | 'invalid-args';

/** Raised for lookups that fail: unknown or ambiguous names, empty queries, limits. */
export class ToolApiError extends Error {
  constructor(message: string, readonly code: ToolApiErrorCode) {
    super(message);
  }
}

export interface ToolSearchApi {
  search(query: string, options?: SearchOptions): SearchResult;
  describe(idOrName: string): DescribedTool;
  call(idOrName: string, args: Record<string, unknown>, ctx: CallRequestContext): Promise<CallOutcome>;
  /**
   * Optional: the authorized tool an id or name refers to, without being
   * logged as a `describe` (e.g. to name a nested call id). Undefined when
   * unknown, ambiguous or not allowed.
   */
  resolve?(idOrName: string): { id: string; name: string } | undefined;
}
