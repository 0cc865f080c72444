import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { demoWindow, env, resultsDir, runCommand, type Page } from './harness';

// Description suggestions as a user meets them on the demo: pick the bundled
// session logs, read the suggestion for a plugin tool, apply it to the
// manifest as an ordinary undoable edit, then undo it. The web workbench
// saves edits after a delay (its default files.autoSave), so the demo file on
// disk is put back whatever happens.
const MANIFEST = () => path.join(env('TSI_WORKSPACE'), 'plugins', 'fake-plugin', 'openclaw.plugin.json');

describe('Description suggestions from sessions', () => {
  let page: Page;
  const original = fs.readFileSync(MANIFEST(), 'utf8');

  demoWindow({
    shot: 'suggestions',
    tearDown: () => {
      if (fs.readFileSync(MANIFEST(), 'utf8') !== original) {
        fs.writeFileSync(MANIFEST(), original);
      }
    },
  }, (w) => ({ page } = w));

  it('shows a suggestion for a demo tool from the bundled session logs and applies it as an undoable edit', async () => {
    await runCommand(page, 'Tool Search: Suggest Descriptions from Sessions');
    const pick = page.locator('.quick-input-list .monaco-list-row').filter({ hasText: /^sessions/ }).first();
    await pick.waitFor({ timeout: 30_000 });
    await pick.click();

    const doc = page.locator('.editor-instance .view-lines').filter({ hasText: 'Description suggestions from sessions' }).first();
    await doc.waitFor({ timeout: 120_000 });
    await page.locator('.view-lines').filter({ hasText: 'openclaw:fake-plugin:fake_plugin_tool_02' }).first().waitFor();
    // Monaco renders spaces as no-break spaces: \s matches both.
    assert.match(await doc.innerText(), /Related:\sparcel/);
    await page.screenshot({ path: path.join(resultsDir(), 'suggestions.png') });

    // The first tool's "Apply" action sits above its heading.
    const apply = page.locator('.codelens-decoration a').filter({ hasText: /^Apply to openclaw\.plugin\.json/ }).first();
    await apply.waitFor({ timeout: 30_000 });
    await apply.click();

    const tab = page.locator('.tabs-container .tab').filter({ hasText: 'openclaw.plugin.json' }).first();
    await tab.waitFor({ timeout: 30_000 });
    const manifest = page.locator('.editor-instance .view-lines').filter({ hasText: 'Related:' }).first();
    await manifest.waitFor({ timeout: 30_000 });
    assert.match(await manifest.innerText(), /Related:\s[a-z,\s]+\./);
    await page.screenshot({ path: path.join(resultsDir(), 'suggestion-applied.png') });

    // Undo takes it back, as with any edit.
    await manifest.click();
    await page.keyboard.press('Control+Z');
    await page.locator('.editor-instance .view-lines').filter({ hasText: 'Related:' }).first().waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    assert.doesNotMatch(await page.locator('.editor-instance .view-lines').first().innerText(), /Related:/);
    // Leave no dirty editor behind: its backup would greet the next test with a save dialog.
    await runCommand(page, 'View: Revert and Close Editor');
  });
});
