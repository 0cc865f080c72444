import type { Catalog } from '../catalog/catalog';
import type { ToolPolicy } from '../policy/policyEngine';
import type { CallVia, SessionLog } from '../telemetry/sessionLog';
import type { CatalogTool, ToolCallResult } from '../types';
import { errorMessage } from '../util/errors';
import { describeRule, type ApprovalPolicy, type Approver } from './approvals';
import { argumentProblem } from './argumentCheck';
import type { BeforeToolCallHook } from './hooks';
import { lookupAllowed, lookupExcluded } from '../catalog/lookup';
import { ToolApiError, type BlockedBy, type CallOutcome, type CallRequestContext } from '../toolApi';
import { toolReasonText } from '../reasons';
import { toolResultEnvelope } from './toolResult';

export interface GatewayDeps {
  /** The current catalog: read at every call, so a tool that went away is refused. */
  catalog: () => Catalog;
  /** The current policy: re-evaluated at every call. */
  policy: () => ToolPolicy;
  approvals: ApprovalPolicy;
  /** Asks a person when a rule needs approval and the call is not pre-approved. */
  approver?: Approver;
  hooks?: () => readonly BeforeToolCallHook[];
  log?: SessionLog;
  /** Per-call timeout handed to the executor. */
  timeoutMs?: number;
}

export interface GatewayCallContext extends CallRequestContext {
  parentCallId?: string;
  via?: CallVia;
}

/** A call outcome with what the gateway did on the way (for logs and previews). */
export interface GatewayOutcome extends CallOutcome {
  name?: string;
  paramsRewritten?: boolean;
  durationMs: number;
}

/**
 * The one path every tool call takes: lookup, policy re-check, approval,
 * plugin `beforeToolCall` hooks, execution through the tool's own source.
 * Every refusal is the call's reported result; nothing is bypassed.
 */
export class ToolGateway {
  constructor(private readonly deps: GatewayDeps) {}

  async call(idOrName: string, args: Record<string, unknown>, ctx: GatewayCallContext): Promise<GatewayOutcome> {
    const started = performance.now();
    const outcome = await this.run(idOrName, args, ctx);
    const done: GatewayOutcome = { ...outcome, durationMs: Math.round((performance.now() - started) * 100) / 100 };
    this.deps.log?.record({
      type: 'call',
      callId: ctx.callId,
      ...(ctx.parentCallId ? { parentCallId: ctx.parentCallId } : {}),
      via: ctx.via ?? 'api',
      idOrName,
      ...(done.tool ? { id: done.tool.id, source: done.tool.source, sourceName: done.tool.sourceName } : {}),
      ...(done.name ? { name: done.name } : {}),
      ok: done.ok,
      ...(done.blockedBy ? { blockedBy: done.blockedBy } : {}),
      ...(done.error ? { error: done.error } : {}),
      ...(done.result !== undefined ? resultFields(done.result) : {}),
      ...(done.paramsRewritten ? { paramsRewritten: true } : {}),
      durationMs: done.durationMs,
    });
    return done;
  }

  private async run(idOrName: string, rawArgs: Record<string, unknown>, ctx: GatewayCallContext): Promise<Omit<GatewayOutcome, 'durationMs'>> {
    const catalog = this.deps.catalog();
    let tool: CatalogTool;
    try {
      tool = lookupAllowed(catalog, idOrName);
    } catch (err) {
      const excluded = lookupExcluded(catalog, idOrName);
      if (excluded) {
        const policyDenied = excluded.decisions.some((d) => d.effect === 'deny');
        return {
          ok: false,
          name: excluded.name,
          blockedBy: policyDenied ? 'policy' : 'unavailable',
          error: `${excluded.name} cannot be called: ${toolReasonText(excluded) ?? 'excluded from the catalog'}`,
        };
      }
      return { ok: false, blockedBy: 'lookup', ...(err instanceof ToolApiError ? { lookupError: err.code } : {}), error: errorMessage(err) };
    }
    const ref = { id: tool.id, source: tool.source, sourceName: tool.sourceName };
    const refused = (blockedBy: BlockedBy, error: string): Omit<GatewayOutcome, 'durationMs'> => ({ ok: false, tool: ref, name: tool.name, blockedBy, error });

    if (rawArgs === null || typeof rawArgs !== 'object' || Array.isArray(rawArgs)) {
      return refused('invalid-args', `${tool.name}: arguments must be a JSON object`);
    }
    // Policy at call time: the policy may have changed since the catalog was built.
    const verdict = this.deps.policy().evaluate({ name: tool.name, source: tool.source, owner: tool.sourceName, groups: tool.groups, id: tool.id });
    if (!verdict.allowed) {
      return refused('policy', `${tool.name} is not allowed by the current policy: ${verdict.reason ?? 'denied'}`);
    }
    const server = catalog.servers.find((s) => tool.source === 'mcp' && s.name === tool.sourceName);
    if (server && server.status !== 'ok') {
      return refused('unavailable', `${tool.name} is unavailable: MCP server "${server.name}" is ${server.status}${server.error ? ` (${server.error})` : ''}`);
    }
    const executor = catalog.executorFor(tool.source, tool.id);
    if (!executor) {
      return refused('unavailable', `${tool.name} is unavailable: no source can execute it`);
    }

    // Checked before approval, so nobody is asked to allow a call that cannot run.
    const invalid = argumentProblem(tool.parameters, rawArgs);
    if (invalid) {
      return refused('invalid-args', `${tool.name}: arguments do not match its input schema: ${invalid}`);
    }

    const rule = this.deps.approvals.ruleFor(tool);
    if (rule && ctx.approved !== true) {
      let approved = false;
      let why = `needs approval (${describeRule(rule)}); pass --approve or approve it in the editor`;
      if (this.deps.approver) {
        try {
          approved = await this.deps.approver({ tool, args: rawArgs, callId: ctx.callId, rule });
          why = `approval denied (${describeRule(rule)})`;
        } catch (err) {
          why = `approval failed: ${errorMessage(err)}`;
        }
      }
      if (!approved) {
        return refused('approval', `${tool.name}: ${why}`);
      }
    }

    let args = rawArgs;
    let rewritten = false;
    for (const hook of this.deps.hooks?.() ?? []) {
      try {
        const r = await hook.run({ toolName: tool.name, toolId: tool.id, params: args, callId: ctx.callId });
        if (r?.block) {
          return refused(`hook:${hook.pluginId}`, `${tool.name} blocked by plugin "${hook.pluginId}": ${r.reason ?? 'no reason given'}`);
        }
        if (r?.params && typeof r.params === 'object' && !Array.isArray(r.params)) {
          args = r.params;
          rewritten = true;
        }
      } catch (err) {
        // A hook that cannot run may have been the one that would block: fail closed.
        return refused(`hook:${hook.pluginId}`, `${tool.name} blocked: the beforeToolCall hook of plugin "${hook.pluginId}" failed: ${errorMessage(err)}`);
      }
    }

    const invalidRewrite = rewritten ? argumentProblem(tool.parameters, args) : undefined;
    if (invalidRewrite) {
      return refused('invalid-args', `${tool.name}: arguments rewritten by a beforeToolCall hook do not match its input schema: ${invalidRewrite}`);
    }

    if (ctx.signal?.aborted) {
      return refused('aborted', `${tool.name}: the call was cancelled before it ran`);
    }
    let result: ToolCallResult;
    try {
      result = await withDeadline(executor.execute(tool, args, { callId: ctx.callId, signal: ctx.signal, timeoutMs: this.deps.timeoutMs }), tool.name, this.deps.timeoutMs, ctx.signal);
    } catch (err) {
      return { ok: false, tool: ref, name: tool.name, error: errorMessage(err), ...(rewritten ? { paramsRewritten: true } : {}) };
    }
    const value = result.value !== undefined && result.content === undefined && result.structuredContent === undefined ? result.value : result;
    return {
      ok: result.isError !== true,
      tool: ref,
      name: tool.name,
      result: value,
      envelope: toolResultEnvelope(tool, result),
      ...(result.isError ? { error: `${tool.name} reported an error` } : {}),
      ...(rewritten ? { paramsRewritten: true } : {}),
    };
  }
}

/**
 * A source that never answers must not hang the turn: the gateway stops
 * waiting at the deadline or when the caller cancels.
 */
function withDeadline<T>(work: Promise<T>, name: string, timeoutMs: number | undefined, signal: AbortSignal | undefined): Promise<T> {
  if (timeoutMs === undefined && !signal) {
    return work;
  }
  return new Promise<T>((resolve, reject) => {
    const timer = timeoutMs !== undefined ? setTimeout(() => finish(() => reject(new Error(`${name} did not answer within ${timeoutMs} ms`))), timeoutMs) : undefined;
    const onAbort = (): void => finish(() => reject(new Error(`${name}: the call was cancelled`)));
    function finish(settle: () => void): void {
      if (timer) {
        clearTimeout(timer);
      }
      signal?.removeEventListener('abort', onAbort);
      settle();
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => finish(() => resolve(v)),
      (e: unknown) => finish(() => reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

/** Bound on a result kept whole in the session log; larger ones keep their start. */
const LOGGED_RESULT_CHARS = 2000;

function resultFields(result: unknown): { resultBytes: number; result: unknown; resultTruncated?: boolean } {
  const text = safeJson(result);
  const resultBytes = Buffer.byteLength(text, 'utf8');
  if (text.length <= LOGGED_RESULT_CHARS) {
    return { resultBytes, result };
  }
  return { resultBytes, result: `${text.slice(0, LOGGED_RESULT_CHARS)}…`, resultTruncated: true };
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return '"[unserializable]"';
  }
}
