import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { FolderCatalog } from '../../../src/extension/catalogService';
import { Logger } from '../../../src/extension/logger';
import { buildCatalogTree, TRUST_NOTICE } from '../../../src/extension/tree/catalogTreeModel';
import { VerifyDocuments, verifyAgainstOpenClawCommand } from '../../../src/extension/oracle/verifyCommand';

/** The folder the tests open (the demo workspace). */
function demoFolder(): vscode.WorkspaceFolder {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    throw new Error('the extension-host tests need a folder open');
  }
  return folder;
}

// The test server runs with trust disabled (everything trusted), so the
// untrusted path is driven through the service's trust hook, in the real host.
describe('workspace trust', () => {
  it('an untrusted build reads configs and snapshots but runs no plugin or server code, and says so', async () => {
    const logger = new Logger('Tool Search Inspector (trust test)');
    const service = new FolderCatalog(demoFolder(), {
      logger,
      host: { isTrusted: () => false },
      liveMcp: () => {
        throw new Error('the live MCP source must not be created in an untrusted workspace');
      },
    });
    try {
      const state = await service.getState();
      assert.equal(state.kind, 'ready', state.kind === 'error' ? state.message : state.kind);
      if (state.kind !== 'ready') return;
      assert.equal(state.trusted, false);
      assert.ok(state.catalog.tools.some((t) => t.sourceName === 'github'), 'snapshots are still read');
      assert.ok(state.catalog.tools.some((t) => t.source === 'client'), 'client tools are still read');
      const stdio = state.catalog.servers.filter((s) => s.transport === 'stdio');
      assert.ok(stdio.length >= 3, 'the demo configures stdio servers');
      assert.deepEqual(stdio.filter((s) => s.status !== 'disabled').map((s) => s.name), [], 'no stdio server was started');
      assert.ok(state.catalog.plugins.length > 0);
      const nodes = buildCatalogTree({ catalog: state.catalog, trusted: state.trusted });
      const mcp = nodes.find((n) => n.label === 'MCP servers');
      assert.ok(mcp?.kind === 'group' && mcp.children.some((c) => c.label === 'everything: not started'), 'the view says which servers did not start');
      assert.equal(nodes[0]?.label, TRUST_NOTICE);
      assert.equal(nodes[0]?.command?.command, 'workbench.trust.manage');
      const registered = await vscode.commands.getCommands(true);
      assert.ok(registered.includes('workbench.trust.manage'), 'the notice opens a real command');
    } finally {
      service.dispose();
      logger.dispose();
    }
  });

  it('Verify against OpenClaw refuses in an untrusted workspace: it would run OpenClaw\'s code', async () => {
    const logger = new Logger('Tool Search Inspector (verify trust test)');
    const service = new FolderCatalog(demoFolder(), { logger, host: { isTrusted: () => false } });
    const docs = new VerifyDocuments();
    try {
      const report = await verifyAgainstOpenClawCommand(service, docs, '/nonexistent-extension-path', () => false);
      assert.equal(report, undefined);
      assert.equal(service.state.kind, 'idle', 'the refusal comes before any catalog is built or child started');
    } finally {
      docs.dispose();
      service.dispose();
      logger.dispose();
    }
  });
});
