import { rulePathText, type RuleLocation } from '../reasons';
import type { CatalogTool } from '../types';
import { appendArrayElement, applyEdits, composeEdits, removeArrayElement, renameClientTool, setValue, type EditPath, type TextEdit } from './configEdits';

/**
 * A fix that is an edit of one file, as data: what to change and where, not
 * yet the text ranges (those are computed on the file's current text by
 * `fixEdits`, so an editor applies them to what the user sees).
 */
export type FixPlan = FixEdit | FixEditSet;

/** One edit of a fix. */
export type FixEdit = { title: string; file: string } & (
  /** Remove a list entry: a deny entry, a toolFilter glob, a plugins.deny entry, a contracts.tools name. */
  | { kind: 'remove-entry'; path: EditPath }
  /**
   * Add a string to a list, creating the list where it is missing; a created
   * list starts with `seed` (an agent's list that replaces the global one keeps its entries).
   */
  | { kind: 'append-entry'; path: EditPath; value: string; seed?: string[] }
  /** Set a value (`plugins.entries.<id>.enabled: true`); `create` writes it where it is missing. */
  | { kind: 'set-value'; path: EditPath; value: boolean; create?: boolean }
  /** Rename a client tool in the client-tools file. */
  | { kind: 'rename-client-tool'; name: string; newName: string }
);

/** Several edits of one file, applied together (one undoable edit in the editor): `core/explain/fixPlan.ts`. */
export interface FixEditSet {
  kind: 'edit-set';
  title: string;
  file: string;
  edits: FixEdit[];
}

export type FixKind = FixPlan['kind'];

/** One thing that keeps the tool out of the run, and where it is written. */
export interface FixBlocker {
  /** `policy`: a layer of the run's tool policy; `source`: the tool's source (not built, filtered, disabled); `names`: a name clash. */
  stage: 'policy' | 'source' | 'names';
  /** The layer's name: `tools.profile (coding)`, `agents.qa.tools.allow`, `tools.sandbox.tools`, `OpenClaw core`. */
  layer: string;
  said: string;
  at?: RuleLocation;
  /** The edit of the plan that lifts it; absent when no edit of the config file can. */
  edit?: string;
}

/** Another agent whose run an edit of the plan lets more tools into (by the policy's verdict). */
export interface FixWidening {
  agent: string;
  tools: string[];
}

/**
 * A plan that lets one excluded tool into one run (agent, session, sandbox,
 * provider): an edit for every layer that blocks it, the agent's own lists
 * before global ones, checked by building the catalog again from the edited
 * config. `plan` is set only when that check admits the tool.
 */
export interface ToolFixPlan {
  toolId: string;
  tool: string;
  /** The agent whose run the plan is for; absent for a run with no agent layer. */
  agent?: string;
  /** Whether the catalog built from the edited config admits the tool (cataloged or direct-only). */
  admits: boolean;
  /** Every layer that blocks the tool now, in the order the catalog asks them. */
  blockers: FixBlocker[];
  /** The edits, as one edit set of the config file; only when `admits`. */
  plan?: FixEditSet;
  /** `agent`: every edit is in the run's own agent entry; `global`: some edit reaches other runs. */
  scope?: 'agent' | 'global';
  /** Other agents that the edits let more tools in for (a global edit); empty when none. */
  widens: FixWidening[];
  /** Other tools the edits let into this run as well (a removed group entry, a glob). */
  alsoAdmits: string[];
  /** When nothing admits the tool: what still blocks it (no edit for it, or still excluded after the edits). */
  remaining: FixBlocker[];
  /** The tool's status in the catalog built from the edited config. */
  recheck?: { status: CatalogTool['status']; reason?: string };
  /** One line for people: the plan's title, or why there is none. */
  message: string;
}


export interface FixContext {
  /** The config file as diagnostics name it, for fixes of built-in rules (which have no file of their own). */
  configFile?: string;
  /** Whether the modelled OpenClaw reads `tools.sandbox.tools.alsoAllow` (adds it to the sandbox allow list). */
  sandboxAlsoAllow: boolean;
  /** Every model-visible name in the catalog, so a rename picks a free one. */
  takenNames: ReadonlySet<string>;
}

function quoted(s: string): string {
  return JSON.stringify(s);
}

function entryPath(at: RuleLocation | undefined): { file: string; path: EditPath } | undefined {
  return at?.file && at.path && at.path.length > 0 ? { file: at.file, path: at.path } : undefined;
}

function freeName(name: string, taken: ReadonlySet<string>): string {
  const lower = new Set([...taken].map((n) => n.toLowerCase()));
  for (let i = 1; ; i++) {
    const candidate = i === 1 ? `${name}_client` : `${name}_client${i}`;
    if (!lower.has(candidate.toLowerCase())) {
      return candidate;
    }
  }
}

/**
 * The one-click fix for an excluded tool, when lifting the exclusion is an
 * edit of one file: chosen by the kind of the reason and the rule it names.
 * Undefined when there is no edit to make (a bad schema, a duplicate, a name
 * two servers share, a session rule): Explain then offers the location only.
 */
export function fixPlanFor(tool: CatalogTool, ctx: FixContext): FixEdit | undefined {
  const r = tool.reason;
  if (tool.status !== 'excluded' || !r) {
    return undefined;
  }
  const at = entryPath(r.at);
  switch (r.kind) {
    case 'policy': {
      if (r.rule === 'deny' && at) {
        const list = rulePathText(at.path.slice(0, -1));
        return { kind: 'remove-entry', ...at, title: r.pattern !== undefined ? `Remove ${quoted(r.pattern)} from ${list}` : `Remove the entry from ${list}` };
      }
      if (r.rule === 'allow-list' && at) {
        return { kind: 'append-entry', ...at, value: tool.name, title: `Add ${quoted(tool.name)} to ${rulePathText(at.path)}` };
      }
      if (r.rule === 'profile' && at) {
        const path = [...at.path.slice(0, -1), 'alsoAllow'];
        return { kind: 'append-entry', file: at.file, path, value: tool.name, title: `Add ${quoted(tool.name)} to ${rulePathText(path)}` };
      }
      if ((r.rule === 'sandbox-default-deny' || r.rule === 'sandbox-default-allow') && ctx.configFile && ctx.sandboxAlsoAllow) {
        // alsoAllow, not allow: an explicit allow list would replace OpenClaw's whole default sandbox list.
        const path = ['tools', 'sandbox', 'tools', 'alsoAllow'];
        return { kind: 'append-entry', file: ctx.configFile, path, value: tool.name, title: `Add ${quoted(tool.name)} to ${rulePathText(path)}` };
      }
      return undefined;
    }
    case 'tool-filter':
      if (!at) {
        return undefined;
      }
      return r.rule === 'exclude'
        ? { kind: 'remove-entry', ...at, title: `Remove ${quoted(r.glob ?? '')} from the toolFilter.exclude of MCP server "${tool.sourceName}"` }
        : { kind: 'append-entry', ...at, value: tool.rawName ?? tool.name, title: `Add ${quoted(tool.rawName ?? tool.name)} to the toolFilter.include of MCP server "${tool.sourceName}"` };
    case 'plugin-disabled': {
      if (!at) {
        return undefined;
      }
      const last = at.path[at.path.length - 1];
      if (at.path[1] === 'deny' && typeof last === 'number') {
        return { kind: 'remove-entry', ...at, title: `Remove plugin "${tool.sourceName}" from plugins.deny` };
      }
      if (at.path[1] === 'allow') {
        return { kind: 'append-entry', ...at, value: tool.sourceName, title: `Add plugin "${tool.sourceName}" to plugins.allow` };
      }
      if (last === 'enabled') {
        return { kind: 'set-value', ...at, value: true, title: `Enable ${at.path.length > 2 ? `plugin "${tool.sourceName}"` : 'plugins'} (${rulePathText(at.path)}: true)` };
      }
      return undefined;
    }
    case 'client-conflict':
      if (!r.at?.file) {
        return undefined;
      }
      {
        const newName = freeName(tool.name, ctx.takenNames);
        return { kind: 'rename-client-tool', file: r.at.file, name: tool.name, newName, title: `Rename client tool "${tool.name}" to "${newName}"` };
      }
    case 'undeclared':
      return at ? { kind: 'append-entry', ...at, value: tool.name, title: `Declare "${tool.name}" in contracts.tools of plugin "${tool.sourceName}"` } : undefined;
    case 'not-constructed':
      // A plugin tool OpenClaw builds only when an allow list names it.
      return r.append && r.at?.file ? { kind: 'append-entry', file: r.at.file, path: r.append.path, value: r.append.value, title: `Add ${quoted(r.append.value)} to ${rulePathText(r.append.path)}` } : undefined;
    case 'missing-definition':
      return at ? { kind: 'remove-entry', ...at, title: `Remove "${tool.name}" from contracts.tools of plugin "${tool.sourceName}"` } : undefined;
    default:
      return undefined;
  }
}

/**
 * Turns Tool Search on in a config: `tools.toolSearch.enabled: true` when the
 * object says `enabled`, else `tools.toolSearch: true` (code mode), written
 * where it is missing. `current` is the config's `tools.toolSearch` as read.
 */
export function enableToolSearchPlan(configFile: string, current: unknown): FixEdit {
  if (current !== null && typeof current === 'object' && !Array.isArray(current) && 'enabled' in current) {
    return { kind: 'set-value', file: configFile, path: ['tools', 'toolSearch', 'enabled'], value: true, title: 'Set tools.toolSearch.enabled: true' };
  }
  return { kind: 'set-value', file: configFile, path: ['tools', 'toolSearch'], value: true, create: true, title: 'Set tools.toolSearch: true (code mode)' };
}

/** The text edits of a fix, computed on the file's current text. Throws `EditError` when the file no longer fits. */
export function fixEdits(plan: FixPlan, text: string): TextEdit[] {
  switch (plan.kind) {
    case 'edit-set': {
      // Each edit is computed on the text the ones before it leave, then all are expressed on `text`.
      const steps: TextEdit[][] = [];
      let current = text;
      for (const e of plan.edits) {
        const step = fixEdits(e, current);
        steps.push(step);
        current = applyEdits(current, step);
      }
      return composeEdits(text, steps);
    }
    case 'remove-entry':
      return [removeArrayElement(text, plan.path)];
    case 'append-entry': {
      const e = appendArrayElement(text, plan.path, plan.value, plan.seed);
      return e ? [e] : [];
    }
    case 'set-value':
      return [setValue(text, plan.path, plan.value, plan.create === true)];
    case 'rename-client-tool':
      return [renameClientTool(text, plan.name, plan.newName)];
  }
}
