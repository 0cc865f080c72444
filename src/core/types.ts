import type { DefinitionDefect, RuleLocation, ToolReason } from './reasons';

export type { DefinitionDefect, PolicyRuleKind, RuleLocation, ToolReason, ToolReasonKind } from './reasons';

/**
 * Shared vocabulary of the core. Every module speaks in these types; nothing
 * here depends on a runtime (no `vscode`, no `fs`).
 */

export type ToolSourceKind = 'openclaw' | 'mcp' | 'client';

/** A JSON Schema as received. MCP and client schemas are untrusted input. */
export type JsonSchema = Record<string, unknown>;

export type Severity = 'error' | 'warning' | 'info';

/** A problem found in an input, pointing at the file and (where known) line. */
export interface Diagnostic {
  file: string;
  line?: number;
  column?: number;
  severity: Severity;
  message: string;
  /** Set when the file marks this problem as intentional (`// @expected-problem WHY`): the reason it gives. */
  expected?: string;
}

export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

export type CatalogMode = 'default' | 'direct-only';

/**
 * A tool as a source offers it, before policy. `owner` is `core`, a plugin id,
 * an MCP server name or `client`.
 */
export interface ToolDefinition {
  source: ToolSourceKind;
  owner: string;
  /** The model-visible name (for MCP tools `<server>__<tool>`). */
  name: string;
  /** The name the source itself uses, when it differs from `name` (MCP's raw tool name); ids use it. */
  rawName?: string;
  /**
   * The owner as the model sees it, when it differs from `owner`: an MCP
   * server's provider-safe name (`vigil-harbor` for `vigil:harbor`), the
   * server part of `name`. OpenClaw's compact entries carry it as `sourceName`.
   */
  modelOwner?: string;
  /** An MCP server's utility tool (`resources_list`, `resources_read`, `prompts_list`, `prompts_get`), not one it listed. */
  mcpOperation?: string;
  label?: string;
  description: string;
  /** The source's description was longer than OpenClaw keeps (MCP: 1,200 characters): its length, and the length kept. */
  descriptionCut?: { from: number; to: number };
  parameters?: JsonSchema;
  outputSchema?: JsonSchema;
  /** MCP tool annotations (`readOnlyHint`, `title`, ...), scalar values only; shown, never sent to the model. */
  annotations?: Record<string, string | number | boolean>;
  catalogMode?: CatalogMode;
  /**
   * Kept in front of the model in every Tool Search mode while staying
   * searchable (OpenClaw 2026.9.6's `isDirectVisibleCatalogTool`: core coding
   * tools, and the reply tool). Only core tools are ever marked.
   */
  directVisible?: boolean;
  /** Policy groups this tool belongs to (`group:fs`, ...), besides `bundle-mcp` for MCP tools. */
  groups?: string[];
  /**
   * Defined by OpenClaw's own package (a version's generated tools): its text
   * is what OpenClaw sends and is never cut for the model, unlike plugin,
   * MCP and client text.
   */
  shipped?: boolean;
  /**
   * OpenClaw's text of this tool for each combination of other tools the run
   * has (its `applyToolAvailabilityDescriptions`: `sessions_spawn` names
   * `agents_list` only beside it). Generated (`availability` of a version's
   * tools file); the catalog picks the text by the run's tools.
   */
  availability?: ToolAvailabilityTexts;
  /** Its texts when a tool profile of the run restricts it (2026.9.6's `gateway` without config reads); keyed as `availability`. */
  whenProfileRestricts?: ToolAvailabilityTexts;
  /** Where the tool was declared (manifest, client-tools file, snapshot). */
  origin?: SourceLocation;
  /** Set by a source when the tool can never be offered (bad schema, duplicate, ...). */
  invalid?: DefinitionDefect;
}

/** The catalog entry shape of the design: `{id, source, sourceName, name, label?, description, parameters?, outputSchema?}`. */
export interface CatalogEntry {
  id: string;
  source: ToolSourceKind;
  sourceName: string;
  name: string;
  label?: string;
  description: string;
  parameters?: JsonSchema;
  outputSchema?: JsonSchema;
}

export type ToolStatus = 'cataloged' | 'direct-only' | 'excluded';

export type PolicyEffect = 'allow' | 'deny' | 'none';

/** One step of a policy verdict: which layer, which rule, what it did, where it was written. */
export interface PolicyDecision {
  layer: string;
  rule: string;
  effect: PolicyEffect;
  file?: string;
  line?: number;
  column?: number;
  /** The JSON path of the rule in `file` (`['tools', 'deny', 0]`). */
  path?: ReadonlyArray<string | number>;
}

export interface CatalogTool extends CatalogEntry {
  /** The source's own name for the tool when it differs from `name`. */
  rawName?: string;
  /** `sourceName` as the model sees it, when it differs (an MCP server's provider-safe name). */
  modelOwner?: string;
  /** See `ToolDefinition.mcpOperation`. */
  mcpOperation?: string;
  /** Cataloged (searchable) and still shown up front in Tool Search modes; see `ToolDefinition.directVisible`. */
  directVisible?: boolean;
  /** See `ToolDefinition.annotations`. */
  annotations?: Record<string, string | number | boolean>;
  /** See `ToolDefinition.descriptionCut`: OpenClaw cut the description the model reads. */
  descriptionCut?: { from: number; to: number };
  /** See `ToolDefinition.shipped`. */
  shipped?: boolean;
  status: ToolStatus;
  /** Why the tool is excluded or direct-only (rendered by `reasonText` in reasons.ts). */
  reason?: ToolReason;
  /** How to let an excluded tool through, when the policy knows. */
  hint?: string;
  decisions: PolicyDecision[];
  groups: string[];
  origin?: SourceLocation;
}

export type ServerStatus = 'ok' | 'failed' | 'disabled';

/** An MCP server (live or snapshot) as seen by the catalog builder. */
export interface ServerReport {
  name: string;
  /** Where it was configured: `file:line`, or `--snapshot`. */
  origin: string;
  transport: 'snapshot' | 'stdio' | 'streamable-http' | 'sse';
  status: ServerStatus;
  toolCount: number;
  error?: string;
  durationMs: number;
  /** Last lines a stdio server wrote to stderr, for explanations. */
  stderrTail?: string[];
  /** The server's config entry (its key), for Go to Config and Problems. */
  at?: RuleLocation;
}

export interface PluginReport {
  id: string;
  name: string;
  manifest: string;
  status: 'loaded' | 'disabled' | 'failed';
  reason?: string;
  toolCount: number;
}

/**
 * A surface a turn can get: direct tools, a Tool Search mode (`code` is
 * `tool_search_code`), or OpenClaw's Code Mode (`code-mode`: `exec`/`wait`,
 * `tools.codeMode`), which is not a `tools.toolSearch` mode.
 */
export type ToolSearchModeName = 'code' | 'tools' | 'directory' | 'direct' | 'code-mode';

export interface ToolSearchSettings {
  /** `false` means direct mode: every selected schema is sent up front. */
  enabled: boolean;
  mode: ToolSearchModeName;
  codeTimeoutMs: number;
  searchDefaultLimit: number;
  maxSearchLimit: number;
  /** Whether `tools.toolSearch` was set in a config at all (unset never silently enables a mode). */
  configured: boolean;
}

/** The run's policy context: who is running, with which provider, sandboxed or not. */
export interface PolicyContext {
  agent?: string;
  session?: string;
  /** `provider` or `provider/model`. */
  provider?: string;
  sandboxed?: boolean;
}

/** The result of executing a tool through its source. */
export interface ToolCallResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  /** Plain value for sources that do not speak MCP content. */
  value?: unknown;
}

export interface ToolCallContext {
  callId: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Something that can execute the tools it listed. Sources that only declare
 * tools (OpenClaw core, snapshots) throw a clear error.
 */
export interface ToolExecutor {
  execute(tool: CatalogEntry, args: Record<string, unknown>, ctx: ToolCallContext): Promise<ToolCallResult>;
}

/** A tool's texts by the other tools a run has: key = each of `vars` present (`1`) or not (`0`), in order. */
export interface ToolAvailabilityTexts {
  vars: readonly string[];
  variants: Readonly<Record<string, { description: string; parameters?: JsonSchema }>>;
}
