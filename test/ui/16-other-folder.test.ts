import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { env, launchBrowser, openWorkbench, resultsDir, type Browser, type Page, workbenchUrl } from './harness';

// The user's own folder, opened in the same server as the demo: nothing of
// the demo follows it. The demo's snapshot and readUserConfig are settings of
// the demo folder (examples/demo/.vscode/settings.json); as user settings they
// made every other folder show "github: failed ... cannot read snapshot", a red
// status bar and "MCP servers 0 tools, 1 fault".
describe('another folder in the same VS Code', () => {
  let browser: Browser;
  let page: Page;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-own-folder-'));

  before(async () => {
    fs.writeFileSync(path.join(folder, 'openclaw.json'), '{ tools: { profile: "coding", toolSearch: { mode: "tools" } } }\n');
    browser = await launchBrowser();
    page = await openWorkbench(browser, workbenchUrl(env('TSI_VSCODE_URL'), folder));
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      await page.screenshot({ path: path.join(resultsDir(), 'failed-other-folder.png') }).catch(() => undefined);
    }
  });

  after(async () => {
    await browser?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('shows its own catalog: no demo snapshot, no failed server, no red status bar', async () => {
    await page.locator('.activitybar .action-item a[aria-label^="Tool Search"]').first().click();
    const tree = page.locator('.pane-body .monaco-list-row');
    await tree.filter({ hasText: 'OpenClaw' }).first().waitFor({ timeout: 60_000 });
    const status = page.locator('.statusbar-item[id$="toolSearchInspector.status"]').first();
    await status.filter({ hasText: /tools · \d+/ }).waitFor();
    const rows: string[] = [];
    for (let i = 0; i < (await tree.count()); i++) {
      rows.push(await tree.nth(i).innerText());
    }
    const shown = rows.join('\n');
    assert.doesNotMatch(shown, /github|snapshot|fault|failed/i, shown);
    assert.doesNotMatch((await status.getAttribute('class')) ?? '', /error-kind/, 'the status bar item is not red');
    assert.equal(await status.locator('.codicon-error').count(), 0, 'no failed-server count in the status bar');
    // What a screen reader says is plain text (VS Code otherwise appends the tooltip's Markdown source).
    const labelled = status.locator('[aria-label]').first();
    const aria = (await labelled.count()) > 0 ? await labelled.getAttribute('aria-label') : await status.getAttribute('aria-label');
    assert.match(aria ?? '', /^Tool Search: tools mode, \d+ tools in the catalog\. Click to open the catalog view\.$/);
    assert.doesNotMatch(aria ?? '', /&nbsp;/);
    await page.screenshot({ path: path.join(resultsDir(), 'other-folder.png') });
  });
});
