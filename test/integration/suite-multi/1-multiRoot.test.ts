import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, eventually, find } from '../suite/helpers';
import { errorMessage } from '../../../src/core/util/errors';

// Runs with test/fixtures/multi-root/multi.code-workspace open: folders alpha
// and beta have OpenClaw configs, notes has none.
describe('multi-root workspace: one catalog per folder with a config', () => {
  it('lists alpha and beta as catalog roots, each with its own catalog, and skips the folder without a config', async () => {
    const { api } = await activateExtension();
    // The workbench may still be resolving the workspace file's folders when the tests start.
    await eventually(async () => (vscode.workspace.workspaceFolders?.length === 3 ? true : undefined), 'the three folders').catch((err: unknown) => {
      // It fails now and then (not understood yet): say what the window had.
      const had = JSON.stringify(vscode.workspace.workspaceFolders?.map((f) => f.uri.toString()) ?? null);
      throw new Error(`${errorMessage(err)}; folders: ${had}; workspace file: ${vscode.workspace.workspaceFile?.toString() ?? 'none'}`);
    });
    assert.deepEqual(vscode.workspace.workspaceFolders?.map((f) => f.name), ['alpha', 'notes', 'beta']);
    const roots = await eventually(async () => {
      const r = await api.catalogRoots();
      return r.length === 2 ? r : undefined;
    }, 'two catalog roots');
    assert.deepEqual(roots.map((r) => r.folder), ['alpha', 'beta']);
    const [alpha, beta] = roots.map((r) => r.summary);
    assert.ok(alpha && beta);
    assert.equal(alpha.mode, 'tools');
    assert.equal(beta.mode, 'directory');
    // The coding profile lets more core tools through than minimal; only beta has the client tool.
    assert.ok(beta.size > alpha.size, `beta ${beta.size} vs alpha ${alpha.size}`);
    assert.ok([...beta.cataloged, ...beta.directOnly].includes('client:client:beta_only_tool'), JSON.stringify(beta.cataloged));
    assert.ok(![...alpha.cataloged, ...alpha.directOnly, ...alpha.excluded].includes('client:client:beta_only_tool'));
  });

  it('shows one node per root in the catalog view, each with its catalog under it', async () => {
    const { api } = await activateExtension();
    const nodes = await eventually(async () => {
      const n = await api.treeNodes();
      return n.length === 2 ? n : undefined;
    }, 'two root nodes');
    const alpha = find(nodes, 'alpha');
    const beta = find(nodes, 'beta');
    assert.ok(alpha && beta, JSON.stringify(nodes.map((n) => n.label)));
    assert.match(alpha.description ?? '', /^tools · \d+$/);
    assert.match(beta.description ?? '', /^directory · \d+$/);
    assert.ok((alpha.children ?? []).length > 0);
    const betaTools = JSON.stringify(beta.children);
    assert.ok(betaTools.includes('beta_only_tool'));
    assert.ok(!JSON.stringify(alpha.children).includes('beta_only_tool'));
  });

  it('opens the two folders\' Effective Catalog panels side by side, each on its own catalog', async () => {
    const { api } = await activateExtension();
    const folders = vscode.workspace.workspaceFolders ?? [];
    for (const name of ['alpha', 'beta']) {
      const folder = folders.find((f) => f.name === name);
      assert.ok(folder);
      await vscode.commands.executeCommand('toolSearchInspector.openCatalogPanel', { folder: folder.uri.toString() });
    }
    const roots = await api.catalogRoots();
    const panels = await eventually(async () => {
      const p = api.catalogPanels();
      return p.length === 2 && p.every((x) => x.shownSize !== undefined) ? p : undefined;
    }, 'two catalog panels showing their catalogs');
    assert.deepEqual(
      panels.map((p) => [p.folder, p.shownSize]).sort(),
      roots.map((r) => [r.folder, r.summary.size]).sort(),
    );
  });

  it('rebuilding one root re-sends that root\'s catalog panel only', async () => {
    const { api } = await activateExtension();
    const shown = () => new Map(api.catalogPanels().map((p) => [p.folder, p.statesPosted]));
    // The panels the test before opened; their first catalogs are posted.
    await eventually(async () => (api.catalogPanels().length === 2 && api.catalogPanels().every((p) => p.shownSize !== undefined) ? true : undefined), 'two catalog panels');
    const before = shown();
    const beta = vscode.workspace.workspaceFolders?.find((f) => f.name === 'beta');
    assert.ok(beta);
    // Beta's config in the active editor makes beta the active root: Refresh rebuilds it.
    await vscode.window.showTextDocument(vscode.Uri.joinPath(beta.uri, 'openclaw.json'), { preview: true });
    await vscode.commands.executeCommand('toolSearchInspector.refresh');
    await eventually(async () => ((shown().get('beta') ?? 0) > (before.get('beta') ?? 0) ? true : undefined), 'beta\'s panel showing its rebuilt catalog');
    // Give a stray re-send to alpha's panel the time it would take.
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(shown().get('alpha'), before.get('alpha'), `alpha's panel re-sent its catalog for beta's rebuild: ${JSON.stringify([...before])} -> ${JSON.stringify([...shown()])}`);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
