import * as path from 'node:path';
import { launchBrowser, openRestricted, resultsDir, widenSideBar, type Browser, type Page } from './harness';

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
    page = await openRestricted(browser);
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
