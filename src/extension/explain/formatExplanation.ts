// Renders an explanation as Markdown for the read-only explain document.
import { formatLocation } from '../../core/util/location';
import type { Explanation } from '../../core/explain/explain';

function code(s: string): string {
  return `\`${s.replace(/`/g, "'")}\``;
}

export function formatExplanation(e: Explanation): string {
  const out: string[] = [`# Explain ${code(e.query)}`, ''];
  if (e.openclawVersion) {
    out.push(`Modelling ${e.openclawVersion}.`, '');
  }
  for (const m of e.matches) {
    out.push(`## ${code(m.id ?? m.name)}: ${m.status}`, '');
    if (m.sourceName) {
      out.push(`- Source: ${m.source ?? ''} ${code(m.sourceName)}`);
    }
    out.push(`- Why: ${m.reason}`);
    if (m.hint) {
      out.push(`- Fix: ${m.hint}`);
    }
    if (m.decisions.length > 0) {
      out.push('', '| Layer | Rule | Effect | Where |', '| --- | --- | --- | --- |');
      for (const d of m.decisions) {
        const where = d.file ? formatLocation({ file: d.file, line: d.line }) : '';
        out.push(`| ${d.layer} | ${d.rule.replace(/\|/g, '\\|')} | ${d.effect} | ${where} |`);
      }
    }
    out.push('');
  }
  if (e.suggestions.length > 0) {
    out.push(`Did you mean: ${e.suggestions.map(code).join(', ')}?`, '');
  }
  if (e.unavailableServers.length > 0) {
    out.push(`Servers that failed (their tools are missing): ${e.unavailableServers.map(code).join(', ')}`, '');
  }
  return out.join('\n');
}
