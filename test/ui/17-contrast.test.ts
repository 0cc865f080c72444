import * as path from 'node:path';
import { answerFileDialog, assertContrastInThemes, demoWindow, runCommand, webviewWith, type FrameLocator, type Page } from './harness';

// Issue 30, item 9: every text colour in every panel meets WCAG AA (4.5:1)
// in Light Modern, Dark Modern and both high-contrast themes, measured from
// computed styles with each panel showing real content (the trace panel has
// its own measurement in 13-traces, the catalog diff in 7-catalog-baseline).
const root = path.resolve(__dirname, '..', '..');

interface PanelCase {
  name: string;
  open(page: Page): Promise<FrameLocator>;
}

const PANELS: PanelCase[] = [
  {
    name: 'catalog',
    async open(page) {
      await runCommand(page, 'Tool Search: Open Effective Catalog');
      const view = await webviewWith(page, '[data-testid="catalog-size"]', 90_000);
      await view.locator('tr[data-tool-id]').first().waitFor();
      return view;
    },
  },
  {
    name: 'mode preview',
    async open(page) {
      await runCommand(page, 'Tool Search: Open Mode Preview');
      const view = await webviewWith(page, '[data-testid="mode-direct"]', 90_000);
      await view.locator('[data-testid="mode-direct"] [data-testid="total-tokens"]:not([data-pending])').waitFor({ timeout: 60_000 });
      return view;
    },
  },
  {
    name: 'search playground',
    async open(page) {
      await runCommand(page, 'Tool Search: Open Search Playground');
      const view = await webviewWith(page, '[data-testid="query"]', 60_000);
      await view.locator('[data-testid="query"]').fill('fake plugin tool');
      await view.locator('[data-testid="hits-row"]').first().waitFor({ timeout: 30_000 });
      await view.locator('[data-testid="tool-picker"]').selectOption('openclaw:fake-plugin:fake_plugin_tool_17');
      await view.locator('[data-testid="why-not"]').click();
      await view.locator('[data-testid="verdict"]').waitFor({ timeout: 30_000 });
      return view;
    },
  },
  {
    name: 'compare',
    async open(page) {
      await runCommand(page, 'Tool Search: Compare Direct Mode and Tool Search');
      const view = await webviewWith(page, '[data-testid="lane-direct"]', 180_000);
      await view.locator('[data-testid="summary"]').filter({ hasText: /checks pass/ }).waitFor({ timeout: 180_000 });
      return view;
    },
  },
  {
    name: 'explain',
    async open(page) {
      await runCommand(page, 'Tool Search: Explain Tool…');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor();
      await input.fill('exec');
      await page.locator('.quick-input-list .monaco-list-row').first().waitFor();
      await page.keyboard.press('Enter');
      return webviewWith(page, '[data-testid="status"]', 60_000);
    },
  },
  {
    name: 'session viewer',
    async open(page) {
      await runCommand(page, 'Tool Search: Open Session Log or OpenClaw Sessions');
      await answerFileDialog(page, path.join(root, 'test', 'fixtures', 'sessions', 'openclaw-2026.9.6', 'tools', 'agents', 'main', 'agent', 'openclaw-agent.sqlite'));
      const view = await webviewWith(page, '[data-testid="session-summary"]', 60_000);
      await view.locator('[data-testid="step"][data-kind="search"]').first().click();
      return view;
    },
  },
];

describe('contrast: every panel reads at >= 4.5:1 in light, dark and both high-contrast themes', () => {
  let page: Page | undefined;

  demoWindow({ shot: 'contrast' }, (w) => ({ page } = w));

  for (const panel of PANELS) {
    it(`${panel.name}: no text below 4.5:1 in any of the four themes`, async function () {
      this.timeout(600_000);
      const p = page as Page;
      await runCommand(p, 'View: Close All Editors');
      const view = await panel.open(p);
      await assertContrastInThemes(p, view, panel.name);
    });
  }
});
