import * as path from 'node:path';
import { resultsDir, restrictedWindow, widenSideBar, type Page } from './harness';

// Workspace Trust as a user meets it: the prompt on opening the folder,
// "No", then restricted mode. The catalog still shows what configs and
// snapshots declare, says that servers and plugin code are off, and why.
describe('untrusted workspace', () => {
  let page: Page;

  // The run's window in Restricted Mode (the trust prompt answered "No" as it opened).
  restrictedWindow({ shot: 'untrusted' }, (w) => ({ page } = w));

  it('reads configs and snapshots, starts no MCP server, and says how to trust', async () => {
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
