// Shared setup for the workbench UI tests. playwright-core lives in the
// tooling folder (never a dependency of the extension), so it is loaded from
// there and typed by the few members these tests use.
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';

export interface Locator {
  first(): Locator;
  nth(i: number): Locator;
  locator(selector: string): Locator;
  filter(opts: { hasText: string | RegExp }): Locator;
  waitFor(opts?: { state?: 'visible' | 'attached' | 'hidden'; timeout?: number }): Promise<void>;
  click(opts?: { button?: 'left' | 'right'; timeout?: number; position?: { x: number; y: number } }): Promise<void>;
  hover(): Promise<void>;
  fill(text: string, opts?: { timeout?: number }): Promise<void>;
  selectOption(value: string): Promise<unknown>;
  press(key: string): Promise<void>;
  focus(): Promise<void>;
  textContent(): Promise<string | null>;
  innerText(): Promise<string>;
  inputValue(): Promise<string>;
  count(): Promise<number>;
  getAttribute(name: string): Promise<string | null>;
  boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null>;
  isVisible(): Promise<boolean>;
  scrollIntoViewIfNeeded(opts?: { timeout?: number }): Promise<void>;
}
export interface FrameLocator {
  locator(selector: string): Locator;
  frameLocator(selector: string): FrameLocator;
}
export interface Page {
  goto(url: string): Promise<unknown>;
  reload(): Promise<unknown>;
  locator(selector: string): Locator;
  frameLocator(selector: string): FrameLocator;
  keyboard: { press(key: string): Promise<void>; type(text: string): Promise<void>; insertText(text: string): Promise<void> };
  mouse: { move(x: number, y: number, opts?: { steps?: number }): Promise<void>; down(): Promise<void>; up(): Promise<void> };
  screenshot(opts: { path: string; fullPage?: boolean }): Promise<unknown>;
  waitForTimeout(ms: number): Promise<void>;
  close(): Promise<void>;
}
export interface Browser {
  newPage(opts?: { viewport?: { width: number; height: number } }): Promise<Page>;
  close(): Promise<void>;
}

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

export function env(name: string): string {
  const v = process.env[name];
  if (!v) {
    throw new Error(`${name} is not set: run these tests through \`npm run test:vscode\``);
  }
  return v;
}

export async function launchBrowser(): Promise<Browser> {
  const pwPath = path.join(env('TSI_TOOLING_DIR'), 'playwright', 'node_modules', 'playwright-core');
  const require = createRequire(path.join(pwPath, 'package.json'));
  const { chromium } = require(pwPath) as { chromium: { launch(o: { executablePath: string; args: string[] }): Promise<Browser> } };
  return chromium.launch({ executablePath: process.env.TSI_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export function resultsDir(): string {
  const dir = process.env.TSI_RESULTS_DIR ?? path.join(os.tmpdir(), 'tsi-test-results');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The workbench URL for the demo folder on a server (development runs load the extension from the folder). */
export function workbenchUrl(base: string): string {
  const dev = process.env.TSI_UI_DEV_PATH;
  const payload = dev ? `&payload=${encodeURIComponent(JSON.stringify([['extensionDevelopmentPath', `vscode-remote://${new URL(base).host}${dev}`]]))}` : '';
  return `${base}/?folder=${encodeURIComponent(env('TSI_WORKSPACE'))}${payload}`;
}

/** Opens the workbench on a folder and waits until it is usable. */
export async function openWorkbench(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.activitybar').waitFor({ timeout: 60_000 });
  return page;
}

export async function runCommand(page: Page, title: string): Promise<void> {
  // The palette can open before it has the extension's commands (it then offers
  // "similar commands"); reopening it picks them up.
  for (let attempt = 1; ; attempt++) {
    // A modal dialog (a save prompt from an earlier test's editor) takes the keyboard: dismiss it.
    if (await page.locator('.monaco-dialog-box').isVisible().catch(() => false)) {
      await page.keyboard.press('Escape');
    }
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    const shown = await input.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false);
    if (!shown) {
      await page.keyboard.press('Escape');
      if (attempt === 3) {
        throw new Error(`the command palette did not open for "${title}"`);
      }
      continue;
    }
    await input.fill(`>${title}`);
    const row = page.locator('.quick-input-list .monaco-list-row').filter({ hasText: title }).first();
    const found = await row.waitFor({ timeout: 10_000 }).then(() => true, () => false);
    if (found) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Escape');
    if (attempt === 3) {
      throw new Error(`the command palette never offered "${title}"`);
    }
  }
}

/** Drags the side bar's edge so tree descriptions (the reasons) fit. */
export async function widenSideBar(page: Page, width: number): Promise<void> {
  const box = await page.locator('.part.sidebar').boundingBox();
  const sashes = page.locator('.monaco-sash.vertical:not(.disabled)');
  if (!box) {
    return;
  }
  // The grid's sash sits on the side bar's right edge.
  for (let i = 0; i < (await sashes.count()); i++) {
    const s = await sashes.nth(i).boundingBox();
    if (s && Math.abs(s.x + s.width / 2 - (box.x + box.width)) < 6 && s.height > box.height / 2) {
      const y = s.y + s.height / 2;
      await page.mouse.move(s.x + s.width / 2, y);
      await page.mouse.down();
      await page.mouse.move(box.x + width, y, { steps: 8 });
      await page.mouse.up();
      // Move off the sash so it is not drawn highlighted in screenshots.
      await page.mouse.move(box.x + width + 300, box.y + box.height - 20);
      return;
    }
  }
}

/** The panel's document: webviews sit two iframes deep. */
export function catalogWebview(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/**
 * Opens the untrusted server's workbench as a user meets it: the trust
 * prompt (answered "No") or straight Restricted Mode, whichever comes.
 */
export async function openRestricted(browser: Browser): Promise<Page> {
  const page = await openWorkbench(browser, workbenchUrl(env('TSI_VSCODE_UNTRUSTED_URL')));
  const no = page.locator('.monaco-dialog-box .monaco-button').filter({ hasText: /No, I don.t trust/ }).first();
  const restricted = page.locator('.statusbar-item').filter({ hasText: 'Restricted Mode' }).first();
  // Both waits settle (the loser with 'none'), so neither leaves an unhandled rejection.
  const first = await Promise.race([
    no.waitFor({ timeout: 60_000 }).then(() => 'prompt', () => 'none'),
    restricted.waitFor({ timeout: 60_000 }).then(() => 'restricted', () => 'none'),
  ]);
  if (first === 'prompt') {
    await no.click();
  }
  await restricted.waitFor();
  return page;
}

/**
 * Adds workspace settings to the demo folder's committed
 * .vscode/settings.json (its snapshot and readUserConfig stay) and returns
 * the function that puts the file back byte for byte.
 */
export function addDemoSettings(extra: Record<string, unknown>): () => void {
  const file = path.join(env('TSI_WORKSPACE'), '.vscode', 'settings.json');
  const original = fs.readFileSync(file, 'utf8');
  // The committed file is JSON with comments: keep them, add the keys before the closing brace.
  const end = original.lastIndexOf('}');
  const added = Object.entries(extra).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n');
  fs.writeFileSync(file, `${original.slice(0, end).trimEnd()},\n${added}\n${original.slice(end)}`);
  return () => fs.writeFileSync(file, original);
}
