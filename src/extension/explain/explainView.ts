// Turns a core Explanation into the Explain panel's plain view (no `vscode` here).
import type { Explanation } from '../../core/explain/explain';
import type { FixBlocker, ToolFixPlan } from '../../core/explain/quickFix';
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

/** A layer no edit lifts, when there is no plan (the same layer and place as one of `remaining`). */
function stuck(p: ToolFixPlan | undefined, b: FixBlocker): boolean {
  return p !== undefined && !p.plan && p.remaining.some((r) => r.layer === b.layer && r.at?.line === b.at?.line && r.at?.file === b.at?.file);
}

/** Who the plan's edits reach: the run's agent only, or the other agents a global edit widens. */
function fixReach(p: ToolFixPlan): string {
  const checked = `checked: the catalog rebuilt from the edited config has it ${p.recheck?.status ?? 'admitted'}`;
  if (p.scope === 'agent') {
    return `Edits agent ${p.agent ?? ''}'s own entry only; ${checked}.`;
  }
  const widens = p.widens.length > 0 ? `also widens ${p.widens.map((w) => `agent ${w.agent} (${w.tools.join(', ')})`).join(', ')}` : 'widens no other agent';
  return `A global edit: it ${widens}; ${checked}.`;
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
      ...(m.fixPlan
        ? {
            blockers: m.fixPlan.blockers.map((b) => ({ layer: b.layer, said: b.said, ...(b.at ? { at: linkOf(b.at) } : {}), ...(b.edit !== undefined && m.fixPlan?.plan ? { edit: b.edit } : {}), ...(stuck(m.fixPlan, b) ? { stuck: true } : {}) })),
            fixNote: m.fixPlan.plan ? fixReach(m.fixPlan) : m.fixPlan.message,
          }
        : {}),
    })),
    suggestions: e.suggestions,
    unavailableServers: e.unavailableServers,
    ...(stale ? { stale: { where: { text: staleWhere(stale), file: stale.file, ...(stale.line !== undefined ? { line: stale.line } : {}), ...(stale.column !== undefined ? { column: stale.column } : {}) }, message: stale.message } } : {}),
  };
}
