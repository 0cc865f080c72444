import type { RunRefusal } from '../policy/runRefusal';
import type { ConfigVerdict } from '../policy/configVerdict';
import type {
  CatalogTool,
  Diagnostic,
  PluginReport,
  ServerReport,
  ToolExecutor,
  ToolSearchSettings,
  ToolSourceKind,
} from '../types';
import { openclawMcpId } from '../sources/mcpNames';
import type { ModelledVersion } from '../policy/openclawVersions';

export interface SourceCounts {
  openclaw: number;
  mcp: number;
  client: number;
}

/**
 * The effective catalog of one run: every tool any source offered, with its
 * status (`cataloged`, `direct-only`, `excluded`) and the reason, sorted by id.
 */
export class Catalog {
  private readonly byId = new Map<string, CatalogTool>();
  private readonly byName = new Map<string, CatalogTool[]>();
  /** Other spellings of an id: OpenClaw's `mcp:<server>:<server>__<tool>` for MCP tools. */
  private readonly byAlias = new Map<string, CatalogTool>();
  // A catalog never changes once built: its partitions are computed once, not on every read.
  private readonly byStatus: Record<CatalogTool['status'], readonly CatalogTool[]>;
  private readonly allowedTools: readonly CatalogTool[];
  /** The OpenClaw version this catalog models (policy tables, core tools), when known. */
  openclaw?: ModelledVersion;
  /**
   * OpenClaw's own verdict on the config (issue 41): when the modelled release
   * refuses it, this catalog is what it would run after `openclaw doctor --fix`.
   */
  verdict?: ConfigVerdict;
  /** Set when the modelled release refuses this run before any request (explicit allowlists leave it no tool). */
  runRefusal?: RunRefusal;

  constructor(
    readonly tools: readonly CatalogTool[],
    readonly servers: readonly ServerReport[],
    readonly plugins: readonly PluginReport[],
    readonly diagnostics: readonly Diagnostic[],
    readonly settings: ToolSearchSettings,
    private readonly executors: ReadonlyMap<string, ToolExecutor>,
    readonly builtAt = Date.now(),
  ) {
    const parts: Record<CatalogTool['status'], CatalogTool[]> = { cataloged: [], 'direct-only': [], excluded: [] };
    const allowed: CatalogTool[] = [];
    for (const t of tools) {
      parts[t.status].push(t);
      if (t.status !== 'excluded') {
        allowed.push(t);
      }
      this.byId.set(t.id, t);
      if (t.source === 'mcp') {
        for (const alias of [openclawMcpId(t.name), `mcp:${t.sourceName}:${t.name}`]) {
          if (alias !== undefined && alias !== t.id && !this.byAlias.has(alias)) {
            this.byAlias.set(alias, t);
          }
        }
      }
      const keys = new Set([t.name.toLowerCase(), ...(t.rawName ? [t.rawName.toLowerCase()] : [])]);
      for (const key of keys) {
        const list = this.byName.get(key) ?? [];
        list.push(t);
        this.byName.set(key, list);
      }
    }
    this.byStatus = parts;
    this.allowedTools = allowed;
  }

  /**
   * The same catalog without the tools `drop` names, and without the servers
   * left with none: what a run without those sources would have. The
   * executors, settings, diagnostics and verdict are kept.
   */
  without(drop: (t: CatalogTool) => boolean): Catalog {
    const tools = this.tools.filter((t) => !drop(t));
    const kept = new Set(tools.filter((t) => t.source === 'mcp').map((t) => t.sourceName));
    const gone = new Set(this.tools.filter((t) => drop(t) && t.source === 'mcp').map((t) => t.sourceName));
    const servers = this.servers.filter((s) => !gone.has(s.name) || kept.has(s.name));
    const c = new Catalog(tools, servers, this.plugins, this.diagnostics, this.settings, this.executors, this.builtAt);
    c.openclaw = this.openclaw;
    if (this.verdict !== undefined) {
      c.verdict = this.verdict;
    }
    return c;
  }

  /** Tools that are searchable (indexed): allowed and not direct-only. */
  get cataloged(): readonly CatalogTool[] {
    return this.byStatus.cataloged;
  }

  /** Tools kept directly visible to the model in every mode. */
  get directOnly(): readonly CatalogTool[] {
    return this.byStatus['direct-only'];
  }

  /** Tools the model may use at all: cataloged plus direct-only. */
  get allowed(): readonly CatalogTool[] {
    return this.allowedTools;
  }

  get excluded(): readonly CatalogTool[] {
    return this.byStatus.excluded;
  }

  /** `catalogSize` of the contract: cataloged tools only. */
  get size(): number {
    return this.cataloged.length;
  }

  countBySource(tools: readonly CatalogTool[] = this.cataloged): SourceCounts {
    const c: SourceCounts = { openclaw: 0, mcp: 0, client: 0 };
    for (const t of tools) {
      c[t.source]++;
    }
    return c;
  }

  countBySourceName(tools: readonly CatalogTool[] = this.cataloged): Record<string, number> {
    const out: Record<string, number> = {};
    for (const t of tools) {
      out[t.sourceName] = (out[t.sourceName] ?? 0) + 1;
    }
    return out;
  }

  /** The tool with this id, or whose OpenClaw id spelling (`mcp:<server>:<server>__<tool>`) this is. */
  get(id: string): CatalogTool | undefined {
    return this.byId.get(id) ?? this.byAlias.get(id);
  }

  /** Every tool (any status) with this name or MCP raw name, case-insensitively. */
  withName(name: string): CatalogTool[] {
    return this.byName.get(name.toLowerCase()) ?? [];
  }

  executorFor(source: ToolSourceKind, id: string): ToolExecutor | undefined {
    return this.executors.get(id) ?? this.executors.get(source);
  }

  /** Servers whose tools are missing because they failed. */
  get unavailableServers(): ServerReport[] {
    return this.servers.filter((s) => s.status === 'failed');
  }
}
