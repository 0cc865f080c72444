import type { Catalog } from '../catalog/catalog';
import type { Surface } from './surface';
import { controlRoleOf, type ControlRole } from '../sources/generatedTools';
import { CONTROL_VIA, type SessionLog } from '../telemetry/sessionLog';
import { errorMessage } from '../util/errors';
import { toolApiErrorCode, withRecoveryGuidance, type ControlToolNames } from '../catalog/lookup';
import type { GatewayToolSearchApi } from '../gateway/toolSearchApi';

/** A tool call as the model made it (arguments as the provider returned them: a JSON string or an object). */
export interface ModelToolCall {
  callId: string;
  name: string;
  arguments: string | Record<string, unknown>;
}

export interface DispatchResult {
  ok: boolean;
  /** What goes back to the model as the tool result. */
  output: unknown;
  error?: string;
}

/** Runs a code-mode control tool's program (the bridge); absent when code mode is not available. */
export type CodeRunner = (code: string, parentCallId: string) => Promise<DispatchResult>;

export interface DispatcherOptions {
  surface: Surface;
  api: GatewayToolSearchApi;
  catalog: () => Catalog;
  runCode?: CodeRunner;
  log?: SessionLog;
}

function parseArgs(raw: ModelToolCall['arguments']): Record<string, unknown> {
  if (typeof raw !== 'string') {
    return raw;
  }
  const v = raw.trim() === '' ? {} : (JSON.parse(raw) as unknown);
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw new Error('tool arguments must be a JSON object');
  }
  return v as Record<string, unknown>;
}

function str(args: Record<string, unknown>, key: string): string {
  const v = args[key];
  if (typeof v !== 'string') {
    throw new Error(`"${key}" must be a string`);
  }
  return v;
}

/**
 * Routes the model's tool calls for one turn: the Tool Search tools to the
 * API, visible tools to the gateway, and (directory mode only) a call to
 * the exact name of a tool hidden behind the directory hydrated from the
 * same authorized catalog, then sent through the gateway like any other.
 */
export class TurnDispatcher {
  private readonly visibleByName = new Map<string, string | undefined>();
  /** The surface's control tools by name, each with its role (read from its schema: a release may rename them). */
  private readonly roleByName = new Map<string, ControlRole>();
  /** The names a miss's recovery guidance quotes: this surface's own control tools. */
  private readonly names: ControlToolNames | undefined;

  constructor(private readonly opts: DispatcherOptions) {
    opts.surface.visible.forEach((v, i) => {
      this.visibleByName.set(v.name, v.id);
      const tool = opts.surface.tools[i];
      const role = v.why === 'tool-search' && tool ? controlRoleOf(tool) : undefined;
      if (role) {
        this.roleByName.set(v.name, role);
      }
    });
    const named = (role: ControlRole): string | undefined => [...this.roleByName].find(([, r]) => r === role)?.[0];
    const search = named('search');
    const describe = named('describe');
    const call = named('call');
    this.names = search && describe && call ? { search, describe, call } : undefined;
  }

  async dispatch(call: ModelToolCall): Promise<DispatchResult> {
    const started = performance.now();
    let result: DispatchResult;
    try {
      result = await this.route(call);
    } catch (err) {
      result = { ok: false, output: { error: errorMessage(err) }, error: errorMessage(err) };
    }
    this.opts.log?.record({
      type: 'model-call',
      callId: call.callId,
      name: call.name,
      ok: result.ok,
      ...(result.error ? { error: result.error } : {}),
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    });
    return result;
  }

  private async route(call: ModelToolCall): Promise<DispatchResult> {
    const { api } = this.opts;
    const args = parseArgs(call.arguments);
    if (!this.visibleByName.has(call.name)) {
      return this.hidden(call, args);
    }
    const id = this.visibleByName.get(call.name);
    if (id !== undefined) {
      const out = await api.call(id, args, { callId: call.callId, via: 'direct' });
      return { ok: out.ok, output: forModel(out), ...(out.error ? { error: out.error } : {}) };
    }
    switch (this.roleByName.get(call.name)) {
      case 'search': {
        const limit = typeof args.limit === 'number' ? args.limit : undefined;
        return { ok: true, output: api.search(str(args, 'query'), { limit, callId: call.callId }) };
      }
      case 'describe':
        try {
          return { ok: true, output: api.describe(str(args, 'id'), { callId: call.callId }) };
        } catch (err) {
          throw new Error(withRecoveryGuidance(errorMessage(err), toolApiErrorCode(err), 'tools', this.names), { cause: err });
        }
      case 'call': {
        const a = args.args ?? {};
        if (a === null || typeof a !== 'object' || Array.isArray(a)) {
          throw new Error('"args" must be a JSON object');
        }
        const out = await api.call(str(args, 'id'), a as Record<string, unknown>, { callId: call.callId, via: CONTROL_VIA.call });
        const error = out.error === undefined ? undefined : withRecoveryGuidance(out.error, out.lookupError, 'tools', this.names);
        return { ok: out.ok, output: error === undefined ? forModel(out) : { ...forModel(out), error }, ...(error ? { error } : {}) };
      }
      case 'code':
        if (!this.opts.runCode) {
          throw new Error(`${call.name} is not available: no isolated runtime`);
        }
        return this.opts.runCode(str(args, 'code'), call.callId);
      default:
        throw new Error(`${call.name} has no handler`);
    }
  }

  private async hidden(call: ModelToolCall, args: Record<string, unknown>): Promise<DispatchResult> {
    if (this.opts.surface.effectiveMode === 'directory') {
      // Exact name only: hydration must never guess which tool was meant.
      const match = this.opts.catalog().withName(call.name).find((t) => t.name === call.name && t.status === 'cataloged');
      if (match) {
        const out = await this.opts.api.call(match.id, args, { callId: call.callId, via: 'hydrated' });
        return { ok: out.ok, output: forModel(out), ...(out.error ? { error: out.error } : {}) };
      }
    }
    const hint = this.opts.surface.effectiveMode === 'direct' ? '' : '; find it with tool search and call it by id';
    throw new Error(`Unknown tool: ${call.name} is not available in this turn${hint}`);
  }
}

/** A call outcome as the model may see it: the developer-only `detail` (real reasons, host paths) is dropped. */
/** The outcome as the model may see it: no developer detail, no lookup code. */
function forModel<T extends { detail?: unknown; lookupError?: unknown }>(out: T): Omit<T, 'detail' | 'lookupError'> {
  const { detail: _hidden, lookupError: _code, ...shown } = out;
  return shown;
}
