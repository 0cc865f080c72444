import * as path from 'node:path';
import { captureTurns, type CaptureReport, type ModeCapture } from '../../core/capture/capture';
import { CAPTURE_MODES, type CaptureMode } from '../../core/capture/captureConfig';
import { locateOpenClaw, OpenClawUnavailableError, type OpenClawLocation } from '../../core/oracle/openclawLocation';
import { ConfigUnusableError, UsageError, type CliCommand, type CommandContext } from '../cliTypes';
import { json, table, truncate } from '../format';
import { withWorkspace } from '../session';
import { EXIT_OPENCLAW_UNAVAILABLE } from './verify';

/** What a turn is asked when `--prompt` is not given: the design's QA scenario, as `compare` asks. */
export const DEFAULT_CAPTURE_PROMPT = 'Call fake_plugin_tool_17 with marker QA-17 and tell me what it returns.';

function str(ctx: CommandContext, key: string): string | undefined {
  const v = ctx.args.values[key];
  return typeof v === 'string' ? v : undefined;
}

/**
 * `--mode all` and `--mode M,M` are capture's own values (the shared option
 * parser only knows single modes); a single mode is left to it.
 */
function takeModes(ctx: CommandContext): CaptureMode[] | undefined {
  const raw = ctx.args.values.mode;
  if (typeof raw !== 'string' || (raw !== 'all' && !raw.includes(','))) {
    return undefined;
  }
  delete ctx.args.values.mode;
  if (raw === 'all') {
    return [...CAPTURE_MODES];
  }
  const modes = raw.split(',').map((m) => m.trim());
  const bad = modes.filter((m) => !(CAPTURE_MODES as readonly string[]).includes(m));
  if (bad.length > 0) {
    throw new UsageError(`--mode must be all, or one or more of ${CAPTURE_MODES.join(', ')} separated by commas, got "${raw}"`);
  }
  return [...new Set(modes as CaptureMode[])];
}

function positiveInt(ctx: CommandContext, key: string): number | undefined {
  const raw = str(ctx, key);
  if (raw === undefined) {
    return undefined;
  }
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    throw new UsageError(`--${key} must be a positive whole number, got "${raw}"`);
  }
  return n;
}

/** `--provider P[/MODEL]` names the recording provider and model, so `tools.byProvider` rules apply as they would. */
function providerFrom(ctx: CommandContext): { providerId?: string; modelId?: string } {
  const raw = str(ctx, 'provider');
  if (raw === undefined) {
    return {};
  }
  const [providerId, ...model] = raw.split('/');
  if (!providerId || !/^[A-Za-z0-9][\w.-]*$/.test(providerId)) {
    throw new UsageError(`--provider must be P or P/MODEL, got "${raw}"`);
  }
  return { providerId, ...(model.length > 0 && model.join('/') !== '' ? { modelId: model.join('/') } : {}) };
}

function modeRow(c: ModeCapture): string[] {
  const f = c.first;
  return [
    c.mode,
    c.outcome,
    String(c.requests.length),
    f ? String(f.toolsCount) : '-',
    f ? String(f.systemPromptChars) : '-',
    f ? String(f.bytes) : '-',
    `${(c.wallMs / 1000).toFixed(1)} s`,
  ];
}

function human(report: CaptureReport, modes: readonly CaptureMode[]): string {
  const captures = modes.flatMap((m) => report.modes[m] ?? []);
  const out = [
    `OpenClaw ${report.openclaw.version} (${report.openclaw.packageDir})   Provider: ${report.provider.id}/${report.provider.model} on loopback`,
    `Prompt: ${truncate(report.prompt, 80)}`,
    '',
    table(['MODE', 'RESULT', 'REQUESTS', 'TOOLS', 'SYSTEM PROMPT CHARS', 'REQUEST BYTES', 'WALL'], captures.map(modeRow)),
  ];
  for (const c of captures) {
    out.push('');
    if (c.first) {
      out.push(`${c.mode}: ${c.first.toolsCount} tools: ${c.first.toolNames.join(', ') || '(none)'}`);
    }
    if (c.outcome !== 'ok') {
      out.push(`${c.mode}: ${c.error ?? c.outcome}`);
      const tail = (c.stderrTail ?? '').trim().split('\n').slice(-12);
      if (tail.length > 0 && tail[0] !== '') {
        out.push(...tail.map((l) => `  ${l}`));
      }
    }
    for (const r of c.networkRefused) {
      out.push(`${c.mode}: network guard: ${r}`);
    }
    if (c.droppedRequests > 0) {
      out.push(`${c.mode}: ${c.droppedRequests} request(s) over the recording bounds were refused and not kept`);
    }
  }
  out.push('', `${captures.length} turn${captures.length === 1 ? '' : 's'} in ${(report.wallMs / 1000).toFixed(1)} s (${report.concurrency} at a time)`);
  return out.join('\n');
}

export const captureCommand: CliCommand = {
  name: 'capture',
  summary: 'run one real OpenClaw agent turn per mode against a recording provider on loopback and show what it sent',
  usage: 'capture [--mode M[,M]|all] [--prompt TEXT] [--openclaw PATH|VERSION] [--timeout MS] [--concurrency N] [--play] [--keep-scratch]',
  options: {
    prompt: { type: 'string' },
    openclaw: { type: 'string' },
    timeout: { type: 'string' },
    concurrency: { type: 'string' },
    'keep-scratch': { type: 'boolean' },
    play: { type: 'boolean' },
  },
  run: async (ctx) => {
    const listed = takeModes(ctx);
    const prompt = str(ctx, 'prompt') ?? DEFAULT_CAPTURE_PROMPT;
    if (prompt.trim() === '') {
      throw new UsageError('--prompt must not be empty: OpenClaw needs a message to run a turn');
    }
    const timeoutMs = positiveInt(ctx, 'timeout');
    const concurrency = positiveInt(ctx, 'concurrency');
    const provider = providerFrom(ctx);
    const spec = str(ctx, 'openclaw');
    return withWorkspace(ctx, async (ws) => {
      // Running OpenClaw as if the config did not exist would capture another workspace: exit 2, JSON or not.
      if (ws.config.unusable) {
        ctx.configUnusable = undefined;
        throw new ConfigUnusableError(ws.config.unusable);
      }
      let location: OpenClawLocation;
      try {
        location = locateOpenClaw(spec, { env: ctx.io.env, cwd: ctx.io.cwd });
      } catch (err) {
        if (err instanceof OpenClawUnavailableError) {
          ctx.io.stderr(`capture: ${err.message}`);
          return EXIT_OPENCLAW_UNAVAILABLE;
        }
        throw err;
      }
      const modes: readonly CaptureMode[] = listed ?? [ws.settings.mode];
      const configFile = ws.config.file;
      const config = (ws.config.reader?.doc.value ?? {}) as Record<string, unknown>;
      // Ctrl-C: the turns run in their own process groups, which the terminal's signal does not reach.
      const abort = new AbortController();
      const onSigint = (): void => abort.abort();
      process.once('SIGINT', onSigint);
      let report: CaptureReport;
      try {
        report = await captureTurns({
          location,
          config,
          configDir: configFile ? path.dirname(configFile) : ws.options.workspace,
          modes,
          prompt,
          ...provider,
          ...(concurrency !== undefined ? { concurrency } : {}),
          ...(timeoutMs !== undefined ? { timeoutMs } : {}),
          signal: abort.signal,
          env: ctx.io.env,
          keepScratch: ctx.args.values['keep-scratch'] === true,
          play: ctx.args.values.play === true,
          onTurn: (e) => {
            if (!ctx.json && e.phase === 'start') {
              ctx.io.stderr(`capture: ${e.mode}: running openclaw agent --local ...`);
            }
          },
        });
      } catch (err) {
        if (err instanceof OpenClawUnavailableError) {
          ctx.io.stderr(`capture: ${err.message}`);
          return EXIT_OPENCLAW_UNAVAILABLE;
        }
        throw err;
      } finally {
        process.removeListener('SIGINT', onSigint);
      }
      ctx.io.stdout(ctx.json ? json(report) : human(report, modes));
      return report.ok ? 0 : 1;
    });
  },
};
