import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Catalog } from '../../core/catalog/catalog';
import type { CaptureReport } from '../../core/capture/capture';
import type { ModeComparisonReport } from '../../core/orchestration/modeComparison';
import type { SessionEvent } from '../../core/telemetry/sessionLog';
import { isCompareView, type CompareView, type LaneName, type ProviderKind, type SetupView } from '../../webview/shared/compareProtocol';
import type { CatalogService } from '../catalogService';
import { COMMANDS, OPEN_SETTINGS } from '../commandIds';
import { loadCore } from '../coreLoader';
import { editorHost, type EditorHost } from '../host';
import type { Logger } from '../logger';
import { readCompareSettingsOf } from '../settings';
import type { CompareSettings } from '../settingsModel';
import { ComparePanel } from './comparePanel';
import { toCompareView, toRecordedCompareView, type CompareViewInput } from './compareView';
import type { LoadedSession } from '../../core/telemetry/sessionSources';
import { prepareCapture } from '../preview/captureRunner';
import { withCancellableProgress } from '../cancellableProgress';
import { openclawRequestContextOf } from '../preview/openclawRequestContext';
import { parseBaseUrl, redactSecret, secretKeyFor } from './providerSettings';
import { errorMessage } from '../../core/util/errors';
import { keepResult, restoreResult } from '../keptResult';
import { workspaceConfigKey, type KeptStore } from '../keptResult';

/** Runs kept in the storage folder; older ones are removed as new ones are written. */
const KEPT_RUNS = 10;

export interface CompareRunnerDeps {
  extensionUri: vscode.Uri;
  /** Where each run's session logs are written (the extension's storage, never the workspace). */
  storageUri: vscode.Uri;
  secrets: vscode.SecretStorage;
  service: CatalogService;
  logger: Logger;
  host?: Pick<EditorHost, 'isTrusted'>;
  /** Where the folder's last result is kept across a reopen and a reload (the extension's workspaceState). */
  kept?: KeptStore;
}

/** A kept result is bounded: the traces of a long run are large, and storage stays small. */
const MAX_KEPT_CHARS = 2_000_000;
export const COMPARE_STALE_MESSAGE = 'Stale: the config changed since this comparison; run it again to compare the current catalog.';

export interface CompareRequest {
  provider?: ProviderKind;
  prompt?: string;
  /** Also capture OpenClaw's real requests in both lanes' modes and measure checks 4 and 5 on them. */
  real?: boolean;
}

/** The last comparison, kept so its checks can be measured again on a capture without running the lanes again. */
interface LastComparison {
  input: CompareViewInput;
  catalog: Catalog;
}

function isRequest(v: unknown): v is CompareRequest {
  if (typeof v !== 'object' || v === null) {
    return false;
  }
  const r = v as Record<string, unknown>;
  return (r.provider === undefined || r.provider === 'mock' || r.provider === 'openai') && (r.prompt === undefined || typeof r.prompt === 'string') && (r.real === undefined || typeof r.real === 'boolean');
}

/** A session file as the panel names it: workspace-relative, else its last folders only (no home or machine paths on screen). */
function shownPath(file: string): string {
  const relative = vscode.workspace.asRelativePath(file);
  if (!path.isAbsolute(relative)) {
    return relative;
  }
  const parts = file.split(path.sep).filter((p) => p !== '');
  return parts.length > 5 ? `…${path.sep}${parts.slice(-5).join(path.sep)}` : file;
}

/** The captured modes whose turn sent no request, with why (their checks fall back to the prediction). */
function missingOf(capture: CaptureReport, modes: readonly string[]): { mode: string; why: string }[] {
  const out: { mode: string; why: string }[] = [];
  for (const mode of modes) {
    const m = capture.modes[mode as keyof CaptureReport['modes']];
    if (!m?.first) {
      out.push({ mode, why: m ? (m.error ?? `the turn ended ${m.outcome} without a request`) : 'not captured' });
    }
  }
  return out;
}

function stamp(d: Date): string {
  return d.toISOString().replace(/[:.]/g, '-');
}

/**
 * Runs `compare` (the CLI's command) from the editor: the same core
 * comparison, the mock provider unless an OpenAI-compatible base URL is
 * chosen, its API key read from SecretStorage only when a run needs it and
 * never written to settings, logs or the panel.
 */
export class CompareRunner implements vscode.Disposable {
  private abort: AbortController | undefined;
  private lastLogs: Partial<Record<LaneName, vscode.Uri>> = {};
  private lastPrompt: string | undefined;
  private last: LastComparison | undefined;
  /** Secrets seen this session, masked in anything shown or logged. */
  private readonly secretsSeen = new Set<string>();

  constructor(private readonly deps: CompareRunnerDeps) {}

  get extensionUri(): vscode.Uri {
    return this.deps.extensionUri;
  }

  get logger(): Logger {
    return this.deps.logger;
  }

  get isRunning(): boolean {
    return this.abort !== undefined;
  }

  /** `compare.*` through the one settings model, in the active root's folder scope. */
  private settings(): CompareSettings {
    return readCompareSettingsOf(this.deps.service.folder);
  }

  redact(text: string): string {
    let out = text;
    for (const s of this.secretsSeen) {
      out = redactSecret(out, s);
    }
    return out;
  }

  /** Shows a finished result and keeps it for the folder (a reopened panel or a reloaded window shows it again). */
  private shown(panel: ComparePanel, view: CompareView): void {
    panel.result(view);
    void this.keep(view).catch((err: unknown) => this.deps.logger.warn(`compare: the result was not kept: ${errorMessage(err)}`));
  }

  private async configKey(): Promise<string> {
    return workspaceConfigKey((await this.deps.service.getSession()).workspace);
  }

  private async keep(view: CompareView): Promise<void> {
    const folder = this.deps.service.folder?.uri.fsPath;
    if (!this.deps.kept || folder === undefined) return;
    await keepResult(this.deps.kept, 'compare', folder, await this.configKey(), view, MAX_KEPT_CHARS);
  }

  /** The folder's kept result, marked stale when the config changed since; undefined while a run is on or opening, or when none is kept. */
  async keptView(): Promise<CompareView | undefined> {
    const folder = this.deps.service.folder?.uri.fsPath;
    if (!this.deps.kept || folder === undefined || this.isRunning || this.openingRuns > 0) return undefined;
    const kept = restoreResult(this.deps.kept, 'compare', folder, await this.configKey(), isCompareView);
    return kept && (kept.stale ? { ...kept.value, stale: COMPARE_STALE_MESSAGE } : kept.value);
  }

  async setupView(): Promise<SetupView> {
    const settings = this.settings();
    const parsed = parseBaseUrl(settings.baseUrl);
    const keyStored = parsed.ok ? (await this.deps.secrets.get(secretKeyFor(parsed.baseUrl))) !== undefined : false;
    return {
      // Neutral by default (it names no tool); a workspace names its scenario in the compare.prompt setting.
      prompt: this.lastPrompt ?? settings.prompt ?? (await loadCore()).DEFAULT_COMPARE_PROMPT,
      provider: settings.provider,
      ...(parsed.ok ? { baseUrl: parsed.baseUrl } : { baseUrlProblem: parsed.problem }),
      keyStored,
    };
  }

  /** The command: opens the panel and runs with the given (or configured) provider and prompt. */
  async command(arg?: unknown): Promise<CompareView | undefined> {
    const req = isRequest(arg) ? arg : {};
    return this.opening(async () => {
      const panel = ComparePanel.show(this);
      // A fresh panel queues what it is sent until its script is up; waiting keeps the run's first frames visible.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([panel.whenReady(), new Promise<void>((r) => (timer = setTimeout(r, 10_000)))]);
      clearTimeout(timer);
      const setup = await this.setupView();
      return this.run({ provider: req.provider ?? setup.provider, prompt: req.prompt ?? setup.prompt, real: req.real ?? false });
    });
  }

  /** Commands that open the panel for a run of their own: while one is on, a panel coming up shows no kept result (it would flash, then go). */
  private openingRuns = 0;

  private async opening<T>(f: () => Promise<T>): Promise<T> {
    this.openingRuns++;
    try {
      return await f();
    } finally {
      this.openingRuns--;
    }
  }

  async run(req: Required<CompareRequest>): Promise<CompareView | undefined> {
    const view = await this.runLanes(req);
    return view && req.real ? ((await this.checkReal()) ?? view) : view;
  }

  private async runLanes(req: Required<CompareRequest>): Promise<CompareView | undefined> {
    if (!(this.deps.host ?? editorHost).isTrusted()) {
      void vscode.window.showErrorMessage('Compare is off in an untrusted workspace: both lanes call plugin tools and MCP servers. Trust the workspace to run it.');
      return undefined;
    }
    if (this.refusedWhileRunning()) {
      return undefined;
    }
    const panel = ComparePanel.show(this);
    const prompt = req.prompt.trim() || (await loadCore()).DEFAULT_COMPARE_PROMPT;
    this.lastPrompt = prompt;
    let provider = 'mock';
    let apiKey: string | undefined;
    if (req.provider === 'openai') {
      const parsed = parseBaseUrl(this.settings().baseUrl);
      if (!parsed.ok) {
        panel.send({ type: 'error', message: parsed.problem });
        return undefined;
      }
      provider = parsed.baseUrl;
      apiKey = await this.deps.secrets.get(secretKeyFor(parsed.baseUrl));
      if (apiKey) {
        this.secretsSeen.add(apiKey);
      } else {
        this.deps.logger.info(`compare: no API key stored for ${new URL(parsed.baseUrl).origin}; sending none`);
      }
    }
    const abort = new AbortController();
    this.abort = abort;
    const started = performance.now();
    try {
      const [core, session] = await Promise.all([loadCore(), this.deps.service.getSession()]);
      const logDir = this.newLogDir();
      panel.running(provider);
      const report = await withCancellableProgress(`Comparing direct mode and Tool Search (${provider === 'mock' ? 'mock provider' : provider})`, abort, (progress) =>
        core.compareModes({
          ws: session.workspace,
          catalog: session.catalog,
          prompt,
          provider,
          apiKey,
          model: this.settings().model,
          nodePath: session.settings.sandboxNodePath,
          env: process.env,
          logDir: logDir.fsPath,
          signal: abort.signal,
          openclaw: openclawRequestContextOf(core, session.workspace, session.settings.oracleOpenclaw),
          onLane: (lane, mode) => {
            progress.report({ message: `${lane === 'direct' ? 'direct' : 'Tool Search'} lane (${mode})` });
            panel.running(provider, lane, mode);
          },
        }),
      );
      const logs: Record<LaneName, vscode.Uri> = { direct: vscode.Uri.joinPath(logDir, 'direct.jsonl'), toolSearch: vscode.Uri.joinPath(logDir, 'toolSearch.jsonl') };
      this.lastLogs = logs;
      const events = (lane: LaneName): SessionEvent[] => (fs.existsSync(logs[lane].fsPath) ? core.parseSessionLog(fs.readFileSync(logs[lane].fsPath, 'utf8')).events : []);
      const input: CompareViewInput = {
        report,
        events: { direct: events('direct'), toolSearch: events('toolSearch') },
        logFiles: { direct: vscode.workspace.asRelativePath(logs.direct), toolSearch: vscode.workspace.asRelativePath(logs.toolSearch) },
        durationMs: performance.now() - started,
        sessionViewer: await this.hasSessionViewer(),
      };
      this.last = { input, catalog: session.catalog };
      const view = toCompareView(input);
      this.shown(panel, view);
      this.deps.logger.info(`compare (${view.provider}): ${view.checks.filter((c) => c.ok).length}/${view.checks.length} checks pass in ${view.durationMs} ms; logs in ${logDir.fsPath}`);
      return view;
    } catch (err) {
      if (abort.signal.aborted) {
        panel.send({ type: 'cancelled' });
        this.deps.logger.info('compare: cancelled');
        return undefined;
      }
      const message = this.redact(errorMessage(err));
      this.deps.logger.error(`compare failed: ${message}`);
      panel.send({ type: 'error', message });
      return undefined;
    } finally {
      this.abort = undefined;
    }
  }

  /** One run at a time: a second ask while one runs is refused with a word, not queued. */
  private refusedWhileRunning(): boolean {
    if (this.abort) {
      void vscode.window.showWarningMessage('A comparison is already running; wait for it or cancel it first.');
    }
    return this.abort !== undefined;
  }

  cancel(): void {
    this.abort?.abort();
  }

  /**
   * Measures the last comparison's checks 4 and 5 on what OpenClaw really
   * sends: one real turn in direct mode and one in the Tool Search lane's
   * mode (the `oracle.openclaw` setting says which OpenClaw), run side by
   * side and cancellable. The lanes are not run again.
   */
  async checkReal(): Promise<CompareView | undefined> {
    const last = this.last;
    if (!last) {
      void vscode.window.showInformationMessage('Run a comparison first: its checks 4 and 5 are then measured on the real requests.');
      return undefined;
    }
    if (this.refusedWhileRunning()) {
      return undefined;
    }
    const panel = ComparePanel.show(this);
    const what = 'Check Against the Real Request';
    const prepared = await prepareCapture(this.deps.service, () => (this.deps.host ?? editorHost).isTrusted(), what);
    if (!prepared.ok) {
      panel.send({ type: 'error', message: prepared.message });
      void vscode.window.showErrorMessage(prepared.message);
      return undefined;
    }
    const core = await loadCore();
    const modes = core.realModesOf(last.input.report);
    const abort = new AbortController();
    this.abort = abort;
    try {
      panel.capturing(last.input.report.provider, { version: prepared.location.version, modes });
      const capture = await withCancellableProgress(`Capturing OpenClaw ${prepared.location.version}'s real requests (${modes.join(', ')})`, abort, (progress) =>
        core.captureTurns({
          location: prepared.location,
          config: prepared.config,
          configDir: prepared.configDir,
          agent: prepared.agent,
          ...(prepared.sourceLines ? { sourceLines: prepared.sourceLines } : {}),
          modes,
          prompt: last.input.report.prompt,
          concurrency: modes.length,
          signal: abort.signal,
          guardScript: core.defaultGuardScript(path.join(this.deps.extensionUri.fsPath, 'dist')),
          onTurn: (e) => progress.report({ message: `${e.mode} ${e.phase === 'start' ? 'started' : e.phase === 'queued' ? 'waiting for a turn slot' : (e.capture?.outcome ?? 'ended')}` }),
        }),
      );
      if (abort.signal.aborted) {
        panel.send({ type: 'cancelled' });
        return undefined;
      }
      const report: ModeComparisonReport = core.withRealRequests(last.catalog, last.input.report, capture);
      const input: CompareViewInput = { ...last.input, report, realMissing: missingOf(capture, modes) };
      this.last = { ...last, input };
      const view = toCompareView(input);
      this.shown(panel, view);
      this.deps.logger.info(`compare: checks 4 and 5 on OpenClaw ${capture.openclaw.version}'s real requests in ${(capture.wallMs / 1000).toFixed(1)} s: ${view.checks.filter((c) => c.ok).length}/${view.checks.length} pass`);
      return view;
    } catch (err) {
      if (abort.signal.aborted) {
        panel.send({ type: 'cancelled' });
        return undefined;
      }
      const message = this.redact(errorMessage(err));
      this.deps.logger.error(`compare: capture failed: ${message}`);
      panel.send({ type: 'error', message: `${what}: ${message}` });
      return undefined;
    } finally {
      this.abort = undefined;
    }
  }

  private async hasSessionViewer(): Promise<boolean> {
    // The session viewer the traces helper contributes; without it a lane's log opens as text.
    return (await vscode.commands.getCommands(true)).includes(COMMANDS.openSessionLog);
  }

  /**
   * Compare from real sessions: two recorded runs (OpenClaw stores or
   * transcripts, or the inspector's own logs), one in direct mode and one
   * with Tool Search, side by side in the panel with the checks a record can
   * answer. Asks for each with an open dialog unless given.
   */
  async compareRecorded(given?: readonly vscode.Uri[]): Promise<CompareView | undefined> {
    const picked: vscode.Uri[] = [...(given ?? [])];
    for (const what of ['the first run (direct mode or Tool Search)', 'the other run'].slice(picked.length)) {
      const uri = await vscode.window.showOpenDialog({
        title: `Compare Recorded Sessions: ${what}`,
        openLabel: 'Compare',
        canSelectFiles: true,
        canSelectFolders: true,
        canSelectMany: false,
        filters: { 'OpenClaw store, transcript or session log': ['sqlite', 'jsonl'], 'All files': ['*'] },
      });
      if (!uri?.[0]) {
        return undefined;
      }
      picked.push(uri[0]);
    }
    return this.opening(() => this.showRecorded(picked));
  }

  private async showRecorded(picked: readonly vscode.Uri[]): Promise<CompareView | undefined> {
    const panel = ComparePanel.show(this);
    try {
      const core = await loadCore();
      const sessions: LoadedSession[] = [];
      for (const uri of picked.slice(0, 2)) {
        const read = await core.readSessions([uri.fsPath]);
        const only = read.sessions.length === 1 ? read.sessions[0] : undefined;
        if (!only) {
          throw new core.SessionPairError(`${vscode.workspace.asRelativePath(uri)}: ${read.errors[0]?.message ?? `${read.sessions.length} sessions; pick a store, transcript or log that holds one`}`);
        }
        sessions.push(only);
      }
      const report = core.compareSessions(sessions[0]!, sessions[1]!);
      const byFile = (file: string): LoadedSession => sessions.find((x) => x.file === file) ?? sessions[0]!;
      const files = { direct: report.lanes.direct.file, toolSearch: report.lanes.toolSearch.file };
      this.lastLogs = { direct: vscode.Uri.file(files.direct), toolSearch: vscode.Uri.file(files.toolSearch) };
      this.last = undefined;
      const view = toRecordedCompareView({
        report,
        events: { direct: byFile(files.direct).events, toolSearch: byFile(files.toolSearch).events },
        files: { direct: shownPath(files.direct), toolSearch: shownPath(files.toolSearch) },
        sessionViewer: await this.hasSessionViewer(),
      });
      this.shown(panel, view);
      this.deps.logger.info(`compare recorded sessions: ${view.checks.filter((c) => c.ok).length}/${view.checks.length} checks pass (${files.direct} vs ${files.toolSearch})`);
      return view;
    } catch (err) {
      const message = errorMessage(err);
      this.deps.logger.warn(`compare recorded sessions: ${message}`);
      panel.send({ type: 'error', message: `Compare Recorded Sessions: ${message}` });
      return undefined;
    }
  }

  /** Opens a lane's session log in the session viewer, or as text when there is none. */
  async openSessionLog(lane: LaneName): Promise<void> {
    const uri = this.lastLogs[lane];
    if (!uri) {
      void vscode.window.showInformationMessage('Run a comparison first: each lane writes its session log.');
      return;
    }
    if (await this.hasSessionViewer()) {
      await vscode.commands.executeCommand(COMMANDS.openSessionLog, uri);
      return;
    }
    await vscode.window.showTextDocument(uri, { preview: true });
  }

  /** Asks for the API key of the configured base URL and keeps it in SecretStorage only. */
  async setApiKey(): Promise<boolean> {
    const parsed = parseBaseUrl(this.settings().baseUrl);
    if (!parsed.ok) {
      const open = 'Open Settings';
      if ((await vscode.window.showErrorMessage(parsed.problem, open)) === open) {
        await vscode.commands.executeCommand(OPEN_SETTINGS, 'toolSearchInspector.compare.baseUrl');
      }
      return false;
    }
    const origin = new URL(parsed.baseUrl).origin;
    const key = await vscode.window.showInputBox({
      title: `API key for ${origin}`,
      prompt: 'Kept in VS Code secret storage for this origin only; never written to settings or logs. Empty removes it.',
      password: true,
      ignoreFocusOut: true,
    });
    if (key === undefined) {
      return false;
    }
    if (key.trim().length === 0) {
      await this.deps.secrets.delete(secretKeyFor(parsed.baseUrl));
      void vscode.window.setStatusBarMessage(`$(key) API key for ${origin} removed`, 3000);
      return true;
    }
    this.secretsSeen.add(key.trim());
    await this.deps.secrets.store(secretKeyFor(parsed.baseUrl), key.trim());
    void vscode.window.setStatusBarMessage(`$(key) API key for ${origin} stored`, 3000);
    return true;
  }

  /** A new folder for this run's logs; the oldest runs beyond KEPT_RUNS are removed. */
  private newLogDir(): vscode.Uri {
    const root = vscode.Uri.joinPath(this.deps.storageUri, 'compare-runs');
    fs.mkdirSync(root.fsPath, { recursive: true });
    const runs = fs.readdirSync(root.fsPath).sort();
    for (const old of runs.slice(0, Math.max(0, runs.length - (KEPT_RUNS - 1)))) {
      fs.rmSync(path.join(root.fsPath, old), { recursive: true, force: true });
    }
    return vscode.Uri.joinPath(root, stamp(new Date()));
  }

  dispose(): void {
    this.abort?.abort();
  }
}
