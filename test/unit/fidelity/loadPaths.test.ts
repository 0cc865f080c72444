import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveLoadPath } from '../../../src/core/sources/plugins';
import { OpenWorkspace } from '../../../src/core/workspace';
import { scratchDir } from '../../helpers/scratch';

/**
 * OpenClaw 2026.9.6 resolves a `plugins.load.paths` entry with
 * `resolveUserPath` (src/plugins/discovery.ts `discoverFromPath`): `~` is the
 * home folder, anything else is resolved against the OpenClaw process's
 * working directory; the config file's folder plays no part (issue 27, cause 8).
 */
describe('relative plugins.load.paths (issue 27, cause 8)', () => {
  const manifest = (id: string, tool: string) => JSON.stringify({ id, name: id, configSchema: { type: 'object' }, contracts: { tools: [tool] }, tools: [{ name: tool, description: `${tool} tool`, parameters: { type: 'object' } }] });
  const setup = () => {
    const root = scratchDir('load-paths-');
    const ws = path.join(root, 'project', 'ws');
    fs.mkdirSync(path.join(ws, 'conf'), { recursive: true });
    // The same `../plugins/x` names a plugin from the workspace folder and nothing from the config's folder.
    fs.mkdirSync(path.join(root, 'project', 'plugins', 'x'), { recursive: true });
    fs.writeFileSync(path.join(root, 'project', 'plugins', 'x', 'openclaw.plugin.json'), manifest('xplug', 'x_tool'));
    const config = path.join(ws, 'conf', 'openclaw.json');
    fs.writeFileSync(config, '{\n  plugins: { load: { paths: ["../plugins/x"] } },\n}\n');
    return { root, ws, config };
  };
  const catalog = async (ws: string, config: string, cwd?: string) => {
    const w = new OpenWorkspace({ workspace: ws, configPath: config, noUserConfig: true, env: {}, trusted: true, liveMcp: () => undefined, openclawVersion: '2026.9.6', ...(cwd ? { cwd } : {}) });
    const c = await w.buildCatalog();
    await w.dispose();
    return c;
  };

  it('resolves against the folder OpenClaw runs from, with ~ as home', () => {
    assert.equal(resolveLoadPath(' ../plugins/x ', '/a/b'), path.resolve('/a/plugins/x'));
    assert.equal(resolveLoadPath('~/p', '/a/b', '/home/u'), path.resolve('/home/u/p'));
    assert.equal(resolveLoadPath('/abs/p', '/a/b', '/home/u'), path.resolve('/abs/p'));
  });

  it('the same ../plugins/x loads from the workspace folder, not from the config folder, and says so', async () => {
    const { ws, config } = setup();
    const c = await catalog(ws, config);
    assert.ok(c.tools.some((t) => t.name === 'x_tool'), 'loaded against the workspace folder (the run folder)');
    const note = c.diagnostics.find((d) => d.severity === 'info' && /plugins\.load\.paths\[0\]/.test(d.message));
    assert.match(note?.message ?? '', /OpenClaw resolves it against the folder it runs from/);
    assert.equal(note?.line, 2);
  });

  it('run from another folder (cwd given), the entry names another place', async () => {
    const { root, ws, config } = setup();
    const c = await catalog(ws, config, path.join(root, 'elsewhere', 'deep'));
    assert.ok(!c.tools.some((t) => t.name === 'x_tool'));
    assert.ok(c.diagnostics.some((d) => d.severity === 'error' && /plugin path "\.\.\/plugins\/x" does not exist/.test(d.message)));
  });
});
