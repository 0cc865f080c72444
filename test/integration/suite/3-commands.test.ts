import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Explanation } from '../../../src/core/explain/explain';
import { activateExtension, eventually } from './helpers';

describe('commands', () => {
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('explains an excluded tool with the deny rule and where it is written', async () => {
    await activateExtension();
    const e = await vscode.commands.executeCommand<Explanation>('toolSearchInspector.explainTool', 'gateway');
    assert.ok(e, 'the command returns the explanation');
    const m = e.matches[0];
    assert.equal(m?.status, 'excluded');
    const deny = m?.decisions.find((d) => d.effect === 'deny');
    assert.ok(deny, 'a deny decision is listed');
    assert.match(deny.file ?? '', /openclaw\.json$/);
    assert.equal(typeof deny.line, 'number');
    assert.equal(m?.location?.file, deny.file, 'the rule that decided is located');
    // Rendered in the Explain tab (a webview), not as Markdown source beside an empty group.
    const tab = await eventually(async () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputWebview && t.label === 'Explain gateway'), 'the Explain tab');
    assert.ok(tab);
    assert.equal(vscode.window.tabGroups.all.length, 1, 'no editor group beside it');
  });

  it("Pick Agent sets the agent the catalog models, and OpenClaw's choice clears it", async () => {
    await activateExtension();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const setting = () => vscode.workspace.getConfiguration('toolSearchInspector', folder.uri).inspect<string>('policy.agent')?.workspaceFolderValue;
    const execStatus = async () => (await vscode.commands.executeCommand<Explanation>('toolSearchInspector.explainTool', 'exec'))?.matches[0]?.status;
    // The folder setting is written to the demo's committed .vscode/settings.json (its snapshot and
    // readUserConfig): put the file back as it was, byte for byte, comments included.
    const settingsFile = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
    const original = await vscode.workspace.fs.readFile(settingsFile);
    // The demo's default agent (main, default: true) may run exec; its support agent (messaging profile) may not.
    assert.equal(await execStatus(), 'cataloged');
    try {
      assert.equal(await vscode.commands.executeCommand('toolSearchInspector.pickAgent', 'support'), 'support');
      assert.equal(setting(), 'support');
      await eventually(async () => ((await execStatus()) === 'excluded' ? true : undefined), 'exec excluded once the support agent is modelled');
    } finally {
      await vscode.commands.executeCommand('toolSearchInspector.pickAgent', '');
      await vscode.workspace.fs.writeFile(settingsFile, original);
    }
    assert.equal(setting(), undefined);
    assert.equal(Buffer.from(await vscode.workspace.fs.readFile(settingsFile)).toString('utf8'), Buffer.from(original).toString('utf8'), 'the demo settings file is as it was');
    await eventually(async () => ((await execStatus()) === 'cataloged' ? true : undefined), "exec cataloged again under OpenClaw's choice");
  });

  it('suggests close names for a tool nobody offers', async () => {
    await activateExtension();
    const e = await vscode.commands.executeCommand<Explanation>('toolSearchInspector.explainTool', 'github__create_isue');
    assert.equal(e?.matches[0]?.status, 'unknown');
    assert.ok(e?.suggestions.includes('github__create_issue'), `suggestions: ${e?.suggestions.join(', ')}`);
  });

  it('opens the Effective Catalog panel once, however often it is asked for', async () => {
    const { api } = await activateExtension();
    await vscode.commands.executeCommand('toolSearchInspector.openCatalogPanel');
    await vscode.commands.executeCommand('toolSearchInspector.openCatalogPanel');
    assert.equal(api.isPanelOpen(), true);
    const panelTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.label === 'Effective Catalog');
    const tabs = await eventually(async () => (panelTabs().length > 0 ? panelTabs() : undefined), 'the panel tab');
    assert.equal(tabs.length, 1, `tabs: ${vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.label).join(', ')}`);
    await vscode.window.tabGroups.close(tabs);
    await eventually(async () => (api.isPanelOpen() ? undefined : true), 'the panel to be disposed');
  });

  it('refresh rebuilds the catalog', async () => {
    const { api } = await activateExtension();
    await api.catalogSummary();
    const before = api.catalogBuilds();
    const kind = await vscode.commands.executeCommand<string>('toolSearchInspector.refresh');
    assert.equal(kind, 'ready');
    assert.equal(api.catalogBuilds(), before + 1);
  });
});
