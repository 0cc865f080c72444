import type { CaptureReport } from './capture';
import type { CaptureMode } from './captureConfig';
import { diffRequests, type RequestDiff } from './requestDiff';
import { inspectorOnlyText, type InspectorOnlyTool } from '../catalog/inspectorOnly';
import { realVolatile, type RequestSide } from './turnPrediction';

export { inspectorOnlyText };

/**
 * A prediction checked against a real capture, per mode: the structural
 * diff of the predicted request and the first Chat Completions request the
 * turn sent. Pure; the CLI's `capture --diff` / `preview --capture` and the
 * Mode Preview panel build it the same way.
 */

export interface ModeCheck {
  mode: CaptureMode;
  /** True when the turn was captured and its request equals the prediction after normalization. */
  matched: boolean;
  /** Absent when the turn did not run to its first request (`error` says why) or nothing was predicted. */
  diff?: RequestDiff;
  error?: string;
  /** Tools left out of the prediction because a real run cannot have them (offline snapshots, client tools): "not in a real run". */
  inspectorOnly?: InspectorOnlyTool[];
}

export interface CaptureCheck {
  /** The OpenClaw version the prediction models. */
  modelled: string;
  /** The OpenClaw version that ran. */
  captured: string;
  /** True when every mode matched and the versions are the same. */
  matched: boolean;
  modes: Partial<Record<CaptureMode, ModeCheck>>;
}

/** What a prediction says it was checked against: the modelled version and, once a capture ran, whether it matched. */
export interface CheckedAgainst {
  modelled: string;
  /** `failed`: why a turn sent nothing to compare (OpenClaw's reason): the capture failed, nothing was found to differ. */
  capture?: { version: string; matched: boolean; modes: Partial<Record<CaptureMode, boolean>>; failed?: string };
}

/** Why the capture has nothing to compare for some mode (`mode: reason; ...`), or undefined when every mode was compared. */
export function captureFailure(check: CaptureCheck): string | undefined {
  const failed = Object.values(check.modes).filter((m) => m.diff === undefined);
  if (failed.length === 0) {
    return undefined;
  }
  // Every mode failing for one reason (an unknown agent, a refused config) says it once.
  const reasons = [...new Set(failed.map((m) => m.error ?? 'no capture'))];
  return reasons.length === 1 && failed.length > 1 ? reasons[0] : failed.map((m) => `${m.mode}: ${m.error ?? 'no capture'}`).join('; ');
}

/** The body of a mode's first Chat Completions request, as captured. */
export function capturedBody(report: CaptureReport, mode: CaptureMode): { body: unknown; bytes: number } | undefined {
  const c = report.modes[mode];
  const seq = c?.first?.seq;
  const r = seq === undefined ? undefined : c?.requests.find((x) => x.seq === seq);
  return r && r.body !== undefined ? { body: r.body, bytes: r.bytes } : undefined;
}

/** `predicted`: each mode's predicted request with its volatile values (`predictTurns`: made in the turn's own environment). */
export function checkCapture(report: CaptureReport, predicted: Partial<Record<CaptureMode, RequestSide>>, modelled: string, opts: { tokens?: boolean } = {}): CaptureCheck {
  const modes: Partial<Record<CaptureMode, ModeCheck>> = {};
  for (const [mode, capture] of Object.entries(report.modes) as [CaptureMode, NonNullable<CaptureReport['modes'][CaptureMode]>][]) {
    const real = capturedBody(report, mode);
    const p = predicted[mode];
    if (!real) {
      modes[mode] = { mode, matched: false, error: capture.error ?? `the ${mode} turn sent no Chat Completions request` };
      continue;
    }
    if (p === undefined) {
      modes[mode] = { mode, matched: false, error: `no prediction for ${mode} mode` };
      continue;
    }
    const diff = diffRequests({ predicted: p.body, predictedVolatile: p.volatile, real: real.body, realVolatile: realVolatile(report, mode), realBytes: real.bytes, tokens: opts.tokens });
    modes[mode] = { mode, matched: diff.same, diff, ...(p.inspectorOnly ? { inspectorOnly: p.inspectorOnly } : {}) };
  }
  const all = Object.values(modes);
  return { modelled, captured: report.openclaw.version, matched: all.length > 0 && modelled === report.openclaw.version && all.every((m) => m.matched), modes };
}

export function checkedAgainst(modelled: string, check?: CaptureCheck): CheckedAgainst {
  if (!check) {
    return { modelled };
  }
  const modes: Partial<Record<CaptureMode, boolean>> = {};
  for (const m of Object.values(check.modes)) {
    modes[m.mode] = m.matched;
  }
  const failed = captureFailure(check);
  return { modelled, capture: { version: check.captured, matched: check.matched, modes, ...(failed !== undefined ? { failed } : {}) } };
}

/** One line per mode for people: `code: 10 real / 9 predicted tools; 3 added, 2 removed, 8 changed; ...`. */
export function checkLines(check: CaptureCheck): string[] {
  const out: string[] = [];
  for (const m of Object.values(check.modes)) {
    if (!m.diff) {
      out.push(`${m.mode}: not compared: ${m.error ?? 'no capture'}`);
      continue;
    }
    const d = m.diff;
    // Sources the inspector has and a real run cannot: left out of the comparison, and said so.
    const left = m.inspectorOnly && m.inspectorOnly.length > 0 ? `; not in a real run (left out of the prediction): ${inspectorOnlyText(m.inspectorOnly)}` : '';
    // What changes from run to run was replaced on both sides: named, so nothing is normalized silently.
    const beside = `${left}${d.normalized && d.normalized.length > 0 ? `; normalized: ${d.normalized.map((n) => n.part).join(', ')}` : ''}`;
    if (d.same) {
      out.push(`${m.mode}: the prediction equals the real request (after normalization)${beside}`);
      continue;
    }
    const t = d.tools;
    const p = d.prompt;
    out.push(
      `${m.mode}: tools ${t.real} real / ${t.predicted} predicted: ${t.added.length} only real, ${t.removed.length} only predicted, ${t.changed.length} changed${t.sameOrder ? '' : ', another order'}; ` +
        `prompt sections ${p.added.length} only real, ${p.removed.length} only predicted, ${p.changed.length} changed; ` +
        `messages ${d.messages.real} real / ${d.messages.predicted} predicted, ${d.messages.differences.length} differ; envelope ${d.envelope.length} key(s) differ; ` +
        `bytes ${d.sizes.real.bytes} real / ${d.sizes.predicted.bytes} predicted, tokens ${d.sizes.real.tokens} / ${d.sizes.predicted.tokens}` +
        firstChangeText(d) +
        beside,
    );
  }
  if (check.modelled !== check.captured) {
    out.push(`the prediction models OpenClaw ${check.modelled}; the capture ran ${check.captured}`);
  }
  return out;
}

/** The first changed prompt section or message, where it parts: enough to see the cause in a CI log. */
function firstChangeText(d: RequestDiff): string {
  const section = d.prompt.changed.find((c) => c.first !== undefined);
  if (section?.first) {
    return `; section "${section.heading}" first differs at char ${section.first.offset}: predicted ${JSON.stringify(section.first.predicted)}, real ${JSON.stringify(section.first.real)}`;
  }
  const message = d.messages.differences.find((m) => m.first !== undefined);
  if (message?.first) {
    return `; message ${message.index} first differs at char ${message.first.offset}: predicted ${JSON.stringify(message.first.predicted)}, real ${JSON.stringify(message.first.real)}`;
  }
  return '';
}
