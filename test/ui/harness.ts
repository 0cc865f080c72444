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
  evaluate<R>(fn: (element: HTMLElement) => R): Promise<R>;
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
/** The workbench on `folder` (default: the demo), with the extension under development when there is one. */
export function workbenchUrl(base: string, folder: string = env('TSI_WORKSPACE')): string {
  const dev = process.env.TSI_UI_DEV_PATH;
  const payload = dev ? `&payload=${encodeURIComponent(JSON.stringify([['extensionDevelopmentPath', `vscode-remote://${new URL(base).host}${dev}`]]))}` : '';
  return `${base}/?folder=${encodeURIComponent(folder)}${payload}`;
}

/** Opens the workbench on a folder and waits until it is usable. */
export async function openWorkbench(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.activitybar').waitFor({ timeout: 60_000 });
  return page;
}

/**
 * Opens the quick input with F1 and types `value` into it (`>` for a command,
 * a file name for Quick Open, `:line:col` for Go to Line), tried again when it
 * does not take: a key pressed while a webview or the trust editor holds the
 * focus may never reach the workbench, and a webview that finishes loading
 * just after can take the focus and close the widget under the fill (its input
 * goes inert, then hidden). F1 rather than Ctrl+P: the browser may keep Ctrl+P.
 */
export async function fillQuickInput(page: Page, value: string, what = value): Promise<Locator> {
  const input = page.locator('.quick-input-widget input');
  for (let attempt = 1; ; attempt++) {
    // A modal dialog (a save prompt from an earlier test's editor) takes the keyboard: dismiss it.
    if (await page.locator('.monaco-dialog-box').isVisible().catch(() => false)) {
      await page.keyboard.press('Escape');
    }
    await page.keyboard.press('F1');
    const shown = await input.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false);
    if (shown && (await input.fill(value, { timeout: 5_000 }).then(() => true, () => false))) {
      return input;
    }
    await page.keyboard.press('Escape');
    if (attempt === 5) {
      throw new Error(`the quick input never took "${what}" (${shown ? 'it closed under the typing' : 'F1 did not open it'})`);
    }
    await page.waitForTimeout(500);
  }
}

/** Opens a workspace file by name through Quick Open; waits until its tab is the active one. */
export async function quickOpenFile(page: Page, name: string): Promise<void> {
  await fillQuickInput(page, name);
  // The focused row, not any row: before the filter settles, the recent files (the file open now first) are listed and Enter would take that.
  await page.locator('.quick-input-list .monaco-list-row.focused').filter({ hasText: name }).first().waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active').filter({ hasText: name }).first().waitFor({ timeout: 30_000 });
}

export async function runCommand(page: Page, title: string): Promise<void> {
  // The palette can open before it has the extension's commands (it then offers
  // "similar commands"); reopening it picks them up.
  for (let attempt = 1; ; attempt++) {
    await fillQuickInput(page, `>${title}`);
    const row = page.locator('.quick-input-list .monaco-list-row').filter({ hasText: title }).first();
    if (await row.waitFor({ timeout: 10_000 }).then(() => true, () => false)) {
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

/** Locators can evaluate in their frame; the harness types only what most tests use. */
export interface EvalLocator {
  evaluate<R>(expression: string): Promise<R>;
}

export interface LowContrast {
  text: string;
  /** The element: tag and classes. */
  where: string;
  ratio: number;
  fg: string;
  bg: string;
}

// An expression, not a function: the page then runs exactly this source (the
// test loader would otherwise wrap named helpers in calls the page lacks). For every
// element with visible text: its colour (with its own alpha and its
// ancestors' opacity) over the first opaque background up the tree (with the
// translucent ones between blended in), and the WCAG contrast ratio.
export const CONTRAST = `(() => {
  const root = document.body;
  const parse = (c) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c);
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top, bottom) => ({ r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1 });
  const backgroundOf = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
    }
    let base = layers.length > 0 && layers[layers.length - 1].a >= 1 ? layers.pop() : { r: 255, g: 255, b: 255, a: 1 };
    for (let i = layers.length - 1; i >= 0; i--) base = over(layers[i], base);
    return base;
  };
  const lum = (c) => {
    const f = (v) => { v = v / 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const hex = (c) => '#' + [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  const seen = new Set();
  const low = [];
  let checked = 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!el || !node.textContent.trim() || seen.has(el)) continue;
    seen.add(el);
    if (el.closest('.codicon') || el.closest(':disabled')) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility !== 'visible' || el.getClientRects().length === 0) continue;
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const fg0 = parse(cs.color);
    if (!fg0) continue;
    const bg = backgroundOf(el);
    const fg = over({ ...fg0, a: fg0.a * opacity }, bg);
    const l1 = lum(fg), l2 = lum(bg);
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    checked++;
    const where = el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
    if (ratio < 4.5) low.push({ text: node.textContent.trim().slice(0, 50), where, ratio: Math.round(ratio * 100) / 100, fg: hex(fg), bg: hex(bg) });
  }
  return { checked, low };
})()`;

export async function contrast(view: FrameLocator): Promise<{ checked: number; low: LowContrast[] }> {
  return (view.locator('body') as unknown as EvalLocator).evaluate<{ checked: number; low: LowContrast[] }>(CONTRAST);
}

/**
 * Opens a new untitled editor and types `text` into it (insertText: no
 * auto-closing brackets or suggestions between keystrokes), waiting until the
 * editor shows `shown`.
 */
export async function typeIntoUntitled(page: Page, text: string, shown: string): Promise<void> {
  await runExactCommand(page, 'File: New Untitled Text File');
  const editor = page.locator('.editor-instance .monaco-editor .view-lines').first();
  await editor.waitFor();
  await editor.click();
  await page.keyboard.insertText(text);
  await page.locator('.view-lines').filter({ hasText: shown }).first().waitFor();
}

/** Runs the palette entry whose title starts with `title` (Enter could take a near miss). */
export async function runExactCommand(page: Page, title: string): Promise<void> {
  await fillQuickInput(page, `>${title}`);
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: new RegExp(`^${escaped}`) }).first().click();
}

/** The class the workbench and a webview's body carry in each kind of theme. */
export const THEME_KIND = {
  light: { workbench: '.monaco-workbench.vs', webview: 'body.vscode-light' },
  dark: { workbench: '.monaco-workbench.vs-dark', webview: 'body.vscode-dark' },
  'high-contrast': { workbench: '.monaco-workbench.hc-black', webview: 'body.vscode-high-contrast:not(.vscode-high-contrast-light)' },
  'high-contrast-light': { workbench: '.monaco-workbench.hc-light', webview: 'body.vscode-high-contrast-light' },
} as const;

/**
 * Picks a built-in colour theme by clicking its row (typed first: the list is
 * virtual, its lower rows are not rendered), then waits until the workbench and
 * the webview both wear it: colours read before that are the old theme's.
 */
export async function pickTheme(page: Page, theme: RegExp, kind: keyof typeof THEME_KIND, view: FrameLocator): Promise<void> {
  await runExactCommand(page, 'Preferences: Color Theme');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(theme.source.replace(/^\^/, ''));
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ hasText: theme }).first();
  await row.waitFor();
  await row.click();
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await page.locator(THEME_KIND[kind].workbench).waitFor({ state: 'attached', timeout: 30_000 });
  await view.locator(THEME_KIND[kind].webview).waitFor({ state: 'attached', timeout: 30_000 });
  // Off the tab strip, where the pointer left by the clicked row would show a tooltip in the screenshot.
  await page.mouse.move(600, 600);
  await page.waitForTimeout(800);
}

/** The webview (of possibly several) whose document has `selector`; webviews sit two iframes deep. */
export async function webviewWith(page: Page, selector: string, timeoutMs = 30_000): Promise<FrameLocator> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const n = await page.locator('iframe.webview.ready').count();
    for (let i = 0; i < n; i++) {
      const frame = page.frameLocator(`iframe.webview.ready >> nth=${i}`).frameLocator('iframe#active-frame');
      if ((await frame.locator(selector).count().catch(() => 0)) > 0) {
        return frame;
      }
    }
    if (Date.now() > until) {
      throw new Error(`no webview shows ${selector}`);
    }
    await page.waitForTimeout(250);
  }
}

/** Answers VS Code's own file dialog (a quick input in the browser workbench) with a full path. */
export async function answerFileDialog(page: Page, file: string, nextTitle?: string): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  // The dialog resets its value once it has listed its folder: type the path after that.
  await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ timeout: 30_000 });
  for (let attempt = 0; attempt < 4; attempt++) {
    await input.fill(file);
    await page.waitForTimeout(600);
    if ((await input.inputValue()) === file) {
      break;
    }
  }
  await page.keyboard.press('Enter');
  if (nextTitle !== undefined) {
    // Another dialog follows at once (the widget never hides): wait for its title instead.
    await page.locator('.quick-input-widget .quick-input-title').filter({ hasText: nextTitle }).waitFor({ timeout: 15_000 });
    return;
  }
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 15_000 });
}

/** Light Modern, Dark Modern and both high-contrast themes: what every panel's text is measured in. */
export const CONTRAST_THEMES = [[/^Light Modern/, 'light'], [/^Dark Modern/, 'dark'], [/^Dark High Contrast/, 'high-contrast'], [/^Light High Contrast/, 'high-contrast-light']] as const;

/**
 * Measures every visible text of `view` in each of the four themes (WCAG AA,
 * 4.5:1), puts the theme the workbench had back, and fails with one line per
 * kind of low-contrast text (theme, element, colours).
 */
export async function assertContrastInThemes(page: Page, view: FrameLocator, name: string): Promise<void> {
  const initial = (await page.locator(THEME_KIND.dark.workbench).count()) > 0 ? CONTRAST_THEMES[1] : CONTRAST_THEMES[0];
  const results: string[] = [];
  const low: (LowContrast & { theme: string })[] = [];
  try {
    for (const [theme, kind] of CONTRAST_THEMES) {
      await pickTheme(page, theme, kind, view);
      const measured = await contrast(view);
      results.push(`${theme.source.slice(1)}: ${measured.checked} texts`);
      if (measured.checked <= 5) {
        throw new Error(`${name}, ${theme.source}: only ${measured.checked} texts measured`);
      }
      low.push(...measured.low.map((l) => ({ ...l, theme: theme.source.slice(1) })));
    }
  } finally {
    await pickTheme(page, initial[0], initial[1], view);
  }
  console.log(`      ${name}: ${results.join('; ')}`);
  const kinds = [...new Map(low.map((l) => [`${l.theme} ${l.where} ${l.fg} on ${l.bg}`, `${l.theme}: ${l.where} "${l.text}" ${l.fg} on ${l.bg} = ${l.ratio}:1`])).values()];
  if (kinds.length > 0) {
    throw new Error(`${name}: text below 4.5:1\n${kinds.join('\n')}`);
  }
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

/** A browser and a workbench window on the demo, as `demoWindow` hands them to a describe block. */
export interface DemoWindow {
  browser: Browser;
  page: Page;
}

export interface DemoWindowOptions {
  /** The failing test's screenshot, `failed-<shot>.png` in test-results/ (a function of the test's title for one per test). */
  shot: string | ((title: string) => string);
  /**
   * Before the window is handed over: files or settings the window must see.
   * With `fresh`, before the browser starts (the window opens on them).
   */
  setUp?: () => void | Promise<void>;
  /** After a failing test's screenshot (a menu left open takes every later click). */
  onFailure?: (page: Page) => Promise<void>;
  /**
   * With `fresh`: close every editor before the browser, discarding unsaved
   * ones, so the next window on the demo restores none. (A shared window is
   * always put back that way: see `resetWindow`.)
   */
  closeEditors?: boolean;
  /** After the block's window is closed or put back: put the demo back. */
  tearDown?: () => void | Promise<void>;
  /**
   * A window of its own (its own browser and extension host), opened after
   * `setUp`: for a block whose set-up the window must see as it opens (a
   * setting that picks what the extension builds first). Without it the block
   * uses the run's shared window on the demo.
   */
  fresh?: boolean;
}

/**
 * Closes every editor, discarding unsaved ones (a save prompt is answered
 * "Don't Save"): the window then restores none after a reload, and the next
 * block starts on an empty editor area.
 */
export async function closeAllEditors(page: Page): Promise<void> {
  await runCommand(page, 'View: Close All Editors');
  const dontSave = page.locator('.monaco-dialog-box .monaco-button').filter({ hasText: /Don.t Save/ }).first();
  if (await dontSave.waitFor({ timeout: 5_000 }).then(() => true, () => false)) {
    await dontSave.click();
  }
  await page.waitForTimeout(500);
}

/**
 * Puts a shared window back the way a new one opens on the demo, for the next
 * describe block: no quick input, menu, hover or dialog up, no editor open,
 * the panel and notifications closed, the Explorer in the side bar (a click on
 * the Tool Search activity icon then opens that view rather than closing it),
 * the pointer off the tabs. Extension state (the catalog, started MCP
 * servers) stays: blocks that need none of it use `fresh`.
 */
export async function resetWindow(page: Page): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Escape');
  }
  await closeAllEditors(page);
  // Hide Panel is offered only while the panel shows.
  if (await page.locator('.part.panel').first().isVisible().catch(() => false)) {
    await runCommand(page, 'View: Hide Panel');
  }
  await runCommand(page, 'Notifications: Clear All Notifications');
  await runCommand(page, 'View: Show Explorer');
  await page.locator('.part.sidebar .explorer-viewlet, .part.sidebar .explorer-folders-view').first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  await page.mouse.move(600, 600);
}

// The run's shared windows (one on the demo, one on the demo in Restricted
// Mode): each opened by the first block that asks for it, put back after each
// block (resetWindow), closed after the last test.
type SharedKind = 'demo' | 'restricted';
const shared = new Map<SharedKind, Promise<DemoWindow>>();

function sharedWindow(kind: SharedKind): Promise<DemoWindow> {
  let opening = shared.get(kind);
  if (!opening) {
    opening = (async () => {
      const browser = await launchBrowser();
      try {
        const page = kind === 'demo' ? await openWorkbench(browser, workbenchUrl(env('TSI_VSCODE_URL'))) : await openRestricted(browser);
        return { browser, page };
      } catch (err) {
        await browser.close().catch(() => undefined);
        throw err;
      }
    })();
    shared.set(kind, opening);
    const mine = opening;
    // A window that failed to open is not handed to the next block.
    mine.catch(() => {
      if (shared.get(kind) === mine) shared.delete(kind);
    });
  }
  return opening;
}

/** Closes a shared window; the next block that asks opens a new one. */
async function dropSharedWindow(kind: SharedKind): Promise<void> {
  const w = shared.get(kind);
  shared.delete(kind);
  await (await w?.catch(() => undefined))?.browser.close().catch(() => undefined);
}

// After the whole run (a root hook: this module is loaded once per run).
after(async () => {
  for (const kind of [...shared.keys()]) {
    await dropSharedWindow(kind);
  }
});

/**
 * The hooks of a block on a shared window: the window before its tests, a
 * screenshot of a failing test, and the window put back after (or given up
 * when a test failed or it cannot be put back, so what the block left behind
 * cannot fail the blocks after it).
 */
function onSharedWindow(kind: SharedKind, options: DemoWindowOptions, use: (w: DemoWindow) => void): void {
  let page: Page | undefined;
  let failed = false;
  before(async () => {
    await options.setUp?.();
    const w = await sharedWindow(kind);
    page = w.page;
    use(w);
  });
  afterEach(async function () {
    const test = this.currentTest;
    if (test?.state === 'failed' && page) {
      failed = true;
      const shot = typeof options.shot === 'string' ? options.shot : options.shot(test.title);
      await page.screenshot({ path: path.join(resultsDir(), `failed-${shot}.png`) }).catch(() => undefined);
      await options.onFailure?.(page);
    }
  });
  after(async function () {
    this.timeout(120_000);
    try {
      if (!page) {
        return;
      }
      const reset = failed ? false : await resetWindow(page).then(() => true, (err: unknown) => {
        console.log(`      (the shared window could not be put back; the next block opens a new one: ${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
        return false;
      });
      if (!reset) {
        await dropSharedWindow(kind);
      }
    } finally {
      await options.tearDown?.();
    }
  });
}

/**
 * A block on the run's shared window in Restricted Mode (the Workspace Trust
 * server's demo, the trust prompt answered "No"): for tests that only read
 * what an untrusted workspace shows. A block that changes the trust opens its
 * own with `openRestricted`.
 */
export function restrictedWindow(options: Omit<DemoWindowOptions, 'fresh' | 'closeEditors'>, use: (w: DemoWindow) => void): void {
  onSharedWindow('restricted', options, use);
}

/**
 * The mocha hooks every UI describe block had of its own: a window on the
 * demo before its tests (`use` receives it), a screenshot of a failing test,
 * and the window put back (shared) or closed (`fresh`) after. A block with a
 * failed test gives the shared window up, so what it left behind cannot fail
 * the blocks after it.
 */
export function demoWindow(options: DemoWindowOptions, use: (w: DemoWindow) => void): void {
  if (options.fresh !== true) {
    onSharedWindow('demo', options, use);
    return;
  }
  let browser: Browser | undefined;
  let page: Page | undefined;
  before(async () => {
    await options.setUp?.();
    browser = await launchBrowser();
    page = await openWorkbench(browser, workbenchUrl(env('TSI_VSCODE_URL')));
    use({ browser, page });
  });
  afterEach(async function () {
    const test = this.currentTest;
    if (test?.state === 'failed' && page) {
      const shot = typeof options.shot === 'string' ? options.shot : options.shot(test.title);
      await page.screenshot({ path: path.join(resultsDir(), `failed-${shot}.png`) }).catch(() => undefined);
      await options.onFailure?.(page);
    }
  });
  after(async () => {
    if (page && options.closeEditors === true) {
      await closeAllEditors(page).catch(() => undefined);
    }
    await browser?.close();
    await options.tearDown?.();
  });
}
