import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { runCliCaptured } from '../../helpers/cliCapture';

const DEMO = path.resolve(__dirname, '..', '..', '..', 'examples', 'demo');

const cli = (...argv: string[]) => runCliCaptured(argv, DEMO);

interface CatalogJson {
  catalogSize: number;
  sources: Record<string, number>;
  bySourceName: Record<string, number>;
  tools: { id: string; source: string; sourceName: string; name: string; description: string; status: string; reason?: string }[];
  servers: { name: string; origin: string; status: string; toolCount: number; durationMs: number }[];
  diagnostics: { file: string; line?: number; severity: string; message: string }[];
}

describe('CLI catalog and explain (contract)', function () {
  // The demo declares live MCP servers; building may start them.
  this.timeout(60000);

  it('catalog --json prints the contract shape with core, plugin, MCP snapshot and client tools', async () => {
    const r = await cli('catalog', '--workspace', DEMO, '--no-user-config', '--json', '--snapshot', 'github=snapshots/github');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as CatalogJson;
    assert.equal(j.catalogSize, j.tools.filter((t) => t.status === 'cataloged').length);
    assert.equal((j.sources.openclaw ?? 0) + (j.sources.mcp ?? 0) + (j.sources.client ?? 0), j.catalogSize);
    assert.ok(j.tools.some((t) => t.id === 'openclaw:core:read' && t.status === 'cataloged'));
    assert.ok(j.tools.some((t) => t.id === 'openclaw:fake-plugin:fake_plugin_tool_17' && t.status === 'cataloged'));
    assert.ok(j.tools.some((t) => t.id === 'client:client:render_chart'));
    assert.ok(j.tools.some((t) => t.id === 'mcp:github:create_issue' && t.name === 'github__create_issue'));
    // OpenClaw 2026.9.6 (the default model) catalogs the reply tool and keeps it visible.
    assert.equal(j.tools.find((t) => t.name === 'message')?.status, 'cataloged');
    assert.ok(!j.tools.some((t) => t.status === 'excluded'), 'excluded tools only with --all');
    assert.equal(j.bySourceName['fake-plugin'], 35);
    assert.ok(j.servers.some((s) => s.name === 'github' && s.status === 'ok' && s.toolCount === 9));
    assert.ok(j.diagnostics.some((d) => d.file === '.openclaw/client-tools.json' && d.message.endsWith('client tool name conflict: web_search') && d.severity === 'info'));
  });

  it('catalog --all adds excluded tools with reasons', async () => {
    const r = await cli('catalog', '--workspace', DEMO, '--no-user-config', '--json', '--all');
    const j = JSON.parse(r.out) as CatalogJson;
    const gw = j.tools.find((t) => t.id === 'openclaw:core:gateway');
    assert.equal(gw?.status, 'excluded');
    assert.match(gw?.reason ?? '', /tools\.deny "gateway" \(openclaw\.json:\d+\)/);
  });

  it('explain names the rule, file and line of a policy exclusion', async () => {
    const r = await cli('explain', 'fake_plugin_tool_36', '--workspace', DEMO, '--no-user-config', '--json');
    assert.equal(r.code, 0);
    const j = JSON.parse(r.out) as { matches: { status: string; decisions: { layer: string; rule: string; effect: string; file?: string; line?: number }[]; hint?: string }[] };
    const m = j.matches[0];
    assert.equal(m?.status, 'excluded');
    const d = m?.decisions.find((x) => x.effect === 'deny');
    // The layer is the list that decided: a deny entry is tools.deny, never tools.allow.
    assert.equal(d?.layer, 'tools.deny');
    assert.equal(d?.rule, 'deny "fake_plugin_tool_36"');
    assert.equal(d?.file, 'openclaw.json');
    assert.equal(typeof d?.line, 'number');
  });

  it('explain applies the policy context flags (agent, session, provider)', async () => {
    const r = await cli('explain', 'exec', '--workspace', DEMO, '--no-user-config', '--json', '--provider', 'openai/gpt-5-mini');
    const j = JSON.parse(r.out) as { matches: { status: string; decisions: { layer: string }[] }[] };
    assert.equal(j.matches[0]?.status, 'excluded');
    assert.equal(j.matches[0]?.decisions[0]?.layer, 'tools.byProvider.deny');
  });

  it('explain of an unknown name suggests close names', async () => {
    const r = await cli('explain', 'fake_plugin_tol_17', '--workspace', DEMO, '--no-user-config', '--json');
    const j = JSON.parse(r.out) as { matches: { status: string }[]; suggestions: string[] };
    assert.equal(j.matches[0]?.status, 'unknown');
    assert.equal(j.suggestions[0], 'fake_plugin_tool_17');
  });

  it('human output is a table', async () => {
    const r = await cli('catalog', '--workspace', DEMO, '--no-user-config');
    assert.match(r.out, /^Mode: code/m);
    assert.match(r.out, /cataloged\s+openclaw:core:read/);
  });

  const usage: [string, string[], RegExp][] = [
    ['unknown command', ['frobnicate'], /unknown command "frobnicate"/],
    ['unknown flag', ['catalog', '--frob'], /--frob/],
    ['missing explicit config', ['catalog', '--config', 'missing.json'], /missing\.json: cannot read config/],
    ['bad --snapshot', ['catalog', '--snapshot', 'nopath'], /--snapshot expects NAME=PATH/],
    ['missing snapshot path', ['catalog', '--snapshot', 'x=nowhere.json'], /nowhere\.json: snapshot for "x" not found/],
    ['missing client tools', ['catalog', '--client-tools', 'none.json'], /none\.json: client tools file not found/],
    ['bad --mode', ['catalog', '--mode', 'fast'], /--mode must be one of/],
    ['explain without a name', ['explain'], /needs a tool name/],
  ];
  for (const [title, argv, msg] of usage) {
    it(`exit 2 with a one-line reason: ${title}`, async () => {
      const r = await cli(...argv, '--workspace', DEMO, '--no-user-config');
      assert.equal(r.code, 2);
      assert.match(r.err, msg);
      assert.equal(r.err.trim().split('\n').length, 1, 'one line, no stack trace');
      assert.equal(r.out, '');
    });
  }
});
