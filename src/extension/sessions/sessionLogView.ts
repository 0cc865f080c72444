// Core's session view as the viewer's plain data: events as bounded JSON
// text, calls as the fields the answers show. Pure (no vscode).
import type { FinalCall } from '../../core/telemetry/summary';
import type { SessionView } from '../../core/telemetry/sessionView';
import type { SessionEvent } from '../../core/telemetry/sessionLog';
import { MAX_REPLAY_HITS, MAX_REPLAY_QUERY, type FinalCallView, type SearchReplayView, type SessionLogView } from '../../webview/shared/sessionProtocol';
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
        return { kind: st.kind, line: st.line, depth: st.depth, title: st.title, ok: st.ok, detail: text(st.event), ...(replay ? { replay } : {}) };
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
