// Turns a core Explanation into the Explain panel's plain view (no `vscode` here).
import type { Explanation } from '../../core/explain/explain';
import { ruleLocationText, type RuleLocation } from '../../core/reasons';
import type { ExplainView, LinkView } from '../../webview/shared/explainProtocol';
import { staleWhere, type StaleMark } from '../stale/staleMark';

/** A rule location as a link: `file:line:col path`, or the built-in list's name with no file. */
export function linkOf(at: RuleLocation): LinkView {
  return {
    text: ruleLocationText(at),
    ...(at.file !== undefined ? { file: at.file } : {}),
    ...(at.file !== undefined && at.line !== undefined ? { line: at.line } : {}),
    ...(at.file !== undefined && at.column !== undefined ? { column: at.column } : {}),
  };
}

export function toExplainView(e: Explanation, stale?: StaleMark): ExplainView {
  return {
    query: e.query,
    ...(e.openclawVersion ? { openclawVersion: e.openclawVersion } : {}),
    matches: e.matches.map((m) => ({
      ...(m.id ? { id: m.id } : {}),
      name: m.name,
      status: m.status,
      reason: m.reason,
      ...(m.hint ? { hint: m.hint } : {}),
      ...(m.location ? { rule: linkOf(m.location) } : {}),
      ...(m.related ? { related: { label: m.related.label, at: linkOf(m.related.at) } } : {}),
      ...(m.definition ? { definition: linkOf(m.definition) } : {}),
      chain: m.chain.map((s) => ({
        stage: s.stage,
        layer: s.layer,
        said: s.said,
        effect: s.effect,
        ...(s.notReached ? { notReached: true } : {}),
        ...(s.at ? { at: linkOf(s.at) } : {}),
      })),
      ...(m.fix ? { fix: { title: m.fix.title } } : {}),
    })),
    suggestions: e.suggestions,
    unavailableServers: e.unavailableServers,
    ...(stale ? { stale: { where: { text: staleWhere(stale), file: stale.file, ...(stale.line !== undefined ? { line: stale.line } : {}), ...(stale.column !== undefined ? { column: stale.column } : {}) }, message: stale.message } } : {}),
  };
}
