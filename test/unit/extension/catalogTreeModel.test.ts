import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Catalog } from '../../../src/core/catalog/catalog';
import { defaultToolSearchSettings } from '../../../src/core/config/toolSearchSettings';
import { OpenWorkspace } from '../../../src/core/workspace';
import { policyNotReached } from '../../../src/core/reasons';
import { POLICY_NOT_REACHED_LINE } from '../../../src/core/vocabulary';
import { scratchDir } from '../../helpers/scratch';
import { toCatalogSnapshot } from '../../../src/extension/panels/catalogSnapshot';
import { buildCatalogTree, shownNode, statusText, TRUST_NOTICE, type GroupNode, type TreeNode } from '../../../src/extension/tree/catalogTreeModel';

const demo = path.resolve(__dirname, '..', '..', '..', 'examples', 'demo');

/** The demo catalog from real core, without live servers (fast, offline). */
async function demoCatalog(openclawVersion?: string): Promise<Catalog> {
  const ws = new OpenWorkspace({
    workspace: demo,
    ...(openclawVersion ? { openclawVersion } : {}),
    noUserConfig: true,
    snapshots: [{ name: 'github', path: path.join(demo, 'snapshots', 'github') }],
    trusted: false,
    liveMcp: () => undefined,
  });
  try {
    return await ws.buildCatalog();
  } finally {
    await ws.dispose();
  }
}

function group(nodes: readonly TreeNode[], label: string): GroupNode {
  const g = nodes.find((n) => n.label === label);
  assert.ok(g && g.kind === 'group', `no group "${label}" in ${nodes.map((n) => n.label).join(', ')}`);
  return g;
}

describe('catalog tree model', () => {
  it('groups source -> owner -> tool, and every cataloged tool appears exactly once', async () => {
    const catalog = await demoCatalog();
    const nodes = buildCatalogTree({ catalog, trusted: true });
    const owners = ['OpenClaw', 'MCP servers', 'Client tools'].flatMap((l) => group(nodes, l).children).filter((n): n is GroupNode => n.kind === 'group');
    const ids = owners.flatMap((o) => o.children.map((t) => (t.kind === 'tool' ? t.tool.id : '')));
    assert.equal(ids.length, catalog.size);
    assert.equal(new Set(ids).size, ids.length);
    const github = group(group(nodes, 'MCP servers').children, 'github');
    assert.equal(github.children.length, 9);
    assert.match(github.description ?? '', /^9 tools · snapshot$/);
  });

  it('puts excluded and direct-only tools in their own groups, with the reason in description and tooltip', async () => {
    // The seed's version keeps `message` direct-only (2026.9.6 catalogs it and keeps it visible).
    const catalog = await demoCatalog('2026.1.30');
    assert.ok(catalog.directOnly.length > 0);
    const nodes = buildCatalogTree({ catalog, trusted: true });
    const excluded = group(nodes, 'Excluded');
    assert.equal(excluded.children.length, catalog.excluded.length);
    const gateway = excluded.children.find((n) => n.label === 'gateway');
    assert.ok(gateway);
    assert.match(gateway.description ?? '', /^denied by tools\.deny · core$/);
    assert.match(gateway.tooltip ?? '', /deny by .*openclaw\.json:\d+/);
    assert.equal(gateway.icon.id, 'circle-slash');
    const direct = group(nodes, 'Direct-only');
    assert.deepEqual(direct.children.map((n) => n.label), catalog.directOnly.map((t) => t.name));
  });

  it('an excluded row says why in a few words that fit the default side bar; the tooltip keeps the whole sentence (issue 44)', async () => {
    const catalog = await demoCatalog();
    const excluded = group(buildCatalogTree({ catalog, trusted: true }), 'Excluded');
    const rows = excluded.children.filter((n) => n.kind === 'tool');
    assert.ok(rows.length >= 10);
    for (const n of rows) {
      const shown = shownNode(n);
      const reason = (shown.description ?? '').split(' · ').slice(0, -1).join(' · ');
      // At most the words a 300 px side bar shows beside a name; the file:line is Go to Rule's, not the row's.
      assert.ok(reason.length > 0 && reason.length <= 60, `${shown.label}: "${reason}"`);
      assert.doesNotMatch(reason, /openclaw\.json:\d/, shown.label);
      assert.match(shown.tooltip ?? '', /reason: .{20,}/, shown.label);
    }
    const row = (label: string) => shownNode(rows.find((n) => n.label === label)!).description;
    assert.equal(row('gateway'), 'denied by tools.deny · core');
    assert.equal(row('fake_plugin_tool_36'), 'denied by tools.deny · fake-plugin');
    assert.equal(row('web_search'), 'client tool name conflict · client');
    assert.equal(row('notes_summarize'), 'declared in contracts.tools, no definition · notes');
    assert.equal(row('computer'), 'needs a vision model · core');
    assert.equal(row('image_generate'), 'needs OPENAI_API_KEY (or 3 more) · core');
    assert.equal(row('heartbeat_respond'), 'needs a heartbeat trigger · core');
  });

  it('names the list that decided (a deny entry is tools.deny) and says "not reached" for a tool its source excluded, as the CLI does', async () => {
    const catalog = await demoCatalog();
    const excluded = group(buildCatalogTree({ catalog, trusted: true }), 'Excluded');
    const gateway = excluded.children.find((n) => n.label === 'gateway');
    assert.match(gateway?.tooltip ?? '', /deny by tools\.deny: deny "gateway"/);
    assert.doesNotMatch(gateway?.tooltip ?? '', /by tools\.allow/);
    const defect = excluded.children.find((n) => n.kind === 'tool' && policyNotReached(n.tool.reason));
    assert.ok(defect, 'the demo has a tool its source excluded');
    assert.ok(defect.tooltip?.includes(POLICY_NOT_REACHED_LINE), defect.tooltip);
    assert.doesNotMatch(defect.tooltip ?? '', /allow by default/);
  });

  it('keeps a healthy server whose tools the policy all left out: "0 of 9 tools admitted" and why, its tools under it', async () => {
    const dir = scratchDir('tsi-tree-');
    fs.writeFileSync(path.join(dir, 'openclaw.json'), '{\n  tools: { deny: ["bundle-mcp"] },\n}\n');
    const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, snapshots: [{ name: 'github', path: path.join(demo, 'snapshots', 'github') }], trusted: true, liveMcp: () => undefined });
    try {
      const catalog = await ws.buildCatalog();
      assert.equal(catalog.cataloged.filter((t) => t.source === 'mcp').length, 0);
      const mcp = group(buildCatalogTree({ catalog, trusted: true }), 'MCP servers');
      const github = group(mcp.children, 'github');
      assert.equal(github.description, '0 of 9 tools admitted · denied by tools.deny "bundle-mcp" (openclaw.json:2)');
      assert.match(github.tooltip ?? '', /is running and listed 9 tools; the model gets none of them/);
      assert.equal(github.children.length, 9);
      assert.doesNotMatch(mcp.description ?? '', /fault/);
    } finally {
      await ws.dispose();
    }
  });

  it('starts with a trust notice that opens Manage Workspace Trust when untrusted', async () => {
    const catalog = await demoCatalog();
    const [first] = buildCatalogTree({ catalog, trusted: false });
    assert.equal(first?.label, TRUST_NOTICE);
    assert.equal(first?.command?.command, 'workbench.trust.manage');
    assert.notEqual(buildCatalogTree({ catalog, trusted: true })[0]?.label, TRUST_NOTICE);
  });

  it('shows failed servers and plugins as error items in their source group', () => {
    const catalog = new Catalog(
      [],
      [
        { name: 'broken', origin: 'openclaw.json:12', transport: 'stdio', status: 'failed', toolCount: 0, error: 'spawn nope ENOENT', durationMs: 3 },
        { name: 'idle', origin: 'openclaw.json:20', transport: 'stdio', status: 'disabled', toolCount: 0, error: 'workspace not trusted', durationMs: 0 },
      ],
      [{ id: 'crm', name: 'CRM', manifest: 'plugins/crm/openclaw.plugin.json', status: 'failed', reason: 'bad manifest', toolCount: 0 }],
      [{ file: 'openclaw.json', line: 3, severity: 'error', message: 'tools.deny must be an array' }],
      defaultToolSearchSettings(),
      new Map(),
    );
    const nodes = buildCatalogTree({ catalog, trusted: true });
    const server = group(nodes, 'MCP servers').children[0];
    assert.equal(server?.kind, 'notice');
    assert.equal(server?.label, 'broken: failed');
    assert.equal(server?.description, 'spawn nope ENOENT');
    assert.equal(server?.icon.color, 'problemsErrorIcon.foreground');
    const idle = group(nodes, 'MCP servers').children[1];
    assert.equal(idle?.label, 'idle: not started');
    assert.equal(idle?.kind === 'notice' && idle.severity, 'info');
    assert.match(group(nodes, 'MCP servers').description ?? '', /1 fault$/, 'a server that was not started is not a fault');
    assert.equal(group(nodes, 'OpenClaw').children[0]?.label, 'plugin CRM: failed');
    const problems = group(nodes, 'Problems');
    assert.equal(problems.children[0]?.location?.line, 3);
    assert.ok(nodes.some((n) => n.label === 'No tools found'), 'an empty catalog says what to add');
  });

  it('status bar text carries the effective mode and the catalog size', async () => {
    const catalog = await demoCatalog();
    const t = statusText(catalog);
    assert.equal(t.text, `$(search) code · ${catalog.size}`);
    assert.match(t.tooltip, /direct-only/);
    assert.match(t.tooltip, /Modelling OpenClaw 2026\.9\.6 \(the newest modelled version/, 'the editor says which OpenClaw it models');
    // What a screen reader says: plain words, no codicon syntax, no Markdown entities.
    assert.equal(t.ariaLabel, `Tool Search: code mode, ${catalog.size} tools in the catalog. Click to open the catalog view.`);
    assert.doesNotMatch(t.ariaLabel, /&nbsp;|\$\(/);
  });

  it('with a config that lists agents, the status bar says whose run it is, as the CLI\'s "Agent:" line does (issue 30 walk-through)', async () => {
    const catalog = await demoCatalog();
    const agent = 'agent main (OpenClaw\'s default: the entry with default: true, openclaw.json:20)';
    const t = statusText(catalog, undefined, undefined, agent);
    assert.match(t.tooltip, /^Agent: agent main \(OpenClaw's default: the entry with default: true, openclaw\.json:20\)\nTool Search mode: code/m);
    assert.equal(t.ariaLabel, `Tool Search: code mode, ${catalog.size} tools in the catalog of ${agent}. Click to open the catalog view.`);
    assert.equal(t.text, `$(search) code · ${catalog.size}`, 'the item itself stays short');
  });

  it('panel snapshot: by-source rows add up to the catalog', async () => {
    const catalog = await demoCatalog();
    const snap = toCatalogSnapshot(catalog, { workspaceName: 'demo', trusted: false });
    assert.equal(snap.sources.reduce((n, r) => n + r.cataloged, 0), catalog.size);
    assert.equal(snap.sources.reduce((n, r) => n + r.excluded, 0), catalog.excluded.length);
    assert.equal(snap.tools.length, catalog.tools.length);
    assert.deepEqual(structuredClone(snap), snap, 'the snapshot survives postMessage cloning');
    assert.equal(snap.openclawVersion, '2026.9.6');
  });
});
