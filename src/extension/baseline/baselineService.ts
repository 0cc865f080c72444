import * as vscode from 'vscode';
import type { Catalog } from '../../core/catalog/catalog';
import type { PreviewAssembler } from '../../core/modes/preview';
import type { SnapshotDiff } from '../../core/snapshot/diff';
import type { CatalogSnapshot } from '../../core/snapshot/snapshot';
import type { CatalogService, CatalogState } from '../catalogService';
import { loadCore } from '../coreLoader';
import type { Logger } from '../logger';
import { errorMessage } from '../../core/util/errors';
import { readBoundedUri } from '../boundedRead';
import { READ_LIMITS } from '../../core/util/readLimits';

/** Where "Save Catalog Baseline" writes, relative to the workspace folder (the CLI reads the same file). */
export const BASELINE_PATH = ['.openclaw', 'catalog-baseline.json'] as const;

/** The status of the live catalog against the saved baseline. */
export type BaselineMark =
  | { kind: 'none' }
  | { kind: 'same' }
  | { kind: 'differs'; diff: SnapshotDiff }
  | { kind: 'unreadable'; message: string };

/**
 * Snapshots of the live catalog, the saved baseline, and whether they
 * differ. A snapshot is taken only when a baseline exists or one is asked
 * for; the assembler (and its token cache) follows catalog rebuilds, so a
 * rebuild tokenizes only what changed.
 */
export class BaselineService implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly markChanged = new vscode.EventEmitter<BaselineMark>();
  readonly onDidChangeMark = this.markChanged.event;
  private assembler: PreviewAssembler | undefined;
  private assemblerFor: Catalog | undefined;
  private snapshotOf: { catalog: Catalog; snapshot: CatalogSnapshot } | undefined;
  private currentMark: BaselineMark = { kind: 'none' };
  private checking = 0;

  constructor(
    private readonly service: CatalogService,
    private readonly logger: Logger,
  ) {
    this.disposables.push(
      this.markChanged,
      service.onDidChange((state) => {
        if (state.kind === 'ready') {
          void this.recheck(state);
        }
      }),
    );
    // Any folder's baseline: the active root may change, and a recheck reads only the active root's.
    const watcher = vscode.workspace.createFileSystemWatcher(`**/${BASELINE_PATH.join('/')}`);
    const again = (): void => void this.recheck(this.service.state);
    this.disposables.push(watcher, watcher.onDidCreate(again), watcher.onDidChange(again), watcher.onDidDelete(again));
  }

  get mark(): BaselineMark {
    return this.currentMark;
  }

  baselineUri(): vscode.Uri | undefined {
    const folder = this.service.folder;
    return folder ? vscode.Uri.joinPath(folder.uri, ...BASELINE_PATH) : undefined;
  }

  /** The live catalog's snapshot (the same figures as the CLI's `snapshot`: code mode's child taken as available). */
  async current(): Promise<CatalogSnapshot> {
    const core = await loadCore();
    const { catalog, workspace } = await this.service.getSession();
    if (this.snapshotOf?.catalog === catalog) {
      return this.snapshotOf.snapshot;
    }
    if (this.assemblerFor !== catalog) {
      const base = core.previewBaseOf(catalog, workspace, { isolation: { ok: true } });
      this.assembler = this.assembler ? this.assembler.withBase(base) : new core.PreviewAssembler(base);
      this.assemblerFor = catalog;
    }
    const snapshot = core.takeSnapshot({ catalog, ws: workspace, assembler: this.assembler });
    this.snapshotOf = { catalog, snapshot };
    return snapshot;
  }

  /** Reads a snapshot file; throws with the file named when it is not one. */
  async read(uri: vscode.Uri): Promise<CatalogSnapshot> {
    const core = await loadCore();
    const bytes = await readBoundedUri(uri, READ_LIMITS.inputFileBytes);
    return core.parseSnapshot(new TextDecoder().decode(bytes), vscode.workspace.asRelativePath(uri));
  }

  /** The saved baseline, or undefined when none was saved. */
  async baseline(): Promise<CatalogSnapshot | undefined> {
    const uri = this.baselineUri();
    if (!uri) {
      return undefined;
    }
    try {
      await vscode.workspace.fs.stat(uri);
    } catch {
      return undefined;
    }
    return this.read(uri);
  }

  async saveBaseline(): Promise<vscode.Uri> {
    const uri = this.baselineUri();
    if (!uri) {
      throw new Error('open a folder to save a catalog baseline');
    }
    const core = await loadCore();
    const snapshot = await this.current();
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(core.serializeSnapshot(snapshot)));
    this.logger.info(`catalog baseline saved: ${vscode.workspace.asRelativePath(uri)} (${snapshot.tools.length} tools)`);
    this.setMark({ kind: 'same' });
    return uri;
  }

  async diff(a: CatalogSnapshot, aLabel: string): Promise<SnapshotDiff> {
    const core = await loadCore();
    return core.diffSnapshots(a, await this.current(), { a: aLabel, b: 'current catalog' });
  }

  private setMark(mark: BaselineMark): void {
    this.currentMark = mark;
    this.markChanged.fire(mark);
  }

  /** Compares the live catalog with the baseline, when both exist; the latest call wins. */
  async recheck(state: CatalogState): Promise<void> {
    const ticket = ++this.checking;
    try {
      const baseline = await this.baseline();
      if (!baseline || state.kind !== 'ready') {
        if (ticket === this.checking) {
          this.setMark({ kind: 'none' });
        }
        return;
      }
      const d = await this.diff(baseline, 'baseline');
      if (ticket === this.checking) {
        this.setMark(d.same ? { kind: 'same' } : { kind: 'differs', diff: d });
      }
    } catch (err) {
      if (ticket === this.checking) {
        this.setMark({ kind: 'unreadable', message: errorMessage(err) });
      }
    }
  }

  dispose(): void {
    for (const d of this.disposables) {
      d.dispose();
    }
  }
}

/** A one-line account of a diff, for the status bar's tooltip. */
export function diffSummary(d: SnapshotDiff): string {
  const parts: string[] = [];
  const count = (n: number, what: string): void => {
    if (n > 0) {
      parts.push(`${n} ${what}`);
    }
  };
  count(d.added.length, 'added');
  count(d.removed.length, 'removed');
  count(d.excluded.length, 'newly excluded');
  count(d.readmitted.length, 're-admitted');
  count(d.schemaChanged.length + d.descriptionChanged.length, 'schema or description changes');
  const direct = d.modes.find((m) => m.mode === 'direct');
  if (direct && direct.tokens.delta !== 0) {
    parts.push(`direct mode ${direct.tokens.delta > 0 ? '+' : ''}${direct.tokens.delta} tokens`);
  }
  if (d.context.length > 0) {
    parts.push(`${d.context.length} settings`);
  }
  return parts.length > 0 ? parts.join(', ') : 'per-mode payloads changed';
}
