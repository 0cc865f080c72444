import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Explanation } from '../../../src/core/explain/explain';
import type { CatalogSummary } from '../../../src/extension/api';
import { activateExtension, eventually } from './helpers';

// Issue 14 in a real editor: Go to Rule lands on the rule's line and column,
// Explain is one reusable webview tab, a quick fix brings a tool back without
// a manual refresh, and a config that stops parsing keeps the last good
// catalog (marked stale) until it parses again.

function folder(): string {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert.ok(f, 'a folder is open');
  return f.uri.fsPath;
}

/** 1-based line and column of the character at `index` in `text`. */
function positionAt(text: string, index: number): { line: number; column: number } {
  assert.ok(index >= 0, 'the rule is not in the text');
  const before = text.slice(0, index);
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
}

/** 1-based line and column of `needle` in `text`. */
function position(text: string, needle: string): { line: number; column: number } {
  assert.ok(text.includes(needle), `"${needle}" not in the text`);
  return positionAt(text, text.indexOf(needle));
}

function cursor(): { file: string; line: number; column: number } | undefined {
  const e = vscode.window.activeTextEditor;
  return e ? { file: path.basename(e.document.uri.fsPath), line: e.selection.active.line + 1, column: e.selection.active.character + 1 } : undefined;
}

const CONFIG = 'openclaw.json';
const CLIENT_TOOLS = '.openclaw/client-tools.json';
const NOTES = '.openclaw/extensions/notes/openclaw.plugin.json';

/** A kind of cause, the demo tool (or failed server) that has it, and where its rule is written (as in test/ui/8-rules). */
interface RuleCase {
  kind: string;
  /** What a tree row passes to Go to Rule. */
  arg: { tool: { id: string } } | { server: string };
  file: string;
  rule(text: string): number;
  /** A situation the demo does not have, made for the case and undone after it. */
  make?(text: string): string;
  /** The catalog shows the situation (and, negated, that it is gone). */
  shows?(s: CatalogSummary): boolean;
}

const CASES: RuleCase[] = [
  { kind: 'deny entry', arg: { tool: { id: 'openclaw:core:gateway' } }, file: CONFIG, rule: (t) => t.indexOf('"gateway"') },
  { kind: 'toolFilter glob', arg: { tool: { id: 'mcp:filesystem:move_file' } }, file: CONFIG, rule: (t) => t.indexOf('"move_file"') },
  { kind: 'disabled plugin entry', arg: { tool: { id: 'openclaw:legacy-crm:crm_lookup' } }, file: CONFIG, rule: (t) => t.indexOf('enabled: false') },
  { kind: 'client clash', arg: { tool: { id: 'client:client:web_search' } }, file: CLIENT_TOOLS, rule: (t) => t.lastIndexOf('{', t.indexOf('"name": "web_search"')) },
  { kind: 'contract tool with no definition', arg: { tool: { id: 'openclaw:notes:notes_summarize' } }, file: NOTES, rule: (t) => t.indexOf('"notes_summarize"') },
  {
    kind: 'undeclared contract tool', arg: { tool: { id: 'openclaw:notes:notes_append' } }, file: NOTES,
    make: (t) => t.replace('tools: ["notes_search", "notes_append", "notes_summarize"]', 'tools: ["notes_search", "notes_summarize"]'),
    shows: (s) => s.excluded.includes('openclaw:notes:notes_append'),
    rule: (t) => t.indexOf('tools:', t.indexOf('contracts:')),
  },
  {
    kind: 'failed server', arg: { server: 'broken' }, file: CONFIG,
    make: (t) => t.replace('    servers: {\n', `    servers: {\n      broken: { command: "node", args: ["-e", "console.error('broken: started at ' + Date.now()); process.exit(3)"] },\n`),
    shows: (s) => s.servers.some((x) => x.name === 'broken' && x.status === 'failed'),
    rule: (t) => t.indexOf('broken:'),
  },
];

describe('rules: Go to Rule, Explain view, quick fixes, stale', () => {
  const configFile = () => path.join(folder(), 'openclaw.json');
  const demo = (file: string) => path.join(folder(), ...file.split('/'));
  let original = '';
  const originals = new Map<string, string>();

  before(() => {
    original = fs.readFileSync(configFile(), 'utf8');
    for (const f of [CONFIG, CLIENT_TOOLS, NOTES]) {
      originals.set(f, fs.readFileSync(demo(f), 'utf8'));
    }
  });

  afterEach(async () => {
    for (const [f, text] of originals) {
      if (fs.readFileSync(demo(f), 'utf8') !== text) {
        fs.writeFileSync(demo(f), text);
      }
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  for (const c of CASES) {
    it(`Go to Rule on a ${c.kind} opens the rule at its line and column`, async () => {
      const { api } = await activateExtension();
      const before = originals.get(c.file) ?? '';
      const text = c.make ? c.make(before) : before;
      const shows = c.shows;
      if (c.make && shows) {
        assert.notEqual(text, before, 'the case changed the file');
        fs.writeFileSync(demo(c.file), text);
        await eventually(async () => (shows(await api.catalogSummary()) ? true : undefined), `the catalog to show the ${c.kind}`, 30_000);
      }
      try {
        await vscode.commands.executeCommand('toolSearchInspector.goToRule', c.arg);
        const want = { file: path.basename(c.file), ...positionAt(text, c.rule(text)) };
        await eventually(async () => (cursor()?.file === want.file && cursor()?.line === want.line ? true : undefined), `${want.file}:${want.line}`);
        assert.deepEqual(cursor(), want);
        if ('server' in c.arg) {
          // The failed server's other actions: its stderr tail, and a restart that starts it again.
          const lines = await vscode.commands.executeCommand<string[]>('toolSearchInspector.showServerStderr', c.arg);
          assert.match(lines?.join('\n') ?? '', /broken: started at \d+/);
          const builds = api.catalogBuilds();
          const status = await vscode.commands.executeCommand<string>('toolSearchInspector.restartMcpServer', c.arg);
          assert.equal(status, 'failed');
          assert.ok(api.catalogBuilds() > builds, 'Restart rebuilt the catalog');
          const again = await vscode.commands.executeCommand<string[]>('toolSearchInspector.showServerStderr', c.arg);
          assert.notDeepEqual(again, lines, 'the server was started again');
        }
      } finally {
        if (c.make && shows) {
          fs.writeFileSync(demo(c.file), before);
          await eventually(async () => (shows(await api.catalogSummary()) ? undefined : true), `the ${c.kind} to go`, 30_000);
        }
      }
    });
  }

  it('the rule offers its fix as a quick fix (lightbulb) in the config', async () => {
    await activateExtension();
    const uri = vscode.Uri.file(configFile());
    const at = position(original, '"gateway"');
    const range = new vscode.Range(at.line - 1, at.column - 1, at.line - 1, at.column - 1);
    const actions = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range, vscode.CodeActionKind.QuickFix.value);
      return found.some((a) => a.title.startsWith('Remove "gateway" from tools.deny')) ? found : undefined;
    }, 'the quick fix on the deny entry');
    const fix = actions.find((a) => a.title === 'Remove "gateway" from tools.deny (lets gateway through)');
    assert.ok(fix?.edit, 'the quick fix carries its edit');
    assert.equal(fix.edit.get(uri).length, 1);
  });

  it('Explain is one webview tab, reused, in the active group (no empty group beside it)', async () => {
    const { api } = await activateExtension();
    const e = await vscode.commands.executeCommand<Explanation>('toolSearchInspector.explainTool', 'gateway');
    assert.equal(e?.matches[0]?.fix?.title, 'Remove "gateway" from tools.deny');
    await vscode.commands.executeCommand('toolSearchInspector.explainTool', 'crm_lookup');
    const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.label.startsWith('Explain'));
    await eventually(async () => (api.explainPanelQuery() === 'crm_lookup' ? true : undefined), 'the panel to show crm_lookup');
    // The host's tab model follows the renderer's a moment later.
    await eventually(async () => (tabs().length > 0 ? true : undefined), 'the Explain tab in the tab model');
    const all = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => `${t.label} (${t.input?.constructor.name ?? 'no input'})`).join(', ');
    assert.equal(tabs().length, 1, `one Explain tab; tabs: ${all()}`);
    assert.equal(vscode.window.tabGroups.all.length, 1, 'no second editor group');
  });

  it('the quick fix removes the deny entry and the tool is cataloged without a manual refresh', async () => {
    const { api } = await activateExtension();
    assert.ok((await api.catalogSummary()).excluded.includes('openclaw:core:gateway'));
    const builds = api.catalogBuilds();
    const applied = await vscode.commands.executeCommand<{ file: string; title: string }>('toolSearchInspector.applyToolFix', 'openclaw:core:gateway');
    assert.equal(applied?.title, 'Remove "gateway" from tools.deny');
    assert.doesNotMatch(fs.readFileSync(configFile(), 'utf8'), /"gateway"/);
    await eventually(async () => ((await api.catalogSummary()).cataloged.includes('openclaw:core:gateway') ? true : undefined), 'gateway to be cataloged', 30_000);
    assert.ok(api.catalogBuilds() > builds);
  });

  it('issue 30: a tool two layers block gets one plan (one WorkspaceEdit) that lifts both, offered on the agent\'s own deny line, and applying it really admits the tool', async () => {
    const { api } = await activateExtension();
    // main denies nodes itself as well: the global deny alone is not the whole story.
    const both = original.replace('{ id: "main", default: true }', '{ id: "main", default: true, tools: { deny: ["nodes"] } }');
    assert.notEqual(both, original);
    fs.writeFileSync(configFile(), both);
    await eventually(async () => {
      const e = await vscode.commands.executeCommand<Explanation>('toolSearchInspector.explainTool', 'nodes');
      return e?.matches[0]?.fixPlan?.blockers.length === 2 ? true : undefined;
    }, 'the catalog of the edited config');
    const uri = vscode.Uri.file(configFile());
    const at = position(both, 'deny: ["nodes"]');
    const range = new vscode.Range(at.line - 1, at.column - 1, at.line - 1, at.column - 1);
    const actions = await eventually(async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range, vscode.CodeActionKind.QuickFix.value);
      return found.some((a) => a.title.startsWith('Let "nodes" through')) ? found : undefined;
    }, 'the plan as a quick fix on the agent deny line');
    const plan = actions.find((a) => a.title.startsWith('Let "nodes" through'));
    assert.equal(plan?.title, 'Let "nodes" through for agent main: Remove "nodes" from tools.deny; Remove "nodes" from agents.list[0].tools.deny');
    assert.equal(plan?.edit?.get(uri).length, 2, 'both edits in one WorkspaceEdit');
    // No single-layer fix that would leave the tool excluded is offered.
    assert.ok(!actions.some((a) => a.title.startsWith('Remove "nodes" from tools.deny (lets nodes through)')));

    const applied = await vscode.commands.executeCommand<{ file: string; title: string }>('toolSearchInspector.applyToolFix', 'openclaw:core:nodes');
    assert.equal(applied?.title, plan?.title);
    const text = fs.readFileSync(configFile(), 'utf8');
    assert.doesNotMatch(text, /"nodes"/);
    assert.match(text, /\/\/ The gateway and node control are never offered to this agent\./, 'comments kept');
    await eventually(async () => ((await api.catalogSummary()).cataloged.includes('openclaw:core:nodes') ? true : undefined), 'nodes to be cataloged', 30_000);
  });

  it('a config that stops parsing keeps the last good catalog, marked stale, and recovers when it parses again', async () => {
    const { api } = await activateExtension();
    const good = await api.catalogSummary();
    assert.equal(good.mode, 'code');
    // One `]` removed, as in the issue.
    const broken = original.replace('"fake_plugin_tool_36"],', '"fake_plugin_tool_36",');
    assert.notEqual(broken, original);
    fs.writeFileSync(configFile(), broken);
    const where = await eventually(async () => api.catalogStale(), 'the stale mark', 30_000);
    assert.match(where, /^openclaw\.json:\d+:\d+$/);
    const kept = await api.catalogSummary();
    assert.equal(kept.mode, 'code', 'the mode did not silently drop to direct');
    assert.deepEqual(kept.servers.map((s) => s.name), good.servers.map((s) => s.name), 'the MCP servers did not vanish');
    assert.ok(kept.excluded.includes('openclaw:legacy-crm:crm_lookup'), 'the disabled plugin stays disabled');
    const nodes = await api.treeNodes();
    assert.equal(nodes[0]?.label, 'Stale: the config does not parse');
    assert.equal(nodes[0]?.description, where);
    const problems = vscode.languages.getDiagnostics(vscode.Uri.file(configFile())).filter((d) => d.source === 'Tool Search Inspector');
    assert.ok(problems.some((d) => /syntax error/i.test(d.message) && d.range.start.line + 1 === Number(where.split(':')[1])), 'the parse error is in Problems at its line');

    fs.writeFileSync(configFile(), original);
    await eventually(async () => (api.catalogStale() === undefined ? true : undefined), 'the stale mark to clear', 30_000);
    assert.notEqual((await api.treeNodes())[0]?.label, 'Stale: the config does not parse');
  });
});
