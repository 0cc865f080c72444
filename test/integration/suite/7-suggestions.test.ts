import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ToolSuggestion } from '../../../src/core/learning/suggest';
import { activateExtension } from './helpers';

describe('commands: description suggestions from sessions', () => {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
  const manifestFile = path.join(folder, 'plugins', 'fake-plugin', 'openclaw.plugin.json');
  const original = fs.readFileSync(manifestFile, 'utf8');

  after(async () => {
    // Applied edits are never saved: revert whatever is open, so the demo stays as it was.
    for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The web workbench saves edits after a delay: put the demo back whatever it saved.
    if (fs.readFileSync(manifestFile, 'utf8') !== original) {
      fs.writeFileSync(manifestFile, original);
    }
  });

  it('suggests from the bundled demo logs, shows them read-only, and applies one as an undoable edit', async () => {
    await activateExtension();
    const shown = await vscode.commands.executeCommand<ToolSuggestion[]>('toolSearchInspector.suggestDescriptions', ['sessions']);
    const t02 = shown?.find((s) => s.toolId === 'openclaw:fake-plugin:fake_plugin_tool_02');
    assert.ok(t02 && t02.words.length > 0, JSON.stringify(shown?.map((s) => s.toolId)));
    const view = vscode.window.activeTextEditor?.document;
    assert.equal(view?.uri.scheme, 'tool-search-suggestions');
    assert.match(view?.getText() ?? '', /## openclaw:fake-plugin:fake_plugin_tool_02/);

    const applied = await vscode.commands.executeCommand<boolean>('toolSearchInspector.applyDescriptionSuggestion', t02.toolId);
    assert.equal(applied, true);
    const manifest = vscode.window.activeTextEditor?.document;
    assert.ok(manifest && manifest.fileName.endsWith('openclaw.plugin.json'));
    assert.equal(manifest.isDirty, true);
    const parsed = JSON.parse(manifest.getText()) as { tools: { name: string; description: string }[] };
    assert.equal(parsed.tools.find((t) => t.name === 'fake_plugin_tool_02')?.description, t02.proposed);

    await vscode.commands.executeCommand('undo');
    const back = JSON.parse(manifest.getText()) as typeof parsed;
    assert.equal(back.tools.find((t) => t.name === 'fake_plugin_tool_02')?.description, t02.current);
  });
});
