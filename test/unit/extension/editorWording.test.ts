// Editor wording for editor users (issue 44): the tree and the catalog panel
// said "--assume vision-model", a CLI flag; in the editor a condition is
// assumed with the `toolSearchInspector.assume` setting. The CLI keeps its flag.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { toolReasonText } from '../../../src/core/reasons';
import { explainWithFixPlans } from '../../../src/core/explain/fixPlan';
import { EDITOR_WORDING } from '../../../src/extension/editorWording';
import { OpenWorkspace } from '../../../src/core/workspace';
import { toCatalogSnapshot } from '../../../src/extension/panels/catalogSnapshot';
import { buildCatalogTree, shownNode, type TreeNode } from '../../../src/extension/tree/catalogTreeModel';

const demo = path.resolve(__dirname, '..', '..', '..', 'examples', 'demo');

function allNodes(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...('children' in n && Array.isArray(n.children) ? allNodes(n.children as TreeNode[]) : [])]);
}

describe('editor surfaces name the setting, not the CLI flag, for a run-time condition', () => {
  let catalog: Catalog;
  let ws: OpenWorkspace;
  before(async () => {
    ws = new OpenWorkspace({ workspace: demo, noUserConfig: true, snapshots: [{ name: 'github', path: path.join(demo, 'snapshots', 'github') }], trusted: false, liveMcp: () => undefined });
    catalog = await ws.buildCatalog();
  });
  after(async () => {
    await ws.dispose();
  });

  it('the demo has tools built only under a condition, and the CLI names --assume for them', () => {
    const conditional = catalog.tools.filter((t) => t.reason?.kind === 'needs-condition');
    assert.ok(conditional.length > 0);
    assert.match(toolReasonText(conditional[0]!) ?? '', /\(--assume [a-z-]+\)/);
  });

  it('the tree says toolSearchInspector.assume and never --assume', () => {
    const shown = allNodes(buildCatalogTree({ catalog, trusted: true })).map((n) => shownNode(n)).map((s) => `${s.label} ${s.description ?? ''} ${s.tooltip ?? ''}`);
    const conditional = shown.filter((s) => s.includes('built only when the run has'));
    assert.ok(conditional.length > 0, 'the tree shows the conditional tools');
    for (const s of shown) assert.doesNotMatch(s, /--assume/, s);
    assert.ok(conditional.some((s) => /setting toolSearchInspector\.assume: "vision-model"/.test(s)), conditional.join('\n'));
  });

  it("the catalog panel's rows say the setting too", () => {
    const text = JSON.stringify(toCatalogSnapshot(catalog, { workspaceName: 'demo', trusted: true }));
    assert.doesNotMatch(text, /--assume/);
    assert.match(text, /setting toolSearchInspector\.assume/);
  });

  it('Explain (the panel and its fix plans) says the setting with the editor wording, and --assume without it', async () => {
    const conditional = catalog.tools.find((t) => t.reason?.kind === 'needs-condition');
    assert.ok(conditional);
    const editor = JSON.stringify(await explainWithFixPlans(ws, catalog, conditional.id, { wording: EDITOR_WORDING }));
    assert.doesNotMatch(editor, /--assume/);
    assert.match(editor, /setting toolSearchInspector\.assume: \\"[a-z-]+\\"/);
    assert.match(JSON.stringify(await explainWithFixPlans(ws, catalog, conditional.id)), /--assume [a-z-]+/);
  });
});
