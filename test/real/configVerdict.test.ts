// `npm run test:real`: OpenClaw's own verdict on a config (issue 41, part 2),
// judged by the real `openclaw config validate --json` of the pinned release:
// for the issue's multi-agent config with rejected keys
// (test/fixtures/config-verdict/refused) and every real public config, the
// product refuses exactly the configs the release refuses, and every key the
// release calls unrecognized is one the product names, with its line and a
// doctor's fix. The fixes themselves are the release's: its own
// migrateLegacyConfig over the same config gives the product's change lines.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseJson5 } from '../../src/core/config/json5Document';
import { judgeConfig } from '../../src/core/policy/configVerdict';
import { openclawLocation, REPO } from '../oracle/harness';

const REFUSED = path.join(REPO, 'test', 'fixtures', 'config-verdict', 'refused', 'openclaw.json');
const REAL = path.join(REPO, 'test', 'fixtures', 'real-configs');

interface Validated {
  valid: boolean;
  issues?: { path: string; message: string }[];
}

/** The release's own `openclaw config validate --json` on one config, in a scratch HOME. */
function validate(at: { node: string; packageDir: string }, file: string): Validated {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-validate-'));
  try {
    const text = fs.readFileSync(file, 'utf8');
    const vars = Object.fromEntries([...new Set([...text.matchAll(/\$\{([A-Z_][A-Z0-9_]*)\}/g)].map((m) => m[1] ?? ''))].map((v) => [v, 'placeholder-for-the-judge']));
    const r = spawnSync(at.node, [path.join(at.packageDir, 'openclaw.mjs'), 'config', 'validate', '--json'], {
      encoding: 'utf8',
      timeout: 120_000,
      env: { PATH: process.env.PATH, HOME: home, OPENCLAW_STATE_DIR: path.join(home, 'state'), OPENCLAW_CONFIG_PATH: file, ...vars },
    });
    const json = r.stdout.slice(r.stdout.indexOf('{'));
    return JSON.parse(json) as Validated;
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** The keys the release calls unrecognized, as dotted paths. */
function unrecognized(v: Validated): string[] {
  return (v.issues ?? []).flatMap((i) => {
    const m = /^Unrecognized keys?: (.*)$/.exec(i.message);
    return m ? [...(m[1] ?? '').matchAll(/"([^"]+)"/g)].map((k) => (i.path === '<root>' || i.path === '' ? (k[1] ?? '') : `${i.path}.${k[1] ?? ''}`)) : [];
  });
}

describe('real: OpenClaw\'s own verdict on the config equals `openclaw config validate`', function () {
  this.timeout(900_000);

  it('the issue\'s config: refused by the release and by the product, the same keys, each with its line and the doctor\'s fix', async () => {
    const at = await openclawLocation();
    const theirs = validate(at, REFUSED);
    assert.equal(theirs.valid, false);
    const ours = judgeConfig(parseJson5('openclaw.json', fs.readFileSync(REFUSED, 'utf8')), at.version);
    assert.equal(ours.refuses, true);
    assert.equal(ours.headline, `OpenClaw ${at.version} would not start with this config`);
    assert.deepEqual(ours.keys.map((k) => (k.parts ?? []).join('.')).sort(), unrecognized(theirs).sort());
    for (const k of ours.keys) {
      assert.ok(k.line !== undefined && k.line > 0, `${k.path} has a line`);
      assert.notEqual(k.fix.action, 'none', `${k.path} has a doctor's fix`);
    }
  });

  it('the doctor\'s fixes shown are the release\'s own migrateLegacyConfig lines for this config', async () => {
    const at = await openclawLocation();
    const script = `
      const { releaseModules } = await import(${JSON.stringify(path.join(REPO, 'scripts', 'lib', 'openclawRelease.mjs'))});
      const JSON5 = (await import('json5')).default;
      const fs = await import('node:fs');
      const m = releaseModules(${JSON.stringify(at.packageDir)});
      const migrate = await m.fn('migrateLegacyConfig');
      const out = migrate(JSON5.parse(fs.readFileSync(${JSON.stringify(REFUSED)}, 'utf8')), {});
      process.stdout.write('\\n@@changes@@' + JSON.stringify(out.changes) + '\\n');
      process.exit(0);`;
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-doctor-'));
    try {
      const r = spawnSync(at.node, ['--input-type=module', '-e', script], { cwd: REPO, encoding: 'utf8', timeout: 180_000, env: { PATH: process.env.PATH, HOME: home, OPENCLAW_STATE_DIR: path.join(home, 'state') } });
      const line = r.stdout.split('\n').find((l) => l.startsWith('@@changes@@'));
      assert.ok(line, `no change lines: ${r.stderr.slice(-2000)}`);
      const changes = JSON.parse(line.slice('@@changes@@'.length)) as string[];
      const ours = judgeConfig(parseJson5('openclaw.json', fs.readFileSync(REFUSED, 'utf8')), at.version);
      const migrated = ours.keys.filter((k) => k.fix.action === 'migrate');
      assert.ok(migrated.length >= 4, 'env, memorySearch, cron and the MCP timeout are migrated');
      for (const k of migrated) {
        assert.ok(changes.includes(k.fix.text), `${k.path}: "${k.fix.text}" is not among the release's own lines ${JSON.stringify(changes)}`);
      }
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('every real public config: the product refuses exactly those the release refuses, and names every key it calls unrecognized', async () => {
    const at = await openclawLocation();
    const differences: string[] = [];
    const files = fs.readdirSync(REAL).filter((f) => f.endsWith('.openclaw.json')).sort();
    for (const f of files) {
      const file = path.join(REAL, f);
      const theirs = validate(at, file);
      const ours = judgeConfig(parseJson5(f, fs.readFileSync(file, 'utf8')), at.version);
      if (ours.refuses === theirs.valid) {
        differences.push(`${f}: the release ${theirs.valid ? 'starts' : 'refuses'}, the product ${ours.refuses ? 'refuses' : 'starts'}`);
      }
      const named = new Set(ours.keys.map((k) => (k.parts ?? []).join('.')));
      const missed = unrecognized(theirs).filter((k) => !named.has(k));
      if (missed.length > 0) {
        differences.push(`${f}: unrecognized by the release, not named by the product: ${missed.join(', ')}`);
      }
    }
    console.log(`      ${files.length} real configs judged by openclaw@${at.version} config validate; ${differences.length} differences`);
    assert.deepEqual(differences, []);
  });
});
