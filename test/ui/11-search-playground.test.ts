import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { catalogWebview, demoWindow, resultsDir, runCommand, type Page } from './harness';

// The Search Playground and the search tests as a user meets them on the
// demo: a query over the real index with the configured limit (8), the hits
// as the model gets them, "why not" for a tool ranked below the limit, then
// the demo's `.openclaw/tool-search.tests.json` run from the Testing view,
// where one test passes and one fails on purpose.
const QUERY = 'fake plugin tool';
const BELOW = 'openclaw:fake-plugin:fake_plugin_tool_17';

describe('Search Playground and search tests', () => {
  let page: Page;

  demoWindow({ shot: 'search-playground' }, (w) => ({ page } = w));

  it('runs a query in the playground, shows the hits as the model gets them, and explains a tool ranked below the limit', async () => {
    await runCommand(page, 'Tool Search: Open Search Playground');
    const view = catalogWebview(page);
    const query = view.locator('[data-testid="query"]');
    await query.waitFor({ timeout: 90_000 });
    await view.locator('[data-testid="empty"]').waitFor();
    await query.fill(QUERY);
    await query.press('Enter');
    const rows = view.locator('[data-testid="hits-row"]');
    await rows.first().waitFor({ timeout: 60_000 });
    assert.equal(await rows.count(), 8, 'the demo\'s configured limit');
    assert.match(await view.locator('[data-testid="summary"]').innerText(), /8 hits for "fake plugin tool" \(limit 8\)/);
    // The compact JSON is what the model receives: the same tools, in the same order. Read again while the
    // page redraws (a catalog rebuild when the MCP servers answer re-runs the query): two reads that agree.
    let json: { id: string; input: string }[] = [];
    let ids: string[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      json = JSON.parse((await view.locator('[data-testid="json"]').textContent()) ?? '[]') as { id: string; input: string }[];
      ids = [];
      for (let i = 0; i < 8; i++) {
        ids.push((await rows.nth(i).getAttribute('data-id')) ?? '');
      }
      if (JSON.stringify(json.map((h) => h.id)) === JSON.stringify(ids)) break;
      await page.waitForTimeout(500);
    }
    assert.deepEqual(json.map((h) => h.id), ids);
    assert.ok(json.every((h) => typeof h.input === 'string'));
    // The query terms read as the words typed ("fake"), the stem the index searches ("fak") beside them.
    const term = view.locator('[data-testid="summary"] [data-testid="query-term"]').first();
    assert.match(await term.innerText(), /^fake stem fak$/);
    // Each hit says which terms matched in which field.
    assert.match(await rows.first().innerText(), /fake stem fak[\s\S]*name/);

    await view.locator('[data-testid="tool-picker"]').selectOption(BELOW);
    await view.locator('[data-testid="why-not"]').click();
    const verdict = view.locator('[data-testid="verdict"]');
    await verdict.waitFor({ timeout: 60_000 });
    const m = /fake_plugin_tool_17 ranks #(\d+), below the limit of 8/.exec(await verdict.innerText());
    assert.ok(m && Number(m[1]) > 8, await verdict.innerText());
    assert.ok((await view.locator('[data-testid="above-row"]').count()) > 0, 'the tools above it are listed');
    assert.match(await view.locator('[data-testid="suggestions"]').innerText(), /matches every query word/);
    // The demo's session logs suggest words for it (learned from real searches).
    await view.locator('[data-testid="learned"]').waitFor({ timeout: 60_000 });
    assert.match(await view.locator('[data-testid="learned-added"]').innerText(), /^Related: /);
    // Clicking the verdict scrolls the explanation into view for the picture.
    await verdict.click();
    await page.screenshot({ path: path.join(resultsDir(), 'search-playground.png') });
    await runCommand(page, 'View: Close All Editors');
  });

  it('runs the demo\'s search tests from the Testing view: one passes, one fails', async () => {
    await runCommand(page, 'Testing: Focus on Test Explorer View');
    const explorer = page.locator('.test-explorer');
    await explorer.waitFor({ timeout: 30_000 });
    const fileRow = explorer.locator('.monaco-list-row').filter({ hasText: 'tool-search.tests.json' }).first();
    await fileRow.waitFor({ timeout: 60_000 });
    await runCommand(page, 'Test: Run All Tests');
    const failing = explorer.locator('.monaco-list-row').filter({ hasText: 'track a parcel for a customer' }).first();
    // The explorer reveals failures; expand the file by hand when it does not.
    if (!(await failing.waitFor({ timeout: 20_000 }).then(() => true, () => false))) {
      await fileRow.click();
      await page.keyboard.press('ArrowRight');
      await failing.waitFor({ timeout: 30_000 });
    }
    const passing = explorer.locator('.monaco-list-row').filter({ hasText: 'append to a shared note' }).first();
    await passing.waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    assert.match((await failing.getAttribute('aria-label')) ?? '', /fail/i);
    assert.match((await passing.getAttribute('aria-label')) ?? '', /pass/i);
    // The failure message, as the peek shows it: the rank found and the why-not (best effort, for the picture).
    await failing.click();
    await runCommand(page, 'Test: Peek Output').catch(() => undefined);
    await page.locator('.monaco-workbench').filter({ hasText: /lacks the query words/ }).first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    await page.screenshot({ path: path.join(resultsDir(), 'search-tests.png') });
  });
});
