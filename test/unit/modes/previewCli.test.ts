import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cli, cliWorkspace } from '../../helpers/cliWorkspace';

interface Preview {
  mode: string;
  effectiveMode: string;
  fallbackReason?: string;
  request: { model: string; messages?: { role: string; content: string }[]; instructions?: string; input?: unknown[]; tools?: { type: string; function?: { name: string }; name?: string }[] };
  visibleTools: string[];
  directory?: { text: string; shown: number; omitted: number; chars: number };
  bytes: { tools: number; prompt: number; total: number };
  tokens: { tools: number; prompt: number; total: number; encoding: string };
  catalogSize: number;
  sources: { openclaw: number; mcp: number; client: number };
  clientToolConflicts: { name: string; reason: string }[];
}

describe('CLI preview (contract)', function () {
  // --mode code probes a real Node child once.
  this.timeout(60000);
  const ws = cliWorkspace();

  it('prints the exact Chat Completions body with sizes of its serialized parts', async () => {
    const r = await cli(ws, 'preview', '--mode', 'tools', '--prompt', 'open an issue', '--json');
    assert.equal(r.code, 0, r.err);
    const p = JSON.parse(r.out) as Preview;
    assert.equal(p.mode, 'tools');
    assert.deepEqual(p.request.messages?.map((m) => m.role), ['system', 'user']);
    assert.equal(p.request.messages?.[1]?.content, 'open an issue');
    assert.deepEqual(p.request.tools?.map((t) => t.function?.name), p.visibleTools);
    assert.ok(['tool_search', 'tool_describe', 'tool_call'].every((n) => p.visibleTools.includes(n)));
    assert.deepEqual(p.visibleTools, [...p.visibleTools].sort(), 'sorted by name, as OpenClaw sends them');
    assert.equal(p.bytes.tools, Buffer.byteLength(JSON.stringify(p.request.tools), 'utf8'));
    assert.equal(p.bytes.prompt, Buffer.byteLength(JSON.stringify(p.request.messages), 'utf8'));
    assert.equal(p.bytes.total, Buffer.byteLength(JSON.stringify(p.request), 'utf8'));
    assert.equal(p.tokens.encoding, 'o200k_base');
    assert.ok(p.tokens.tools > 0 && p.tokens.total > p.tokens.tools);
    assert.equal(p.sources.mcp, 9);
    assert.ok(p.catalogSize > 40);
  });

  it('prints the Responses API shape with --api responses', async () => {
    const r = await cli(ws, 'preview', '--mode', 'direct', '--api', 'responses', '--json');
    const p = JSON.parse(r.out) as Preview;
    assert.equal(typeof p.request.instructions, 'string');
    assert.ok(Array.isArray(p.request.input));
    assert.ok(p.request.tools?.every((t) => t.type === 'function' && typeof t.name === 'string'));
    assert.ok(!p.visibleTools.includes('fake_plugin_tool_36'));
    assert.ok(!JSON.stringify(p.request).includes('fake_plugin_tool_36'), 'a denied tool is nowhere in the body');
  });

  it('code mode falls back to tools with the reason when the sandbox Node is unusable', async () => {
    const r = await cli(ws, 'preview', '--mode', 'code', '--node', path.join(ws, 'no-such-node'), '--json');
    assert.equal(r.code, 0, r.err);
    const p = JSON.parse(r.out) as Preview;
    assert.equal(p.mode, 'code');
    assert.equal(p.effectiveMode, 'tools');
    assert.match(p.fallbackReason ?? '', /code mode needs an isolated Node child: .*no-such-node/);
    assert.ok(!p.visibleTools.includes('tool_search_code'));
  });

  it('--mode all prints the modes side by side', async () => {
    const r = await cli(ws, 'preview', '--mode', 'all', '--prompt', 'create a github issue');
    assert.equal(r.code, 0, r.err);
    const lines = r.out.split('\n');
    assert.match(lines.find((l) => l.startsWith('MODE')) ?? '', /MODE\s+EFFECTIVE\s+SCHEMAS\s+TOOL BYTES\s+SAVED/);
    for (const m of ['direct', 'code', 'tools', 'directory']) {
      assert.ok(lines.some((l) => l.startsWith(m)), m);
    }
    const j = await cli(ws, 'preview', '--mode', 'all', '--json');
    const modes = (JSON.parse(j.out) as { modes: Record<string, Preview> }).modes;
    assert.ok(modes.tools && modes.direct && modes.tools.bytes.tools < modes.direct.bytes.tools / 5);
  });

  it('directory mode reports the directory and what was cut', async () => {
    const r = await cli(ws, 'preview', '--mode', 'directory', '--context-tokens', '8000', '--json');
    const p = JSON.parse(r.out) as Preview & { directory: { maxChars: number; dropped: string[]; omitted: number; reason?: string } };
    assert.equal(p.directory.maxChars, 800);
    // The bound applies to the listing under the heading, as in OpenClaw.
    assert.ok(p.directory.chars <= 800 + '### Deferred Tool Schemas\n'.length);
    assert.ok(p.directory.dropped.length > 0);
    // Omitted: the dropped first-party rows plus every MCP tool, which is never listed.
    assert.ok(p.directory.omitted >= p.directory.dropped.length);
    assert.match(p.directory.reason ?? '', /dropped/);
    assert.ok(p.request.messages?.[0]?.content.includes(p.directory.text));
  });

  it('names refused client tools that clash with OpenClaw, plugin or MCP names', async () => {
    const file = path.join(ws, 'clash.json');
    fs.writeFileSync(file, JSON.stringify([{ name: 'fake_plugin_tool_01', description: 'mine', parameters: { type: 'object', properties: {} } }]));
    const r = await cli(ws, 'preview', '--mode', 'direct', '--client-tools', file);
    assert.match(r.out, /Refused client tools \(name clash\): fake_plugin_tool_01 \(also openclaw:fake-plugin:fake_plugin_tool_01\)/);
  });

  it('reports bytes and o200k tokens per tool with --per-tool', async () => {
    const r = await cli(ws, 'preview', '--mode', 'code', '--node', path.join(ws, 'no-such-node'), '--per-tool', '--json');
    const p = JSON.parse(r.out) as Preview & { perTool: { name: string; bytes: number; tokens: number }[] };
    assert.deepEqual(p.perTool.map((t) => t.name), p.visibleTools);
    for (const [i, t] of p.perTool.entries()) {
      assert.equal(t.bytes, Buffer.byteLength(JSON.stringify(p.request.tools?.[i]), 'utf8'));
      assert.ok(t.tokens > 0 && t.tokens < t.bytes);
    }
  });

  it('rejects a bad --api with exit 2', async () => {
    const r = await cli(ws, 'preview', '--api', 'soap');
    assert.equal(r.code, 2);
    assert.match(r.err, /--api must be chat or responses/);
  });

  it('says which OpenClaw version the prediction models, and that no real capture checked it', async () => {
    const one = JSON.parse((await cli(ws, 'preview', '--mode', 'tools', '--json')).out) as { checkedAgainst?: unknown };
    assert.deepEqual(one.checkedAgainst, { modelled: '2026.9.6' });
    const all = JSON.parse((await cli(ws, 'preview', '--mode', 'all', '--json', '--node', path.join(ws, 'no-such-node'))).out) as { checkedAgainst?: unknown };
    assert.deepEqual(all.checkedAgainst, { modelled: '2026.9.6' });
    const older = JSON.parse((await cli(ws, 'preview', '--mode', 'tools', '--json', '--openclaw-version', '2026.1.30')).out) as { checkedAgainst?: unknown };
    assert.deepEqual(older.checkedAgainst, { modelled: '2026.1.30' });
    const human = await cli(ws, 'preview', '--mode', 'tools');
    assert.match(human.out, /Predicts OpenClaw 2026\.9\.6; not checked against a real run \(--capture runs one\)/);
  });

  it('predicts OpenClaw\'s request from the modelled version\'s own templates, and says so instead for a version that has none', async () => {
    type WithOpenClaw = { openclaw?: { version: string; request: { messages: unknown[] } }; openclawUnavailable?: string };
    const newest = JSON.parse((await cli(ws, 'preview', '--mode', 'tools', '--json')).out) as WithOpenClaw;
    assert.equal(newest.openclaw?.version, '2026.9.6');
    const epoch = JSON.parse((await cli(ws, 'preview', '--mode', 'tools', '--json', '--openclaw-version', '2026.9.3')).out) as WithOpenClaw;
    assert.equal(epoch.openclaw?.version, '2026.9.2');
    assert.equal(epoch.openclaw?.request.messages.length, 2, '2026.9.2 sends no internal-context message');
    const before = JSON.parse((await cli(ws, 'preview', '--mode', 'tools', '--json', '--openclaw-version', '2026.4.8')).out) as WithOpenClaw;
    assert.equal(before.openclaw, undefined);
    assert.match(before.openclawUnavailable ?? '', /^OpenClaw 2026\.4\.8's request is not predicted/);
    const human = await cli(ws, 'preview', '--mode', 'tools', '--openclaw-version', '2026.4.8');
    assert.match(human.out, /OpenClaw 2026\.4\.8's request is not predicted/);
  });

  it('a release without Tool Search sends no Tool Search mode, and 2026.5.12 runs directory mode as code, as each release resolves tools.toolSearch', async () => {
    type Modes = { modes: Record<string, { effectiveMode: string; fallbackReason?: string; notInRelease?: string }> };
    const old = JSON.parse((await cli(ws, 'preview', '--mode', 'all', '--json', '--openclaw-version', '2026.4.1')).out) as Modes;
    assert.equal(old.modes.direct?.notInRelease, undefined);
    for (const m of ['code', 'tools', 'directory']) {
      assert.match(old.modes[m]?.notInRelease ?? '', /^OpenClaw 2026\.4\.1 has no Tool Search \(it came in 2026\.5\.12\)/, m);
      if (m !== 'code') {
        // (Code mode goes on to tools here: this workspace has no isolated child.)
        assert.equal(old.modes[m]?.effectiveMode, m, m);
      }
    }
    const human = await cli(ws, 'preview', '--mode', 'all', '--openclaw-version', '2026.4.1');
    assert.equal(human.out.split('OpenClaw 2026.4.1 has no Tool Search').length, 2, 'said once');
    const first = JSON.parse((await cli(ws, 'preview', '--mode', 'all', '--json', '--openclaw-version', '2026.5.12')).out) as Modes;
    // "Every mode" is every mode the release has: 2026.5.12 has no directory mode.
    assert.deepEqual(Object.keys(first.modes), ['direct', 'code', 'tools', 'code-mode']);
    assert.equal(first.modes.code?.notInRelease, undefined);
    // Asked for, directory runs as code; this workspace has no isolated child, so code mode goes on to tools: both reasons are given.
    const directory = JSON.parse((await cli(ws, 'preview', '--mode', 'directory', '--json', '--openclaw-version', '2026.5.12')).out) as { effectiveMode: string; fallbackReason?: string };
    assert.equal(directory.effectiveMode, first.modes.code?.effectiveMode);
    assert.match(directory.fallbackReason ?? '', /^OpenClaw 2026\.5\.12 has no directory mode: it runs mode "directory" as code mode(; code mode needs an isolated Node child|$)/);
    const withDirectory = JSON.parse((await cli(ws, 'preview', '--mode', 'all', '--json', '--openclaw-version', '2026.6.10')).out) as Modes;
    assert.equal(withDirectory.modes.directory?.effectiveMode, 'directory');
  });

  it('refuses --capture with the Responses API (--openclaw alone names the package the prediction cites)', async () => {
    const b = await cli(ws, 'preview', '--capture', '--api', 'responses');
    assert.equal(b.code, 2);
    assert.match(b.err, /--capture compares Chat Completions requests/);
  });
});
