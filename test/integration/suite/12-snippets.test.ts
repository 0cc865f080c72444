import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SnippetRunResult } from '../../../src/extension/bridge/runSnippetCommand';
import { activateExtension, eventually } from './helpers';

// Bridge snippets bound to their documents: errors as diagnostics on the
// right lines, the run CodeLens, runs that follow the document (never the
// visible editor), re-run and reveal. The snippet files are written into the
// demo folder for the test and removed after it.

const SYNTAX = ['const hits = await openclaw.tools.search("flags");', '', 'const broken = ;', 'return hits;'].join('\n');
const THROWS = ['const d = await openclaw.tools.describe("fake_plugin_tool_17");', 'console.log(d.name);', 'if (d.name) {', '  throw new Error("boom " + d.name);', '}'].join('\n');
const CAUGHT = ['const r = await openclaw.tools.call("fake_plugin_tool_36", {}).catch((e) => "refused");', 'return r;'].join('\n');
const GOOD = ['const d = await openclaw.tools.describe("fake_plugin_tool_17");', 'return d.name;'].join('\n');

describe('Bridge snippets in the editor', () => {
  const written: string[] = [];
  let dir: string;

  function snippetFile(name: string, text: string): vscode.Uri {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    written.push(file);
    return vscode.Uri.file(file);
  }

  const run = (arg?: unknown) => vscode.commands.executeCommand<SnippetRunResult | undefined>('toolSearchInspector.runBridgeSnippet', ...(arg === undefined ? [] : [arg]));
  const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Tool Search sandbox');

  before(async () => {
    await activateExtension();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the demo folder is open');
    dir = path.join(folder.uri.fsPath, 'snippets');
    fs.mkdirSync(dir, { recursive: true });
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(() => {
    for (const f of written) {
      fs.rmSync(f, { force: true });
    }
  });

  it('a syntax error is an error diagnostic on its line', async () => {
    const uri = snippetFile('it-syntax.toolsearch.js', SYNTAX);
    const r = await run(uri.toString());
    assert.ok(r?.record, 'a document run is recorded');
    assert.equal(r.report.ok, false);
    assert.equal(r.report.errorLine, 3);
    assert.equal(r.record.outcome, 'error');
    assert.equal(r.record.errorLine, 3);
    const diags = await eventually(async () => (ours(uri).length > 0 ? ours(uri) : undefined), 'the diagnostics');
    assert.deepEqual(diags.map((d) => [d.range.start.line, d.severity]), [[2, vscode.DiagnosticSeverity.Error]]);
    assert.match(diags[0]?.message ?? '', /does not compile: SyntaxError/);
  });

  it('a thrown error lands on the line of the throw; a caught refused call is a warning on the call\'s line', async () => {
    const thrown = snippetFile('it-throws.toolsearch.js', THROWS);
    const r = await run(thrown.toString());
    assert.equal(r?.report.errorLine, 4, r?.report.error);
    assert.deepEqual(ours(thrown).map((d) => [d.range.start.line, d.severity]), [[3, vscode.DiagnosticSeverity.Error]]);
    assert.match(ours(thrown)[0]?.message ?? '', /boom fake_plugin_tool_17/);

    const caught = snippetFile('it-caught.toolsearch.js', CAUGHT);
    const c = await run(caught.toString());
    assert.equal(c?.report.ok, true, c?.report.error);
    assert.deepEqual(ours(caught).map((d) => [d.range.start.line, d.severity]), [[0, vscode.DiagnosticSeverity.Warning]]);
    assert.match(ours(caught)[0]?.message ?? '', /openclaw\.tools\.call failed: .*fake_plugin_tool_36/);
  });

  it('the first edit clears a run\'s diagnostics', async () => {
    const uri = snippetFile('it-edit.toolsearch.js', SYNTAX);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    await run(uri.toString());
    assert.equal(ours(uri).length, 1);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, doc.lineAt(2).range, 'const broken = 1;');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await eventually(async () => (ours(uri).length === 0 ? true : undefined), 'the diagnostics to clear');
    // A scratch file: saved, so closing it asks nothing.
    await doc.save();
  });

  it('offers "Run in Tool Search sandbox" on snippet files and on opted-in JavaScript only', async () => {
    const snippet = snippetFile('it-lens.toolsearch.js', GOOD);
    const plain = snippetFile('it-plain.js', GOOD);
    const optedIn = snippetFile('it-opted.js', `// @openclaw-bridge\n${GOOD}`);
    const lenses = async (uri: vscode.Uri) => {
      await vscode.workspace.openTextDocument(uri);
      return (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)).filter((l) => l.command?.command === 'toolSearchInspector.runBridgeSnippet');
    };
    const [lens] = await lenses(snippet);
    assert.match(lens?.command?.title ?? '', /Run in Tool Search sandbox/);
    assert.deepEqual(lens?.command?.arguments, [snippet.toString()], 'the lens is bound to its document');
    assert.equal((await lenses(optedIn)).length, 1);
    assert.equal((await lenses(plain)).length, 0);

    // The lens runs its own document, whatever editor is active.
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(plain));
    const r = await vscode.commands.executeCommand<SnippetRunResult>(lens?.command?.command ?? '', ...(lens?.command?.arguments ?? []));
    assert.equal(r?.binding?.uri, snippet.toString());
    assert.equal(r?.report.value, 'fake_plugin_tool_17');
  });

  it('with the trace panel focused, the command runs the document that ran last, not the visible editor', async () => {
    const first = snippetFile('it-bound.toolsearch.js', GOOD);
    const other = snippetFile('it-other.toolsearch.js', 'return "the other file";');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(first));
    const r1 = await run();
    assert.equal(r1?.binding?.uri, first.toString());
    // The trace panel took focus (made sure of: the group beside); the other snippet becomes visible without focus.
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(other), { viewColumn: vscode.ViewColumn.One, preserveFocus: true });
    await eventually(async () => (vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === other.toString()) ? true : undefined), 'the other editor to show');
    assert.equal(vscode.window.activeTextEditor, undefined, 'precondition: no text editor is active (the panel has focus)');
    const r2 = await run();
    assert.equal(r2?.binding?.uri, first.toString(), 'bound to the document of the last run');
    assert.equal(r2?.report.value, 'fake_plugin_tool_17');
    assert.ok((r2?.record?.id ?? 0) > (r1?.record?.id ?? 0));
  });

  it('marks a JavaScript file as a snippet with the directive, which turns its CodeLens on', async () => {
    const uri = snippetFile('it-directive.js', GOOD);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('toolSearchInspector.addBridgeTypingsDirective');
    assert.equal(doc.lineAt(0).text, '// @openclaw-bridge');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    assert.ok(lenses.some((l) => l.command?.command === 'toolSearchInspector.runBridgeSnippet'));
    await doc.save();
  });

  it('re-runs a document by URI string and reveals a line in it', async () => {
    const uri = snippetFile('it-rerun.toolsearch.js', THROWS);
    const r = await vscode.commands.executeCommand<SnippetRunResult>('toolSearchInspector.rerunBridgeSnippet', uri.toString());
    assert.equal(r?.binding?.uri, uri.toString());
    assert.equal(r?.record?.errorLine, 4);
    assert.equal(ours(uri)[0]?.range.start.line, 3);
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('toolSearchInspector.revealSnippetLine', uri.toString(), 4);
    assert.equal(editor?.document.uri.toString(), uri.toString());
    assert.equal(vscode.window.activeTextEditor?.selection.active.line, 3);
  });
});
