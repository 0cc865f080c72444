// The extension-host test entry: the `run()` that VS Code loads from
// `extensionTestsPath` (the same contract as @vscode/test-electron), so these
// suites also run on desktop VS Code where it can be downloaded.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { realCheckHooks } from '../helpers/realChecks';

async function foldersArrive(ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while ((vscode.workspace.workspaceFolders?.length ?? 0) === 0) {
    if (Date.now() > deadline) {
      return false;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return true;
}

export async function run(): Promise<void> {
  // Mocha 12 is ESM-only; the compiled suites are CommonJS.
  const { default: Mocha } = (await import('mocha')) as { default: typeof import('mocha') };
  // The count of real checks (test/helpers/realChecks.ts): a capture in this host is a real turn or a replay.
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec', rootHooks: realCheckHooks() });
  // A window opened on a .code-workspace runs the multi-root suites; a folder, the rest.
  const dir = path.join(__dirname, vscode.workspace.workspaceFile ? 'suite-multi' : 'suite');
  if (vscode.workspace.workspaceFile && !(await foldersArrive(45_000))) {
    // Now and then the web workbench opens the .code-workspace but never resolves its folders (an empty
    // window, before any of our code ran). That is the harness's window, not a test result: the runner
    // opens the window again once, and counts a failure if it happens twice.
    console.log(`TSI_WINDOW_NOT_READY ${vscode.workspace.workspaceFile.toString()}`);
    throw new Error('the workspace file opened without its folders');
  }
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(dir, f));
  }
  await mocha.loadFilesAsync();
  await new Promise<void>((resolve, reject) => {
    const failed: string[] = [];
    const runner = mocha.run((failures) => {
      // One machine-readable line for the runner's closing summary, with what failed: CI's record keeps
      // only the end of a long log, where the spec reporter's failure list may be cut.
      console.log(`TSI_RESULTS ${JSON.stringify({ passed: runner.stats?.passes ?? 0, failed: runner.stats?.failures ?? failures, failures: failed })}`);
      if (failures > 0) {
        reject(new Error(`${failures} extension-host test(s) failed`));
      } else {
        resolve();
      }
    });
    runner.on('fail', (test, err: unknown) => {
      failed.push(`${test.fullTitle()}: ${String(err instanceof Error ? err.message : err).split('\n')[0]?.slice(0, 300)}`);
    });
  });
}
