// The version the user runs comes first: the OpenClaw installed here (`openclaw`
// on PATH, --openclaw), then meta.lastTouchedVersion, then the newest. The CLI
// header and JSON say which, and why.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findInstalledOpenClaw } from '../../../src/core/oracle/openclawLocation';
import { runCliCaptured } from '../../helpers/cliCapture';
import { scratchDir } from '../../helpers/scratch';

/** A folder with an `openclaw` package of `version` and a bin folder linking its launcher, as npm -g lays them out. */
function fakeInstall(root: string, version: string): { bin: string; pkg: string } {
  const pkg = path.join(root, 'lib', 'node_modules', 'openclaw');
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'openclaw', version }));
  fs.writeFileSync(path.join(pkg, 'openclaw.mjs'), '// never run\n');
  const bin = path.join(root, 'bin');
  fs.mkdirSync(bin);
  fs.symlinkSync(path.join(pkg, 'openclaw.mjs'), path.join(bin, 'openclaw'));
  return { bin, pkg };
}

describe('fidelity: the OpenClaw installed here decides the modelled version', () => {
  let dir: string;
  beforeEach(() => {
    dir = scratchDir('tsi-installed-');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds openclaw on PATH through its link, or a package folder given by --openclaw; reads only package.json', () => {
    const { bin, pkg } = fakeInstall(dir, '2026.6.10');
    assert.deepEqual(findInstalledOpenClaw(undefined, { env: { PATH: `/nonexistent${path.delimiter}${bin}` } }), { version: '2026.6.10', at: fs.realpathSync(pkg), from: 'path' });
    assert.equal(findInstalledOpenClaw(pkg, { env: {} })?.version, '2026.6.10');
    assert.equal(findInstalledOpenClaw(path.join(dir, 'lib'), { env: {} })?.version, '2026.6.10');
    assert.equal(findInstalledOpenClaw(undefined, { env: { PATH: dir } }), undefined);
    assert.equal(findInstalledOpenClaw(path.join(dir, 'nothing'), { env: {} }), undefined);
  });

  it('the CLI models the installed version before meta.lastTouchedVersion and says so in its header and JSON', async () => {
    const { bin } = fakeInstall(dir, '2026.6.10');
    const ws = path.join(dir, 'ws');
    fs.mkdirSync(ws);
    fs.writeFileSync(path.join(ws, 'openclaw.json'), JSON.stringify({ meta: { lastTouchedVersion: '2026.3.23' }, tools: { toolSearch: { mode: 'directory' } } }));
    const env = { PATH: bin, HOME: dir };
    const text = await runCliCaptured(['catalog', '--workspace', ws, '--no-user-config'], ws, env);
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /Modelling OpenClaw 2026\.6\.10 \(the OpenClaw installed here at /);
    const j = await runCliCaptured(['catalog', '--workspace', ws, '--no-user-config', '--json'], ws, env);
    const out = JSON.parse(j.out) as Record<string, unknown>;
    assert.equal(out.openclawVersion, '2026.6.10');
    assert.equal(out.openclawVersionChosenBy, 'installed');
    assert.deepEqual(out.openclawEpochReleases, ['2026.6.8', '2026.6.10']);
    assert.equal(out.mode, 'directory', '2026.6.10 has directory mode');
    // An explicit version still wins; the config's version comes next when nothing is installed.
    const over = JSON.parse((await runCliCaptured(['catalog', '--workspace', ws, '--no-user-config', '--json', '--openclaw-version', '2026.5.12'], ws, env)).out) as Record<string, unknown>;
    assert.equal(over.openclawVersionChosenBy, 'override');
    assert.equal(over.mode, 'code', '2026.5.12 has no directory mode');
    const none = JSON.parse((await runCliCaptured(['catalog', '--workspace', ws, '--no-user-config', '--json'], ws, { HOME: dir })).out) as Record<string, unknown>;
    assert.equal(none.openclawVersionChosenBy, 'config');
    assert.equal(none.openclawVersion, '2026.3.23');
    assert.equal(none.mode, 'direct', '2026.3.23 has no Tool Search');
  });

  it('a real config written by an older OpenClaw: the installed one\'s verdict is the one error above the rest (issue 41: every key at its line with its doctor\'s fix), and meta.lastTouchedVersion says who wrote it', async () => {
    const { bin } = fakeInstall(dir, '2026.9.6');
    const ws = path.join(dir, 'ws');
    fs.mkdirSync(ws);
    const real = path.join(__dirname, '..', '..', 'fixtures', 'real-configs', 'glm-discord.openclaw.json');
    const text = fs.readFileSync(real, 'utf8');
    fs.writeFileSync(path.join(ws, 'openclaw.json'), text);
    const line = text.split('\n').findIndex((l) => l.includes('"lastTouchedVersion"')) + 1;
    const out = JSON.parse((await runCliCaptured(['catalog', '--workspace', ws, '--no-user-config', '--json'], ws, { PATH: bin, HOME: dir })).out) as { diagnostics: { file: string; line?: number; severity: string; message: string }[] };
    const verdicts = out.diagnostics.filter((d) => d.severity === 'error' && /would not start/.test(d.message));
    assert.equal(verdicts.length, 1, JSON.stringify(verdicts));
    const v = verdicts[0];
    assert.equal(v, out.diagnostics[0], 'first');
    assert.equal(v?.severity, 'error');
    assert.match(v?.message ?? '', /^OpenClaw 2026\.9\.6 would not start with this config \(5 keys its own config schema rejects: /);
    assert.match(v?.message ?? '', /openclaw\.json:\d+ meta\.lastTouchedAt: .*`openclaw doctor --fix`: removes meta\.lastTouchedAt/);
    const who = out.diagnostics.find((d) => d.line === line && /last written/.test(d.message));
    assert.match(who?.message ?? '', /this config was last written by OpenClaw 2026\.\d+\.\d+; OpenClaw 2026\.9\.6 would not start with this config \(installed at /);
    // An older OpenClaw installed is the one modelled, and the verdict is its own, never 2026.9.6's.
    const { bin: oldBin } = fakeInstall(path.join(dir, 'old'), '2026.1.30');
    const same = JSON.parse((await runCliCaptured(['catalog', '--workspace', ws, '--no-user-config', '--json'], ws, { PATH: oldBin, HOME: dir })).out) as { diagnostics: { message: string }[] };
    assert.equal(same.diagnostics.filter((d) => /2026\.9\.6 would/.test(d.message)).length, 0);
  });

  it('a newer OpenClaw than any modelled says so and uses the newest', async () => {
    const { bin } = fakeInstall(dir, '2026.12.1');
    const ws = path.join(dir, 'ws');
    fs.mkdirSync(ws);
    fs.writeFileSync(path.join(ws, 'openclaw.json'), '{}');
    const out = JSON.parse((await runCliCaptured(['catalog', '--workspace', ws, '--no-user-config', '--json'], ws, { PATH: bin, HOME: dir })).out) as Record<string, unknown>;
    assert.equal(out.openclawVersion, '2026.9.6');
    assert.equal(out.openclawVersionNewerThanModelled, true);
    assert.equal(out.openclawVersionRequested, '2026.12.1');
    assert.match(String(out.openclawVersionSource), /2026\.12\.1 is newer than every modelled version/);
  });
});
