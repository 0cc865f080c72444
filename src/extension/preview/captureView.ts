// Pure: a capture's progress and result as the Mode Preview panel draws it.
// No `vscode` here, so it is unit-tested like core.
import type { ModeCapture } from '../../core/capture/capture';
import { hostNetworkText } from '../../core/capture/captureLayer';
import { inspectorOnlyText, type CaptureCheck } from '../../core/capture/captureCheck';
import type { CaptureMode } from '../../core/capture/captureConfig';
import type { CaptureModeView, CaptureView } from '../../webview/shared/previewProtocol';

/** Every mode waiting, before the first turn starts. */
export function startedView(modes: readonly CaptureMode[], openclaw: string, modelled: string, prompt: string): CaptureView {
  return { status: 'running', openclaw, modelled, prompt, modes: modes.map((mode) => ({ mode, status: 'pending' })) };
}

/** One mode's turn started, waits for a turn slot, or ended; the others are kept as they were. */
export function withTurn(view: CaptureView, mode: CaptureMode, phase: 'start' | 'queued' | 'end', capture?: ModeCapture): CaptureView {
  const modes = view.modes.map((m): CaptureModeView => {
    if (m.mode !== mode) {
      return m;
    }
    if (phase === 'queued') {
      return { mode, status: 'queued' };
    }
    if (phase === 'start' || !capture) {
      return { mode, status: 'running' };
    }
    return { mode, status: capture.outcome, wallMs: capture.wallMs, ...(capture.error ? { error: capture.error } : {}) };
  });
  return { ...view, modes };
}

/** The finished capture with each mode's diff against the prediction. */
export function finishedView(view: CaptureView, check: CaptureCheck, captures: Partial<Record<CaptureMode, ModeCapture>>, wallMs: number, cancelled: boolean): CaptureView {
  const modes = view.modes.map((m): CaptureModeView => {
    const c = captures[m.mode];
    const k = check.modes[m.mode];
    if (!c) {
      return { mode: m.mode, status: 'cancelled', error: 'not run' };
    }
    return {
      mode: m.mode,
      status: c.outcome,
      wallMs: c.wallMs,
      ...(c.error ? { error: c.error } : {}),
      ...(k?.diff ? { diff: k.diff, matched: k.matched } : {}),
      ...(k?.inspectorOnly && k.inspectorOnly.length > 0 ? { inspectorOnly: inspectorOnlyText(k.inspectorOnly) } : {}),
    };
  });
  const failed = modes.filter((m) => m.status !== 'ok');
  // Turns failing for one reason (an unknown agent, a config OpenClaw refuses) say it once.
  const reasons = [...new Set(failed.map((m) => m.error ?? m.status))];
  const message = cancelled
    ? 'Cancelled: every turn was stopped.'
    : failed.length > 0
      ? `capture failed: ${reasons.length === 1 ? `${failed.map((m) => m.mode).join(', ')}: ${reasons[0] ?? ''}` : failed.map((m) => `${m.mode}: ${m.error ?? m.status}`).join('; ')}`
      : check.matched
        ? `The prediction equals what OpenClaw ${check.captured} sent, in every mode.`
        : `The prediction differs from what OpenClaw ${check.captured} sent.`;
  // Every turn of one capture runs behind the same layer: the first that reports it speaks for all.
  const contained = Object.values(captures).find((c) => c?.containment)?.containment;
  const containment = contained ? { writes: contained.text, network: contained.network?.text ?? hostNetworkText() } : undefined;
  return { ...view, status: cancelled ? 'cancelled' : failed.length > 0 ? 'failed' : 'done', message, modes, wallMs, ...(containment ? { containment } : {}) };
}

export function refusedView(message: string): CaptureView {
  return { status: 'refused', message, modes: [] };
}

/**
 * The notification's line while turns run: `code running · tools waiting for
 * a turn slot · 1 of 4 modes done`.
 */
export function progressText(view: CaptureView): string {
  const done = view.modes.filter((m) => m.status !== 'pending' && m.status !== 'queued' && m.status !== 'running').length;
  const running = view.modes.filter((m) => m.status === 'running').map((m) => m.mode);
  const queued = view.modes.filter((m) => m.status === 'queued').map((m) => m.mode);
  return `${running.length > 0 ? `${running.join(', ')} running · ` : ''}${queued.length > 0 ? `${queued.join(', ')} waiting for a turn slot · ` : ''}${done} of ${view.modes.length} modes done`;
}
