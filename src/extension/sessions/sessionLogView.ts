// Core's session view as the viewer's plain data: events as bounded JSON
// text, calls as the fields the answers show. Pure (no vscode).
import type { FinalCall } from '../../core/telemetry/summary';
import type { SessionView } from '../../core/telemetry/sessionView';
import type { ProgramLeg, SessionEvent } from '../../core/telemetry/sessionLog';
import {
  MAX_PROGRAM_CODE,
  MAX_PROGRAM_OUTPUT_ITEMS,
  MAX_PROGRAM_TEXT,
  MAX_REPLAY_HITS,
  MAX_REPLAY_QUERY,
  type FinalCallView,
  type ProgramStepView,
  type SearchReplayView,
  type SessionLogView,
} from '../../webview/shared/sessionProtocol';
import { text } from '../bridge/traceView';

function callView(c: FinalCall): FinalCallView {
  return { id: c.id, ...(c.name ? { name: c.name } : {}), origin: c.origin, via: c.via, ...(c.error ? { error: c.error } : c.blockedBy ? { error: c.blockedBy } : {}) };
}

/** What a search step can replay: its query, and its hits when the run recorded them. */
export function replayOf(event: SessionEvent): SearchReplayView | undefined {
  if (event.type !== 'search' || event.unrecorded || event.query.trim() === '') {
    return undefined;
  }
  const limit = event.limit !== undefined && event.limit <= MAX_REPLAY_HITS ? { limit: event.limit } : {};
  return { query: event.query.slice(0, MAX_REPLAY_QUERY), ...limit, ...(event.fromCode ? {} : { hits: event.hits.slice(0, MAX_REPLAY_HITS) }) };
}

function cut(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** A Code Mode leg as the step card shows it, every text within the protocol's bounds. */
export function programOf(p: ProgramLeg): ProgramStepView {
  const shown = p.output.slice(0, MAX_PROGRAM_OUTPUT_ITEMS - (p.output.length > MAX_PROGRAM_OUTPUT_ITEMS ? 1 : 0)).map((o) => cut(o, MAX_PROGRAM_TEXT));
  if (p.output.length > shown.length) shown.push(`… ${p.output.length - shown.length} more output items`);
  const resumes = p.resumes ? `${p.resumes.execCallId ? `${p.resumes.execCallId}'s program, ` : ''}run ${p.resumes.runId}` : undefined;
  return {
    ...(p.code !== undefined ? { code: cut(p.code, MAX_PROGRAM_CODE) } : {}),
    ...(resumes !== undefined ? { resumes: cut(resumes, MAX_PROGRAM_TEXT) } : {}),
    ...(p.status !== undefined ? { status: cut(p.status, 40) } : {}),
    ...(p.runId !== undefined ? { runId: cut(p.runId, 200) } : {}),
    ...(p.reason !== undefined ? { reason: cut(p.reason, 200) } : {}),
    output: shown,
    ...('value' in p ? { value: cut(JSON.stringify(p.value, null, 2) ?? 'undefined', MAX_PROGRAM_TEXT) } : {}),
    ...(p.error !== undefined ? { error: cut(p.error, MAX_PROGRAM_TEXT) } : {}),
    ...(p.counts ? { counts: p.counts } : {}),
  };
}

export function toSessionLogView(view: SessionView, file: string): SessionLogView {
  const s = view.summary;
  const a = view.answers;
  return {
    file,
    ...(s.mode ? { mode: s.mode } : {}),
    ...(s.effectiveMode ? { effectiveMode: s.effectiveMode } : {}),
    ...(s.catalogSize !== undefined ? { catalogSize: s.catalogSize } : {}),
    turns: view.turns.map((t) => ({
      turnId: t.turnId,
      ...(t.ok !== undefined ? { ok: t.ok } : {}),
      ...(t.error !== undefined ? { error: t.error } : {}),
      steps: t.steps.map((st) => {
        const replay = replayOf(st.event);
        const program = st.event.type === 'model-call' && st.event.program ? programOf(st.event.program) : undefined;
        return { kind: st.kind, line: st.line, depth: st.depth, title: st.title, ok: st.ok, detail: text(st.event), ...(replay ? { replay } : {}), ...(program ? { program } : {}) };
      }),
    })),
    answers: {
      ...(a.schemasUpFront !== undefined ? { schemasUpFront: a.schemasUpFront } : {}),
      ...(a.catalogSchemasUpFront !== undefined ? { catalogSchemasUpFront: a.catalogSchemasUpFront } : {}),
      searches: a.searches,
      describes: a.describes,
      ...(a.finalTool ? { finalTool: callView(a.finalTool) } : {}),
      otherTools: a.otherTools.map(callView),
      failedCalls: a.failedCalls.map(callView),
    },
    eventCount: view.eventCount,
    lineCount: view.lineCount,
    problems: view.problems,
    moreProblems: view.moreProblems,
    ...(view.truncated ? { truncated: view.truncated } : {}),
  };
}
