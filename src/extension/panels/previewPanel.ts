import * as vscode from 'vscode';
import { besideColumn } from './besideColumn';
import type { Catalog } from '../../core/catalog/catalog';
import type { OpenWorkspace } from '../../core/workspace';
import type { CaptureReport } from '../../core/capture/capture';
import type { RequestSide } from '../../core/capture/turnPrediction';
import type { PreviewAssembler, PreviewAssembly } from '../../core/modes/preview';
import type { CaptureCheck } from '../../core/capture/captureCheck';
import type { CaptureMode } from '../../core/capture/captureConfig';
import type { CaptureView, ModeName } from '../../webview/shared/previewProtocol';
import { MAX_PROMPT, parseWebviewMessage, type HostMessage, type WebviewMessage } from '../../webview/shared/previewProtocol';
import type { CatalogService, CatalogState } from '../catalogService';
import { COMMANDS } from '../commandIds';
import { loadCore } from '../coreLoader';
import type { Logger } from '../logger';
import { installOpenClawForCapture } from '../oracle/openclawInstalls';
import { editorHost } from '../host';
import { runCapture, type CaptureRunResult } from '../preview/captureRunner';
import { keepCapture, restoreCapture, STALE_MESSAGE } from '../preview/keptCapture';
import { workspaceConfigKey, type KeptStore } from '../keptResult';
import { openclawRequestContextOf } from '../preview/openclawRequestContext';
import type { PreviewDocuments } from '../preview/previewCommand';
import { PanelBase, PanelRegistry, type PanelSpec } from './panelBase';

export const PREVIEW_PANEL_VIEW_TYPE = 'toolSearchInspector.modePreview';

export interface PreviewPanelDeps {
  extensionUri: vscode.Uri;
  service: CatalogService;
  logger: Logger;
  /** Where "Open as JSON document" puts the raw request. */
  documents: PreviewDocuments;
  /** Workspace Trust, read when a capture is asked for (tests hand in their own). */
  isTrusted?: () => boolean;
  /** Where the folder's last capture is kept across a reopen and a reload (the extension's workspaceState). */
  kept?: KeptStore;
}

const SPEC: PanelSpec<WebviewMessage> = {
  viewType: PREVIEW_PANEL_VIEW_TYPE,
  name: 'mode preview',
  parse: parseWebviewMessage,
  page: { title: 'Mode Preview', script: 'previewPanel.js', stylesheet: 'previewPanel.css', extraStyles: [['codicons', 'codicon.css']], placeholder: 'Assembling every mode…' },
  column: vscode.ViewColumn.Active,
};

const registry = new PanelRegistry<PreviewPanel, PreviewPanelDeps>(SPEC, (panel, deps) => new PreviewPanel(panel, deps));

/** Timing of the last renders, for tests and the bench (host assembly and webview paint). */
export interface PreviewTiming {
  cause: string;
  /** Host time until the view was posted (tokens of deferred modes not yet counted). */
  assemblyMs: number;
  renderMs?: number;
  /** Host time from the start of the render until the deferred tokens were posted; absent when nothing was deferred. */
  tokensMs?: number;
}

/** Counted after the first paint: at 10,000 tools direct mode's tools array takes most of a second to tokenize. */
const DEFERRED_TOKENS: readonly ModeName[] = ['direct'];

/** Lets the posted view go out and other messages (a keystroke) in before a long count. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The Mode Preview panel: every mode's request side by side, the directory
 * as the model reads it, the prompt's likely schemas, costs per tool, and
 * health. One per window; it follows the catalog and re-assembles on every
 * prompt the webview sends (the webview debounces typing).
 */
export class PreviewPanel extends PanelBase<WebviewMessage, HostMessage> {
  private prompt = '';
  private assembler: PreviewAssembler | undefined;
  private assemblerFor: Catalog | undefined;
  private last: PreviewAssembly | undefined;
  /** The number of the latest render; late tokens of an older one are dropped. */
  private seq = 0;
  readonly timings: PreviewTiming[] = [];
  /** The capture running or last run on this panel, and its check (what `checkedAgainst` reports). */
  private captureView: CaptureView | undefined;
  private captureCheck: CaptureCheck | undefined;
  /** The config the check was made against (`configKey`): once the config changes, the check is stale. */
  private captureKey: string | undefined;
  private captureAbort: AbortController | undefined;
  private capturing: Promise<CaptureRunResult> | undefined;
  /** Whether the kept capture of the folder was looked for (once per panel). */
  private restored = false;

  static get open(): PreviewPanel | undefined {
    return registry.get();
  }

  static createOrShow(deps: PreviewPanelDeps): PreviewPanel {
    registry.use(deps);
    return registry.createOrShow(deps.extensionUri, '', 'Mode Preview');
  }

  constructor(panel: vscode.WebviewPanel, private readonly deps: PreviewPanelDeps) {
    super(panel, deps.extensionUri, SPEC, deps.logger);
    // A closed panel's turns have nobody to report to.
    this.onDidDispose(() => this.captureAbort?.abort());
    this.disposables.push(
      deps.service.onDidChange((state) => {
        if (this.isReady) {
          void this.onState(state, 'catalog');
        }
      }),
    );
  }

  private async assemblerOf(catalog: Catalog): Promise<PreviewAssembler> {
    if (this.assembler && this.assemblerFor === catalog) {
      return this.assembler;
    }
    const core = await loadCore();
    const { workspace, settings } = await this.deps.service.getSession();
    // Code mode is only offered when an isolated child can really start: the bridge's own probe (cached per binary).
    const base = core.previewBaseOf(catalog, workspace, {
      isolation: await core.probePreviewIsolation({ nodePath: settings.sandboxNodePath, env: process.env }),
      // Each mode also predicts OpenClaw's whole request (its prompt, bootstrap files and envelope): the figure users act on.
      // Only when trusted: it reads the agent workspace (outside the folder by default) and locates the installed OpenClaw.
      ...((this.deps.isTrusted ?? editorHost.isTrusted)() ? { openclaw: openclawRequestContextOf(core, workspace, settings.oracleOpenclaw) } : {}),
    });
    // A rebuilt catalog keeps the token cache: unchanged schemas are not tokenized again.
    this.assembler = this.assembler ? this.assembler.withBase(base) : new core.PreviewAssembler(base);
    this.assemblerFor = catalog;
    return this.assembler;
  }

  private async onState(state: CatalogState, cause: string): Promise<void> {
    switch (state.kind) {
      case 'ready':
        await this.render(state.catalog, cause);
        return;
      case 'error':
        await this.post({ type: 'error', message: state.message });
        return;
      case 'no-folder':
        await this.post({ type: 'error', message: 'Open a folder with an OpenClaw config to preview what the model sees.' });
        return;
      default:
        await this.post({ type: 'loading' });
    }
  }

  private async render(catalog: Catalog, cause: string): Promise<void> {
    const core = await loadCore();
    const assembler = await this.assemblerOf(catalog);
    const seq = ++this.seq;
    const t0 = performance.now();
    const previous = this.last;
    // Bytes for every mode and tokens for the small ones go out at once; direct mode's tokens follow.
    const assembly = assembler.assemble(this.prompt, core.modesOf(catalog), { deferTokens: DEFERRED_TOKENS });
    const { workspace } = await this.deps.service.getSession();
    const restored = this.restoreKept(workspace) ?? this.staleAfterChange(workspace);
    const checkedAgainst = core.checkedAgainst(workspace.openclaw.model.version, this.captureCheck);
    const view = core.toPreviewView(assembly, catalog, { workspaceName: this.deps.service.folder?.name ?? '', cause, previous, seq, checkedAgainst });
    this.last = assembly;
    const timing: PreviewTiming = { cause, assemblyMs: assembly.timing.ms };
    this.timings.push(timing);
    this.deps.logger.debug(`mode preview: ${cause} assembled in ${assembly.timing.ms.toFixed(1)} ms (${assembly.timing.tokenizedChars} characters tokenized${assembly.pendingTokens.length ? `; counting ${assembly.pendingTokens.join(', ')} next` : ''})`);
    await this.post({ type: 'preview', view });
    if (restored) {
      await this.post({ type: 'capture', view: restored });
    }
    if (assembly.pendingTokens.length > 0) {
      await yieldToEventLoop();
      if (seq !== this.seq || this.isDisposed) {
        // A newer render (a keystroke, a rebuilt catalog) replaced this one and counts for itself.
        return;
      }
      const full = assembler.countPending(assembly);
      const ms = performance.now() - t0;
      if (this.last === assembly) {
        this.last = full;
      }
      timing.tokensMs = ms;
      this.deps.logger.debug(`mode preview: ${cause} tokens of ${assembly.pendingTokens.join(', ')} counted ${ms.toFixed(1)} ms after the render started`);
      for (const mode of assembly.pendingTokens) {
        const p = full.modes[mode];
        const late = p ? core.modeTokensView(p, seq, ms) : undefined;
        if (late) {
          await this.post({ type: 'tokens', ...late });
        }
      }
    }
    // The first prompt needs the search index; build it now, after the first paint, not on the keystroke.
    if (assembler.index instanceof core.LazyIndex && !assembler.index.built) {
      const index = assembler.index;
      setTimeout(() => index.warm(), 50);
    }
  }

  /**
   * Captures the real request of every mode (one real OpenClaw turn each) and
   * diffs it against this panel's prediction for the same prompt. One at a
   * time: asking again while it runs returns the running one.
   */
  capture(): Promise<CaptureRunResult> {
    if (this.capturing) {
      return this.capturing;
    }
    const abort = new AbortController();
    this.captureAbort = abort;
    const run = runCapture(
      {
        service: this.deps.service,
        logger: this.deps.logger,
        extensionPath: this.deps.extensionUri.fsPath,
        isTrusted: this.deps.isTrusted ?? editorHost.isTrusted,
        signal: abort.signal,
        onView: (view) => this.showCapture(view),
        predicted: (prompt, report) => this.predicted(prompt, report),
      },
      this.prompt,
    );
    this.capturing = run
      .then(async (result) => {
        if (result.check) {
          this.captureCheck = result.check;
          this.captureKey = this.configKey((await this.deps.service.getSession()).workspace);
          await this.keep(result.check);
          // The header's "checked against" follows the capture.
          if (!this.isDisposed && this.isReady) {
            await this.render(await this.currentCatalog(), 'capture');
          }
        }
        return result;
      })
      .finally(() => {
        this.capturing = undefined;
        this.captureAbort = undefined;
      });
    return this.capturing;
  }

  /** The config a capture is checked against, as a key (its file, value, agent and the modelled release). */
  private configKey(workspace: OpenWorkspace): string {
    return workspaceConfigKey(workspace);
  }

  /** The folder's kept capture, once per panel: as it was, or marked stale when the config changed since. */
  private restoreKept(workspace: OpenWorkspace): CaptureView | undefined {
    const folder = this.deps.service.folder?.uri.toString();
    if (this.restored || this.captureView || !this.deps.kept || folder === undefined) {
      return undefined;
    }
    this.restored = true;
    const kept = restoreCapture(this.deps.kept, folder, this.configKey(workspace));
    if (!kept) {
      return undefined;
    }
    this.captureView = kept.view;
    this.captureCheck = kept.check;
    this.captureKey = kept.stale ? undefined : this.configKey(workspace);
    return kept.view;
  }

  /**
   * A capture made on this panel whose config has changed since: its check no
   * longer says anything about the prediction shown, so the header drops its
   * verdict and the Real request tab says it is stale (as a kept one does).
   */
  private staleAfterChange(workspace: OpenWorkspace): CaptureView | undefined {
    if (!this.captureCheck || this.captureKey === undefined || this.capturing || !this.captureView || this.captureKey === this.configKey(workspace)) {
      return undefined;
    }
    this.captureCheck = undefined;
    this.captureKey = undefined;
    this.captureView = { ...this.captureView, message: STALE_MESSAGE };
    return this.captureView;
  }

  private async keep(check: CaptureCheck): Promise<void> {
    const folder = this.deps.service.folder?.uri.toString();
    if (!this.deps.kept || folder === undefined || !this.captureView) {
      return;
    }
    const { workspace } = await this.deps.service.getSession();
    await keepCapture(this.deps.kept, folder, this.configKey(workspace), this.captureView, check).catch(() => false);
  }

  /** Stops the running capture's turns (their process groups are killed). */
  /**
   * The refusal's Install button: installs the OpenClaw it names for capture
   * (progress and Cancel in the notification), then captures. Cancelled or
   * failed, the refusal is shown again.
   */
  private async installThenCapture(): Promise<void> {
    const refused = this.captureView;
    const version = refused?.status === 'refused' ? refused.install : undefined;
    if (!refused || !version) {
      return;
    }
    this.showCapture({ status: 'installing', message: `Installing OpenClaw ${version} for capture: progress and Cancel are in the notification.`, modes: [] });
    const installed = await installOpenClawForCapture(this.deps.logger, version, this.deps.isTrusted ?? editorHost.isTrusted);
    if (!installed) {
      this.showCapture(refused);
      return;
    }
    await this.capture();
  }

  private showCapture(view: CaptureView): void {
    this.captureView = view;
    if (!this.isDisposed) {
      void this.post({ type: 'capture', view });
    }
  }

  cancelCapture(): boolean {
    if (!this.captureAbort) {
      return false;
    }
    this.captureAbort.abort();
    return true;
  }

  get lastCapture(): CaptureView | undefined {
    return this.captureView;
  }

  /** Each captured turn's predicted OpenClaw request, made in that turn's environment (core's predictTurns). */
  private async predicted(prompt: string, report: CaptureReport): Promise<Partial<Record<CaptureMode, RequestSide>>> {
    const core = await loadCore();
    const catalog = await this.currentCatalog();
    const { workspace, settings } = await this.deps.service.getSession();
    const isolation = await core.probePreviewIsolation({ nodePath: settings.sandboxNodePath, env: process.env });
    return core.predictTurns(report, { base: core.previewBaseOf(catalog, workspace, { isolation }), config: workspace.configValue, configDir: workspace.configDir }, prompt);
  }

  private async currentCatalog(): Promise<Catalog> {
    return this.deps.service.getCatalog();
  }

  private async rawJson(mode: ModeName): Promise<string> {
    const core = await loadCore();
    const assembler = await this.assemblerOf(await this.currentCatalog());
    return core.rawRequestJson(assembler.preview(mode, this.prompt));
  }

  protected async handle(msg: WebviewMessage): Promise<void> {
    try {
      switch (msg.type) {
        case 'ready':
          this.prompt = msg.prompt.slice(0, MAX_PROMPT);
          await this.onState(await this.deps.service.getState(), 'open');
          if (this.captureView) {
            await this.post({ type: 'capture', view: this.captureView });
          }
          return;
        case 'capture':
          await this.capture();
          return;
        case 'cancelCapture':
          this.cancelCapture();
          return;
        case 'installOpenclaw':
          await this.installThenCapture();
          return;
        case 'prompt':
          this.prompt = msg.prompt;
          await this.render(await this.currentCatalog(), 'prompt');
          return;
        case 'refresh':
          await this.post({ type: 'loading' });
          await this.deps.service.refresh('mode preview');
          return;
        case 'raw':
          await this.post({ type: 'raw', mode: msg.mode, json: await this.rawJson(msg.mode) });
          return;
        case 'copyRaw':
          await vscode.env.clipboard.writeText(await this.rawJson(msg.mode));
          void vscode.window.setStatusBarMessage(`Copied the ${msg.mode} mode request`, 3000);
          return;
        case 'openRawDocument': {
          const uri = this.deps.documents.set(`Request ${msg.mode} mode`, await this.rawJson(msg.mode));
          const doc = await vscode.workspace.openTextDocument(uri);
          await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(doc, 'json'), { viewColumn: besideColumn(), preview: true });
          return;
        }
        case 'openDefinition': {
          const origin = (await this.currentCatalog()).get(msg.toolId)?.origin;
          if (origin) {
            await vscode.commands.executeCommand(COMMANDS.openLocation, origin);
          }
          return;
        }
        case 'showLogs':
          await vscode.commands.executeCommand(COMMANDS.showLogs);
          return;
        case 'rendered': {
          const t = [...this.timings].reverse().find((x) => x.cause === msg.cause && x.renderMs === undefined);
          if (t) {
            t.renderMs = msg.ms;
          }
          this.deps.logger.debug(`mode preview: ${msg.cause} painted in ${msg.ms.toFixed(1)} ms`);
          return;
        }
      }
    } catch (err) {
      await this.deps.logger.showError(`mode preview: ${msg.type} failed`, err);
    }
  }
}

/** Brings the panel back after a window reload: the webview restores its prompt and tab itself. */
export function registerPreviewPanelSerializer(deps: PreviewPanelDeps): vscode.Disposable {
  registry.use(deps);
  return registry.registerSerializer(deps.extensionUri);
}
