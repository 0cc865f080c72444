import type { Catalog } from '../catalog/catalog';
import type { ToolPolicy } from '../policy/policyEngine';
import type { CallVia, SessionLog } from '../telemetry/sessionLog';
import type { CatalogTool, ToolCallResult, ToolExecutor } from '../types';
import { boundValue, errorText } from '../util/boundedValue';
import { withoutHostPaths } from '../util/hostPaths';
import { describeRule, type ApprovalPolicy, type Approver } from './approvals';
import { sharedArgumentChecker, type ArgumentChecker } from './argumentCheck';
import type { BeforeToolCallHook } from './hooks';
import { lookupAllowed, lookupExcluded } from '../catalog/lookup';
import { ToolApiError, type BlockedBy, type CallOutcome, type CallRequestContext } from '../toolApi';
import { toolReasonText } from '../reasons';
import { policySubjectOf } from '../catalog/policySubject';
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
  /** Checks arguments against input schemas off the host's thread; default the process-wide one. */
  argumentChecker?: ArgumentChecker;
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
    // The session log is for developers: it keeps the real reason the model was not told.
    const truth = done.detail ?? { blockedBy: done.blockedBy, error: done.error };
    this.deps.log?.record({
      type: 'call',
      callId: ctx.callId,
      ...(ctx.parentCallId ? { parentCallId: ctx.parentCallId } : {}),
      via: ctx.via ?? 'api',
      idOrName,
      ...(done.tool ? { id: done.tool.id, source: done.tool.source, sourceName: done.tool.sourceName } : {}),
      ...(done.name ? { name: done.name } : {}),
      ok: done.ok,
      ...(truth.blockedBy ? { blockedBy: truth.blockedBy } : {}),
      ...(truth.error ? { error: truth.error } : {}),
      ...(done.result !== undefined ? resultFields(done.result) : {}),
      ...(done.paramsRewritten ? { paramsRewritten: true } : {}),
      durationMs: done.durationMs,
    });
    return done;
  }

  /** The steps in order; the first refusal is the outcome. */
  private async run(idOrName: string, rawArgs: Record<string, unknown>, ctx: GatewayCallContext): Promise<Outcome> {
    const catalog = this.deps.catalog();
    const found = lookup(catalog, idOrName);
    if ('outcome' in found) {
      return found.outcome;
    }
    const tool = found.tool;
    const refused = refuser(tool);
    const ready = this.admit(catalog, tool, rawArgs);
    if ('outcome' in ready) {
      return ready.outcome;
    }
    const { args: args0, executor } = ready;
    const checker = this.deps.argumentChecker ?? sharedArgumentChecker();
    // Checked before approval, so nobody is asked to allow a call that cannot run.
    const invalid = await checker.check(tool.parameters, args0, ctx.signal);
    if (invalid.problem !== undefined) {
      return refused('invalid-args', invalid.failed ? `${tool.name}: ${invalid.problem}; the call was refused` : `${tool.name}: arguments do not match its input schema: ${invalid.problem}`);
    }
    const notApproved = await this.approve(tool, args0, ctx);
    if (notApproved) {
      return notApproved;
    }
    const hooked = await this.runHooks(tool, args0, ctx);
    if ('outcome' in hooked) {
      return hooked.outcome;
    }
    const { args, rewritten } = hooked;
    const invalidRewrite = rewritten ? await checker.check(tool.parameters, args, ctx.signal) : {};
    if (invalidRewrite.problem !== undefined) {
      return refused('invalid-args', `${tool.name}: arguments rewritten by a beforeToolCall hook do not match its input schema: ${invalidRewrite.problem}`);
    }
    if (ctx.signal?.aborted) {
      return refused('aborted', `${tool.name}: the call was cancelled before it ran`);
    }
    return this.execute(tool, executor, args, rewritten, ctx);
  }

  /** The arguments as a bounded JSON copy, the policy at call time, a server that runs, a source that executes. */
  private admit(catalog: Catalog, tool: CatalogTool, rawArgs: Record<string, unknown>): { outcome: Outcome } | { args: Record<string, unknown>; executor: ToolExecutor } {
    const refused = refuser(tool);
    if (rawArgs === null || typeof rawArgs !== 'object' || Array.isArray(rawArgs)) {
      return { outcome: refused('invalid-args', `${tool.name}: arguments must be a JSON object`) };
    }
    // From here on the arguments are a plain JSON copy within the host's bounds.
    const boundedArgs = boundValue(rawArgs);
    if (!boundedArgs.ok) {
      return { outcome: refused('invalid-args', `${tool.name}: arguments refused: ${boundedArgs.problem}`) };
    }
    // Policy at call time: the policy may have changed since the catalog was built.
    const verdict = this.deps.policy().evaluate(policySubjectOf(tool));
    if (!verdict.allowed) {
      return { outcome: refused('policy', `${tool.name} is not allowed by the current policy: ${verdict.reason ?? 'denied'}`) };
    }
    const server = catalog.servers.find((s) => tool.source === 'mcp' && s.name === tool.sourceName);
    if (server && server.status !== 'ok') {
      return { outcome: refused('unavailable', `${tool.name} is unavailable: MCP server "${server.name}" is ${server.status}${server.error ? ` (${server.error})` : ''}`) };
    }
    const executor = catalog.executorFor(tool.source, tool.id);
    if (!executor) {
      return { outcome: refused('unavailable', `${tool.name} is unavailable: no source can execute it`) };
    }
    return { args: boundedArgs.value as Record<string, unknown>, executor };
  }

  /** A call a rule says needs approval goes on only when pre-approved or a person allows it. */
  private async approve(tool: CatalogTool, args: Record<string, unknown>, ctx: GatewayCallContext): Promise<Outcome | undefined> {
    const rule = this.deps.approvals.ruleFor(tool);
    if (!rule || ctx.approved === true) {
      return undefined;
    }
    let approved = false;
    let why = `needs approval (${describeRule(rule)}); pass --approve or approve it in the editor`;
    if (this.deps.approver) {
      try {
        approved = await this.deps.approver({ tool, args, callId: ctx.callId, rule });
        why = `approval denied (${describeRule(rule)})`;
      } catch (err) {
        why = `approval failed: ${errorText(err)}`;
      }
    }
    return approved ? undefined : refuser(tool)('approval', `${tool.name}: ${why}`);
  }

  /** Plugins' `beforeToolCall` hooks in order: each may block the call or rewrite its arguments. */
  private async runHooks(tool: CatalogTool, args0: Record<string, unknown>, ctx: GatewayCallContext): Promise<{ outcome: Outcome } | { args: Record<string, unknown>; rewritten: boolean }> {
    const refused = refuser(tool);
    let args = args0;
    let rewritten = false;
    for (const hook of this.deps.hooks?.() ?? []) {
      try {
        const r = await hook.run({ toolName: tool.name, toolId: tool.id, params: args, callId: ctx.callId });
        if (r?.block) {
          return { outcome: refused(`hook:${hook.pluginId}`, `${tool.name} blocked by plugin "${hook.pluginId}": ${r.reason ?? 'no reason given'}`) };
        }
        if (r?.params && typeof r.params === 'object' && !Array.isArray(r.params)) {
          const b = boundValue(r.params);
          if (!b.ok) {
            return { outcome: refused(`hook:${hook.pluginId}`, `${tool.name} blocked: the beforeToolCall hook of plugin "${hook.pluginId}" rewrote the arguments into a value the host refuses (${b.problem})`) };
          }
          args = b.value as Record<string, unknown>;
          rewritten = true;
        }
      } catch (err) {
        // A hook that cannot run may have been the one that would block: fail closed.
        // Its error may name files on this machine: the model gets the plugin id only.
        const blockedBy: BlockedBy = `hook:${hook.pluginId}`;
        return {
          outcome: {
            ...refused(blockedBy, `${tool.name} blocked: the beforeToolCall hook of plugin "${hook.pluginId}" failed`),
            detail: { blockedBy, error: `${tool.name} blocked: the beforeToolCall hook of plugin "${hook.pluginId}" failed: ${errorText(err)}` },
          },
        };
      }
    }
    return { args, rewritten };
  }

  /** Runs the tool through its own source, within the deadline; only a bounded JSON copy of what it returns goes on. */
  private async execute(tool: CatalogTool, executor: ToolExecutor, args: Record<string, unknown>, rewritten: boolean, ctx: GatewayCallContext): Promise<Outcome> {
    const ref = refOf(tool);
    let result: ToolCallResult;
    try {
      result = await withDeadline(executor.execute(tool, args, { callId: ctx.callId, signal: ctx.signal, timeoutMs: this.deps.timeoutMs }), tool.name, this.deps.timeoutMs, ctx.signal);
    } catch (err) {
      const full = errorText(err);
      const shown = withoutHostPaths(full);
      return { ok: false, tool: ref, name: tool.name, error: shown, ...(shown !== full ? { detail: { error: full } } : {}), ...(rewritten ? { paramsRewritten: true } : {}) };
    }
    // Whatever the source returned, only a bounded plain JSON copy goes on
    // (the result and its envelope are both made from that copy).
    const bounded = boundValue(result);
    if (!bounded.ok) {
      return { ok: false, tool: ref, name: tool.name, blockedBy: 'invalid-result', error: `${tool.name} returned a value the host refuses: ${bounded.problem}`, ...(rewritten ? { paramsRewritten: true } : {}) };
    }
    const safe = bounded.value as ToolCallResult;
    const value: unknown = safe.value !== undefined && safe.content === undefined && safe.structuredContent === undefined ? safe.value : safe;
    return {
      ok: safe.isError !== true,
      tool: ref,
      name: tool.name,
      result: value,
      envelope: toolResultEnvelope(tool, safe),
      ...(safe.isError === true ? { error: `${tool.name} reported an error` } : {}),
      ...(rewritten ? { paramsRewritten: true } : {}),
    };
  }
}

type Outcome = Omit<GatewayOutcome, 'durationMs'>;

function refOf(tool: CatalogTool): NonNullable<Outcome['tool']> {
  return { id: tool.id, source: tool.source, sourceName: tool.sourceName };
}

/** A refusal of a call to `tool`: what the model is told. */
function refuser(tool: CatalogTool): (blockedBy: BlockedBy, error: string) => Outcome {
  return (blockedBy, error) => ({ ok: false, tool: refOf(tool), name: tool.name, blockedBy, error });
}

/** The callable tool of that id or name; else the model hears "unknown" whether or not it exists (excluded). */
function lookup(catalog: Catalog, idOrName: string): { tool: CatalogTool } | { outcome: Outcome } {
  try {
    return { tool: lookupAllowed(catalog, idOrName) };
  } catch (err) {
    const unknown = err instanceof ToolApiError ? err.message : errorText(err);
    const lookupError = err instanceof ToolApiError ? { lookupError: err.code } : {};
    const excluded = lookupExcluded(catalog, idOrName);
    if (excluded) {
      // The model hears exactly what it hears for a name that exists nowhere
      // (no existence oracle); the developer gets the real reason.
      const policyDenied = excluded.decisions.some((d) => d.effect === 'deny');
      return {
        outcome: {
          ok: false,
          blockedBy: 'lookup',
          ...lookupError,
          error: unknown,
          detail: { blockedBy: policyDenied ? 'policy' : 'unavailable', error: `${excluded.name} cannot be called: ${toolReasonText(excluded) ?? 'excluded from the catalog'}` },
        },
      };
    }
    return { outcome: { ok: false, blockedBy: 'lookup', ...lookupError, error: unknown } };
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
      // Passed on as thrown: String() of a hostile object could throw here; errorText reads it safely.
      (e: unknown) => finish(() => reject(e)),
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
