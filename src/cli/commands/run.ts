import * as path from 'node:path';
import { CodeBridge } from '../../core/bridge/codeBridge';
import type { RunReport } from '../../core/bridge/runReport';
import { createToolSearchApi } from '../../core/gateway/toolSearchApi';
import { SessionLog } from '../../core/telemetry/sessionLog';
import { ToolIndex } from '../../core/search/toolIndex';
import { errorMessage } from '../../core/util/errors';
import { UsageError, type CliCommand, type CommandContext } from '../cliTypes';
import { json, truncate } from '../format';
import { withCatalog } from '../session';
import type { CodeModeExec } from '../../core/bridge/codeModeRun';
import { codeModeSessionFor, programSurface } from '../../core/orchestration/codeModeProgram';
import { READ_LIMITS, readUserText } from '../../core/util/readLimits';

const MIN_TIMEOUT_MS = 100;
/** Legs of one Code Mode program the CLI resumes (a program that yields in a loop stops here). */
const MAX_LEGS = 20;
const MAX_TIMEOUT_MS = 60_000;

function snippetSource(ctx: CommandContext): string {
  const file = ctx.args.values.code;
  const source = ctx.args.values.eval;
  if ((typeof file === 'string') === (typeof source === 'string')) {
    throw new UsageError('run needs exactly one of --code FILE or --eval SOURCE');
  }
  if (typeof source === 'string') {
    return source;
  }
  const p = path.resolve(ctx.io.cwd, file as string);
  try {
    return readUserText(p, READ_LIMITS.inputFileBytes);
  } catch (err) {
    throw new UsageError(`cannot read --code ${p}: ${errorMessage(err)}`);
  }
}

function timeoutFrom(ctx: CommandContext): number | undefined {
  const raw = ctx.args.values.timeout;
  if (raw === undefined) {
    return undefined;
  }
  const n = Number(raw);
  if (typeof raw !== 'string' || !Number.isInteger(n) || n < MIN_TIMEOUT_MS || n > MAX_TIMEOUT_MS) {
    throw new UsageError(`--timeout must be a whole number of ms in ${MIN_TIMEOUT_MS}..${MAX_TIMEOUT_MS}, got "${String(raw)}"`);
  }
  return n;
}

export const runCommand: CliCommand = {
  name: 'run',
  summary: 'run a tool_search_code snippet or a Code Mode program in the isolated sandbox and show its trace',
  usage: 'run (--code FILE | --eval SOURCE) [--surface code-mode|tool_search_code] [--timeout MS] [--node PATH] [--approve] [--log FILE]',
  options: {
    code: { type: 'string' },
    eval: { type: 'string' },
    timeout: { type: 'string' },
    node: { type: 'string' },
    approve: { type: 'boolean' },
    log: { type: 'string' },
    surface: { type: 'string' },
  },
  run: async (ctx) => {
    const code = snippetSource(ctx);
    const timeout = timeoutFrom(ctx);
    const nodeFlag = ctx.args.values.node;
    if (nodeFlag !== undefined && (typeof nodeFlag !== 'string' || nodeFlag === '')) {
      throw new UsageError('--node needs a path to a Node binary');
    }
    // --log: the session log (JSONL) of the snippet's searches, describes and calls, as `call --log` and `compare` write.
    const logFile = typeof ctx.args.values.log === 'string' ? path.resolve(ctx.io.cwd, ctx.args.values.log) : undefined;
    const askedSurface = ctx.args.values.surface;
    if (askedSurface !== undefined && askedSurface !== 'code-mode' && askedSurface !== 'tool_search_code') {
      throw new UsageError(`--surface must be code-mode or tool_search_code, got "${String(askedSurface)}"`);
    }
    const outcome = await withCatalog(ctx, async (catalog, ws): Promise<{ kind: 'snippet'; report: RunReport } | { kind: 'code-mode'; legs: CodeModeExec[] }> => {
      const log = logFile ? new SessionLog(logFile) : undefined;
      const api = createToolSearchApi(ws, catalog, { index: ToolIndex.fromCatalog(catalog), idPrefix: 'cli', ...(log ? { log, parentCallId: 'cli-run' } : {}) });
      // One run per process: a pre-spawned child would only be wasted.
      // TSI_SANDBOX_BUNDLE: a child bundle other than the one shipped next to the CLI (development, tests).
      const bundlePath = ctx.io.env.TSI_SANDBOX_BUNDLE || undefined;
      const bridge = new CodeBridge({ api, nodePath: (nodeFlag as string | undefined) ?? 'node', bundlePath, warm: false, env: ctx.io.env });
      try {
        const fileName = typeof ctx.args.values.code === 'string' ? ctx.args.values.code : undefined;
        if (programSurface(code, ws, askedSurface, fileName) === 'code-mode') {
          const session = codeModeSessionFor(ws, catalog, api, bridge, timeout);
          try {
            // A program that yields is resumed at once, as a model calls `wait` with the runId: every leg is shown.
            const legs = [await session.exec(code, { parentCallId: 'cli-run', approved: ctx.args.values.approve === true })];
            for (let last = legs[0]; last?.result.status === 'waiting' && legs.length < MAX_LEGS; last = legs[legs.length - 1]) {
              legs.push(await session.wait(last.result.runId));
            }
            return { kind: 'code-mode', legs };
          } finally {
            session.dispose();
          }
        }
        const report = await bridge.run(code, {
          timeoutMs: timeout ?? catalog.settings.codeTimeoutMs,
          parentCallId: 'cli-run',
          catalog: { size: catalog.size, sources: catalog.countBySource() },
          approved: ctx.args.values.approve === true,
        });
        return { kind: 'snippet', report };
      } finally {
        bridge.dispose();
      }
    });
    if (outcome.kind === 'code-mode') {
      const legs = outcome.legs;
      const last = legs[legs.length - 1];
      const report = last?.report;
      ctx.io.stdout(
        ctx.json
          ? json({
              surface: 'code-mode',
              result: last?.result,
              untrusted: last?.untrusted ?? false,
              legs: legs.map((l) => ({ result: l.result, untrusted: l.untrusted })),
              ...(report ? { trace: report.trace, isolation: report.isolation, durationMs: report.durationMs } : {}),
            })
          : humanCodeMode(legs),
      );
      return last?.result.status === 'completed' ? 0 : 1;
    }
    const report = outcome.report;
    ctx.io.stdout(ctx.json ? json(report) : human(report));
    return report.ok ? 0 : 1;
  },
};

/** A hit's name: `tool_search_code` hits carry `id`, Code Mode's catalog entries `callableName`. */
function hitName(hit: unknown): string {
  if (hit === null || typeof hit !== 'object') {
    return '?';
  }
  const { id, callableName } = hit as { id?: unknown; callableName?: unknown };
  return typeof id === 'string' ? id : typeof callableName === 'string' ? callableName : '?';
}

/** What an operation returned, in a few words: the hit count, or a call's `result.details`. */
function resultNote(op: string, result: unknown): string {
  if (op === 'search' && Array.isArray(result)) {
    return `: ${result.length} hit${result.length === 1 ? '' : 's'}${result.length > 0 ? ` (${truncate(result.map(hitName).join(', '), 120)})` : ''}`;
  }
  if (op === 'call' && result !== null && typeof result === 'object') {
    const details = (result as { result?: { details?: unknown } }).result?.details;
    return details === undefined ? '' : `: result.details ${truncate(JSON.stringify(details) ?? '', 120)}`;
  }
  return '';
}

/** A containment's layers as the report names them, innermost first. */
function layers(c: { layer: string; behind?: string[]; contained: boolean }): string {
  return c.contained ? [c.layer, ...(c.behind ?? [])].join(' then ') : 'nothing (NOT contained)';
}

/** A Code Mode run: its trace, then each result (exec's, then each wait's) exactly as the model would read it. */
function humanCodeMode(legs: readonly CodeModeExec[]): string {
  const report = legs[legs.length - 1]?.report;
  const out = report ? traceLines(report) : [];
  legs.forEach((e, i) => {
    out.push(`${i === 0 ? 'exec' : 'wait'} result (${e.result.status}${e.untrusted ? '; OpenClaw wraps it in its external-content notice: it carries MCP data' : ''}):`, JSON.stringify(e.result));
  });
  if (report) {
    out.push(`isolation: ${report.isolation.ok ? 'ok' : 'UNAVAILABLE'} on Node ${report.isolation.node}; ${report.durationMs} ms`);
  }
  return out.join('\n');
}

function traceLines(r: RunReport): string[] {
  const out: string[] = [];
  for (const t of r.trace) {
    if (t.op === 'log') {
      const what = t.level === 'text' || t.level === 'json' ? `${t.level}(…)` : `console.${t.level}`;
      out.push(`  ${String(t.startMs).padStart(5)} ms  ${what}  ${t.text}`);
    } else {
      const args = truncate(t.args.map((a) => JSON.stringify(a)).join(', '), 80);
      const outcome = t.ok ? `ok${resultNote(t.op, t.result)}` : `failed: ${t.error ?? ''}`;
      out.push(`  ${String(t.startMs).padStart(5)} ms  #${t.seq} ${t.op}(${args}) ${outcome} (${t.durationMs} ms)`);
      if (t.callId) {
        out.push(`           call id ${t.callId}`);
      }
    }
  }
  return out;
}

function human(r: RunReport): string {
  const out: string[] = [];
  for (const t of r.trace) {
    if (t.op === 'log') {
      out.push(`  ${String(t.startMs).padStart(5)} ms  console.${t.level}  ${t.text}`);
    } else {
      const args = truncate(t.args.map((a) => JSON.stringify(a)).join(', '), 80);
      const outcome = t.ok ? `ok${resultNote(t.op, t.result)}` : `failed: ${t.error ?? ''}`;
      out.push(`  ${String(t.startMs).padStart(5)} ms  #${t.seq} ${t.op}(${args}) ${outcome} (${t.durationMs} ms)`);
      if (t.callId) {
        out.push(`           call id ${t.callId}`);
      }
    }
  }
  const iso = r.isolation;
  out.push(
    r.ok ? `value: ${r.value === undefined ? '(undefined)' : truncate(JSON.stringify(r.value), 400)}` : `error: ${r.error ?? ''}`,
    `telemetry: catalog ${r.telemetry.catalogSize} tools; search ${r.telemetry.searchCount}, describe ${r.telemetry.describeCount}, call ${r.telemetry.callCount}; ${r.durationMs} ms`,
    `isolation: ${iso.ok ? 'ok' : 'UNAVAILABLE'} on Node ${iso.node} (${iso.flags[0] ?? 'no flags'}, started from ${iso.entry}); network contained by ${layers(iso.net)}`,
  );
  if (iso.signals && iso.identity && iso.channel) {
    out.push(`           signals contained by ${layers(iso.signals)}; host identity by ${layers(iso.identity)}; host channel by ${layers(iso.channel)}`);
  }
  if (iso.realm) {
    out.push(`           realm: ${iso.realm.escapes.length === 0 ? `none of ${iso.realm.attempts.length} routes out of the context reached the child` : `ESCAPED through ${iso.realm.escapes.join(', ')}`}`);
  }
  return out.join('\n');
}
