// "Install OpenClaw for capture" (issue 41, part 4): what the installer does
// when npm hangs and the user cancels, when npm fails, when there is no npm,
// and when npm installs the wrong thing. The npm here is a stand-in shell
// script (the real install from the registry is UI test 22): these are the
// installer's own paths, each of which must leave nothing behind.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InstallCancelledError, installOpenClaw } from '../../../src/core/oracle/openclawInstall';
import { installPaths, locateOpenClaw, OpenClawNotInstalledError, OpenClawUnavailableError } from '../../../src/core/oracle/openclawLocation';
import { scratchDir } from '../../helpers/scratch';

const VERSION = '2026.9.6';

function script(dir: string, name: string, body: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`);
  fs.chmodSync(file, 0o755);
  return file;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('Install OpenClaw for capture: the installer', function () {
  let dir: string;
  let root: string;
  beforeEach(() => {
    dir = scratchDir('tsi-install-');
    root = path.join(dir, 'storage', 'openclaw');
  });

  it('Cancel stops npm and everything it started, and leaves no folder behind', async () => {
    const pids = path.join(dir, 'pids');
    // npm starts a child of its own (as it does for downloads) and both wait.
    const npm = script(dir, 'npm', `sleep 60 & echo $! >> ${pids}; echo $$ >> ${pids}; wait`);
    const abort = new AbortController();
    const steps: string[] = [];
    const running = installOpenClaw({ version: VERSION, root, npm, signal: abort.signal, env: { PATH: process.env.PATH }, onProgress: (p) => steps.push(`${p.step}/${p.steps}`) });
    for (let i = 0; i < 100 && (!fs.existsSync(pids) || fs.readFileSync(pids, 'utf8').trim().split('\n').length < 4); i++) await new Promise((r) => setTimeout(r, 50));
    abort.abort();
    await assert.rejects(running, InstallCancelledError);
    assert.deepEqual(steps, ['1/3']);
    const started = fs.readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    assert.ok(started.length >= 2, 'the stand-in ran');
    for (let i = 0; i < 60 && started.some(alive); i++) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(started.filter(alive), [], 'npm and its children are gone');
    assert.deepEqual(fs.readdirSync(root), [], 'no scratch or final folder is left');
    assert.throws(() => locateOpenClaw(VERSION, { installRoots: [root], env: {} }), OpenClawNotInstalledError);
  });

  it('a failing npm: its own last lines in the message, nothing left', async () => {
    const npm = script(dir, 'npm', 'echo "npm error code E404" >&2; echo "npm error 404 Not Found - GET https://registry.npmjs.org/openclaw" >&2; exit 1');
    await assert.rejects(installOpenClaw({ version: VERSION, root, npm, env: { PATH: process.env.PATH } }), (err: Error) => {
      assert.match(err.message, /npm install openclaw@2026\.9\.6 failed \(1\)/);
      assert.match(err.message, /E404[\s\S]*Not Found/);
      return true;
    });
    assert.deepEqual(fs.readdirSync(root), []);
  });

  it('no npm on PATH: says so, in words a user can act on', async () => {
    await assert.rejects(installOpenClaw({ version: VERSION, root, npm: path.join(dir, 'no-such-npm'), env: { PATH: process.env.PATH } }), (err: Error) => {
      assert.ok(err instanceof OpenClawUnavailableError);
      assert.match(err.message, /needs `.*no-such-npm` on PATH \(npm comes with Node\.js\); none was found/);
      return true;
    });
    assert.deepEqual(fs.readdirSync(root), []);
  });

  it('npm installs another version than asked: refused after the check, nothing left', async function () {
    if (process.platform !== 'linux') this.skip();
    // The stand-in lays out what `npm install --prefix P SPEC` would: a Node that reports 24 and an openclaw of the wrong version.
    const npm = script(dir, 'npm', [
      'prefix="$3"; spec=""; for a in "$@"; do spec="$a"; done',
      'case "$spec" in',
      '  node-linux-*) d="$prefix/node_modules/${spec%@*}/bin"; mkdir -p "$d"; printf \'#!/bin/sh\\necho v24.22.3\\n\' > "$d/node" ;;',
      '  openclaw@*) d="$prefix/node_modules/openclaw"; mkdir -p "$d/dist"; echo \'{"name":"openclaw","version":"2026.1.1"}\' > "$d/package.json" ;;',
      'esac',
    ].join('\n'));
    await assert.rejects(installOpenClaw({ version: VERSION, root, npm, env: { PATH: process.env.PATH } }), /npm installed openclaw 2026\.1\.1, expected 2026\.9\.6/);
    assert.deepEqual(fs.readdirSync(root), []);
  });

  it('a finished install is found by locate and reused without running npm', async () => {
    const p = installPaths(root, VERSION);
    fs.mkdirSync(p.dist, { recursive: true });
    fs.mkdirSync(path.dirname(p.node), { recursive: true });
    fs.writeFileSync(p.node, '#!/bin/sh\necho v24.22.3\n', { mode: 0o755 });
    fs.writeFileSync(path.join(p.packageDir, 'package.json'), JSON.stringify({ name: 'openclaw', version: VERSION }));
    fs.writeFileSync(p.marker, '{}');
    const npm = script(dir, 'npm', `touch ${path.join(dir, 'npm-ran')}; exit 1`);
    const done = await installOpenClaw({ version: VERSION, root, npm, env: { PATH: process.env.PATH } });
    assert.equal(done.reused, true);
    assert.equal(fs.existsSync(path.join(dir, 'npm-ran')), false);
    const found = locateOpenClaw(VERSION, { installRoots: [root], env: { TSI_OPENCLAW_NODE: '/elsewhere/node' } });
    assert.equal(found.packageDir, p.packageDir);
    // The Node installed with it, before TSI_OPENCLAW_NODE.
    assert.equal(found.node, p.node);
  });
});
