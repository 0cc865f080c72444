import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { discoverWorkspaceServers } from '../../../src/core/sources/mcp';
import type { Diagnostic } from '../../../src/core/types';
import { FolderGuard, isWithin, UNTRUSTED_OUTSIDE } from '../../../src/core/util/insideFolder';
import { OpenWorkspace, type WorkspaceOptions } from '../../../src/core/workspace';
import { scratchDir } from '../../helpers/scratch';

// Issue 25 item 6: in an untrusted workspace, every default path the product reads stays inside the folder,
// whether it leaves through a symlink (the file or a parent folder), an absolute path or `..`.
// Real temp folders and real symlinks; each case is built twice, untrusted and trusted.

interface Layout {
  root: string;
  ws: string;
  outside: string;
  home: string;
}

function layout(): Layout {
  const root = fs.realpathSync(scratchDir('tsi-untrusted-'));
  const l = { root, ws: path.join(root, 'ws'), outside: path.join(root, 'outside'), home: path.join(root, 'home') };
  for (const d of [l.ws, l.outside, l.home]) {
    fs.mkdirSync(d, { recursive: true });
  }
  return l;
}

function write(file: string, value: unknown): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
}

const schema = { type: 'object', properties: {} };
const manifest = (id: string, tool: string) => ({ id, name: id, tools: [{ name: tool, description: `the ${tool} tool`, parameters: schema }] });
const clientTools = (name: string) => [{ name, description: `client ${name}`, parameters: schema }];
const snapshot = (name: string) => ({ tools: [{ name, description: `snapshot ${name}`, inputSchema: schema }] });

function open(ws: string, trusted: boolean, extra: Partial<WorkspaceOptions> = {}): OpenWorkspace {
  // Nothing is started either way: the live MCP source is left out (discovery is checked on its own).
  return new OpenWorkspace({ workspace: ws, noUserConfig: true, env: {}, homeDir: path.join(ws, '..', 'home'), trusted, liveMcp: () => undefined, ...extra });
}

async function catalogOf(ws: string, trusted: boolean, extra: Partial<WorkspaceOptions> = {}): Promise<Catalog> {
  const w = open(ws, trusted, extra);
  try {
    return await w.buildCatalog();
  } finally {
    await w.dispose();
  }
}

const refusals = (ds: readonly Diagnostic[]): Diagnostic[] => ds.filter((d) => d.message.includes(UNTRUSTED_OUTSIDE));

/** Exactly one refusal names `subject`, and says where it resolves. */
function refusedOnce(ds: readonly Diagnostic[], subject: string, resolvesTo: string): Diagnostic {
  const named = refusals(ds).filter((d) => d.message.includes(subject));
  assert.equal(named.length, 1, `one refusal of ${subject}, got ${JSON.stringify(refusals(ds), null, 1)}`);
  const d = named[0] as Diagnostic;
  assert.ok(d.message.includes(`resolves to ${resolvesTo}`), d.message);
  assert.ok(d.message.includes('not read'), d.message);
  return d;
}

const hasTool = (c: Catalog, name: string): boolean => c.withName(name).length > 0;

describe('untrusted workspaces stay inside their folder (issue 25 item 6)', () => {
  describe('the containment rule', () => {
    it('compares by path segments: a sibling with the folder name as prefix is outside, a "..name" file inside is inside', () => {
      assert.equal(isWithin('/x/ws', '/x/ws'), true);
      assert.equal(isWithin('/x/ws', '/x/ws/a/b.json'), true);
      assert.equal(isWithin('/x/ws', '/x/ws/..notes'), true);
      assert.equal(isWithin('/x/ws', '/x/ws-evil'), false);
      assert.equal(isWithin('/x/ws', '/x/ws-evil/openclaw.json'), false);
      assert.equal(isWithin('/x/ws', '/x/wsx'), false);
      assert.equal(isWithin('/x/ws', '/x'), false);
      assert.equal(isWithin('/x/ws', '/elsewhere/ws'), false);
    });

    it('refuses nothing when trusted, and nothing that does not exist (the reader\'s own "not found" applies)', () => {
      const l = layout();
      write(path.join(l.outside, 'secret.json'), {});
      fs.symlinkSync(path.join(l.outside, 'secret.json'), path.join(l.ws, 'link.json'));
      assert.equal(FolderGuard.of(l.ws, true).refusal(path.join(l.ws, 'link.json')), undefined);
      assert.equal(FolderGuard.of(l.ws, false).refusal(path.join(l.ws, 'missing.json')), undefined);
      assert.equal(FolderGuard.of(l.ws, false).refusal(path.join(l.outside, 'missing.json')), undefined);
      const r = FolderGuard.of(l.ws, false).refusal(path.join(l.ws, 'link.json'));
      assert.ok(r);
      assert.equal(r.resolvesTo, path.join(l.outside, 'secret.json'));
      assert.equal(r.message, `link.json not read: it resolves to ${path.join(l.outside, 'secret.json')}; ${UNTRUSTED_OUTSIDE}`);
    });

    it('a workspace opened through a symlinked path reads its own files (both sides are real paths)', async () => {
      const l = layout();
      write(path.join(l.ws, '.openclaw', 'extensions', 'own', 'openclaw.plugin.json'), manifest('own', 'own_tool'));
      write(path.join(l.ws, '.openclaw', 'client-tools.json'), clientTools('own_client'));
      const via = path.join(l.root, 'ws-link');
      fs.symlinkSync(l.ws, via);
      const c = await catalogOf(via, false);
      assert.ok(hasTool(c, 'own_tool'));
      assert.ok(hasTool(c, 'own_client'));
      assert.deepEqual(refusals(c.diagnostics), []);
    });
  });

  describe('the OpenClaw config', () => {
    it('a symlinked openclaw.json pointing outside is not read (the next candidate is); trusted reads it', async () => {
      const l = layout();
      const target = write(path.join(l.outside, 'openclaw.json'), { tools: { deny: ['exec'] } });
      fs.symlinkSync(target, path.join(l.ws, 'openclaw.json'));
      write(path.join(l.ws, '.openclaw', 'openclaw.json'), { tools: { deny: ['read'] } });

      const untrusted = open(l.ws, false);
      try {
        assert.equal(untrusted.config.file, path.join(l.ws, '.openclaw', 'openclaw.json'));
        const c = await untrusted.buildCatalog();
        const d = refusedOnce(c.diagnostics, 'openclaw.json not read', target);
        assert.equal(d.file, 'openclaw.json');
        assert.notEqual(c.withName('exec')[0]?.status, 'excluded', 'the outside config\'s deny is not applied');
        assert.equal(c.withName('read')[0]?.status, 'excluded', 'the inside config is read');
      } finally {
        await untrusted.dispose();
      }

      const trusted = open(l.ws, true);
      try {
        assert.equal(trusted.config.file, path.join(l.ws, 'openclaw.json'));
        const c = await trusted.buildCatalog();
        assert.equal(c.withName('exec')[0]?.status, 'excluded');
        assert.deepEqual(refusals(c.diagnostics), []);
      } finally {
        await trusted.dispose();
      }
    });

    it('a symlinked .openclaw folder: its config, client tools and extensions are each refused once; trusted reads all three', async () => {
      const l = layout();
      const dot = path.join(l.outside, 'dot-openclaw');
      write(path.join(dot, 'openclaw.json'), { tools: { deny: ['exec'] } });
      write(path.join(dot, 'client-tools.json'), clientTools('dot_client'));
      write(path.join(dot, 'extensions', 'dotplug', 'openclaw.plugin.json'), manifest('dotplug', 'dot_plugin_tool'));
      fs.symlinkSync(dot, path.join(l.ws, '.openclaw'));

      const c = await catalogOf(l.ws, false);
      assert.ok(!hasTool(c, 'dot_client'));
      assert.ok(!hasTool(c, 'dot_plugin_tool'));
      assert.ok(hasTool(c, 'read'), 'the rest of the catalog (core tools) still builds');
      refusedOnce(c.diagnostics, '.openclaw/openclaw.json not read', path.join(dot, 'openclaw.json'));
      refusedOnce(c.diagnostics, '.openclaw/client-tools.json not read', path.join(dot, 'client-tools.json'));
      refusedOnce(c.diagnostics, '.openclaw/extensions not read', path.join(dot, 'extensions'));
      assert.equal(refusals(c.diagnostics).length, 3);

      const t = await catalogOf(l.ws, true);
      assert.ok(hasTool(t, 'dot_client'));
      assert.ok(hasTool(t, 'dot_plugin_tool'));
      assert.equal(t.withName('exec')[0]?.status, 'excluded');
      assert.deepEqual(refusals(t.diagnostics), []);
    });
  });

  describe('client tools', () => {
    it('a symlinked .openclaw/client-tools.json is not read; trusted reads it', async () => {
      const l = layout();
      const target = write(path.join(l.outside, 'tools.json'), clientTools('leaked_client'));
      fs.mkdirSync(path.join(l.ws, '.openclaw'));
      fs.symlinkSync(target, path.join(l.ws, '.openclaw', 'client-tools.json'));
      const c = await catalogOf(l.ws, false);
      assert.ok(!hasTool(c, 'leaked_client'));
      const d = refusedOnce(c.diagnostics, '.openclaw/client-tools.json not read', target);
      assert.equal(d.file, '.openclaw/client-tools.json');
      assert.ok(hasTool(await catalogOf(l.ws, true), 'leaked_client'));
    });

    it('an explicit client-tools path outside the folder is refused too (the extension setting is already confined)', async () => {
      const l = layout();
      const target = write(path.join(l.outside, 'tools.json'), clientTools('explicit_client'));
      const c = await catalogOf(l.ws, false, { clientToolsPath: target, lenientInputs: true });
      assert.ok(!hasTool(c, 'explicit_client'));
      refusedOnce(c.diagnostics, `${target} not read`, target);
      assert.ok(hasTool(await catalogOf(l.ws, true, { clientToolsPath: target }), 'explicit_client'));
    });
  });

  describe('plugins', () => {
    it('a plugin folder under .openclaw/extensions that is a symlink out is refused; its sibling inside still loads', async () => {
      const l = layout();
      const evil = path.join(l.outside, 'evil-plugin');
      write(path.join(evil, 'openclaw.plugin.json'), manifest('evil', 'evil_tool'));
      write(path.join(l.ws, '.openclaw', 'extensions', 'good', 'openclaw.plugin.json'), manifest('good', 'good_tool'));
      fs.symlinkSync(evil, path.join(l.ws, '.openclaw', 'extensions', 'evil'));

      const c = await catalogOf(l.ws, false);
      assert.ok(!hasTool(c, 'evil_tool'));
      assert.ok(hasTool(c, 'good_tool'));
      refusedOnce(c.diagnostics, '.openclaw/extensions/evil/openclaw.plugin.json not read', path.join(evil, 'openclaw.plugin.json'));
      assert.equal(refusals(c.diagnostics).length, 1);

      const t = await catalogOf(l.ws, true);
      assert.ok(hasTool(t, 'evil_tool'));
      assert.ok(hasTool(t, 'good_tool'));
    });

    it('plugins.load.paths: an absolute path outside and a "../" path are refused on their own lines; an inside entry loads', async () => {
      const l = layout();
      const abs = path.join(l.outside, 'abs-plugin');
      write(path.join(abs, 'openclaw.plugin.json'), manifest('absplug', 'abs_tool'));
      write(path.join(l.outside, 'rel-plugin', 'openclaw.plugin.json'), manifest('relplug', 'rel_tool'));
      write(path.join(l.ws, 'plugins', 'inside', 'openclaw.plugin.json'), manifest('insideplug', 'inside_tool'));
      write(
        path.join(l.ws, 'openclaw.json'),
        ['{', '  plugins: {', '    load: {', '      paths: [', `        ${JSON.stringify(abs)},`, '        "../outside/rel-plugin",', '        "./plugins",', '      ],', '    },', '  },', '}'].join('\n'),
      );

      const c = await catalogOf(l.ws, false);
      assert.ok(!hasTool(c, 'abs_tool'));
      assert.ok(!hasTool(c, 'rel_tool'));
      assert.ok(hasTool(c, 'inside_tool'));
      const a = refusedOnce(c.diagnostics, 'plugins.load.paths[0]', abs);
      assert.deepEqual([a.file, a.line], ['openclaw.json', 5]);
      const r = refusedOnce(c.diagnostics, 'plugins.load.paths[1] "../outside/rel-plugin"', path.join(l.outside, 'rel-plugin'));
      assert.deepEqual([r.file, r.line], ['openclaw.json', 6]);
      assert.equal(refusals(c.diagnostics).length, 2);
      assert.ok(!c.diagnostics.some((d) => /does not exist|holds no openclaw\.plugin\.json/.test(d.message)), 'no second diagnostic for a refused entry');

      const t = await catalogOf(l.ws, true);
      assert.ok(hasTool(t, 'abs_tool') && hasTool(t, 'rel_tool') && hasTool(t, 'inside_tool'));
      assert.deepEqual(refusals(t.diagnostics), []);
    });

    it('prefix trick: /tmp/x/ws does not contain /tmp/x/ws-evil, neither as a load path nor as a snapshot', async () => {
      const l = layout();
      const evil = path.join(l.root, 'ws-evil');
      write(path.join(evil, 'plugin', 'openclaw.plugin.json'), manifest('prefixplug', 'prefix_tool'));
      const snap = write(path.join(evil, 'snap.json'), snapshot('prefix_snap_tool'));
      write(path.join(l.ws, 'openclaw.json'), { plugins: { load: { paths: ['../ws-evil/plugin'] } } });
      const snapshots = [{ name: 'prefix', path: snap }];

      const c = await catalogOf(l.ws, false, { snapshots });
      assert.ok(!hasTool(c, 'prefix_tool'));
      assert.ok(!hasTool(c, 'prefix__prefix_snap_tool'));
      refusedOnce(c.diagnostics, 'plugins.load.paths[0] "../ws-evil/plugin"', path.join(evil, 'plugin'));
      refusedOnce(c.diagnostics, `snapshot "prefix" (${snap})`, snap);

      const t = await catalogOf(l.ws, true, { snapshots });
      assert.ok(hasTool(t, 'prefix_tool'));
      assert.ok(hasTool(t, 'prefix__prefix_snap_tool'));
    });

    it('the user\'s own config (outside the folder, not the workspace\'s to write) keeps its plugins.load.paths', async () => {
      const l = layout();
      write(path.join(l.home, 'plugins', 'mine', 'openclaw.plugin.json'), manifest('mine', 'user_plugin_tool'));
      // `~` is the home folder; a relative entry would resolve against the folder OpenClaw runs from.
      write(path.join(l.home, '.openclaw', 'openclaw.json'), { plugins: { load: { paths: ['~/plugins/mine'] } } });
      const c = await catalogOf(l.ws, false, { noUserConfig: false, homeDir: l.home });
      assert.ok(hasTool(c, 'user_plugin_tool'));
      assert.deepEqual(refusals(c.diagnostics), []);
    });
  });

  describe('MCP snapshots', () => {
    it('a snapshot outside the folder is not read: its server is disabled with the reason, one diagnostic; trusted reads it', async () => {
      const l = layout();
      const snap = write(path.join(l.outside, 'remote.json'), snapshot('list_things'));
      const snapshots = [{ name: 'remote', path: snap }];
      const c = await catalogOf(l.ws, false, { snapshots });
      assert.ok(!hasTool(c, 'remote__list_things'));
      refusedOnce(c.diagnostics, `snapshot "remote" (${snap})`, snap);
      const server = c.servers.find((s) => s.name === 'remote');
      assert.equal(server?.status, 'disabled');
      assert.match(server?.error ?? '', /not trusted/);

      const t = await catalogOf(l.ws, true, { snapshots });
      assert.ok(hasTool(t, 'remote__list_things'));
      assert.equal(t.servers.find((s) => s.name === 'remote')?.status, 'ok');
    });

    it('a snapshot folder inside with one file symlinked out reads the rest', async () => {
      const l = layout();
      const dir = path.join(l.ws, 'snaps');
      write(path.join(dir, 'a.json'), { name: 'inside_tool', description: 'inside', inputSchema: schema });
      const leak = write(path.join(l.outside, 'leak.json'), { name: 'leaked_tool', description: 'outside', inputSchema: schema });
      fs.symlinkSync(leak, path.join(dir, 'b.json'));
      const snapshots = [{ name: 'folder', path: dir }];
      const c = await catalogOf(l.ws, false, { snapshots });
      assert.ok(hasTool(c, 'folder__inside_tool'));
      assert.ok(!hasTool(c, 'folder__leaked_tool'));
      refusedOnce(c.diagnostics, path.join(dir, 'b.json'), leak);
      assert.equal(c.servers.find((s) => s.name === 'folder')?.status, 'ok');
      assert.ok(hasTool(await catalogOf(l.ws, true, { snapshots }), 'folder__leaked_tool'));
    });
  });

  describe('MCP config files', () => {
    it('a symlinked .vscode/mcp.json is not read, and an envFile outside the folder is not read (on its line); trusted reads both', () => {
      const l = layout();
      const target = write(path.join(l.outside, 'mcp.json'), { servers: { leaked: { command: 'node', args: ['x.js'] } } });
      fs.mkdirSync(path.join(l.ws, '.vscode'));
      fs.symlinkSync(target, path.join(l.ws, '.vscode', 'mcp.json'));
      const envFile = write(path.join(l.outside, 'secrets.env'), 'TOKEN=s3cret\n');
      write(path.join(l.ws, '.mcp.json'), ['{', '  "mcpServers": {', '    "local": {', '      "command": "node",', `      "envFile": ${JSON.stringify(envFile)}`, '    }', '  }', '}'].join('\n'));

      const untrusted = open(l.ws, false);
      const found = discoverWorkspaceServers(untrusted);
      assert.deepEqual(found.servers.map((s) => s.name), ['local']);
      assert.equal(found.servers[0]?.env.TOKEN, undefined, 'the outside envFile is not read');
      const d = refusedOnce(found.diagnostics, '.vscode/mcp.json not read', target);
      assert.equal(d.file, '.vscode/mcp.json');
      const e = refusedOnce(found.diagnostics, 'mcpServers.local.envFile', envFile);
      assert.equal(e.line, 5);

      const trusted = open(l.ws, true);
      const all = discoverWorkspaceServers(trusted);
      assert.deepEqual(all.servers.map((s) => s.name).sort(), ['leaked', 'local']);
      assert.equal(all.servers.find((s) => s.name === 'local')?.env.TOKEN, 's3cret');
      assert.deepEqual(refusals(all.diagnostics), []);
    });
  });
});
