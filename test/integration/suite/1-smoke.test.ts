import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension } from './helpers';

describe('smoke: activation and registration', () => {
  it('activates lazily: no catalog is built (so no MCP server started) by activation', async () => {
    const { api, ext } = await activateExtension();
    assert.equal(ext.isActive, true);
    assert.equal(api.catalogBuilds(), 0, 'activation must not build the catalog');
    console.log(`      activation took ${api.activationMs.toFixed(2)} ms inside activate(); extension at ${ext.extensionPath}`);
  });

  it('registers every command the manifest contributes', async () => {
    const { ext } = await activateExtension();
    const contributed = (ext.packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands.map((c) => c.command);
    assert.ok(contributed.length >= 5, `expected the manifest to contribute commands, got ${contributed.length}`);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((c) => !registered.has(c));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  it('runs from the packaged .vsix when TSI_EXPECT_INSTALLED is set', async function () {
    const { ext } = await activateExtension();
    const expectInstalled = process.env.TSI_EXPECT_INSTALLED;
    if (!expectInstalled) {
      this.skip();
    }
    assert.ok(ext.extensionPath.startsWith(expectInstalled as string), `extension runs from ${ext.extensionPath}, not from the installed folder ${expectInstalled}`);
    const pkg = ext.packageJSON as { main: string };
    assert.equal(pkg.main, './dist/extension.js');
  });
});
