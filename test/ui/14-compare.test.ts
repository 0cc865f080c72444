import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { catalogWebview, env, launchBrowser, openWorkbench, resultsDir, runCommand, workbenchUrl, type Browser, type Page } from './harness';

// Compare as a user meets it on the demo: one command runs the same turn in
// direct mode and with Tool Search against the mock provider, and the panel
// shows both lanes side by side with every check passing; a lane's session
// log opens from the keyboard (in the session viewer when it is installed).
describe('Compare in the editor', () => {
  let browser: Browser;
  let page: Page;

  before(async () => {
    browser = await launchBrowser();
    page = await openWorkbench(browser, workbenchUrl(env('TSI_VSCODE_URL')));
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      await page.screenshot({ path: path.join(resultsDir(), 'failed-compare.png') }).catch(() => undefined);
    }
  });

  after(async () => {
    await browser?.close();
  });

  it('runs both lanes with the mock provider, all checks passing, lanes side by side; progress and cancel from the keyboard; each lane openable', async () => {
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Tool Search: Compare Direct Mode and Tool Search');

    const view = catalogWebview(page);
    const summary = view.locator('[data-testid="summary"]');
    await summary.waitFor({ timeout: 180_000 });
    const text = await summary.innerText();
    const m = /(\d+)\/(\d+) checks pass \(mock provider/.exec(text);
    assert.ok(m, text);
    assert.equal(m[1], m[2], text);
    assert.ok(Number(m[2]) >= 7, text);
    assert.equal(await view.locator('[data-testid="check-fail"]').count(), 0);

    // Side by side: same top, the Tool Search lane to the right of the direct one.
    const direct = view.locator('[data-testid="lane-direct"]');
    const toolSearch = view.locator('[data-testid="lane-toolSearch"]');
    const a = await direct.boundingBox();
    const b = await toolSearch.boundingBox();
    assert.ok(a && b, 'both lanes are drawn');
    assert.ok(Math.abs(a.y - b.y) < 2 && b.x > a.x + a.width / 2, `lanes at ${JSON.stringify(a)} and ${JSON.stringify(b)}`);
    // Each lane shows bytes and o200k tokens of its first request, and its trace.
    for (const lane of [direct, toolSearch]) {
      assert.match(await lane.locator('[data-testid="bytes"]').innerText(), /Bytes\s+[\d,]+\s+[\d,]+\s+[\d,]+/);
      assert.match(await lane.locator('[data-testid="tokens"]').innerText(), /o200k tokens\s+[\d,]+\s+[\d,]+\s+[\d,]+/);
      assert.match(await lane.locator('[data-testid="final-tool"]').innerText(), /fake_plugin_tool_17/);
      assert.ok((await lane.locator('[data-testid="step-turn-start"]').count()) === 1);
    }
    await page.screenshot({ path: path.join(resultsDir(), 'compare.png') });

    // From the keyboard: Run shows progress, Cancel stops it with one message and no stale result.
    const run = view.locator('[data-testid="run"]');
    await run.focus();
    await page.keyboard.press('Enter');
    await view.locator('[data-testid="status"] progress').waitFor({ timeout: 30_000 });
    const cancel = view.locator('[data-testid="cancel"]');
    await cancel.focus();
    await page.keyboard.press('Enter');
    await view.locator('[data-testid="cancelled"]').waitFor({ timeout: 30_000 });
    assert.equal(await view.locator('[data-testid="summary"]').count(), 0, 'the earlier result is not shown as if it were this run');
    assert.equal(await view.locator('[data-testid="error"]').count(), 0);

    // Run again to completion (the lane buttons below belong to this run).
    await run.focus();
    await page.keyboard.press('Enter');
    await summary.waitFor({ timeout: 180_000 });
    assert.match(await summary.innerText(), /(\d+)\/\1 checks pass/);

    // Keyboard: the Tool Search lane's log button, reached by focus and opened with Enter.
    const open = toolSearch.locator('[data-testid="open-session"]');
    const label = await open.innerText();
    await open.focus();
    await page.keyboard.press('Enter');
    if (/Session Viewer/.test(label)) {
      // The traces helper's viewer opens its own tab.
      await page.locator('.tab.active').filter({ hasText: /session|toolSearch/i }).first().waitFor({ timeout: 30_000 });
    } else {
      await page.locator('.tab.active').filter({ hasText: 'toolSearch.jsonl' }).first().waitFor({ timeout: 30_000 });
    }
  });
});
