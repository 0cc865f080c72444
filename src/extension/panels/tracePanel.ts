import * as vscode from 'vscode';
import { besideColumn } from './besideColumn';
import { COMMANDS } from '../commandIds';
import type { Logger } from '../logger';
import {
  parseTraceWebviewMessage,
  type TraceCapabilities,
  type TraceHostMessage,
  type TraceReportView,
  type TraceWebviewMessage,
} from '../../webview/shared/traceProtocol';
import { PanelBase, PanelRegistry, type PanelSpec } from './panelBase';
import type { KeptStore } from '../keptResult';
import { RunHistory } from './traceHistory';

export const TRACE_PANEL_VIEW_TYPE = 'toolSearchInspector.bridgeTrace';

export const TRACE_PAGE: PanelSpec['page'] = { title: 'Bridge Trace', script: 'tracePanel.js', stylesheet: 'tracePanel.css', placeholder: 'Waiting for the run…', extraStyles: [['codicons', 'codicon.css']] };

const SPEC: PanelSpec<TraceWebviewMessage> = {
  viewType: TRACE_PANEL_VIEW_TYPE,
  name: 'bridge trace',
  parse: parseTraceWebviewMessage,
  // The panel sends its run state on `ready`, after its own awaits: a state kept from before `ready` and sent after
  // them could be older than one sent meanwhile (a "Running…" that arrived after the run's report stayed up).
  beforeReady: 'drop',
  readyAgainWhenShown: true,
  page: TRACE_PAGE,
  column: () => ({ viewColumn: besideColumn(), preserveFocus: false }),
  revealPreservingFocus: true,
};

// How the panel's Save Trace writes a report (plugged in by the saved-traces module), and the window's run
// history: one for every Bridge Trace panel, kept in the workspace's storage with the config each run was made against.
const host: {
  save?: (report: TraceReportView) => Promise<unknown>;
  history?: RunHistory;
  kept?: KeptStore;
  configKey?: () => Promise<string | undefined>;
} = {};

const HISTORY_KEY = 'toolSearchInspector.bridgeTraceHistory';
/** The kept history is bounded: a run's trace can be large, and storage stays small. */
const MAX_KEPT_CHARS = 2_000_000;

function history(): RunHistory {
  host.history ??= RunHistory.restore(host.kept?.get(HISTORY_KEY));
  return host.history;
}

/**
 * Keeps the run history in the workspace's storage (a reopened panel and a
 * reloaded window show it), each run with the key of the config it ran
 * against (`configKey` gives the current one): a run made before the config
 * changed is marked stale.
 */
export function keepTraceHistory(kept: KeptStore, configKey: () => Promise<string | undefined>): vscode.Disposable {
  host.kept = kept;
  host.configKey = configKey;
  host.history = undefined;
  return new vscode.Disposable(() => {
    host.kept = undefined;
    host.configKey = undefined;
    host.history = undefined;
  });
}

async function currentKey(): Promise<string | undefined> {
  try {
    return await host.configKey?.();
  } catch {
    // No catalog to compare with (no folder, an unusable config): nothing is marked stale.
    return undefined;
  }
}
const registry = new PanelRegistry<TracePanel, { uri: vscode.Uri; log: Logger }>(SPEC, (panel, { uri, log }) => new TracePanel(panel, uri, log));

/** Which of the optional commands exist now. */
export async function traceCommandsAvailable(): Promise<Pick<TraceCapabilities, 'rerun' | 'reveal'>> {
  const all = new Set(await vscode.commands.getCommands(true));
  // Commands other parts of the extension may provide: the panel offers what exists, so it degrades.
  return { rerun: all.has(COMMANDS.rerunBridgeSnippet), reveal: all.has(COMMANDS.revealSnippetLine) };
}

/**
 * What a trace webview (the panel, or a saved trace's editor) may ask of the
 * host, beside `ready` and `showRun`: re-run a document, reveal a snippet
 * line, save. Each runs only when its command exists.
 */
export async function handleTraceAction(msg: TraceWebviewMessage, report: TraceReportView | undefined, log: Logger | undefined): Promise<void> {
  const { rerun, reveal } = await traceCommandsAvailable();
  switch (msg.type) {
    case 'rerun':
      if (rerun) {
        await vscode.commands.executeCommand(COMMANDS.rerunBridgeSnippet, msg.documentUri);
      } else {
        void vscode.window.showInformationMessage('Re-run needs the document-bound bridge runs; run the snippet again with "Tool Search: Run Bridge Snippet".');
      }
      return;
    case 'reveal':
      if (reveal) {
        await vscode.commands.executeCommand(COMMANDS.revealSnippetLine, msg.documentUri, msg.line);
      } else {
        await vscode.window.showTextDocument(vscode.Uri.parse(msg.documentUri), { selection: new vscode.Range(msg.line - 1, 0, msg.line - 1, 0), preserveFocus: false, preview: true });
      }
      return;
    case 'save':
      if (report && host.save) {
        await host.save(report);
      }
      return;
    default:
      log?.debug(`bridge trace: ${msg.type} is handled by the panel`);
  }
}

/**
 * The Bridge Trace panel: one per window, reused by every run, with the last
 * runs' history. Messages wait for the webview's `ready`; only the latest
 * report matters, so it is kept, not queued. After a reload the webview shows
 * the last report from its own saved state.
 */
export class TracePanel extends PanelBase<TraceWebviewMessage, TraceHostMessage> {
  /** The report shown (tests and the command's return read it). */
  report: TraceReportView | undefined;
  private shownId: number | undefined;
  /** The run's state the page shows: running, refused, or a report (re-sent whole on every `ready`). */
  private current: TraceHostMessage | undefined;
  /** Cancels the run in progress (the panel's own Cancel button); cleared when its report arrives. */
  private cancelRun: (() => void) | undefined;
  get history(): RunHistory {
    return history();
  }

  static get open(): TracePanel | undefined {
    return registry.get();
  }

  static show(uri: vscode.Uri, log: Logger): TracePanel {
    registry.use({ uri, log });
    return registry.createOrShow(uri, '', 'Bridge Trace');
  }

  constructor(panel: vscode.WebviewPanel, uri: vscode.Uri, private readonly log: Logger | undefined) {
    super(panel, uri, SPEC, log);
  }

  protected async handle(msg: TraceWebviewMessage): Promise<void> {
    if (msg.type === 'ready') {
      const caps = await traceCommandsAvailable();
      void this.post({ type: 'capabilities', capabilities: { ...caps, save: true } });
      void this.post({ type: 'history', runs: this.history.items() });
      // The run's state last, as it is now: anything sent during the awaits above is older or the same.
      if (this.current) {
        void this.post(this.current);
      }
      // Which runs are stale needs the current config's key (it may wait for a catalog build): marked after, never in the way.
      void currentKey().then((key) => {
        if (key !== undefined && !this.isDisposed) void this.post({ type: 'history', runs: this.history.items(key) });
      });
      return;
    }
    if (msg.type === 'cancel') {
      this.cancelRun?.();
      this.cancelRun = undefined;
      return;
    }
    if (msg.type === 'showRun') {
      const view = this.history.view(msg.id, await currentKey());
      if (view) {
        this.report = view;
        this.shownId = msg.id;
        this.current = this.reportMessage();
        void this.post(this.current);
      }
      return;
    }
    await handleTraceAction(msg, this.report, this.log);
  }

  private reportMessage(): TraceHostMessage {
    if (!this.report) {
      throw new Error('no report to show');
    }
    return { type: 'report', report: this.report, ...(this.shownId !== undefined ? { historyId: this.shownId } : {}) };
  }

  /** A run started; `cancel` stops it (offered as a button in the panel). */
  running(source: string, cancel?: () => void): void {
    this.cancelRun = cancel;
    this.current = { type: 'running', source, ...(cancel ? { cancellable: true } : {}) };
    void this.post(this.current);
  }

  /** A run that could not start: the panel says why instead of showing a run in progress. */
  failed(message: string): void {
    this.cancelRun = undefined;
    this.current = { type: 'error', message };
    void this.post(this.current);
  }

  /** Shows a finished run and records it in the history (with the key of the config it ran against), kept in storage. */
  showReport(report: TraceReportView, configKey?: string): void {
    this.cancelRun = undefined;
    this.report = report;
    this.shownId = this.history.add(report, configKey);
    void host.kept?.update(HISTORY_KEY, this.history.stored(MAX_KEPT_CHARS));
    if (this.isReady) {
      void this.post({ type: 'history', runs: this.history.items(configKey) });
    }
    this.current = this.reportMessage();
    void this.post(this.current);
  }
}

/** The serializer that brings the panel back after a window reload. */
export function registerTracePanel(uri: vscode.Uri, log: Logger): vscode.Disposable {
  registry.use({ uri, log });
  return registry.registerSerializer(uri);
}

/** How the panel's Save Trace writes a report (the saved-traces module plugs it in). */
export function setTraceSaver(save: (report: TraceReportView) => Promise<unknown>): void {
  host.save = save;
}
