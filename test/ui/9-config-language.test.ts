import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { demoWindow, env, fillQuickInput, resultsDir, runCommand, type Page } from './harness';

// openclaw.json in the real workbench: read as an OpenClaw config (JSON5),
// completion inside tools.deny offers the catalog's names, and a hover on a
// group lists the tools it selects.
function lineColOf(text: string, needle: string, delta: number): { line: number; column: number } {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `"${needle}" not in openclaw.json`);
  const before = text.slice(0, i + delta).split('\n');
  return { line: before.length, column: (before[before.length - 1] ?? '').length + 1 };
}

async function goTo(page: Page, at: { line: number; column: number }): Promise<void> {
  // Quick Open with ':' is Go to Line in every workbench (the browser may keep Ctrl+G for itself).
  await fillQuickInput(page, `:${at.line}:${at.column}`);
  await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: new RegExp(`line ${at.line}`, 'i') }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

/**
 * Takes back what `suggestRows` typed (the list was dismissed, nothing accepted)
 * key by key: Ctrl+Z undoes typing in steps the editor chooses, and under load
 * it left a character behind ("gnodes").
 */
async function eraseTyped(page: Page, typed: string): Promise<void> {
  for (let i = 0; i < typed.length; i++) {
    await page.keyboard.press('Backspace');
  }
}

/** Types a filter into an open completion list and returns the labels it then shows. */
async function suggestRows(page: Page, filter: string): Promise<string[]> {
  await page.keyboard.press('Control+Space');
  const widget = page.locator('.editor-widget.suggest-widget.visible');
  await widget.waitFor({ timeout: 120_000 });
  // The list says "Loading..." until the catalog is built; then it has rows.
  await widget.locator('.monaco-list-row').first().waitFor({ timeout: 120_000 });
  await page.keyboard.type(filter);
  await page.waitForTimeout(400);
  const rows = widget.locator('.monaco-list-row');
  const labels: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    // A row reads "label  detail"; the label is its first word.
    labels.push((await rows.nth(i).innerText()).trim().split(/\s/)[0] ?? '');
  }
  return labels;
}

describe('OpenClaw config language', () => {
  let page: Page;
  const configFile = path.join(env('TSI_WORKSPACE'), 'openclaw.json');
  const original = fs.readFileSync(configFile, 'utf8');

  demoWindow({
    shot: 'config-language',
    // The web workbench may save typed text after a delay: the demo config stays as it was.
    tearDown: () => {
      if (fs.readFileSync(configFile, 'utf8') !== original) {
        fs.writeFileSync(configFile, original);
      }
    },
  }, (w) => ({ page } = w));

  it('opens openclaw.json as OpenClaw Config (JSON5), completes inside tools.deny and shows what a group selects', async () => {
    await fillQuickInput(page, 'openclaw.json');
    await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: /^openclaw\.json/ }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.view-lines').filter({ hasText: 'toolSearch' }).first().waitFor();
    const mode = page.locator('#status\\.editor\\.mode');
    await mode.waitFor();
    assert.match(await mode.innerText(), /OpenClaw Config \(JSON5\)/);
    // The grammar colours an unquoted key as a property name, like JSON's quoted ones (tokens arrive after the text).
    await page.locator('.view-lines span').filter({ hasText: /^toolSearch$/ }).first().waitFor({ timeout: 30_000 });

    // Completion inside tools.deny: a catalog tool and a group. Each edit is undone at once.
    const inDeny = lineColOf(original, '"nodes"', 1);
    await goTo(page, inDeny);
    const tools = await suggestRows(page, 'fake_plugin_tool_1');
    assert.ok(tools.includes('fake_plugin_tool_17'), `tool rows: ${tools.join(', ')}`);
    await page.keyboard.press('Escape');
    await eraseTyped(page, 'fake_plugin_tool_1');
    await goTo(page, inDeny);
    const groups = await suggestRows(page, 'group:f');
    assert.ok(groups.includes('group:fs'), `group rows: ${groups.join(', ')}`);
    const detail = page.locator('.editor-widget.suggest-widget.visible .monaco-list-row.focused');
    assert.match(await detail.innerText(), /group:fs/);
    await page.keyboard.press('Escape');
    await eraseTyped(page, 'group:f');
    await page.locator('.view-lines').filter({ hasText: '"nodes"' }).first().waitFor();

    // Hover on a group: the tools it selects now, by status.
    await goTo(page, lineColOf(original, '"group:runtime"', 3));
    await runCommand(page, 'Show or Focus Hover');
    const hover = page.locator('.monaco-hover').filter({ hasText: 'Selects' }).first();
    await hover.waitFor({ timeout: 60_000 });
    const text = await hover.innerText();
    assert.match(text, /group:runtime[\s\S]*tool group[\s\S]*Selects \d+ tools in the current catalog/);
    assert.match(text, /\bexec\b/);
    await page.screenshot({ path: path.join(resultsDir(), 'config-language.png') });
    await page.keyboard.press('Escape');
  });
});
