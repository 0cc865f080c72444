/**
 * Which surface a program file targets, from its name or a directive comment
 * in its head: a `tool_search_code` body (`*.toolsearch.js`,
 * `// @openclaw-bridge`) or a Code Mode program (`*.codemode.js`,
 * `// @openclaw-code-mode`). Shared by the CLI, the extension and the
 * TypeScript server plugin, so it imports nothing.
 */
export type ProgramSurface = 'code-mode' | 'tool_search_code';

export const BRIDGE_DIRECTIVE = '// @openclaw-bridge';
export const CODE_MODE_DIRECTIVE = '// @openclaw-code-mode';

/** A directive counts in a file's head only: a program says what it is up front. */
export const DIRECTIVE_HEAD_CHARS = 2000;

const BRIDGE_NAME = /\.toolsearch\.js$/i;
const CODE_MODE_NAME = /\.codemode\.js$/i;
const JAVASCRIPT_NAME = /\.(?:c|m)?jsx?$/i;
const BRIDGE_LINE = /^[ \t]*\/\/[ \t]*@openclaw-bridge\b/m;
const CODE_MODE_LINE = /^[ \t]*\/\/[ \t]*@openclaw-code-mode\b/m;

/** `fileName`: undefined for code that has none (an `--eval` source, an untitled editor). */
export function declaredSurface(fileName: string | undefined, head: string): ProgramSurface | undefined {
  if (fileName !== undefined && CODE_MODE_NAME.test(fileName)) {
    return 'code-mode';
  }
  if (fileName !== undefined && BRIDGE_NAME.test(fileName)) {
    return 'tool_search_code';
  }
  if (fileName !== undefined && !JAVASCRIPT_NAME.test(fileName)) {
    return undefined;
  }
  const text = head.slice(0, DIRECTIVE_HEAD_CHARS);
  return CODE_MODE_LINE.test(text) ? 'code-mode' : BRIDGE_LINE.test(text) ? 'tool_search_code' : undefined;
}
