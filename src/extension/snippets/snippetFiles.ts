// Which files are bridge snippets or Code Mode programs. Shared by the
// extension and the TypeScript server plugin, so it imports neither vscode
// nor typescript (core/bridge/programKind imports nothing).
import { BRIDGE_DIRECTIVE, DIRECTIVE_HEAD_CHARS, declaredSurface } from '../../core/bridge/programKind';

export { CODE_MODE_DIRECTIVE, DIRECTIVE_HEAD_CHARS, declaredSurface } from '../../core/bridge/programKind';

/** The directive comment that makes any JavaScript file a bridge snippet. */
export const SNIPPET_DIRECTIVE = BRIDGE_DIRECTIVE;

/** Snippet files by name: `*.toolsearch.js`; Code Mode programs: `*.codemode.js`. */
export const SNIPPET_GLOB = '**/*.toolsearch.js';
export const CODE_MODE_GLOB = '**/*.codemode.js';

const SNIPPET_NAME = /\.(?:toolsearch|codemode)\.js$/i;

/** A file that is a program by its name alone. */
export function isSnippetFileName(fileName: string): boolean {
  return SNIPPET_NAME.test(fileName);
}

/** `head`: the file's first characters (at least DIRECTIVE_HEAD_CHARS of them when the file is longer). */
export function isBridgeSnippet(fileName: string, head: string): boolean {
  return declaredSurface(fileName, head.slice(0, DIRECTIVE_HEAD_CHARS)) === 'tool_search_code';
}

export function isCodeModeProgram(fileName: string, head: string): boolean {
  return declaredSurface(fileName, head.slice(0, DIRECTIVE_HEAD_CHARS)) === 'code-mode';
}

/** Either kind: the file runs in the sandbox (CodeLens, completions, the run command). */
export function isProgramFile(fileName: string, head: string): boolean {
  return declaredSurface(fileName, head.slice(0, DIRECTIVE_HEAD_CHARS)) !== undefined;
}
