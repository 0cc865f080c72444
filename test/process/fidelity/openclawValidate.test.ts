// Issue 41, part 2: `check` also asks the installed OpenClaw itself
// (`openclaw config validate --json`) and says whether the inspector's own
// verdict agrees. The OpenClaw here is a stand-in package whose validate
// prints a verdict the test chooses (test:real holds the real one's verdicts
// to the inspector's on real configs): these are the product's own paths,
// issue lines, the disagreement line, the JSON and the exit codes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliCaptured } from '../../helpers/cliCapture';
import { scratchDir } from '../../helpers/scratch';

/** A package folder named openclaw whose `config validate --json` prints `verdict`, and records that it ran read-only. */
function standIn(dir: string, verdict: unknown): string {
  const pkg = path.join(dir, 'openclaw-pkg');
  fs.mkdirSync(path.join(pkg, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'openclaw', version: '2026.9.6' }));
  fs.writeFileSync(
    path.join(pkg, 'openclaw.mjs'),
    `import * as fs from 'node:fs';\n` +
      `if (process.argv.slice(2).join(' ') !== 'config validate --json') process.exit(9);\n` +
      // It got the user's config to read, and a scratch HOME and state folder, never the user's.
      `fs.writeFileSync(${JSON.stringify(path.join(dir, 'seen.json'))}, JSON.stringify({ config: process.env.OPENCLAW_CONFIG_PATH, home: process.env.HOME, state: process.env.OPENCLAW_STATE_DIR }));\n` +
      `console.log(${JSON.stringify(JSON.stringify(verdict))});\n` +
      `process.exit(${(verdict as { valid: boolean }).valid ? 0 : 1});\n`,
  );
  return pkg;
}

describe('check asks OpenClaw itself (openclaw config validate) and says whether the inspector agrees', function () {
  this.timeout(60_000);
  let dir: string;
  let ws: string;
  let budget: string;
  beforeEach(() => {
    dir = scratchDir('tsi-validate-');
    ws = path.join(dir, 'ws');
    fs.mkdirSync(ws);
    budget = path.join(dir, 'budget.json5');
    fs.writeFileSync(budget, '{}\n');
  });

  /**
   * OpenClaw asks for Node >= 24; the stand-in runs on this Node, behind a
   * wrapper that says 24, without the preloaded network guard (TypeScript for
   * Node 24 in a source run; the guard has its own test), as captureAgents' does.
   */
  const node24 = (): string => {
    const file = path.join(dir, 'node24');
    fs.writeFileSync(file, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo v24.0.0; exit 0; fi\nunset NODE_OPTIONS\nexec ${JSON.stringify(process.execPath)} "$@"\n`, { mode: 0o755 });
    return file;
  };
  const check = (pkg: string, ...more: string[]) => runCliCaptured(['check', '--budget', budget, '--workspace', ws, '--no-user-config', '--openclaw', pkg, ...more], dir, { PATH: process.env.PATH, HOME: dir, TSI_OPENCLAW_NODE: node24(), TSI_TOOLING_CACHE: path.join(dir, 'no-cache') });

  it('agreeing verdicts: a valid config says so and exits 0; OpenClaw ran on the config in place with a scratch HOME', async () => {
    fs.writeFileSync(path.join(ws, 'openclaw.json'), '{ tools: { profile: "coding" } }\n');
    const pkg = standIn(dir, { valid: true, path: 'x', warnings: [] });
    const r = await check(pkg);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /^openclaw config validate \(OpenClaw 2026\.9\.6\): valid$/m);
    const seen = JSON.parse(fs.readFileSync(path.join(dir, 'seen.json'), 'utf8')) as { config: string; home: string; state: string };
    assert.equal(seen.config, path.join(ws, 'openclaw.json'));
    assert.ok(!seen.home.startsWith(dir) && !seen.state.startsWith(dir), 'never the user\'s HOME');
    assert.ok(!fs.existsSync(seen.home), 'the scratch HOME is removed');
  });

  it('OpenClaw refuses a key the inspector did not: a breach at the key\'s line, the disagreement said, exit 1, in JSON too', async () => {
    fs.writeFileSync(path.join(ws, 'openclaw.json'), '{\n  tools: {\n    profile: "coding",\n  },\n  gateway: { port: 1 },\n}\n');
    const pkg = standIn(dir, { valid: false, issues: [{ path: 'gateway.port', message: 'Too small: expected number to be >1024' }] });
    const r = await check(pkg);
    assert.equal(r.code, 1, r.out + r.err);
    assert.match(r.out, /^openclaw\.json:5: OpenClaw 2026\.9\.6's own validation \(openclaw config validate\) refuses gateway\.port: Too small/m);
    assert.match(r.out, /^openclaw\.json:1: OpenClaw 2026\.9\.6's own validation refuses this config, but the inspector's model of it does not: a fidelity gap/m);
    assert.match(r.out, /invalid, 1 issue\(s\); the inspector disagrees$/m);
    const j = JSON.parse((await check(pkg, '--json')).out) as { ok: boolean; openclawValidate: { ran: boolean; valid: boolean; agrees: boolean; issues: unknown[] } };
    assert.equal(j.ok, false);
    assert.deepEqual([j.openclawValidate.ran, j.openclawValidate.valid, j.openclawValidate.agrees, j.openclawValidate.issues.length], [true, false, false, 1]);
  });

  it('a key both refuse is one breach (the inspector\'s, with the doctor\'s fix), not two', async () => {
    fs.writeFileSync(path.join(ws, 'openclaw.json'), '{ env: { FOO: "x" } }\n');
    const pkg = standIn(dir, { valid: false, issues: [{ path: 'env', message: 'Unrecognized key: "FOO"' }] });
    const r = await check(pkg);
    assert.equal(r.code, 1, r.out + r.err);
    const breaches = r.out.split('\n').filter((l) => /^openclaw\.json:\d+:/.test(l));
    assert.equal(breaches.length, 1, r.out);
    assert.match(breaches[0] ?? '', /would not start with this config: env\.FOO .*env\.vars\.FOO/);
    assert.match(r.out, /invalid, 1 issue\(s\)$/m, 'and they agree');
  });

  it('no OpenClaw of the user\'s (none on PATH, no --openclaw): nothing runs, the JSON says why, the budget alone decides', async () => {
    fs.writeFileSync(path.join(ws, 'openclaw.json'), '{ tools: { profile: "coding" } }\n');
    const r = await runCliCaptured(['check', '--budget', budget, '--workspace', ws, '--no-user-config', '--json'], dir, { PATH: '/nonexistent', HOME: dir, TSI_TOOLING_CACHE: path.join(dir, 'no-cache') });
    assert.equal(r.code, 0, r.out + r.err);
    const j = JSON.parse(r.out) as { openclawValidate: { ran: boolean; reason: string } };
    assert.equal(j.openclawValidate.ran, false);
    assert.match(j.openclawValidate.reason, /^no OpenClaw on PATH \(--openclaw PATH\|VERSION names one\)$/);
  });
});
