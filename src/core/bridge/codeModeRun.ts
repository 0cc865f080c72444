import { randomBytes, randomUUID } from 'node:crypto';
import type { SourceCounts } from '../catalog/catalog';
import type { ToolSearchApi } from '../toolApi';
import type { CodeBridge, CodeModeHost } from './codeBridge';
import type { CodeModeGuestPlan } from './codeModeGuest';
import type { BridgeOp } from './protocol';
import type { RunReport } from './runReport';

/**
 * Runs Code Mode programs (`exec` with `{ code }`) as OpenClaw 2026.9.6 runs
 * them for a model, in the product's isolated child and through the same
 * gateway as `tool_search_code` (policy, approvals, hooks). One session is
 * one agent run: its counters and its `results` store carry over from one
 * program to the next, as OpenClaw's do. The result is the JSON OpenClaw
 * hands the model (docs/tools/code-mode/output.md); `docs/fidelity.md` says
 * what is not modelled (waits, the QuickJS snapshot, `API`, `nodes`, `skills`).
 */

export type CodeModeOutputItem = { type: 'text'; text: string } | { type: 'json'; value: unknown };

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

/** The `exec` result, with OpenClaw's keys in its order. */
export type CodeModeResult =
  | { status: 'completed'; replaySafe: false; telemetry: CodeModeTelemetry; output: CodeModeOutputItem[]; value: unknown }
  | {
      status: 'failed';
      code: 'internal_error' | 'timeout' | 'aborted' | 'runtime_unavailable';
      failurePhase: 'guest' | 'bridge' | 'host';
      bridgeDispatchStarted: boolean;
      replaySafe: false;
      telemetry: CodeModeTelemetry;
      output: CodeModeOutputItem[];
      error: string;
    };

export interface CodeModeExec {
  result: CodeModeResult;
  /**
   * OpenClaw hands this result to the model inside its external-content
   * notice (remote MCP data or metadata reached the program's output).
   */
  untrusted: boolean;
  /** The run as the bridge traced it (every operation, output item and console line, in order). */
  report: RunReport;
}

export interface CodeModeSessionOptions {
  bridge: CodeBridge;
  api: ToolSearchApi;
  plan: CodeModeGuestPlan;
  /** `tools.codeMode.timeoutMs` as the run resolves it. */
  timeoutMs: number;
  /** The names the model sees (telemetry's `visibleTools`): exec, wait and the direct-only tools. */
  visibleTools: readonly string[];
}

/** A saved value (`results.save`), kept as JSON so every `load` is a detached copy. */
interface Saved {
  json: string;
}

/** How many values one session keeps in `results`, and how large one may be. */
const MAX_SAVED = 64;
const MAX_SAVED_CHARS = 4_000_000;
const PREVIEW_CHARS = 1_000;

export class CodeModeSession {
  private readonly counterScope = randomBytes(12).toString('hex');
  private readonly counts = { search: 0, describe: 0, call: 0 };
  private readonly saved = new Map<string, Saved>();

  constructor(private readonly options: CodeModeSessionOptions) {}

  async exec(code: string, run: { signal?: AbortSignal; approved?: boolean; parentCallId?: string } = {}): Promise<CodeModeExec> {
    let untrusted = false;
    const host: CodeModeHost = {
      guestJson: JSON.stringify(this.options.plan.guest),
      perform: async (op, args, ctx) => {
        const out = await this.perform(op, args, ctx);
        untrusted ||= out.untrusted;
        return out.value;
      },
    };
    const report = await this.options.bridge.run(code, {
      timeoutMs: this.options.timeoutMs,
      codeMode: host,
      ...(run.signal ? { signal: run.signal } : {}),
      ...(run.approved !== undefined ? { approved: run.approved } : {}),
      ...(run.parentCallId ? { parentCallId: run.parentCallId } : {}),
    });
    return { result: this.resultOf(report), untrusted, report };
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

  private resultOf(report: RunReport): CodeModeResult {
    const output: CodeModeOutputItem[] = [];
    for (const l of report.logs) {
      if (l.level === 'json') {
        output.push({ type: 'json', value: parseOr(l.text) });
      } else {
        output.push({ type: 'text', text: l.text });
      }
    }
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
      error: timedOut ? 'code mode timeout exceeded' : cancelled ? 'code mode execution aborted' : (report.error ?? 'the program failed'),
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
        const limit = isRecord(second) && typeof second.limit === 'number' ? second.limit : undefined;
        this.counts.search++;
        const hits = api.search(first, limit === undefined ? {} : { limit }).hits;
        const metas = hits.map((h) => plan.metaById.get(h.id)).filter((m) => m !== undefined);
        return { value: metas, untrusted: metas.some((m) => m.source === 'mcp') };
      }
      case 'describe': {
        const tool = typeof first === 'string' ? plan.byCallable.get(first) : undefined;
        const meta = tool ? plan.metaById.get(tool.id) : undefined;
        if (!tool || !meta) {
          throw new Error(`describe(): ${String(first)} is not in this run's catalog`);
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
          throw new Error(tool.source === 'mcp' ? 'MCP namespace tools accept one object argument.' : `${tool.name}: the input must be an object`);
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
        const ms = typeof first === 'number' && Number.isFinite(first) ? Math.min(Math.max(first, 0), this.options.timeoutMs) : 0;
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
    const truncated = json.length > PREVIEW_CHARS;
    return {
      id,
      bytes: Buffer.byteLength(json, 'utf8'),
      count: Array.isArray(value) ? value.length : 1,
      shape: shapeOf(value),
      preview: truncated ? json.slice(0, PREVIEW_CHARS) : json,
      previewTruncated: truncated,
    };
  }
}

/** A short description of a saved value's shape (OpenClaw samples paths; this names the top level only). */
function shapeOf(value: unknown): string {
  if (Array.isArray(value)) {
    return `$: ${value.length} items`;
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .slice(0, 8)
      .map(([k, v]) => `$.${k}: ${Array.isArray(v) ? `${v.length} items` : v === null ? 'null' : typeof v}`)
      .join('; ');
  }
  return `$: ${value === null ? 'null' : typeof value}`;
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
