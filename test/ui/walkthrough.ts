// The first-run walkthrough as the UI tests reach it: from the palette, as a user does.
import type { Page } from './harness';
import { runCommand } from './harness';

export const WALKTHROUGH_TITLE = 'Get Started with Tool Search Inspector';

export const stepSelector = (id: string): string => `.gettingStartedContainer button.getting-started-step[data-step-id$="#${id}"]`;

export async function openWalkthrough(page: Page): Promise<void> {
  // runCommand retries the palette: focus may sit in a webview that a step opened.
  await runCommand(page, 'Welcome: Open Walkthrough...');
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ hasText: WALKTHROUGH_TITLE }).first();
  await row.waitFor({ timeout: 30_000 });
  await row.click();
  await page.locator('.gettingStartedContainer button.getting-started-step').first().waitFor({ timeout: 30_000 });
  // The page moves focus to its selected step once it has drawn; a quick input
  // opened before that would be closed under the next keystrokes.
  await page.waitForTimeout(1_500);
}

/** Whether the step is checked, with the walkthrough brought back first (a panel the step opened may cover it). */
export async function stepDone(page: Page, id: string, timeoutMs = 15_000): Promise<boolean> {
  await page.keyboard.press('Escape');
  // Back to the walkthrough's tab, as a user would (the palette can be slow to
  // take the keyboard from a webview that is still drawing); else open it again.
  const tab = page.locator('.tabs-container .tab').filter({ hasText: /^Welcome/ }).first();
  if (await tab.isVisible().catch(() => false)) {
    await tab.click();
    await page.locator('.gettingStartedContainer button.getting-started-step').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1_500);
  } else {
    await openWalkthrough(page);
  }
  return page.locator(`${stepSelector(id)}[aria-checked="true"]`).waitFor({ timeout: timeoutMs }).then(() => true, () => false);
}
