import * as vscode from 'vscode';
import { parseWebviewMessage, type CaptureRunning, type CompareView, type HostMessage, type LaneName, type SetupView, type WebviewMessage } from '../../webview/shared/compareProtocol';
import { OPEN_SETTINGS } from '../commandIds';
import { PanelBase, PanelRegistry, type PanelSpec } from '../panels/panelBase';
import type { CompareRunner } from './compareRunner';
import { errorMessage } from '../../core/util/errors';

export const COMPARE_PANEL_VIEW_TYPE = 'toolSearchInspector.compare';

const SPEC: PanelSpec<WebviewMessage> = {
  viewType: COMPARE_PANEL_VIEW_TYPE,
  name: 'compare panel',
  parse: parseWebviewMessage,
  // Runs stream their state from the command before the page has loaded.
  beforeReady: 'queue',
  page: { title: 'Compare: Direct vs Tool Search', script: 'comparePanel.js', stylesheet: 'comparePanel.css', extraStyles: [['codicons', 'codicon.css']], placeholder: 'Preparing the comparison…' },
  column: vscode.ViewColumn.Active,
};

const registry = new PanelRegistry<ComparePanel, CompareRunner>(SPEC, (panel, runner) => new ComparePanel(panel, runner));

/**
 * The Compare panel: the same turn in direct mode and with Tool Search,
 * side by side. One per window; runs start from its form or from the
 * command, and stream their state here (running, result, cancelled).
 */
export class ComparePanel extends PanelBase<WebviewMessage, HostMessage> {

  static get open(): ComparePanel | undefined {
    return registry.get();
  }

  /** Brings the panel back after a window reload; its `ready` then shows the folder's kept result (`CompareRunner.keptView`). */
  static registerSerializer(runner: CompareRunner): vscode.Disposable {
    registry.use(runner);
    return registry.registerSerializer(runner.extensionUri);
  }

  static show(runner: CompareRunner): ComparePanel {
    registry.use(runner);
    return registry.createOrShow(runner.extensionUri, '', 'Compare: Direct vs Tool Search');
  }

  constructor(
    panel: vscode.WebviewPanel,
    private readonly runner: CompareRunner,
  ) {
    super(panel, runner.extensionUri, SPEC, runner.logger);
    // Closing the panel is the end of interest in the run: stop it rather than leave it calling tools unseen.
    this.onDidDispose(() => runner.cancel());
  }

  /** Shows `msg` (queued until the webview is ready; dropped once the panel is closed). */
  send(msg: HostMessage): void {
    void this.post(msg);
  }

  setup(setup: SetupView): void {
    this.send({ type: 'setup', setup });
  }

  running(provider: string, lane?: LaneName, laneMode?: string): void {
    this.send({ type: 'running', provider, ...(lane ? { lane } : {}), ...(laneMode ? { laneMode } : {}) });
  }

  capturing(provider: string, capture: CaptureRunning): void {
    this.post({ type: 'running', provider, capture });
  }

  result(view: CompareView): void {
    this.send({ type: 'result', view });
  }

  protected async handle(msg: WebviewMessage): Promise<void> {
    try {
      switch (msg.type) {
        case 'ready': {
          // What was posted before `ready` follows this (PanelBase keeps it in order).
          await this.post({ type: 'setup', setup: await this.runner.setupView() });
          // A reopened panel or a reloaded window shows the folder's last result, marked stale if the config changed.
          // It goes as `kept`, which the page applies only while it has shown nothing of a run: reading it waits for
          // the catalog, and a run started meanwhile may already have posted its own states.
          const kept = await this.runner.keptView();
          if (kept) {
            await this.post({ type: 'kept', view: kept });
          }
          return;
        }
        case 'run':
          await this.runner.run({ provider: msg.provider, prompt: msg.prompt, real: msg.real });
          return;
        case 'checkReal':
          await this.runner.checkReal();
          return;
        case 'cancel':
          this.runner.cancel();
          return;
        case 'openSessionLog':
          await this.runner.openSessionLog(msg.lane);
          return;
        case 'setApiKey':
          await this.runner.setApiKey();
          await this.post({ type: 'setup', setup: await this.runner.setupView() });
          return;
        case 'openSettings':
          await vscode.commands.executeCommand(OPEN_SETTINGS, 'toolSearchInspector.compare');
          return;
      }
    } catch (err) {
      const message = this.runner.redact(errorMessage(err));
      this.runner.logger.error(`compare panel: ${message}`);
      await this.post({ type: 'error', message });
    }
  }
}
