import * as fs from 'node:fs';
import { inspectorOnlyText } from '../../core/catalog/inspectorOnly';
import * as path from 'node:path';
import { unlistedLines } from '../../core/modes/directory';
import { locateOpenClaw } from '../../core/oracle/openclawLocation';
import { openclawRequestContext, type OpenClawRequestContext } from '../../core/prompt/openclawContext';
import type { OpenWorkspace } from '../../core/workspace';
import { modesOf, PreviewAssembler, previewBaseOf, type PreviewJson } from '../../core/modes/preview';
import { isolationForModes } from '../../core/modes/previewIsolation';
import type { IsolationStatus } from '../../core/modes/surface';
import type { ProviderApi } from '../../core/provider/requestShapes';
import type { ToolSearchModeName } from '../../core/types';
import { captureFailure, checkCapture, checkedAgainst, checkLines, type CaptureCheck } from '../../core/capture/captureCheck';
import { DEFAULT_CAPTURE_PROMPT } from '../../core/capture/captureConfig';
import { predictTurns } from '../../core/capture/turnPrediction';
import { UsageError, type CliCommand, type CommandContext } from '../cliTypes';
import { runCaptureTurns } from './capture';
import { json, table, truncate } from '../format';
import { withCatalog } from '../session';
import { runRefusalJson, runRefusalLines, verdictJson, verdictLines } from '../verdictText';

function str(ctx: CommandContext, key: string): string | undefined {
  const v = ctx.args.values[key];
  return typeof v === 'string' ? v : undefined;
}

function apiFrom(ctx: CommandContext): ProviderApi {
  const api = str(ctx, 'api') ?? 'chat';
  if (api !== 'chat' && api !== 'responses') {
    throw new UsageError(`--api must be chat or responses, got "${api}"`);
  }
  return api;
}

function isOpenClawPackageDir(dir: string): boolean {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === 'openclaw';
  } catch {
    return false;
  }
}

/** What the prediction of OpenClaw's own request reads from the workspace; the package folder only when one is installed. */
export function openclawContextFor(ctx: CommandContext, ws: OpenWorkspace): OpenClawRequestContext {
  let openclawDir: string | undefined;
  try {
    openclawDir = locateOpenClaw(str(ctx, 'openclaw'), { env: ctx.io.env, cwd: ctx.io.cwd }).packageDir;
  } catch {
    // The prompt only cites the package's folder: a package folder given as such serves without its Node.
    const spec = str(ctx, 'openclaw');
    openclawDir = spec !== undefined && isOpenClawPackageDir(path.resolve(ctx.io.cwd, spec)) ? path.resolve(ctx.io.cwd, spec) : undefined;
  }
  return openclawRequestContext({
    config: ws.configValue,
    configDir: ws.configDir,
    // Its .openclaw/extensions are the run's only when it is the agent workspace.
    workspaceFolder: ws.options.workspace,
    env: ctx.io.env,
    // The modelled version's own templates (its epoch's release); none before 2026.5.12.
    version: ws.openclaw.model.version,
    ...(openclawDir ? { openclawDir } : {}),
    ...(str(ctx, 'model') ? { model: str(ctx, 'model') } : {}),
    // The run's agent: its model, agent workspace and runtime line.
    ...(ws.agent.kind !== 'refused' ? { agent: ws.agent.id } : {}),
    // --sandboxed: the run is sandboxed whatever the config's sandbox mode says.
    ...(ws.options.policy?.sandboxed !== undefined ? { sandboxed: ws.options.policy.sandboxed } : {}),
  });
}

function contextTokensFrom(ctx: CommandContext): number | undefined {
  const raw = str(ctx, 'context-tokens');
  if (raw === undefined) {
    return undefined;
  }
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    throw new UsageError(`--context-tokens must be a positive whole number, got "${raw}"`);
  }
  return n;
}

/** `--mode all` is preview's own value; the shared option parser only knows single modes. */
function takeAllModes(ctx: CommandContext): boolean {
  if (ctx.args.values.mode !== 'all') {
    return false;
  }
  delete ctx.args.values.mode;
  return true;
}

function isolationFor(ctx: CommandContext, modes: readonly ToolSearchModeName[]): Promise<IsolationStatus | undefined> {
  return isolationForModes(modes, { nodePath: str(ctx, 'node'), env: ctx.io.env });
}

function kb(n: number): string {
  return n >= 10240 ? `${(n / 1024).toFixed(0)} KiB` : `${n} B`;
}

function describeOne(p: PreviewJson): string[] {
  const out = [
    `Mode: ${p.mode}${p.effectiveMode !== p.mode ? ` -> ${p.effectiveMode}` : ''}   API: ${p.api}   Catalog: ${p.catalogSize} tools (openclaw ${p.sources.openclaw}, mcp ${p.sources.mcp}, client ${p.sources.client})`,
  ];
  if (p.notInRelease) {
    out.push(`Not in this release: ${p.notInRelease}`);
  }
  if (p.fallbackReason) {
    out.push(`Fallback: ${p.fallbackReason}`);
  }
  out.push(
    `Sent up front: ${p.visibleTools.length} schemas; ${p.deferredCount} behind ${p.effectiveMode === 'code-mode' ? 'Code Mode (reached from exec programs)' : 'Tool Search'}`,
    `Bytes: tools ${p.bytes.tools}, prompt ${p.bytes.prompt}, total ${p.bytes.total}` +
      (p.tokens ? `   Tokens (${p.tokens.encoding}): tools ${p.tokens.tools}, prompt ${p.tokens.prompt}, total ${p.tokens.total}` : ''),
    '',
    table(['TOOL', 'WHY', 'ID'], p.visible.map((v) => [v.name, v.why, v.id ?? (v.why === 'code-mode' ? '(Code Mode)' : '(Tool Search)')])),
  );
  if (p.directory) {
    const d = p.directory;
    out.push('', `Directory: ${d.shown} shown, ${d.omitted} omitted, ${d.chars}/${d.maxChars} chars, descriptions cut to ${d.descriptionLimit}`);
    if (d.reason) {
      out.push(`  why: ${d.reason}`);
    }
    if (d.dropped.length > 0) {
      out.push(`  dropped (still callable by exact name): ${truncate(d.dropped.join(', '), 300)}`);
    }
    out.push(...unlistedLines(d).map((l) => `  ${l}`));
  }
  if (p.openclawUnavailable) {
    out.push('', p.openclawUnavailable);
  }
  if (p.missingRequired?.length) {
    out.push(`Required tools not in the authorized catalog: ${p.missingRequired.join(', ')}`);
  }
  return out;
}

function conflictLines(p: PreviewJson): string[] {
  return p.clientToolConflicts.length > 0 ? ['', `Refused client tools (name clash): ${p.clientToolConflicts.map((c) => `${c.name} (also ${c.with})`).join('; ')}`] : [];
}

export const previewCommand: CliCommand = {
  name: 'preview',
  summary: 'show the exact provider request of a turn in a mode (or --mode all side by side), with bytes and tokens',
  usage: 'preview [--prompt TEXT] [--mode MODE|all] [--api chat|responses] [--capture [--openclaw PATH|VERSION]]',
  options: {
    capture: { type: 'boolean' },
    openclaw: { type: 'string' },
    prompt: { type: 'string' },
    api: { type: 'string' },
    model: { type: 'string' },
    require: { type: 'string', multiple: true },
    'context-tokens': { type: 'string' },
    'per-tool': { type: 'boolean' },
    node: { type: 'string' },
  },
  run: async (ctx) => {
    const all = takeAllModes(ctx);
    const api = apiFrom(ctx);
    const contextTokens = contextTokensFrom(ctx);
    const capture = ctx.args.values.capture === true;
    if (capture && api !== 'chat') {
      throw new UsageError('--capture compares Chat Completions requests (the API a capture turn uses): drop --api responses');
    }
    return withCatalog(ctx, async (catalog, ws) => {
      const modes: ToolSearchModeName[] = all ? modesOf(catalog) : [ws.settings.mode];
      const isolation = await isolationFor(ctx, modes);
      const flag = ctx.args.values.require;
      const openclaw = openclawContextFor(ctx, ws);
      const base = previewBaseOf(catalog, ws, {
        openclaw,
        isolation,
        api,
        model: str(ctx, 'model'),
        require: Array.isArray(flag) ? flag : typeof flag === 'string' ? [flag] : [],
        // The deferred directory's bound follows the configured model's context window, as OpenClaw's does.
        contextTokens: contextTokens ?? openclaw.contextWindow,
        perTool: ctx.args.values['per-tool'] === true,
      });
      // A capture turn needs a message; the prediction is made for the same one.
      const prompt = str(ctx, 'prompt') ?? (capture ? DEFAULT_CAPTURE_PROMPT : '');
      const assembly = new PreviewAssembler(base).assemble(prompt, modes);
      const previews = modes.flatMap((m) => assembly.modes[m] ?? []);
      const first = previews[0];
      if (!first) {
        return 2;
      }
      let check: CaptureCheck | undefined;
      if (capture) {
        const report = await runCaptureTurns(ctx, ws, modes, prompt.trim() === '' ? DEFAULT_CAPTURE_PROMPT : prompt, { spec: str(ctx, 'openclaw') });
        if (typeof report === 'number') {
          return report;
        }
        const predicted = predictTurns(report, { base, config: ws.configValue, configDir: ws.configDir }, prompt.trim() === '' ? DEFAULT_CAPTURE_PROMPT : prompt);
        check = checkCapture(report, predicted, ws.openclaw.model.version, { tokens: false });
      }
      const against = checkedAgainst(ws.openclaw.model.version, check);
      // Which surface the run gets, and why: Code Mode replaces Tool Search when it engages.
      const cm = assembly.codeMode;
      const surfaceLine = cm ? [`Code Mode: ${cm.engaged ? 'engages, so the run gets exec and wait' : 'off'} (${cm.reason}${ws.config.file && cm.line !== undefined ? `; ${path.basename(ws.config.file)}:${cm.line}` : ''})`] : [];
      const failure = check ? captureFailure(check) : undefined;
      const verdict = check ? ['', `Checked against a real capture of OpenClaw ${check.captured}: ${check.matched ? 'matched' : failure !== undefined ? `capture failed: ${failure}` : 'differs'}`, ...checkLines(check).map((l) => `  ${l}`)] : ['', `Predicts OpenClaw ${against.modelled}; not checked against a real run (--capture runs one)`];
      if (!all) {
        ctx.io.stdout(ctx.json ? json({ ...first, ...(cm ? { codeMode: cm } : {}), checkedAgainst: against, configVerdict: verdictJson(ws.verdict), ...(catalog.runRefusal ? { runRefusal: runRefusalJson(catalog.runRefusal) } : {}) }) : [...verdictLines(ws), ...runRefusalLines(catalog.runRefusal), ...describeOne(first), ...surfaceLine, ...conflictLines(first), ...verdict].join('\n'));
        return 0;
      }
      const byMode = Object.fromEntries(previews.map((p) => [p.mode, p]));
      if (ctx.json) {
        ctx.io.stdout(json({ configuredMode: assembly.configuredMode, ...(cm ? { codeMode: cm } : {}), modes: byMode, topTools: assembly.topTools, failedServers: assembly.failedServers, checkedAgainst: against, configVerdict: verdictJson(ws.verdict), ...(catalog.runRefusal ? { runRefusal: runRefusalJson(catalog.runRefusal) } : {}) }));
        return 0;
      }
      const direct = previews.find((p) => p.mode === 'direct');
      const saved = (p: PreviewJson): string => (direct && direct.bytes.tools > 0 ? `${(100 * (1 - p.bytes.tools / direct.bytes.tools)).toFixed(1)}%` : '-');
      // OpenClaw's whole request (its prompt, bootstrap files, envelope): the savings its users really get.
      const openclawSaved = (p: PreviewJson): string => (p.openclaw && direct?.openclaw && p.mode !== 'direct' ? `${(100 * (1 - p.openclaw.bytes / direct.openclaw.bytes)).toFixed(1)}%` : '-');
      const out = [
        ...verdictLines(ws), ...runRefusalLines(catalog.runRefusal), `Catalog: ${first.catalogSize} tools (openclaw ${first.sources.openclaw}, mcp ${first.sources.mcp}, client ${first.sources.client})   API: ${api}`,
        '',
        table(
          ['MODE', 'EFFECTIVE', 'SCHEMAS', 'TOOL BYTES', 'SAVED', 'PROMPT BYTES', 'TOTAL', 'TOOL TOKENS', 'TOTAL TOKENS', 'OPENCLAW REQUEST', 'SAVED'],
          previews.map((p) => [
            p.mode,
            p.effectiveMode,
            String(p.visibleTools.length),
            kb(p.bytes.tools),
            saved(p),
            kb(p.bytes.prompt),
            kb(p.bytes.total),
            String(p.tokens?.tools ?? '-'),
            String(p.tokens?.total ?? '-'),
            p.openclaw ? kb(p.openclaw.bytes) : '-',
            openclawSaved(p),
          ]),
        ),
      ];
      out.push(...tableNotes(previews));
      for (const p of previews) {
        if (p.fallbackReason) {
          out.push('', `${p.mode}: ${p.fallbackReason}`);
        }
        if (p.directory) {
          out.push('', `directory: ${p.directory.shown} shown, ${p.directory.omitted} omitted, ${p.directory.chars}/${p.directory.maxChars} chars${p.directory.reason ? ` (${p.directory.reason})` : ''}`);
          out.push(...unlistedLines(p.directory).map((l) => `  ${l}`));
        }
      }
      if (first.openclawUnavailable) {
        out.push('', `OPENCLAW REQUEST: ${first.openclawUnavailable}`);
      }
      out.push(...(surfaceLine.length > 0 ? ['', ...surfaceLine, `The run's surface: ${assembly.configuredMode}; the other rows show what each mode would send`] : []), ...conflictLines(first), ...verdict);
      ctx.io.stdout(out.join('\n'));
      return 0;
    });
  },
};

/** What the table leaves out: modes the release lacks, and tools OPENCLAW REQUEST does not count. */
function tableNotes(previews: readonly PreviewJson[]): string[] {
  const out: string[] = [];
  const absent = previews.find((p) => p.notInRelease)?.notInRelease;
  if (absent) {
    out.push('', absent);
  }
  // OPENCLAW REQUEST counts what a real run has; the inspector's columns include these.
  const left = previews.find((p) => p.openclaw?.inspectorOnly)?.openclaw?.inspectorOnly;
  if (left) {
    out.push('', `Not in a real run, so not in OPENCLAW REQUEST: ${inspectorOnlyText(left)}.`);
  }
  return out;
}
