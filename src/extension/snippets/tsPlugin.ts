import * as path from 'node:path';
import type * as ts from 'typescript';
import { DIRECTIVE_HEAD_CHARS, declaredSurface } from './snippetFiles';
import type { ProgramSurface } from '../../core/bridge/programKind';

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

/** A Code Mode program's declarations (`types/openclaw-code-mode.d.ts`). */
export function codeModeDeclarationsPath(bundleDir: string): string {
  return path.join(bundleDir, '..', 'types', 'openclaw-code-mode.d.ts');
}

/** Each kind of program and the declarations its files get. */
export type Declarations = Partial<Record<ProgramSurface, string>>;

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

function kindIn(project: SnippetProject, fileName: string): ProgramSurface | undefined {
  return declaredSurface(fileName, head(project, fileName));
}

export function isSnippetIn(project: SnippetProject, fileName: string): boolean {
  return kindIn(project, fileName) !== undefined;
}

/** The declarations of the kinds among `files`: a bridge snippet's, a Code Mode program's, or both. */
function wanted(project: SnippetProject, files: readonly string[], dts: Declarations | string): string[] {
  const all: Declarations = typeof dts === 'string' ? { tool_search_code: dts } : dts;
  const kinds = new Set(files.map((f) => kindIn(project, f)));
  return (Object.keys(all) as ProgramSurface[]).filter((k) => kinds.has(k)).map((k) => all[k]).filter((d): d is string => d !== undefined);
}

/** Files the server watches for the project: the declarations of the kinds of program among its roots. */
export function externalFiles(project: SnippetProject, dts: Declarations | string): string[] {
  return wanted(project, project.getRootFiles(), dts);
}

/**
 * Adds the declarations to the project's program while it has a snippet
 * root: the server's "external files" are only watched, never compiled,
 * so the program's file list itself is extended (the project is the
 * language service's host). Checked on every program update, so adding
 * the directive to a file takes effect as it is typed.
 */
export function withDeclarations(project: SnippetProject, dts: Declarations | string): void {
  const own = project.getScriptFileNames.bind(project);
  const shipped = new Set(typeof dts === 'string' ? [dts] : Object.values(dts));
  project.getScriptFileNames = () => {
    const names = own();
    const add = wanted(project, names.filter((n) => !shipped.has(n)), dts).filter((d) => !names.includes(d));
    return add.length > 0 ? [...names, ...add] : names;
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
  const dts: Declarations = { tool_search_code: declarationsPath(__dirname), 'code-mode': codeModeDeclarationsPath(__dirname) };
  return {
    create: (info) => {
      withDeclarations(info.project, dts);
      return snippetLanguageService(info.languageService, info.project);
    },
    getExternalFiles: (project) => externalFiles(project, dts),
  };
};

export default init;
