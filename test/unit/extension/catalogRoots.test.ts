import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { CATALOG_MARKERS, catalogRootFolders, hasCatalogConfig } from '../../../src/extension/catalogRootsModel';
import { REQUIRES_REBUILD, SETTING_EFFECTS, SETTINGS_PREFIX } from '../../../src/extension/settingsModel';
import { rootGroup } from '../../../src/extension/tree/catalogTreeModel';

const files = (...paths: string[]) => {
  const set = new Set(paths.map((p) => path.normalize(p)));
  return (f: string) => set.has(f);
};
const folder = (p: string, configPathSet = false) => ({ path: p, configPathSet });

describe('catalog roots (multi-root workspaces)', () => {
  it('every folder with an OpenClaw or MCP config is a root, in folder order; folders without one are not', () => {
    const exists = files('/w/a/openclaw.json', '/w/c/.vscode/mcp.json', '/w/d/.openclaw/openclaw.json', '/w/e/.mcp.json');
    const roots = catalogRootFolders([folder('/w/a'), folder('/w/b'), folder('/w/c'), folder('/w/d'), folder('/w/e')], exists);
    assert.deepEqual(roots.map((r) => r.path), ['/w/a', '/w/c', '/w/d', '/w/e']);
    assert.equal(CATALOG_MARKERS.length, 4);
  });

  it('a configPath setting makes a folder a root even with no config file in it', () => {
    assert.equal(hasCatalogConfig(folder('/w/b', true), files()), true);
    assert.deepEqual(catalogRootFolders([folder('/w/a'), folder('/w/b', true)], files()).map((r) => r.path), ['/w/b']);
  });

  it('with no config anywhere the first folder is the one root (it reads the user config), and no folder means no root', () => {
    assert.deepEqual(catalogRootFolders([folder('/w/x'), folder('/w/y')], files()).map((r) => r.path), ['/w/x']);
    assert.deepEqual(catalogRootFolders([], files()), []);
  });

  it('puts each root\'s nodes under its folder, with ids unique across roots', () => {
    const child = { kind: 'notice' as const, id: 'notice/x', label: 'x', severity: 'info' as const, icon: { id: 'info' } };
    const a = rootGroup({ name: 'alpha', key: 'file:///w/a', description: 'tools · 2' }, [child]);
    const b = rootGroup({ name: 'beta', key: 'file:///w/b' }, [child]);
    assert.equal(a.label, 'alpha');
    assert.equal(a.description, 'tools · 2');
    assert.notEqual(a.children[0]?.id, b.children[0]?.id);
    assert.equal(a.children[0]?.id, 'file:///w/a/notice/x');
  });
});

describe('settings: one declared model', () => {
  it('declares every setting the manifest contributes, and nothing else', () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, unknown> } } };
    const contributed = Object.keys(pkg.contributes.configuration.properties).map((k) => k.slice(SETTINGS_PREFIX.length + 1)).sort();
    assert.deepEqual(Object.keys(SETTING_EFFECTS).sort(), contributed);
  });

  it('rebuilds the catalog for what the catalog is built from; the bridge runtime and approvals are read live', () => {
    assert.ok(REQUIRES_REBUILD.includes('configPath'));
    assert.ok(REQUIRES_REBUILD.includes('policy.agent'));
    for (const live of ['sandbox.nodePath', 'approvals.tools'] as const) {
      assert.equal(SETTING_EFFECTS[live], 'live');
      assert.ok(!REQUIRES_REBUILD.includes(live));
    }
    // The OpenClaw installed here decides the modelled version (issue 28): a new one rebuilds.
    assert.ok(REQUIRES_REBUILD.includes('oracle.openclaw'));
  });
});
