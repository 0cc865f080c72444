import type { JsonSchema, ToolSourceKind } from '../types';

/**
 * The three operations every Tool Search surface exposes (the code bridge's
 * `openclaw.tools`, the structured `tool_search`/`tool_describe`/`tool_call`
 * tools, the CLI): one contract, implemented once by the gateway.
 */

/** A compact descriptor, safe to put back into a prompt. */
export interface SearchHit {
  id: string;
  source: ToolSourceKind;
  sourceName: string;
  name: string;
  label?: string;
  /** Bounded, control characters removed. */
  description: string;
  /** One-line signature, e.g. `(owner: string, repo: string, body?: string)`. */
  input: string;
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

export interface CallOutcome {
  ok: boolean;
  tool?: { id: string; source: ToolSourceKind; sourceName: string };
  result?: unknown;
  error?: string;
  /** What stopped the call: `policy`, `approval`, `hook:<pluginId>`, `unavailable`, `lookup`. */
  blockedBy?: string;
  /**
   * For developers only (trace, session log, CLI): the real reason when the
   * model is told less, e.g. "unknown" for an excluded tool, or a hook error
   * without its file paths. Never sent to the model or the snippet.
   */
  detail?: { blockedBy?: string; error: string };
}

/** Raised for lookups that fail: unknown or ambiguous names, empty queries, limits. */
export class ToolApiError extends Error {
  constructor(message: string, readonly code: 'unknown-tool' | 'ambiguous-tool' | 'empty-query' | 'query-too-long' | 'too-many-queries' | 'invalid-args') {
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
