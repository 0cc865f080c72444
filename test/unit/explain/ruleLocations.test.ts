import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { explainTool } from '../../../src/core/explain/explain';
import { applyEdits } from '../../../src/core/explain/configEdits';
import { fixEdits, fixPlanFor, type FixPlan } from '../../../src/core/explain/quickFix';
import { ruleLocationText, type RuleLocation } from '../../../src/core/reasons';
import { discoverWorkspaceServers } from '../../../src/core/sources/mcp';
import { toolFilterDefect } from '../../../src/core/sources/mcp/toolFilter';
import type { CatalogTool, PolicyContext } from '../../../src/core/types';
import { OpenWorkspace } from '../../../src/core/workspace';
import { scratchDir } from '../../helpers/scratch';

// Every cause points at its place: the rule's file, line and column, read
// back from the text itself (the position of the written entry), and the
// one-click fix for it, applied to the text and checked by building the
// catalog again: the tool must come back.

const CONFIG = `// rules test config (JSON5)
{
  tools: {
    profile: "full",
    deny: ["gateway", "nodes"],
    sandbox: { tools: { deny: ["write"] } },
  },
  agents: {
    defaults: { sandbox: { mode: "non-main" } },
    list: [
      { id: "main" },
      { id: "support", tools: { profile: "messaging" } },
      { id: "narrow", tools: { allow: ["read"] } },
    ],
  },
  plugins: {
    load: { paths: ["./plugins"] },
    entries: {
      "legacy-crm": { enabled: false },
    },
  },
  mcp: {
    servers: {
      filesystem: {
        command: "node",
        args: ["server.js"],
        toolFilter: { exclude: ["move_file", "delete_*"] },
      },
    },
  },
}
`;

const CLIENT = `[
  { "name": "render_chart", "description": "Render a chart.", "parameters": { "type": "object", "properties": {} } },
  { "name": "web_search", "description": "The client's own search.", "parameters": { "type": "object", "properties": { "q": { "type": "string" } } } }
]
`;

const LEGACY = `{
  id: "legacy-crm",
  contracts: { tools: ["crm_lookup"] },
  tools: [{ name: "crm_lookup", description: "Look up a customer.", parameters: { type: "object", properties: {} } }],
}
`;

const NOTES = `{
  id: "notes",
  contracts: { tools: ["notes_search", "notes_gone"] },
  tools: [
    { name: "notes_search", description: "Search notes.", parameters: { type: "object", properties: {} } },
    { name: "notes_extra", description: "Not declared.", parameters: { type: "object", properties: {} } },
  ],
}
`;

function workspace(files: Record<string, string> = {}): string {
  const dir = scratchDir('rules-');
  const all: Record<string, string> = {
    'openclaw.json': CONFIG,
    '.openclaw/client-tools.json': CLIENT,
    'plugins/legacy-crm/openclaw.plugin.json': LEGACY,
    'plugins/notes/openclaw.plugin.json': NOTES,
    ...files,
  };
  for (const [f, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), text);
  }
  return dir;
}

async function catalogOf(dir: string, policy: PolicyContext = {}) {
  const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, policy, liveMcp: () => undefined, openclawVersion: '2026.9.6' });
  try {
    return await ws.buildCatalog();
  } finally {
    await ws.dispose();
  }
}

/** Line and column (1-based) of the `nth` occurrence of `needle` in `text`. */
function position(text: string, needle: string, nth = 1): { line: number; column: number } {
  let i = -1;
  for (let n = 0; n < nth; n++) {
    i = text.indexOf(needle, i + 1);
    assert.ok(i >= 0, `"${needle}" not in the text`);
  }
  const before = text.slice(0, i);
  const line = before.split('\n').length;
  return { line, column: i - before.lastIndexOf('\n') };
}

function excluded(tools: readonly CatalogTool[], id: string): CatalogTool {
  const t = tools.find((x) => x.id === id);
  assert.ok(t, `${id} is in the catalog`);
  assert.equal(t.status, 'excluded', `${id} is excluded`);
  return t;
}

function assertAt(at: RuleLocation | undefined, file: string, text: string, needle: string, pathText: string, nth = 1): void {
  assert.ok(at, 'the reason has a location');
  assert.equal(at.file, file);
  assert.deepEqual({ line: at.line, column: at.column }, position(text, needle, nth));
  assert.equal(ruleLocationText(at).split(' ')[1], pathText);
}

/** Applies a fix to the file it names, in `dir`, and returns the new text. */
function applyFix(dir: string, plan: FixPlan): string {
  const file = path.join(dir, plan.file);
  const text = fs.readFileSync(file, 'utf8');
  const next = applyEdits(text, fixEdits(plan, text));
  fs.writeFileSync(file, next);
  return next;
}

const ctxOf = (tools: readonly CatalogTool[]) => ({ configFile: 'openclaw.json', sandboxAlsoAllow: true, takenNames: new Set(tools.map((t) => t.name)) });

describe('rule locations and quick fixes (every reason kind)', () => {
  it('a deny entry: its string in tools.deny; the fix removes that entry and the tool comes back', async () => {
    const dir = workspace();
    const c = await catalogOf(dir);
    const t = excluded(c.tools, 'openclaw:core:gateway');
    assert.equal(t.reason?.kind, 'policy');
    assert.equal(t.reason?.kind === 'policy' ? t.reason.rule : undefined, 'deny');
    assertAt(t.reason?.at, 'openclaw.json', CONFIG, '"gateway"', 'tools.deny[0]');
    const plan = fixPlanFor(t, ctxOf(c.tools));
    assert.equal(plan?.kind, 'remove-entry');
    const text = plan ? applyFix(dir, plan) : '';
    assert.match(text, /deny: \["nodes"\],/);
    const after = await catalogOf(dir);
    assert.equal(after.get('openclaw:core:gateway')?.status, 'cataloged');
    assert.equal(after.get('openclaw:core:nodes')?.status, 'excluded', 'the other entry stays');
  });

  it('the last entry of a list goes with the comma before it', async () => {
    const dir = workspace();
    const c = await catalogOf(dir);
    const plan = fixPlanFor(excluded(c.tools, 'openclaw:core:nodes'), ctxOf(c.tools));
    assert.ok(plan);
    assert.match(applyFix(dir, plan), /deny: \["gateway"\],/);
  });

  it('a disabled plugin: plugins.entries.<id>.enabled; the fix sets it true and the tool comes back', async () => {
    const dir = workspace();
    const c = await catalogOf(dir);
    const t = excluded(c.tools, 'openclaw:legacy-crm:crm_lookup');
    assert.equal(t.reason?.kind, 'plugin-disabled');
    assertAt(t.reason?.at, 'openclaw.json', CONFIG, 'enabled: false', 'plugins.entries["legacy-crm"].enabled');
    const plan = fixPlanFor(t, ctxOf(c.tools));
    assert.equal(plan?.kind, 'set-value');
    assert.ok(plan);
    assert.match(applyFix(dir, plan), /"legacy-crm": \{ enabled: true \}/);
    assert.equal((await catalogOf(dir)).get('openclaw:legacy-crm:crm_lookup')?.status, 'cataloged');
  });

  it('a plugin in plugins.deny: that entry; the fix removes it', async () => {
    const dir = workspace({ 'openclaw.json': CONFIG.replace('entries: {', 'deny: ["notes"],\n    entries: {') });
    const c = await catalogOf(dir);
    const t = excluded(c.tools, 'openclaw:notes:notes_search');
    const text = fs.readFileSync(path.join(dir, 'openclaw.json'), 'utf8');
    assertAt(t.reason?.at, 'openclaw.json', text, '"notes"', 'plugins.deny[0]');
    const plan = fixPlanFor(t, ctxOf(c.tools));
    assert.ok(plan);
    applyFix(dir, plan);
    assert.equal((await catalogOf(dir)).get('openclaw:notes:notes_search')?.status, 'cataloged');
  });

  it('a client tool clash: the client-tools entry and the core tool it clashes with; the fix renames it and it comes back', async () => {
    const dir = workspace();
    const c = await catalogOf(dir);
    const t = excluded(c.tools, 'client:client:web_search');
    const r = t.reason;
    assert.equal(r?.kind, 'client-conflict');
    assert.equal(r?.at?.file, '.openclaw/client-tools.json');
    assert.equal(r?.at?.line, 3);
    assert.equal(r?.kind === 'client-conflict' ? r.withAt?.builtIn : undefined, 'OpenClaw core tool "web_search"');
    const e = explainTool(c, 'client:client:web_search', { configFile: 'openclaw.json' });
    assert.equal(e.matches[0]?.related?.label, 'openclaw:core:web_search');
    const plan = fixPlanFor(t, ctxOf(c.tools));
    assert.equal(plan?.kind === 'rename-client-tool' ? plan.newName : undefined, 'web_search_client');
    assert.ok(plan);
    applyFix(dir, plan);
    assert.equal((await catalogOf(dir)).get('client:client:web_search_client')?.status, 'cataloged');
  });

  it('an undeclared plugin tool: the manifest\'s contracts.tools; the fix declares it and it comes back', async () => {
    const dir = workspace();
    const c = await catalogOf(dir);
    const t = excluded(c.tools, 'openclaw:notes:notes_extra');
    assertAt(t.reason?.at, 'plugins/notes/openclaw.plugin.json', NOTES, 'tools: ["notes_search"', 'contracts.tools');
    const plan = fixPlanFor(t, ctxOf(c.tools));
    assert.ok(plan);
    assert.match(applyFix(dir, plan), /tools: \["notes_search", "notes_gone", "notes_extra"\]/);
    assert.equal((await catalogOf(dir)).get('openclaw:notes:notes_extra')?.status, 'cataloged');
  });

  it('a declared tool with no definition: its contracts.tools entry; the fix removes the name', async () => {
    const dir = workspace();
    const c = await catalogOf(dir);
    const t = excluded(c.tools, 'openclaw:notes:notes_gone');
    assertAt(t.reason?.at, 'plugins/notes/openclaw.plugin.json', NOTES, '"notes_gone"', 'contracts.tools[1]');
    const plan = fixPlanFor(t, ctxOf(c.tools));
    assert.ok(plan);
    applyFix(dir, plan);
    assert.equal((await catalogOf(dir)).get('openclaw:notes:notes_gone'), undefined);
  });

  it('an agent profile: the profile value; the fix adds the tool to that agent\'s alsoAllow', async () => {
    const dir = workspace();
    const c = await catalogOf(dir, { agent: 'support' });
    const t = excluded(c.tools, 'openclaw:core:read');
    assert.equal(t.reason?.kind === 'policy' ? t.reason.rule : undefined, 'profile');
    assertAt(t.reason?.at, 'openclaw.json', CONFIG, '"messaging"', 'agents.list[1].tools.profile');
    const plan = fixPlanFor(t, ctxOf(c.tools));
    assert.ok(plan);
    assert.match(applyFix(dir, plan), /tools: \{ alsoAllow: \["read"\], profile: "messaging" \}/);
    assert.equal((await catalogOf(dir, { agent: 'support' })).get('openclaw:core:read')?.status, 'cataloged');
  });

  it('an allow list: the allow key; the fix appends the tool', async () => {
    const dir = workspace();
    const c = await catalogOf(dir, { agent: 'narrow' });
    const t = excluded(c.tools, 'openclaw:core:exec');
    assert.equal(t.reason?.kind === 'policy' ? t.reason.rule : undefined, 'allow-list');
    assertAt(t.reason?.at, 'openclaw.json', CONFIG, 'allow: ["read"]', 'agents.list[2].tools.allow');
    const plan = fixPlanFor(t, ctxOf(c.tools));
    assert.ok(plan);
    assert.match(applyFix(dir, plan), /allow: \["read", "exec"\]/);
    assert.equal((await catalogOf(dir, { agent: 'narrow' })).get('openclaw:core:exec')?.status, 'cataloged');
  });

  it('a sandbox deny entry: its string', async () => {
    const dir = workspace();
    const c = await catalogOf(dir, { sandboxed: true });
    assertAt(excluded(c.tools, 'openclaw:core:write').reason?.at, 'openclaw.json', CONFIG, '"write"', 'tools.sandbox.tools.deny[0]');
  });

  it('OpenClaw\'s default sandbox deny list: built in, no file; the fix adds the tool to tools.sandbox.tools.alsoAllow', async () => {
    const dir = workspace({ 'openclaw.json': '{ tools: { profile: "full", sandbox: { tools: {} } } }\n' });
    const sandboxed = { sandboxed: true };
    const c = await catalogOf(dir, sandboxed);
    // 2026.9.6's browser tool comes from the bundled browser plugin.
    const t = excluded(c.tools, 'openclaw:browser:browser');
    const r = t.reason;
    assert.equal(r?.kind === 'policy' ? r.rule : undefined, 'sandbox-default-deny');
    assert.equal(r?.at?.file, undefined, 'no file decided it');
    assert.equal(r?.at?.builtIn, 'OpenClaw 2026.9.6 default sandbox deny list');
    const e = explainTool(c, 'browser', { configFile: 'openclaw.json' });
    assert.ok(e.matches[0]?.chain.some((s) => s.stage === 'policy' && s.effect === 'deny' && s.at?.builtIn !== undefined), 'the chain names the built-in list');
    const plan = e.matches[0]?.fix;
    assert.ok(plan);
    assert.equal(applyFix(dir, plan), '{ tools: { profile: "full", sandbox: { tools: { alsoAllow: ["browser"] } } } }\n');
    const after = await catalogOf(dir, sandboxed);
    assert.equal(after.get('openclaw:browser:browser')?.status, 'cataloged');
    assert.equal(after.get('openclaw:core:gateway')?.status, 'excluded', 'the rest of the default deny list stays');
  });

  it('a sandbox default allow list with no sandbox config at all: the fix creates tools.sandbox.tools.alsoAllow', async () => {
    const dir = workspace({ 'openclaw.json': '{ tools: { profile: "full" } }\n' });
    const c = await catalogOf(dir, { sandboxed: true });
    const t = excluded(c.tools, 'openclaw:core:web_search');
    assert.equal(t.reason?.kind === 'policy' ? t.reason.rule : undefined, 'sandbox-default-allow');
    const plan = fixPlanFor(t, ctxOf(c.tools));
    assert.ok(plan);
    assert.equal(applyFix(dir, plan), '{ tools: { sandbox: { tools: { alsoAllow: ["web_search"] } }, profile: "full" } }\n');
    assert.equal((await catalogOf(dir, { sandboxed: true })).get('openclaw:core:web_search')?.status, 'cataloged');
  });

  it('an MCP toolFilter: the glob that excluded the tool (not the definition); the fix removes that glob', async () => {
    const dir = workspace();
    const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, liveMcp: () => undefined });
    const server = discoverWorkspaceServers(ws).servers.find((s) => s.name === 'filesystem');
    await ws.dispose();
    assert.ok(server);
    const moveFile = toolFilterDefect('filesystem', server.toolFilter, 'move_file');
    assertAt(moveFile?.at, 'openclaw.json', CONFIG, '"move_file"', 'mcp.servers.filesystem.toolFilter.exclude[0]');
    assertAt(toolFilterDefect('filesystem', server.toolFilter, 'delete_file')?.at, 'openclaw.json', CONFIG, '"delete_*"', 'mcp.servers.filesystem.toolFilter.exclude[1]');
    const tool: CatalogTool = {
      id: 'mcp:filesystem:move_file', source: 'mcp', sourceName: 'filesystem', name: 'filesystem__move_file', rawName: 'move_file', description: '',
      status: 'excluded', decisions: [], groups: [], ...(moveFile ? { reason: moveFile } : {}),
    };
    const plan = fixPlanFor(tool, { sandboxAlsoAllow: true, takenNames: new Set() });
    assert.ok(plan);
    applyFix(dir, plan);
    const ws2 = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, liveMcp: () => undefined });
    const again = discoverWorkspaceServers(ws2).servers.find((s) => s.name === 'filesystem');
    await ws2.dispose();
    assert.deepEqual(again?.toolFilter?.exclude, ['delete_*']);
    assert.equal(toolFilterDefect('filesystem', again?.toolFilter, 'move_file'), undefined);
  });

  it('a failed server: its config entry; a missing snapshot fails that source alone when inputs are lenient', async () => {
    const dir = workspace();
    const ws = new OpenWorkspace({
      workspace: dir, noUserConfig: true, env: {}, liveMcp: () => undefined, lenientInputs: true,
      snapshots: [{ name: 'ghost', path: path.join(dir, 'snapshots', 'missing') }],
    });
    const c = await ws.buildCatalog();
    await ws.dispose();
    assert.equal(c.servers.find((s) => s.name === 'ghost')?.status, 'failed');
    assert.ok(c.cataloged.length > 0, 'the rest of the catalog is there');
    const e = explainTool(c, 'ghost__anything');
    assert.equal(e.matches[0]?.status, 'unavailable');
    assert.equal(e.matches[0]?.location?.file, path.join(dir, 'snapshots', 'missing'));
    assert.throws(() => new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, liveMcp: () => undefined, snapshots: [{ name: 'ghost', path: path.join(dir, 'nope') }] }), /not found/);
  });

  it('a tool excluded by its source shows the policy layers as not reached, never as "allow" under excluded', async () => {
    const dir = workspace();
    const c = await catalogOf(dir);
    const e = explainTool(c, 'crm_lookup');
    const chain = e.matches[0]?.chain ?? [];
    assert.equal(chain[0]?.stage, 'source');
    assert.equal(chain[0]?.effect, 'deny');
    assert.ok(chain.filter((s) => s.stage === 'policy').every((s) => s.notReached === true));
    assert.match(e.matches[0]?.hint ?? '', /^enable the plugin at openclaw\.json:\d+:\d+ plugins\.entries\["legacy-crm"\]\.enabled$/);
  });

  it('tools with nothing to edit get no fix, and still point at their definition: a bad shape', async () => {
    const bad = `[\n  { "name": "ok_tool", "description": "fine" },\n  { "name": "bad name!", "description": "not a tool name" }\n]\n`;
    const dir = workspace({ '.openclaw/client-tools.json': bad });
    const c = await catalogOf(dir);
    const badTool = c.tools.find((t) => t.reason?.kind === 'bad-shape');
    assert.ok(badTool);
    assert.equal(fixPlanFor(badTool, ctxOf(c.tools)), undefined);
    assert.deepEqual(badTool.reason?.at, { file: '.openclaw/client-tools.json', line: 3, column: 3 });
  });
});
