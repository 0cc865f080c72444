import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CaptureCheck } from '../../core/capture/captureCheck';
import type { CaptureReport } from '../../core/capture/capture';
import type { CaptureMode } from '../../core/capture/captureConfig';
import type { OpenClawLocation } from '../../core/oracle/openclawLocation';
import type { RequestSide } from '../../core/capture/turnPrediction';
import type { SourceLines } from '../../core/capture/scratchLines';
import type { ModeCapture } from '../../core/capture/capture';
import type { CaptureView } from '../../webview/shared/previewProtocol';
import type { CatalogService } from '../catalogService';
import { loadCore } from '../coreLoader';
import { OPENCLAW_SETTING, editorWords, notInstalledWords } from './captureWords';
import { installLabel, installOpenClawForCapture, locateForEditor } from '../oracle/openclawInstalls';
import { COMMANDS } from '../commandIds';
import type { Logger } from '../logger';

export const CAPTURE_UNTRUSTED_MESSAGE =
  'Capture the Real Request is off in an untrusted workspace: it runs OpenClaw and this workspace\'s plugin and MCP server code. Trust the workspace to run it.';

export interface CaptureRunDeps {
  service: CatalogService;
  logger: Logger;
  /** The extension's folder: the network guard is `dist/networkGuard.mjs` in it. */
  extensionPath: string;
  isTrusted: () => boolean;
  /** Each state of the capture as it changes (the panel posts it). */
  onView: (view: CaptureView) => void;
  /** Each captured turn's predicted request (core's predictTurns: made in the turn's environment). */
  predicted: (prompt: string, report: CaptureReport) => Promise<Partial<Record<CaptureMode, RequestSide>>>;
  /** Cancels the turns (the panel's Cancel button); the notification's Cancel does too. */
  signal: AbortSignal;
  /** Where installs for capture are looked for; default the extension's own (`openclawInstallRoots`). */
  installRoots?: readonly string[];
}

export interface CaptureRunResult {
  view: CaptureView;
  check?: CaptureCheck;
}

/** What a capture of the active workspace needs, or why it cannot run. */
export type PreparedCapture =
  | {
      ok: true;
      location: OpenClawLocation;
      config: Record<string, unknown>;
      configDir: string;
      modelled: string;
      codeModeSurface: boolean;
      /** The agent the workspace's run is for (the `policy.agent` setting, else OpenClaw's default): the one the turns run. */
      agent: string;
      /** The user's config file and its lines, which OpenClaw's errors about the scratch copy are mapped to. */
      sourceLines?: SourceLines;
    }
  | { ok: false; message: string; /** A setting that fixes it, offered as a button. */ setting?: string; /** No OpenClaw is installed: this version's install is offered. */ install?: string };


/**
 * The refusals every capture shares (untrusted workspace, unusable config,
 * no OpenClaw to run), then the OpenClaw the setting names and the config
 * its turns start from. `what` names the action in the messages.
 */
export async function prepareCapture(service: CatalogService, isTrusted: () => boolean, what: string, installRoots?: readonly string[]): Promise<PreparedCapture> {
  if (!isTrusted()) {
    return { ok: false, message: CAPTURE_UNTRUSTED_MESSAGE.replace('Capture the Real Request', what) };
  }
  const core = await loadCore();
  const { workspace, settings } = await service.getSession();
  if (workspace.config.unusable) {
    return { ok: false, message: `${what}: the config cannot be used: ${workspace.config.unusable.message}` };
  }
  // OpenClaw would not pick an agent either: a turn would only say so.
  const agent = workspace.agent;
  if (agent.kind === 'refused') {
    return { ok: false, message: `${what}: ${agent.message}` };
  }
  const reader = workspace.config.reader;
  try {
    const location = locateForEditor(core, settings.oracleOpenclaw, workspace.options.workspace, installRoots);
    return {
      ok: true,
      location,
      config: workspace.configValue,
      configDir: workspace.configDir,
      modelled: workspace.openclaw.model.version,
      // The run's surface is Code Mode: its real turn is captured too (the four modes are what-ifs then).
      codeModeSurface: workspace.settings.mode === 'code-mode',
      agent: agent.id,
      ...(reader ? { sourceLines: { file: reader.file, line: (p) => reader.line(p) } } : {}),
    };
  } catch (err) {
    if (err instanceof core.OpenClawNotInstalledError) {
      return { ok: false, message: `${what}: ${notInstalledWords(err.version)}`, setting: OPENCLAW_SETTING, install: err.version };
    }
    if (err instanceof core.OpenClawUnavailableError) {
      return { ok: false, message: `${what}: ${editorWords(err.message)}`, setting: OPENCLAW_SETTING };
    }
    throw err;
  }
}

/**
 * Runs one real OpenClaw turn per mode on the active workspace (the
 * `toolSearchInspector.oracle.openclaw` setting says which OpenClaw), with a
 * cancellable notification saying which modes run, then diffs each turn's
 * first request against the prediction. Refused in an untrusted workspace.
 */
export async function runCapture(deps: CaptureRunDeps, prompt: string): Promise<CaptureRunResult> {
  const refuse = (message: string, setting?: string, install?: string): CaptureRunResult => {
    const view: CaptureView = { status: 'refused', message, modes: [], ...(install ? { install } : {}) };
    deps.onView(view);
    const installButton = install ? installLabel(install) : undefined;
    void vscode.window.showErrorMessage(message, ...(installButton ? [installButton] : []), ...(setting ? ['Open Setting'] : [])).then(async (pick) => {
      if (pick === 'Open Setting' && setting) {
        void vscode.commands.executeCommand('workbench.action.openSettings', setting);
      } else if (pick !== undefined && pick === installButton && install) {
        // One click: install, then the capture the user asked for.
        if (await installOpenClawForCapture(deps.logger, install, deps.isTrusted)) void vscode.commands.executeCommand(COMMANDS.captureRealRequest);
      }
    });
    return { view };
  };
  deps.logger.info('capture: preparing');
  const prepared = await prepareCapture(deps.service, deps.isTrusted, 'Capture the Real Request', deps.installRoots);
  if (!prepared.ok) {
    deps.logger.info(`capture: refused: ${prepared.message}`);
    return refuse(prepared.message, prepared.setting, prepared.install);
  }
  const { location, config, configDir, modelled, agent, sourceLines } = prepared;
  deps.logger.info(`capture: agent ${agent} on OpenClaw ${location.version} (${location.packageDir}, Node ${location.node})`);
  const core = await loadCore();
  const modes: CaptureMode[] = [...core.CAPTURE_MODES, ...(prepared.codeModeSurface ? (['code-mode'] as const) : [])];
  const text = prompt.trim() === '' ? core.DEFAULT_CAPTURE_PROMPT : prompt;
  let view = core.startedView(modes, location.version, modelled, text);
  deps.onView(view);
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Capturing the real request of agent ${agent} (OpenClaw ${location.version})`, cancellable: true },
    async (progress, token) => {
      const abort = new AbortController();
      const onAbort = (): void => abort.abort();
      deps.signal.addEventListener('abort', onAbort, { once: true });
      const cancelled = token.onCancellationRequested(onAbort);
      if (deps.signal.aborted) {
        abort.abort();
      }
      try {
        progress.report({ message: core.progressText(view) });
        const report = await core.captureTurns({
          location,
          config,
          configDir,
          agent,
          ...(sourceLines ? { sourceLines } : {}),
          modes,
          prompt: text,
          concurrency: modes.length,
          signal: abort.signal,
          guardScript: core.defaultGuardScript(path.join(deps.extensionPath, 'dist')),
          onTurn: (e) => {
            view = core.withTurn(view, e.mode, e.phase, e.capture);
            progress.report({ message: core.progressText(view) });
            deps.onView(view);
            deps.logger.info(`capture: ${e.mode} ${e.phase === 'queued' ? 'waits for a turn slot: other OpenClaw turns on this machine hold every one (TSI_TURN_SLOTS sets how many run at once)' : e.phase === 'start' ? `started (openclaw agent --local --agent ${agent})` : `${e.capture?.outcome ?? 'ended'} in ${((e.capture?.wallMs ?? 0) / 1000).toFixed(1)} s${e.capture?.queuedMs !== undefined ? ` after ${(e.capture.queuedMs / 1000).toFixed(1)} s waiting for a turn slot` : ''}`}`);
            if (e.phase === 'end' && e.capture && e.capture.outcome !== 'ok' && e.capture.outcome !== 'cancelled') {
              logFailedTurn(deps.logger, e.capture);
            }
          },
        });
        const check = core.checkCapture(report, await deps.predicted(text, report), modelled);
        view = core.finishedView(view, check, report.modes, report.wallMs, abort.signal.aborted);
        deps.onView(view);
        deps.logger.info(`capture: ${view.status} in ${(report.wallMs / 1000).toFixed(1)} s: ${view.message ?? ''}`);
        if (view.status === 'failed') {
          // OpenClaw's own reason, not only an exit code: the panel shows it too.
          void vscode.window.showErrorMessage(`Capture the Real Request: ${view.message ?? 'capture failed'}`, 'Show Logs').then((pick) => {
            if (pick === 'Show Logs') {
              deps.logger.channel.show(true);
            }
          });
        }
        return { view, check };
      } finally {
        cancelled.dispose();
        deps.signal.removeEventListener('abort', onAbort);
      }
    },
  );
}

/** A failed turn's reason and the end of OpenClaw's stderr, in the Output channel. */
function logFailedTurn(logger: Logger, c: ModeCapture): void {
  logger.warn(`capture: ${c.mode} failed: ${c.error ?? c.outcome}`);
  const tail = (c.stderrTail ?? '').trim().split('\n').slice(-20);
  if (tail.length > 0 && tail[0] !== '') {
    logger.warn(`capture: ${c.mode}: OpenClaw's stderr (last ${tail.length} lines):\n${tail.map((l) => `  ${l}`).join('\n')}`);
  }
}

