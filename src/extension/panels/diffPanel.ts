import * as vscode from 'vscode';
import type { SnapshotDiff } from '../../core/snapshot/diff';
import type { CatalogSnapshot } from '../../core/snapshot/snapshot';
import { parseWebviewMessage, type HostMessage, type WebviewMessage } from '../../webview/shared/diffProtocol';
import type { BaselineService } from '../baseline/baselineService';
import { toDiffView } from '../baseline/diffView';
import type { CatalogService } from '../catalogService';
import { COMMANDS } from '../commandIds';
import { loadCore } from '../coreLoader';
import type { Logger } from '../logger';
import { PanelBase, PanelRegistry, type PanelSpec } from './panelBase';
import { errorMessage } from '../../core/util/errors';

export const DIFF_PANEL_VIEW_TYPE = 'toolSearchInspector.catalogDiff';

export interface DiffPanelDeps {
  extensionUri: vscode.Uri;
  service: CatalogService;
  baselines: BaselineService;
  logger: Logger;
}

/** What the panel compares the live catalog with. */
export interface DiffTarget {
  /** `baseline`: the saved baseline, re-read on every render (it may be saved again); `file`: a snapshot file read once. */
  kind: 'baseline' | 'file';
  label: string;
  snapshot?: CatalogSnapshot;
}

const SPEC: PanelSpec<WebviewMessage> = {
  viewType: DIFF_PANEL_VIEW_TYPE,
  name: 'catalog diff',
  parse: parseWebviewMessage,
  page: { title: 'Catalog Diff', script: 'diffPanel.js', stylesheet: 'diffPanel.css', extraStyles: [['codicons', 'codicon.css']], placeholder: 'Comparing the catalog…' },
  column: vscode.ViewColumn.Active,
};

// Given by `show`: the target is what that call asked for.
const registry = new PanelRegistry<DiffPanel, { deps: DiffPanelDeps; target: DiffTarget }>(SPEC, (panel, { deps, target }) => new DiffPanel(panel, deps, target));

/**
 * The Catalog Diff panel: what changed from a baseline (or any snapshot
 * file) to the live catalog. One per window; it follows the catalog, so an
 * edited config shows up as soon as the catalog is rebuilt. It has no
 * serializer: the target (a snapshot file) is not kept across a reload.
 */
export class DiffPanel extends PanelBase<WebviewMessage, HostMessage> {
  private last: SnapshotDiff | undefined;
  /** Paint times reported by the webview, for tests. */
  readonly renders: number[] = [];

  static get open(): DiffPanel | undefined {
    return registry.get();
  }

  /** Opens the panel on `target`, or points the open one at it and renders again. */
  static show(deps: DiffPanelDeps, target: DiffTarget): DiffPanel {
    const existing = registry.get();
    if (existing) {
      existing.target = target;
    }
    registry.use({ deps, target });
    const p = registry.createOrShow(deps.extensionUri, '', 'Catalog Diff');
    if (p === existing) {
      void p.render();
    }
    return p;
  }

  constructor(
    panel: vscode.WebviewPanel,
    private readonly deps: DiffPanelDeps,
    private target: DiffTarget,
  ) {
    super(panel, deps.extensionUri, SPEC, deps.logger);
    this.disposables.push(
      deps.service.onDidChange((state) => {
        if (!this.isReady) {
          return;
        }
        if (state.kind === 'ready') {
          void this.render();
        } else if (state.kind === 'loading') {
          void this.post({ type: 'loading' });
        } else if (state.kind === 'error') {
          void this.post({ type: 'error', message: state.message });
        }
      }),
    );
  }

  private async left(): Promise<CatalogSnapshot> {
    if (this.target.kind === 'file' && this.target.snapshot) {
      return this.target.snapshot;
    }
    const baseline = await this.deps.baselines.baseline();
    if (!baseline) {
      throw new Error('no catalog baseline is saved yet: run "Tool Search: Save Catalog Baseline" first');
    }
    return baseline;
  }

  async render(): Promise<void> {
    if (!this.isReady) {
      return;
    }
    try {
      const d = await this.deps.baselines.diff(await this.left(), this.target.label);
      this.last = d;
      await this.post({ type: 'diff', view: toDiffView(d, this.target.kind === 'baseline') });
    } catch (err) {
      await this.post({ type: 'error', message: errorMessage(err) });
    }
  }

  protected async handle(msg: WebviewMessage): Promise<void> {
    try {
      switch (msg.type) {
        case 'ready':
          await this.render();
          return;
        case 'refresh':
          await this.post({ type: 'loading' });
          await this.deps.service.refresh('catalog diff');
          return;
        case 'copyMarkdown': {
          if (this.last) {
            const core = await loadCore();
            await vscode.env.clipboard.writeText(core.diffMarkdown(this.last));
            void vscode.window.setStatusBarMessage('Copied the catalog diff as Markdown', 3000);
          }
          return;
        }
        case 'saveBaseline':
          await this.deps.baselines.saveBaseline();
          this.target = { kind: 'baseline', label: 'baseline' };
          await this.render();
          return;
        case 'openRule':
          await vscode.commands.executeCommand(COMMANDS.openLocation, { file: msg.file, line: msg.line });
          return;
        case 'rendered':
          this.renders.push(msg.ms);
          return;
      }
    } catch (err) {
      await this.deps.logger.showError('Catalog Diff', err);
    }
  }
}
