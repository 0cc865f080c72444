// Compare from real sessions: two runs OpenClaw really made (its stores or
// transcripts, or the inspector's own logs), one in direct mode and one with
// Tool Search or Code Mode, set side by side with the checks a recorded run
// can answer.
// Request sizes are not in OpenClaw's stores, so the size checks of a live
// comparison are left out rather than guessed.
import type { LoadedSession } from '../telemetry/sessionSources';
import { summarizeSession, type FinalCall, type SessionSummary } from '../telemetry/summary';
import { CONTROL_VIA } from '../telemetry/sessionLog';
import type { ModeComparisonCheck } from './modeComparison';

export interface SessionLane {
  file: string;
  sessionId: string;
  openclawVersion?: string;
  /** The mode the run recorded; absent when its transcript does not say (2026.6 JSONL). */
  mode?: string;
  summary: SessionSummary;
  /** The last successful call is one the transcript does not name (a call inside a 2026.6 snippet). */
  finalUnrecorded: boolean;
}

export interface SessionComparison {
  lanes: { direct: SessionLane; toolSearch: SessionLane };
  checks: ModeComparisonCheck[];
}

/** Why two sessions cannot be compared as a direct run and a Tool Search run. */
export class SessionPairError extends Error {}

function laneOf(s: LoadedSession): SessionLane {
  const summary = summarizeSession(s.events);
  const mode = s.mode ?? summary.mode;
  const lastOk = s.events.filter((e) => e.type === 'call' && e.ok).at(-1);
  const finalUnrecorded = lastOk?.type === 'call' && lastOk.unrecorded === true;
  return { file: s.file, sessionId: s.sessionId, ...(s.openclawVersion ? { openclawVersion: s.openclawVersion } : {}), ...(mode ? { mode } : {}), summary, finalUnrecorded };
}

function finalOf(s: SessionSummary): FinalCall | undefined {
  return s.finalCalls[s.finalCalls.length - 1];
}

/** The tool a call reached, by name when the store names it (ids differ in shape between OpenClaw and the gateway). */
function toolKey(c: FinalCall | undefined): string | undefined {
  return c ? (c.name ?? c.id) : undefined;
}

/**
 * Orders the pair (the direct run first, whichever order they were given
 * in) and checks what the records can prove: both end in the same tool, the
 * Tool Search run reached it through search or the bridge, it saw fewer
 * schemas up front, and no call was refused.
 */
export function compareSessions(a: LoadedSession, b: LoadedSession): SessionComparison {
  const la = laneOf(a);
  const lb = laneOf(b);
  // A transcript that does not record its mode (2026.6 JSONL) still shows Tool Search by its searches and bridge calls.
  const usedToolSearch = (l: SessionLane): boolean => l.summary.searchCount > 0 || [...l.summary.finalCalls, ...l.summary.failedCalls].some((c) => c.via === CONTROL_VIA.code || c.via === CONTROL_VIA.call || c.via === 'exec');
  const isDirect = (l: SessionLane): boolean => (l.mode !== undefined ? l.mode === 'direct' : !usedToolSearch(l));
  if (isDirect(la) === isDirect(lb)) {
    const modes = `${la.mode ?? 'mode not recorded'} and ${lb.mode ?? 'mode not recorded'}`;
    throw new SessionPairError(`compare needs one direct-mode session and one Tool Search or Code Mode session; these are ${modes}`);
  }
  const direct = isDirect(la) ? la : lb;
  const toolSearch = isDirect(la) ? lb : la;
  const checks: ModeComparisonCheck[] = [];
  const add = (name: string, ok: boolean, detail: string): void => {
    checks.push({ name, ok, detail });
  };
  const df = finalOf(direct.summary);
  const tf = finalOf(toolSearch.summary);
  // A Code Mode run takes the Tool Search lane: its programs reach the hidden catalog as Tool Search does.
  const codeMode = toolSearch.mode === 'code-mode';
  const run = codeMode ? 'the Code Mode run' : 'the Tool Search run';
  add('the direct run calls a tool', df?.ok === true, df ? `${toolKey(df)} via ${df.via}` : 'no call succeeded');
  // A call the transcript does not name cannot be said to be the same tool or another one: no verdict either way.
  if (!toolSearch.finalUnrecorded) {
    add(`${run} ends in the same tool`, tf !== undefined && toolKey(tf) === toolKey(df), tf ? `${toolKey(tf)} via ${tf.via}${tf.parentCallId ? ` (inside ${tf.parentCallId})` : ''}` : 'no call succeeded');
  }
  const reached = tf !== undefined && (codeMode ? tf.via === 'exec' : tf.via === CONTROL_VIA.code || tf.via === CONTROL_VIA.call || (toolSearch.mode === 'directory' && (tf.via === 'direct' || tf.via === 'hydrated')));
  add(
    codeMode ? `${run} reached it from a program (exec)` : `${run} reached it through Tool Search`,
    reached,
    `${toolSearch.summary.searchCount} searches, ${toolSearch.summary.describeCount} describes${tf ? `; final call via ${tf.via}` : ''}${toolSearch.finalUnrecorded ? ' (the transcript does not record which tool the snippet called, so whether it is the direct run\'s tool is not checked)' : ''}`,
  );
  const du = direct.summary.schemasUpFront;
  const tu = toolSearch.summary.schemasUpFront;
  if (du !== undefined && tu !== undefined) {
    add(`${run} saw fewer schemas up front`, tu < du, `${tu} vs ${du} direct`);
  }
  const failed = [...direct.summary.failedCalls, ...toolSearch.summary.failedCalls];
  add('no call was refused or failed', failed.length === 0, failed.length === 0 ? 'none' : failed.map((c) => `${toolKey(c)}: ${c.error ?? c.blockedBy ?? 'failed'}`).join('; '));
  return { lanes: { direct, toolSearch }, checks };
}
