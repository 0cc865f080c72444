import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { explainTool } from '../../../src/core/explain/explain';
import { OpenWorkspace } from '../../../src/core/workspace';
import { toExplainView } from '../../../src/extension/explain/explainView';
import { toCatalogSnapshot } from '../../../src/extension/panels/catalogSnapshot';
import { staleMarkOf, staleText } from '../../../src/extension/stale/staleMark';
import { buildCatalogTree, modeAndSize, statusText, type GroupNode, type ToolNode, type TreeNode } from '../../../src/extension/tree/catalogTreeModel';
import { parseHostMessage, parseWebviewMessage } from '../../../src/webview/shared/explainProtocol';
import { scratchDir } from '../../helpers/scratch';

// The surfaces of issue 14: Go to Rule data on tree rows, rule links in the
// panel snapshot and the Explain view, and the stale state when the config
// stops parsing (the core alone would silently answer as if there were no config).

const demo = path.resolve(__dirname, '..', '..', '..', 'examples', 'demo');
const demoConfig = fs.readFileSync(path.join(demo, 'openclaw.json'), 'utf8');

async function catalogOf(workspace: string): Promise<{ catalog: Catalog; ws: OpenWorkspace }> {
  const ws = new OpenWorkspace({ workspace, noUserConfig: true, env: {}, trusted: false, liveMcp: () => undefined, openclawVersion: '2026.9.6' });
  const catalog = await ws.buildCatalog();
  await ws.dispose();
  return { catalog, ws };
}

function excludedNode(nodes: readonly TreeNode[], label: string): ToolNode {
  const g = nodes.find((n): n is GroupNode => n.kind === 'group' && n.label === 'Excluded');
  const t = g?.children.find((n): n is ToolNode => n.kind === 'tool' && n.label === label);
  assert.ok(t, `no excluded ${label}`);
  return t;
}

function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

describe('rules surfaces: Go to Rule, links, stale', () => {
  it('tree rows of excluded demo tools carry the rule Go to Rule opens (deny entry, plugin entry, client clash)', async () => {
    const { catalog } = await catalogOf(demo);
    const nodes = buildCatalogTree({ catalog, trusted: false, hasConfig: true });
    const gateway = excludedNode(nodes, 'gateway');
    assert.deepEqual(gateway.rule, { file: 'openclaw.json', line: lineOf(demoConfig, 'deny: ["gateway"'), column: (demoConfig.split('\n')[lineOf(demoConfig, 'deny: ["gateway"') - 1]?.indexOf('"gateway"') ?? 0) + 1, path: ['tools', 'deny', 0] });
    assert.equal(excludedNode(nodes, 'crm_lookup').rule?.line, lineOf(demoConfig, '"legacy-crm": { enabled: false }'));
    assert.equal(excludedNode(nodes, 'web_search').rule?.file, '.openclaw/client-tools.json');
    assert.match(gateway.tooltip ?? '', /decided by openclaw\.json:\d+:\d+ tools\.deny\[0\]/);
  });

  it('the panel snapshot links each excluded row to its rule; a built-in rule has no file', async () => {
    const { catalog } = await catalogOf(demo);
    const snap = toCatalogSnapshot(catalog, { workspaceName: 'demo', trusted: false });
    const gateway = snap.tools.find((t) => t.id === 'openclaw:core:gateway');
    assert.equal(gateway?.rule?.file, 'openclaw.json');
    assert.match(gateway?.rule?.text ?? '', /^openclaw\.json:\d+:\d+ tools\.deny\[0\]$/);
    assert.equal(snap.tools.find((t) => t.status === 'cataloged')?.rule, undefined);
    assert.equal(snap.stale, undefined);
  });

  it('a config that stops parsing: core alone drops the whole config (mode, servers, plugin switch); the stale mark names the error line', async () => {
    const dir = scratchDir('stale-');
    fs.cpSync(demo, dir, { recursive: true });
    const good = await catalogOf(dir);
    assert.equal(good.catalog.settings.mode, 'code');
    assert.equal(good.catalog.get('openclaw:legacy-crm:crm_lookup')?.status, 'excluded');
    // One `]` removed, as in the issue.
    const broken = demoConfig.replace('"fake_plugin_tool_36"],', '"fake_plugin_tool_36",');
    fs.writeFileSync(path.join(dir, 'openclaw.json'), broken);
    const bad = await catalogOf(dir);
    assert.ok(bad.ws.config.unusable, 'the config is unusable');
    assert.notEqual(bad.catalog.settings.mode === 'code' && bad.catalog.settings.enabled, true, 'the answer changed: this is why the editor keeps the last good catalog');
    assert.equal(bad.catalog.get('openclaw:legacy-crm:crm_lookup')?.status, 'cataloged', 'the disabled plugin loads again');
    const mark = staleMarkOf(bad.ws.config, true, 1000);
    assert.ok(mark);
    assert.equal(mark.file, 'openclaw.json');
    assert.ok((mark.line ?? 0) >= lineOf(broken, 'fake_plugin_tool_36'), `the error is at or after the missing bracket (line ${mark.line ?? '?'})`);
    assert.match(staleText(mark), /^openclaw\.json:\d+:\d+ does not parse \(JSON5 syntax error: .+\); showing the last good catalog until it does$/);
    assert.equal(staleMarkOf(good.ws.config, true), undefined);

    // The kept catalog is marked everywhere: first row of the tree, the status bar, the snapshot.
    const nodes = buildCatalogTree({ catalog: good.catalog, trusted: false, stale: mark, hasConfig: true });
    assert.equal(nodes[0]?.id, 'notice/stale');
    assert.equal(nodes[0]?.label, 'Stale: the config does not parse');
    assert.deepEqual(nodes[0]?.command?.args, [{ file: 'openclaw.json', line: mark.line, column: mark.column }]);
    assert.match(modeAndSize(good.catalog, mark), /^code · \d+ \(stale\)$/);
    assert.match(statusText(good.catalog, undefined, mark).text, /^\$\(warning\) code · \d+ \(stale\)$/);
    assert.match(statusText(good.catalog, undefined, mark).tooltip, /does not parse/);
    const snap = toCatalogSnapshot(good.catalog, { workspaceName: 'demo', trusted: false, stale: mark });
    assert.equal(snap.stale?.where, `openclaw.json:${mark.line ?? ''}:${mark.column ?? ''}`);
    assert.equal(snap.stale?.lastGood, true);
    assert.equal(toExplainView(explainTool(good.catalog, 'gateway'), mark).stale?.where.file, 'openclaw.json');
  });

  it('a folder with no config says what Tool Search does there and offers a starter openclaw.json', async () => {
    const { catalog } = await catalogOf(scratchDir('empty-'));
    const nodes = buildCatalogTree({ catalog, trusted: false, hasConfig: false });
    const notice = nodes.find((n) => n.id === 'notice/no-config');
    assert.ok(notice);
    assert.match(notice.label, /^No openclaw\.json: Tool Search (is off|runs in \w+ mode by 2026\.9\.6's default)$/);
    assert.equal(notice.command?.command, 'toolSearchInspector.createStarterConfig');
    assert.equal(buildCatalogTree({ catalog, trusted: false, hasConfig: true }).some((n) => n.id === 'notice/no-config'), false);
  });

  it('the Explain view links every place: file rules as links, built-in lists as text, and offers the fix by title', async () => {
    const { catalog } = await catalogOf(demo);
    const view = toExplainView(explainTool(catalog, 'gateway', { configFile: 'openclaw.json' }));
    const m = view.matches[0];
    assert.equal(m?.rule?.file, 'openclaw.json');
    assert.ok((m?.rule?.column ?? 0) > 0);
    assert.equal(m?.fix?.title, 'Remove "gateway" from tools.deny');
    assert.ok(m?.chain.some((s) => s.stage === 'policy' && s.effect === 'deny' && s.at?.file === 'openclaw.json'));
    const sandboxed = await (async () => {
      const ws = new OpenWorkspace({ workspace: scratchDir('sbx-'), noUserConfig: true, env: {}, liveMcp: () => undefined, policy: { sandboxed: true }, openclawVersion: '2026.9.6' });
      const c = await ws.buildCatalog();
      await ws.dispose();
      return c;
    })();
    const browser = toExplainView(explainTool(sandboxed, 'browser')).matches[0];
    assert.equal(browser?.rule?.file, undefined);
    assert.equal(browser?.rule?.text, 'OpenClaw 2026.9.6 default sandbox deny list');
    assert.equal(parseHostMessage({ type: 'explain', view }) !== undefined, true, 'the view passes its own validator');
  });

  it('a failed server: its row offers the server actions and its config entry; the status bar counts it and gives the reason', async () => {
    const dir = scratchDir('failed-');
    const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, liveMcp: () => undefined, lenientInputs: true, snapshots: [{ name: 'ghost', path: path.join(dir, 'gone') }] });
    const catalog = await ws.buildCatalog();
    await ws.dispose();
    const mcp = buildCatalogTree({ catalog, trusted: true }).find((n): n is GroupNode => n.kind === 'group' && n.label === 'MCP servers');
    const row = mcp?.children.find((n) => n.id === 'fault/server/ghost');
    assert.ok(row && row.kind === 'notice');
    assert.equal(row.server, 'ghost');
    assert.deepEqual(row.location, { file: path.join(dir, 'gone'), line: undefined, column: undefined });
    const status = statusText(catalog);
    assert.match(status.text, / \$\(error\) 1$/);
    assert.match(status.tooltip, /^MCP server "ghost" failed \(.*gone\): cannot read snapshot/);
  });

  it('the Explain protocol refuses what it does not know', () => {
    assert.equal(parseWebviewMessage({ type: 'open', target: { text: 'built in' } }), undefined, 'nothing to open without a file');
    assert.deepEqual(parseWebviewMessage({ type: 'open', target: { text: 'a:1', file: 'a', line: 1 } }), { type: 'open', target: { text: 'a:1', file: 'a', line: 1 } });
    assert.equal(parseWebviewMessage({ type: 'applyFix', toolId: '' }), undefined);
    assert.equal(parseWebviewMessage({ type: 'applyFix', toolId: 7 }), undefined);
    assert.equal(parseWebviewMessage({ type: 'run', code: 'x' }), undefined);
    assert.equal(parseHostMessage({ type: 'explain', view: { query: 'x', matches: [{ name: 'x' }], suggestions: [], unavailableServers: [] } }), undefined);
    assert.equal(parseHostMessage({ type: 'fixResult', ok: true, message: 'done' }), undefined);
  });
});
