import { rulePathText, type RuleLocation } from '../reasons';
import type { CatalogTool } from '../types';
import { appendArrayElement, removeArrayElement, renameClientTool, setValue, type EditPath, type TextEdit } from './configEdits';

/**
 * A fix that is an edit of one file, as data: what to change and where, not
 * yet the text ranges (those are computed on the file's current text by
 * `fixEdits`, so an editor applies them to what the user sees).
 */
export type FixPlan = { title: string; file: string } & (
  /** Remove a list entry: a deny entry, a toolFilter glob, a plugins.deny entry, a contracts.tools name. */
  | { kind: 'remove-entry'; path: EditPath }
  /** Add a string to a list, creating the list where it is missing. */
  | { kind: 'append-entry'; path: EditPath; value: string }
  /** Set a value (`plugins.entries.<id>.enabled: true`); `create` writes it where it is missing. */
  | { kind: 'set-value'; path: EditPath; value: boolean; create?: boolean }
  /** Rename a client tool in the client-tools file. */
  | { kind: 'rename-client-tool'; name: string; newName: string }
);

export type FixKind = FixPlan['kind'];

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
export function fixPlanFor(tool: CatalogTool, ctx: FixContext): FixPlan | undefined {
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
export function enableToolSearchPlan(configFile: string, current: unknown): FixPlan {
  if (current !== null && typeof current === 'object' && !Array.isArray(current) && 'enabled' in current) {
    return { kind: 'set-value', file: configFile, path: ['tools', 'toolSearch', 'enabled'], value: true, title: 'Set tools.toolSearch.enabled: true' };
  }
  return { kind: 'set-value', file: configFile, path: ['tools', 'toolSearch'], value: true, create: true, title: 'Set tools.toolSearch: true (code mode)' };
}

/** The text edits of a fix, computed on the file's current text. Throws `EditError` when the file no longer fits. */
export function fixEdits(plan: FixPlan, text: string): TextEdit[] {
  switch (plan.kind) {
    case 'remove-entry':
      return [removeArrayElement(text, plan.path)];
    case 'append-entry': {
      const e = appendArrayElement(text, plan.path, plan.value);
      return e ? [e] : [];
    }
    case 'set-value':
      return [setValue(text, plan.path, plan.value, plan.create === true)];
    case 'rename-client-tool':
      return [renameClientTool(text, plan.name, plan.newName)];
  }
}
