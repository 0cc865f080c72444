import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { catalogWebview, env, launchBrowser, openWorkbench, resultsDir, runCommand, widenSideBar, workbenchUrl, type Browser, type Locator, type Page } from './harness';

// Issue 14 as a user meets it on the demo: from an excluded tool in the tree,
// Go to Rule lands on the rule's line and column (inline action and context
// menu); Explain is a rendered view whose quick fix brings the tool back
// without a refresh, and Undo takes it away again; a config that stops
// parsing shows the stale state, which clears when it parses again.

/** 1-based line and column of `needle` in `text`. */
function position(text: string, needle: string): { line: number; column: number } {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `"${needle}" not in the text`);
  const before = text.slice(0, i);
  return { line: before.split('\n').length, column: i - before.lastIndexOf('\n') };
}

describe('Rules: Go to Rule, Explain view, quick fix, stale', () => {
  let browser: Browser;
  let page: Page;
  const configFile = path.join(env('TSI_WORKSPACE'), 'openclaw.json');
  const original = fs.readFileSync(configFile, 'utf8');

  const tree = () => page.locator('.pane-body .monaco-list-row');
  const cursor = () => page.locator('.statusbar-item').filter({ hasText: /^Ln \d+, Col \d+/ }).first();

  async function excludedRow(name: RegExp): Promise<Locator> {
    const row = tree().filter({ hasText: name }).first();
    if (!(await row.isVisible().catch(() => false))) {
      await tree().filter({ hasText: /^Excluded/ }).first().click();
    }
    await row.waitFor({ timeout: 30_000 });
    return row;
  }

  async function cursorAt(at: { line: number; column: number }): Promise<void> {
    const want = `Ln ${at.line}, Col ${at.column}`;
    await page.locator('.statusbar-item').filter({ hasText: want }).first().waitFor({ timeout: 20_000 }).catch(async () => {
      assert.fail(`cursor at "${(await cursor().textContent()) ?? '?'}", expected "${want}"`);
    });
    assert.match((await page.locator('.tab.active').first().innerText()).replace(/\s+/g, ''), /openclaw\.json/);
  }

  before(async () => {
    browser = await launchBrowser();
    page = await openWorkbench(browser, workbenchUrl(env('TSI_VSCODE_URL')));
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      await page.screenshot({ path: path.join(resultsDir(), 'failed-rules.png') }).catch(() => undefined);
    }
  });

  after(async () => {
    // Whatever happened, the demo config is left as it was.
    if (fs.readFileSync(configFile, 'utf8') !== original) {
      fs.writeFileSync(configFile, original);
    }
    await browser?.close();
  });

  it('Go to Rule (inline action) on an excluded tool lands on the deny entry\'s line and column', async () => {
    await page.locator('.activitybar .action-item a[aria-label^="Tool Search Inspector"]').first().click();
    await tree().filter({ hasText: 'Excluded' }).first().waitFor({ timeout: 90_000 });
    await widenSideBar(page, 560);
    const gateway = await excludedRow(/gateway.*deny/);
    await gateway.hover();
    await gateway.locator('.action-label[aria-label="Go to Rule"]').click();
    await cursorAt(position(original, '"gateway"'));
  });

  it('Go to Rule from the context menu lands on the disabled plugin\'s entry', async () => {
    const crm = await excludedRow(/crm_lookup/);
    await crm.click({ button: 'right' });
    await page.locator('.context-view .action-label').filter({ hasText: /^Go to Rule$/ }).first().click();
    await cursorAt(position(original, 'enabled: false'));
  });

  it('Explain renders the decision chain with links; the quick fix brings the tool back, and Undo excludes it again', async () => {
    const gateway = await excludedRow(/gateway.*deny/);
    await gateway.click();
    const view = catalogWebview(page);
    await view.locator('[data-testid="chain"]').first().waitFor({ timeout: 30_000 });
    assert.equal(await view.locator('[data-testid="status"]').first().innerText(), 'excluded');
    const rule = view.locator('[data-testid="rule-link"]').first();
    const at = position(original, '"gateway"');
    assert.equal(await rule.innerText(), `openclaw.json:${at.line}:${at.column} tools.deny[0]`);
    assert.ok((await view.locator('[data-testid="step-policy"]').count()) > 0, 'the policy layers are listed');
    assert.equal(await view.locator('[data-testid="apply-fix"]').first().innerText().then((t) => t.trim()), 'Remove "gateway" from tools.deny');
    await page.screenshot({ path: path.join(resultsDir(), 'explain-view.png') });

    await view.locator('[data-testid="apply-fix"]').first().click();
    await view.locator('[data-testid="status"]').filter({ hasText: /^cataloged$/ }).first().waitFor({ timeout: 90_000 });
    assert.doesNotMatch(fs.readFileSync(configFile, 'utf8'), /"gateway"/, 'the deny entry is gone from the file');
    await view.locator('[data-testid="undo-fix"]').first().click();
    await view.locator('[data-testid="status"]').filter({ hasText: /^excluded$/ }).first().waitFor({ timeout: 90_000 });
    assert.equal(fs.readFileSync(configFile, 'utf8'), original, 'Undo restored the file exactly');
  });

  it('the Effective Catalog links an excluded tool\'s rule from its reason cell to the deny entry', async () => {
    // Only the catalog's webview open, so the frame locator finds it alone.
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Tool Search: Open Effective Catalog');
    const view = catalogWebview(page);
    await view.locator('[data-testid="catalog-size"]').waitFor({ timeout: 60_000 });
    await view.locator('#filter').fill('gateway');
    const row = view.locator('tr[data-tool-id="openclaw:core:gateway"]');
    await row.waitFor({ timeout: 30_000 });
    const at = position(original, '"gateway"');
    const link = row.locator('[data-testid="rule-link"]');
    assert.equal(await link.innerText(), `openclaw.json:${at.line}:${at.column} tools.deny[0]`);
    assert.match(await row.locator('td.reason').innerText(), /denied by tools\.deny/);
    await link.click();
    await cursorAt(at);
  });

  it('a config that stops parsing shows the stale state (tree, status bar, notification, catalog banner) and clears it when it parses again', async () => {
    fs.writeFileSync(configFile, original.replace('"fake_plugin_tool_36"],', '"fake_plugin_tool_36",'));
    const stale = tree().filter({ hasText: 'Stale: the config does not parse' }).first();
    await stale.waitFor({ timeout: 60_000 });
    assert.match(await stale.innerText(), /openclaw\.json:\d+:\d+/);
    await page.locator('.statusbar-item').filter({ hasText: /code · \d+ \(stale\)/ }).first().waitFor({ timeout: 20_000 });
    // One notification: a toast, or (when the workbench holds toasts back) an entry in the notification center.
    const toast = page.locator('.notifications-toasts .notification-toast').filter({ hasText: /does not parse/ }).first();
    if (!(await toast.waitFor({ timeout: 8_000 }).then(() => true, () => false))) {
      await runCommand(page, 'Notifications: Show Notifications');
      await page.locator('.notifications-center .monaco-list-row').filter({ hasText: /does not parse/ }).first().waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
    }
    await page.screenshot({ path: path.join(resultsDir(), 'stale-config.png') });
    // The catalog panel says so too, and its link lands on the parse error.
    await runCommand(page, 'Tool Search: Open Effective Catalog');
    const banner = catalogWebview(page).locator('[data-testid="stale"]');
    await banner.waitFor({ timeout: 30_000 });
    assert.match(await banner.innerText(), /does not parse: this is the last good catalog/);
    const where = /openclaw\.json:(\d+):(\d+)/.exec(await banner.locator('[data-testid="stale-link"]').innerText());
    assert.ok(where, 'the banner names the file, line and column');
    await banner.locator('[data-testid="stale-link"]').click();
    await cursorAt({ line: Number(where[1]), column: Number(where[2]) });
    fs.writeFileSync(configFile, original);
    await stale.waitFor({ state: 'hidden', timeout: 60_000 });
    const status = page.locator('.statusbar-item').filter({ hasText: /code · \d+/ }).first();
    for (let i = 0; /\(stale\)/.test(await status.innerText()); i++) {
      assert.ok(i < 100, 'the status bar still says stale');
      await page.waitForTimeout(200);
    }
  });
});
