import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { addDemoSettings, catalogWebview, demoWindow, env, pickTheme, resultsDir, runCommand, type Page } from './harness';

// A user who runs an older OpenClaw picks it in the setting
// (toolSearchInspector.openclawVersion) and opens Mode Preview: the panel
// models that release, says which one, and where its whole request cannot be
// predicted (before 2026.5.12) says why instead of showing another release's.
const root = path.resolve(__dirname, '..', '..');

interface CliPreview {
  modes: Record<string, { openclaw?: { version: string; bytes: number }; openclawUnavailable?: string }>;
}

function cliPreview(version: string): CliPreview {
  const out = execFileSync(
    process.execPath,
    [path.join(root, 'dist', 'cli.js'), 'preview', '--mode', 'all', '--json', '--workspace', env('TSI_WORKSPACE'), '--no-user-config', '--snapshot', 'github=snapshots/github', '--openclaw-version', version],
    { encoding: 'utf8', cwd: env('TSI_WORKSPACE'), maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out) as CliPreview;
}

async function openPreview(page: Page) {
  await runCommand(page, 'Tool Search: Open Mode Preview');
  const view = catalogWebview(page);
  await view.locator('[data-testid="mode-direct"]').waitFor({ timeout: 90_000 });
  const sizes = view.locator('[data-testid="openclaw-sizes"]');
  await sizes.waitFor({ timeout: 60_000 });
  return { view, sizes };
}

/**
 * A window of its own on the demo whose workspace setting picks OpenClaw
 * `version` (put back after the block): the extension builds its first
 * catalog for that release, as a user who set it meets the panel.
 */
function releaseWindow(version: string, use: (page: Page) => void): void {
  let restore: (() => void) | undefined;
  demoWindow(
    {
      shot: `older-release-${version}`,
      fresh: true,
      setUp: () => {
        restore = addDemoSettings({ 'toolSearchInspector.openclawVersion': version });
      },
      tearDown: () => restore?.(),
    },
    (w) => use(w.page),
  );
}

describe('Mode Preview on an older OpenClaw (2026.6.10, picked in the setting)', () => {
  let page: Page;
  releaseWindow('2026.6.10', (p) => (page = p));

  it('predicts what OpenClaw 2026.6.10 sends in each mode, as the CLI does for that version', async () => {
    const { sizes } = await openPreview(page);
    assert.match(await sizes.locator('h2').innerText(), /What OpenClaw 2026\.6\.10 sends/);
    const cli = cliPreview('2026.6.10');
    const direct = cli.modes.direct?.openclaw;
    assert.equal(direct?.version, '2026.6.10');
    for (const m of ['code', 'tools', 'directory']) {
      const oc = cli.modes[m]?.openclaw;
      assert.ok(oc && direct, m);
      const shown = Number((await sizes.locator(`tr[data-mode="${m}"] [data-part="openclaw-saved"]`).innerText()).replace('%', ''));
      const want = 100 * (1 - oc.bytes / direct.bytes);
      assert.ok(Math.abs(shown - want) < 1, `${m}: ${shown}% shown, the CLI's prediction for 2026.6.10 ${want.toFixed(1)}%`);
    }
    await pickTheme(page, /^Dark Modern/, 'dark', catalogWebview(page));
    await page.screenshot({ path: path.join(resultsDir(), 'mode-preview-6-10-dark.png') });
    await pickTheme(page, /^Light Modern/, 'light', catalogWebview(page));
    await page.screenshot({ path: path.join(resultsDir(), 'mode-preview-6-10-light.png') });
  });
});

describe('Mode Preview on an OpenClaw without Tool Search (2026.4.1, picked in the setting)', () => {
  let page: Page;
  releaseWindow('2026.4.1', (p) => (page = p));

  it('says it sends no Tool Search mode, why its whole request is not predicted (the CLI\'s words), and shows no other release\'s', async () => {
    const { view, sizes } = await openPreview(page);
    // It runs no Tool Search mode at all: one banner, and each such card marked.
    assert.match(await view.locator('[data-testid="not-in-release"]').innerText(), /OpenClaw 2026\.4\.1 has no Tool Search \(it came in 2026\.5\.12\)/);
    // Three Tool Search cards, and the Code Mode card (no Code Mode is modelled for that release).
    assert.equal(await view.locator('[data-part="not-in-release"]').count(), 4);
    assert.match((await view.locator('[data-testid="mode-code-mode"] [data-part="not-in-release"]').getAttribute('title')) ?? '', /OpenClaw 2026\.4\.1 has no Code Mode modelled/);
    assert.equal(await view.locator('[data-testid="mode-direct"] [data-part="not-in-release"]').count(), 0);
    const why = await sizes.locator('[data-part="openclaw-unavailable"]').innerText();
    assert.equal(why, cliPreview('2026.4.1').modes.direct?.openclawUnavailable);
    assert.match(why, /2026\.4\.1/);
    assert.equal(await sizes.locator('tr[data-mode]').count(), 0, 'no predicted request of another release');
    await page.screenshot({ path: path.join(resultsDir(), 'mode-preview-4-1.png') });
  });
});
