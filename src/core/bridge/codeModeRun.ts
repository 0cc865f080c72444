import { randomBytes, randomUUID } from 'node:crypto';
import type { SourceCounts } from '../catalog/catalog';
import type { CodeModeLimitName, CodeModeResultBudget, CodeModeRuntimeTexts } from '../sources/generatedTools';
import type { ToolSearchApi } from '../toolApi';
import type { CodeBridge, CodeModeHost } from './codeBridge';
import type { CodeModeGuestPlan } from './codeModeGuest';
import type { BridgeOp } from './protocol';
import type { RunReport } from './runReport';
import { boundCodeModeLeg, type CodeModeFinal, type CodeModeOutputItem, type CodeModeOutputLedger, type CodeModeRetainSource, type CodeModeRetention } from './codeModeOutput';
import { mcpApiList, mcpApiRead, mcpHandleDescribe, mcpRootApi, mcpServerApi, savedResultDescriptor } from './codeModeMcpApi';

/**
 * Runs Code Mode programs (`exec` with `{ code }`) as OpenClaw 2026.9.6 runs
 * them for a model, in the product's isolated child and through the same
 * gateway as `tool_search_code` (policy, approvals, hooks). One session is
 * one agent run: its counters and its `results` store carry over from one
 * program to the next, as OpenClaw's do. The result is the JSON OpenClaw
 * hands the model (docs/tools/code-mode/output.md); `docs/fidelity.md` says
 * what is not modelled (waits, the QuickJS snapshot, `API`, `nodes`, `skills`).
 */

export type { CodeModeOutputItem };

export interface CodeModeTelemetry {
  catalogSize: number;
  sources: SourceCounts;
  /** A random id per agent run (OpenClaw's scope of the counters). */
  counterScope: string;
  searchCount: number;
  describeCount: number;
  callCount: number;
  visibleTools: string[];
}

/** An output entry as the model reads it: an item, or a truncation marker where the budget cut the output. */
export type CodeModeOutputEntry = CodeModeOutputItem | Record<string, unknown>;

/** The `exec` (and `wait`) result, with OpenClaw's keys in its order. */
export type CodeModeResult =
  | { status: 'completed'; replaySafe: false; telemetry: CodeModeTelemetry; output: CodeModeOutputEntry[]; value: unknown }
  | {
      status: 'waiting';
      /** What \`wait\` resumes (\`cm_<uuid>\`). */
      runId: string;
      reason: 'yield';
      pendingToolCalls: { id: string; method: 'yield' }[];
      replaySafe: false;
      telemetry: CodeModeTelemetry;
      output: CodeModeOutputEntry[];
    }
  | {
      status: 'failed';
      code: 'internal_error' | 'timeout' | 'aborted' | 'runtime_unavailable';
      failurePhase: 'guest' | 'bridge' | 'host';
      bridgeDispatchStarted: boolean;
      replaySafe: false;
      telemetry: CodeModeTelemetry;
      output: CodeModeOutputEntry[];
      error: string;
    };

export interface CodeModeExec {
  /** Only the output items this leg added (a resumed run's earlier output went out with its \`waiting\` result). */
  result: CodeModeResult;
  /**
   * OpenClaw hands this result to the model inside its external-content
   * notice (remote MCP data or metadata reached the program's output).
   */
  untrusted: boolean;
  /** The run as the bridge traced it (every operation, output item and console line, in order); absent while it waits. */
  report?: RunReport;
}

export interface CodeModeSessionOptions {
  bridge: CodeBridge;
  api: ToolSearchApi;
  plan: CodeModeGuestPlan;
  /** `tools.codeMode`'s limits as the run resolves them (defaults and clamps of the release). */
  limits: Record<CodeModeLimitName, number>;
  /** The names the model sees (telemetry's `visibleTools`): exec and wait. */
  visibleTools: readonly string[];
  /** The release's texts of a program's results (generated). */
  texts: CodeModeRuntimeTexts;
  /** The run's model's context window in tokens: a result must also fit what the model may take of one result. */
  contextWindow?: number;
}

/** One program's run across its legs (exec, then each wait). */
interface Run {
  done?: Promise<RunReport>;
  untrusted: boolean;
  output: CodeModeOutputItem[];
  /** Output items already handed out by an earlier leg. */
  delivered: number;
  yields: number;
  /** What earlier legs of this program handed the model (the output budget spans them all). */
  ledger?: CodeModeOutputLedger;
  /** Called when the program yields: ends the current leg with \`waiting\`. */
  wake: () => void;
  /** Resolves the pending \`yield_control()\`: the program goes on. */
  release?: () => void;
  abort?: AbortController;
  clock: NonNullable<CodeModeHost['clock']>;
}

/** A saved value (`results.save`), kept as JSON so every `load` is a detached copy. */
interface Saved {
  json: string;
}

/** How many values one session keeps in `results`, and how large one may be. */
const MAX_SAVED = 64;
const MAX_SAVED_CHARS = 4_000_000;
/**
 * OpenClaw's per-result budget for a context window (resolveToolResultBudget,
 * its constants generated): the window's share at 4 characters a token,
 * capped by the window's size class, and a context share of one character
 * per token (at least 1024).
 */
export function toolResultBudget(contextWindow: number | undefined, b: CodeModeResultBudget): { maxChars: number; maxContextChars: number } | undefined {
  if (contextWindow === undefined || !Number.isFinite(contextWindow) || contextWindow <= 0) {
    return undefined;
  }
  const tokens = Math.floor(contextWindow);
  const cap = [...b.caps].reverse().find((c) => tokens >= c.minTokens)?.maxChars ?? b.caps[0]?.maxChars ?? 0;
  return { maxChars: Math.min(Math.floor(contextWindow * b.contextShare) * 4, cap), maxContextChars: Math.max(1024, Math.floor(Math.max(1, tokens) * 2 * 0.5)) };
}

/** Output items one program may send the host (text, json and console calls). */
const OUTPUT_ITEMS_MAX = 20_000;

export class CodeModeSession {
  private readonly counterScope = randomBytes(12).toString('hex');
  private readonly counts = { search: 0, describe: 0, call: 0 };
  private readonly saved = new Map<string, Saved>();

  /** One string per session: the bridge knows an idle child prepared with it by this very value. */
  private readonly guestJson: string;

  constructor(private readonly options: CodeModeSessionOptions) {
    this.guestJson = JSON.stringify(options.plan.guest);
  }

  /** Readies the bridge's idle child with this session's guest globals, so the next program starts warm. */
  prewarm(): Promise<void> {
    return this.options.bridge.prewarm(this.guestJson);
  }

  /** Runs a program; it ends completed or failed, or waits at \`yield_control()\` for \`wait(runId)\`. */
  async exec(code: string, run: { signal?: AbortSignal; approved?: boolean; parentCallId?: string } = {}): Promise<CodeModeExec> {
    const abort = new AbortController();
    const leg: Run = { untrusted: false, output: [], delivered: 0, yields: 0, wake: () => undefined, clock: {}, abort };
    const host: CodeModeHost = {
      guestJson: this.guestJson,
      clock: leg.clock,
      // Twice the output budget reaches the host, so a cut is measured on what OpenClaw would have kept; beyond that the child stops sending.
      outputLimits: { maxLogLines: OUTPUT_ITEMS_MAX, maxLogChars: 2 * this.options.limits.maxOutputBytes + 4096 },
      output: (level, text) => {
        if (level === 'network') {
          leg.untrusted = true;
          return;
        }
        leg.output.push(level === 'json' ? { type: 'json', value: parseOr(text) } : { type: 'text', text });
      },
      perform: async (op, args, ctx) => {
        if (op === 'yield') {
          return this.park(leg);
        }
        const out = await this.perform(op, args, ctx);
        leg.untrusted ||= out.untrusted;
        return out.value;
      },
    };
    const { catalogSize, sources } = this.telemetry();
    leg.done = this.options.bridge.run(code, {
      timeoutMs: this.options.limits.timeoutMs,
      // The run report's telemetry (the Bridge Trace's header) counts the program's catalog, as its result's does.
      catalog: { size: catalogSize, sources },
      codeMode: host,
      signal: run.signal ? AbortSignal.any([run.signal, abort.signal]) : abort.signal,
      ...(run.approved !== undefined ? { approved: run.approved } : {}),
      ...(run.parentCallId ? { parentCallId: run.parentCallId } : {}),
    });
    return this.settle(leg);
  }

  /** Resumes a program parked at \`yield_control()\`: OpenClaw's \`wait\` tool with the runId of a \`waiting\` result. */
  async wait(runId: string): Promise<CodeModeExec> {
    const leg = this.parked.get(runId);
    if (!leg) {
      return { result: this.failed(`no waiting Code Mode run ${JSON.stringify(runId.slice(0, 120))}: wait takes the runId of an exec result with status "waiting"`, 'host', false, []), untrusted: false };
    }
    this.parked.delete(runId);
    leg.untrusted = false;
    leg.clock.resume?.();
    const release = leg.release;
    leg.release = undefined;
    release?.();
    return this.settle(leg);
  }

  /** Programs parked at \`yield_control()\`, by runId (closed with the session). */
  private readonly parked = new Map<string, Run>();

  /** Ends every parked program (its child is killed): the session is over. */
  dispose(): void {
    for (const leg of this.parked.values()) {
      leg.clock.resume?.();
      leg.abort?.abort();
    }
    this.parked.clear();
  }

  private park(leg: Run): Promise<null> {
    leg.yields++;
    leg.clock.pause?.();
    return new Promise<null>((resolve) => {
      leg.release = () => resolve(null);
      leg.wake();
    });
  }

  /** Waits for this leg to end or yield, then answers as OpenClaw does. */
  private async settle(leg: Run): Promise<CodeModeExec> {
    const done = leg.done;
    if (!done) {
      throw new Error('a Code Mode leg settled before it started');
    }
    const yielded = new Promise<'yielded'>((resolve) => {
      leg.wake = () => resolve('yielded');
    });
    const first = await Promise.race([done, yielded]);
    const items = leg.output.slice(leg.delivered);
    leg.delivered = leg.output.length;
    if (first === 'yielded') {
      const runId = `cm_${randomUUID()}`;
      this.parked.set(runId, leg);
      const bounded = this.bound(leg, items, undefined);
      return {
        result: { status: 'waiting', runId, reason: 'yield', pendingToolCalls: [{ id: `bridge:yield:${leg.yields}`, method: 'yield' }], replaySafe: false, telemetry: this.telemetry(), output: bounded.output },
        untrusted: leg.untrusted,
      };
    }
    const raw = this.resultOf(first, []);
    const bounded = this.bound(leg, items, raw.status === 'completed' ? { value: raw.value } : raw.status === 'failed' ? { error: raw.error } : undefined);
    const result: CodeModeResult =
      raw.status === 'completed' ? { ...raw, output: bounded.output, value: bounded.value ?? null } : raw.status === 'failed' ? { ...raw, output: bounded.output, error: bounded.error ?? raw.error } : raw;
    return { result, untrusted: leg.untrusted, report: first };
  }

  /**
   * The leg's output and final value or error within \`maxOutputBytes\`, as
   * OpenClaw bounds them (codeModeOutput): the program's whole output so far
   * counts, only what the model has not seen is handed out, and an oversized
   * final object or array is kept in \`results\` behind a reference.
   */
  private bound(leg: Run, items: readonly CodeModeOutputItem[], final: CodeModeFinal | undefined): { output: CodeModeOutputEntry[]; value?: unknown; error?: string } {
    const { limits, texts } = this.options;
    const r = boundCodeModeLeg({
      output: items,
      ...(final ? { final } : {}),
      maxOutputBytes: limits.maxOutputBytes,
      ...(leg.ledger ? { state: leg.ledger } : {}),
      texts: { truncationGuidance: texts.truncationGuidance, retainedGuidance: texts.retainedGuidance, errorSuffix: texts.errorTruncatedSuffix, notRetainedGuidance: texts.notRetainedGuidance, referenceOverBudgetGuidance: texts.referenceOverBudgetGuidance },
      retainableBytes: Math.min(limits.memoryLimitBytes, limits.maxSnapshotBytes),
      retain: (source) => this.retain(source),
      fits: (channels) => this.fits(leg, final, channels),
    });
    leg.ledger = r.state;
    return { output: r.output as CodeModeOutputEntry[], ...('value' in r ? { value: r.value } : {}), ...(r.error !== undefined ? { error: r.error } : {}) };
  }

  /**
   * Whether a result fits what the model may take of one tool result: its
   * compact JSON (with the envelope around the bounded channels) within the
   * context window's budget, and at most 20,000 characters when it carries
   * network content (OpenClaw cuts an external-content result there).
   */
  private fits(leg: Run, final: CodeModeFinal | undefined, channels: { output: unknown[]; value?: unknown; error?: string }): boolean {
    const budget = toolResultBudget(this.options.contextWindow, this.options.texts.resultBudget);
    if (!budget && !leg.untrusted) {
      return true;
    }
    const envelope = final === undefined ? { status: 'waiting' } : 'error' in final ? { status: 'failed', code: 'internal_error', failurePhase: 'guest', bridgeDispatchStarted: false } : { status: 'completed' };
    const text = JSON.stringify({ ...envelope, replaySafe: false, telemetry: this.telemetry(), ...channels });
    if (leg.untrusted && text.length > this.options.texts.resultBudget.networkMaxChars) {
      return false;
    }
    return !budget || (text.length <= budget.maxChars && text.length * 2 <= budget.maxContextChars);
  }

  /** Keeps an oversized final value as \`results.save\` would; refused when incomplete or when the store is full. */
  private retain(source: CodeModeRetainSource): CodeModeRetention {
    if (!source.complete || this.saved.size >= MAX_SAVED || source.json.length > MAX_SAVED_CHARS) {
      return { reason: this.options.texts.notRetainedGuidance };
    }
    const id = `result_${randomUUID()}`;
    this.saved.set(id, { json: source.json });
    return { reference: { id, ...savedResultDescriptor(source.value) }, release: () => void this.saved.delete(id) };
  }

  private telemetry(): CodeModeTelemetry {
    const catalog = this.options.plan.catalog;
    const count = (s: string): number => catalog.filter((t) => t.source === s).length;
    return {
      catalogSize: catalog.length,
      sources: { openclaw: count('openclaw'), mcp: count('mcp'), client: count('client') },
      counterScope: this.counterScope,
      searchCount: this.counts.search,
      describeCount: this.counts.describe,
      callCount: this.counts.call,
      visibleTools: [...this.options.visibleTools],
    };
  }

  private failed(error: string, phase: 'guest' | 'bridge' | 'host', dispatched: boolean, output: CodeModeOutputEntry[], code: 'internal_error' | 'timeout' | 'aborted' | 'runtime_unavailable' = 'internal_error'): CodeModeResult {
    return { status: 'failed', code, failurePhase: phase, bridgeDispatchStarted: dispatched, replaySafe: false, telemetry: this.telemetry(), output, error };
  }

  private resultOf(report: RunReport, output: CodeModeOutputItem[]): CodeModeResult {
    const telemetry = this.telemetry();
    if (report.ok) {
      return { status: 'completed', replaySafe: false, telemetry, output, value: report.value ?? null };
    }
    const timedOut = report.stoppedBy === 'timeout';
    const cancelled = report.stoppedBy === 'cancelled';
    const host = report.stoppedBy !== undefined;
    return {
      status: 'failed',
      code: timedOut ? 'timeout' : cancelled ? 'aborted' : host ? 'runtime_unavailable' : 'internal_error',
      failurePhase: host ? 'host' : (report.failurePhase ?? 'guest'),
      bridgeDispatchStarted: report.trace.some((t) => t.op === 'call'),
      replaySafe: false,
      telemetry,
      output,
      error: timedOut ? this.options.texts.timeoutError : cancelled ? this.options.texts.abortedError : (report.error ?? 'the program failed'),
    };
  }

  private async perform(op: BridgeOp, args: unknown[], ctx: Parameters<CodeModeHost['perform']>[2]): Promise<{ value: unknown; untrusted: boolean }> {
    const { plan, api } = this.options;
    const [first, second] = args;
    switch (op) {
      case 'search': {
        if (typeof first !== 'string') {
          throw new TypeError('catalog.search(query, options): query must be a string');
        }
        const asked = isRecord(second) && typeof second.limit === 'number' && Number.isFinite(second.limit) ? Math.floor(second.limit) : undefined;
        // Code Mode's own search limits: a default, and a cap a larger request is cut to.
        const limit = Math.max(1, Math.min(asked ?? this.options.limits.searchDefaultLimit, this.options.limits.maxSearchLimit));
        this.counts.search++;
        const hits = api.search(first, { limit }).hits;
        // Handles only: OpenClaw marks the result as network content when the program reads an MCP or client handle's metadata.
        const metas = hits.map((h) => plan.metaById.get(h.id)).filter((m) => m !== undefined);
        return { value: metas, untrusted: false };
      }
      case 'describe': {
        const tool = typeof first === 'string' ? plan.byCallable.get(first) : undefined;
        const meta = tool ? plan.metaById.get(tool.id) : undefined;
        if (!tool || !meta) {
          throw new Error(`describe(): ${String(first)} is not in this run's catalog`);
        }
        if (tool.source === 'mcp') {
          // An MCP handle describes itself as its server's \`$api(tool, { schema: true })\`: a namespace call, not a describe.
          return { value: mcpHandleDescribe(plan.catalog, this.options.texts.mcpApi, tool, this.options.texts.namespaceReserved), untrusted: true };
        }
        this.counts.describe++;
        const d = api.describe(tool.id);
        return {
          value: {
            source: meta.source,
            name: tool.name,
            ...(meta.label !== undefined ? { label: meta.label } : {}),
            description: meta.description,
            ...(meta.input !== undefined ? { input: meta.input } : {}),
            ...(meta.output !== undefined ? { output: meta.output } : {}),
            parameters: d.parameters ?? {},
            ...(d.outputSchema !== undefined && meta.source === 'openclaw' ? { outputSchema: d.outputSchema } : {}),
            callableName: meta.callableName,
          },
          untrusted: meta.source === 'mcp',
        };
      }
      case 'call': {
        const tool = typeof first === 'string' ? plan.byCallable.get(first) : undefined;
        if (!tool) {
          throw new TypeError(`${String(first)} is not a function`);
        }
        if (second !== undefined && !isRecord(second)) {
          throw new Error(tool.source === 'mcp' ? this.options.texts.mcpOneObjectArgument : `${tool.name}: the input must be an object`);
        }
        this.counts.call++;
        const outcome = await api.call(tool.id, second ?? {}, { callId: ctx.callId, signal: ctx.signal, ...(ctx.approved !== undefined ? { approved: ctx.approved } : {}) });
        if (!outcome.ok) {
          throw new Error(outcome.error ?? `${tool.name} failed`);
        }
        if (tool.source === 'mcp') {
          const r = (outcome.result ?? {}) as { content?: unknown; structuredContent?: unknown; isError?: unknown };
          return {
            value: {
              content: Array.isArray(r.content) ? r.content : [],
              ...(r.structuredContent !== undefined ? { structuredContent: r.structuredContent } : {}),
              ...(r.isError === true ? { isError: true } : {}),
            },
            untrusted: true,
          };
        }
        const details = outcome.envelope && 'details' in outcome.envelope ? outcome.envelope.details : outcome.result;
        return { value: details ?? null, untrusted: false };
      }
      case 'sleep': {
        const ms = typeof first === 'number' && Number.isFinite(first) ? Math.min(Math.max(first, 0), this.options.limits.timeoutMs) : 0;
        await abortableDelay(ms, ctx.signal);
        return { value: null, untrusted: false };
      }
      case 'save':
        return { value: this.save(first), untrusted: false };
      case 'load': {
        const hit = typeof first === 'string' ? this.saved.get(first) : undefined;
        if (!hit) {
          throw new Error(`results.load(id): no saved result ${JSON.stringify(String(first)).slice(0, 200)} in this run`);
        }
        return { value: JSON.parse(hit.json) as unknown, untrusted: false };
      }
      case 'delete':
        return { value: typeof first === 'string' && this.saved.delete(first), untrusted: false };
      case 'api':
        return { value: this.api(args), untrusted: true };
      case 'yield':
        throw new Error('yield_control() is served by the run, not the catalog');
    }
  }

  /** \`API.list\`, \`API.read\` and \`MCP.<server>.$api\`: OpenClaw's virtual declaration files of the run's MCP servers. */
  private api(args: unknown[]): unknown {
    const catalog = this.options.plan.catalog;
    const reserved = this.options.texts.namespaceReserved;
    // OpenClaw lists every native callable's declaration file (path only) after the MCP ones.
    const files = { namespaceReserved: reserved, nativeCallables: this.options.plan.guest.all.map((m) => m.callableName) };
    const [method, a, b, c] = args;
    switch (method) {
      case 'list':
        return mcpApiList(catalog, this.options.texts.mcpApi, typeof a === 'string' ? a : undefined, files);
      case 'read':
        if (typeof a !== 'string') {
          throw new TypeError('API.read(path): path must be a string');
        }
        return mcpApiRead(catalog, this.options.texts.mcpApi, a, files);
      case '$root':
        return mcpRootApi(catalog, this.options.texts.mcpApi, reserved);
      case '$api':
        return mcpServerApi(catalog, this.options.texts.mcpApi, String(a), typeof b === 'string' ? b : undefined, isRecord(c) ? { schema: c.schema === true } : undefined, reserved);
      default:
        throw new TypeError('API: unknown method');
    }
  }

  /** `results.save(value)`: the descriptor a later program loads it by, with a bounded preview. */
  private save(value: unknown): Record<string, unknown> {
    const json = JSON.stringify(value ?? null);
    if (json.length > MAX_SAVED_CHARS) {
      throw new Error(`results.save(value): the value is ${json.length} characters of JSON; this session keeps at most ${MAX_SAVED_CHARS}`);
    }
    if (this.saved.size >= MAX_SAVED) {
      throw new Error(`results.save(value): this run already keeps ${MAX_SAVED} results; delete one first`);
    }
    const id = `result_${randomUUID()}`;
    this.saved.set(id, { json });
    return { id, ...savedResultDescriptor(value) };
  }
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('the run is over'));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Error('the run is over'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
