import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { demoWindow, env, quickOpenFile, resultsDir, runCommand, type Locator, type Page } from './harness';

// Bridge snippets as a user writes them: IntelliSense from VS Code's own
// JavaScript service (through the extension's TypeScript server plugin),
// tool ids from the catalog, the run CodeLens, errors on their lines, and a
// re-run from the trace panel that runs the snippet that ran, not the
// editor that happens to be visible. The files are written into the demo
// folder for this test and removed after it.

const FILES: Record<string, string> = {
  'ui-complete.toolsearch.js': '// IntelliSense in a snippet file\n',
  'ui-syntax.toolsearch.js': ['const hits = await openclaw.tools.search("flags");', '', 'const broken = ;', 'return hits;', ''].join('\n'),
  'ui-throw.toolsearch.js': ['const d = await openclaw.tools.describe("fake_plugin_tool_17");', 'console.log("described", d.name);', 'if (d.name) {', '  throw new Error("boom " + d.name);', '}', ''].join('\n'),
};

const dir = () => path.join(env('TSI_WORKSPACE'), 'snippets');

/** The editor group whose active tab is `name`. */
function groupOf(page: Page, name: string) {
  return page.locator(`.editor-group-container:has(.tab.active:has-text("${name}"))`).first();
}

/**
 * Moves the keyboard to the first editor group's text: after a run the trace
 * panel's webview may hold focus (and take it late, closing a quick input).
 */
async function focusFirstGroup(page: Page): Promise<void> {
  // The first rendered line, not the lines layer: that layer is taller than the editor, and clicking its
  // middle scrolls the editor down (taking the CodeLens above line 1 out of the DOM).
  const line = page.locator('.editor-group-container').first().locator('.view-lines .view-line').first();
  // Best effort: an editor being closed re-renders its lines until it is gone; Control+1 below moves the focus regardless.
  if (await line.isVisible().catch(() => false)) {
    // Near its left end: a click in the middle of a long line (inline notes included) scrolls the editor sideways.
    await line.click({ timeout: 5_000, position: { x: 4, y: 4 } }).catch(() => undefined);
  }
  await page.keyboard.press('Control+1');
  await page.keyboard.press('Control+Home');
}

/** Opens a file in the first editor group, so the trace panel stays beside it. */
async function openFile(page: Page, name: string): Promise<void> {
  await focusFirstGroup(page);
  await quickOpenFile(page, name);
  await groupOf(page, name).waitFor({ timeout: 30_000 });
  await page.keyboard.press('Control+Home');
}

/**
 * Waits until the suggest widget's focused row is `text`, so the Enter that
 * follows accepts it (a row merely listed may sit below the focused one while
 * the list refreshes); the JavaScript service may still be starting, so ask
 * again until it answers.
 */
async function suggestion(page: Page, text: string | RegExp): Promise<void> {
  const row = page.locator('.suggest-widget .monaco-list-row.focused').filter({ hasText: text }).first();
  for (let i = 0; i < 8; i++) {
    if (await row.waitFor({ timeout: 10_000 }).then(() => true, () => false)) {
      return;
    }
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Space');
  }
  throw new Error(`no suggestion ${String(text)}`);
}

/**
 * On a new line, `await openclaw.tools.OP("")`, then `typed` inside the
 * quotes, and accepts the completion `id`. The closing quote and bracket are
 * typed, not left to auto-closing (which a busy tokenizer sometimes skips):
 * the completion must replace only what is inside the quotes.
 */
async function completeToolId(page: Page, lines: Locator, op: 'call' | 'describe', typed: string, id: string): Promise<void> {
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText(`await openclaw.tools.${op}("")`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(typed);
  await suggestion(page, id);
  await page.keyboard.press('Enter');
  // The accepted item lands a moment after the key press: read the text once it has (or after 10 s, and the caller's check fails).
  await lines.filter({ hasText: `${op}("${id}")` }).waitFor({ timeout: 10_000 }).catch(() => undefined);
}

/** The Problems view's row for `text` (the view is opened once; later calls only read it). */
function problemRow(page: Page, text: RegExp) {
  return page.locator('.markers-panel .monaco-list-row').filter({ hasText: text }).first();
}

async function showProblems(page: Page): Promise<void> {
  if (!(await page.locator('.markers-panel').isVisible().catch(() => false))) {
    await focusFirstGroup(page);
    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    await page.locator('.markers-panel').waitFor({ timeout: 30_000 });
  }
}

/** Its diagnostics appearing says the run ended (the last-run lens may wait for the editor to be shown again). */
async function problemText(page: Page, text: RegExp): Promise<string> {
  await showProblems(page);
  const row = problemRow(page, text);
  await row.waitFor({ timeout: 60_000 });
  return row.innerText();
}

/** Clicks "Run in Tool Search sandbox" above `name`. */
async function runLens(page: Page, name: string): Promise<void> {
  const lens = groupOf(page, name).locator('.codelens-decoration a').filter({ hasText: 'Run in Tool Search sandbox' }).first();
  await lens.waitFor({ timeout: 30_000 });
  await lens.click();
}

describe('Bridge snippets in the editor', () => {
  let page: Page;

  demoWindow({
    shot: 'snippets',
    setUp: () => {
      fs.mkdirSync(dir(), { recursive: true });
      for (const [name, text] of Object.entries(FILES)) {
        fs.writeFileSync(path.join(dir(), name), text);
      }
    },
    tearDown: () => {
      for (const name of Object.keys(FILES)) {
        fs.rmSync(path.join(dir(), name), { force: true });
      }
    },
  }, (w) => ({ page } = w));

  it('completes openclaw.tools.se from the shipped declarations and a tool id inside call("', async () => {
    await openFile(page, 'ui-complete.toolsearch.js');
    const lines = groupOf(page, 'ui-complete.toolsearch.js').locator('.view-lines').first();
    await lines.locator('.view-line').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('const hits = await openclaw.tools.se');
    await suggestion(page, /^search/);
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('(');
    await page.keyboard.press('Escape');
    // The list is virtual (only the rows in view exist): narrow it to the tool first.
    await completeToolId(page, lines, 'call', 'fake_plugin_tool_17', 'openclaw:fake-plugin:fake_plugin_tool_17');
    // Typing the name people see (an MCP tool's `server__tool`) finds the tool too, and inserts its id.
    await completeToolId(page, lines, 'describe', 'filesystem__read_text', 'mcp:filesystem:read_text_file');
    const text = await lines.innerText();
    assert.match(text, /openclaw\.tools\.search\(/);
    assert.match(text, /openclaw\.tools\.call\("openclaw:fake-plugin:fake_plugin_tool_17"\)/);
    assert.match(text, /openclaw\.tools\.describe\("mcp:filesystem:read_text_file"\)/);
    await runCommand(page, 'View: Revert and Close Editor');
  });

  it('the demo\'s intentional problems read as intentional in Problems: infos labelled with the file\'s reason, no error (issue 44)', async function () {
    this.timeout(120_000);
    const notes = problemRow(page, /notes_summarize/);
    assert.match(await problemText(page, /notes_summarize/), /Intentional \(the demo shows a tool declared in contracts\.tools but never defined\)/);
    assert.equal(await notes.locator('.codicon-error, .codicon-warning').count(), 0, 'the row is an info');
    assert.match(await problemText(page, /client tool name conflict: web_search/), /Intentional \(the demo shows a client tool/);
  });

  it('runs from the CodeLens; a syntax error and a thrown error land as diagnostics on their lines', async function () {
    this.timeout(240_000);
    await showProblems(page);
    await openFile(page, 'ui-syntax.toolsearch.js');
    await runLens(page, 'ui-syntax.toolsearch.js');
    assert.match(await problemText(page, /does not compile/), /\[Ln 3, Col 1\]/);

    await openFile(page, 'ui-throw.toolsearch.js');
    await runLens(page, 'ui-throw.toolsearch.js');
    assert.match(await problemText(page, /boom fake_plugin_tool_17/), /\[Ln 4, Col 1\]/);
    await page.waitForTimeout(1_000);
    await focusFirstGroup(page);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(resultsDir(), 'snippet-editor.png') });
  });

  it('re-runs the snippet that ran, not the editor that is visible, when the trace panel has focus', async function () {
    this.timeout(240_000);
    await showProblems(page);
    // ui-throw ran last. An edit clears its marks (they belong to the text that ran), so a new run shows.
    await openFile(page, 'ui-throw.toolsearch.js');
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    await problemRow(page, /boom fake_plugin_tool_17/).waitFor({ state: 'hidden', timeout: 30_000 });
    await page.keyboard.press('Control+S');
    // Another snippet becomes the visible editor, then the trace panel takes focus.
    await openFile(page, 'ui-syntax.toolsearch.js');
    await page.locator('.tabs-container .tab').filter({ hasText: 'Bridge Trace' }).first().click();
    await page.waitForTimeout(1_000);
    await runCommand(page, 'Tool Search: Run Bridge Snippet');
    // The run was ui-throw's: its error is back on line 4, and ui-syntax is still the file in view.
    assert.match(await problemText(page, /boom fake_plugin_tool_17/), /\[Ln 4, Col 1\]/);
    assert.ok(await groupOf(page, 'ui-syntax.toolsearch.js').isVisible());
  });
});
