import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { catalogWebview, env, launchBrowser, openWorkbench, resultsDir, runCommand, workbenchUrl, type Browser, type Page } from './harness';

// Bridge snippets as a user writes them: IntelliSense from VS Code's own
// JavaScript service (through the extension's TypeScript server plugin),
// tool ids from the catalog, the run CodeLens, errors on their lines, and a
// re-run from the trace panel that runs the snippet that ran, not the
// editor that happens to be visible. The files are written into the demo
// folder for this test and removed after it.

const FILES: Record<string, string> = {
  'ui-complete.toolsearch.js': '// IntelliSense in a snippet file\n',
  'ui-syntax.toolsearch.js': ['const hits = await openclaw.tools.search("flags");', '', 'const broken = ;', 'return hits;', ''].join('\n'),
  'ui-throw.toolsearch.js': ['const d = await openclaw.tools.describe("fake_plugin_tool_17");', 'console.log("described", d.name);', 'if (d.name) {', '  throw new Error("boom " + d.name);', '}', ''].join('\n'),
};

const dir = () => path.join(env('TSI_WORKSPACE'), 'snippets');

/** Opens a file in the first editor group (the trace panel opens beside it and may have focus). */
async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+1');
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill(name);
  await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: name }).first().waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active').filter({ hasText: name }).first().waitFor({ timeout: 30_000 });
}

/** The active editor's lines (Monaco renders spaces as no-break spaces: compare with \s). */
function activeLines(page: Page) {
  return page.locator('.editor-group-container.active .editor-instance .view-lines').first();
}

/** A suggest-widget row; the JavaScript service may still be starting, so ask again until it answers. */
async function suggestion(page: Page, text: string | RegExp): Promise<void> {
  const row = page.locator('.suggest-widget .monaco-list-row').filter({ hasText: text }).first();
  for (let i = 0; i < 8; i++) {
    if (await row.waitFor({ timeout: 10_000 }).then(() => true, () => false)) {
      return;
    }
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Space');
  }
  throw new Error(`no suggestion ${String(text)}`);
}

async function problemRow(page: Page, text: RegExp): Promise<string> {
  await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
  const row = page.locator('.markers-panel .monaco-list-row').filter({ hasText: text }).first();
  await row.waitFor({ timeout: 60_000 });
  return row.innerText();
}

async function runLens(page: Page): Promise<void> {
  const lens = page.locator('.editor-group-container.active .codelens-decoration a').filter({ hasText: 'Run in Tool Search sandbox' }).first();
  await lens.waitFor({ timeout: 30_000 });
  await lens.click();
}

/** The "run #n" the last-run lens of the active editor names. */
async function lastRunId(page: Page): Promise<number> {
  const lens = page.locator('.editor-group-container.active .codelens-decoration a').filter({ hasText: /run #\d+/ }).first();
  await lens.waitFor({ timeout: 30_000 });
  return Number(/run #(\d+)/.exec(await lens.innerText())?.[1]);
}

describe('Bridge snippets in the editor', () => {
  let browser: Browser;
  let page: Page;

  before(async () => {
    fs.mkdirSync(dir(), { recursive: true });
    for (const [name, text] of Object.entries(FILES)) {
      fs.writeFileSync(path.join(dir(), name), text);
    }
    browser = await launchBrowser();
    page = await openWorkbench(browser, workbenchUrl(env('TSI_VSCODE_URL')));
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      await page.screenshot({ path: path.join(resultsDir(), 'failed-snippets.png') }).catch(() => undefined);
    }
  });

  after(async () => {
    await browser?.close();
    for (const name of Object.keys(FILES)) {
      fs.rmSync(path.join(dir(), name), { force: true });
    }
  });

  it('completes openclaw.tools.se from the shipped declarations and a tool id inside call("', async () => {
    await openFile(page, 'ui-complete.toolsearch.js');
    await activeLines(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('const hits = await openclaw.tools.se');
    await suggestion(page, /^search/);
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('(');
    await page.keyboard.press('Escape');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('await openclaw.tools.call("');
    await suggestion(page, 'openclaw:fake-plugin:fake_plugin_tool_17');
    await page.keyboard.type('fake_plugin_tool_17');
    await suggestion(page, 'openclaw:fake-plugin:fake_plugin_tool_17');
    await page.keyboard.press('Enter');
    const text = await activeLines(page).innerText();
    assert.match(text, /openclaw\.tools\.search\(/);
    assert.match(text, /openclaw\.tools\.call\("openclaw:fake-plugin:fake_plugin_tool_17"/);
    await runCommand(page, 'View: Revert and Close Editor');
  });

  it('runs from the CodeLens; a syntax error and a thrown error land as diagnostics on their lines', async () => {
    await openFile(page, 'ui-syntax.toolsearch.js');
    await runLens(page);
    assert.match(await problemRow(page, /does not compile/), /\[Ln 3, Col 1\]/);

    await openFile(page, 'ui-throw.toolsearch.js');
    await runLens(page);
    assert.match(await problemRow(page, /boom fake_plugin_tool_17/), /\[Ln 4, Col 1\]/);
    await page.keyboard.press('Control+1');
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(resultsDir(), 'snippet-editor.png') });
  });

  it('re-runs the snippet that ran, not the editor that is visible, when the trace panel has focus', async () => {
    await openFile(page, 'ui-throw.toolsearch.js');
    const before = await lastRunId(page);
    // Another snippet becomes the visible editor, then the trace panel takes focus.
    await openFile(page, 'ui-syntax.toolsearch.js');
    const syntaxRun = await lastRunId(page);
    await catalogWebview(page).locator('body').click();
    await runCommand(page, 'Tool Search: Run Bridge Snippet');
    await openFile(page, 'ui-throw.toolsearch.js');
    let after = before;
    for (let i = 0; i < 60 && after === before; i++) {
      await page.waitForTimeout(500);
      after = await lastRunId(page);
    }
    assert.ok(after > before, `ui-throw ran again (run #${before} -> #${after})`);
    await openFile(page, 'ui-syntax.toolsearch.js');
    assert.equal(await lastRunId(page), syntaxRun, 'the visible editor did not run');
  });
});
