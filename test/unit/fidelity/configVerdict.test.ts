import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { doctorFixFor, doctorTableFor } from '../../../src/core/config/doctorFix';
import { parseJson5 } from '../../../src/core/config/json5Document';
import { parseOpenClawConfig } from '../../../src/core/config/openclawConfig';
import { judgeConfig } from '../../../src/core/policy/configVerdict';
import { NEWEST_OPENCLAW_VERSION } from '../../../src/core/policy/openclawVersions';
import { discoverServers } from '../../../src/core/sources/mcp/discoverServers';
import { OpenWorkspace } from '../../../src/core/workspace';
import { PreviewAssembler, previewBaseOf } from '../../../src/core/modes/preview';
import { toPreviewView } from '../../../src/extension/preview/previewView';
import { buildCatalogTree } from '../../../src/extension/tree/catalogTreeModel';

/**
 * Issue 41, part 2: OpenClaw's own verdict on the config comes first. A
 * config the modelled release refuses is one error above every other
 * diagnostic, naming every key at its line with its doctor's fix; unknown
 * keys are errors where the release rejects them and warnings where it
 * ignores them. (What the release itself says is test/real/configVerdict.test.ts.)
 */
const DIR = path.join(__dirname, '..', '..', 'fixtures', 'config-verdict', 'refused');
const FILE = path.join(DIR, 'openclaw.json');
const TEXT = fs.readFileSync(FILE, 'utf8');
const lineOf = (needle: string): number => TEXT.split('\n').findIndex((l) => l.includes(needle)) + 1;

function open(extra: { openclawVersion?: string } = {}) {
  return new OpenWorkspace({ workspace: DIR, configPath: FILE, noUserConfig: true, env: {}, liveMcp: () => undefined, ...extra });
}

describe('OpenClaw\'s own verdict on the config (issue 41, part 2)', () => {
  it('a config the modelled release refuses: one error first, naming the release, every key at its line with the doctor\'s fix', async () => {
    const ws = open();
    try {
      const v = ws.verdict;
      assert.ok(v?.refuses, 'refused');
      assert.equal(v.release, ws.openclaw.model.version);
      assert.equal(v.headline, `OpenClaw ${ws.openclaw.model.version} would not start with this config`);
      const keys = Object.fromEntries(v.keys.map((k) => [k.path, k]));
      assert.deepEqual(Object.keys(keys).sort(), ['agents.defaults.memorySearch', 'cron.maxConcurrentRuns', 'env.OPENAI_BASE', 'env.TEAM_NAME', 'logging.redactSensitive', 'mcp.servers.slow.timeout']);
      assert.equal(keys['env.OPENAI_BASE']?.line, lineOf('OPENAI_BASE'));
      assert.equal(keys['env.OPENAI_BASE']?.fix.text, 'Moved env.OPENAI_BASE → env.vars.OPENAI_BASE.');
      assert.equal(keys['mcp.servers.slow.timeout']?.line, lineOf('timeout: 4000'));
      assert.match(keys['mcp.servers.slow.timeout']?.fix.text ?? '', /^Moved mcp\.servers\.slow\.timeout → requestTimeoutMs \(4000000 ms\)\.$/);
      assert.match(keys['agents.defaults.memorySearch']?.fix.text ?? '', /memory\.search/);
      assert.equal(keys['logging.redactSensitive']?.fix.action, 'remove');
      const catalog = await ws.buildCatalog();
      const first = catalog.diagnostics[0];
      assert.equal(first?.severity, 'error');
      assert.equal(first?.line, lineOf('OPENAI_BASE'), 'at the first offending key');
      assert.match(first?.message ?? '', new RegExp(`^OpenClaw ${ws.openclaw.model.version.replace(/\./g, '\\.')} would not start with this config \\(6 keys`));
      assert.match(first?.message ?? '', /openclaw\.json:\d+ env\.OPENAI_BASE: .*`openclaw doctor --fix`: Moved env\.OPENAI_BASE → env\.vars\.OPENAI_BASE/);
      assert.match(first?.message ?? '', /the catalog below is what it would run after `openclaw doctor --fix`$/);
      assert.equal(catalog.diagnostics.filter((d) => /would not start/.test(d.message)).length, 1, 'one refusal');
      assert.ok(catalog.tools.length > 0, 'the catalog is still built');
    } finally {
      await ws.dispose();
    }
  });

  it('the release in the verdict is the modelled one, never a fixed number', async () => {
    const ws = open({ openclawVersion: '2026.9.5' });
    try {
      assert.equal(ws.verdict?.release, '2026.9.5');
      assert.match(ws.verdict?.headline ?? '', /^OpenClaw 2026\.9\.5 would not start/);
    } finally {
      await ws.dispose();
    }
  });

  it('a config the release accepts has no refusal', async () => {
    const demo = path.join(__dirname, '..', '..', '..', 'examples', 'demo');
    const ws = new OpenWorkspace({ workspace: demo, noUserConfig: true, env: {}, liveMcp: () => undefined });
    try {
      assert.equal(ws.verdict?.refuses, false);
      assert.equal(ws.verdict?.headline, `OpenClaw ${ws.openclaw.model.version} would start with this config`);
      assert.ok(!ws.config.diagnostics.some((d) => /would not start/.test(d.message)));
    } finally {
      await ws.dispose();
    }
  });

  it('unknown keys: an error where the release rejects them (strict objects), not where it accepts them', () => {
    const cfg = parseOpenClawConfig('/ws/openclaw.json', JSON.stringify({ env: { FOO: 'x' }, tools: { toolbox: {} }, mcp: { servers: { a: { command: 'x', colour: 'red' } } } }, null, 2));
    const at = (k: string) => cfg.diagnostics.find((d) => d.message.startsWith(`unknown key ${k}:`));
    assert.equal(at('env.FOO')?.severity, 'error');
    assert.match(at('env.FOO')?.message ?? '', /rejects it; `openclaw doctor --fix`: Moved env\.FOO → env\.vars\.FOO$/);
    assert.equal(at('tools.toolbox')?.severity, 'error');
    assert.match(at('tools.toolbox')?.message ?? '', /`openclaw doctor --fix`: removes tools\.toolbox$/);
    // mcp.servers.<name> passes unknown keys through: accepted, so no error (before issue 41 a strict object's key was a warning, "ignored").
    assert.equal(at('mcp.servers.a.colour')?.severity, 'info');
    assert.match(at('mcp.servers.a.colour')?.message ?? '', /accepts it here but does not use it/);
    const doc = parseJson5('/ws/openclaw.json', JSON.stringify({ mcp: { servers: { a: { command: 'x', colour: 'red' } } } }));
    assert.equal(judgeConfig(doc, NEWEST_OPENCLAW_VERSION).refuses, false, 'an ignored key does not stop it');
  });

  it('the doctor\'s fixes come from the release\'s generated table, value by value', () => {
    const table = doctorTableFor('2026.9.6');
    assert.equal(table?.openclawVersion, '2026.9.6');
    assert.equal(doctorFixFor(table, ['mcp', 'servers', 's', 'timeout'], 30, 'legacy').text, 'Moved mcp.servers.s.timeout → requestTimeoutMs (30000 ms).');
    assert.match(doctorFixFor(table, ['mcp', 'servers', 's', 'timeout'], 'slow', 'legacy').text, /^Removed mcp\.servers\.s\.timeout/);
    // env.X is moved only when it is a string; anything else is an unknown key the doctor strips.
    assert.equal(doctorFixFor(table, ['env', 'N'], 3, 'unknown').action, 'remove');
    assert.equal(doctorTableFor('2026.1.30'), undefined, 'no table before the first measured release');
  });

  it('the inspector does not wait 4000 s for a server with the older timeout: 4000; it waits OpenClaw\'s default', () => {
    const cfg = parseOpenClawConfig(FILE, TEXT);
    const found = discoverServers({ workspace: DIR, openclaw: cfg.reader, env: {}, homeDir: '/nowhere-home', openclawVersion: '2026.9.6' });
    assert.equal(found.servers.find((s) => s.name === 'slow')?.timeoutMs, 60_000);
    const d = cfg.reader?.diagnostics.find((x) => x.line === lineOf('timeout: 4000') && x.severity === 'warning');
    assert.match(d?.message ?? '', /4000 s; OpenClaw refuses this key .* waits at most OpenClaw's default 60000 ms/);
  });
});

describe('the refusal at the top of the tree and the Mode Preview panel (issue 41, part 2)', () => {
  it('the tree: one error notice first, the tools below; the Problems group does not repeat it', async () => {
    const ws = open();
    try {
      const catalog = await ws.buildCatalog();
      const nodes = buildCatalogTree({ catalog, trusted: true });
      const first = nodes[0];
      assert.equal(first?.kind, 'notice');
      assert.equal(first?.label, `OpenClaw ${ws.openclaw.model.version} would not start with this config`);
      assert.equal(first?.kind === 'notice' ? first.severity : undefined, 'error');
      assert.equal(first?.location?.line, lineOf('OPENAI_BASE'));
      assert.match(first?.tooltip ?? '', /line \d+: env\.TEAM_NAME: openclaw doctor --fix: Moved env\.TEAM_NAME → env\.vars\.TEAM_NAME\./);
      const problems = nodes.find((n) => n.id === 'problems');
      assert.ok(problems?.kind === 'group' && !problems.children.some((c) => /would not start/.test(c.label)), 'not twice');
      assert.ok(nodes.some((n) => n.id === 'source/openclaw' || (n.kind === 'group' && n.id.includes('openclaw'))), 'the catalog is still below');
    } finally {
      await ws.dispose();
    }
  });

  it('the Mode Preview view carries the refusal with every key at its line and the doctor\'s fix', async () => {
    const ws = open();
    try {
      const catalog = await ws.buildCatalog();
      const view = toPreviewView(new PreviewAssembler(previewBaseOf(catalog, ws, { isolation: { ok: true } })).assemble(''), catalog, { workspaceName: 'refused', cause: 'open' });
      assert.equal(view.refused?.headline, `OpenClaw ${ws.openclaw.model.version} would not start with this config`);
      assert.equal(view.refused?.keys.length, 6);
      assert.ok(view.refused?.keys.some((k) => k.path === 'mcp.servers.slow.timeout' && k.line === lineOf('timeout: 4000') && /requestTimeoutMs/.test(k.fix)));
    } finally {
      await ws.dispose();
    }
  });
});
