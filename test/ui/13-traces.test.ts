import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerFileDialog, closeAllEditors, contrast, demoWindow, env, pickTheme, resultsDir, runCommand, runExactCommand, typeIntoUntitled, webviewWith, type EvalLocator, type Page } from './harness';

// Traces as a user meets them: a run cancelled from its notification shows
// one message; a finished run reads in a half-width panel with trees, a
// timeline and the history, at >= 4.5:1 contrast in dark, light and
// high-contrast themes (measured from computed styles); the trace is saved
// and reopened in its editor; a session log written by the CLI's `compare`
// opens in the session viewer and is stepped through.
const root = path.resolve(__dirname, '..', '..');

const SLOW = 'const hits = await openclaw.tools.search("fake plugin tool 17"); console.log("found", hits.length); for (;;) {}';
const SNIPPET = [
  'const found = await openclaw.tools.search("fake plugin tool 17");',
  'console.log("hits", found.length);',
  'const d = await openclaw.tools.describe("fake_plugin_tool_17");',
  'return openclaw.tools.call(d.id, { marker: "from-the-trace-test" });',
].join(' ');

const CLIPPED = `[...document.querySelectorAll('li.entry .call, table td, table th')]
  .filter((e) => e.scrollWidth > e.clientWidth + 1)
  .map((e) => e.textContent)`;

// Where the text of each column's cells ends (right-aligned numbers) or starts
// (line links), measured on the text itself, and how many lines each
// history header takes. Issue 30, item 12: the numbers sat out of line.
const COLUMNS = `(() => {
  const text = (e) => { const r = document.createRange(); r.selectNodeContents(e); return r; };
  const shown = (sel) => [...document.querySelectorAll(sel)].map((e) => text(e).getBoundingClientRect()).filter((b) => b.width > 0);
  return {
    starts: shown('[data-testid="trace-start"]').map((b) => Math.round(b.right)),
    durations: shown('[data-testid="trace-duration"]').map((b) => Math.round(b.right)),
    lines: shown('[data-testid="reveal-line"]').map((b) => Math.round(b.left)),
    took: [...shown('table.history thead th:nth-child(3)'), ...shown('[data-testid="history-took"]')].map((b) => Math.round(b.right)),
    headerLines: [...document.querySelectorAll('table.history thead th')].filter((e) => e.textContent && e.getClientRects().length > 0).map((e) => e.textContent + ': ' + new Set([...text(e).getClientRects()].map((b) => Math.round(b.top))).size),
  };
})()`;

/** The numbers of one column sit on one edge (within a pixel), and there is more than one to compare. */
function inLine(edges: number[], what: string, atLeast = 2): void {
  assert.ok(edges.length >= atLeast, `${what}: ${edges.length} cells`);
  assert.ok(Math.max(...edges) - Math.min(...edges) <= 1, `${what} out of line: ${edges.join(', ')}`);
}

async function replaceSnippet(page: Page, code: string): Promise<void> {
  const editor = page.locator('.editor-instance .monaco-editor .view-lines').first();
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(code);
  await page.locator('.view-lines').filter({ hasText: code.slice(0, 30) }).first().waitFor();
}

interface LogEvent {
  type: string;
  schemasUpFront?: number;
  ok?: boolean;
  id?: string;
  name?: string;
  source?: string;
  sourceName?: string;
  via?: string;
}

describe('Traces: one outcome per run, history, saved traces and session logs', () => {
  let page: Page;
  const saved = path.join(resultsDir(), 'ui-saved.tstrace.json');
  const logDir = path.join(resultsDir(), 'ui-compare-sessions');

  demoWindow({
    shot: 'traces',
    setUp: () => {
      fs.rmSync(saved, { force: true });
      fs.rmSync(logDir, { recursive: true, force: true });
      // The session log the viewer opens, written by the built CLI against the demo with the mock provider.
      execFileSync(process.execPath, [path.join(root, 'dist', 'cli.js'), 'compare', '--workspace', env('TSI_WORKSPACE'), '--no-user-config', '--snapshot', 'github=snapshots/github', '--log-dir', logDir, '--prompt', 'Call fake_plugin_tool_17 with marker QA-17 and tell me what it returns.'],
        { encoding: 'utf8', cwd: env('TSI_WORKSPACE'), maxBuffer: 64 * 1024 * 1024 });
    },
  }, (w) => ({ page } = w));

  it('cancelling a run shows one message, cancelled, and the history records it', async () => {
    await typeIntoUntitled(page, SLOW, 'for (;;)');
    await runCommand(page, 'Tool Search: Run Bridge Snippet');

    // The panel offers Cancel while the run is on (as does its progress notification); the run has 10 s before its deadline.
    const running = await webviewWith(page, '[data-testid="cancel-run"]', 60_000);
    await page.waitForTimeout(1_500);
    await running.locator('[data-testid="cancel-run"]').click();

    const view = await webviewWith(page, '[data-testid="outcome"]', 60_000);
    const outcome = view.locator('[data-testid="outcome"]');
    assert.equal(await outcome.getAttribute('data-outcome'), 'cancelled');
    assert.equal(await outcome.count(), 1, 'one outcome');
    assert.equal(await view.locator('.banner').count(), 1, 'one banner');
    const said = await outcome.innerText();
    assert.match(said, /cancelled: Cancelled by you after \d+ ms/);
    assert.doesNotMatch(said, /deadline|failed|error/i);
    assert.doesNotMatch(await view.locator('[data-testid="telemetry"]').innerText(), /failed/);
    const rows = view.locator('[data-testid="history-row"]');
    await rows.first().waitFor();
    assert.equal(await rows.first().getAttribute('data-outcome'), 'cancelled');
    assert.match(await rows.first().innerText(), /cancelled[\s\S]*untitled/);
  });

  it('reads in a half-width panel, with trees, a timeline, the history, and contrast >= 4.5:1 in dark, light and high contrast', async () => {
    await replaceSnippet(page, SNIPPET);
    await runCommand(page, 'Tool Search: Run Bridge Snippet');
    const view = await webviewWith(page, '[data-testid="outcome"][data-outcome="ok"]', 60_000);
    assert.match(await view.locator('[data-testid="value"]').innerText(), /FAKE_PLUGIN_OK fake_plugin_tool_17 from-the-trace-test/);
    assert.deepEqual(await Promise.all([0, 1].map(async (i) => view.locator('[data-testid="history-row"]').nth(i).getAttribute('data-outcome'))), ['ok', 'cancelled']);

    // The panel sits beside the editor: about half the window, and nothing in it is clipped.
    const frame = await page.locator('iframe.webview.ready').first().boundingBox();
    assert.ok(frame && frame.width < 800, `panel width ${frame?.width}`);
    const entries = view.locator('[data-testid="trace-entry"]');
    assert.equal(await entries.count(), 4);
    assert.match(await entries.first().locator('.call').innerText(), /^search\("fake plugin tool 17"\)$/);
    assert.deepEqual(await (view.locator('body') as unknown as EvalLocator).evaluate<string[]>(CLIPPED), [], 'clipped cells');
    assert.equal(await view.locator('[data-testid="timeline"] .tl-bar').count(), 4);
    // Start, duration and line in columns of their own, from row to row; the history's numbers under their header, every header on one line.
    const cols = await (view.locator('body') as unknown as EvalLocator).evaluate<{ starts: number[]; durations: number[]; lines: number[]; took: number[]; headerLines: string[] }>(COLUMNS);
    inLine(cols.starts, 'start times', 4);
    inLine(cols.durations, 'durations', 3);
    inLine(cols.lines, 'line links', 4);
    inLine(cols.took, 'the history\'s "took" header and its numbers', 3);
    assert.ok(cols.headerLines.length >= 3 && cols.headerLines.every((h) => h.endsWith(': 1')), `history headers on one line each: ${cols.headerLines.join(', ')}`);

    // Arguments and results as trees.
    await entries.nth(3).click();
    const details = view.locator('li.entry.selected [data-testid="trace-details"]');
    await details.waitFor();
    assert.match(await details.locator('[data-testid="args-tree"]').innerText(), /openclaw:fake-plugin:fake_plugin_tool_17[\s\S]*marker[\s\S]*from-the-trace-test/);
    assert.match(await details.locator('[data-testid="result-tree"]').innerText(), /FAKE_PLUGIN_OK/);
    assert.ok((await details.locator('details.json-node').count()) > 0, 'collapsible nodes');

    // The isolation table says what the probe checked, never "(none checked)".
    const isolation = await view.locator('[data-testid="isolation"]').innerText();
    assert.doesNotMatch(isolation, /none checked/);
    assert.match(isolation, /host globals\s+absent[\s\S]*none of the \d+ checked: require, process/);

    const results: string[] = [];
    for (const [theme, kind, shot] of [[/^Dark Modern/, 'dark', ''], [/^Dark High Contrast/, 'high-contrast', ''], [/^Light Modern/, 'light', 'bridge-trace-light.png']] as const) {
      await pickTheme(page, theme, kind, view);
      const { checked, low } = await contrast(view);
      results.push(`${theme.source}: ${checked} texts, ${low.length} below 4.5:1`);
      assert.ok(checked > 30, `${theme.source}: only ${checked} texts measured`);
      assert.deepEqual(low, [], `${theme.source}: text below 4.5:1`);
      if (shot) {
        await page.screenshot({ path: path.join(resultsDir(), shot) });
      }
    }
    console.log(`      contrast: ${results.join('; ')}`);
  });

  it('saves the trace and reopens it in the trace editor', async () => {
    const view = await webviewWith(page, '[data-testid="save-trace"]');
    const shown = await view.locator('[data-testid="trace-entry"]').count();
    await view.locator('[data-testid="save-trace"]').click();
    await answerFileDialog(page, saved);
    for (let i = 0; i < 40 && !fs.existsSync(saved); i++) {
      await page.waitForTimeout(250);
    }
    const file = JSON.parse(fs.readFileSync(saved, 'utf8')) as { format: string; version: number; report: { trace: unknown[]; outcome: { kind: string } } };
    assert.equal(file.format, 'tool-search-inspector/bridge-trace');
    assert.equal(file.version, 1);
    assert.equal(file.report.trace.length, shown);
    assert.equal(file.report.outcome.kind, 'ok');

    await runCommand(page, 'Tool Search: Open Saved Bridge Trace');
    await answerFileDialog(page, saved);
    const reopened = await webviewWith(page, 'h1:has-text("saved: ui-saved.tstrace.json")');
    assert.equal(await reopened.locator('[data-testid="trace-entry"]').count(), shown);
    assert.equal(await reopened.locator('[data-testid="outcome"]').getAttribute('data-outcome'), 'ok');
    assert.match(await reopened.locator('[data-testid="value"]').innerText(), /FAKE_PLUGIN_OK fake_plugin_tool_17 from-the-trace-test/);
    assert.equal(await reopened.locator('[data-testid="save-trace"]').count(), 0, 'a saved trace is not saved again from its editor');
  });

  it('opens a session log written by compare and steps through it turn by turn', async () => {
    const logFile = path.join(logDir, 'toolSearch.jsonl');
    const events = fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as LogEvent);
    const final = events.filter((e) => e.type === 'call' && e.ok).pop();
    assert.ok(final, 'compare called the target tool');

    await runCommand(page, 'Tool Search: Open Session Log');
    await answerFileDialog(page, logFile);
    const sv = await webviewWith(page, '[data-testid="answer-schemas"]');
    assert.match(await sv.locator('[data-testid="answer-schemas"]').innerText(), new RegExp(`Schemas up front\\s+${events[0]?.schemasUpFront ?? -1}\\b`));
    const count = (t: string) => events.filter((e) => e.type === t).length;
    assert.match(await sv.locator('[data-testid="answer-operations"]').innerText(), new RegExp(`${count('search')} search(es)?, ${count('describe')} describes?`));
    assert.match(await sv.locator('[data-testid="answer-final"]').innerText(), new RegExp(`Final tool\\s+${final.name ?? ''}\\s+${final.id ?? ''}`));
    assert.match(await sv.locator('[data-testid="answer-source"]').innerText(), new RegExp(`OpenClaw plugin ${final.sourceName ?? ''}\\s+via ${final.via ?? ''}`));

    // Every event is a step, in the log's order; Next walks them one by one.
    const kinds = events.map((e) => e.type);
    assert.ok(kinds.includes('model-request'), 'compare records its model requests');
    const steps = sv.locator('[data-testid="step"]');
    assert.equal(await steps.count(), kinds.length);
    const position = sv.locator('[data-testid="step-position"]');
    const current = sv.locator('[data-testid="current-step"]');
    assert.match(await position.innerText(), new RegExp(`^Step 1 of ${kinds.length}`));
    for (let i = 1; i < kinds.length; i++) {
      await sv.locator('[data-testid="next-step"]').click();
      await sv.locator(`[data-testid="step-position"]:has-text("Step ${i + 1} of ${kinds.length}")`).waitFor();
      assert.equal(await current.getAttribute('data-kind'), kinds[i], `step ${i + 1}`);
    }
    assert.equal(await sv.locator('[data-testid="next-step"]:disabled').count(), 1, 'Next stops at the last step');
    // Back to the tool call for the screenshot; the keyboard moves too.
    await sv.locator('[data-testid="steps"]').focus();
    const callIndex = kinds.indexOf('call');
    for (let i = kinds.length - 1; i > callIndex; i--) {
      await page.keyboard.press('ArrowUp');
    }
    await sv.locator(`[data-testid="step-position"]:has-text("Step ${callIndex + 1} of")`).waitFor();
    assert.match(await current.locator('[data-testid="step-event"]').innerText(), /fake_plugin_tool_17/);
    const { checked, low } = await contrast(sv);
    assert.ok(checked > 20, `only ${checked} texts measured`);
    assert.deepEqual(low, [], 'session viewer text below 4.5:1');
    // The answers on top in the picture.
    await (sv.locator('body') as unknown as EvalLocator).evaluate<void>('window.scrollTo(0, 0)');
    await page.screenshot({ path: path.join(resultsDir(), 'session-viewer.png') });
  });

  it('opens the OpenClaw store of a real code-mode run and shows the call made inside tool_search_code under it', async () => {
    // Recorded from a real openclaw agent turn (scripts/record-session-fixtures.mjs).
    const store = path.join(root, 'test', 'fixtures', 'sessions', 'openclaw-2026.9.6', 'code', 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Tool Search: Open Session Log or OpenClaw Sessions');
    await answerFileDialog(page, store);
    const sv = await webviewWith(page, '[data-testid="session-summary"]:has-text("OpenClaw store")');
    assert.match(await sv.locator('[data-testid="session-summary"]').innerText(), /1 turn, \d+ steps from \d+ events of an OpenClaw store \(OpenClaw 2026\.9\.6\)/);
    assert.match(await sv.locator('[data-testid="answer-schemas"]').innerText(), /Schemas up front\s+10\b/);
    assert.match(await sv.locator('[data-testid="answer-operations"]').innerText(), /1 search, 1 describe/);
    assert.match(await sv.locator('[data-testid="answer-final"]').innerText(), /Final tool\s+fake_plugin_tool_17/);
    // The nested call is a depth-1 step under the model's tool_search_code call, and steps have no line links.
    const nested = sv.locator('[data-testid="step"][data-kind="call"].depth-1');
    assert.equal(await nested.count(), 1);
    await nested.click();
    assert.match(await sv.locator('[data-testid="current-step"] [data-testid="step-event"]').innerText(), /tool_search_code:call_1:fake_plugin_tool_17:1/);
    assert.equal(await sv.locator('[data-testid="current-step"] [data-testid="open-line"]').count(), 0);
    const unrecorded = sv.locator('[data-testid="step"][data-kind="describe"]');
    assert.match(await unrecorded.first().innerText(), /not recorded/);
  });

  it('replays a real session\'s search in the Search Playground: same hits or what changed, and where its final tool ranks', async () => {
    const store = path.join(root, 'test', 'fixtures', 'sessions', 'openclaw-2026.9.6', 'tools', 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
    // What that run's tool_search returned (limit 5), as the store recorded it.
    const recorded = ['fake_plugin_tool_17', 'fake_plugin_tool_01', 'fake_plugin_tool_02', 'fake_plugin_tool_13', 'fake_plugin_tool_14'].map((n) => `openclaw:fake-plugin:${n}`);
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Tool Search: Open Session Log or OpenClaw Sessions');
    await answerFileDialog(page, store);
    const sv = await webviewWith(page, '[data-testid="session-summary"]:has-text("OpenClaw store")');
    await sv.locator('[data-testid="step"][data-kind="search"]').first().click();
    await sv.locator('[data-testid="current-step"][data-kind="search"] [data-testid="replay-search"]').click();
    const pg = await webviewWith(page, '[data-testid="replay"]');
    assert.match(await pg.locator('[data-testid="summary"]').innerText(), /\d+ hits? for "fake plugin tool 17" \(limit 5\)/);
    const rows = pg.locator('[data-testid="hits-row"]');
    const now: string[] = [];
    for (let i = 0; i < (await rows.count()); i++) {
      now.push((await rows.nth(i).getAttribute('data-id')) ?? '');
    }
    const banner = await pg.locator('[data-testid="replay"]').innerText();
    // The banner says what the rows show: the session's hits, or how today's differ from them.
    if (JSON.stringify(now) === JSON.stringify(recorded)) {
      assert.match(banner, /Replayed from openclaw-agent\.sqlite: Same hits as the session, in the same order \(5\)\./);
    } else {
      assert.match(banner, /Replayed from openclaw-agent\.sqlite: Hits differ from the session: /);
      for (const id of now.filter((x) => !recorded.includes(x))) {
        assert.ok(banner.includes(id), `the banner names the new hit ${id}: ${banner}`);
      }
    }
    // Why not: where the tool the session finally called ranks today.
    assert.match(await pg.locator('[data-testid="verdict"]').innerText(), /fake_plugin_tool_17 .*for "fake plugin tool 17"/);
  });

  it('the recent runs survive closing the panel and reloading the window (issue 41, part 5)', async () => {
    await closeAllEditors(page);
    await runExactCommand(page, 'File: New Untitled Text File');
    const editor = page.locator('.editor-instance .monaco-editor .view-lines').first();
    await editor.waitFor();
    await editor.click();
    await page.keyboard.insertText(SNIPPET);
    await page.locator('.view-lines').filter({ hasText: SNIPPET.slice(0, 30) }).first().waitFor();
    await runCommand(page, 'Tool Search: Run Bridge Snippet');
    // A new Bridge Trace panel: the runs made in the panels closed before are still in its history.
    const view = await webviewWith(page, '[data-testid="outcome"][data-outcome="ok"]', 60_000);
    const outcomes = async (v: typeof view): Promise<(string | null)[]> => {
      const rows = v.locator('[data-testid="history-row"]');
      return Promise.all(Array.from({ length: await rows.count() }, (_, i) => rows.nth(i).getAttribute('data-outcome')));
    };
    const before = await outcomes(view);
    assert.ok(before.length >= 3, `history after a reopen: ${before.join(', ')}`);
    assert.deepEqual(before.slice(0, 1), ['ok']);
    assert.ok(before.includes('cancelled'), 'the cancelled run of the first test is still listed');
    // A window reload: the panel comes back with the same history, read from the workspace's storage.
    await runCommand(page, 'Developer: Reload Window');
    await page.locator('.monaco-workbench').waitFor({ state: 'hidden', timeout: 30_000 }).catch(() => undefined);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const revived = await webviewWith(page, '[data-testid="history-row"]', 90_000);
    await revived.locator('[data-testid="history-row"]').nth(before.length - 1).waitFor({ timeout: 30_000 });
    assert.deepEqual(await outcomes(revived), before);
  });
});
