// The Bridge Trace panel's run history: the last runs, newest first, each
// with the view it showed so picking one shows it again. Pure (no vscode):
// the panel owns one; a document-bound run model elsewhere can feed it the
// same way (`add` per finished run).
import type { RunHistoryItem, TraceReportView } from '../../webview/shared/traceProtocol';

export const RUN_HISTORY_SIZE = 20;

export class RunHistory {
  private readonly runs: { item: RunHistoryItem; view: TraceReportView }[] = [];
  private nextId = 1;

  constructor(private readonly size = RUN_HISTORY_SIZE) {}

  /** Records a finished run; the oldest falls off past `size`. Returns its id. */
  add(view: TraceReportView): number {
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
    this.runs.unshift({ item, view });
    this.runs.length = Math.min(this.runs.length, this.size);
    return id;
  }

  /** Newest first. */
  items(): RunHistoryItem[] {
    return this.runs.map((r) => r.item);
  }

  view(id: number): TraceReportView | undefined {
    return this.runs.find((r) => r.item.id === id)?.view;
  }

  get length(): number {
    return this.runs.length;
  }
}
