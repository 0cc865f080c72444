import type { Catalog } from '../catalog/catalog';
import type { ToolPolicy } from '../policy/policyEngine';
import { CONTROL_VIA, type CallVia, type SessionLog } from '../telemetry/sessionLog';
import type { CatalogTool } from '../types';
import { errorMessage } from '../util/errors';
import type { OpenWorkspace } from '../workspace';
import { ApprovalPolicy, type Approver } from './approvals';
import { ToolGateway, type GatewayOutcome } from './gateway';
import { pluginHooks } from './hooks';
import { lookupAllowed } from '../catalog/lookup';
import type { ToolSearchIndex } from './searchIndex';
import { describedTool } from '../search/compactHit';
import { policySubjectOf } from '../catalog/policySubject';
import { type CallRequestContext, type CompactTool, type DescribedTool, type SearchOptions, type SearchResult, type ToolSearchApi } from '../toolApi';

/** The compact entry of a catalog tool (a hit without its score, a description without its schemas). */
export function compactTool(tool: CatalogTool): CompactTool {
  const { parameters: _parameters, outputSchema: _outputSchema, ...entry } = describedTool(tool);
  return entry;
}

/** Who is asking, for the session log: the model's call id, and the bridge run it is nested in. */
export interface OpContext {
  callId?: string;
  parentCallId?: string;
}

export interface GatewayToolSearchApi extends ToolSearchApi {
  search(query: string, options?: SearchOptions & OpContext): SearchResult;
  describe(idOrName: string, ctx?: OpContext): DescribedTool;
  call(idOrName: string, args: Record<string, unknown>, ctx: CallRequestContext & { parentCallId?: string; via?: CallVia }): Promise<GatewayOutcome>;
  /**
   * The tool an id or name refers to, among authorized tools, without
   * counting as a `describe` in the session log (for naming nested call ids).
   */
  resolve(idOrName: string): { id: string; name: string } | undefined;
  readonly gateway: ToolGateway;
}

export interface ComposeOptions {
  index: ToolSearchIndex;
  gateway: ToolGateway;
  catalog: () => Catalog;
  policy: () => ToolPolicy;
  log?: SessionLog;
  /** Call-id prefix for operations that arrive without one (`api`, `cli`, `tool_search_code:<id>`). */
  idPrefix?: string;
  /** The bridge run these operations belong to, when the caller does not say. */
  parentCallId?: string;
}

/**
 * Joins the index (search, describe) and the gateway (call) into the one
 * ToolSearchApi every surface uses. Search and describe are filtered again
 * against the current catalog and policy: whatever the index holds, a tool
 * outside the policy is never returned.
 */
export function composeToolSearchApi(opts: ComposeOptions): GatewayToolSearchApi {
  let seq = 0;
  const prefix = opts.idPrefix ?? (opts.parentCallId ? `tool_search_code:${opts.parentCallId}` : 'api');
  const nextId = (op: string): string => `${prefix}:${op}:${++seq}`;
  const parentOf = (ctx: OpContext | undefined): { parentCallId?: string } => {
    const p = ctx?.parentCallId ?? opts.parentCallId;
    return p ? { parentCallId: p } : {};
  };
  const authorized = (id: string): CatalogTool | undefined => {
    const t = opts.catalog().get(id);
    if (!t || t.status === 'excluded') {
      return undefined;
    }
    return opts.policy().evaluate(policySubjectOf(t)).allowed ? t : undefined;
  };
  return {
    gateway: opts.gateway,
    resolve(idOrName) {
      try {
        const t = lookupAllowed(opts.catalog(), idOrName, (x) => authorized(x.id) !== undefined);
        return { id: t.id, name: t.name };
      } catch {
        return undefined;
      }
    },
    search(query, options) {
      const callId = options?.callId ?? nextId('search');
      try {
        const r = opts.index.search(query, options?.limit !== undefined ? { limit: options.limit } : undefined);
        const hits = r.hits.filter((h) => authorized(h.id) !== undefined);
        opts.log?.record({ type: 'search', callId, ...parentOf(options), query, limit: r.limit, hits: hits.map((h) => h.id) });
        return { ...r, hits };
      } catch (err) {
        opts.log?.record({ type: 'search', callId, ...parentOf(options), query, hits: [], error: errorMessage(err) });
        throw err;
      }
    },
    describe(idOrName, ctx) {
      const callId = ctx?.callId ?? nextId('describe');
      const parent = parentOf(ctx);
      try {
        // Resolve among authorized tools first, so an ambiguity or a suggestion never names a denied tool.
        const tool = lookupAllowed(opts.catalog(), idOrName, (t) => authorized(t.id) !== undefined);
        const d = opts.index.describe(tool.id);
        opts.log?.record({ type: 'describe', callId, ...parent, idOrName, id: d.id });
        return d;
      } catch (err) {
        opts.log?.record({ type: 'describe', callId, ...parent, idOrName, error: errorMessage(err) });
        throw err;
      }
    },
    async call(idOrName, args, ctx) {
      const parentCallId = ctx.parentCallId ?? opts.parentCallId;
      const out = await opts.gateway.call(idOrName, args, { ...ctx, ...(parentCallId ? { parentCallId } : {}), via: ctx.via ?? (parentCallId ? CONTROL_VIA.code : 'api') });
      // The call names its tool by the full compact entry, as search did (OpenClaw's `{ tool, result }`).
      const t = out.tool ? opts.catalog().get(out.tool.id) : undefined;
      return t ? { ...out, tool: compactTool(t) } : out;
    },
  };
}

export interface ToolSearchApiOptions {
  /** The search index over `catalog` (core/search `ToolIndex.fromCatalog(catalog)`). */
  index: ToolSearchIndex;
  log?: SessionLog;
  approver?: Approver;
  /** Extra approval patterns besides `approvals.tools` in the config. */
  approvalPatterns?: readonly string[];
  /** Reads the catalog at call time (after a refresh); default: the catalog given. */
  currentCatalog?: () => Catalog;
  idPrefix?: string;
  /** Set when the API serves one `tool_search_code` run: its call id. */
  parentCallId?: string;
  timeoutMs?: number;
}

/**
 * The full ToolSearchApi of a workspace: the index for search and describe,
 * the gateway (policy, `approvals.tools`, plugin hooks, the catalog's
 * executors) for call.
 */
export function createToolSearchApi(ws: OpenWorkspace, catalog: Catalog, options: ToolSearchApiOptions): GatewayToolSearchApi {
  const current = options.currentCatalog ?? (() => catalog);
  const policy = (): ToolPolicy => ws.policy;
  const gateway = new ToolGateway({
    catalog: current,
    policy,
    approvals: ApprovalPolicy.fromConfig(ws.config.reader, options.approvalPatterns),
    approver: options.approver,
    hooks: () => pluginHooks(ws.plugins),
    log: options.log,
    timeoutMs: options.timeoutMs,
  });
  return composeToolSearchApi({ index: options.index, gateway, catalog: current, policy, log: options.log, idPrefix: options.idPrefix, parentCallId: options.parentCallId });
}
