import { visibleText } from '../util/visibleText';
import { ruleText, type ModeChange, type SnapshotDiff, type StatusChange, type ToolRef } from './diff';

const MAX_ROWS = 50;

/**
 * Table cells are untrusted text (tool names, reasons, descriptions): line
 * breaks become spaces, other controls, bidi and invisible characters are
 * shown with `visibleText`; `|` is escaped so a cell cannot end early,
 * backticks and brackets so it opens no code span or link, `&`, `<` and `>`
 * so it holds no entity or HTML. A backslash is doubled first, so `\|` in
 * the text cannot turn the escape of its `|` back into a column break.
 */
export function markdownCell(text: string): string {
  // Line breaks and tabs read as spaces in one cell; anything else hidden is escaped visibly.
  return visibleText(text.replace(/\r\n|[\t\n\r]/g, ' '))
    .replace(/[\\`[\]]/g, (c) => `\\${c}`)
    .replace(/\|/g, '\\|')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    // GitHub and markdown-it turn bare URLs and addresses into links; as entities they stay text.
    .replace(/:\/\//g, '&#58;//')
    .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}&#46;`)
    .replace(/@/g, '&#64;');
}

/**
 * An id or name as inline code inside a table cell: visibly escaped, fenced
 * by more backticks than it holds in a row (its own backticks stay), and with
 * each `|` escaped, which tables honour inside code spans too.
 */
export function markdownCode(text: string): string {
  if (text === '') {
    return '';
  }
  const shown = visibleText(text).replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(shown.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = shown.startsWith('`') || shown.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

const cell = markdownCell;
const code = markdownCode;

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function rows<T>(items: readonly T[], render: (t: T) => string, columns = 3): string[] {
  const shown = items.slice(0, MAX_ROWS).map(render);
  if (items.length > MAX_ROWS) {
    // As many cells as the table has columns.
    shown.push(`| … ${items.length - MAX_ROWS} more |${' |'.repeat(columns - 1)}`);
  }
  return shown;
}

function toolSection(title: string, items: readonly ToolRef[]): string[] {
  if (items.length === 0) {
    return [];
  }
  return ['', `### ${title} (${items.length})`, '', '| tool | status | reason |', '| --- | --- | --- |', ...rows(items, (t) => `| ${code(t.id)} | ${t.status} | ${cell(t.reason ?? '')} |`)];
}

function changeSection(title: string, items: readonly StatusChange[], ruleHeading: string): string[] {
  if (items.length === 0) {
    return [];
  }
  return [
    '',
    `### ${title} (${items.length})`,
    '',
    `| tool | from → to | ${ruleHeading} |`,
    '| --- | --- | --- |',
    ...rows(items, (t) => `| ${code(t.id)} | ${t.from} → ${t.to} | ${cell(t.rule ? ruleText(t.rule) : `${t.reasonKind ?? ''}: ${t.reason ?? ''}`)} |`),
  ];
}

function modeRow(m: ModeChange): string {
  const eff = m.effectiveMode.a === m.effectiveMode.b ? m.effectiveMode.b : `${m.effectiveMode.a} → ${m.effectiveMode.b}`;
  const vis = [...m.visibleAdded.map((n) => `+${n}`), ...m.visibleRemoved.map((n) => `-${n}`)];
  const visText = vis.length > 8 ? `${vis.slice(0, 8).join(' ')} … (${vis.length})` : vis.join(' ');
  return `| ${m.mode} | ${eff} | ${m.bytes.a} → ${m.bytes.b} (${signed(m.bytes.delta)}) | ${m.tokens.a} → ${m.tokens.b} (${signed(m.tokens.delta)}) | ${cell(visText)} |`;
}

/** The diff as a pull-request comment. */
export function diffMarkdown(d: SnapshotDiff): string {
  const out = [`## Tool catalog: ${cell(d.a)} → ${cell(d.b)}`];
  if (d.same) {
    out.push('', 'No change: the same tools, statuses, schemas and per-mode payloads.');
    return out.join('\n');
  }
  out.push(...toolSection('Added', d.added), ...toolSection('Removed', d.removed));
  out.push(...changeSection('Newly excluded', d.excluded, 'rule / reason'));
  out.push(...changeSection('Re-admitted', d.readmitted, 'was excluded by'));
  out.push(...changeSection('Status changed', d.statusChanged, 'reason'));
  const edits = [...d.schemaChanged.map((t) => ({ ...t, what: 'schema' })), ...d.descriptionChanged.map((t) => ({ ...t, what: 'description' }))];
  if (edits.length > 0) {
    out.push('', `### Schema and description changes (${edits.length})`, '', '| tool | changed |', '| --- | --- |', ...rows(edits, (e) => `| ${code(e.id)} | ${e.what} |`, 2));
  }
  out.push('', '### Per mode (request bytes and o200k tokens)', '', '| mode | effective | bytes | tokens | visible tools |', '| --- | --- | --- | --- | --- |', ...d.modes.map(modeRow));
  const dir = d.modes.find((m) => m.directory && m.mode === 'directory')?.directory;
  if (dir && (dir.chars.delta !== 0 || dir.shortenedAdded.length + dir.shortenedRemoved.length + dir.droppedAdded.length + dir.droppedRemoved.length > 0)) {
    out.push('', '### Directory', '', `Characters ${dir.chars.a} → ${dir.chars.b} of ${dir.maxChars.b}; descriptions cut to ${dir.descriptionLimit.a} → ${dir.descriptionLimit.b}; omitted ${dir.omitted.a} → ${dir.omitted.b}.`);
    const lists: [string, string[]][] = [
      ['Newly shortened', dir.shortenedAdded],
      ['No longer shortened', dir.shortenedRemoved],
      ['Newly dropped', dir.droppedAdded],
      ['Listed again', dir.droppedRemoved],
    ];
    for (const [label, names] of lists) {
      if (names.length > 0) {
        out.push(`- ${label}: ${names.slice(0, MAX_ROWS).map(code).join(', ')}${names.length > MAX_ROWS ? ` … ${names.length - MAX_ROWS} more` : ''}`);
      }
    }
  }
  if (d.context.length > 0) {
    out.push('', '### Settings and context', '', '| key | before | after |', '| --- | --- | --- |', ...d.context.map((c) => `| ${code(c.key)} | ${cell(c.a)} | ${cell(c.b)} |`));
  }
  return out.join('\n');
}
