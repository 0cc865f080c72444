import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Explanation } from '../../../src/core/explain/explain';
import { activateExtension, eventually } from './helpers';

// Issue 14 in a real editor: Go to Rule lands on the rule's line and column,
// Explain is one reusable webview tab, a quick fix brings a tool back without
// a manual refresh, and a config that stops parsing keeps the last good
// catalog (marked stale) until it parses again.

function folder(): string {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert.ok(f, 'a folder is open');
  return f.uri.fsPath;
}

/** 1-based line and column of `needle` in `text`. */
function position(text: string, needle: string): { line: number; column: number } {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `"${needle}" not in the text`);
  const before = text.slice(0, i);
  return { line: before.split('\n').length, column: i - before.lastIndexOf('\n') };
}

function cursor(): { file: string; line: number; column: number } | undefined {
  const e = vscode.window.activeTextEditor;
  return e ? { file: path.basename(e.document.uri.fsPath), line: e.selection.active.line + 1, column: e.selection.active.character + 1 } : undefined;
}

describe('rules: Go to Rule, Explain view, quick fixes, stale', () => {
  const configFile = () => path.join(folder(), 'openclaw.json');
  let original = '';

  before(() => {
    original = fs.readFileSync(configFile(), 'utf8');
  });

  afterEach(async () => {
    if (fs.readFileSync(configFile(), 'utf8') !== original) {
      fs.writeFileSync(configFile(), original);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Go to Rule opens the deny entry and the plugin entry at their line and column', async () => {
    await activateExtension();
    await vscode.commands.executeCommand('toolSearchInspector.goToRule', 'openclaw:core:gateway');
    const deny = await eventually(async () => (cursor()?.file === 'openclaw.json' ? cursor() : undefined), 'openclaw.json at the rule');
    assert.deepEqual(deny, { file: 'openclaw.json', ...position(original, '"gateway"') });
    // A tree row passes its node: the same command with `{ tool }`.
    await vscode.commands.executeCommand('toolSearchInspector.goToRule', { tool: { id: 'openclaw:legacy-crm:crm_lookup' } });
    const entry = position(original, 'enabled: false');
    await eventually(async () => (cursor()?.line === entry.line ? true : undefined), 'the plugin entry line');
    assert.deepEqual(cursor(), { file: 'openclaw.json', ...entry });
  });

  it('the rule offers its fix as a quick fix (lightbulb) in the config', async () => {
    await activateExtension();
    const uri = vscode.Uri.file(configFile());
    const at = position(original, '"gateway"');
    const range = new vscode.Range(at.line - 1, at.column - 1, at.line - 1, at.column - 1);
    const actions = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range, vscode.CodeActionKind.QuickFix.value);
      return found.some((a) => a.title.startsWith('Remove "gateway" from tools.deny')) ? found : undefined;
    }, 'the quick fix on the deny entry');
    const fix = actions.find((a) => a.title === 'Remove "gateway" from tools.deny (lets gateway through)');
    assert.ok(fix?.edit, 'the quick fix carries its edit');
    assert.equal(fix.edit.get(uri).length, 1);
  });

  it('Explain is one webview tab, reused, in the active group (no empty group beside it)', async () => {
    const { api } = await activateExtension();
    const e = await vscode.commands.executeCommand<Explanation>('toolSearchInspector.explainTool', 'gateway');
    assert.equal(e?.matches[0]?.fix?.title, 'Remove "gateway" from tools.deny');
    await vscode.commands.executeCommand('toolSearchInspector.explainTool', 'crm_lookup');
    const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.label.startsWith('Explain'));
    await eventually(async () => (api.explainPanelQuery() === 'crm_lookup' ? true : undefined), 'the panel to show crm_lookup');
    // The host's tab model follows the renderer's a moment later.
    await eventually(async () => (tabs().length > 0 ? true : undefined), 'the Explain tab in the tab model');
    const all = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => `${t.label} (${t.input?.constructor.name ?? 'no input'})`).join(', ');
    assert.equal(tabs().length, 1, `one Explain tab; tabs: ${all()}`);
    assert.equal(vscode.window.tabGroups.all.length, 1, 'no second editor group');
  });

  it('the quick fix removes the deny entry and the tool is cataloged without a manual refresh', async () => {
    const { api } = await activateExtension();
    assert.ok((await api.catalogSummary()).excluded.includes('openclaw:core:gateway'));
    const builds = api.catalogBuilds();
    const applied = await vscode.commands.executeCommand<{ file: string; title: string }>('toolSearchInspector.applyToolFix', 'openclaw:core:gateway');
    assert.equal(applied?.title, 'Remove "gateway" from tools.deny');
    assert.doesNotMatch(fs.readFileSync(configFile(), 'utf8'), /"gateway"/);
    await eventually(async () => ((await api.catalogSummary()).cataloged.includes('openclaw:core:gateway') ? true : undefined), 'gateway to be cataloged', 30_000);
    assert.ok(api.catalogBuilds() > builds);
  });

  it('a config that stops parsing keeps the last good catalog, marked stale, and recovers when it parses again', async () => {
    const { api } = await activateExtension();
    const good = await api.catalogSummary();
    assert.equal(good.mode, 'code');
    // One `]` removed, as in the issue.
    const broken = original.replace('"fake_plugin_tool_36"],', '"fake_plugin_tool_36",');
    assert.notEqual(broken, original);
    fs.writeFileSync(configFile(), broken);
    const where = await eventually(async () => api.catalogStale(), 'the stale mark', 30_000);
    assert.match(where, /^openclaw\.json:\d+:\d+$/);
    const kept = await api.catalogSummary();
    assert.equal(kept.mode, 'code', 'the mode did not silently drop to direct');
    assert.deepEqual(kept.servers.map((s) => s.name), good.servers.map((s) => s.name), 'the MCP servers did not vanish');
    assert.ok(kept.excluded.includes('openclaw:legacy-crm:crm_lookup'), 'the disabled plugin stays disabled');
    const nodes = await api.treeNodes();
    assert.equal(nodes[0]?.label, 'Stale: the config does not parse');
    assert.equal(nodes[0]?.description, where);
    const problems = vscode.languages.getDiagnostics(vscode.Uri.file(configFile())).filter((d) => d.source === 'Tool Search Inspector');
    assert.ok(problems.some((d) => /syntax error/i.test(d.message) && d.range.start.line + 1 === Number(where.split(':')[1])), 'the parse error is in Problems at its line');

    fs.writeFileSync(configFile(), original);
    await eventually(async () => (api.catalogStale() === undefined ? true : undefined), 'the stale mark to clear', 30_000);
    assert.notEqual((await api.treeNodes())[0]?.label, 'Stale: the config does not parse');
  });
});
