// Which files are bridge snippets. Shared by the extension and the
// TypeScript server plugin, so it imports neither vscode nor typescript.

/** The directive comment that makes any JavaScript file a bridge snippet. */
export const SNIPPET_DIRECTIVE = '// @openclaw-bridge';

/** Snippet files by name: `*.toolsearch.js`. */
export const SNIPPET_GLOB = '**/*.toolsearch.js';

/** The directive counts in a file's head only: a snippet says what it is up front. */
export const DIRECTIVE_HEAD_CHARS = 2000;

const SNIPPET_NAME = /\.toolsearch\.js$/i;
const JAVASCRIPT_NAME = /\.(?:c|m)?jsx?$/i;
const DIRECTIVE_LINE = /^[ \t]*\/\/[ \t]*@openclaw-bridge\b/m;

export function isSnippetFileName(fileName: string): boolean {
  return SNIPPET_NAME.test(fileName);
}

/** `head`: the file's first characters (at least DIRECTIVE_HEAD_CHARS of them when the file is longer). */
export function isBridgeSnippet(fileName: string, head: string): boolean {
  return isSnippetFileName(fileName) || (JAVASCRIPT_NAME.test(fileName) && DIRECTIVE_LINE.test(head.slice(0, DIRECTIVE_HEAD_CHARS)));
}
