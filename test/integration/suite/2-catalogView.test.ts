import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, eventually, find } from './helpers';

// These suites run on examples/demo with its GitHub snapshot configured in the
// demo's own .vscode/settings.json (toolSearchInspector.snapshots = ["github=snapshots/github"]).
describe('catalog view on the demo workspace', () => {
  it('groups cataloged tools by source and owner, with the snapshot server', async () => {
    const { api } = await activateExtension();
    const nodes = await api.treeNodes();
    const labels = nodes.map((n) => n.label);
    // No Direct-only group on the demo: OpenClaw 2026.9.6 (the default model) catalogs `message` and keeps it visible.
    for (const l of ['OpenClaw', 'MCP servers', 'Client tools', 'Excluded']) {
      assert.ok(labels.includes(l), `missing group "${l}" in ${labels.join(', ')}`);
    }
    const github = find(find(nodes, 'MCP servers')?.children, 'github');
    assert.ok(github, 'the github snapshot server is listed under MCP servers');
    assert.equal(github.children?.length, 9);
    assert.match(github.description ?? '', /9 tools · snapshot/);
    assert.ok(github.children?.some((t) => t.label === 'github__create_issue'), 'tools carry their model-visible names');
    const core = find(find(nodes, 'OpenClaw')?.children, 'core');
    assert.ok(core?.children?.some((t) => t.label === 'read'), 'core tools are under OpenClaw > core');
  });

  it('shows excluded tools in their own group with the reason, and message cataloged (2026.9.6)', async () => {
    const { api } = await activateExtension();
    const nodes = await api.treeNodes();
    const excluded = find(nodes, 'Excluded')?.children ?? [];
    const gateway = find(excluded, 'gateway');
    assert.ok(gateway, `gateway is excluded (got ${excluded.map((n) => n.label).join(', ')})`);
    assert.match(gateway.description ?? '', /deny/i);
    assert.match(gateway.tooltip ?? '', /reason: .*deny/i);
    assert.match(gateway.tooltip ?? '', /openclaw\.json:\d+/, 'the tooltip points at the rule in the config');
    const clash = find(excluded, 'web_search');
    assert.ok(clash, 'the client web_search that clashes with core is excluded');
    // 2026.9.6 marks openclaw and sessions_yield direct-only (generated from the package), and catalogs the reply tool.
    assert.deepEqual((find(nodes, 'Direct-only')?.children ?? []).map((n) => n.label).sort(), ['openclaw', 'sessions_yield']);
    assert.ok(find(find(find(nodes, 'OpenClaw')?.children, 'core')?.children, 'message'), 'message is cataloged under OpenClaw > core');
    // Excluded tools are not counted in the source groups.
    assert.equal(find(find(find(nodes, 'OpenClaw')?.children, 'core')?.children, 'gateway'), undefined);
  });

  it('agrees with the catalog summary and shows the mode in it', async () => {
    const { api } = await activateExtension();
    const summary = await api.catalogSummary();
    assert.equal(summary.mode, 'code');
    assert.equal(summary.trusted, true);
    const nodes = await api.treeNodes();
    const inSources = ['OpenClaw', 'MCP servers', 'Client tools']
      .flatMap((g) => find(nodes, g)?.children ?? [])
      .reduce((n, owner) => n + (owner.kind === 'group' ? owner.children?.length ?? 0 : 0), 0);
    assert.equal(inSources, summary.size, 'every cataloged tool appears once under its source');
    assert.equal(find(nodes, 'Excluded')?.children?.length, summary.excluded.length);
  });

  it('puts catalog problems in the Problems panel on the file and line they name', async () => {
    const { api } = await activateExtension();
    await api.treeNodes();
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    const clientTools = vscode.Uri.joinPath(folder, '.openclaw', 'client-tools.json');
    const problems = await eventually(async () => {
      const found = vscode.languages.getDiagnostics(clientTools).filter((d) => d.source === 'Tool Search Inspector');
      return found.length > 0 ? found : undefined;
    }, 'a diagnostic on .openclaw/client-tools.json');
    const clash = problems.find((d) => d.message.endsWith('client tool name conflict: web_search'));
    assert.ok(clash, problems.map((d) => d.message).join('\n'));
    // The demo marks this clash as intentional (// @expected-problem above it): an info that says so, not an error.
    assert.equal(clash.severity, vscode.DiagnosticSeverity.Information);
    assert.match(clash.message, /^Intentional \(the demo shows a client tool whose name clashes with a core tool\): /);
    // The clashing tool is declared on line 16 of the demo's client-tools.json (0-based 15), below its marker.
    assert.equal(clash.range.start.line, 15);
  });

  it('refreshes by itself when a client-tools file changes', async () => {
    const { api } = await activateExtension();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-client-'));
    const file = path.join(dir, 'client-tools.json');
    const tool = (name: string) => ({ name, description: `Test tool ${name}.`, parameters: { type: 'object', properties: {} } });
    fs.writeFileSync(file, JSON.stringify([tool('first_client_tool')]));
    const config = vscode.workspace.getConfiguration('toolSearchInspector');
    try {
      await config.update('clientToolsPath', file, vscode.ConfigurationTarget.Global);
      await eventually(async () => {
        const client = find(await api.treeNodes(), 'Client tools');
        return client?.children?.[0]?.children?.some((t) => t.label === 'first_client_tool') ? true : undefined;
      }, 'the setting change to rebuild the catalog');
      const builds = api.catalogBuilds();
      fs.writeFileSync(file, JSON.stringify([tool('first_client_tool'), tool('second_client_tool')]));
      await eventually(async () => {
        const client = find(await api.treeNodes(), 'Client tools');
        return client?.children?.[0]?.children?.some((t) => t.label === 'second_client_tool') ? true : undefined;
      }, 'the file watcher to rebuild the catalog');
      assert.ok(api.catalogBuilds() > builds);
    } finally {
      await config.update('clientToolsPath', undefined, vscode.ConfigurationTarget.Global);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await eventually(async () => (find(find(await api.treeNodes(), 'Client tools')?.children, 'client')?.children?.some((t) => t.label === 'confirm_with_user') ? true : undefined), 'the demo client tools to come back');
  });
});
