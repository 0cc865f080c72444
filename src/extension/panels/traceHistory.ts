// The Bridge Trace panel's run history: the last runs, newest first, each
// with the view it showed so picking one shows it again. Pure (no vscode):
// one per window, shared by every Bridge Trace panel, kept in the
// workspace's storage across a window reload (issue 41, part 5).
import { isHistoryItem, isTraceReportView, type RunHistoryItem, type TraceReportView } from '../../webview/shared/traceProtocol';

export const RUN_HISTORY_SIZE = 20;

export const RUN_STALE_MESSAGE = 'Stale: the config changed since this run; run the snippet again to see the current catalog.';

interface Run {
  item: RunHistoryItem;
  view: TraceReportView;
  /** The config the run was made against (`configKeyOf`), when known. */
  configKey?: string;
}

/** The history as kept in storage: newest first. */
export interface StoredHistory {
  runs: Run[];
}

export class RunHistory {
  private readonly runs: Run[] = [];
  private nextId = 1;

  constructor(private readonly size = RUN_HISTORY_SIZE) {}

  /**
   * The history kept in storage, checked run by run (nothing read back is
   * trusted: a run whose shape is not the protocol's is dropped).
   */
  static restore(stored: unknown, size = RUN_HISTORY_SIZE): RunHistory {
    const h = new RunHistory(size);
    const runs = stored !== null && typeof stored === 'object' && Array.isArray((stored as { runs?: unknown }).runs) ? (stored as { runs: unknown[] }).runs : [];
    for (const r of runs.slice(0, size)) {
      if (r === null || typeof r !== 'object') continue;
      const { item, view, configKey } = r as Partial<Run>;
      if (isHistoryItem(item) && isTraceReportView(view) && (configKey === undefined || typeof configKey === 'string')) {
        h.runs.push({ item, view, ...(configKey !== undefined ? { configKey } : {}) });
        h.nextId = Math.max(h.nextId, item.id + 1);
      }
    }
    return h;
  }

  /** Records a finished run; the oldest falls off past `size`. Returns its id. */
  add(view: TraceReportView, configKey?: string): number {
    const id = this.nextId++;
    const item: RunHistoryItem = {
      id,
      source: view.source,
      ...(view.documentUri ? { documentUri: view.documentUri } : {}),
      outcome: view.outcome.kind,
      title: view.outcome.title,
      at: view.at ?? new Date(0).toISOString(),
      durationMs: view.durationMs,
    };
    this.runs.unshift({ item, view, ...(configKey !== undefined ? { configKey } : {}) });
    this.runs.length = Math.min(this.runs.length, this.size);
    return id;
  }

  /** Newest first; with the current config's key, a run made against another config is marked stale. */
  items(configKey?: string): RunHistoryItem[] {
    return this.runs.map((r) => (this.isStale(r, configKey) ? { ...r.item, stale: true } : r.item));
  }

  view(id: number, configKey?: string): TraceReportView | undefined {
    const r = this.runs.find((x) => x.item.id === id);
    return r && (this.isStale(r, configKey) ? { ...r.view, stale: RUN_STALE_MESSAGE } : r.view);
  }

  get length(): number {
    return this.runs.length;
  }

  /** What storage keeps: the newest runs whose JSON fits in `maxChars` (a run's trace can be large). */
  stored(maxChars: number): StoredHistory {
    const runs: Run[] = [];
    let chars = 0;
    for (const r of this.runs) {
      const n = JSON.stringify(r).length;
      if (chars + n > maxChars) break;
      runs.push(r);
      chars += n;
    }
    return { runs };
  }

  private isStale(r: Run, configKey: string | undefined): boolean {
    return configKey !== undefined && r.configKey !== undefined && r.configKey !== configKey;
  }
}
