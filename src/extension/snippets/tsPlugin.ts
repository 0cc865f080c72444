import * as path from 'node:path';
import type * as ts from 'typescript';
import { DIRECTIVE_HEAD_CHARS, isBridgeSnippet, isSnippetFileName } from './snippetFiles';

/**
 * A TypeScript server plugin (contributed through `typescriptServerPlugins`,
 * loaded by VS Code's own JavaScript service). A project with a bridge
 * snippet among its root files gets the bridge's declarations as one more
 * root file, so `openclaw.tools.` completes, hovers and type-checks. In
 * snippet files the errors that only say "this is a function body" are
 * dropped: the sandbox runs the file as the body of an async function.
 */

/** Top-level `return` and `await` are legal in a snippet (it is an async function body). */
export const FUNCTION_BODY_ERRORS: ReadonlySet<number> = new Set([
  1108, // A 'return' statement can only be used within a function body.
  1308, // 'await' expressions are only allowed within async functions and at the top levels of modules.
  1375, // 'await' expressions are only allowed at the top level of a file when that file is a module...
  1378, // Top-level 'await' expressions are only allowed when the 'module' option is set to...
  1431, // 'for await' loops are only allowed at the top level of a file when that file is a module...
  1432, // Top-level 'for await' loops are only allowed when the 'module' option is set to...
]);

/** The shipped declarations, beside the bundle (`dist/tsPlugin.js` -> `types/openclaw-bridge.d.ts`). */
export function declarationsPath(bundleDir: string): string {
  return path.join(bundleDir, '..', 'types', 'openclaw-bridge.d.ts');
}

/** What the plugin needs of a project (a structural part of `ts.server.Project`). */
export interface SnippetProject {
  getRootFiles(): readonly string[];
  getScriptFileNames(): string[];
  getScriptSnapshot(fileName: string): ts.IScriptSnapshot | undefined;
}

function head(project: SnippetProject, fileName: string): string {
  try {
    const snap = project.getScriptSnapshot(fileName);
    return snap ? snap.getText(0, Math.min(DIRECTIVE_HEAD_CHARS, snap.getLength())) : '';
  } catch {
    return '';
  }
}

export function isSnippetIn(project: SnippetProject, fileName: string): boolean {
  return isSnippetFileName(fileName) || isBridgeSnippet(fileName, head(project, fileName));
}

/** Files the server watches for the project: the declarations when one of its roots is a snippet. */
export function externalFiles(project: SnippetProject, dts: string): string[] {
  return project.getRootFiles().some((f) => isSnippetIn(project, f)) ? [dts] : [];
}

/**
 * Adds the declarations to the project's program while it has a snippet
 * root: the server's "external files" are only watched, never compiled,
 * so the program's file list itself is extended (the project is the
 * language service's host). Checked on every program update, so adding
 * the directive to a file takes effect as it is typed.
 */
export function withDeclarations(project: SnippetProject, dts: string): void {
  const own = project.getScriptFileNames.bind(project);
  project.getScriptFileNames = () => {
    const names = own();
    return !names.includes(dts) && names.some((f) => isSnippetIn(project, f)) ? [...names, dts] : names;
  };
}

/** The language service with function-body errors dropped in snippet files. */
export function snippetLanguageService(ls: ts.LanguageService, project: SnippetProject): ts.LanguageService {
  const keep = (fileName: string, diags: ts.Diagnostic[]): ts.Diagnostic[] =>
    isSnippetIn(project, fileName) ? diags.filter((d) => !FUNCTION_BODY_ERRORS.has(d.code)) : diags;
  return {
    ...ls,
    getSyntacticDiagnostics: (fileName) => keep(fileName, ls.getSyntacticDiagnostics(fileName)) as ts.DiagnosticWithLocation[],
    getSemanticDiagnostics: (fileName) => keep(fileName, ls.getSemanticDiagnostics(fileName)),
    getSuggestionDiagnostics: (fileName) => keep(fileName, ls.getSuggestionDiagnostics(fileName)) as ts.DiagnosticWithLocation[],
  };
}

const init: ts.server.PluginModuleFactory = () => {
  const dts = declarationsPath(__dirname);
  return {
    create: (info) => {
      withDeclarations(info.project, dts);
      return snippetLanguageService(info.languageService, info.project);
    },
    getExternalFiles: (project) => externalFiles(project, dts),
  };
};

export default init;
