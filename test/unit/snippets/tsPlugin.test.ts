import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as ts from 'typescript';
import { codeModeDeclarationsPath, declarationsPath, externalFiles, FUNCTION_BODY_ERRORS, snippetLanguageService, withDeclarations, type SnippetProject } from '../../../src/extension/snippets/tsPlugin';

// The plugin as VS Code's JavaScript service runs it, over a real language
// service: which projects get the declarations, what completes, which
// errors a snippet file keeps.

const DTS = declarationsPath(path.resolve(__dirname, '../../../dist'));

class Project implements SnippetProject, ts.LanguageServiceHost {
  private readonly versions = new Map<string, number>();
  constructor(private readonly files: Map<string, string>) {}
  set(name: string, text: string): void {
    this.files.set(name, text);
    this.versions.set(name, (this.versions.get(name) ?? 0) + 1);
  }
  getRootFiles(): string[] {
    return [...this.files.keys()];
  }
  getScriptFileNames(): string[] {
    return this.getRootFiles();
  }
  getScriptVersion(name: string): string {
    return String(this.versions.get(name) ?? 0);
  }
  getScriptSnapshot(name: string): ts.IScriptSnapshot | undefined {
    const text = this.files.get(name) ?? ts.sys.readFile(name);
    return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
  }
  getCompilationSettings(): ts.CompilerOptions {
    // What VS Code gives a loose JavaScript file (an inferred project).
    return { allowJs: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowNonTsExtensions: true };
  }
  getCurrentDirectory(): string {
    return '/w';
  }
  getDefaultLibFileName(o: ts.CompilerOptions): string {
    return ts.getDefaultLibFilePath(o);
  }
  fileExists = (name: string): boolean => this.files.has(name) || ts.sys.fileExists(name);
  readFile = (name: string): string | undefined => this.files.get(name) ?? ts.sys.readFile(name);
}

/** As the server sets a project up: the plugin decorates the project, then wraps its language service. */
function plugged(p: Project): ts.LanguageService {
  withDeclarations(p, DTS);
  return snippetLanguageService(ts.createLanguageService(p), p);
}

function completionsAt(ls: ts.LanguageService, file: string, text: string): string[] {
  return ls.getCompletionsAtPosition(file, text.length, {})?.entries.map((e) => e.name) ?? [];
}

describe('TypeScript server plugin for bridge snippets', () => {
  const SNIPPET = '/w/find.toolsearch.js';
  const TYPED = '// @ts-check\nconst hits = await openclaw.tools.se';
  const project = new Project(new Map([[SNIPPET, TYPED]]));
  const ls = plugged(project);

  it('gives a project the declarations only when a root is a snippet: by name or by the directive', () => {
    assert.deepEqual(externalFiles(new Project(new Map([['/w/a.js', 'const a = 1;']])), DTS), []);
    assert.deepEqual(externalFiles(new Project(new Map([['/w/a.js', '// a comment\n// @openclaw-bridge\nreturn 1;']])), DTS), [DTS]);
    assert.deepEqual(externalFiles(new Project(new Map([['/w/a.ts', '// @openclaw-bridge\n']])), DTS), [], 'the directive is for JavaScript');
    assert.deepEqual(externalFiles(new Project(new Map([['/w/a.js', 'const s = "// @openclaw-bridge";']])), DTS), [], 'a directive inside code is not one');
    assert.deepEqual(externalFiles(new Project(new Map([['/w/x.toolsearch.js', '']])), DTS), [DTS]);
  });

  it('completes openclaw.tools.se to search, with its documentation', () => {
    const names = completionsAt(ls, SNIPPET, TYPED);
    assert.deepEqual(['call', 'describe', 'search'].filter((n) => names.includes(n)), ['call', 'describe', 'search']);
    const details = ls.getCompletionEntryDetails(SNIPPET, TYPED.length, 'search', {}, undefined, undefined, undefined);
    assert.match(ts.displayPartsToString(details?.displayParts), /search\(query: string, options\?: OpenClawBridge\.SearchOptions.*Promise<OpenClawBridge\.SearchHit\[\]>/);
    assert.match(ts.displayPartsToString(details?.documentation), /Searches the catalog/);
  });

  it('types what the bridge returns (a hit has an id; describe gives parameters)', () => {
    const text = '// @ts-check\nconst [hit] = await openclaw.tools.search("x");\nconst d = await openclaw.tools.describe(hit.';
    project.set(SNIPPET, text);
    assert.ok(completionsAt(ls, SNIPPET, text).includes('id'));
  });

  it('keeps type errors but drops the ones that only say a snippet is a function body', () => {
    const text = '// @ts-check\nconst hits = await openclaw.tools.search(42);\nfor await (const h of []) {}\nreturn hits.length;\n';
    project.set(SNIPPET, text);
    const raw = ts.createLanguageService(new Project(new Map([[SNIPPET, text]])));
    const rawCodes = [...raw.getSyntacticDiagnostics(SNIPPET), ...raw.getSemanticDiagnostics(SNIPPET)].map((d) => d.code);
    assert.ok(rawCodes.some((c) => FUNCTION_BODY_ERRORS.has(c)), `without the plugin the body errors show: ${rawCodes.join(', ')}`);
    const codes = [...ls.getSyntacticDiagnostics(SNIPPET), ...ls.getSemanticDiagnostics(SNIPPET)].map((d) => d.code);
    assert.deepEqual(codes, [2345], 'only the wrong argument type (a number where a query string goes)');
  });

  it('leaves other JavaScript files as they are', () => {
    const other = '/w/plain.js';
    const p = new Project(new Map([[other, '// @ts-check\nreturn 1;\n']]));
    const wrapped = plugged(p);
    assert.ok(!p.getScriptFileNames().includes(DTS), 'no declarations without a snippet');
    assert.ok([...wrapped.getSyntacticDiagnostics(other), ...wrapped.getSemanticDiagnostics(other)].some((d) => d.code === 1108));
  });
});

describe('TypeScript server plugin for Code Mode programs', () => {
  const BOTH = { tool_search_code: DTS, 'code-mode': codeModeDeclarationsPath(path.resolve(__dirname, '../../../dist')) };
  const PROGRAM = '/w/plan.codemode.js';

  it("gives each kind of program its own declarations, and both when a project has both", () => {
    assert.deepEqual(externalFiles(new Project(new Map([[PROGRAM, '']])), BOTH), [BOTH['code-mode']]);
    assert.deepEqual(externalFiles(new Project(new Map([['/w/a.js', '// @openclaw-code-mode\nreturn 1;']])), BOTH), [BOTH['code-mode']]);
    assert.deepEqual(externalFiles(new Project(new Map([['/w/a.js', '// @openclaw-bridge\n'], [PROGRAM, '']])), BOTH), [BOTH.tool_search_code, BOTH['code-mode']]);
    assert.deepEqual(externalFiles(new Project(new Map([['/w/a.js', 'const a = 1;']])), BOTH), []);
  });

  it('completes the guest API and types a handle, with top-level await and return allowed', () => {
    const typed = '// @ts-check\nconst [h] = await catalog.search("calendar");\nconst d = await h.describe();\ntext(h.callableName);\nreturn results.';
    const project = new Project(new Map([[PROGRAM, typed]]));
    withDeclarations(project, BOTH);
    const ls = snippetLanguageService(ts.createLanguageService(project), project);
    const names = ls.getCompletionsAtPosition(PROGRAM, typed.length, {})?.entries.map((e) => e.name) ?? [];
    assert.deepEqual(['delete', 'load', 'save'].filter((n) => names.includes(n)), ['delete', 'load', 'save']);
    project.set(PROGRAM, `${typed}save(d);`);
    const errors = [...ls.getSyntacticDiagnostics(PROGRAM), ...ls.getSemanticDiagnostics(PROGRAM)].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    assert.deepEqual(errors, []);
    project.set(PROGRAM, '// @ts-check\nconst [h] = await catalog.search(42);\nreturn h.callableName;');
    const found = ls.getSemanticDiagnostics(PROGRAM).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    assert.deepEqual(found, ["Argument of type 'number' is not assignable to parameter of type 'string'."]);
  });
});
