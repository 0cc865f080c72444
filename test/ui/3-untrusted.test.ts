import * as path from 'node:path';
import { env, launchBrowser, openWorkbench, resultsDir, widenSideBar, workbenchUrl, type Browser, type Page } from './harness';

// Workspace Trust as a user meets it: the prompt on opening the folder,
// "No", then restricted mode. The catalog still shows what configs and
// snapshots declare, says that servers and plugin code are off, and why.
describe('untrusted workspace', () => {
  let browser: Browser | undefined;
  let page: Page | undefined;

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      await page.screenshot({ path: path.join(resultsDir(), 'failed-untrusted.png') }).catch(() => undefined);
    }
  });

  after(async () => {
    await browser?.close();
  });

  it('reads configs and snapshots, starts no MCP server, and says how to trust', async () => {
    browser = await launchBrowser();
    page = await openWorkbench(browser, workbenchUrl(env('TSI_VSCODE_UNTRUSTED_URL')));
    // The web workbench may ask first or open straight in Restricted Mode.
    const no = page.locator('.monaco-dialog-box .monaco-button').filter({ hasText: /No, I don.t trust/ }).first();
    const restricted = page.locator('.statusbar-item').filter({ hasText: 'Restricted Mode' }).first();
    // Both waits settle (the loser with 'none'), so neither leaves an unhandled rejection.
    const first = await Promise.race([
      no.waitFor({ timeout: 60_000 }).then(() => 'prompt', () => 'none'),
      restricted.waitFor({ timeout: 60_000 }).then(() => 'restricted', () => 'none'),
    ]);
    if (first === 'prompt') {
      await no.click();
    }
    await restricted.waitFor();
    // The status bar item is the other way in: it opens the catalog view.
    await page.locator('.statusbar-item[id$="toolSearchInspector.status"] a, .statusbar-item[id$="toolSearchInspector.status"]').first().click();
    const tree = page.locator('.pane-body .monaco-list-row');
    await tree.filter({ hasText: 'Workspace not trusted: MCP servers and plugin code are off' }).first().waitFor({ timeout: 60_000 });
    await tree.filter({ hasText: 'everything: not started' }).first().waitFor();
    await tree.filter({ hasText: /github.*9 tools · snapshot/ }).first().waitFor();
    await widenSideBar(page, 560);
    await page.screenshot({ path: path.join(resultsDir(), 'untrusted.png') });
  });
});
