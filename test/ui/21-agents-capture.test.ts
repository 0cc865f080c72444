import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { catalogWebview, env, launchBrowser, pickTheme, openWorkbench, resultsDir, runCommand, type Browser, type Page, workbenchUrl } from './harness';

// Issue 41 in the real workbench, on a user's own multi-agent config with no
// `main` (test/fixtures/capture/multi-agent: `coder`, the default, and
// `helper`): pick an agent, capture it, and read the verdict against the real
// request. Then the same config with keys OpenClaw rejects: the refusal is the
// one error at the top of the catalog tree and above Mode Preview's cards,
// with the doctor's fix (env.X → env.vars.X).
const FIXTURE = path.join(__dirname, '..', 'fixtures', 'capture', 'multi-agent');

describe('a multi-agent config without main: pick an agent, capture it, and see OpenClaw\'s refusal', () => {
  let browser: Browser;
  let page: Page;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-agents-'));
  const config = path.join(folder, 'openclaw.json');
  const text = fs.readFileSync(path.join(FIXTURE, 'openclaw.json'), 'utf8').replace('"../qa-workspace/plugins/fake-plugin"', JSON.stringify(path.resolve(FIXTURE, '../qa-workspace/plugins/fake-plugin')));

  before(async () => {
    fs.writeFileSync(config, text);
    // The UI lane turns OpenClaw's own config validation off (scripts/test-vscode.mjs); this folder is about it.
    fs.mkdirSync(path.join(folder, '.vscode'), { recursive: true });
    fs.writeFileSync(path.join(folder, '.vscode', 'settings.json'), JSON.stringify({ 'toolSearchInspector.oracle.validateConfig': true }));
    browser = await launchBrowser();
    page = await openWorkbench(browser, workbenchUrl(env('TSI_VSCODE_URL'), folder));
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      await page.screenshot({ path: path.join(resultsDir(), 'failed-agents-capture.png') }).catch(() => undefined);
    }
  });

  after(async () => {
    await browser?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('picks agent helper, captures it in every mode, and reads a verdict per mode (never "Unknown agent id main")', async function () {
    this.timeout(600_000);
    await page.locator('.activitybar .action-item a[aria-label^="Tool Search"]').first().click();
    await page.locator('.pane-body .monaco-list-row').filter({ hasText: 'OpenClaw' }).first().waitFor({ timeout: 60_000 });
    await runCommand(page, 'Tool Search: Pick Agent…');
    const helper = page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'helper' }).first();
    await helper.waitFor({ timeout: 30_000 });
    await helper.click();
    await runCommand(page, 'Tool Search: Capture the Real Request');
    const view = catalogWebview(page);
    await view.locator('[data-testid="capture-status"]').first().waitFor({ timeout: 90_000 });
    await view.locator('[data-testid="capture-status"]:not([data-status="running"])').waitFor({ timeout: 540_000 });
    const status = view.locator('[data-testid="capture-status"]');
    assert.equal(await status.getAttribute('data-status'), 'done', await status.innerText());
    const checked = view.locator('[data-testid="checked-against"]');
    await checked.filter({ hasText: 'real capture' }).waitFor({ timeout: 30_000 });
    const said = await checked.innerText();
    assert.doesNotMatch(said, /Unknown agent id|capture failed/, said);
    // "matched", or a named difference per mode.
    // helper's run, predicted from the agent picked just before the capture: equal after normalization in every mode.
    assert.match(said, /Predicts OpenClaw 2026\.9\.6: matched a real capture of OpenClaw 2026\.9\.6 \(direct matched, code matched, tools matched, directory matched\)/);
    // A mode that differs names its difference on its card (helper's minimal profile: a prompt section, at the time of writing).
    for (const m of ['direct', 'code', 'tools', 'directory']) {
      const card = view.locator(`[data-testid="capture-${m}"]`);
      assert.equal(await card.getAttribute('data-status'), 'ok', m);
      const verdict = await card.locator('[data-testid="verdict"]').innerText();
      assert.match(verdict, /^(equals|differs from) the prediction$/, m);
      if (verdict.startsWith('differs')) {
        assert.match(await card.locator('[data-testid="diff-prompt"]').innerText(), /\S/, `${m}: the difference is named`);
        // The turn ran the agent just picked, not the one shown before the pick: the tools are helper's.
        assert.equal((await card.locator('[data-testid="tools-added"]').innerText()).trim(), '', `${m}: tools only in the real request (another agent's run?)`);
      }
    }
    await page.screenshot({ path: path.join(resultsDir(), 'agents-capture.png') });
  });

  it('the same config with keys OpenClaw rejects: one refusal at the top of the tree and of Mode Preview, with the doctor\'s fix', async function () {
    this.timeout(180_000);
    fs.writeFileSync(config, text.replace('tools: {\n    toolSearch', 'env: { TEAM_NAME: "crew" },\n  logging: { redactSensitive: "tools" },\n  tools: {\n    toolSearch'));
    const tree = page.locator('.pane-body .monaco-list-row');
    const refusal = tree.filter({ hasText: 'OpenClaw 2026.9.6 would not start with this config' });
    await refusal.first().waitFor({ timeout: 90_000 });
    assert.equal(await refusal.count(), 1, 'one refusal in the tree');
    // At the top: the first row of the catalog tree.
    assert.match(await tree.first().innerText(), /OpenClaw 2026\.9\.6 would not start with this config/);
    const view = catalogWebview(page);
    const banner = view.locator('[data-testid="config-refused"]');
    await banner.waitFor({ timeout: 90_000 });
    const shown = await banner.innerText();
    assert.match(shown, /OpenClaw 2026\.9\.6 would not start with this config \(2 keys it rejects\)/);
    assert.match(shown, /openclaw\.json:\d+ env\.TEAM_NAME: openclaw doctor --fix: Moved env\.TEAM_NAME → env\.vars\.TEAM_NAME\./);
    assert.match(shown, /The cards below are what it would run after openclaw doctor --fix/);
    await page.screenshot({ path: path.join(resultsDir(), 'agents-refused.png') });
  });

  it('OpenClaw\'s own validation in the editor: a value only the real release refuses is an error in Problems at its line, and the disagreement is said', async function () {
    this.timeout(180_000);
    // The inspector's model checks keys and types, not bounds: a negative timeout is one OpenClaw 2026.9.6 refuses alone.
    const bounded = text.replace('defaults: { model: { primary: "tsi-capture/capture-model" } }', 'defaults: { model: { primary: "tsi-capture/capture-model" }, timeoutSeconds: -5 }');
    assert.notEqual(bounded, text, 'the fixture still has its agents.defaults line');
    fs.writeFileSync(config, bounded);
    const line = bounded.split('\n').findIndex((l) => l.includes('timeoutSeconds: -5')) + 1;
    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    const rows = page.locator('.markers-panel .monaco-list-row');
    const refused = rows.filter({ hasText: "OpenClaw 2026.9.6's own validation (openclaw config validate) refuses agents.defaults.timeoutSeconds" }).first();
    await refused.waitFor({ timeout: 120_000 });
    const said = await refused.innerText();
    assert.match(said, /Too small/, said);
    assert.match(said, new RegExp(`OpenClaw 2026\\.9\\.6[\\s\\S]*\\[Ln ${line}, Col 1\\]`), said);
    const gap = rows.filter({ hasText: "OpenClaw 2026.9.6's own validation refuses this config, but the inspector's model of it does not: a fidelity gap" }).first();
    await gap.waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(resultsDir(), 'agents-openclaw-validate.png') });
    // Fixed: both go.
    fs.writeFileSync(config, text);
    await refused.waitFor({ state: 'hidden', timeout: 120_000 });
    assert.equal(await gap.count(), 0);
    // The panel's rows would read as the catalog tree's below.
    await runCommand(page, 'View: Hide Panel');
  });

  it("an agent whose allowlist names no tool: OpenClaw refuses its runs, said at the top of the tree and of Mode Preview in its own words, one click to the allowlist", async function () {
    this.timeout(180_000);
    // helper (picked above) allows only a tool nothing registers; the config is otherwise valid.
    const locked = text.replace('tools: { profile: "minimal" }', 'tools: { allow: ["nonexistent_tool"] }');
    assert.notEqual(locked, text, 'the fixture still gives helper the minimal profile');
    fs.writeFileSync(config, locked);
    const allowLine = locked.split('\n').findIndex((l) => l.includes('nonexistent_tool')) + 1;
    const tree = page.locator('.pane-body .monaco-list-row');
    const notice = tree.filter({ hasText: "OpenClaw 2026.9.6 refuses this agent's runs" });
    await notice.first().waitFor({ timeout: 90_000 });
    assert.equal(await notice.count(), 1, 'one notice in the tree');
    assert.match(await tree.first().innerText(), /OpenClaw 2026\.9\.6 refuses this agent's runs/);
    const banner = catalogWebview(page).locator('[data-testid="run-refused"]');
    await banner.waitFor({ timeout: 90_000 });
    const shown = await banner.innerText();
    assert.ok(shown.includes('No callable tools remain after resolving explicit tool allowlist (agents.helper.tools.allow: nonexistent_tool); no registered tools matched. Fix the allowlist or enable the plugin that registers the requested tool.'), shown);
    assert.ok(shown.includes(`openclaw.json:${allowLine}`), shown);
    assert.match(shown, /No request is sent/);
    // The status bar says it first too (issue 44), not a small catalog.
    await page.locator('.statusbar-item').filter({ hasText: /· no tools/ }).first().waitFor({ timeout: 30_000 });
    // The capture above was of another config: the header no longer claims a verdict from it.
    const checked = catalogWebview(page).locator('[data-testid="checked-against"]');
    await checked.filter({ hasText: 'not checked against a real run yet' }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(resultsDir(), 'agents-run-refused.png') });
    // Looked at in a dark theme too: the banner keeps the theme's error colours.
    await pickTheme(page, /^Dark Modern/, 'dark', catalogWebview(page));
    await page.screenshot({ path: path.join(resultsDir(), 'agents-run-refused-dark.png') });
    await pickTheme(page, /^Light Modern/, 'light', catalogWebview(page));
    // One click on the notice: the config, at the allowlist.
    await notice.first().click();
    await page.locator('.tab.active').filter({ hasText: 'openclaw.json' }).first().waitFor({ timeout: 30_000 });
    await page.locator('.statusbar-item').filter({ hasText: new RegExp(`^Ln ${allowLine}, Col \\d+`) }).first().waitFor({ timeout: 30_000 });
  });
  it('an agent its policy leaves no tool, not refused: Mode Preview and the status bar say why before the cards read as a catalog (issue 44)', async function () {
    this.timeout(180_000);
    const none = text.replace('tools: { profile: "minimal" }', 'tools: { profile: "minimal", deny: ["*"] }');
    assert.notEqual(none, text);
    fs.writeFileSync(config, none);
    // The test before left openclaw.json in front: bring Mode Preview back.
    await page.locator('.tab').filter({ hasText: 'Mode Preview' }).first().click();
    const banner = catalogWebview(page).locator('[data-testid="no-tools"]');
    await banner.waitFor({ timeout: 90_000 });
    const shown = await banner.innerText();
    assert.match(shown, /This agent gets no tool \(openclaw\.json:\d+\): its policy \(.*\) excludes all \d+; OpenClaw 2026\.9\.6 runs it with none/);
    assert.match(shown, /costs more than direct here/);
    assert.equal(await catalogWebview(page).locator('[data-testid="run-refused"]').count(), 0);
    await page.locator('.statusbar-item').filter({ hasText: /· no tools/ }).first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(resultsDir(), 'agents-no-tools.png') });
    fs.writeFileSync(config, text);
  });
});
