/**
 * Line edits from one generated template to a variant of it, as the
 * extractor records them (`scripts/extract-openclaw-prompt.mjs` lineEdits:
 * a longest common subsequence of lines): each edit replaces `remove` by
 * `add` right after its `before` lines, which occur once in the text. The
 * extractor checks that its edits give the variant back this very way.
 */
export interface LineEdit {
  before: readonly string[];
  remove: readonly string[];
  add: readonly string[];
}

/** `text` with the edits applied; undefined when an anchor is not found exactly once (the template is not the one they were made from). */
export function applyLineEdits(text: string, edits: readonly LineEdit[]): string | undefined {
  let out = text;
  for (const e of edits) {
    const from = [...e.before, ...e.remove].join('\n');
    const to = [...e.before, ...e.add].join('\n');
    const at = out.indexOf(`${from}\n`);
    if (at < 0 || out.indexOf(`${from}\n`, at + 1) >= 0) {
      return undefined;
    }
    out = out.slice(0, at) + to + out.slice(at + from.length);
  }
  return out;
}
