// Where a tool id is being typed: inside the first string argument of
// `describe(` or `call(` (as `openclaw.tools.call("…` or a bare `call("…`).

export interface ToolIdContext {
  /** What is typed so far between the quote and the cursor. */
  prefix: string;
  /** Column of the first character after the quote. */
  start: number;
  quote: '"' | "'" | '`';
  op: 'describe' | 'call';
}

const OPENING = /\b(describe|call)\s*\(\s*(["'`])([^"'`\\]*)$/;

/** `before`: the line's text up to the cursor. */
export function toolIdContext(before: string): ToolIdContext | undefined {
  const m = OPENING.exec(before);
  if (!m) {
    return undefined;
  }
  const [, op, quote, prefix] = m;
  if ((op !== 'describe' && op !== 'call') || (quote !== '"' && quote !== "'" && quote !== '`') || prefix === undefined) {
    return undefined;
  }
  return { op, quote, prefix, start: before.length - prefix.length };
}

/**
 * What a tool-id completion is matched against as the user types: the
 * model-facing name first (`filesystem__read_text_file`, what people see in
 * the tree, search hits and transcripts), then the id it inserts
 * (`mcp:filesystem:read_text_file`). The editor's fuzzy match may start at
 * either word, so typing either finds the tool.
 */
export function toolIdFilterText(tool: { id: string; name: string }): string {
  return tool.name === tool.id ? tool.id : `${tool.name} ${tool.id}`;
}
