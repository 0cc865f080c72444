import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { assertContrastInThemes, catalogWebview, demoWindow, env, resultsDir, runCommand, type Page } from './harness';

// A baseline as a user keeps one: save it, edit the config (one more deny
// rule), see the status bar mark, and read the change in the Catalog Diff
// panel with the rule that made it, reachable from the keyboard.
const DENIED = 'fake_plugin_tool_17';
const DENIED_ID = `openclaw:fake-plugin:${DENIED}`;

async function waitForFile(file: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!fs.existsSync(file)) {
    if (Date.now() > until) {
      throw new Error(`${file} was never written`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('Catalog baseline and diff panel', () => {
  let page: Page;
  const workspace = env('TSI_WORKSPACE');
  const configFile = path.join(workspace, 'openclaw.json');
  const baselineFile = path.join(workspace, '.openclaw', 'catalog-baseline.json');
  let original = '';

  demoWindow({
    shot: 'catalog-baseline',
    setUp: () => {
      original = fs.readFileSync(configFile, 'utf8');
      fs.rmSync(baselineFile, { force: true });
    },
    // The demo folder is the repository's: put it back as it was.
    tearDown: () => {
      fs.writeFileSync(configFile, original);
      fs.rmSync(baselineFile, { force: true });
    },
  }, (w) => ({ page } = w));

  it('saves a baseline, marks the status bar after a config edit, and shows the newly denied tool with its rule', async function () {
    this.timeout(300_000);
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Tool Search: Save Catalog Baseline');
    await waitForFile(baselineFile, 120_000);
    const saved = JSON.parse(fs.readFileSync(baselineFile, 'utf8')) as { format: string; tools: { id: string; status: string }[] };
    assert.equal(saved.format, 'tool-search-inspector/catalog-snapshot');
    assert.equal(saved.tools.find((t) => t.id === DENIED_ID)?.status, 'cataloged');

    const edited = original.replace(/deny: \["gateway", "nodes", "fake_plugin_tool_36"\]/, `deny: ["gateway", "nodes", "fake_plugin_tool_36", "${DENIED}"]`);
    assert.notEqual(edited, original, 'the demo config has the deny list this test edits');
    fs.writeFileSync(configFile, edited);
    const denyLine = edited.split('\n').findIndex((l) => l.includes(`"${DENIED}"`)) + 1;

    // The watcher rebuilds the catalog; the mark appears once it differs from the baseline.
    const mark = page.locator('.statusbar-item').filter({ hasText: 'Catalog changed' }).first();
    await mark.waitFor({ timeout: 90_000 });
    await mark.click();

    const view = catalogWebview(page);
    const row = view.locator(`[data-testid="tool-excluded"][data-id="${DENIED_ID}"]`);
    await row.waitFor({ timeout: 60_000 });
    assert.match(await row.innerText(), new RegExp(`cataloged → excluded[\\s\\S]*deny "${DENIED}"[\\s\\S]*openclaw\\.json:${denyLine}`));
    assert.match(await view.locator('[data-testid="summary"]').innerText(), /1 newly excluded/);
    // Direct mode sends one schema fewer.
    assert.match(await view.locator('[data-testid="mode-direct"] [data-testid="tokens-delta"]').innerText(), /^\(-\d/);
    assert.match(await view.locator('[data-testid="mode-direct"]').innerText(), new RegExp(`−${DENIED}`));
    await page.screenshot({ path: path.join(resultsDir(), 'catalog-diff.png') });
    await assertContrastInThemes(page, view, 'catalog diff');

    // Keyboard: the rule's location is a button; Enter opens the config at that line.
    await view.locator('[data-testid="rule-link"]').first().focus();
    await page.keyboard.press('Enter');
    await page.locator('.tab.active').filter({ hasText: 'openclaw.json' }).first().waitFor({ timeout: 30_000 });

    // Saving the current catalog as the baseline clears the mark.
    await runCommand(page, 'Tool Search: Save Catalog Baseline');
    await mark.waitFor({ state: 'hidden', timeout: 60_000 });
  });
});
