// Core's session view as the viewer's plain data: events as bounded JSON
// text, calls as the fields the answers show. Pure (no vscode).
import type { FinalCall } from '../../core/telemetry/summary';
import type { SessionView } from '../../core/telemetry/sessionView';
import type { FinalCallView, SessionLogView } from '../../webview/shared/sessionProtocol';
import { text } from '../bridge/traceView';

function callView(c: FinalCall): FinalCallView {
  return { id: c.id, ...(c.name ? { name: c.name } : {}), origin: c.origin, via: c.via, ...(c.error ? { error: c.error } : c.blockedBy ? { error: c.blockedBy } : {}) };
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
      steps: t.steps.map((st) => ({ kind: st.kind, line: st.line, depth: st.depth, title: st.title, ok: st.ok, detail: text(st.event) })),
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
