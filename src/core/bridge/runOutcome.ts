import type { RunReport } from './runReport';

/**
 * How a run ended, as one message. A run has exactly one outcome: a cancel
 * is not also a failure, and a timeout is not also a cancel, whatever the
 * error text the bridge attached.
 */
export type RunOutcomeKind = 'ok' | 'error' | 'timeout' | 'cancelled';

/** Why an `error` run stopped, when it was not the snippet throwing. */
export type RunErrorCause = 'thrown' | 'memory' | 'crash' | 'isolation';

export interface RunOutcome {
  kind: RunOutcomeKind;
  cause?: RunErrorCause;
  /** The one sentence the trace shows and the log prints. */
  title: string;
  /** The snippet's own error text, for `error` only (the other kinds say everything in the title). */
  detail?: string;
}

/** The bridge's prefix on errors it made itself (not the snippet's). */
const BRIDGE_PREFIX = /^bridge: /;

/**
 * The outcome of a report. `cancelledByUser` is the editor's own knowledge
 * that the user pressed Cancel: a report that finished first stays what it
 * was, and one the cancel stopped is `cancelled` even when a refused call
 * made the snippet throw before the kill landed.
 */
export function runOutcome(report: Pick<RunReport, 'ok' | 'error' | 'stoppedBy' | 'durationMs'>, cancelledByUser = false): RunOutcome {
  const after = `after ${report.durationMs} ms`;
  if (report.ok) {
    return { kind: 'ok', title: `Returned ${after}.` };
  }
  if (report.stoppedBy === 'cancelled' || cancelledByUser) {
    return { kind: 'cancelled', title: `Cancelled by you ${after}; the sandbox child was stopped and later calls were refused.` };
  }
  if (report.stoppedBy === 'timeout') {
    return { kind: 'timeout', title: `Stopped at the deadline ${after}; the sandbox child was killed.` };
  }
  const error = (report.error ?? 'the run failed').replace(BRIDGE_PREFIX, '');
  switch (report.stoppedBy) {
    case 'memory':
      return { kind: 'error', cause: 'memory', title: 'Stopped: the snippet used too much memory.', detail: error };
    case 'crash':
      return { kind: 'error', cause: 'crash', title: 'Stopped: the sandbox child died before the snippet finished.', detail: error };
    case 'isolation':
      return { kind: 'error', cause: 'isolation', title: 'Nothing ran: no isolated child could be started.', detail: error };
    default:
      return { kind: 'error', cause: 'thrown', title: `The snippet threw ${after}.`, detail: error };
  }
}
