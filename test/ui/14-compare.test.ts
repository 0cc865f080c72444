import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { addDemoSettings, answerFileDialog, catalogWebview, closeAllEditors, demoWindow, resultsDir, runCommand, webviewWith, type Page } from './harness';

// Compare as a user meets it on the demo: one command runs the same turn in
// direct mode and with Tool Search against the mock provider, and the panel
// shows both lanes side by side with every check passing; a lane's session
// log opens from the keyboard (in the session viewer when it is installed).
// Cancel is tried against an OpenAI-compatible provider on loopback that
// never answers (the mock answers in milliseconds, before a key press lands);
// its base URL is a workspace setting added for that step (the demo's settings file is put back after).

describe('Compare in the editor', () => {
  let page: Page;
  let restoreSettings: (() => void) | undefined;
  const held: http.ServerResponse[] = [];
  const silent = http.createServer((_req, res) => {
    held.push(res);
  });

  demoWindow({
    shot: 'compare',
    setUp: () => new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve)),
    tearDown: () => {
      for (const res of held) {
        res.destroy();
      }
      silent.close();
      restoreSettings?.();
    },
  }, (w) => ({ page } = w));

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
    // The savings shown are OpenClaw's own request's, as predicted, not the gateway requests'.
    assert.match(text, /OpenClaw 2026\.9\.6's predicted first request with Tool Search: [\d,]+ bytes vs [\d,]+ direct \(\d+\.\d% fewer\)/);
    assert.match(await view.locator('[data-testid="real-status"]').innerText(), /as predicted/);

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
    // Against the provider that never answers, so the run is still going when Cancel is pressed.
    restoreSettings = addDemoSettings({ 'toolSearchInspector.compare.baseUrl': `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1` });
    const openai = view.locator('[data-testid="provider-openai"]');
    // The panel reads the setting when it opens: reopen it until it offers the provider.
    for (let i = 0; ; i++) {
      await runCommand(page, 'View: Close All Editors');
      await runCommand(page, 'Tool Search: Compare Direct Mode and Tool Search');
      await summary.waitFor({ timeout: 180_000 });
      if (await view.locator('[data-testid="provider-openai"]:not([disabled])').waitFor({ timeout: 5_000 }).then(() => true, () => false)) {
        break;
      }
      assert.ok(i < 4, 'the panel never offered the OpenAI-compatible provider from the workspace setting');
    }
    await openai.focus();
    await page.keyboard.press('Space');
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

    // Run again to completion with the mock (the lane buttons below belong to this run).
    await view.locator('[data-testid="provider-mock"]').focus();
    await page.keyboard.press('Space');
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

  it('checks 4 and 5 on the real requests: one click captures OpenClaw in both lanes\' modes and the checks and savings follow', async function () {
    this.timeout(900_000);
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Tool Search: Compare Direct Mode and Tool Search');
    const view = catalogWebview(page);
    const summary = view.locator('[data-testid="summary"]');
    await summary.waitFor({ timeout: 180_000 });
    const check = view.locator('[data-testid="check-real"]');
    await check.focus();
    await page.keyboard.press('Enter');
    await view.locator('[data-testid="status"]').filter({ hasText: /Capturing OpenClaw 2026\.9\.6's real requests \(direct, code\)/ }).waitFor({ timeout: 60_000 });
    // The result stays on screen while its two checks are measured again.
    assert.equal(await summary.count(), 1);
    const real = view.locator('[data-testid="real-status"]').filter({ hasText: 'really sent' });
    await real.waitFor({ timeout: 600_000 });
    assert.match(await real.innerText(), /Checks 4 and 5 measured on the first requests OpenClaw 2026\.9\.6 really sent: [\d,]+ bytes and \d+ tools in code mode vs [\d,]+ bytes and \d+ tools direct/);
    const text = await summary.innerText();
    assert.match(text, /OpenClaw 2026\.9\.6's real first request with Tool Search/);
    const m = /(\d+)\/(\d+) checks pass/.exec(text);
    assert.ok(m && m[1] === m[2], text);
    const checks = await view.locator('[data-testid="checks"]').innerText();
    assert.match(checks, /real request of OpenClaw 2026\.9\.6 \(code\)/);
    assert.match(checks, /real requests of OpenClaw 2026\.9\.6: \d+ bytes vs \d+ bytes direct/);
    await page.screenshot({ path: path.join(resultsDir(), 'compare-real.png') });
  });

  it('compares two recorded OpenClaw runs picked from disk: direct and tools mode side by side, each lane opening its store', async () => {
    const store = (mode: string): string => path.join(path.resolve(__dirname, '..', '..'), 'test', 'fixtures', 'sessions', 'openclaw-2026.9.6', mode, 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Tool Search: Compare Recorded Sessions…');
    // The Tool Search run first: the panel puts the direct one on the left whatever the order.
    await answerFileDialog(page, store('tools'), 'the other run');
    await answerFileDialog(page, store('direct'));
    const view = catalogWebview(page);
    const summary = view.locator('[data-testid="summary"]').filter({ hasText: 'recorded runs' });
    await summary.waitFor({ timeout: 60_000 });
    assert.match(await summary.innerText(), /5\/5 checks pass on two recorded runs of OpenClaw 2026\.9\.6\. Request sizes are not recorded in the sessions/);
    assert.match(await view.locator('[data-testid="lane-direct"] h2').innerText(), /Direct mode/);
    assert.match(await view.locator('[data-testid="lane-toolSearch"] h2').innerText(), /Tool Search \(tools\)/);
    assert.match(await view.locator('[data-testid="lane-toolSearch"] [data-testid="counts"]').innerText(), /^1 \/ 1 \/ 1$/);
    assert.match(await view.locator('[data-testid="lane-direct"] [data-testid="schemas"]').innerText(), /^93$/);
    assert.match(await view.locator('[data-testid="checks"]').innerText(), /saw fewer schemas up front: 12 vs 93 direct/);
    await page.screenshot({ path: path.join(resultsDir(), 'compare-recorded.png') });
    // A lane's store opens in the session viewer from the keyboard.
    const open = view.locator('[data-testid="lane-toolSearch"] [data-testid="open-session"]');
    await open.focus();
    await page.keyboard.press('Enter');
    await page.locator('.tab.active').filter({ hasText: /openclaw-agent\.sqlite/ }).first().waitFor({ timeout: 30_000 });
  });

  it('the last comparison survives a window reload: the panel comes back with it (issue 41, part 5)', async () => {
    // The recorded comparison of the test before is the folder's last result: bring its panel forward and reload.
    await closeAllEditors(page);
    await runCommand(page, 'Tool Search: Compare Recorded Sessions…');
    const store = (mode: string): string => path.join(path.resolve(__dirname, '..', '..'), 'test', 'fixtures', 'sessions', 'openclaw-2026.9.6', mode, 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
    await answerFileDialog(page, store('tools'), 'the other run');
    await answerFileDialog(page, store('direct'));
    await catalogWebview(page).locator('[data-testid="summary"]').filter({ hasText: 'recorded runs' }).waitFor({ timeout: 60_000 });
    await runCommand(page, 'Developer: Reload Window');
    await page.locator('.monaco-workbench').waitFor({ state: 'hidden', timeout: 30_000 }).catch(() => undefined);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const revived = await webviewWith(page, '[data-testid="summary"]', 90_000);
    assert.match(await revived.locator('[data-testid="summary"]').innerText(), /5\/5 checks pass on two recorded runs of OpenClaw 2026\.9\.6/);
    // Made against the same config: not stale.
    assert.equal(await revived.locator('[data-testid="stale"]').count(), 0);
  });
});
