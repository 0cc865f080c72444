import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { catalogWebview, demoWindow, env, fillQuickInput, resultsDir, runCommand, type Page } from './harness';

// The Mode Preview panel as a user meets it on the demo: every mode side by
// side, a prompt that hydrates a known tool, the raw request, and numbers that
// agree with `preview --mode all --json` on the same workspace.
const root = path.resolve(__dirname, '..', '..');
const PROMPT = 'call fake plugin tool 17 with marker abc';

interface CliPreview {
  configuredMode: string;
  modes: Record<string, { visibleTools: string[]; tokens: { total: number }; bytes: { total: number }; likely?: { name: string }[]; openclaw?: { version: string; bytes: number; request: { tools: unknown[] } } }>;
}

function cliPreview(prompt: string): CliPreview {
  const out = execFileSync(process.execPath, [path.join(root, 'dist', 'cli.js'), 'preview', '--mode', 'all', '--json', '--workspace', env('TSI_WORKSPACE'), '--no-user-config', '--snapshot', 'github=snapshots/github', '--prompt', prompt], { encoding: 'utf8', cwd: env('TSI_WORKSPACE'), maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out) as CliPreview;
}

function num(text: string | null): number {
  return Number((text ?? '').replace(/[^0-9]/g, ''));
}

/** Picks a built-in colour theme by clicking its row (Enter could take a near miss, or the marketplace entry). */
async function pickTheme(page: Page, theme: RegExp): Promise<void> {
  await fillQuickInput(page, '>Preferences: Color Theme');
  await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: /^Preferences: Color Theme/ }).first().click();
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ hasText: theme }).first();
  await row.waitFor();
  await row.click();
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await page.waitForTimeout(800);
}

describe('Mode Preview panel', () => {
  let page: Page;

  demoWindow({ shot: 'mode-preview' }, (w) => ({ page } = w));

  it('shows every mode side by side, hydrates a tool from the prompt, opens the raw request, and agrees with the CLI', async () => {
    await runCommand(page, 'Tool Search: Open Mode Preview');
    const view = catalogWebview(page);
    const direct = view.locator('[data-testid="mode-direct"]');
    await direct.waitFor({ timeout: 90_000 });
    for (const m of ['code', 'tools', 'directory']) {
      await view.locator(`[data-testid="mode-${m}"]`).waitFor();
    }
    assert.match(await view.locator('.mode-card.configured').innerText(), /^code[\s\S]*configured/);
    // Direct mode's tokens follow the first view (counting… until then, never a zero).
    const directTokens = direct.locator('[data-testid="total-tokens"]');
    await direct.locator('[data-testid="total-tokens"]:not([data-pending])').waitFor({ timeout: 60_000 });
    assert.match((await directTokens.textContent()) ?? '', /^[0-9,]+$/);

    // Type a prompt; the debounced render hydrates fake_plugin_tool_17 in directory mode.
    await view.locator('[data-testid="prompt"]').fill(PROMPT);
    await view.locator('[data-testid="deltas"] [data-mode="directory"]').waitFor({ timeout: 30_000 });

    // The numbers are the CLI's: same assembly, same workspace, same prompt (once every count is in).
    await view.locator('[data-testid="tokens-pending"]').waitFor({ state: 'hidden', timeout: 60_000 });
    await direct.locator('[data-testid="total-tokens"]:not([data-pending])').waitFor({ timeout: 60_000 });
    const cli = cliPreview(PROMPT);
    assert.equal(cli.configuredMode, 'code');
    for (const m of ['direct', 'code', 'tools', 'directory']) {
      const card = view.locator(`[data-testid="mode-${m}"]`);
      const want = cli.modes[m];
      assert.ok(want, m);
      assert.equal(num(await card.locator('[data-testid="total-tokens"]').textContent()), want.tokens.total, `${m} tokens`);
      assert.equal(num(await card.locator('[data-part="bytes-total"]').textContent()), want.bytes.total, `${m} bytes`);
      assert.equal(num(await card.locator('[data-testid="schema-count"]').textContent()), want.visibleTools.length, `${m} schemas`);
    }
    // OpenClaw's whole request per mode, and the savings on it (what its users get): the CLI's prediction,
    // up to the lengths of the paths it cites (the extension host and this test run with different HOMEs).
    const sizes = view.locator('[data-testid="openclaw-sizes"]');
    assert.match(await sizes.locator('h2').innerText(), /What OpenClaw 2026\.9\.6 sends/);
    const directOc = cli.modes.direct?.openclaw;
    assert.ok(directOc, 'the CLI predicts OpenClaw\'s request');
    for (const m of ['code', 'tools', 'directory']) {
      const oc = cli.modes[m]?.openclaw;
      assert.ok(oc, m);
      const shown = Number((await sizes.locator(`tr[data-mode="${m}"] [data-part="openclaw-saved"]`).innerText()).replace('%', ''));
      const want = 100 * (1 - oc.bytes / directOc.bytes);
      assert.ok(Math.abs(shown - want) < 1, `${m}: ${shown}% shown, the CLI's prediction ${want.toFixed(1)}%`);
    }
    // One meaning per label (issue 44): "system prompt" is OpenClaw's (its table above); a card's own prompt row is "turn prompt".
    assert.match(await sizes.locator('th').filter({ hasText: 'system prompt chars' }).first().innerText(), /system prompt chars/);
    const rowLabels = await direct.locator('table.grid th[scope="row"]').count();
    for (let i = 0; i < rowLabels; i++) {
      assert.doesNotMatch(await direct.locator('table.grid th[scope="row"]').nth(i).innerText(), /system prompt/, "a card's rows never say system prompt");
    }
    assert.equal(await direct.locator('table.grid th[scope="row"]').filter({ hasText: 'turn prompt' }).count(), 1);
    // Code mode says why its schemas are up front, in the one vocabulary: the coding tools are "always sent
    // (searchable too)", never "direct (every schema)", and the legend says what that means.
    const code = view.locator('[data-testid="mode-code"]');
    const summary = await code.locator('[data-testid="schemas"] summary').innerText();
    assert.match(summary, /always sent \(searchable too\)/);
    assert.doesNotMatch(summary, /every schema/);
    assert.match(await code.locator('[data-testid="why-legend"] li[data-why="always-sent"]').textContent() ?? '', /OpenClaw also sends its schema up front in every Tool Search mode/);
    // The surface's own tool leads the list, and a list longer than its box says it scrolls (issue 44).
    await code.locator('[data-testid="schemas"] summary').click();
    assert.equal(await code.locator('ul.schemas li').first().locator('code').innerText(), 'tool_search_code');
    if ((await code.locator('ul.schemas li').count()) > 10) {
      assert.match(await code.locator('[data-testid="schemas-scroll"]').innerText(), /scroll the list for all of them/);
    }
        // OpenClaw 2026.9.6 hydrates no schema from the prompt in directory mode (tooldefs, docs/fidelity.md): neither does the preview.
    assert.equal(cli.modes.directory?.likely?.length ?? 0, 0);

    // Switch tabs with the keyboard: Modes -> Directory.
    await view.locator('[data-testid="tab-modes"]').focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await view.locator('[data-testid="tab-directory"]').getAttribute('aria-selected'), 'true');
    const lines = view.locator('[data-testid="directory"] li');
    await lines.first().waitFor();
    assert.equal(await lines.first().innerText(), '### Deferred Tool Schemas');
    assert.equal(await view.locator('[data-testid="likely"] li[data-tool]').count(), 0, 'no likely schemas under 2026.9.6');
    assert.match(await view.locator('[data-testid="unlisted"]').innerText(), /MCP server "github": 9 tools searchable but not listed/);
    await page.screenshot({ path: path.join(resultsDir(), 'mode-preview-directory.png') });

    // The raw request of tools mode, as formatted JSON.
    await view.locator('[data-testid="tab-raw"]').click();
    await view.locator('[data-testid="raw-tools"]').click();
    const rawJson = view.locator('[data-testid="raw-json"]');
    await rawJson.filter({ hasText: '"tool_search"' }).waitFor({ timeout: 30_000 });
    const body = JSON.parse(await rawJson.innerText()) as { messages: { role: string; content: string }[]; tools: { function: { name: string } }[] };
    assert.equal(body.messages[1]?.content, PROMPT);
    assert.deepEqual(body.tools.map((t) => t.function.name), cli.modes.tools?.visibleTools);

    // Back to the modes for the screenshots, dark then light (the server starts in its default light theme).
    await view.locator('[data-testid="tab-modes"]').click();
    await direct.waitFor();
    await pickTheme(page, /^Dark Modern/);
    await direct.waitFor();
    await page.screenshot({ path: path.join(resultsDir(), 'mode-preview-dark.png') });
    await pickTheme(page, /^Light Modern/);
    await direct.waitFor();
    await page.screenshot({ path: path.join(resultsDir(), 'mode-preview-light.png') });
  });
});
