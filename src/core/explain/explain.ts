import type { Catalog } from '../catalog/catalog';
import { suggestNames } from '../catalog/suggestNames';
import { policyNotReached, ruleLocationText, toolReasonText, type ReasonWording, type RuleLocation, type ToolReason, type ToolReasonKind } from '../reasons';
import type { CatalogTool, PolicyDecision, ServerReport, ToolSourceKind } from '../types';
import { fixPlanFor, type FixPlan, type ToolFixPlan } from './quickFix';

/** One layer of the decision chain: which step, what it said, where that is written. */
export interface ChainStep {
  /** `source` (definition, toolFilter, plugin entry), `policy`, `names` (conflicts), `surface` (what the model gets). */
  stage: 'source' | 'policy' | 'names' | 'surface';
  /** The layer's own name: `tools.deny`, `toolFilter of filesystem`, `agents.support.tools`, ... */
  layer: string;
  said: string;
  effect: 'allow' | 'deny' | 'none';
  /** Set when an earlier stage already excluded the tool: this one was evaluated but did not decide. */
  notReached?: boolean;
  at?: RuleLocation;
}

export type ExplainStatus = 'cataloged' | 'direct-only' | 'excluded' | 'unknown' | 'unavailable';

export interface ExplainMatch {
  id?: string;
  name: string;
  source?: ToolSourceKind;
  sourceName?: string;
  status: ExplainStatus;
  /** The text of `why` (or of the status when there is none): the one rendering, reasons.ts. */
  reason: string;
  /** The kind of `why`, for readers that branch on it. */
  reasonKind?: ToolReasonKind;
  /** Why the tool is excluded or direct-only, as data. */
  why?: ToolReason;
  decisions: PolicyDecision[];
  hint?: string;
  /** Where the thing that decided it is written (the rule, the filter glob, the plugin entry, the server entry). */
  location?: RuleLocation;
  /** The other side, when it takes two: the tool a client tool clashes with. */
  related?: { label: string; at: RuleLocation };
  /** Where the tool itself is defined. */
  definition?: RuleLocation;
  /** The decision, stage by stage. */
  chain: ChainStep[];
  /** The one-click fix, when lifting the exclusion is an edit of one file. */
  fix?: FixPlan;
  /** Every layer that blocks the tool and the edits that lift them all, checked (`explainWithFixPlans`). */
  fixPlan?: ToolFixPlan;
}

export interface Explanation {
  query: string;
  /** The OpenClaw version whose tables decided the verdicts (profiles, groups, sandbox defaults, core tools). */
  openclawVersion?: string;
  matches: ExplainMatch[];
  suggestions: string[];
  unavailableServers: string[];
}

export interface ExplainOptions {
  /** The config file as diagnostics name it: where fixes of built-in rules (OpenClaw's sandbox defaults) go. */
  configFile?: string;
  /** How reasons name a run-time condition: the CLI's `--assume` (default) or the editor's setting. */
  wording?: ReasonWording;
}

function reasonFor(t: CatalogTool, catalog: Catalog, wording?: ReasonWording): string {
  if (t.status === 'cataloged') {
    if (catalog.settings.enabled && catalog.settings.mode === 'code-mode') {
      // Code Mode replaces Tool Search for the run: the tool is a global of exec's programs.
      return 'allowed by policy and in the Code Mode catalog: the model calls it from an exec program (an async global, or catalog.search), not through Tool Search';
    }
    return catalog.settings.enabled
      ? 'allowed by policy and indexed for search'
      : 'allowed by policy; Tool Search is off, so its schema is sent to the model up front (direct mode)';
  }
  return toolReasonText(t, wording) ?? t.status;
}

function definitionFix(t: CatalogTool): string | undefined {
  const at = t.reason?.at ?? t.origin;
  if (t.reason?.kind === 'undeclared' && at?.file) {
    return `declare "${t.name}" in contracts.tools at ${ruleLocationText(at)}`;
  }
  return at?.file ? `fix the definition at ${ruleLocationText(at)}` : undefined;
}

/** How to let an excluded tool through, chosen by the kind of its reason. */
function hintFor(t: CatalogTool): string | undefined {
  if (t.status !== 'excluded' || !t.reason) {
    return undefined;
  }
  switch (t.reason.kind) {
    case 'policy':
      return t.reason.hint ?? t.hint;
    case 'plugin-disabled':
      return t.reason.at?.file ? `enable the plugin at ${ruleLocationText(t.reason.at)}` : 'enable the plugin in plugins.entries / plugins.allow';
    case 'client-conflict':
    case 'name-conflict':
      return `rename one of the clashing tools${t.reason.at?.file ? ` (this one at ${ruleLocationText(t.reason.at)})` : ''}`;
    case 'tool-filter':
      return `change the toolFilter of MCP server "${t.sourceName}" at ${t.reason.at ? ruleLocationText(t.reason.at) : t.reason.where}`;
    case 'duplicate':
      return t.reason.copies !== undefined ? `have MCP server "${t.sourceName}" list "${t.rawName ?? t.name}" once` : definitionFix(t);
    case 'not-constructed':
      return t.reason.fix;
    case 'mcp-task-required':
      return `have MCP server "${t.sourceName}" declare execution.taskSupport "optional" (or none) for "${t.rawName ?? t.name}"`;
    case 'mcp-app-only':
      return `have MCP server "${t.sourceName}" add "model" to _meta.ui.visibility of "${t.rawName ?? t.name}"`;
    default:
      return definitionFix(t);
  }
}

function decisionAt(d: PolicyDecision): RuleLocation | undefined {
  return d.file ? { file: d.file, line: d.line, column: d.column, path: d.path } : undefined;
}

/** What each stage said about a tool, in the order the catalog asked them. */
function chainOf(t: CatalogTool, catalog: Catalog, wording?: ReasonWording): ChainStep[] {
  const r = t.reason;
  const steps: ChainStep[] = [];
  const definition = t.origin ? { file: t.origin.file, line: t.origin.line, column: t.origin.column } : undefined;
  const sourceLabel = t.source === 'mcp' ? `MCP server "${t.sourceName}"` : t.source === 'client' ? 'client tools' : t.sourceName === 'core' ? 'OpenClaw core' : `plugin "${t.sourceName}"`;
  const defect = policyNotReached(r);
  if (defect) {
    const text = toolReasonText(t, wording) ?? '';
    steps.push({ stage: 'source', layer: sourceLabel, said: text, effect: 'deny', ...(r.at ? { at: r.at } : {}) });
  } else {
    steps.push({ stage: 'source', layer: sourceLabel, said: 'lists the tool', effect: 'allow', ...(definition ? { at: definition } : {}) });
  }
  const shown = t.decisions.filter((d) => d.effect !== 'none' || d.file);
  for (const d of shown) {
    const at = decisionAt(d);
    steps.push({ stage: 'policy', layer: d.layer, said: d.rule, effect: d.effect, ...(defect ? { notReached: true } : {}), ...(at ? { at } : {}) });
  }
  if (r?.kind === 'policy' && r.at?.builtIn && !steps.some((s) => s.stage === 'policy' && s.effect === 'deny' && s.at)) {
    // A built-in list decided: say which one, since there is no file to go to.
    const last = [...steps].reverse().find((s) => s.stage === 'policy' && s.effect === 'deny');
    if (last) {
      last.at = r.at;
    }
  }
  if (r?.kind === 'client-conflict' || r?.kind === 'name-conflict') {
    steps.push({ stage: 'names', layer: 'model-visible names', said: toolReasonText(t, wording) ?? '', effect: 'deny', ...(r.at ? { at: r.at } : {}) });
  } else if (!defect && r?.kind !== 'policy') {
    steps.push({ stage: 'names', layer: 'model-visible names', said: `"${t.name}" is unique`, effect: 'allow' });
  }
  if (t.status === 'cataloged') {
    steps.push({ stage: 'surface', layer: catalog.settings.mode === 'code-mode' ? 'Code Mode' : 'Tool Search', said: reasonFor(t, catalog, wording), effect: 'allow' });
  } else if (t.status === 'direct-only') {
    steps.push({ stage: 'surface', layer: 'catalogMode', said: toolReasonText(t, wording) ?? 'direct-only', effect: 'allow', ...(r?.at ? { at: r.at } : {}) });
  }
  return steps;
}

function serverAt(s: ServerReport): RuleLocation | undefined {
  return s.at?.file ? s.at : undefined;
}

/** Splits `<server>__<tool>` / `mcp:<server>:<tool>` to name a server a missing tool may come from. */
function serverOf(query: string): string | undefined {
  const m = /^mcp:([^:]+):/.exec(query);
  if (m) {
    return m[1];
  }
  const i = query.indexOf('__');
  return i > 0 ? query.slice(0, i) : undefined;
}

/**
 * Why a tool is (or is not) in the catalog: its status, the policy decisions
 * with file and line, a fix, and, when it is found nowhere, close names and
 * the servers that failed (so a miss is not mistaken for absence).
 */
export function explainTool(catalog: Catalog, query: string, options: ExplainOptions = {}): Explanation {
  const q = query.trim();
  const found = new Map<string, CatalogTool>();
  const exact = catalog.get(q);
  if (exact) {
    found.set(exact.id, exact);
  }
  for (const t of catalog.withName(q)) {
    found.set(t.id, t);
  }
  const unavailable = catalog.unavailableServers.map((s) => s.name);
  const taken = new Set(catalog.tools.map((t) => t.name));
  const fixContext = { configFile: options.configFile, sandboxAlsoAllow: catalog.openclaw?.model.sandboxAlsoAllow ?? false, takenNames: taken };
  const matches: ExplainMatch[] = [...found.values()].map((t) => {
    const r = t.reason;
    const fix = fixPlanFor(t, fixContext);
    const related = r && (r.kind === 'client-conflict' || r.kind === 'name-conflict') && r.withAt ? { label: r.with, at: r.withAt } : undefined;
    return {
      id: t.id,
      name: t.name,
      source: t.source,
      sourceName: t.sourceName,
      status: t.status,
      reason: reasonFor(t, catalog, options.wording),
      ...(r ? { reasonKind: r.kind, why: r } : {}),
      decisions: t.decisions,
      hint: hintFor(t),
      ...(r?.at ? { location: r.at } : {}),
      ...(related ? { related } : {}),
      ...(t.origin ? { definition: { file: t.origin.file, line: t.origin.line, column: t.origin.column } } : {}),
      chain: chainOf(t, catalog, options.wording),
      ...(fix ? { fix } : {}),
    };
  });
  if (matches.length === 0) {
    const server = serverOf(q);
    // A tool of a server that failed or is disabled is unavailable, not unknown.
    const down = server ? catalog.servers.find((s) => s.status !== 'ok' && s.name.toLowerCase() === server.toLowerCase()) : undefined;
    if (down) {
      const what = down.status === 'failed' ? 'failed' : 'is disabled';
      const at = serverAt(down);
      const said = `MCP server "${down.name}" ${what}: ${down.error ?? 'no reason given'}`;
      matches.push({
        ...(at ? { location: at } : {}),
        chain: [{ stage: 'source', layer: `MCP server "${down.name}"`, said, effect: 'deny', ...(at ? { at } : {}) }],
        name: q,
        source: 'mcp',
        sourceName: down.name,
        status: 'unavailable',
        reason: `MCP server "${down.name}" ${what}: ${down.error ?? 'no reason given'}`,
        decisions: [],
        hint: down.status === 'failed' ? `fix the server configured at ${down.origin}` : `enable the server configured at ${down.origin}`,
      });
    } else {
      matches.push({
        name: q,
        status: 'unknown',
        reason: `no source offers a tool named "${q}"`,
        decisions: [],
        chain: [],
        hint:
          unavailable.length > 0
            ? `it may come from a server that failed: ${unavailable.join(', ')}`
            : 'check the tool name, or add the server or plugin that provides it',
      });
    }
  }
  const names = catalog.tools.flatMap((t) => (t.rawName ? [t.name, t.rawName] : [t.name]));
  return {
    query: q,
    ...(catalog.openclaw ? { openclawVersion: catalog.openclaw.describe } : {}),
    matches,
    suggestions: matches.some((m) => m.status === 'unknown' || m.status === 'unavailable') ? suggestNames(q, names) : [],
    unavailableServers: unavailable,
  };
}
