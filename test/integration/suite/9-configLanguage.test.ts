import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, eventually } from './helpers';

// openclaw.json as an OpenClaw config (JSON5), with completions and hovers
// from the folder's own catalog. The false JSON errors of issue 14 are gone
// because the file is no longer JSON, not because anything is filtered.
// The tests run from out/test/integration/suite; OpenClaw's own group table sits in the repo.
const REPO = path.resolve(__dirname, '..', '..', '..', '..');
const JSON_SYNTAX = /doublequoted|Comments are not permitted|Trailing comma|Value expected|Expected comma|End of file expected/i;

function markdownOf(hovers: readonly vscode.Hover[] | undefined): string {
  return (hovers ?? [])
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : c.value))
    .join('\n');
}

function positionOf(doc: vscode.TextDocument, needle: string, delta: number): vscode.Position {
  const i = doc.getText().indexOf(needle);
  assert.ok(i >= 0, `"${needle}" is not in ${doc.fileName}`);
  return doc.positionAt(i + delta);
}

describe('config language: openclaw.json as JSON5', () => {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
  const configFile = path.join(folder, 'openclaw.json');

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens the demo config as openclaw-json5 with no JSON syntax errors in Problems', async () => {
    await activateExtension();
    const doc = await vscode.workspace.openTextDocument(configFile);
    await vscode.window.showTextDocument(doc);
    assert.equal(doc.languageId, 'openclaw-json5');

    // Control: the same text as JSON does get JSON's errors in this window, so their absence below means something.
    if (vscode.extensions.getExtension('vscode.json-language-features')) {
      const asJson = await vscode.workspace.openTextDocument({ language: 'json', content: doc.getText() });
      await vscode.window.showTextDocument(asJson, { preview: false, viewColumn: vscode.ViewColumn.Beside });
      const jsonErrors = await eventually(async () => {
        const found = vscode.languages.getDiagnostics(asJson.uri).filter((d) => JSON_SYNTAX.test(d.message));
        return found.length > 0 ? found : undefined;
      }, 'JSON to report errors on the JSON5 text', 30_000);
      assert.ok(jsonErrors.length > 10, `the control saw ${jsonErrors.length} JSON errors`);
      console.log(`      control: the same text as JSON gets ${jsonErrors.length} JSON errors`);
      // An untitled document with text is dirty: revert it so closing asks nothing.
      await vscode.window.showTextDocument(asJson);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      // By then JSON has had its chance at openclaw.json too.
    }
    const own = new Set(['Tool Search Inspector']);
    const problems = vscode.languages.getDiagnostics(doc.uri);
    assert.deepEqual(problems.filter((d) => JSON_SYNTAX.test(d.message) || d.source === 'json'), [], 'no JSON syntax errors');
    assert.deepEqual(problems.filter((d) => !own.has(d.source ?? '')).map((d) => `${d.source}: ${d.message}`), [], 'only the extension\'s own diagnostics');
  });

  it('completes a deny entry with the catalog\'s tool names and groups', async () => {
    const { api } = await activateExtension();
    const doc = await vscode.workspace.openTextDocument(configFile);
    const summary = await api.catalogSummary();
    const pos = positionOf(doc, '"nodes"', 1);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, pos);
    const labels = new Set(list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label)));
    // MCP tools are offered by their model-visible name (`server__tool`), which their ids do not spell.
    const catalogNames = summary.cataloged.filter((id) => !id.startsWith('mcp:')).map((id) => id.split(':').slice(2).join(':'));
    const named = catalogNames.filter((n) => labels.has(n));
    assert.ok(named.includes('fake_plugin_tool_17'), `a plugin tool of the catalog is offered (got ${[...labels].slice(0, 12).join(', ')}…)`);
    assert.ok(named.length >= catalogNames.length / 2, `most cataloged tool names are offered: ${named.length} of ${catalogNames.length}`);
    assert.ok(labels.has('group:fs') && labels.has('group:runtime'), 'groups are offered');
    assert.ok(labels.has('bundle-mcp') && labels.has('notes'), 'the MCP source group and plugin ids are offered');
  });

  it('hover on a group lists the tools it selects in the current catalog', async () => {
    const { api } = await activateExtension();
    const doc = await vscode.workspace.openTextDocument(configFile);
    const tables = JSON.parse(fs.readFileSync(path.join(REPO, 'src', 'core', 'policy', 'versions', 'openclaw-2026.9.6.json'), 'utf8')) as { groups: Record<string, string[]> };
    const summary = await api.catalogSummary();
    // Core tools and bundled plugins' tools (2026.9.6: xai's code_execution is in group:runtime too).
    const inCatalog = new Set([...summary.cataloged, ...summary.directOnly, ...summary.excluded].filter((id) => id.startsWith('openclaw:')).map((id) => id.slice(id.lastIndexOf(':') + 1)));
    const expected = (tables.groups['group:runtime'] ?? []).filter((n) => inCatalog.has(n));
    assert.ok(expected.length > 0, 'the demo catalog has runtime tools');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, positionOf(doc, '"group:runtime"', 3));
    const md = markdownOf(hovers);
    assert.match(md, new RegExp(`Selects \\*\\*${expected.length}\\*\\* tools`), md);
    for (const name of expected) {
      assert.ok(md.includes(`\`${name}\``), `${name} is listed:\n${md}`);
    }
  });

  it('hover on a tools.toolSearch setting shows its effective value', async () => {
    const doc = await vscode.workspace.openTextDocument(configFile);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, positionOf(doc, 'maxSearchLimit', 2));
    assert.match(markdownOf(hovers), /tools\.toolSearch\.maxSearchLimit[\s\S]*effective: \*\*`20`\*\*[\s\S]*range 1\.\.50/);
  });
});
