import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { addDemoSettings, catalogWebview, demoWindow, env, resultsDir, runCommand, type EvalLocator, type FrameLocator, type Page } from './harness';

// The Effective Catalog as a workbench, as a user meets it on the demo: sort
// and facet the table, open a tool and read what describe gives the model,
// then call the demo's `everything__echo` from the generated form through the
// gateway. A workspace setting makes that tool ask first, so the editor's
// approval prompt appears: Allow once shows the result, Deny the refusal.
// The setting is added to the demo's settings file before the window opens, and the file put back after.
const TOOL = 'mcp:everything:echo';
const MANIFEST = () => path.join(env('TSI_WORKSPACE'), 'plugins', 'fake-plugin', 'openclaw.plugin.json');

async function shownNames(view: FrameLocator): Promise<string[]> {
  const names = view.locator('[data-testid="tools"] tbody tr[data-tool-id] .tool-name');
  const out: string[] = [];
  const n = Math.min(await names.count(), 8);
  for (let i = 0; i < n; i++) {
    out.push((await names.nth(i).textContent()) ?? '');
  }
  return out;
}

function isSorted(xs: string[], dir: 1 | -1): boolean {
  const c = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return xs.every((x, i) => i === 0 || dir * c.compare(xs[i - 1] as string, x) <= 0);
}

describe('Catalog workbench: table, tool detail and Try it', () => {
  let page: Page;
  let restoreSettings: (() => void) | undefined;
  const original = fs.readFileSync(MANIFEST(), 'utf8');

  demoWindow({
    shot: (title) => `workbench-${title.replace(/[^a-z0-9]+/gi, '-').slice(0, 50)}`,
    setUp: () => {
      restoreSettings = addDemoSettings({ 'toolSearchInspector.approvals.tools': ['everything__echo'] });
    },
    tearDown: () => {
      restoreSettings?.();
      // The web workbench may save an applied edit on its own (files.autoSave): put the demo back.
      if (fs.readFileSync(MANIFEST(), 'utf8') !== original) {
        fs.writeFileSync(MANIFEST(), original);
      }
    },
  }, (w) => ({ page } = w));

  it('sorts by a column (click and keyboard) and narrows by source and status facets', async () => {
    await runCommand(page, 'Tool Search: Open Effective Catalog');
    const view = catalogWebview(page);
    await view.locator('[data-testid="catalog-size"]').waitFor({ timeout: 60_000 });
    await view.locator('tr[data-tool-id]').first().waitFor();
    const total = /of (\d+) tools/.exec(await view.locator('[data-testid="tool-count"]').innerText())?.[1];
    assert.ok(total, 'the count names the catalog size');

    await view.locator('[data-testid="sort-name"]').click();
    await view.locator('th[aria-sort="ascending"] [data-testid="sort-name"]').waitFor();
    assert.ok(isSorted(await shownNames(view), 1), 'ascending by name');
    await view.locator('[data-testid="sort-name"]').click();
    await view.locator('th[aria-sort="descending"] [data-testid="sort-name"]').waitFor();
    assert.ok(isSorted(await shownNames(view), -1), 'descending by name');
    // From the keyboard: the header buttons take Enter.
    await view.locator('[data-testid="sort-status"]').focus();
    await page.keyboard.press('Enter');
    await view.locator('th[aria-sort="ascending"] [data-testid="sort-status"]').waitFor();

    const mcp = view.locator('[data-testid="facet-source-mcp"]');
    const mcpCount = (await mcp.locator('.count').textContent()) ?? '';
    await mcp.click();
    await view.locator('[data-testid="tool-count"]').filter({ hasText: `${mcpCount} of ${total} tools` }).waitFor();
    for (const src of await view.locator('[data-testid="tools"] tbody tr[data-tool-id] td.src').count().then(async (n) => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) {
        out.push((await view.locator('[data-testid="tools"] tbody tr[data-tool-id] td.src').nth(i).textContent()) ?? '');
      }
      return out;
    })) {
      assert.match(src, /^MCP · /);
    }
    // MCP and excluded: the filesystem server's move_file, cut by its toolFilter, reason in full.
    await view.locator('[data-testid="facet-status-excluded"]').click();
    const moveFile = view.locator('tr[data-tool-id="mcp:filesystem:move_file"]');
    await moveFile.waitFor();
    assert.match(await moveFile.locator('td.reason').innerText(), /toolFilter\.exclude/);
    await view.locator('[data-testid="facet-status-excluded"]').click();
    await mcp.click();
    await view.locator('[data-testid="tool-count"]').filter({ hasText: `${total} of ${total} tools` }).waitFor();
  });

  it('opens a tool and reads what describe returns, its input schema, cost and server health', async () => {
    const view = catalogWebview(page);
    await view.locator('#filter').fill('everything__echo');
    const row = view.locator(`tr[data-tool-id="${TOOL}"]`);
    await row.waitFor();
    await row.locator('td.src').click();
    const detail = view.locator('[data-testid="detail"]');
    await detail.locator('[data-testid="detail-name"]').filter({ hasText: 'everything__echo' }).waitFor({ timeout: 30_000 });
    const described = await detail.locator('[data-testid="described-json"]').innerText();
    assert.match(described, /input: "\{ message: string \}"/);
    const schema = await detail.locator('[data-testid="input-schema-tree"]').innerText();
    assert.match(schema, /properties/);
    assert.match(schema, /message/);
    assert.match(await detail.locator('[data-testid="direct-size"]').innerText(), /[1-9][\d,]* bytes · [1-9][\d,]* tokens \(o200k_base\)/);
    assert.match(await detail.locator('[data-testid="server-health"]').innerText(), /ok[\s\S]*everything[\s\S]*connect and list \d+/);
  });

  it('calls the tool from the form through the approval prompt: Allow once shows the result, Deny the refusal', async () => {
    const view = catalogWebview(page);
    const detail = view.locator('[data-testid="detail"]');
    await detail.locator('input[data-path=\'["message"]\']').fill('hello from the form');
    await detail.locator('[data-testid="try-validation"]').filter({ hasText: 'match the input schema' }).waitFor({ timeout: 30_000 });

    await detail.locator('[data-testid="try-run"]').click();
    const dialog = page.locator('.monaco-dialog-box').filter({ hasText: 'everything__echo' });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.locator('.monaco-button').filter({ hasText: /^Allow once$/ }).first().click();
    await detail.locator('[data-testid="try-outcome"]').filter({ hasText: 'Result in' }).waitFor({ timeout: 30_000 });
    assert.match(await detail.locator('[data-testid="try-text"]').innerText(), /hello from the form/);
    assert.match(await detail.locator('[data-testid="try-json"]').innerText(), /content/);
    await page.screenshot({ path: path.join(resultsDir(), 'catalog-workbench.png') });

    await detail.locator('[data-testid="try-run"]').click();
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.locator('.monaco-button').filter({ hasText: /^Deny$/ }).first().click();
    const refused = detail.locator('[data-testid="try-outcome"]').filter({ hasText: 'Refused (approval)' });
    await refused.waitFor({ timeout: 30_000 });
    assert.match(await refused.innerText(), /approval denied/);
    assert.equal(await detail.locator('[data-testid="try-history"] li').count(), 2, 'both calls are in the history');
    // Issue 30, item 12: the history's numbers line up, newest first, each on its entry's first line.
    const rows = await (detail.locator('[data-testid="try-history"]') as unknown as EvalLocator).evaluate<{ n: string; nRight: number; msRight: number; nTop: number; atTop: number }[]>(`(() => {
      const text = (e) => { const r = document.createRange(); r.selectNodeContents(e); return r.getBoundingClientRect(); };
      return [...document.querySelectorAll('[data-testid="try-history-entry"]')].map((b) => {
        const n = b.querySelector('[data-testid="call-number"]');
        const ms = b.querySelector('[data-testid="call-ms"]');
        const at = b.querySelector('.at');
        return n && ms && at ? { n: n.textContent, nRight: Math.round(text(n).right), msRight: Math.round(text(ms).right), nTop: Math.round(text(n).top), atTop: Math.round(text(at).top) } : { n: '', nRight: NaN, msRight: NaN, nTop: NaN, atTop: NaN };
      });
    })()`);
    assert.deepEqual(rows.map((r) => r.n), ['2', '1'], 'numbered newest first');
    assert.ok(Math.abs((rows[0]?.nRight ?? NaN) - (rows[1]?.nRight ?? NaN)) <= 1, `call numbers out of line: ${JSON.stringify(rows)}`);
    assert.ok(Math.abs((rows[0]?.msRight ?? NaN) - (rows[1]?.msRight ?? NaN)) <= 1, `durations out of line: ${JSON.stringify(rows)}`);
    assert.ok(rows.every((r) => Math.abs(r.nTop - r.atTop) <= 2), `a number sits off its entry's first line: ${JSON.stringify(rows)}`);
  });

  it('shows a description suggestion from the demo session logs in the detail and applies it as an undoable edit', async () => {
    const view = catalogWebview(page);
    await view.locator('#filter').fill('fake_plugin_tool_02');
    const row = view.locator('tr[data-tool-id="openclaw:fake-plugin:fake_plugin_tool_02"]');
    await row.waitFor();
    await row.locator('td.src').click();
    const detail = view.locator('[data-testid="detail"]');
    await detail.locator('[data-testid="detail-name"]').filter({ hasText: 'fake_plugin_tool_02' }).waitFor({ timeout: 30_000 });
    const proposed = detail.locator('[data-testid="suggestion-proposed"]');
    await proposed.waitFor({ timeout: 60_000 });
    assert.match(await proposed.innerText(), /Related: parcel/);
    await detail.locator('[data-testid="suggestion-action"]').click();
    const manifest = page.locator('.editor-instance .view-lines').filter({ hasText: 'Related:' }).first();
    await manifest.waitFor({ timeout: 30_000 });
    assert.match(await manifest.innerText(), /Related:\sparcel/);
    // Undo takes it back, as with any edit; leave no dirty editor behind.
    await manifest.click();
    await page.keyboard.press('Control+Z');
    await page.waitForTimeout(500);
    assert.doesNotMatch(await page.locator('.editor-instance .view-lines').first().innerText(), /Related:/);
    await runCommand(page, 'View: Revert and Close Editor');
  });

  it('marks a description OpenClaw cuts, with both lengths and a drawn icon (issue 30, item 12; a real MCP server with a 2,781-character description)', async () => {
    const config = path.join(env('TSI_WORKSPACE'), 'openclaw.json');
    const before = fs.readFileSync(config, 'utf8');
    const wiki = '      wiki: { command: "node", args: ["../../test/fixtures/mcp/hostileServer.mjs", "long-description"] },\n';
    assert.ok(before.includes('    servers: {\n'));
    fs.writeFileSync(config, before.replace('    servers: {\n', `    servers: {\n${wiki}`));
    try {
      const view = catalogWebview(page);
      await view.locator('#filter').fill('search_wiki');
      const row = view.locator('tr[data-tool-id="mcp:wiki:search_wiki"]');
      await row.waitFor({ timeout: 90_000 });
      await row.locator('td.src').click();
      const note = view.locator('[data-testid="detail"] [data-testid="description-cut"]');
      await note.waitFor({ timeout: 30_000 });
      assert.match(await note.innerText(), /OpenClaw cuts this description: 2,781 → 1,\d{3} characters\. The model reads only the first 1,\d{3}/);
      // Its icon is a codicon the font has: an unknown name draws nothing.
      const drawn = await (note.locator('.codicon') as unknown as EvalLocator).evaluate<{ content: string; width: number }>(`(() => {
        const e = document.querySelector('[data-testid="description-cut"] .codicon');
        return e ? { content: getComputedStyle(e, '::before').content, width: e.getBoundingClientRect().width } : { content: 'none', width: 0 };
      })()`);
      assert.ok(drawn.width > 0 && drawn.content !== 'none' && drawn.content !== 'normal', `the note's icon is not drawn: ${JSON.stringify(drawn)}`);
    } finally {
      fs.writeFileSync(config, before);
    }
  });
});
