import type { ToolSourceKind } from './types';
import { STATUS } from './vocabulary';

/**
 * Where the thing that decided a verdict is written: a deny entry, an allow
 * list, a profile line, a toolFilter glob, a plugin entry, a client tool, a
 * server entry. `file` is absent for OpenClaw's built-in defaults, which
 * `builtIn` then names (there is no line to go to, and the surfaces say so).
 */
export interface RuleLocation {
  /** The file as diagnostics name it (relative to the workspace when inside it). */
  file?: string;
  line?: number;
  column?: number;
  /** The JSON path inside `file` (`['tools', 'deny', 2]`), rendered by `rulePathText`. */
  path?: ReadonlyArray<string | number>;
  /** What decided it when no file did: `OpenClaw 2026.9.6 default sandbox deny list`. */
  builtIn?: string;
}

/** Which kind of policy rule refused a tool: what a fix edits. */
export type PolicyRuleKind =
  /** An entry of a deny list (`path` is the entry). */
  | 'deny'
  /** A non-empty allow list that does not name the tool (`path` is the list). */
  | 'allow-list'
  /** A profile that does not include the tool (`path` is the `profile` value). */
  | 'profile'
  /** OpenClaw's default sandbox deny list (no file). */
  | 'sandbox-default-deny'
  /** OpenClaw's default sandbox allow list (no file). */
  | 'sandbox-default-allow'
  /** The host's session layer (extension settings, not a file). */
  | 'session';

/** `tools.deny[2]`: a JSON path as a reader writes it. */
export function rulePathText(path: ReadonlyArray<string | number>): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `${i === 0 ? '' : '.'}${p}` : `[${JSON.stringify(p)}]`))
    .join('');
}

/** `openclaw.json:8:14 tools.deny[0]`, or the built-in name: how every surface names a rule. */
export function ruleLocationText(at: RuleLocation): string {
  const where = at.file ? `${at.file}${at.line !== undefined ? `:${at.line}${at.column !== undefined ? `:${at.column}` : ''}` : ''}` : at.builtIn ?? 'built in';
  return at.path && at.path.length > 0 ? `${where} ${rulePathText(at.path)}` : where;
}

/** The place a reason points at, when any is known. */
interface Anchored {
  at?: RuleLocation;
}

/**
 * What a source found wrong with a definition it listed. Data: the text is
 * `defectText`'s, and nothing reads meaning back out of it.
 */
export type DefinitionDefect = Anchored & (
  /** The definition does not fit the tool shape (name, schema, ...). */
  | { kind: 'bad-shape'; problem: string }
  /** The catalog refuses its model-facing name or the size of its schemas (catalog/toolAdmission.ts). */
  | { kind: 'not-admitted'; problem: string }
  /**
   * A second definition with the same name in one source (client tools file, plugin, MCP server).
   * `copies` is set for MCP servers, where OpenClaw drops every copy of the name (`normalizeMcpToolCatalog`).
   */
  | { kind: 'duplicate'; copies?: number }
  /** An MCP tool with `execution.taskSupport: "required"`: OpenClaw leaves it out (`normalizeMcpToolCatalog`). */
  | { kind: 'mcp-task-required' }
  /**
   * OpenClaw does not build the tool at all: a switch outside the tool policy
   * turns it off (`at` is the setting). `rule` names OpenClaw's own check,
   * `fix` what would make the tool appear; `append`, where naming the tool in
   * a list is what makes OpenClaw build it, is that list (Explain's fix plan edits it).
   */
  | { kind: 'not-constructed'; setting: string; rule: string; fix: string; append?: { path: (string | number)[]; value: string } }
  /** An MCP App tool (`_meta.ui.visibility` without `"model"`): OpenClaw never offers it to the model (`buildBundleMcpToolsFromCatalog`). */
  | { kind: 'mcp-app-only'; visibility: string[] }
  /** A plugin tool missing from the plugin's `contracts.tools`. */
  | { kind: 'undeclared' }
  /** A name in `contracts.tools` with no definition. */
  | { kind: 'missing-definition' }
  | { kind: 'plugin-disabled'; why: string }
  /** Removed by an MCP server's `toolFilter`; `rule` names the glob and where it was written. */
  | { kind: 'tool-filter'; rule: 'exclude' | 'include'; glob?: string; where: string }
  /**
   * OpenClaw builds the tool only when the run has one of these (a vision
   * model, a credential, a trigger, ...): shown, not counted, until the user
   * assumes one (`--assume <id>`).
   */
  | { kind: 'needs-condition'; conditions: readonly { id: string; kind: string; key: string; text: string }[] }
);

/** Why a cataloged tool is excluded or direct-only. */
export type ToolReason =
  | DefinitionDefect
  /** The policy denies it: the policy engine's own sentence, how to lift it, and the rule that decided (`at`). */
  | (Anchored & { kind: 'policy'; text: string; hint?: string; rule?: PolicyRuleKind; pattern?: string })
  /**
   * A client tool whose name belongs to another tool (`with` is that tool's id);
   * `listedAs` when the other is a client tool too, listed under that name.
   */
  | (Anchored & { kind: 'client-conflict'; with: string; listedAs?: string; withAt?: RuleLocation })
  /** Two non-client tools want one model-visible name; the earlier source keeps it. */
  | (Anchored & { kind: 'name-conflict'; with: string; withAt?: RuleLocation })
  | (Anchored & { kind: 'direct-only' });

export type ToolReasonKind = ToolReason['kind'];

/** The tool a reason is about, as sources and the catalog both name it. */
export interface ReasonSubject {
  source: ToolSourceKind;
  /** Plugin id, MCP server name, `core` or `client`. */
  owner: string;
  name: string;
}

/**
 * Words that differ by surface: the CLI names its flags, the editor its
 * settings (issue 44: the tree said `--assume vision-model` to editor users).
 */
export interface ReasonWording {
  /** How the user says a run-time condition holds. */
  assume(conditionId: string): string;
}

/** The CLI's words (the default: JSON, snapshots and the CLI print them). */
export const CLI_WORDING: ReasonWording = { assume: (id) => `--assume ${id}` };

/** The one rendering of a definition defect. */
export function defectText(d: DefinitionDefect, t: ReasonSubject, wording: ReasonWording = CLI_WORDING): string {
  switch (d.kind) {
    case 'bad-shape':
    case 'not-admitted':
      return d.problem;
    case 'duplicate':
      if (t.source === 'client') {
        return `duplicate client tool name "${t.name}"`;
      }
      if (t.source === 'mcp') {
        return d.copies !== undefined
          ? `duplicate tool name "${t.name}": MCP server "${t.owner}" lists it ${d.copies} times, and OpenClaw drops every copy (normalizeMcpToolCatalog); the tool appears once the server lists it once`
          : `duplicate tool name "${t.name}" listed by MCP server "${t.owner}"`;
      }
      return `duplicate tool name "${t.name}" in plugin "${t.owner}"`;
    case 'not-constructed':
      return `OpenClaw does not build "${t.name}": turned off by ${d.setting}${d.at?.file ? ` (${ruleLocationText({ ...d.at, path: undefined })})` : ''} [${d.rule}]; ${d.fix}`;
    case 'mcp-task-required':
      return `MCP server "${t.owner}" declares execution.taskSupport "required" for "${t.name}": OpenClaw does not call task-only tools and leaves it out (normalizeMcpToolCatalog); it appears when the server makes task support optional`;
    case 'mcp-app-only':
      return `an MCP App tool (_meta.ui.visibility ${JSON.stringify(d.visibility)}): OpenClaw keeps it for the server's app and never offers it to the model (buildBundleMcpToolsFromCatalog); it appears when its visibility includes "model"`;
    case 'undeclared':
      return `tool "${t.name}" is not declared in contracts.tools of plugin "${t.owner}"`;
    case 'missing-definition':
      return `"${t.name}" is declared in contracts.tools of plugin "${t.owner}" but has no definition`;
    case 'plugin-disabled':
      return `plugin disabled: ${d.why}`;
    case 'tool-filter':
      return d.rule === 'exclude'
        ? `filtered out by toolFilter.exclude "${d.glob ?? ''}" of MCP server "${t.owner}" (${d.where})`
        : `not matched by toolFilter.include of MCP server "${t.owner}" (${d.where})`;
    case 'needs-condition':
      return `built only when the run has ${d.conditions.map((c) => `${c.text} (${wording.assume(c.id)})`).join(' or ')}`;
  }
}

/** The one rendering of a tool reason, for every surface (CLI, tree, panels, explain). */
export function reasonText(r: ToolReason, t: ReasonSubject, wording: ReasonWording = CLI_WORDING): string {
  switch (r.kind) {
    case 'policy':
      return r.text;
    case 'client-conflict':
      return `client tool name conflict: ${t.name} (${r.listedAs === undefined ? `also ${r.with}` : `also listed as ${r.listedAs}`})`;
    case 'name-conflict':
      return `name conflict: "${t.name}" is already provided by ${r.with}`;
    case 'direct-only':
      return `catalogMode "direct-only": ${STATUS['direct-only'].meaning}`;
    default:
      return defectText(r, t, wording);
  }
}

/**
 * Whether the tool's source excluded it before any policy layer was asked (a
 * definition defect): its policy decisions are then not the answer, and every
 * surface says "policy: not reached" (`vocabulary.ts`).
 */
export function policyNotReached(r: ToolReason | undefined): r is DefinitionDefect {
  return r !== undefined && r.kind !== 'policy' && r.kind !== 'client-conflict' && r.kind !== 'name-conflict' && r.kind !== 'direct-only';
}

/** A catalog tool's reason as text (catalog entries name their owner `sourceName`). */
export function toolReasonText(t: { reason?: ToolReason; source: ToolSourceKind; sourceName: string; name: string }, wording: ReasonWording = CLI_WORDING): string | undefined {
  return t.reason ? reasonText(t.reason, { source: t.source, owner: t.sourceName, name: t.name }, wording) : undefined;
}

/**
 * A reason in a few words, for a row that has room for little more than the
 * tool's name (the tree at the default side bar width cut the full sentence
 * mid-word, issue 44). The full `reasonText` stays in the row's tooltip,
 * Explain and the CLI; nothing reads meaning back out of either.
 */
export function shortReasonText(r: ToolReason, t: ReasonSubject): string {
  switch (r.kind) {
    case 'policy': {
      // The sentence names its rule first; the file and line are the row's Go to Rule, and an entry that is the tool's own name is the row's label.
      const rule = firstClause(r.text.replace(/ as OpenClaw \S+ defines it,.*$/, '')).replace(/\s*\([^()]*:\d+(?::\d+)?\)$/, '');
      return rule.endsWith(` ${JSON.stringify(t.name)}`) ? rule.slice(0, -(t.name.length + 3)) : rule;
    }
    case 'client-conflict':
      return 'client tool name conflict';
    case 'name-conflict':
      return `name taken by ${r.with}`;
    case 'direct-only':
      return 'always sent, never searched';
    case 'bad-shape':
    case 'not-admitted':
      return firstClause(r.problem);
    case 'duplicate':
      return t.source === 'mcp' && r.copies !== undefined ? `listed ${r.copies} times: dropped` : 'duplicate name';
    case 'not-constructed':
      return `not built: ${r.setting}`;
    case 'mcp-task-required':
      return 'task-only: OpenClaw leaves it out';
    case 'mcp-app-only':
      return 'MCP App only: never offered to the model';
    case 'undeclared':
      return 'not declared in contracts.tools';
    case 'missing-definition':
      return 'declared in contracts.tools, no definition';
    case 'plugin-disabled':
      return 'plugin disabled';
    case 'tool-filter':
      return r.rule === 'exclude' ? `filtered out by toolFilter.exclude "${r.glob ?? ''}"` : 'not matched by toolFilter.include';
    case 'needs-condition': {
      const [first, ...more] = r.conditions;
      return first ? `needs ${conditionWords(first)}${more.length > 0 ? ` (or ${more.length} more)` : ''}` : 'needs a run-time condition';
    }
  }
}

/** A condition in the fewest words that still say what to provide: the key where it is the thing (an env var), else the generated text. */
function conditionWords(c: { kind: string; key: string; text: string }): string {
  switch (c.kind) {
    case 'credential':
      return c.key;
    case 'model-capability':
    case 'model-provider':
      return `a ${c.key} model`;
    case 'trigger':
      return `a ${c.key} trigger`;
    default:
      return c.text;
  }
}

function firstClause(text: string): string {
  const cut = text.search(/[;:]\s/);
  return cut > 0 ? text.slice(0, cut) : text;
}

/** `shortReasonText` of a catalog tool's reason. */
export function toolShortReasonText(t: { reason?: ToolReason; source: ToolSourceKind; sourceName: string; name: string }): string | undefined {
  return t.reason ? shortReasonText(t.reason, { source: t.source, owner: t.sourceName, name: t.name }) : undefined;
}
