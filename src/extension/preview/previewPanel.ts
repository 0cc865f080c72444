import * as vscode from 'vscode';
import type { Catalog } from '../../core/catalog/catalog';
import type { PreviewAssembler, PreviewAssembly } from '../../core/modes/preview';
import type { ModeName } from '../../webview/shared/previewProtocol';
import { MAX_PROMPT, parseWebviewMessage, type HostMessage, type WebviewMessage } from '../../webview/shared/previewProtocol';
import type { CatalogService, CatalogState } from '../catalogService';
import { loadCore } from '../coreLoader';
import type { Logger } from '../logger';
import { panelHtml } from '../panels/panelShell';
import type { PreviewDocuments } from './previewCommand';

export const PREVIEW_PANEL_VIEW_TYPE = 'toolSearchInspector.modePreview';

export interface PreviewPanelDeps {
  extensionUri: vscode.Uri;
  service: CatalogService;
  logger: Logger;
  /** Where "Open as JSON document" puts the raw request. */
  documents: PreviewDocuments;
}

function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    retainContextWhenHidden: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

/** Timing of the last renders, for tests and the bench (host assembly and webview paint). */
export interface PreviewTiming {
  cause: string;
  assemblyMs: number;
  renderMs?: number;
}

/**
 * The Mode Preview panel: every mode's request side by side, the directory
 * as the model reads it, the prompt's likely schemas, costs per tool, and
 * health. One per window; it follows the catalog and re-assembles on every
 * prompt the webview sends (the webview debounces typing).
 */
export class PreviewPanel implements vscode.Disposable {
  private static current: PreviewPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private ready = false;
  private prompt = '';
  private assembler: PreviewAssembler | undefined;
  private assemblerFor: Catalog | undefined;
  private last: PreviewAssembly | undefined;
  private disposed = false;
  readonly timings: PreviewTiming[] = [];

  static get open(): PreviewPanel | undefined {
    return PreviewPanel.current;
  }

  static createOrShow(deps: PreviewPanelDeps): PreviewPanel {
    if (PreviewPanel.current) {
      PreviewPanel.current.panel.reveal();
      return PreviewPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(PREVIEW_PANEL_VIEW_TYPE, 'Mode Preview', vscode.ViewColumn.Active, webviewOptions(deps.extensionUri));
    PreviewPanel.current = new PreviewPanel(panel, deps);
    return PreviewPanel.current;
  }

  /** Called by the serializer after a reload: the webview restores its prompt and tab itself. */
  static revive(panel: vscode.WebviewPanel, deps: PreviewPanelDeps): PreviewPanel {
    PreviewPanel.current?.dispose();
    panel.webview.options = webviewOptions(deps.extensionUri);
    PreviewPanel.current = new PreviewPanel(panel, deps);
    return PreviewPanel.current;
  }

  private constructor(readonly panel: vscode.WebviewPanel, private readonly deps: PreviewPanelDeps) {
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'icon.png');
    panel.webview.html = panelHtml(panel.webview, deps.extensionUri, {
      title: 'Mode Preview',
      script: 'previewPanel.js',
      stylesheet: 'previewPanel.css',
      extraStyles: [['codicons', 'codicon.css']],
      placeholder: 'Assembling every mode…',
    });
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((raw: unknown) => {
        const msg = parseWebviewMessage(raw);
        if (!msg) {
          deps.logger.warn(`mode preview: ignored an unexpected message ${JSON.stringify(raw)?.slice(0, 200)}`);
          return;
        }
        void this.handle(msg);
      }),
      deps.service.onDidChange((state) => {
        if (this.ready) {
          void this.onState(state, 'catalog');
        }
      }),
    );
  }

  private post(msg: HostMessage): Thenable<boolean> {
    return this.panel.webview.postMessage(msg);
  }

  private async assemblerOf(catalog: Catalog): Promise<PreviewAssembler> {
    if (this.assembler && this.assemblerFor === catalog) {
      return this.assembler;
    }
    const core = await loadCore();
    const { workspace, settings } = await this.deps.service.getSession();
    // Code mode is only offered when an isolated child can really start: the bridge's own probe (cached per binary).
    const report = await core.probeIsolation(settings.sandboxNodePath ?? 'node', { bundlePath: core.defaultSandboxBundle(), env: process.env });
    const base = core.previewBaseOf(catalog, workspace, { isolation: core.isolationStatusOf(report) });
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
    const assembly = assembler.assemble(this.prompt);
    const view = core.toPreviewView(assembly, catalog, { workspaceName: vscode.workspace.workspaceFolders?.[0]?.name ?? '', cause, previous: this.last });
    this.last = assembly;
    this.timings.push({ cause, assemblyMs: assembly.timing.ms });
    this.deps.logger.debug(`mode preview: ${cause} assembled in ${assembly.timing.ms.toFixed(1)} ms (${assembly.timing.tokenizedChars} characters tokenized)`);
    await this.post({ type: 'preview', view });
    // The first prompt needs the search index; build it now, after the first paint, not on the keystroke.
    if (assembler.index instanceof core.LazyIndex && !assembler.index.built) {
      const index = assembler.index;
      setTimeout(() => index.warm(), 50);
    }
  }

  private async currentCatalog(): Promise<Catalog> {
    return this.deps.service.getCatalog();
  }

  private async rawJson(mode: ModeName): Promise<string> {
    const core = await loadCore();
    const assembler = await this.assemblerOf(await this.currentCatalog());
    return core.rawRequestJson(assembler.preview(mode, this.prompt));
  }

  private async handle(msg: WebviewMessage): Promise<void> {
    try {
      switch (msg.type) {
        case 'ready':
          this.ready = true;
          this.prompt = msg.prompt.slice(0, MAX_PROMPT);
          await this.onState(await this.deps.service.getState(), 'open');
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
          await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(doc, 'json'), { viewColumn: vscode.ViewColumn.Beside, preview: true });
          return;
        }
        case 'openDefinition': {
          const origin = (await this.currentCatalog()).get(msg.toolId)?.origin;
          if (origin) {
            await vscode.commands.executeCommand('toolSearchInspector.openLocation', origin);
          }
          return;
        }
        case 'showLogs':
          await vscode.commands.executeCommand('toolSearchInspector.showLogs');
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

  dispose(): void {
    if (this.disposed) {
      return;
    }
    this.disposed = true;
    if (PreviewPanel.current === this) {
      PreviewPanel.current = undefined;
    }
    this.panel.dispose();
    for (const d of this.disposables.splice(0)) {
      d.dispose();
    }
  }
}

/** Brings the panel back after a window reload. */
export function registerPreviewPanelSerializer(deps: PreviewPanelDeps): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(PREVIEW_PANEL_VIEW_TYPE, {
    deserializeWebviewPanel(panel: vscode.WebviewPanel): Thenable<void> {
      PreviewPanel.revive(panel, deps);
      return Promise.resolve();
    },
  });
}
