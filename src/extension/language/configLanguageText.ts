import type { EntryMeaning, MatchedTool, TermSuggestion } from '../../core/authoring/catalogTerms';
import type { ConfigHover, EntryDiagnostic } from '../../core/authoring/configAssist';
import type { ListKind } from '../../core/authoring/configLists';
import type { ToolSearchEffect } from '../../core/authoring/toolSearchEffect';
import type { ToolSearchSettings } from '../../core/types';
import { visibleText } from '../../core/util/visibleText';

/** How many matched tools a hover lists by name before it only counts the rest. */
const HOVER_LIST_MAX = 40;

const STATUS_ORDER: readonly MatchedTool['status'][] = ['cataloged', 'direct-only', 'excluded'];

function code(s: string): string {
  return `\`${s.replace(/`/g, "'")}\``;
}

/** Untrusted text in a hover: hidden characters shown visibly (core/util/visibleText.ts), then Markdown escaped. */
function escapeMd(s: string): string {
  return visibleText(s).replace(/([\\`*_{}[\]()#+!|<>])/g, '\\$1');
}

function sourceLabel(t: Pick<MatchedTool, 'source' | 'sourceName'>): string {
  if (t.source === 'openclaw') {
    return t.sourceName === 'core' ? 'OpenClaw core' : `plugin ${t.sourceName}`;
  }
  return t.source === 'mcp' ? `MCP ${t.sourceName}` : 'client';
}

function listLabel(list: ListKind): string {
  switch (list.kind) {
    case 'tool-pattern':
      return `a ${list.field} entry`;
    case 'tool-filter':
      return `a toolFilter ${list.field} glob of MCP server ${code(list.server)}`;
    case 'plugin-id':
      return 'a plugin id';
  }
}

function readingLabel(m: EntryMeaning): string {
  switch (m.reading) {
    case 'group':
      return 'tool group';
    case 'source-group':
      return 'source group';
    case 'plugin':
      return 'plugin id (all its tools)';
    case 'server':
      return "MCP server glob (all the server's tools)";
    case 'wildcard':
      return 'every tool';
    case 'glob':
      return 'glob';
    case 'tool':
      return 'tool name';
    case 'unknown':
      return 'no known name';
  }
}

function entryMarkdown(list: ListKind, m: EntryMeaning): string {
  const lines: string[] = [];
  const alias = m.alias !== undefined ? ` (read as ${code(m.alias)})` : '';
  lines.push(`**${escapeMd(m.entry)}**${alias}: ${readingLabel(m)}, ${listLabel(list)}`);
  lines.push('');
  if (m.matched.length === 0) {
    lines.push('Selects **no tool** in the current catalog.');
  } else {
    lines.push(`Selects **${m.matched.length}** tool${m.matched.length === 1 ? '' : 's'} in the current catalog:`);
    lines.push('');
    let shown = 0;
    for (const status of STATUS_ORDER) {
      const tools = m.matched.filter((t) => t.status === status);
      if (tools.length === 0) {
        continue;
      }
      lines.push(`*${status}* (${tools.length})`);
      for (const t of tools) {
        if (shown >= HOVER_LIST_MAX) {
          break;
        }
        lines.push(`- ${code(t.name)} · ${sourceLabel(t)}`);
        shown++;
      }
      lines.push('');
    }
    if (m.matched.length > shown) {
      lines.push(`…and ${m.matched.length - shown} more.`);
    }
  }
  if (m.groupMembers) {
    const absent = m.groupMembers.filter((g) => !m.matched.some((t) => t.name === g));
    if (absent.length > 0) {
      lines.push(`Also in the group, not in this catalog: ${absent.map(code).join(', ')}`);
    }
  }
  return lines.join('\n');
}

function show(v: unknown): string {
  return v === undefined ? 'not set' : code(JSON.stringify(v));
}

/** Where each resolved setting is applied, so the hover says what the number does. */
const USES: Readonly<Record<string, (s: ToolSearchSettings) => string>> = {
  searchDefaultLimit: (s) => `a search that asks for no limit gets ${s.searchDefaultLimit} hits`,
  maxSearchLimit: (s) => `a search that asks for more gets ${s.maxSearchLimit} hits (the tool schema's maximum)`,
  codeTimeoutMs: (s) => `a code mode program is stopped after ${s.codeTimeoutMs} ms`,
};

function toolSearchMarkdown(e: ToolSearchEffect, running: ToolSearchSettings | undefined): string {
  const name = e.key === '' ? 'tools.toolSearch' : `tools.toolSearch.${e.key}`;
  const lines: string[] = [`**${name}**`, ''];
  if (e.key === '') {
    const s = e.settings;
    lines.push(`Effective: Tool Search ${s.enabled ? `**on**, mode ${code(s.mode)}` : '**off** (direct mode)'}`);
    lines.push(`- codeTimeoutMs ${code(String(s.codeTimeoutMs))}, searchDefaultLimit ${code(String(s.searchDefaultLimit))}, maxSearchLimit ${code(String(s.maxSearchLimit))}`);
  } else {
    const changed = e.written !== undefined && e.written !== e.effective;
    lines.push(`Written: ${show(e.written)} → effective: **${show(e.effective)}**${changed ? '' : e.written === undefined ? ' (default)' : ''}`);
    if (e.range) {
      lines.push(`- range ${e.range.min}..${e.range.max}${e.defaultValue !== undefined ? `, default ${e.defaultValue}` : ''}`);
    }
    const use = USES[e.key];
    if (use) {
      lines.push(`- ${use(e.settings)}`);
    }
  }
  for (const n of e.notes) {
    lines.push(`- ${n.severity}: ${escapeMd(n.message)}`);
  }
  if (running && e.key !== '') {
    const value = e.key === 'enabled' ? running.enabled : e.key === 'mode' ? running.mode : (running as unknown as Record<string, unknown>)[e.key];
    if (value !== undefined && value !== e.effective) {
      lines.push('', `The current catalog runs with ${show(value)} (a mode override in the settings, or the saved file differs from this text).`);
    }
  }
  return lines.join('\n');
}

/** The Markdown of a hover. */
export function hoverMarkdown(h: ConfigHover, running?: ToolSearchSettings): string {
  switch (h.kind) {
    case 'entry':
      return entryMarkdown(h.list, h.meaning);
    case 'tool-search':
      return toolSearchMarkdown(h.effect, running);
    case 'key':
      return `**${escapeMd(h.path.join('.'))}**: ${escapeMd(h.valueType)}`;
  }
}

/** The Problems message of a list entry that selects nothing. */
export function entryDiagnosticMessage(d: EntryDiagnostic, openclawVersion: string): string {
  const where = d.list.kind === 'tool-filter' ? `none of MCP server "${d.list.server}"'s tools` : 'no tool in the current catalog';
  let message =
    d.reason === 'known-but-absent'
      ? `"${d.entry}" is known to OpenClaw ${openclawVersion} but selects ${where}`
      : `"${d.entry}" selects ${where}`;
  if (d.suggestions.length > 0) {
    message += `; did you mean ${d.suggestions.map((s) => `"${s}"`).join(', ')}?`;
  }
  if (d.unlistedServers.length > 0) {
    message += ` (MCP server${d.unlistedServers.length === 1 ? '' : 's'} ${d.unlistedServers.join(', ')} listed no tools, so it may name one of theirs)`;
  }
  return message;
}

/** The detail line of a completion item: what it is and what it selects now. */
export function termDetail(t: TermSuggestion): string {
  const count = `${t.matches} tool${t.matches === 1 ? '' : 's'}`;
  switch (t.kind) {
    case 'tool':
      return `${t.source !== undefined && t.sourceName !== undefined ? sourceLabel({ source: t.source, sourceName: t.sourceName }) : 'tool'} · ${t.status ?? ''}`;
    case 'group':
      return `group · ${count}`;
    case 'source-group':
      return `source group · ${count}`;
    case 'plugin':
      return `plugin · ${count}${t.description ? ` · ${t.description}` : ''}`;
    case 'server':
      return `MCP server · ${count}`;
    case 'wildcard':
      return `every tool · ${count}`;
  }
}
