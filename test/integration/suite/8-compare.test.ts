import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { CompareView } from '../../../src/webview/shared/compareProtocol';
import { activateExtension } from './helpers';

describe('Compare Direct Mode and Tool Search in the editor', () => {
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('runs both lanes against the mock provider, every check passing, each lane with its session log on disk', async () => {
    await activateExtension();
    const view = await vscode.commands.executeCommand<CompareView | undefined>('toolSearchInspector.compareInEditor', { provider: 'mock' });
    assert.ok(view, 'the command returns what the panel shows');
    assert.equal(view.provider, 'mock');
    assert.ok(view.allOk, view.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`).join('\n'));
    const { direct, toolSearch } = view.lanes;
    assert.equal(direct.effectiveMode, 'direct');
    assert.notEqual(toolSearch.effectiveMode, 'direct');
    assert.ok(toolSearch.bytes && direct.bytes && toolSearch.bytes.total < direct.bytes.total);
    assert.equal(direct.finalCalls[0]?.name, 'fake_plugin_tool_17');
    assert.equal(toolSearch.finalCalls[0]?.name, 'fake_plugin_tool_17');
    // Each lane wrote its JSONL log outside the workspace (the extension's storage), and the view names it.
    for (const lane of [direct, toolSearch]) {
      assert.ok(lane.logFile && fs.existsSync(lane.logFile), `log of ${lane.lane}: ${lane.logFile ?? 'none'}`);
      assert.ok(lane.trace.length > 0);
    }
    // The key setting does not exist: only the base URL is a setting.
    assert.equal(vscode.workspace.getConfiguration('toolSearchInspector.compare').get('apiKey'), undefined);
    // The session viewer is used when present, and its absence only changes the button.
    const viewer = (await vscode.commands.getCommands(true)).includes('toolSearchInspector.openSessionLog');
    assert.equal(view.sessionViewer, viewer);
  });
});
