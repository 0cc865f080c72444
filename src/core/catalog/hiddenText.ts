import type { Diagnostic, ToolDefinition } from '../types';
import { characterLabel, hiddenCharacters, visibleText, type HiddenCharacter, type HiddenKind } from '../util/visibleText';

/** Distinct characters named in one warning; the rest are counted. */
const MAX_NAMED = 4;

type Field = 'name' | 'source name' | 'label' | 'description';

const WHY: Record<HiddenKind, (field: Field) => string> = {
  bidi: (field) => `it can make the ${field} read differently than it is`,
  invisible: (field) => `it cannot be seen, so the ${field} can look like another one`,
  control: () => 'a terminal or viewer may act on it instead of showing it',
};

/** `name contains U+202E RIGHT-TO-LEFT OVERRIDE at 4: it can make the name read differently than it is`. */
export function hiddenCharacterMessage(field: Field, found: readonly HiddenCharacter[]): string {
  const first = new Map<number, { at: HiddenCharacter; count: number }>();
  for (const c of found) {
    const seen = first.get(c.codePoint);
    if (seen) {
      seen.count += 1;
    } else {
      first.set(c.codePoint, { at: c, count: 1 });
    }
  }
  const distinct = [...first.values()];
  const named = distinct
    .slice(0, MAX_NAMED)
    .map(({ at, count }) => `${characterLabel(at.codePoint)} at ${at.index}${count > 1 ? ` (${count} times)` : ''}`);
  const more = distinct.length > MAX_NAMED ? ` and ${distinct.length - MAX_NAMED} more` : '';
  const kinds = (['bidi', 'invisible', 'control'] as const).filter((k) => distinct.some(({ at }) => at.kind === k));
  return `${field} contains ${named.join(', ')}${more}: ${kinds.map((k) => WHY[k](field)).join('; ')}`;
}

/**
 * Warnings for a definition whose name, owner, label or description holds a
 * control, bidi or invisible character (`core/util/visibleText.ts`), one per
 * field, on the file and line that declared it. Positions are 0-based
 * code-point indexes in that field. The tool itself is unchanged: what the
 * model is sent stays what OpenClaw would send; only what people see is
 * escaped, and these say why.
 */
export function hiddenTextDiagnostics(def: ToolDefinition, id: string): Diagnostic[] {
  const name = def.rawName ?? def.name;
  const fields: [Field, string | undefined, boolean][] = [
    ['name', name, false],
    ['source name', def.owner, false],
    // An MCP tool's label is its raw name: named once.
    ['label', def.label === name ? undefined : def.label, true],
    // Paragraphs and tabs are ordinary in descriptions.
    ['description', def.description, true],
  ];
  const out: Diagnostic[] = [];
  for (const [field, text, lineBreaks] of fields) {
    if (text === undefined) {
      continue;
    }
    const found = hiddenCharacters(text, { lineBreaks });
    if (found.length > 0) {
      out.push({
        file: def.origin?.file ?? def.owner,
        ...(def.origin?.line !== undefined ? { line: def.origin.line } : {}),
        severity: 'warning',
        message: `tool ${visibleText(id)}: ${hiddenCharacterMessage(field, found)}`,
      });
    }
  }
  return out;
}
