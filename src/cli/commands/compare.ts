import * as path from 'node:path';
import type { CaptureReport } from '../../core/capture/capture';
import { errorMessage } from '../../core/util/errors';
import { checksPass, compareModes, DEFAULT_COMPARE_PROMPT, realModesOf, withRealRequests, type LaneReport } from '../../core/orchestration/modeComparison';
import { runCaptureTurns } from './capture';
import { compareSessions, SessionPairError, type SessionComparison } from '../../core/orchestration/sessionComparison';
import { readSessions } from '../../core/telemetry/sessionSources';
import { openclawContextFor } from './preview';
import { UsageError, type CliCommand, type CommandContext } from '../cliTypes';
import { json, table, truncate } from '../format';
import { withCatalog } from '../session';
import { READ_LIMITS, readUserText } from '../../core/util/readLimits';

function str(ctx: CommandContext, key: string): string | undefined {
  const v = ctx.args.values[key];
  return typeof v === 'string' ? v : undefined;
}

function providerFrom(ctx: CommandContext): string {
  const p = str(ctx, 'provider') ?? 'mock';
  if (p !== 'mock' && !/^https?:\/\//.test(p)) {
    throw new UsageError(`--provider must be mock or an http(s) URL of an OpenAI-compatible API, got "${p}"`);
  }
  return p;
}

function laneRow(name: string, l: LaneReport): string[] {
  const s = l.summary;
  return [
    name,
    l.effectiveMode,
    String(s.schemasUpFront ?? l.visibleTools.length),
    String(l.requests[0]?.bytes ?? '-'),
    String(l.requests.length),
    String(s.searchCount),
    String(s.describeCount),
    String(s.callCount),
    s.finalCalls.map((c) => `${c.name ?? c.id} (${c.origin}, via ${c.via})`).join(', ') || '-',
  ];
}

function sessionLaneRow(name: string, l: SessionComparison['lanes']['direct'], cwd: string): string[] {
  const s = l.summary;
  const f = s.finalCalls[s.finalCalls.length - 1];
  return [name, l.mode ?? '?', String(s.schemasUpFront ?? '?'), String(s.searchCount), String(s.describeCount), String(s.callCount), f ? `${f.name ?? f.id} (via ${f.via})` : '-', path.relative(cwd, l.file) || l.file];
}

/** `compare --sessions A --sessions B`: two recorded runs, one direct and one with Tool Search, side by side. */
async function compareRecorded(ctx: CommandContext, paths: string[]): Promise<number> {
  if (paths.length !== 2) {
    throw new UsageError(`--sessions takes two paths (a direct-mode session and a Tool Search one), got ${paths.length}`);
  }
  const read = await Promise.all(paths.map((p) => readSessions([path.resolve(ctx.io.cwd, p)])));
  const picked = read.map((r, i) => {
    if (r.sessions.length !== 1) {
      const why = r.errors[0]?.message ?? `${r.sessions.length} sessions (give one store, transcript or log holding one session)`;
      throw new UsageError(`--sessions ${paths[i] ?? ''}: ${why}`);
    }
    return r.sessions[0]!;
  });
  let report: SessionComparison;
  try {
    report = compareSessions(picked[0]!, picked[1]!);
  } catch (err) {
    if (err instanceof SessionPairError) {
      throw new UsageError(err.message);
    }
    throw err;
  }
  const allOk = report.checks.every((c) => c.ok);
  if (ctx.json) {
    ctx.io.stdout(json(report));
    return allOk ? 0 : 1;
  }
  ctx.io.stdout(
    [
      table(['LANE', 'MODE', 'SCHEMAS', 'SEARCH', 'DESCRIBE', 'CALLS', 'FINAL TOOL', 'SESSION'], [sessionLaneRow('direct', report.lanes.direct, ctx.io.cwd), sessionLaneRow('toolSearch', report.lanes.toolSearch, ctx.io.cwd)]),
      '',
      ...report.checks.map((c) => `${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`),
    ].join('\n'),
  );
  return allOk ? 0 : 1;
}

export const compareCommand: CliCommand = {
  name: 'compare',
  summary: 'run the same turn in direct mode and with Tool Search against a provider (default: a mock on loopback) and compare',
  usage: 'compare [--prompt TEXT] [--provider mock|URL] [--capture FILE | --real [--openclaw PATH|VERSION]] | compare --sessions PATH --sessions PATH',
  options: {
    sessions: { type: 'string', multiple: true },
    capture: { type: 'string' },
    real: { type: 'boolean' },
    prompt: { type: 'string' },
    provider: { type: 'string' },
    model: { type: 'string' },
    node: { type: 'string' },
    approve: { type: 'boolean' },
    'log-dir': { type: 'string' },
  },
  run: async (ctx) => {
    const sessionPaths = ctx.args.values.sessions;
    if (Array.isArray(sessionPaths)) {
      return compareRecorded(ctx, sessionPaths.filter((p): p is string => typeof p === 'string'));
    }
    const provider = providerFrom(ctx);
    if (ctx.args.values.mode === 'direct' || ctx.args.values.mode === 'code-mode') {
      throw new UsageError(`compare always runs a direct lane; --mode picks the Tool Search lane (code, tools or directory)${ctx.args.values.mode === 'code-mode' ? ': a Code Mode lane (exec programs) is not run by compare yet' : ''}`);
    }
    const logDir = str(ctx, 'log-dir');
    const captureFile = str(ctx, 'capture');
    const captureNow = ctx.args.values.real === true;
    if (captureNow && captureFile !== undefined) {
      throw new UsageError('--real captures the real requests now; --capture FILE reads an earlier capture: give one of them');
    }
    let capture: CaptureReport | undefined;
    if (captureFile !== undefined) {
      try {
        capture = JSON.parse(readUserText(path.resolve(ctx.io.cwd, captureFile), READ_LIMITS.inputFileBytes)) as CaptureReport;
      } catch (err) {
        throw new UsageError(`--capture must be a file written by capture --json: ${errorMessage(err)}`);
      }
      if (capture === null || typeof capture !== 'object' || typeof capture.openclaw?.version !== 'string' || capture.modes === null || typeof capture.modes !== 'object') {
        throw new UsageError(`--capture ${captureFile}: not a capture --json report (no openclaw.version or modes)`);
      }
    }
    return withCatalog(ctx, async (catalog, ws) => {
      let report = await compareModes({
        ws,
        catalog,
        prompt: str(ctx, 'prompt') ?? DEFAULT_COMPARE_PROMPT,
        provider,
        apiKey: ctx.io.env.OPENAI_API_KEY,
        model: str(ctx, 'model'),
        nodePath: str(ctx, 'node'),
        env: ctx.io.env,
        approved: ctx.args.values.approve === true,
        logDir: logDir ? path.resolve(ctx.io.cwd, logDir) : undefined,
        ...(capture ? { capture } : {}),
        openclaw: openclawContextFor(ctx, ws),
      });
      if (captureNow) {
        // The lanes' own modes, on the same prompt: checks 4 and 5 then measure what OpenClaw sent.
        const real = await runCaptureTurns(ctx, ws, realModesOf(report), report.prompt, { spec: str(ctx, 'openclaw') });
        if (typeof real === 'number') {
          return real;
        }
        report = withRealRequests(catalog, report, real);
        for (const [mode, m] of Object.entries(real.modes)) {
          if (!m.first) {
            ctx.io.stderr(`compare: the real ${mode} turn sent no request (${m.error ?? m.outcome}); its check uses the prediction`);
          }
        }
      }
      const allOk = checksPass(report.checks);
      if (ctx.json) {
        ctx.io.stdout(json(report));
        return allOk ? 0 : 1;
      }
      const { direct, toolSearch } = report.lanes;
      const out = [
        `Provider: ${report.provider}   Prompt: ${truncate(report.prompt, 80)}`,
        '',
        table(['LANE', 'MODE', 'SCHEMAS', 'REQ 1 BYTES', 'REQUESTS', 'SEARCH', 'DESCRIBE', 'CALLS', 'FINAL TOOL'], [laneRow('direct', direct), laneRow('toolSearch', toolSearch)]),
      ];
      if (toolSearch.fallbackReason) {
        out.push('', `Tool Search: ${toolSearch.fallbackReason}`);
      }
      out.push('', ...report.checks.map((c) => `${c.skipped ? 'SKIP' : c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`));
      ctx.io.stdout(out.join('\n'));
      return allOk ? 0 : 1;
    });
  },
};
