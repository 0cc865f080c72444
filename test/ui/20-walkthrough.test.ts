import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { demoWindow, resultsDir, runCommand, runExactCommand, type Page } from './harness';

// The first-run walkthrough (issue 44), in the real workbench: it is reached
// from the palette (Welcome: Open Walkthrough...), and each step is completed
// by doing what it asks, as VS Code's own walkthroughs are, never by a click
// on the step itself.
const TITLE = 'Get Started with Tool Search Inspector';

async function openWalkthrough(page: Page): Promise<void> {
  await runExactCommand(page, 'Welcome: Open Walkthrough...');
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ hasText: TITLE }).first();
  await row.waitFor({ timeout: 30_000 });
  await row.click();
  await page.locator('.gettingStartedContainer button.getting-started-step').first().waitFor({ timeout: 30_000 });
}

const STEP = (id: string): string => `.gettingStartedContainer button.getting-started-step[data-step-id$="#${id}"]`;

function step(page: Page, id: string) {
  return page.locator(STEP(id));
}

/** The step's check, after the walkthrough is brought back (a panel the step opened may have covered it). */
async function done(page: Page, id: string): Promise<boolean> {
  await page.keyboard.press('Escape');
  await openWalkthrough(page);
  return page.locator(`${STEP(id)}[aria-checked="true"]`).waitFor({ timeout: 15_000 }).then(() => true, () => false);
}

describe('the first-run walkthrough', () => {
  let page: Page;

  demoWindow({ shot: 'walkthrough', closeEditors: true }, (w) => ({ page } = w));

  it('opens from the palette with its six steps, and each is completed by doing it', async () => {
    await openWalkthrough(page);
    const steps = page.locator('.gettingStartedContainer button.getting-started-step');
    const ids: string[] = [];
    for (let i = 0; i < (await steps.count()); i++) ids.push(((await steps.nth(i).getAttribute('data-step-id')) ?? '').split('#').pop() ?? '');
    assert.deepEqual(ids, ['openConfig', 'trust', 'modePreview', 'runSnippet', 'explain', 'capture']);
    // The demo window is trusted: that step is done by the trust itself.
    assert.ok(await done(page, 'trust'), 'the trust step is checked in a trusted folder');
    for (const id of ['openConfig', 'modePreview', 'runSnippet', 'explain']) {
      assert.equal(await step(page, id).getAttribute('aria-checked'), 'false', `${id} starts unchecked`);
    }
    await page.screenshot({ path: path.join(resultsDir(), 'walkthrough.png') });

    await runCommand(page, 'Tool Search: Create Starter openclaw.json');
    await page.locator('.tabs-container .tab').filter({ hasText: 'openclaw.json' }).first().waitFor({ timeout: 30_000 });
    assert.ok(await done(page, 'openConfig'), 'opening openclaw.json checks its step');

    await runCommand(page, 'Tool Search: Open Mode Preview');
    await page.locator('.tabs-container .tab').filter({ hasText: /Mode Preview/ }).first().waitFor({ timeout: 30_000 });
    assert.ok(await done(page, 'modePreview'), 'opening Mode Preview checks its step');

    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill('find-and-call.toolsearch.js');
    await page.locator('.quick-input-list .monaco-list-row.focused').filter({ hasText: 'find-and-call.toolsearch.js' }).first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab.active').filter({ hasText: 'find-and-call.toolsearch.js' }).first().waitFor({ timeout: 30_000 });
    await runCommand(page, 'Tool Search: Run Bridge Snippet');
    await page.locator('.tabs-container .tab').filter({ hasText: /Bridge Trace/ }).first().waitFor({ timeout: 60_000 });
    assert.ok(await done(page, 'runSnippet'), 'running a snippet checks its step');

    await runCommand(page, 'Tool Search: Explain Tool…');
    await page.locator('.quick-input-widget input').waitFor({ state: 'visible', timeout: 30_000 });
    await page.keyboard.press('Escape');
    assert.ok(await done(page, 'explain'), 'asking Explain checks its step');

    await runCommand(page, 'Tool Search: Capture the Real Request');
    // The turns are not this test's subject: cancel them if they started.
    const cancel = page.locator('.notifications-toasts .monaco-button').filter({ hasText: /^Cancel$/ }).first();
    if (await cancel.waitFor({ timeout: 10_000 }).then(() => true, () => false)) await cancel.click().catch(() => undefined);
    assert.ok(await done(page, 'capture'), 'capturing the real request checks its step');
    await page.screenshot({ path: path.join(resultsDir(), 'walkthrough-done.png') });
  });
});
