import * as vscode from 'vscode';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { CatalogState } from '../../../src/extension/catalogService';
import { FolderCatalog } from '../../../src/extension/catalogService';
import type { Logger } from '../../../src/extension/logger';
import { LiveMcpSource } from '../../../src/core/sources/mcp';
import { eventually } from './helpers';

/** The folder the tests open (the demo workspace). */
function demoFolder(): vscode.WorkspaceFolder {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    throw new Error('the extension-host tests need a folder open');
  }
  return folder;
}

// The compiled suite sits in out/test/integration/suite.
const REPO = path.resolve(__dirname, '..', '..', '..', '..');
const HOSTILE = path.join(REPO, 'test', 'fixtures', 'mcp', 'hostileServer.mjs');

/**
 * Keeps the service's log lines in memory. A second output channel made from
 * the test harness's context (in .vsix runs an empty extension) leaks, so none is made.
 */
function recordingLogger(lines: string[]): Logger {
  const add = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  return {
    channel: undefined as unknown as Logger['channel'],
    info: add('info'),
    warn: add('warn'),
    debug: add('debug'),
    error: (message: string, err?: unknown) => void lines.push(`error ${message}${err ? `: ${String(err)}` : ''}`),
    showError: (message: string) => Promise.resolve(void lines.push(`error ${message}`)),
    dispose: () => undefined,
  };
}

describe('live MCP updates', () => {
  it('a server announcing list_changed updates the catalog by itself, over the same connection', async () => {
    const lines: string[] = [];
    const logger = recordingLogger(lines);
    let sources = 0;
    let live: LiveMcpSource | undefined;
    const service = new FolderCatalog(demoFolder(), {
      logger,
      host: { isTrusted: () => true },
      liveMcp: () => {
        sources++;
        live = new LiveMcpSource({
          trusted: true,
          servers: [{
            name: 'grower', origin: { file: 'test', line: 1 }, format: 'openclaw', transport: 'stdio',
            command: process.execPath, args: [HOSTILE, 'list-changed'], env: {}, cwd: REPO, headers: {}, enabled: true,
            connectTimeoutMs: 15_000, timeoutMs: 15_000,
          }],
        });
        return live;
      },
    });
    const seen: CatalogState[] = [];
    service.onDidChange((s) => seen.push(s));
    try {
      const first = await service.getCatalog();
      assert.ok(first.get('mcp:grower:grow'), 'the fixture server is cataloged');
      assert.equal(first.cataloged.some((t) => t.name === 'grower__grown_4'), false);
      const builds = service.builds;
      // The tool adds one and sends notifications/tools/list_changed: nobody presses Refresh.
      await live?.executor.execute({ id: 'mcp:grower:grow', source: 'mcp', sourceName: 'grower', name: 'grower__grow', description: '' }, {}, { callId: 'live-test' });
      const after = await eventually(async () => {
        const s = service.state;
        return s.kind === 'ready' && s.catalog.get('mcp:grower:grown_4') ? s.catalog : undefined;
      }, 'the catalog to pick up the new tool');
      assert.ok(after.get('mcp:grower:grown_4'));
      assert.equal(service.builds, builds + 1, 'one rebuild');
      assert.equal(sources, 1, 'no new workspace or MCP connection was made');
      assert.ok(seen.filter((s) => s.kind === 'ready').length >= 2, 'listeners (tree, panel, status bar) heard of it');
      assert.ok(lines.some((l) => /catalog rebuilt \(MCP tools changed\)/.test(l)), lines.join('\n'));
    } finally {
      await service.shutdown();
      service.dispose();
    }
  });
});
