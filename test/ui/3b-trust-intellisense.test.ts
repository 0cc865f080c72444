import * as fs from 'node:fs';
import * as path from 'node:path';
import * as assert from 'node:assert/strict';
import { env, launchBrowser, openRestricted, quickOpenFile, resultsDir, runCommand, type Browser, type Page } from './harness';
import { openWalkthrough, stepDone, stepSelector } from './walkthrough';

// Issue 30, item 2: a folder first opened in Restricted Mode and then trusted
// gets bridge-snippet IntelliSense without a window reload. Runs after
// 3-untrusted (file order), on the same Workspace Trust server, and leaves
// the folder trusted there; no later test uses that server.
const SNIPPET = 'find-and-call.toolsearch.js';
// The web workbench may save the typed line on its own (files.autoSave) before
// the revert: the demo's file on disk is put back whatever happens.
const SNIPPET_FILE = () => path.join(env('TSI_WORKSPACE'), 'snippets', SNIPPET);

async function openSnippet(p: Page) {
  await quickOpenFile(p, SNIPPET);
  const editor = p.locator(`.editor-group-container:has(.tab.active:has-text("${SNIPPET}"))`).first();
  await editor.waitFor({ timeout: 30_000 });
  return editor;
}

describe('untrusted, then trusted: bridge IntelliSense without a reload', () => {
  let browser: Browser | undefined;
  let page: Page | undefined;
  const original = fs.readFileSync(SNIPPET_FILE(), 'utf8');

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      await page.screenshot({ path: path.join(resultsDir(), 'failed-trust-intellisense.png') }).catch(() => undefined);
    }
  });

  after(async () => {
    await browser?.close();
    if (fs.readFileSync(SNIPPET_FILE(), 'utf8') !== original) {
      fs.writeFileSync(SNIPPET_FILE(), original);
    }
  });

  it('trusting the folder brings openclaw.tools completions to a snippet that is already open', async () => {
    browser = await launchBrowser();
    const p = (page = await openRestricted(browser));
    // The first-run walkthrough's trust step (issue 44) is checked by trusting the folder, nothing else.
    await openWalkthrough(p);
    assert.equal(await p.locator(stepSelector('trust')).getAttribute('aria-checked'), 'false', "the walkthrough's trust step is unchecked while restricted");
    // The snippet is open (and its JavaScript service started) while the folder is still restricted.
    const editor = await openSnippet(p);

    await runCommand(p, 'Workspaces: Manage Workspace Trust');
    const trust = p.locator('.workspace-trust-editor .monaco-button').filter({ hasText: /^Trust$/ }).first();
    await trust.click({ timeout: 30_000 });
    await p.locator('.statusbar-item').filter({ hasText: 'Restricted Mode' }).first().waitFor({ state: 'hidden', timeout: 30_000 });
    // The trust editor took the group's active tab: back to the snippet, as a user would.
    await openSnippet(p);

    await editor.locator('.view-lines .view-line').first().click({ position: { x: 4, y: 4 } });
    await p.keyboard.press('Control+End');
    await p.keyboard.press('Enter');
    await p.keyboard.type('openclaw.tools.se');
    const row = p.locator('.suggest-widget .monaco-list-row').filter({ hasText: /^search/ }).first();
    // The JavaScript service may still be (re)starting: ask again until it answers, for up to two minutes.
    for (let i = 0; ; i++) {
      if (await row.waitFor({ timeout: 10_000 }).then(() => true, () => false)) {
        break;
      }
      if (i === 11) {
        throw new Error('no "search" completion for openclaw.tools.se after trusting the folder');
      }
      await p.keyboard.press('Escape');
      await p.keyboard.press('Control+Space');
    }
    await p.keyboard.press('Escape');
    await runCommand(p, 'File: Revert File');
    assert.ok(await stepDone(p, 'trust'), "trusting the folder checked the walkthrough's trust step");
    await p.screenshot({ path: path.join(resultsDir(), 'walkthrough-trust.png') });
  });
});
