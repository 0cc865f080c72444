import * as assert from 'node:assert/strict';
import { entryMatches, listSuggestions, type AuthoringCatalog, type TermSuggestion } from '../../../src/core/authoring/catalogTerms';
import { completionsAt, entryDiagnostics, hoverAt, type ConfigCompletion, type ConfigHover } from '../../../src/core/authoring/configAssist';
import { listKindOf } from '../../../src/core/authoring/configLists';
import { scanJson5 } from '../../../src/core/authoring/json5Scan';
import { toolSearchEffect } from '../../../src/core/authoring/toolSearchEffect';
import { groupsOfCoreTool } from '../../../src/core/policy/groups';
import { OPENCLAW_MODELS, type OpenClawModel } from '../../../src/core/policy/openclawVersions';
import type { CatalogTool, ToolSourceKind, ToolStatus } from '../../../src/core/types';

const MODEL = OPENCLAW_MODELS[OPENCLAW_MODELS.length - 1] as OpenClawModel;

function tool(source: ToolSourceKind, owner: string, name: string, status: ToolStatus = 'cataloged', raw?: string): CatalogTool {
  return {
    id: `${source}:${owner}:${raw ?? name}`,
    source,
    sourceName: owner,
    name,
    description: `${name} does things`,
    status,
    decisions: [],
    groups: source === 'openclaw' && owner === 'core' ? groupsOfCoreTool(name, MODEL) : [],
  };
}

/** A catalog like the demo's: every core tool of the model, a plugin, two MCP servers, a client tool. */
function catalog(overrides: Partial<AuthoringCatalog> = {}): AuthoringCatalog {
  return {
    tools: [
      ...MODEL.coreTools.map((t) => tool('openclaw', 'core', t.name, t.name === 'gateway' ? 'excluded' : 'cataloged')),
      tool('openclaw', 'notes', 'notes_search'),
      tool('mcp', 'filesystem', 'filesystem__read_file', 'cataloged', 'read_file'),
      tool('mcp', 'filesystem', 'filesystem__move_file', 'excluded', 'move_file'),
      tool('mcp', 'memory', 'memory__read_graph', 'cataloged', 'read_graph'),
      tool('client', 'client', 'render_chart'),
    ],
    plugins: [
      { id: 'notes', name: 'Team Notes', manifest: 'x', status: 'loaded', toolCount: 1 },
      { id: 'legacy-crm', name: 'Legacy CRM', manifest: 'y', status: 'disabled', toolCount: 0 },
    ],
    servers: [
      { name: 'filesystem', origin: 'openclaw.json:30', transport: 'stdio', status: 'ok', toolCount: 2, durationMs: 1 },
      { name: 'memory', origin: 'openclaw.json:40', transport: 'stdio', status: 'ok', toolCount: 1, durationMs: 1 },
    ],
    model: MODEL,
    ...overrides,
  };
}

const CONFIG = `// comment with "quotes" and { braces
{
  tools: {
    toolSearch: { mode: 'code', maxSearchLimit: 99, searchDefaultLimit: 30, codeTimeoutMs: 500 },
    deny: ["gateway", 'group:fs', "nodez", ],
    byProvider: { "openai/gpt-5-mini": { deny: ["group:runtime"] } },
  },
  agents: { list: [ { id: "main" }, { id: "support", tools: { alsoAllow: ["bundle-mcp", "filesystem__*"] } } ] },
  plugins: { allow: ["notes"], entries: { "legacy-crm": { enabled: false } } },
  mcp: { servers: { filesystem: { command: "node", toolFilter: { exclude: ["move_file", "mv_file"] } } } },
}`;

const at = (needle: string, delta = 1, text = CONFIG): number => {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `"${needle}" not in the text`);
  return i + delta;
};

function terms(items: readonly ConfigCompletion[]): TermSuggestion[] {
  return items.flatMap((i) => (i.kind === 'term' ? [i.term] : []));
}

function entryHover(h: ConfigHover | undefined): Extract<ConfigHover, { kind: 'entry' }> {
  assert.ok(h && h.kind === 'entry', `expected an entry hover, got ${JSON.stringify(h)}`);
  return h;
}

describe('config authoring: the forgiving JSON5 scanner', () => {
  it('gives every key and value its path, past comments, both quotes and trailing commas', () => {
    const { leaves } = scanJson5(CONFIG);
    const deny = leaves.filter((l) => l.kind === 'value' && l.path.join('.').startsWith('tools.deny.'));
    assert.deepEqual(deny.map((l) => [l.path.join('.'), l.text, l.quote]), [
      ['tools.deny.0', 'gateway', '"'],
      ['tools.deny.1', 'group:fs', "'"],
      ['tools.deny.2', 'nodez', '"'],
    ]);
    const alsoAllow = leaves.find((l) => l.text === 'filesystem__*');
    assert.deepEqual(alsoAllow?.path, ['agents', 'list', 1, 'tools', 'alsoAllow', 1]);
    assert.ok(!leaves.some((l) => l.text === 'quotes'), 'nothing inside a comment is a token');
  });

  it('finds the context in a half-written document (an open string, no closing brackets)', () => {
    const text = '{ tools: { deny: ["gateway", "gro';
    const { context } = scanJson5(text, text.length);
    assert.equal(context?.container, 'array');
    assert.deepEqual(context?.containerPath, ['tools', 'deny']);
    assert.equal(context?.token?.text, 'gro');
    const key = '{ tools: { profile: "full", al';
    const k = scanJson5(key, key.length).context;
    assert.equal(k?.position, 'key');
    assert.deepEqual(k?.containerPath, ['tools']);
    assert.deepEqual(k?.siblingKeys, ['profile']);
  });

  it('keeps later paths right when a list is left unclosed', () => {
    const { leaves } = scanJson5('{ tools: { deny: ["a" }, profile: "x" }');
    assert.deepEqual(leaves.find((l) => l.text === 'x')?.path, ['profile']);
  });
});

describe('config authoring: which lists hold what', () => {
  it('knows the policy lists at every level, toolFilter globs and plugin ids', () => {
    assert.equal(listKindOf(['tools', 'deny'])?.kind, 'tool-pattern');
    assert.equal(listKindOf(['tools', 'byProvider', 'openai/gpt-5-mini', 'alsoAllow'])?.kind, 'tool-pattern');
    assert.equal(listKindOf(['tools', 'sandbox', 'tools', 'allow'])?.kind, 'tool-pattern');
    assert.equal(listKindOf(['agents', 'list', 3, 'tools', 'deny'])?.kind, 'tool-pattern');
    assert.equal(listKindOf(['agents', 'entries', 'ops', 'tools', 'sandbox', 'tools', 'deny'])?.kind, 'tool-pattern');
    assert.deepEqual(listKindOf(['mcp', 'servers', 'fs', 'toolFilter', 'include']), { kind: 'tool-filter', server: 'fs', field: 'include' });
    assert.equal(listKindOf(['plugins', 'deny'])?.kind, 'plugin-id');
    assert.equal(listKindOf(['tools', 'sandbox', 'deny']), undefined, 'tools.sandbox.deny is no policy list');
    assert.equal(listKindOf(['plugins', 'load', 'paths']), undefined);
  });
});

describe('config authoring: completions', () => {
  it('offers the catalog\'s tool names, groups, plugin ids and MCP servers inside tools.deny', () => {
    const r = completionsAt(CONFIG, at('"nodez"', 2), catalog());
    assert.equal(r.inString, true);
    assert.deepEqual(r.replace, { start: at('"nodez"'), end: at('"nodez"', 6) });
    const t = terms(r.items);
    const byText = (s: string) => t.find((x) => x.text === s);
    assert.equal(byText('read')?.kind, 'tool');
    assert.equal(byText('render_chart')?.source, 'client');
    assert.equal(byText('group:fs')?.kind, 'group');
    assert.equal(byText('group:fs')?.matches, MODEL.groups['group:fs']?.length);
    assert.equal(byText('notes')?.kind, 'plugin');
    assert.equal(byText('filesystem__*')?.kind, 'server');
    assert.equal(byText('filesystem__*')?.matches, 2);
    assert.equal(byText('bundle-mcp')?.matches, 3);
    assert.equal(byText('gateway')?.status, 'excluded');
  });

  it('each suggestion\'s count is exactly what the entry selects (counted without matching every name against every tool)', () => {
    const cat = catalog();
    for (const list of [{ kind: 'tool-pattern', field: 'deny' }, { kind: 'tool-filter', server: 'filesystem', field: 'exclude' }, { kind: 'plugin-id', field: 'allow' }] as const) {
      for (const s of listSuggestions(list, cat)) {
        assert.equal(s.matches, entryMatches(s.text, list, cat).length, `${list.kind} ${s.text}`);
      }
    }
  });

  it('offers the server\'s own tool names inside its toolFilter, and plugin ids in plugins.allow', () => {
    const f = terms(completionsAt(CONFIG, at('"mv_file"', 1), catalog()).items).map((x) => x.text);
    assert.deepEqual(f.sort(), ['move_file', 'read_file']);
    const p = terms(completionsAt(CONFIG, at('["notes"]', 2), catalog()).items).map((x) => x.text);
    assert.ok(p.includes('notes') && p.includes('legacy-crm'));
    assert.ok(MODEL.bundledPlugins.every((b) => p.includes(b)), 'bundled plugins too');
  });

  it('offers schema keys not yet written, and schema literals for values', () => {
    const text = '{ tools: { profile: "full", ';
    const keys = completionsAt(text, text.length, undefined).items.flatMap((i) => (i.kind === 'key' ? [i.key.key] : []));
    assert.ok(keys.includes('deny') && keys.includes('toolSearch') && keys.includes('alsoAllow'));
    assert.ok(!keys.includes('profile'), 'a key already written is not offered again');
    const v = completionsAt(CONFIG, at("'code'", 1), undefined).items.flatMap((i) => (i.kind === 'value' ? [i.value.value] : []));
    assert.deepEqual(v, ['code', 'tools', 'directory']);
  });

  it('offers an agent\'s keys under agents.list too (the older spelling of agents.entries)', () => {
    const text = '{ agents: { list: [ { id: "main", tools: { profile: "coding", ';
    const keys = completionsAt(text, text.length, undefined).items.flatMap((i) => (i.kind === 'key' ? [i.key.key] : []));
    assert.ok(keys.includes('alsoAllow') && keys.includes('deny') && !keys.includes('profile'), keys.join(', '));
  });

  it('offers plugin ids as keys of plugins.entries', () => {
    const t = terms(completionsAt(CONFIG, at('"legacy-crm"', 2), catalog()).items).map((x) => x.text);
    assert.ok(t.includes('notes'));
    assert.ok(t.includes('legacy-crm'), 'the key being edited is still offered');
    const text = '{ plugins: { entries: { notes: {}, ';
    const next = terms(completionsAt(text, text.length, catalog()).items).map((x) => x.text);
    assert.ok(next.includes('legacy-crm') && !next.includes('notes'), 'an id already configured is not offered again');
  });

  it('offers nothing inside a comment', () => {
    assert.deepEqual(completionsAt(CONFIG, at('quotes', 2), catalog()).items, []);
  });
});

describe('config authoring: hovers', () => {
  it('lists exactly the tools a group selects in the catalog', () => {
    const h = entryHover(hoverAt('openclaw.json', CONFIG, at("'group:fs'", 3), catalog(), MODEL));
    assert.equal(h.meaning.reading, 'group');
    const members = MODEL.groups['group:fs'] ?? [];
    assert.deepEqual(h.meaning.matched.map((m) => m.name).sort(), [...members].sort());
    assert.deepEqual(h.meaning.groupMembers, members);
  });

  it('a server glob selects that server\'s tools; bundle-mcp every MCP tool; a toolFilter entry its own tool', () => {
    const g = entryHover(hoverAt('openclaw.json', CONFIG, at('"filesystem__*"', 2), catalog(), MODEL));
    assert.equal(g.meaning.reading, 'server');
    assert.deepEqual(g.meaning.matched.map((m) => m.id), ['mcp:filesystem:read_file', 'mcp:filesystem:move_file']);
    const b = entryHover(hoverAt('openclaw.json', CONFIG, at('"bundle-mcp"', 2), catalog(), MODEL));
    assert.equal(b.meaning.matched.length, 3);
    const f = entryHover(hoverAt('openclaw.json', CONFIG, at('"move_file"', 2), catalog(), MODEL));
    assert.deepEqual(f.meaning.matched.map((m) => [m.id, m.status]), [['mcp:filesystem:move_file', 'excluded']]);
  });

  it('reads an alias as OpenClaw does', () => {
    const text = '{ tools: { deny: ["bash"] } }';
    const h = entryHover(hoverAt('openclaw.json', text, at('"bash"', 2, text), catalog(), MODEL));
    assert.equal(h.meaning.alias, 'exec');
    assert.deepEqual(h.meaning.matched.map((m) => m.name), ['exec']);
  });

  it('shows a tools.toolSearch value after the clamps', () => {
    const h = hoverAt('openclaw.json', CONFIG, at('maxSearchLimit', 2), catalog(), MODEL);
    assert.ok(h && h.kind === 'tool-search');
    assert.deepEqual([h.effect.written, h.effect.effective], [99, 50]);
    assert.ok(h.effect.notes.some((n) => n.message.includes('clamps it to 50')));
    const d = hoverAt('openclaw.json', CONFIG, at('searchDefaultLimit', 2), catalog(), MODEL);
    assert.ok(d && d.kind === 'tool-search');
    assert.deepEqual([d.effect.written, d.effect.effective, d.effect.range], [30, 30, { min: 1, max: 50 }], 'its upper bound is the clamped maxSearchLimit');
  });

  it('describes a schema key', () => {
    const h = hoverAt('openclaw.json', CONFIG, at('profile', 0, '{ tools: { profile: "x" } }'), undefined, MODEL);
    assert.equal(h, undefined, 'offset outside the text given');
    const text = '{ tools: { profile: "x" } }';
    const k = hoverAt('openclaw.json', text, at('profile', 2, text), undefined, MODEL);
    assert.ok(k && k.kind === 'key');
    assert.match(k.valueType, /"coding"/);
  });
});

describe('config authoring: tools.toolSearch effect', () => {
  it('uses the same clamp ranges as the resolver, at both ends of every range', () => {
    for (const [key, min, max] of [['codeTimeoutMs', 1000, 60000], ['maxSearchLimit', 1, 50]] as const) {
      const low = toolSearchEffect('c.json', `{ tools: { toolSearch: { ${key}: 1 } } }`, key, MODEL);
      const high = toolSearchEffect('c.json', `{ tools: { toolSearch: { ${key}: 999999 } } }`, key, MODEL);
      assert.deepEqual([low?.effective, high?.effective], [min, max], key);
      assert.deepEqual(low?.range, { min, max }, key);
    }
  });

  it('says when the version turns Tool Search on by default, and when the text does not parse', () => {
    const unset = toolSearchEffect('c.json', '{ tools: { toolSearch: {} } }', '', MODEL);
    assert.equal(unset?.effective, false, 'an empty object is off');
    assert.equal(toolSearchEffect('c.json', '{ tools: ', 'mode', MODEL), undefined);
    const off = toolSearchEffect('c.json', '{ tools: { toolSearch: { enabled: false, mode: "tools" } } }', 'mode', MODEL);
    assert.equal(off?.effective, 'direct');
  });
});

describe('config authoring: entries that select nothing', () => {
  it('warns on an unknown name with did-you-mean, and on a toolFilter glob that selects none of the server\'s tools', () => {
    const d = entryDiagnostics(CONFIG, catalog());
    assert.deepEqual(
      d.map((x) => [x.entry, x.severity, x.reason]),
      [
        ['nodez', 'warning', 'matches-nothing'],
        ['mv_file', 'warning', 'matches-nothing'],
      ],
    );
    assert.ok(d[0]?.suggestions.includes('nodes'), JSON.stringify(d[0]?.suggestions));
    assert.ok(d[1]?.suggestions.includes('move_file'));
    const first = d[0];
    assert.ok(first);
    assert.equal(CONFIG.slice(first.span.start, first.span.end), 'nodez');
  });

  it('says less when a server listed nothing (failed or not started): the name may be one of its tools', () => {
    const cat = catalog({ servers: [{ name: 'filesystem', origin: 'x', transport: 'stdio', status: 'failed', toolCount: 0, durationMs: 1 }] });
    const d = entryDiagnostics(CONFIG, cat);
    assert.deepEqual(d.map((x) => [x.entry, x.severity]), [['nodez', 'info']]);
    assert.deepEqual(d[0]?.unlistedServers, ['filesystem']);
  });

  it('a name OpenClaw knows but this workspace lacks is information, not a warning', () => {
    const text = '{ tools: { deny: ["group:fs"] } }';
    const d = entryDiagnostics(text, catalog({ tools: [] }));
    assert.deepEqual(d.map((x) => [x.entry, x.severity, x.reason]), [['group:fs', 'info', 'known-but-absent']]);
  });
});
