// Capture the Real Request in the real extension host: refused in an
// untrusted workspace before anything runs, and a cancel kills the real
// OpenClaw turns and says so (the UI test runs a whole capture).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { FolderCatalog } from '../../../src/extension/catalogService';
import { Logger } from '../../../src/extension/logger';
import { CAPTURE_UNTRUSTED_MESSAGE, runCapture } from '../../../src/extension/preview/captureRunner';
import { locateOpenClaw, OpenClawUnavailableError, toolingCacheRoot } from '../../../src/core/oracle/openclawLocation';
import type { CaptureView } from '../../../src/webview/shared/previewProtocol';
import { activateExtension } from './helpers';

function demoFolder(): vscode.WorkspaceFolder {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    throw new Error('the extension-host tests need a folder open');
  }
  return folder;
}

/** Pids of running processes whose command line names a capture turn's scratch folder. */
function captureProcesses(): number[] {
  const out: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (cmd.includes('OPENCLAW_STATE_DIR=') && cmd.includes(`tsi-capture-`) && cmd.includes(`TSI_HOST_TEST_MARK`) && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z') {
        out.push(Number(pid));
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return out;
}

describe('Capture the Real Request (extension host)', function () {
  this.timeout(120_000);

  it('refuses in an untrusted workspace with a clear message, before any catalog is built or OpenClaw is looked up', async () => {
    const logger = new Logger('Tool Search Inspector (capture trust test)');
    const service = new FolderCatalog(demoFolder(), { logger, host: { isTrusted: () => false } });
    const views: CaptureView[] = [];
    try {
      const result = await runCapture(
        {
          service,
          logger,
          extensionPath: '/nonexistent-extension-path',
          isTrusted: () => false,
          signal: new AbortController().signal,
          onView: (v) => views.push(v),
          predicted: () => Promise.reject(new Error('nothing may be predicted for a refused capture')),
        },
        '',
      );
      assert.equal(result.view.status, 'refused');
      assert.equal(result.view.message, CAPTURE_UNTRUSTED_MESSAGE);
      assert.match(CAPTURE_UNTRUSTED_MESSAGE, /untrusted workspace: it runs OpenClaw and this workspace's plugin and MCP server code/);
      assert.deepEqual(views.map((v) => v.status), ['refused'], 'the panel is told, once');
      assert.equal(result.check, undefined);
      assert.equal(service.state.kind, 'idle', 'the refusal comes before any catalog is built');
    } finally {
      service.dispose();
      logger.dispose();
    }
  });

  it('a cancel stops every real OpenClaw turn: the capture ends cancelled and no process of it is left', async function () {
    // Its turns may wait for a turn slot first while other lanes' captures run.
    this.timeout(600_000);
    try {
      locateOpenClaw(undefined, { cwd: demoFolder().uri.fsPath });
    } catch (err) {
      if (err instanceof OpenClawUnavailableError) {
        this.skip();
      }
      throw err;
    }
    const { ext } = await activateExtension();
    const logger = new Logger('Tool Search Inspector (capture cancel test)');
    const service = new FolderCatalog(demoFolder(), { logger, host: { isTrusted: () => true } });
    const abort = new AbortController();
    const views: CaptureView[] = [];
    let running: number[] = [];
    let scheduled = false;
    let cancelledAt = Number.POSITIVE_INFINITY;
    // Marks this test's turns, so only their processes are looked for (PATH reaches every turn).
    const savedPath = process.env.PATH;
    process.env.PATH = `${savedPath ?? ''}:/TSI_HOST_TEST_MARK`;
    // A cancel needs turns that really run: never a replay from the test run's capture store.
    const savedStore = process.env.TSI_CAPTURE_STORE;
    process.env.TSI_CAPTURE_STORE = '';
    try {
      const started = Date.now();
      const result = await runCapture(
        {
          service,
          logger,
          extensionPath: ext.extensionPath,
          isTrusted: () => true,
          signal: abort.signal,
          // This bundle's own copy of the extension module: the installs it looks in are given (the tooling cache's).
          installRoots: [toolingCacheRoot()],
          onView: (v) => {
            views.push(v);
            if (v.modes.some((m) => m.status === 'running') && !scheduled) {
              scheduled = true;
              // Cancel once OpenClaw is going (its process group exists): a turn may first wait for a turn
              // slot while other captures of this machine run (src/core/capture/turnSlots.ts).
              const cancelWhenRunning = (): void => {
                running = captureProcesses();
                if (running.length === 0 && Date.now() - started < 400_000) {
                  setTimeout(cancelWhenRunning, 250);
                  return;
                }
                setTimeout(() => {
                  running = captureProcesses();
                  cancelledAt = Date.now();
                  abort.abort();
                }, 1000);
              };
              setTimeout(cancelWhenRunning, 500);
            }
          },
          predicted: (_prompt, report) => Promise.resolve(Object.fromEntries(Object.keys(report.modes).map((m) => [m, { body: {}, volatile: {} }]))),
        },
        '',
      );
      assert.equal(result.view.status, 'cancelled', JSON.stringify(result.view));
      assert.ok(result.view.modes.every((m) => m.status === 'cancelled'), JSON.stringify(result.view.modes));
      assert.match(result.view.message ?? '', /Cancelled/);
      assert.ok(Date.now() - cancelledAt < 60_000, 'the cancel does not wait for the turns to finish');
      assert.ok(running.length > 0, 'OpenClaw was running when the capture was cancelled');
      assert.deepEqual(captureProcesses(), [], 'every process of the turns is gone');
      assert.equal(views[0]?.status, 'running');
    } finally {
      process.env.PATH = savedPath;
      if (savedStore === undefined) {
        delete process.env.TSI_CAPTURE_STORE;
      } else {
        process.env.TSI_CAPTURE_STORE = savedStore;
      }
      service.dispose();
      logger.dispose();
    }
  });
});
