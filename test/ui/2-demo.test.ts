import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { launchBrowser, openWorkbench, resultsDir, type Browser } from './harness';

const root = path.resolve(__dirname, '..', '..');

/** Live processes (not zombies) by process group, and by a marker in their command line. */
function processes(): { pid: number; pgid: number; cmd: string }[] {
  const out: { pid: number; pgid: number; cmd: string }[] = [];
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (rest[0] === 'Z') continue;
      out.push({ pid: Number(e), pgid: Number(rest[2]), cmd: fs.readFileSync(`/proc/${e}/cmdline`, 'utf8').replace(/\0/g, ' ') });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function waitForLine(child: ChildProcess, re: RegExp, log: string[], ms: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no line matching ${re} within ${ms / 1000} s:\n${log.join('')}`)), ms);
    const check = () => {
      const m = re.exec(log.join(''));
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`demo exited (${code}) early:\n${log.join('')}`));
    });
    check();
  });
}

describe('npm run demo', () => {
  let demo: ChildProcess | undefined;
  let browser: Browser | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-demo-'));

  after(async () => {
    await browser?.close();
    if (demo && demo.exitCode === null) demo.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the packaged extension on loopback behind a token, and Ctrl-C leaves no process behind', async function () {
    this.timeout(240_000);
    const log: string[] = [];
    const args = [path.join(root, 'scripts', 'demo.mjs'), '--data-dir', dataDir];
    if (process.env.TSI_VSIX) args.push('--vsix', process.env.TSI_VSIX);
    demo = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    demo.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
    demo.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
    const exited = new Promise<number | null>((resolve) => demo?.on('exit', (code) => resolve(code)));

    const m = await waitForLine(demo, /server pid (\d+)[\s\S]*Open: (http:\/\/127\.0\.0\.1:(\d+)\/\?tkn=([0-9a-f]{32,})&folder=\S+)/, log, 180_000);
    const [, pgidText, url, , token] = m as unknown as [string, string, string, string, string];
    const pgid = Number(pgidText);
    const base = new URL(url).origin;

    // The token is required: without it the server refuses.
    assert.notEqual((await fetch(`${base}/`)).status, 200, 'no page without the connection token');
    // With it, the server sets its cookie and redirects to the clean URL.
    const withToken = await fetch(url, { redirect: 'manual' });
    assert.ok(withToken.status < 400, `with the token: HTTP ${withToken.status}`);
    assert.ok(token.length >= 32);

    // The installed extension works in the demo workspace.
    browser = await launchBrowser();
    const page = await openWorkbench(browser, url);
    await page.locator('.activitybar .action-item a[aria-label^="Tool Search"]').first().click();
    await page.locator('.pane-body .monaco-list-row').filter({ hasText: 'MCP servers' }).first().waitFor({ timeout: 60_000 });
    await page.screenshot({ path: path.join(resultsDir(), 'demo.png') });
    await browser.close();
    browser = undefined;

    const all = processes();
    assert.deepEqual(all.filter((p) => p.cmd.includes(token)).map((p) => p.pid), [], 'the token is on no command line (ps shows those to every user)');
    const before = all.filter((p) => p.pgid === pgid);
    assert.ok(before.length > 1, `the server has helpers to clean up (group ${pgid}: ${before.length})`);

    demo.kill('SIGINT');
    const code = await exited;
    assert.equal(code, 0, `demo exit code\n${log.join('')}`);
    const left = processes().filter((p) => p.pgid === pgid || p.cmd.includes(dataDir));
    assert.deepEqual(left.map((p) => `${p.pid} ${p.cmd.slice(0, 120)}`), [], 'no process of the demo is left');
  });
});
