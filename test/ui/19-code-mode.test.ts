import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { catalogWebview, demoWindow, env, pickTheme, resultsDir, runCommand, typeIntoUntitled, webviewWith, type Page } from './harness';

// A user whose run gets Code Mode without asking for it (a model its bundled
// catalog flags "preferred", tools.codeMode unset: OpenClaw 2026.9.6 reads
// that as "auto") opens Mode Preview: the Code Mode card is the one marked as
// this run's, says why, and every other card says why the run does not use
// it. Looked at in a dark and a light theme.
const root = path.resolve(__dirname, '..', '..');

const DEFAULTS = 'defaults: { sandbox: { mode: "non-main" } },';
const MODEL = 'anthropic/claude-opus-5';
const WHY = /the bundled anthropic catalog flags anthropic\/claude-opus-5 "preferred"/;

function configFile(): string {
  return path.join(env('TSI_WORKSPACE'), 'openclaw.json');
}

interface CliPreview {
  configuredMode: string;
  codeMode?: { engaged: boolean; reason: string; line?: number };
  modes: Record<string, { visibleTools: string[]; bytes: { total: number } }>;
}

function cliPreview(): CliPreview {
  const out = execFileSync(process.execPath, [path.join(root, 'dist', 'cli.js'), 'preview', '--mode', 'all', '--json', '--workspace', env('TSI_WORKSPACE'), '--no-user-config', '--snapshot', 'github=snapshots/github'], {
    encoding: 'utf8',
    cwd: env('TSI_WORKSPACE'),
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out) as CliPreview;
}

describe('Mode Preview on a run that gets Code Mode', () => {
  let page: Page;
  let original: string | undefined;
  demoWindow(
    {
      shot: 'code-mode',
      fresh: true,
      setUp: () => {
        original = fs.readFileSync(configFile(), 'utf8');
        assert.ok(original.includes(DEFAULTS), 'the demo config has its agents.defaults line');
        assert.ok(!original.includes('codeMode'), 'the demo config leaves tools.codeMode unset');
        fs.writeFileSync(configFile(), original.replace(DEFAULTS, DEFAULTS.replace('defaults: { ', `defaults: { model: "${MODEL}", `)));
      },
      tearDown: () => {
        if (original !== undefined) fs.writeFileSync(configFile(), original);
      },
    },
    (w) => (page = w.page),
  );

  it('marks the Code Mode card as this run\'s with why, and says on the others why not; the CLI agrees', async () => {
    await runCommand(page, 'Tool Search: Open Mode Preview');
    const view = catalogWebview(page);
    const card = view.locator('[data-testid="mode-code-mode"]');
    await card.waitFor({ timeout: 90_000 });
    const cli = cliPreview();
    assert.equal(cli.configuredMode, 'code-mode');
    assert.equal(cli.codeMode?.engaged, true);
    assert.match(cli.codeMode?.reason ?? '', WHY);
    // The card of the run's surface: marked, with the reason in its words.
    assert.match(await card.locator('.pill.configured').innerText(), /this run/);
    const why = await card.locator('[data-part="surface-why"]').innerText();
    assert.match(why, /^Code Mode engages: tools\.codeMode is not set, which this release reads as "auto"/);
    assert.match(why, WHY);
    assert.equal(await view.locator('.mode-card.configured').count(), 1, 'one card is the run\'s');
    assert.match(await view.locator('[data-testid="code-mode-why"]').innerText(), WHY);
    const tools = await card.locator('[data-testid="schema-count"]').textContent();
    assert.equal(Number(tools), cli.modes['code-mode']?.visibleTools.length);
    assert.ok(['exec', 'wait'].every((n) => cli.modes['code-mode']?.visibleTools.includes(n)), 'the model sees exec and wait');
    // Every other card says why the run does not use it.
    for (const m of ['direct', 'code', 'tools', 'directory']) {
      assert.match(await view.locator(`[data-testid="mode-${m}"] [data-part="surface-why"]`).innerText(), /^Not this run: Code Mode engages/, m);
    }
    await pickTheme(page, /^Dark Modern/, 'dark', view);
    await page.screenshot({ path: path.join(resultsDir(), 'mode-preview-code-mode-dark.png') });
    await pickTheme(page, /^Light Modern/, 'light', view);
    await page.screenshot({ path: path.join(resultsDir(), 'mode-preview-code-mode-light.png') });
  });

  it('runs a Code Mode program from the editor on this run (no directive needed) and shows what the model reads: exec waiting, then wait completed', async () => {
    await typeIntoUntitled(page, PROGRAM, 'yield_control');
    await runCommand(page, 'Tool Search: Run Bridge Snippet');
    // The Bridge Trace's webview, whichever of the open ones it is (Mode Preview stays open from the test before).
    const view = await webviewWith(page, '[data-testid="code-mode-results"]', 60_000);
    const results = view.locator('[data-testid="code-mode-results"]');
    const legs = results.locator('[data-testid="code-mode-leg"]');
    assert.deepEqual(await Promise.all([0, 1].map((i) => legs.nth(i).getAttribute('data-status'))), ['waiting', 'completed']);
    assert.equal(await legs.count(), 2);
    assert.match(await legs.nth(0).locator('summary').first().innerText(), /exec → waiting/);
    const last = await legs.nth(1).innerText();
    assert.match(last, /wait → completed/);
    assert.match(last, /FAKE_PLUGIN_OK fake_plugin_tool_17 from-code-mode/);
    assert.match(last, /visibleTools: \[2 items\]/);
    // The program's own trace: its search, its text() output, the yield and the call, in order.
    const entries = view.locator('[data-testid="trace-entry"]');
    const ops = await Promise.all(Array.from({ length: await entries.count() }, (_, i) => entries.nth(i).getAttribute('data-op')));
    assert.deepEqual(ops.filter((o) => o !== 'log'), ['search', 'yield', 'call']);
    await results.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(resultsDir(), 'code-mode-program-light.png') });
    await pickTheme(page, /^Dark Modern/, 'dark', view);
    await page.screenshot({ path: path.join(resultsDir(), 'code-mode-program-dark.png') });
  });
});

const PROGRAM = [
  'const [t] = await catalog.search("fake plugin tool 17", { limit: 1 });',
  'text(t.callableName);',
  'await yield_control("look at the hit first");',
  'return await fake_plugin_tool_17({ marker: "from-code-mode" });',
].join(' ');
