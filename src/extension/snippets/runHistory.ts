// The run history of bridge snippets: the last runs, newest first. Plain
// data and no vscode, so the trace panel (and tests) can read it as is.

/** How a run ended: `ok`, the snippet's own error, or what stopped it. */
export type SnippetRunOutcome = 'ok' | 'error' | 'timeout' | 'cancelled' | 'memory' | 'crash' | 'isolation';

export interface SnippetRunRecord {
  /** Counts up from 1 in this window. */
  id: number;
  /** The document the run came from, as a URI string (`file:`, `untitled:`...); re-run it with `toolSearchInspector.rerunBridgeSnippet`. */
  uri: string;
  /** What the run is called: the file's base name, or `selection of <name> (lines a-b)`. */
  label: string;
  /** Document line = snippet line + lineOffset (a selection starts below line 1). */
  lineOffset: number;
  outcome: SnippetRunOutcome;
  /** The run's error, for outcomes other than `ok`. */
  error?: string;
  /** The 1-based document line the error belongs to, when known. */
  errorLine?: number;
  /** Epoch milliseconds when the run started. */
  startedAt: number;
  durationMs: number;
}

/** What other parts of the extension read: the trace panel's history list, re-run buttons. */
export interface SnippetRunsApi {
  /** Newest first, at most `SNIPPET_HISTORY_LIMIT`. */
  list(): readonly SnippetRunRecord[];
  /** The newest run of one document (URI string), if any is kept. */
  lastFor(uri: string): SnippetRunRecord | undefined;
  /** Called after every change with the new list. */
  onDidChange(listener: (runs: readonly SnippetRunRecord[]) => void): { dispose(): void };
}

export const SNIPPET_HISTORY_LIMIT = 20;

export class SnippetRunHistory implements SnippetRunsApi {
  private runs: SnippetRunRecord[] = [];
  private nextId = 1;
  private readonly listeners = new Set<(runs: readonly SnippetRunRecord[]) => void>();

  constructor(private readonly limit = SNIPPET_HISTORY_LIMIT) {}

  add(run: Omit<SnippetRunRecord, 'id'>): SnippetRunRecord {
    const record: SnippetRunRecord = { id: this.nextId++, ...run };
    this.runs = [record, ...this.runs].slice(0, this.limit);
    const snapshot = this.list();
    for (const l of this.listeners) {
      l(snapshot);
    }
    return record;
  }

  list(): readonly SnippetRunRecord[] {
    return [...this.runs];
  }

  lastFor(uri: string): SnippetRunRecord | undefined {
    return this.runs.find((r) => r.uri === uri);
  }

  onDidChange(listener: (runs: readonly SnippetRunRecord[]) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
}

export function outcomeOf(report: { ok: boolean; stoppedBy?: Exclude<SnippetRunOutcome, 'ok' | 'error'> }): SnippetRunOutcome {
  return report.ok ? 'ok' : (report.stoppedBy ?? 'error');
}
