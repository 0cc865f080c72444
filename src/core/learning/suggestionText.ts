import type { SessionSuggestions } from './fromSessions';
import type { ToolSuggestion } from './suggest';

/**
 * The suggestions as a Markdown document (the editor's read-only view). Each
 * tool is one `## ` section, in the order of `report.suggestions`, so a host
 * can put an action on each heading line.
 */

const pct = (x: number): string => `${Math.round(x * 100)}%`;

function whereText(s: ToolSuggestion): string {
  switch (s.target) {
    case 'plugin-manifest':
      return `plugin manifest ${s.origin ? `${s.origin.file}${s.origin.line !== undefined ? `:${s.origin.line}` : ''}` : ''}`.trim();
    case 'client-tools':
      return `client-tools file ${s.origin?.file ?? ''}`.trim();
    case 'mcp-server':
      return `MCP server "${s.sourceName}": a suggestion for the server's owner`;
    default:
      return 'OpenClaw core tool: its description is OpenClaw\'s';
  }
}

export interface SuggestionDocument {
  text: string;
  /** 0-based line of each suggestion's heading, by index in `report.suggestions`. */
  headingLines: number[];
}

export function suggestionDocument(result: SessionSuggestions, folders: readonly string[]): SuggestionDocument {
  const u = result.usage;
  const o = result.report.overall;
  const lines = [
    '# Description suggestions from sessions',
    '',
    `Read ${u.files} session log${u.files === 1 ? '' : 's'} from ${folders.join(', ')}: ${u.searches} searches, ${u.successfulCalls} successful calls (${u.pairedCalls} after a search), ${u.pairs.length} query -> tool pairs.`,
    '',
    `Logged queries: top-1 ${pct(o.before.top1)} -> ${pct(o.after.top1)}, recall@5 ${pct(o.before.recall5)} -> ${pct(o.after.recall5)} with every suggestion applied. The ranking is OpenClaw's, unchanged: only descriptions move.`,
  ];
  for (const p of result.problems) {
    lines.push('', `Could not read ${p}`);
  }
  if (result.report.unresolved.length > 0) {
    lines.push('', `Not searchable in this catalog: ${result.report.unresolved.join(', ')}`);
  }
  if (!result.report.directory.holds) {
    lines.push('', 'Warning: with these additions the directory would cut deeper or drop rows.');
  }
  if (result.report.suggestions.length === 0) {
    lines.push('', 'No logged search led to a tool of this catalog.');
  }
  const headingLines: number[] = [];
  for (const s of result.report.suggestions) {
    lines.push('');
    headingLines.push(lines.length);
    lines.push(`## ${s.toolId}`, '');
    lines.push(`- Logged queries: ${s.queries} (top-1 ${pct(s.before.top1)} -> ${pct(s.after.top1)}, recall@5 ${pct(s.before.recall5)} -> ${pct(s.after.recall5)})`);
    lines.push(`- Where: ${whereText(s)}`);
    if (s.words.length === 0) {
      lines.push('- No word helps it without costing other tools: no change suggested.');
      continue;
    }
    lines.push(`- Add (${s.added.length} characters): \`${s.added.trim()}\``);
    lines.push(`- Words (logged queries using them): ${s.words.map((w) => `${w.word} (${w.queries})`).join(', ')}`);
    lines.push('', 'Proposed description:', '', ...s.proposed.split('\n').map((l) => `> ${l}`));
  }
  return { text: `${lines.join('\n')}\n`, headingLines };
}
