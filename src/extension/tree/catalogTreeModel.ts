// The catalog view's shape, built from a catalog without `vscode`, so the
// grouping and wording are unit-tested with plain mocha. The provider only
// maps these nodes to tree items.
import type { Catalog } from '../../core/catalog/catalog';
import { policyNotReached, ruleLocationText, toolReasonText, toolShortReasonText, type RuleLocation } from '../../core/reasons';
import { ALWAYS_SENT, decisionLine, POLICY_NOT_REACHED_LINE, STATUS } from '../../core/vocabulary';
import { staleText, staleWhere, type StaleMark } from '../stale/staleMark';
import { COMMANDS, MANAGE_TRUST } from '../commandIds';
import { formatLocation, locationSuffix } from '../../core/util/location';
import { visibleLines, visibleText } from '../../core/util/visibleText';
import type { CatalogTool, ServerReport, SourceLocation, ToolSourceKind } from '../../core/types';
import { EDITOR_WORDING } from '../editorWording';

/** Codicon ids and theme colour ids, resolved by the provider. */
export interface NodeIcon {
  id: string;
  color?: string;
}

export interface NodeCommand {
  command: string;
  title: string;
  args?: unknown[];
}

interface NodeBase {
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  icon: NodeIcon;
  command?: NodeCommand;
  location?: SourceLocation;
}

export interface GroupNode extends NodeBase {
  kind: 'group';
  children: TreeNode[];
  expanded: boolean;
}

export interface ToolNode extends NodeBase {
  kind: 'tool';
  tool: CatalogTool;
  /** Where the rule that excluded it (or kept it direct-only) is written: what Go to Rule opens. */
  rule?: RuleLocation;
}

export interface NoticeNode extends NodeBase {
  kind: 'notice';
  severity: 'error' | 'warning' | 'info';
  /** A failed MCP server's name: its row offers Show stderr, Restart and Open config. */
  server?: string;
  /** What the notice is about, for its context menu (`stale`, `no-config`). */
  topic?: 'stale' | 'no-config' | 'search-off';
}

export type TreeNode = GroupNode | ToolNode | NoticeNode;

/**
 * What a node shows: label and description on one line, the tooltip over
 * lines, with every control, bidi and invisible character written visibly
 * (`core/util/visibleText.ts`), so a tool named `read\u202Egnp.exe` reads
 * `read<U+202E>gnp.exe` and not `readexe.png`. Ids and commands keep the raw text.
 */
export function shownNode(node: TreeNode): { label: string; description?: string; tooltip?: string } {
  return {
    label: visibleText(node.label),
    ...(node.description !== undefined ? { description: visibleText(node.description) } : {}),
    ...(node.tooltip !== undefined ? { tooltip: visibleLines(node.tooltip) } : {}),
  };
}

export const SOURCE_TITLES: Record<ToolSourceKind, string> = {
  openclaw: 'OpenClaw',
  mcp: 'MCP servers',
  client: 'Client tools',
};

const SOURCE_ICONS: Record<ToolSourceKind, string> = {
  openclaw: 'tools',
  mcp: 'server',
  client: 'device-desktop',
};

export const ICONS = {
  error: { id: 'error', color: 'problemsErrorIcon.foreground' },
  warning: { id: 'warning', color: 'problemsWarningIcon.foreground' },
  info: { id: 'info', color: 'problemsInfoIcon.foreground' },
  trust: { id: 'workspace-untrusted', color: 'problemsWarningIcon.foreground' },
  cataloged: { id: 'symbol-method' },
  directOnly: { id: 'eye', color: 'charts.blue' },
  excluded: { id: 'circle-slash', color: 'disabledForeground' },
} satisfies Record<string, NodeIcon>;

export const TRUST_NOTICE = 'Workspace not trusted: MCP servers and plugin code are off';

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function where(loc: SourceLocation | undefined): string {
  return loc ? formatLocation(loc) : '';
}

function toolTooltip(t: CatalogTool): string {
  const lines = [`${t.name} (${t.id})`, `status: ${STATUS[t.status].label} (${STATUS[t.status].meaning})`];
  const reason = toolReasonText(t, EDITOR_WORDING);
  if (reason) {
    lines.push(`reason: ${reason}`);
  }
  if (t.description) {
    lines.push('', t.description);
  }
  if (t.descriptionCut) {
    lines.push(`(OpenClaw cuts this description: ${t.descriptionCut.from.toLocaleString('en-US')} → ${t.descriptionCut.to.toLocaleString('en-US')} characters)`);
  }
  const shown = t.decisions.filter((d) => d.effect !== 'none');
  if (policyNotReached(t.reason)) {
    // Its source excluded it first: the policy's verdicts are not the answer (as the CLI and Explain say).
    lines.push('', POLICY_NOT_REACHED_LINE);
  } else if (shown.length > 0) {
    lines.push('', 'policy:');
    for (const d of shown) {
      lines.push(`  ${decisionLine(d)}${locationSuffix(d)}`);
    }
  }
  if (t.reason?.at && t.status !== 'cataloged') {
    lines.push('', `decided by ${ruleLocationText(t.reason.at)}`);
  }
  if (t.origin) {
    lines.push('', `defined at ${where(t.origin)}`);
  }
  return lines.join('\n');
}

function toolNode(t: CatalogTool, scope: string): ToolNode {
  const icon = t.status === 'cataloged' ? ICONS.cataloged : t.status === 'direct-only' ? ICONS.directOnly : ICONS.excluded;
  // Outside their source group, tools say where they come from.
  // An excluded row's reason in a few words, before its source: the side bar's default width cut the full sentence
  // (the tooltip keeps it, and says the source).
  const description = t.status === 'cataloged' ? (t.label ?? firstLine(t.description)) : `${toolShortReasonText(t) ?? t.status} · ${t.sourceName}`;
  return {
    kind: 'tool',
    id: `${scope}/${t.id}`,
    label: t.name,
    description,
    tooltip: toolTooltip(t),
    icon,
    tool: t,
    location: t.origin,
    ...(t.status !== 'cataloged' && t.reason?.at ? { rule: t.reason.at } : {}),
    command: { command: COMMANDS.explainTool, title: 'Explain Tool', args: [t.id] },
  };
}

function firstLine(s: string): string {
  const line = s.split('\n', 1)[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function group(id: string, label: string, description: string, icon: NodeIcon, children: TreeNode[], expanded = false, tooltip?: string): GroupNode {
  return { kind: 'group', id, label, description, icon, children, expanded, tooltip };
}

/** The most common reason among `tools`, with how many share it. */
function commonReason(tools: readonly CatalogTool[]): { text: string; n: number } | undefined {
  const counts = new Map<string, number>();
  for (const t of tools) {
    const r = toolReasonText(t, EDITOR_WORDING) ?? t.status;
    counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  const [text, n] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  return text !== undefined && n !== undefined ? { text, n } : undefined;
}

/**
 * An MCP server that started and listed its tools, none of which the model
 * gets: `0 of 37 tools admitted` and the reason, its tools (excluded) under it.
 */
function idleServerNode(s: ServerReport, tools: readonly CatalogTool[]): GroupNode {
  const listed = Math.max(s.toolCount, tools.length);
  const why = commonReason(tools);
  const whyText = why ? (why.n === tools.length ? why.text : `${why.text} (${why.n} of ${tools.length})`) : 'no tool listed';
  const scope = `source/mcp/${s.name}`;
  return group(
    scope,
    s.name,
    `0 of ${count(listed, 'tool')} admitted · ${whyText}`,
    { id: 'server', color: 'disabledForeground' },
    tools.map((t) => toolNode(t, scope)),
    false,
    `MCP server "${s.name}" (${s.transport}) from ${s.origin} is running and listed ${count(listed, 'tool')}; the model gets none of them.\n${whyText}`,
  );
}

export interface TreeInput {
  catalog: Catalog;
  trusted: boolean;
  /** Problems with the extension's own settings. */
  settingProblems?: readonly string[];
  /** Set when the config stopped parsing and the catalog shown is the last good one. */
  stale?: StaleMark;
  /** Whether an OpenClaw config file was found (none: say what that means, and offer to start one). */
  hasConfig?: boolean;
}

/** The banner for a config that no longer parses: first in the tree, a click away from the error. */
export function staleNotice(stale: StaleMark): NoticeNode {
  return {
    kind: 'notice',
    id: 'notice/stale',
    label: stale.lastGood ? 'Stale: the config does not parse' : 'The config does not parse',
    description: staleWhere(stale),
    tooltip: staleText(stale),
    severity: 'error',
    icon: ICONS.error,
    topic: 'stale',
    location: { file: stale.file, line: stale.line, column: stale.column },
    command: { command: COMMANDS.openLocation, title: 'Go to Error', args: [{ file: stale.file, line: stale.line, column: stale.column }] },
  };
}

/** Top-level nodes: notices, then sources (cataloged tools), then direct-only and excluded. */
export function buildCatalogTree(input: TreeInput): TreeNode[] {
  const { catalog } = input;
  const out: TreeNode[] = notices(input);
  const problems = problemsGroup(catalog);
  if (problems) {
    out.push(problems);
  }
  for (const kind of ['openclaw', 'mcp', 'client'] as const) {
    const source = sourceGroup(catalog, kind);
    if (source) {
      out.push(source);
    }
  }
  const direct = catalog.directOnly;
  if (direct.length > 0) {
    out.push(group('direct-only', 'Direct-only', `${count(direct.length, 'tool')} · ${ALWAYS_SENT.label}`, ICONS.directOnly, direct.map((t) => toolNode(t, 'direct-only')), true, `${STATUS['direct-only'].label}: ${STATUS['direct-only'].meaning}`));
  }
  const excluded = catalog.excluded;
  if (excluded.length > 0) {
    out.push(group('excluded', 'Excluded', `${count(excluded.length, 'tool')} · ${STATUS.excluded.meaning}`, ICONS.excluded, excluded.map((t) => toolNode(t, 'excluded'))));
  }
  if (catalog.tools.length === 0) {
    out.push({ kind: 'notice', id: 'notice/empty', label: 'No tools found', description: 'add an openclaw.json, a client-tools file or an MCP snapshot', severity: 'info', icon: ICONS.info });
  }
  return out;
}

/** The notices above the catalog: a stale config, no config or Tool Search off, no trust, unusable settings. */
function notices({ catalog, trusted, settingProblems = [], stale, hasConfig = true }: TreeInput): TreeNode[] {
  const out: TreeNode[] = [];
  if (stale) {
    out.push(staleNotice(stale));
  }
  const refusal = refusalNotice(catalog);
  if (refusal && !stale) {
    out.push(refusal);
  }
  const runRefused = runRefusalNotice(catalog);
  if (runRefused && !stale) {
    out.push(runRefused);
  }
  if (!hasConfig && !stale) {
    const s = catalog.settings;
    out.push({
      kind: 'notice',
      id: 'notice/no-config',
      label: s.enabled ? `No openclaw.json: Tool Search runs in ${s.mode} mode by ${catalog.openclaw?.model.version ?? 'OpenClaw'}'s default` : 'No openclaw.json: Tool Search is off',
      description: 'Create a starter openclaw.json',
      tooltip: 'This folder has no OpenClaw config, so every tool is listed with OpenClaw\'s defaults. Create a starter openclaw.json that turns Tool Search on (tools.toolSearch) to tune it.',
      severity: 'info',
      icon: { id: 'lightbulb', color: 'problemsInfoIcon.foreground' },
      topic: 'no-config',
      command: { command: COMMANDS.createStarterConfig, title: 'Create Starter openclaw.json' },
    });
  } else if (!stale && !catalog.settings.enabled) {
    out.push({
      kind: 'notice',
      id: 'notice/search-off',
      label: 'Tool Search is off: every schema is sent up front',
      description: 'Turn on Tool Search',
      tooltip: 'tools.toolSearch is off in the config, so the model gets every tool schema in direct mode. Turn it on to keep schemas behind search (code mode).',
      severity: 'info',
      icon: { id: 'lightbulb', color: 'problemsInfoIcon.foreground' },
      topic: 'search-off',
      command: { command: COMMANDS.enableToolSearch, title: 'Turn On Tool Search' },
    });
  }
  if (!trusted) {
    out.push({
      kind: 'notice',
      id: 'notice/trust',
      label: TRUST_NOTICE,
      description: 'Manage Workspace Trust',
      tooltip: 'Configs, client-tools files and MCP snapshots are read. Trust this workspace to start its MCP stdio servers and load plugin handlers.',
      severity: 'warning',
      icon: ICONS.trust,
      command: { command: MANAGE_TRUST, title: 'Manage Workspace Trust' },
    });
  }
  for (const [i, p] of settingProblems.entries()) {
    out.push({ kind: 'notice', id: `notice/setting/${i}`, label: p, severity: 'warning', icon: ICONS.warning });
  }
  return out;
}

/**
 * OpenClaw's own verdict (issue 41): a config the modelled release refuses is
 * one error at the top of the tree, every key with its line and its doctor's
 * fix in the tooltip; the tools below are what it would run after the fix.
 */
export function refusalNotice(catalog: Catalog): NoticeNode | undefined {
  const v = catalog.verdict;
  const d = catalog.diagnostics.find((x) => x.severity === 'error' && v !== undefined && x.message.startsWith(v.headline));
  if (!v?.refuses || !d) {
    return undefined;
  }
  const keys = v.keys.map((k) => `${k.line !== undefined ? `line ${k.line}: ` : ''}${k.path}: ${k.fix.action === 'none' ? k.fix.text : `openclaw doctor --fix: ${k.fix.text}`}`);
  return {
    kind: 'notice',
    id: 'notice/refused',
    label: v.headline,
    description: `${count(v.keys.length, 'key')} it rejects · the tools below are after \`openclaw doctor --fix\``,
    tooltip: [`${v.headline}: ${count(v.keys.length, 'key')} it rejects`, ...keys, 'The catalog below is what it would run after `openclaw doctor --fix`.'].join('\n'),
    severity: 'error',
    icon: ICONS.error,
    location: { file: d.file, line: d.line, column: d.column },
    command: { command: COMMANDS.openLocation, title: 'Go to Error', args: [{ file: d.file, line: d.line, column: d.column }] },
  };
}

/**
 * The modelled release refuses this agent's runs before any request: explicit
 * allowlists leave it no tool. One error at the top, OpenClaw's own message in
 * the tooltip, a click goes to the allowlist.
 */
export function runRefusalNotice(catalog: Catalog): NoticeNode | undefined {
  const r = catalog.runRefusal;
  if (!r) {
    return undefined;
  }
  const at = r.at;
  const file = at?.file;
  return {
    kind: 'notice',
    id: 'notice/run-refused',
    label: `OpenClaw ${r.release} refuses this agent's runs`,
    description: `no tool left by ${r.sources.map((s) => s.label).join(', ')}`,
    tooltip: [`${r.headline}:`, r.message].join('\n'),
    severity: 'error',
    icon: ICONS.error,
    ...(file !== undefined ? { location: { file, line: at?.line, column: at?.column }, command: { command: COMMANDS.openLocation, title: 'Go to Allowlist', args: [{ file, line: at?.line, column: at?.column }] } } : {}),
  };
}

/** The config's errors and warnings, open when there is an error (the refusal is the notice above them). */
function problemsGroup(catalog: Catalog): GroupNode | undefined {
  const refused = catalog.verdict?.refuses === true ? catalog.verdict.headline : undefined;
  const runRefused = catalog.runRefusal?.message;
  const problems = catalog.diagnostics.filter((d) => d.severity !== 'info' && !(refused !== undefined && d.severity === 'error' && d.message.startsWith(refused)) && !(runRefused !== undefined && d.severity === 'error' && d.message.includes(runRefused)));
  if (problems.length === 0) {
    return undefined;
  }
  const errors = problems.filter((d) => d.severity === 'error').length;
  return group(
    'problems',
    'Problems',
    `${count(errors, 'error')}, ${count(problems.length - errors, 'warning')}`,
    errors > 0 ? ICONS.error : ICONS.warning,
    problems.map((d, i) => ({
      kind: 'notice',
      id: `problems/${i}`,
      label: d.message,
      description: where(d),
      tooltip: `${where(d)}\n${d.message}`,
      severity: d.severity === 'error' ? 'error' : 'warning',
      icon: d.severity === 'error' ? ICONS.error : ICONS.warning,
      location: { file: d.file, line: d.line, column: d.column },
    })),
    errors > 0,
  );
}

/** The plugins that failed to load and the MCP servers not started or failed, as notices. */
function sourceFaults(catalog: Catalog, kind: ToolSourceKind): TreeNode[] {
  const out: TreeNode[] = [];
  if (kind === 'openclaw') {
    for (const p of catalog.plugins) {
      if (p.status === 'failed') {
        out.push({
          kind: 'notice', id: `fault/plugin/${p.id}`, label: `plugin ${p.name}: failed`, description: p.reason,
          tooltip: `${p.manifest}\n${p.reason ?? 'failed to load'}`, severity: 'error', icon: ICONS.error, location: { file: p.manifest },
        });
      }
    }
  }
  if (kind === 'mcp') {
    for (const s of catalog.servers) {
      if (s.status === 'disabled') {
        // Not started (untrusted workspace, disabled in config): say so rather than hide it.
        out.push({
          kind: 'notice', id: `fault/server/${s.name}`, label: `${s.name}: not started`, description: s.error,
          tooltip: `MCP server "${s.name}" (${s.transport}) configured at ${s.origin}\n${s.error ?? 'disabled'}`,
          severity: 'info', icon: { id: 'debug-disconnect', color: 'disabledForeground' },
        });
      }
      if (s.status === 'failed') {
        out.push({
          kind: 'notice', id: `fault/server/${s.name}`, label: `${s.name}: failed`, description: s.error,
          tooltip: [`MCP server "${s.name}" (${s.transport}) configured at ${s.origin}`, s.error ?? '', ...(s.stderrTail ?? [])].join('\n'),
          severity: 'error', icon: ICONS.error, server: s.name,
          ...(s.at?.file ? { location: { file: s.at.file, line: s.at.line, column: s.at.column } } : {}),
        });
      }
    }
  }
  return out;
}

/** One source kind: its faults, a group per owner (plugin, server, client file) with its cataloged tools, and idle servers. */
function sourceGroup(catalog: Catalog, kind: ToolSourceKind): GroupNode | undefined {
  const tools = catalog.cataloged.filter((t) => t.source === kind);
  const owners = new Map<string, CatalogTool[]>();
  for (const t of tools) {
    const list = owners.get(t.sourceName) ?? [];
    list.push(t);
    owners.set(t.sourceName, list);
  }
  const children: TreeNode[] = sourceFaults(catalog, kind);
  const ownerIcon = kind === 'mcp' ? 'server' : kind === 'openclaw' ? 'extensions' : 'device-desktop';
  for (const [owner, list] of [...owners.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const server = kind === 'mcp' ? catalog.servers.find((s) => s.name === owner) : undefined;
    const plugin = kind === 'openclaw' ? catalog.plugins.find((p) => p.id === owner) : undefined;
    const detail = server ? ` · ${server.transport}` : plugin ? ' · plugin' : '';
    children.push(group(
      `source/${kind}/${owner}`,
      owner,
      `${count(list.length, 'tool')}${detail}`,
      { id: owner === 'core' ? 'symbol-namespace' : ownerIcon },
      list.map((t) => toolNode(t, `source/${kind}/${owner}`)),
      false,
      server ? `MCP server "${owner}" (${server.transport}) from ${server.origin}` : plugin ? `plugin ${plugin.name} (${plugin.manifest})` : undefined,
    ));
  }
  if (kind === 'mcp') {
    // A healthy server whose tools the policy (or its toolFilter) all left out is still there: say so, and why.
    for (const s of catalog.servers) {
      if (s.status === 'ok' && !owners.has(s.name)) {
        children.push(idleServerNode(s, catalog.tools.filter((t) => t.source === 'mcp' && t.sourceName === s.name)));
      }
    }
  }
  if (children.length === 0) {
    return undefined;
  }
  const faults = children.filter((c) => c.kind === 'notice' && c.severity === 'error').length;
  return group(
    `source/${kind}`,
    SOURCE_TITLES[kind],
    `${count(tools.length, 'tool')}${faults > 0 ? `, ${count(faults, 'fault')}` : ''}`,
    faults > 0 ? { id: SOURCE_ICONS[kind], color: 'problemsErrorIcon.foreground' } : { id: SOURCE_ICONS[kind] },
    children,
    faults > 0 || kind !== 'openclaw',
  );
}

/** `mode · size`: how a root's catalog is summed up in the status bar and on its tree node (`(stale)` while the config does not parse). */
export function modeAndSize(catalog: Catalog, stale?: StaleMark): string {
  return `${catalog.settings.enabled ? catalog.settings.mode : 'direct'} · ${catalog.size}${stale?.lastGood ? ' (stale)' : ''}`;
}

/**
 * One line for the status bar: the effective mode and the catalog size (and
 * the folder, when there are several roots); `ariaLabel` is what a screen
 * reader says, plain text (without it VS Code appends the Markdown source of
 * the tooltip, `&nbsp;` and all).
 */
/**
 * Why this run gets no tool, when it gets none and its policy removed them
 * (issue 44): OpenClaw refuses it (explicit allowlists), or runs it with
 * none; said first on the status bar, which otherwise reads like a small
 * catalog. Undefined for a run with tools, or with nothing to remove.
 */
export function noToolsText(catalog: Catalog): string | undefined {
  if (catalog.runRefusal) {
    return `OpenClaw ${catalog.runRefusal.release} refuses this agent's runs: no tool left by ${catalog.runRefusal.sources.map((x) => x.label).join(', ')}`;
  }
  return catalog.diagnostics.find((d) => d.severity === 'warning' && d.message.startsWith("this agent's runs get no tool"))?.message.replace(/^this/, 'This');
}

export function statusText(catalog: Catalog, folderName?: string, stale?: StaleMark, agent?: string): { text: string; tooltip: string; ariaLabel: string; noTools?: true } {
  const s = catalog.settings;
  const mode = s.enabled ? s.mode : 'direct';
  const none = stale ? undefined : noToolsText(catalog);
  const by = catalog.countBySource();
  const failed = catalog.servers.filter((x) => x.status === 'failed');
  const failedText = failed.length > 0 ? ` $(error) ${failed.length}` : '';
  const failedTip = failed.map((x) => `MCP server "${x.name}" failed (${x.at?.file ? ruleLocationText(x.at) : x.origin}): ${x.error ?? 'no reason given'}${x.stderrTail && x.stderrTail.length > 0 ? `\n  stderr: ${x.stderrTail.slice(-3).join('\n  stderr: ')}` : ''}\n`).join('');
  const failedSpoken = failed.length > 0 ? `, ${count(failed.length, 'MCP server')} failed` : '';
  return {
    ariaLabel: `Tool Search${folderName ? ` for ${folderName}` : ''}: ${none ? `${none}. ` : ''}${mode === 'code-mode' ? 'Code Mode' : `${mode} mode`}, ${count(catalog.size, 'tool')} in the catalog${agent ? ` of ${agent}` : ''}${failedSpoken}${stale ? ', stale: the config does not parse' : ''}. Click to open the catalog view.`,
    text: `${stale || none ? '$(warning)' : '$(search)'} ${folderName ? `${folderName}: ` : ''}${modeAndSize(catalog, stale)}${none ? ' · no tools' : ''}${failedText}`,
    ...(none ? { noTools: true as const } : {}),
    tooltip: `${stale ? `${staleText(stale)}\n\n` : ''}${none ? `${none}\n\n` : ''}${failedTip}${folderName ? `${folderName}\n` : ''}${agent ? `Agent: ${agent}\n` : ''}${mode === 'code-mode' ? 'Surface: Code Mode (exec and wait; tools.codeMode engages for this run: Mode Preview says why)' : `Tool Search mode: ${mode}${s.configured ? '' : ' (not configured)'}`}\n${catalog.openclaw ? `Modelling ${catalog.openclaw.describe}\n` : ''}Catalog: ${catalog.size} tools (openclaw ${by.openclaw}, mcp ${by.mcp}, client ${by.client}), ${catalog.directOnly.length} direct-only, ${catalog.excluded.length} excluded\nClick to open the catalog view`,
  };
}

/** A workspace folder that is a catalog root, as the tree names it. */
export interface RootLabel {
  name: string;
  /** Unique among the roots (the folder URI); prefixes the ids of every node below. */
  key: string;
  /** The root's one-line summary (`mode · size`), when its catalog is built. */
  description?: string;
}

function underRoot(key: string, n: TreeNode): TreeNode {
  const id = `${key}/${n.id}`;
  return n.kind === 'group' ? { ...n, id, children: n.children.map((c) => underRoot(key, c)) } : { ...n, id };
}

/** One catalog root's nodes under a node named for its folder (a workspace with several roots). */
export function rootGroup(root: RootLabel, children: TreeNode[]): GroupNode {
  return {
    kind: 'group',
    id: `root/${root.key}`,
    label: root.name,
    description: root.description,
    tooltip: `Catalog of the workspace folder ${root.name}`,
    icon: { id: 'root-folder' },
    children: children.map((c) => underRoot(root.key, c)),
    expanded: true,
  };
}

