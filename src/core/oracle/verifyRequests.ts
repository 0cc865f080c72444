import type { CaptureOutcome, CaptureReport } from '../capture/capture';
import { checkCapture, checkedAgainst, checkLines, type CheckedAgainst } from '../capture/captureCheck';
import type { CaptureMode } from '../capture/captureConfig';
import type { RequestDiff } from '../capture/requestDiff';
import type { RequestSide } from '../capture/turnPrediction';
import { classify, type Difference } from './differences';

/**
 * `verify`'s differential against real runs: one real OpenClaw turn per mode
 * (`captureTurns`), each compared with the product's prediction of that
 * turn's request (`predictTurns`, made in the turn's own environment) by the
 * structural diff (`diffRequests`). Pure: the caller runs the turns and the
 * prediction. Every part that differs is a `request` difference, so it counts
 * like a difference of any other suite.
 */

/** One mode's verdict: whether the turn ran, and whether its first request equals the prediction. */
export interface RealModeVerdict {
  outcome: CaptureOutcome;
  matched: boolean;
  /** Why it was not compared (the turn failed, or sent no request). */
  error?: string;
  /** One line for people, as `capture --diff` prints it. */
  line: string;
  diff?: RequestDiff;
}

export interface RealVerify {
  prompt: string;
  provider: { id: string; model: string };
  /** True when every mode's turn ran and its request equals the prediction, and the versions are the same. */
  matched: boolean;
  modes: Partial<Record<CaptureMode, RealModeVerdict>>;
  checkedAgainst: CheckedAgainst;
  wallMs: number;
  /** Connections the network guard refused, by mode (none expected). */
  networkRefused: Partial<Record<CaptureMode, string[]>>;
}

function difference(mode: CaptureMode, part: string, field: string, ours: unknown, openclaw: unknown, detail?: string): Difference {
  return classify({ suite: 'request', subject: `${mode} ${part}`, field, ours, openclaw, ...(detail ? { detail } : {}), facts: { mode, part } });
}

/** Each part of one mode's diff that differs, from predicted (ours) to real (OpenClaw's). */
export function requestDifferences(mode: CaptureMode, d: RequestDiff): Difference[] {
  const out: Difference[] = [];
  const t = d.tools;
  for (const name of t.added) out.push(difference(mode, `tool ${name}`, 'present', false, true, 'sent by OpenClaw, not predicted'));
  for (const name of t.removed) out.push(difference(mode, `tool ${name}`, 'present', true, false, 'predicted, not sent by OpenClaw'));
  for (const c of t.changed) {
    if (c.schema) out.push(difference(mode, `tool ${c.name}`, 'schema', 'predicted schema', 'another schema'));
    if (c.description) out.push(difference(mode, `tool ${c.name}`, 'description', 'predicted description', 'another description'));
  }
  if (!t.sameOrder) out.push(difference(mode, 'tools', 'order', 'predicted order', 'another order'));
  const p = d.prompt;
  for (const s of p.added) out.push(difference(mode, `system prompt section "${s.heading}"`, 'present', false, true, `${s.realChars} characters`));
  for (const s of p.removed) out.push(difference(mode, `system prompt section "${s.heading}"`, 'present', true, false, `${s.predictedChars} characters`));
  for (const s of p.changed) out.push(difference(mode, `system prompt section "${s.heading}"`, 'text', `${s.predictedChars} characters`, `${s.realChars} characters`));
  for (const m of d.messages.differences) {
    out.push(difference(mode, `message ${m.index}`, m.kind, { role: m.predictedRole, chars: m.predictedChars }, { role: m.realRole, chars: m.realChars }));
  }
  for (const e of d.envelope) out.push(difference(mode, `envelope ${e.key}`, 'value', e.predicted ?? '(not sent)', e.real ?? '(not sent)'));
  return out;
}

/**
 * The real turns of `report` checked against `predicted`: a verdict per mode
 * and the differences. A mode whose turn did not reach its first request is a
 * difference too (`turn`): the prediction says OpenClaw sends a request, and
 * it did not (a config OpenClaw refuses, a crash), with OpenClaw's reason.
 */
export function verifyRequests(report: CaptureReport, predicted: Partial<Record<CaptureMode, RequestSide>>, modelled: string): { real: RealVerify; differences: Difference[] } {
  const check = checkCapture(report, predicted, modelled);
  const lines = checkLines(check);
  const modes: Partial<Record<CaptureMode, RealModeVerdict>> = {};
  const differences: Difference[] = [];
  const networkRefused: Partial<Record<CaptureMode, string[]>> = {};
  for (const [mode, c] of Object.entries(report.modes) as [CaptureMode, NonNullable<CaptureReport['modes'][CaptureMode]>][]) {
    const m = check.modes[mode];
    const line = lines.find((l) => l.startsWith(`${mode}:`)) ?? `${mode}: not compared`;
    modes[mode] = { outcome: c.outcome, matched: m?.matched ?? false, ...(m?.error ? { error: m.error } : {}), line, ...(m?.diff ? { diff: m.diff } : {}) };
    if (c.networkRefused.length > 0) {
      networkRefused[mode] = c.networkRefused;
    }
    if (m?.diff) {
      differences.push(...requestDifferences(mode, m.diff));
    } else {
      const tail = (c.stderrTail ?? '').trim().split('\n').slice(-3).join(' | ');
      differences.push(difference(mode, 'turn', 'request', 'a request', { outcome: c.outcome, error: m?.error ?? c.error ?? 'no request' }, tail || undefined));
    }
  }
  if (check.modelled !== check.captured) {
    differences.push(difference(Object.keys(report.modes)[0] as CaptureMode, 'version', 'openclaw', check.modelled, check.captured, 'the prediction models another OpenClaw version than the one that ran'));
  }
  return {
    real: {
      prompt: report.prompt,
      provider: report.provider,
      matched: check.matched,
      modes,
      checkedAgainst: checkedAgainst(modelled, check),
      wallMs: report.wallMs,
      networkRefused,
    },
    differences,
  };
}
