import { ABOVE_SHOWN, type WhyNot, type WhyNotSuggestion } from './rankExplanation';

// The explanation in words, for the Testing view's failure messages, the CLI
// and the playground's suggestion lines. The data stays in rankExplanation.ts.

/** One line per suggestion, for the Testing view, the CLI and hovers. */
export function suggestionText(s: WhyNotSuggestion, toolName: string, limit: number): string {
  switch (s.kind) {
    case 'add-words':
      return `Add "${s.words.join(', ')}" to the description of ${toolName}: ${s.rankAfter === undefined ? 'it would still not match' : `it would rank #${s.rankAfter}${s.withinLimitAfter ? ` (within the limit of ${limit})` : ` (still below the limit of ${limit})`}`}.`;
    case 'outscored':
      return `${toolName} matches every query word, but ${s.above} tools rank above it: higher scores (shorter texts, or the words more often), or the same score and an id that sorts first.${s.distinctive.length > 0 ? ` Words only it has, which a query could use to find it: ${s.distinctive.join(', ')}.` : ''}`;
    case 'expansion-only':
      return `${toolName} matched only through query expansions (${s.terms.join(', ')}); every tool that matches a written word ranks above it.`;
    case 'name-splits-badly':
      return `The name ${s.name} is indexed as ${s.seenAs.map((t) => `"${t}"`).join(', ')}: "${s.hidden.join('", "')}" inside it is not a word of its own. ${s.better} would split.`;
    case 'directory-cut':
      return `Its directory row is ${s.cut === 'dropped' ? 'dropped' : `shortened to ${s.descriptionLimit} characters`} by the ${s.maxChars}-character bound${s.directoryMode ? '' : ' (in directory mode)'}.`;
    case 'not-searchable':
      return `${toolName} is ${s.status}, so search never returns it: ${s.reason}`;
    case 'no-query-terms':
      return 'The query has no searchable terms (only stop words or nothing indexable): no tool can match it.';
  }
}

/** The analysis as plain text: the Testing view's failure message and the CLI's. */
export function whyNotText(w: WhyNot): string {
  const lines: string[] = [];
  const where = w.rank === undefined ? 'does not match the query at all' : `ranks #${w.rank}${w.inResults ? ` (within the limit of ${w.limit})` : `, below the limit of ${w.limit}`}`;
  lines.push(`${w.tool.id} ${w.tool.status === 'cataloged' ? where : `is ${w.tool.status}`} for "${w.query}".`);
  if (w.lacks.length > 0) lines.push(`It lacks the query words: ${w.lacks.join(', ')}.`);
  if (w.explanation && w.explanation.matched.length > 0) {
    lines.push(`It matched: ${w.explanation.matched.map((m) => `${m.term} in ${Object.keys(m.fields).join('+')}`).join('; ')} (score ${w.explanation.score.toFixed(3)}).`);
  }
  if (w.above.length > 0) {
    lines.push(`Above it (${w.aboveCount}):`);
    for (const h of w.above.slice(0, Math.min(ABOVE_SHOWN, Math.max(w.limit, 3)))) {
      lines.push(`  #${h.rank} ${h.id} (${h.score.toFixed(3)}): ${h.matched.map((m) => `${m.term} in ${Object.keys(m.fields).join('+')}`).join('; ') || h.tier}`);
    }
  }
  for (const s of w.suggestions) lines.push(`- ${suggestionText(s, w.tool.name, w.limit)}`);
  return lines.join('\n');
}
