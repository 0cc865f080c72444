import type { Catalog } from '../../core/catalog/catalog';
import { captureTurns, type CaptureReport, type ModeCapture } from '../../core/capture/capture';
import { predictTurns, type RequestSide } from '../../core/capture/turnPrediction';
import { checkCapture, checkedAgainst, checkLines, type CaptureCheck, type CheckedAgainst } from '../../core/capture/captureCheck';
import { CAPTURE_MODES, DEFAULT_CAPTURE_PROMPT, type CaptureMode } from '../../core/capture/captureConfig';
import { previewBaseOf } from '../../core/modes/preview';
import { isolationForModes } from '../../core/modes/previewIsolation';
import type { OpenWorkspace } from '../../core/workspace';
import { locateOpenClaw, OpenClawUnavailableError, type OpenClawLocation } from '../../core/oracle/openclawLocation';
import { ConfigUnusableError, UsageError, type CliCommand, type CommandContext } from '../cliTypes';
import { json, table, truncate } from '../format';
import { knownAgents, withCatalog, withWorkspace } from '../session';
import { OpenWorkspace as Workspace } from '../../core/workspace';

/** Exit code when no usable OpenClaw (or no Node >= 24 to run it) was found (`capture`, `verify`). */
export const EXIT_OPENCLAW_UNAVAILABLE = 3;

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
  // `code-mode` (OpenClaw's Code Mode, exec/wait) is asked for by name; `all` is the four.
  const known = [...CAPTURE_MODES, 'code-mode'];
  const bad = modes.filter((m) => !known.includes(m));
  if (bad.length > 0) {
    throw new UsageError(`--mode must be all, or one or more of ${known.join(', ')} separated by commas, got "${raw}"`);
  }
  return [...new Set(modes as CaptureMode[])];
}

export function positiveInt(ctx: CommandContext, key: string): number | undefined {
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
export function providerFrom(ctx: CommandContext): { providerId?: string; modelId?: string } {
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
    `${(c.wallMs / 1000).toFixed(1)} s${c.queuedMs !== undefined && c.queuedMs >= 100 ? ` (queued ${(c.queuedMs / 1000).toFixed(1)} s)` : ''}`,
  ];
}

function human(report: CaptureReport, modes: readonly CaptureMode[]): string {
  const captures = modes.flatMap((m) => report.modes[m] ?? []);
  const out = [
    `OpenClaw ${report.openclaw.version} (${report.openclaw.packageDir})   Agent: ${report.agent ?? '(none)'}   Provider: ${report.provider.id}/${report.provider.model} on loopback`,
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
    if (c.omitted && c.omitted.length > 0) {
      out.push(`${c.mode}: left out of the turn's config (OpenClaw ${report.openclaw.version} would refuse to start with them): ${c.omitted.join(', ')}`);
    }
    for (const r of c.networkRefused) {
      out.push(`${c.mode}: network guard: ${r}`);
    }
    if (c.droppedRequests > 0) {
      out.push(`${c.mode}: ${c.droppedRequests} request(s) over the recording bounds were refused and not kept`);
    }
  }
  // Every turn of one capture gets the same layer: said once.
  const containment = captures.find((c) => c.containment && !c.fromStore)?.containment;
  if (containment) {
    out.push('', `Writes: ${containment.text}.`, `Network: ${containment.network?.text ?? 'the in-process guard (loopback only)'}.`);
  }
  out.push('', `${captures.length} turn${captures.length === 1 ? '' : 's'} in ${(report.wallMs / 1000).toFixed(1)} s (${report.concurrency} at a time)`);
  return out.join('\n');
}

/** What `preview --json` would print as each mode's `request`, for the same prompt. */
/**
 * Each captured turn's predicted request, made in that turn's environment
 * (`predictTurns`), with the preview's own isolation decision for code mode.
 */
export async function predictedRequests(ctx: CommandContext, catalog: Catalog, ws: OpenWorkspace, prompt: string, report: CaptureReport): Promise<Partial<Record<CaptureMode, RequestSide>>> {
  const isolation = await isolationForModes(report.modes.code ? ['code'] : [], { env: ctx.io.env });
  return predictTurns(report, { base: previewBaseOf(catalog, ws, { isolation }), config: ws.configValue, configDir: ws.configDir }, prompt);
}

/** `capture --json` with `--diff`: each mode's `diff` beside its capture, and what the prediction was checked against. */
function withDiff(report: CaptureReport, check: CaptureCheck, predicted: Partial<Record<CaptureMode, RequestSide>>): CaptureReport & { checkedAgainst: CheckedAgainst } {
  const modes: Record<string, unknown> = {};
  for (const [mode, c] of Object.entries(report.modes)) {
    const m = check.modes[mode as CaptureMode];
    // The predicted side as compared (its body and volatile values), so a reader can show the first difference itself.
    const p = predicted[mode as CaptureMode];
    modes[mode] = { ...c, ...(m?.diff ? { diff: m.diff } : {}), ...(p ? { predicted: p } : {}), matched: m?.matched ?? false };
  }
  return { ...report, modes: modes as CaptureReport['modes'], checkedAgainst: checkedAgainst(check.modelled, check) };
}

export interface TurnOptions {
  /** `--openclaw PATH|VERSION`. */
  spec?: string;
  providerId?: string;
  modelId?: string;
  concurrency?: number;
  timeoutMs?: number;
  keepScratch?: boolean;
  /** `--play`: the recording provider plays the scripted QA model, so turns call tools. */
  play?: boolean;
}

/** Runs the turns of `modes` on the workspace, Ctrl-C cancelling them; exit 3 (as a number) when OpenClaw is not available. */
export async function runCaptureTurns(ctx: CommandContext, ws: OpenWorkspace, modes: readonly CaptureMode[], prompt: string, opts: TurnOptions): Promise<CaptureReport | number> {
  const { spec, ...rest } = opts;
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
  const config = ws.configValue;
  const reader = ws.config.reader;
  // Ctrl-C: the turns run in their own process groups, which the terminal's signal does not reach.
  const abort = new AbortController();
  const onSigint = (): void => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    return await captureTurns({
      location,
      config,
      configDir: ws.configDir,
      // The agent this workspace's run is for: --agent, else OpenClaw's default.
      ...(ws.agent.kind !== 'refused' ? { agent: ws.agent.id } : {}),
      // OpenClaw's errors about the scratch copy's lines name the user's file and line.
      ...(reader ? { sourceLines: { file: reader.file, line: (p) => reader.line(p) } } : {}),
      modes,
      prompt,
      ...rest,
      signal: abort.signal,
      env: ctx.io.env,
      onTurn: (e) => {
        if (!ctx.json && e.phase === 'start') {
          ctx.io.stderr(`capture: ${e.mode}: running openclaw agent --local --agent ${ws.agent.kind !== 'refused' ? ws.agent.id : '?'} ...`);
        } else if (!ctx.json && e.phase === 'queued') {
          ctx.io.stderr(`capture: ${e.mode}: waiting for a turn slot (other OpenClaw turns on this machine hold all of them; TSI_TURN_SLOTS sets how many) ...`);
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
}

export const captureCommand: CliCommand = {
  name: 'capture',
  summary: 'run one real OpenClaw agent turn per mode against a recording provider on loopback and show what it sent',
  usage: 'capture [--mode M[,M]|all] [--agent ID|all] [--prompt TEXT] [--openclaw PATH|VERSION] [--timeout MS] [--concurrency N] [--play] [--keep-scratch] [--diff]',
  options: {
    diff: { type: 'boolean' },
    prompt: { type: 'string' },
    openclaw: { type: 'string' },
    timeout: { type: 'string' },
    concurrency: { type: 'string' },
    'keep-scratch': { type: 'boolean' },
    play: { type: 'boolean' },
  },
  run: async (ctx) => {
    const listed = takeModes(ctx);
    // `--agent all` is capture's own value: every agent of the config, one after another.
    const everyAgent = ctx.args.values.agent === 'all';
    if (everyAgent) {
      delete ctx.args.values.agent;
    }
    const prompt = str(ctx, 'prompt') ?? DEFAULT_CAPTURE_PROMPT;
    if (prompt.trim() === '') {
      throw new UsageError('--prompt must not be empty: OpenClaw needs a message to run a turn');
    }
    const turnOptions = (): TurnOptions => {
      const timeoutMs = positiveInt(ctx, 'timeout');
      const concurrency = positiveInt(ctx, 'concurrency');
      return {
        spec: str(ctx, 'openclaw'),
        ...providerFrom(ctx),
        ...(concurrency !== undefined ? { concurrency } : {}),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        keepScratch: ctx.args.values['keep-scratch'] === true,
        play: ctx.args.values.play === true,
      };
    };
    const opts = turnOptions();
    const diff = ctx.args.values.diff === true;
    if (everyAgent) {
      return captureEveryAgent(ctx, listed, prompt, opts, diff);
    }
    const result = await captureOne(ctx, listed, prompt, opts, diff);
    if (typeof result === 'number') {
      return result;
    }
    ctx.io.stdout(ctx.json ? json(result.json) : result.text);
    return result.report.ok ? 0 : 1;
  },
};

interface AgentCapture {
  report: CaptureReport;
  /** The report as `--json` prints it (with `--diff`: each mode's diff). */
  json: object;
  text: string;
}

/**
 * One agent's capture: the workspace opened with the shared flags (its
 * `--agent`, else OpenClaw's default), its turns, and with `--diff` the
 * prediction for that agent. A number is the exit code of a refusal.
 */
async function captureOne(ctx: CommandContext, listed: CaptureMode[] | undefined, prompt: string, opts: TurnOptions, diff: boolean): Promise<AgentCapture | number> {
  // The prediction needs the catalog (MCP servers listed); a bare capture needs only the config.
  const open = <T>(fn: (ws: OpenWorkspace, catalog?: Catalog) => Promise<T>): Promise<T> => (diff ? withCatalog(ctx, (catalog, ws) => fn(ws, catalog)) : withWorkspace(ctx, (ws) => fn(ws)));
  return open(async (ws, catalog): Promise<AgentCapture | number> => {
    // Running OpenClaw as if the config did not exist would capture another workspace: exit 2, JSON or not.
    if (ws.config.unusable) {
      ctx.configUnusable = undefined;
      throw new ConfigUnusableError(ws.config.unusable);
    }
    // OpenClaw would not pick an agent: the turn would only say so.
    if (ws.agent.kind === 'refused') {
      ctx.configUnusable = undefined;
      throw new ConfigUnusableError({ file: ws.config.reader?.file ?? ws.config.file ?? 'openclaw.json', line: ws.agent.line, severity: 'error', message: ws.agent.message });
    }
    const modes: readonly CaptureMode[] = listed ?? [ws.settings.mode];
    const report = await runCaptureTurns(ctx, ws, modes, prompt, opts);
    if (typeof report === 'number') {
      return report;
    }
    if (!catalog) {
      return { report, json: report, text: human(report, modes) };
    }
    const predicted = await predictedRequests(ctx, catalog, ws, prompt, report);
    const check = checkCapture(report, predicted, ws.openclaw.model.version);
    return { report, json: withDiff(report, check, predicted), text: [human(report, modes), '', 'Predicted vs real (after normalization):', ...checkLines(check).map((l) => `  ${l}`)].join('\n') };
  });
}

/**
 * `--agent all`: every agent of the config captured in turn, each as
 * `--agent ID` would. `--json`: `{ ok, agents: { <id>: <capture report> } }`;
 * text: one section per agent. Exit 1 when any agent's turn failed.
 */
async function captureEveryAgent(ctx: CommandContext, listed: CaptureMode[] | undefined, prompt: string, opts: TurnOptions, diff: boolean): Promise<number> {
  const probe = new Workspace(ctx.workspaceOptions());
  let agents: string[];
  try {
    if (probe.config.unusable) {
      throw new ConfigUnusableError(probe.config.unusable);
    }
    agents = knownAgents(probe);
  } finally {
    await probe.dispose();
  }
  const base = ctx.workspaceOptions;
  const sections: Record<string, object> = {};
  const texts: string[] = [];
  let ok = true;
  for (const agent of agents) {
    const one: CommandContext = { ...ctx, workspaceOptions: () => { const o = base(); return { ...o, policy: { ...o.policy, agent } }; } };
    const result = await captureOne(one, listed, prompt, opts, diff);
    if (typeof result === 'number') {
      return result;
    }
    ok &&= result.report.ok;
    sections[agent] = result.json;
    texts.push(`== agent ${agent} ==`, result.text, '');
  }
  ctx.io.stdout(ctx.json ? json({ ok, agents: sections }) : texts.join('\n').trimEnd());
  return ok ? 0 : 1;
}
