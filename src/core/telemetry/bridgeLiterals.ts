/** A JavaScript string literal (single, double or back quotes without `${`), unescaped. */
const LITERAL = String.raw`("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\`(?:[^\`\\$]|\\.)*\`)`;
const BRIDGE_CALL = new RegExp(String.raw`\b(?:openclaw\.)?tools\.(search|call)\(\s*${LITERAL}`, 'g');

function unquote(literal: string): string {
  const body = literal.slice(1, -1);
  return body.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? ' ' : c));
}

/**
 * The searches and calls a tool_search_code body spells out with literal
 * arguments, in order. Ids built at run time (`hits[0].id`) cannot be read
 * from the code, and are missed.
 */
export function bridgeLiterals(code: string): { op: 'search' | 'call'; arg: string }[] {
  const out: { op: 'search' | 'call'; arg: string }[] = [];
  for (const m of code.matchAll(BRIDGE_CALL)) {
    const op = m[1] === 'call' ? 'call' : 'search';
    const lit = m[2];
    if (lit !== undefined) {
      out.push({ op, arg: unquote(lit) });
    }
  }
  return out;
}

const PROGRAM_SEARCH = new RegExp(String.raw`\bcatalog\.search\(\s*${LITERAL}`, 'g');

/**
 * The queries a Code Mode program spells out as literals (`catalog.search("...")`),
 * in order. Its calls need no reading: OpenClaw records each one.
 */
export function programSearchLiterals(code: string): string[] {
  return [...code.matchAll(PROGRAM_SEARCH)].flatMap((m) => (m[1] !== undefined ? [unquote(m[1])] : []));
}
