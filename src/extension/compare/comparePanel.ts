import * as vscode from 'vscode';
import { parseWebviewMessage, type CaptureRunning, type CompareView, type HostMessage, type LaneName, type SetupView, type WebviewMessage } from '../../webview/shared/compareProtocol';
import { OPEN_SETTINGS } from '../commandIds';
import { PanelBase, PanelRegistry, type PanelSpec } from '../panels/panelBase';
import type { CompareRunner } from './compareRunner';
import { errorMessage } from '../../core/util/errors';

export const COMPARE_PANEL_VIEW_TYPE = 'toolSearchInspector.compare';

const SPEC: PanelSpec = {
  viewType: COMPARE_PANEL_VIEW_TYPE,
  page: { title: 'Compare: Direct vs Tool Search', script: 'comparePanel.js', stylesheet: 'comparePanel.css', extraStyles: [['codicons', 'codicon.css']], placeholder: 'Preparing the comparison…' },
  column: vscode.ViewColumn.Active,
};

// Set by `show` before it makes a panel.
let pendingRunner: CompareRunner | undefined;
const registry = new PanelRegistry<ComparePanel>(SPEC, (panel) => {
  if (!pendingRunner) {
    throw new Error('the Compare panel is made outside ComparePanel.show');
  }
  return new ComparePanel(panel, pendingRunner);
});

/**
 * The Compare panel: the same turn in direct mode and with Tool Search,
 * side by side. One per window; runs start from its form or from the
 * command, and stream their state here (running, result, cancelled).
 */
export class ComparePanel extends PanelBase {
  private ready = false;
  private closed = false;
  private readonly queue: HostMessage[] = [];
  private waiters: (() => void)[] = [];

  static get open(): ComparePanel | undefined {
    return registry.get();
  }

  static show(runner: CompareRunner): ComparePanel {
    pendingRunner = runner;
    const p = registry.createOrShow(runner.extensionUri, '', 'Compare: Direct vs Tool Search');
    pendingRunner = undefined;
    return p;
  }

  constructor(
    panel: vscode.WebviewPanel,
    private readonly runner: CompareRunner,
  ) {
    super(panel, runner.extensionUri, SPEC);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((raw: unknown) => {
        const msg = parseWebviewMessage(raw);
        if (!msg) {
          runner.logger.warn(`compare panel: ignored an unexpected message ${JSON.stringify(raw)?.slice(0, 200)}`);
          return;
        }
        void this.handle(msg);
      }),
    );
    // Closing the panel is the end of interest in the run: stop it rather than leave it calling tools unseen.
    this.onDidDispose(() => {
      this.closed = true;
      runner.cancel();
    });
  }

  /** Resolves once the webview has said `ready` (messages posted before are queued, not lost). */
  whenReady(): Promise<void> {
    return this.ready ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  post(msg: HostMessage): void {
    if (this.closed) {
      return;
    }
    if (!this.ready) {
      this.queue.push(msg);
      return;
    }
    void this.panel.webview.postMessage(msg);
  }

  setup(setup: SetupView): void {
    this.post({ type: 'setup', setup });
  }

  running(provider: string, lane?: LaneName, laneMode?: string): void {
    this.post({ type: 'running', provider, ...(lane ? { lane } : {}), ...(laneMode ? { laneMode } : {}) });
  }

  capturing(provider: string, capture: CaptureRunning): void {
    this.post({ type: 'running', provider, capture });
  }

  result(view: CompareView): void {
    this.post({ type: 'result', view });
  }

  private async handle(msg: WebviewMessage): Promise<void> {
    try {
      switch (msg.type) {
        case 'ready': {
          this.ready = true;
          this.post({ type: 'setup', setup: await this.runner.setupView() });
          for (const m of this.queue.splice(0)) {
            this.post(m);
          }
          for (const w of this.waiters.splice(0)) {
            w();
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
          this.post({ type: 'setup', setup: await this.runner.setupView() });
          return;
        case 'openSettings':
          await vscode.commands.executeCommand(OPEN_SETTINGS, 'toolSearchInspector.compare');
          return;
      }
    } catch (err) {
      const message = this.runner.redact(errorMessage(err));
      this.runner.logger.error(`compare panel: ${message}`);
      this.post({ type: 'error', message });
    }
  }
}
