import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { buildSurface, openclawDirectoryText } from '../../../src/core/modes/surface';
import { BRIDGE_API_CONTRACT, TOOL_SEARCH_CODE } from '../../../src/core/modes/toolSearchTools';
import { buildAllPreviews, buildPreview } from '../../../src/core/modes/preview';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import { OpenWorkspace } from '../../../src/core/workspace';
import { DEMO } from '../gateway/fixtures';
import { scratchDir } from '../../helpers/scratch';

async function demoCatalog(extra: Partial<ConstructorParameters<typeof OpenWorkspace>[0]> = {}): Promise<Catalog> {
  const ws = new OpenWorkspace({
    workspace: DEMO,
    noUserConfig: true,
    env: {},
    snapshots: [{ name: 'github', path: path.join(DEMO, 'snapshots', 'github') }],
    ...extra,
  });
  try {
    return await ws.buildCatalog();
  } finally {
    await ws.dispose();
  }
}

const OK = { ok: true };

describe('mode surfaces', () => {
  let catalog: Catalog;
  before(async () => {
    catalog = await demoCatalog();
  });

  it('direct sends every allowed schema, direct-only included, nothing excluded', () => {
    const s = buildSurface({ catalog, mode: 'direct' });
    const names = s.tools.map((t) => t.name);
    assert.equal(names.length, catalog.allowed.length);
    assert.ok(names.includes('message'), 'the reply tool is sent in direct mode');
    assert.deepEqual(names, [...names].sort(), 'OpenClaw sends the tools array sorted by name');
    assert.ok(names.includes('fake_plugin_tool_17'));
    assert.ok(!names.includes('fake_plugin_tool_36'), 'denied in the demo config');
    assert.ok(!names.includes('gateway'));
    assert.equal(s.effectiveMode, 'direct');
  });

  it('code sends tool_search_code with the bridge contract, plus direct-only and direct-visible tools', () => {
    const s = buildSurface({ catalog, mode: 'code', isolation: OK });
    const visible = catalog.cataloged.filter((t) => t.directVisible === true);
    assert.ok(!visible.some((t) => t.name === 'message') && visible.some((t) => t.name === 'exec'), 'OpenClaw 2026.9.6 keeps coding tools visible, and hides message in a local turn');
    assert.deepEqual(s.tools.map((t) => t.name), [TOOL_SEARCH_CODE, ...catalog.directOnly.map((t) => t.name), ...visible.map((t) => t.name)].sort());
    // OpenClaw's own control tool (generated), not the seed's bridge contract.
    const code = s.tools.find((t) => t.name === TOOL_SEARCH_CODE);
    assert.ok(!code?.description.includes(BRIDGE_API_CONTRACT));
    assert.match(code?.description ?? '', /openclaw\.tools\.search\(query/);
    assert.equal(s.fallbackReason, undefined);
    assert.equal(s.deferredCount, catalog.size - visible.length);
    // Searchable tools sent up front anyway are "always sent", not "direct" (which is direct mode's every schema).
    assert.deepEqual(s.visible.filter((v) => v.why === 'always-sent').map((v) => v.name).sort(), visible.map((t) => t.name).sort());
    assert.ok(!s.visible.some((v) => v.why === 'direct'));
  });

  it('code falls back to tools mode with the reason when no isolated child is available', () => {
    const s = buildSurface({ catalog, mode: 'code', isolation: { ok: false, reason: 'node 18 has no permission model' } });
    assert.equal(s.effectiveMode, 'tools');
    assert.match(s.fallbackReason ?? '', /node 18 has no permission model/);
    assert.ok(!s.tools.some((t) => t.name === TOOL_SEARCH_CODE));
    const unprobed = buildSurface({ catalog, mode: 'code' });
    assert.equal(unprobed.effectiveMode, 'tools', 'never assume isolation nobody checked');
    assert.match(unprobed.fallbackReason ?? '', /no isolation probe/);
  });

  it('tools sends tool_search, tool_describe, tool_call plus direct-only and direct-visible tools', () => {
    const s = buildSurface({ catalog, mode: 'tools' });
    const visible = catalog.cataloged.filter((t) => t.directVisible === true).map((t) => t.name);
    assert.deepEqual(s.tools.map((t) => t.name), ['tool_search', 'tool_describe', 'tool_call', ...catalog.directOnly.map((t) => t.name), ...visible].sort());
    // OpenClaw's tool_search: a `queries` batch, no `required`, no `maximum` on the limit.
    const search = s.tools.find((t) => t.name === 'tool_search');
    assert.ok(Object.keys(search?.parameters.properties ?? {}).includes('queries'));
    assert.equal(search?.parameters.required, undefined);
    assert.deepEqual(s.tools.find((t) => t.name === 'tool_call')?.parameters.required, ['id']);
  });

  it('directory adds a bounded directory, likely first-party schemas from the prompt (at most 4) and required ones', () => {
    const index = ToolIndex.fromCatalog(catalog);
    const s = buildSurface({
      catalog,
      mode: 'directory',
      index,
      prompt: 'toggle the feature flags in the back office, then create a github issue',
      requiredTools: ['fake_plugin_tool_05', 'github__get_file_contents', 'no_such_tool'],
      // OpenClaw 2026.9.6 hydrates none from the prompt; asked for, the inspector estimates them.
      likelyLimit: 4,
    });
    const unasked = buildSurface({ catalog, mode: 'directory', index, prompt: 'toggle the feature flags in the back office, then create a github issue' });
    assert.deepEqual(unasked.likely, [], 'no likely schemas unless asked (2026.9.6 has none)');
    const names = s.tools.map((t) => t.name);
    assert.ok(['tool_search', 'tool_describe', 'tool_call'].every((n) => names.includes(n)));
    assert.deepEqual(names, [...names].sort());
    assert.ok((s.likely?.length ?? 0) > 0 && (s.likely?.length ?? 0) <= 4, `likely: ${JSON.stringify(s.likely)}`);
    // MCP descriptions are untrusted: their schemas stay deferred (never likely, never required).
    assert.ok(s.likely?.every((l) => l.source === 'openclaw'), `likely: ${JSON.stringify(s.likely)}`);
    assert.ok(!names.includes('github__create_issue'));
    assert.deepEqual(s.required?.map((r) => r.name), ['fake_plugin_tool_05']);
    assert.deepEqual(s.missingRequired, ['github__get_file_contents', 'no_such_tool']);
    assert.ok(s.directory);
    assert.ok(s.systemPrompt.includes('### Deferred Tool Schemas\nAvailable deferred-schema tools:\n'));
    const deferredPlugin = catalog.cataloged.find((t) => t.sourceName === 'fake-plugin' && !names.includes(t.name));
    assert.ok(deferredPlugin && s.systemPrompt.includes(`- ${deferredPlugin.name} (fake-plugin): `));
    assert.ok(!s.directory.text.includes('- fake_plugin_tool_05 ('), 'a visible schema is not repeated in the directory');
    assert.ok(!s.directory.text.includes('github__'), 'MCP names never enter the prompt');
    assert.ok(!s.directory.text.includes('fake_plugin_tool_36'), 'denied tool not listed');
    assert.equal(s.directory.shown + s.directory.omitted, s.deferredCount);
    assert.deepEqual(
      s.directory.unlisted.map((u) => [u.source, u.owner, u.count]),
      [['mcp', 'github', catalog.cataloged.filter((t) => t.sourceName === 'github').length]],
    );
  });

  it('directory keeps client tools visible', async () => {
    const dir = scratchDir('tsi-client-');
    const file = path.join(dir, 'client-tools.json');
    fs.writeFileSync(file, JSON.stringify([{ name: 'show_chart', description: 'Render a chart in the client UI', parameters: { type: 'object', properties: {} } }]));
    // Trusted (the client-tools file is outside the demo folder), with no live MCP: nothing is started.
    const c = await demoCatalog({ clientToolsPath: file, trusted: true, liveMcp: () => undefined });
    const s = buildSurface({ catalog: c, mode: 'directory' });
    assert.ok(s.visible.some((v) => v.name === 'show_chart' && v.why === 'client'));
    assert.ok(!s.directory?.text.includes('show_chart'));
  });

  it('refuses client tools whose names clash with OpenClaw, plugin or MCP tools, naming both sides', async () => {
    const dir = scratchDir('tsi-client-');
    const file = path.join(dir, 'client-tools.json');
    const t = (name: string) => ({ name, description: `client ${name}`, parameters: { type: 'object', properties: {} } });
    fs.writeFileSync(file, JSON.stringify([t('read'), t('fake_plugin_tool_02'), t('github__create_issue'), t('show_chart')]));
    // Trusted (the client-tools file is outside the demo folder), with no live MCP: nothing is started.
    const c = await demoCatalog({ clientToolsPath: file, trusted: true, liveMcp: () => undefined });
    for (const mode of ['direct', 'code', 'tools', 'directory'] as const) {
      const p = buildPreview({ catalog: c, mode, isolation: OK, tokens: false });
      assert.deepEqual(p.clientToolConflicts.map((x) => x.name).sort(), ['fake_plugin_tool_02', 'github__create_issue', 'read']);
      const read = p.clientToolConflicts.find((x) => x.name === 'read');
      assert.match(read?.reason ?? '', /client tool name conflict: read \(also openclaw:core:read\)/);
      assert.ok(!p.visible.some((v) => v.id?.startsWith('client:') && v.name !== 'show_chart'), `${mode}: a clashing client tool is never offered`);
    }
    const direct = buildPreview({ catalog: c, mode: 'direct', tokens: false });
    assert.equal(direct.visibleTools.filter((n) => n === 'read').length, 1);
    assert.equal(direct.visible.find((v) => v.name === 'read')?.id, 'openclaw:core:read');
  });

  it('previews every mode of the same turn; Tool Search modes send far fewer tool bytes', () => {
    const all = buildAllPreviews({ catalog, isolation: OK, prompt: 'call fake plugin tool 17 with marker abc' });
    assert.ok(all.code.bytes.tools < all.direct.bytes.tools / 5, `${all.code.bytes.tools} vs ${all.direct.bytes.tools}`);
    assert.ok(all.tools.bytes.tools < all.direct.bytes.tools / 3);
    assert.ok((all.code.tokens?.tools ?? 0) < (all.direct.tokens?.tools ?? 0));
    assert.equal(all.directory.directory?.chars, all.directory.directory?.text.length);
  });
});

describe('directory order', () => {
  it('lists first-party tools sorted by name; a tight bound drops rows from the end; MCP tools are never rows', async () => {
    const ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, env: {}, snapshots: [{ name: 'github', path: path.join(DEMO, 'snapshots', 'github') }] });
    const catalog = await ws.buildCatalog();
    await ws.dispose();
    const s = buildSurface({ catalog, mode: 'directory', directoryMaxChars: 1500 });
    const d = s.directory;
    assert.ok(d && d.dropped.length > 0);
    const listed = d.text.split('\n').filter((l) => l.startsWith('- ')).map((l) => l.slice(2).split(' ')[0] ?? '');
    assert.deepEqual(listed, [...listed].sort());
    assert.ok(d.dropped.every((n) => n > (listed[listed.length - 1] ?? '')), 'rows go from the end of the sorted list');
    assert.ok(!d.dropped.some((n) => n.startsWith('github__')), 'MCP tools are not rows, so never dropped rows');
  });
});

describe('OpenClaw\'s deferred directory in every Tool Search mode', () => {
  let catalog: Catalog;
  before(async () => {
    catalog = await demoCatalog();
  });

  it('lists the deferred first-party tools in code and tools mode too, never a tool sent up front, and none in direct mode', () => {
    for (const mode of ['code', 'tools', 'directory'] as const) {
      const surface = buildSurface({ catalog, mode, isolation: OK });
      const text = openclawDirectoryText({ catalog, mode, isolation: OK }, surface) ?? '';
      assert.match(text, /^Available deferred-schema tools:/, mode);
      for (const v of surface.visible) {
        assert.ok(!text.includes(`\n- ${v.name} (`), `${mode}: ${v.name} is sent up front and listed`);
      }
      const deferred = catalog.allowed.filter((t) => t.status === 'cataloged' && t.source === 'openclaw' && !surface.visible.some((v) => v.id === t.id));
      assert.ok(deferred.length > 0 && deferred.every((t) => text.includes(`- ${t.name} (`) || /additional tools omitted/.test(text)), mode);
    }
    const direct = buildSurface({ catalog, mode: 'direct' });
    assert.equal(openclawDirectoryText({ catalog, mode: 'direct' }, direct), undefined);
  });

  it('is bounded by a tenth of the context window', () => {
    const surface = buildSurface({ catalog, mode: 'tools', isolation: OK });
    const wide = openclawDirectoryText({ catalog, mode: 'tools', contextTokens: 128_000 }, surface) ?? '';
    const small = openclawDirectoryText({ catalog, mode: 'tools', contextTokens: 8_000 }, surface) ?? '';
    assert.ok(small.length < wide.length, `${small.length} vs ${wide.length}`);
    assert.ok(small.length <= 800, String(small.length));
  });
});
