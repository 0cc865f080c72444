// Code Mode's decision (OpenClaw 2026.9.6's precedence, tiers and clamps) and
// the exec/wait tools built from the generated facts. The byte-for-byte check
// against real turns is test/real; these pin each rule on its own.
import * as assert from 'node:assert/strict';
import { ConfigReader } from '../../../src/core/config/configReader';
import { parseJson5 } from '../../../src/core/config/json5Document';
import { decideCodeMode, type CodeModeInput } from '../../../src/core/catalog/codeModeActivation';
import { codeModeBindings, codeModeIndex, execDescription } from '../../../src/core/modes/codeModeTools';
import { generatedToolsFor, type CodeModeFacts } from '../../../src/core/sources/generatedTools';

const FACTS = generatedToolsFor('2026.9.6')?.codeMode as CodeModeFacts;

function reader(text: string): ConfigReader {
  return new ConfigReader(parseJson5('openclaw.json', text));
}

function decide(text: string, extra: Partial<CodeModeInput> = {}): ReturnType<typeof decideCodeMode> {
  const r = reader(text);
  return decideCodeMode({ reader: r, facts: FACTS, toolsAvailable: true, model: { provider: 'p', model: 'm' }, ...extra });
}

describe('Code Mode: the decision, as OpenClaw 2026.9.6 makes it', () => {
  it('is generated for 2026.9.6, with its defaults and the bundled catalogs\' tiers', () => {
    assert.ok(FACTS, '2026.9.6 has Code Mode facts');
    assert.equal(FACTS.limits.timeoutMs.default, 10000);
    assert.equal(FACTS.exec.name, 'exec');
    assert.equal(FACTS.wait.name, 'wait');
    assert.ok(FACTS.modelTiers.some((r) => r.provider === 'anthropic' && r.tier === 'preferred'));
    assert.ok(FACTS.modelTiers.some((r) => r.tier === 'capable'));
    assert.equal(generatedToolsFor('2026.6.10')?.codeMode, undefined, 'a release without Code Mode has none');
  });

  it('what unset means is the release\'s: 2026.9.5 reads it as off, even for a catalog-preferred model', () => {
    const facts95 = generatedToolsFor('2026.9.5')?.codeMode;
    assert.ok(facts95, '2026.9.5 has generated Code Mode');
    assert.equal(facts95.whenUnset, false);
    assert.equal(FACTS.whenUnset, 'auto');
    const row = facts95.modelTiers.find((r) => r.tier === 'preferred');
    assert.ok(row);
    const d = decideCodeMode({ reader: reader('{}'), facts: facts95, toolsAvailable: true, model: { provider: row.provider, model: row.model } });
    assert.equal(d.engaged, false);
    assert.match(d.reason, /not set, which this release reads as off/);
  });

  it('absent means "auto": off for an unflagged model, on for a catalog-preferred one', () => {
    const off = decide('{}');
    assert.equal(off.engaged, false);
    assert.equal(off.rule.kind, 'absent');
    assert.match(off.reason, /not set, which this release reads as "auto".*no catalog flags p\/m "preferred"/);
    const row = FACTS.modelTiers.find((r) => r.tier === 'preferred');
    assert.ok(row);
    const on = decide('{}', { model: { provider: row.provider, model: row.model } });
    assert.equal(on.engaged, true);
    assert.equal(on.tier.from, 'bundled');
    assert.match(on.reason, new RegExp(`the bundled ${row.plugin} catalog flags ${row.provider}/${row.model} "preferred"`));
  });

  it('a capable row does not engage "auto"; a model no catalog has takes its entry\'s own compat', () => {
    const capable = FACTS.modelTiers.find((r) => r.tier === 'capable');
    assert.ok(capable);
    assert.equal(decide('{}', { model: { provider: capable.provider, model: capable.model } }).engaged, false);
    const own = decide('{\n  models: {}\n}', { model: { provider: 'p', model: 'm', compat: { codeMode: 'preferred' } }, modelEntryPath: ['models', 'providers', 'p', 'models', 0] });
    assert.equal(own.engaged, true);
    assert.equal(own.tier.from, 'config');
  });

  it('a catalog model keeps the catalog\'s compat on the catalog\'s route, and takes the config\'s on another (resolveCatalogOwnedModelCompat)', () => {
    const capable = FACTS.modelTiers.find((r) => r.tier === 'capable' && r.baseUrl !== undefined);
    const preferred = FACTS.modelTiers.find((r) => r.tier === 'preferred' && r.baseUrl !== undefined);
    assert.ok(capable && preferred);
    const entry = (provider: string, extra: string): string => `{ models: { providers: { "${provider}": { ${extra} models: [ { id: "x" } ] } } } }`;
    // The config's own "preferred" does not lift a catalog model reached by the catalog's route.
    const lifted = decide(entry(capable.provider, ''), { model: { provider: capable.provider, model: capable.model, compat: { codeMode: 'preferred' } }, modelEntryPath: ['models', 'providers', capable.provider, 'models', 0] });
    assert.equal(lifted.engaged, false);
    // The same route written out, with a trailing slash, is still the catalog's.
    const same = decide(entry(preferred.provider, `baseUrl: "${preferred.baseUrl}/",`), { model: { provider: preferred.provider, model: preferred.model } });
    assert.equal(same.engaged, true);
    // Through a proxy the catalog's tier does not apply: the config's compat decides (none here).
    const proxied = decide(entry(preferred.provider, 'baseUrl: "http://127.0.0.1:4000/v1",'), { model: { provider: preferred.provider, model: preferred.model } });
    assert.equal(proxied.engaged, false);
    const proxiedOwn = decide(entry(preferred.provider, 'baseUrl: "http://127.0.0.1:4000/v1",'), { model: { provider: preferred.provider, model: preferred.model, compat: { codeMode: 'preferred' } }, modelEntryPath: ['models', 'providers', preferred.provider, 'models', 0] });
    assert.equal(proxiedOwn.engaged, true);
    assert.equal(proxiedOwn.tier.from, 'config');
  });

  it('takes the first explicit setting: agent model, agent, defaults model, global', () => {
    const text = `{
  tools: { codeMode: true },
  agents: {
    defaults: { models: { "p/m": { codeMode: false } } },
    list: [ { id: "a", tools: { codeMode: true }, models: { "p/m": { codeMode: false } } } ],
  },
}`;
    const agentModel = decide(text, { agentPath: ['agents', 'list', 0] });
    assert.equal(agentModel.rule.kind, 'agent-model');
    assert.equal(agentModel.engaged, false);
    assert.equal(agentModel.rule.line, 5);
    const noAgentModel = decide(text.replace(', models: { "p/m": { codeMode: false } } }', ' }'), { agentPath: ['agents', 'list', 0] });
    assert.equal(noAgentModel.rule.kind, 'agent');
    assert.equal(noAgentModel.engaged, true);
    const defaultsModel = decide(text, {});
    assert.equal(defaultsModel.rule.kind, 'defaults-model');
    assert.equal(defaultsModel.engaged, false);
    const global = decide('{ tools: { codeMode: true } }');
    assert.equal(global.rule.kind, 'global');
    assert.equal(global.engaged, true);
  });

  it('an authored object without enabled is off; an agent object without enabled falls through', () => {
    const off = decide('{ tools: { codeMode: { timeoutMs: 5000 } } }');
    assert.equal(off.engaged, false);
    assert.match(off.reason, /object without "enabled", which this release reads as off/);
    const through = decide('{ tools: { codeMode: true }, agents: { list: [ { id: "a", tools: { codeMode: { timeoutMs: 5000 } } } ] } }', { agentPath: ['agents', 'list', 0] });
    assert.equal(through.rule.kind, 'global');
    assert.equal(through.engaged, true);
    assert.equal(through.limits.timeoutMs, 5000, 'the agent object\'s limits still apply');
  });

  it('clamps limits as OpenClaw does, and a run without tools never engages', () => {
    const d = decide('{ tools: { codeMode: { enabled: true, timeoutMs: 1, maxOutputBytes: 99999999999, searchDefaultLimit: 40, maxSearchLimit: 10, executor: "quickjs" } } }');
    assert.equal(d.limits.timeoutMs, FACTS.limits.timeoutMs.min);
    assert.equal(d.limits.maxOutputBytes, FACTS.limits.maxOutputBytes.max);
    assert.equal(d.limits.searchDefaultLimit, 10, 'the default search limit is bounded by the max');
    assert.equal(d.executor, 'quickjs');
    const none = decide('{ tools: { codeMode: true } }', { toolsAvailable: false });
    assert.equal(none.engaged, false);
    assert.match(none.reason, /no tools/);
  });
});

describe('Code Mode: exec and wait', () => {
  const d = decide('{ tools: { codeMode: { enabled: true, timeoutMs: 2500, maxOutputBytes: 4096 } } }');

  it('quotes the limits and says nothing of MCP, nodes or skills the run lacks', () => {
    const text = execDescription({ catalog: [], decision: d, skills: false, swarm: false }, FACTS);
    assert.match(text, /a 2500 ms wall-clock budget/);
    assert.match(text, /share 4096 bytes across waits/);
    assert.doesNotMatch(text, /MCP|nodes\.list|skills\.list|Enabled async tool globals/);
  });

  it('names callable globals, keeps reserved names out, and bounds the index with the omitted count', () => {
    const entries = [
      { id: 'openclaw:core:read', source: 'openclaw' as const, name: 'read', input: '{ path: string }', output: '{ content: string }' },
      { id: 'openclaw:x:catalog', source: 'openclaw' as const, name: 'catalog' },
      { id: 'openclaw:x:my-tool', source: 'openclaw' as const, name: 'my-tool' },
      { id: 'mcp:s:t', source: 'mcp' as const, name: 's__t' },
      ...Array.from({ length: 400 }, (_, i) => ({ id: `openclaw:p:t${i}`, source: 'openclaw' as const, name: `tool_number_${String(i).padStart(3, '0')}`, input: '{ q: string }' })),
    ];
    const bindings = codeModeBindings(entries, FACTS);
    const names = new Set(bindings.map((b) => b.callableName));
    assert.ok(names.has('read') && names.has('my_tool'));
    assert.ok(!names.has('catalog'), 'a reserved global gets a suffixed name');
    assert.ok([...names].some((n) => /^catalog_[0-9a-f]{8}$/.test(n)));
    assert.ok(![...names].some((n) => n.startsWith('s__')), 'MCP tools stay in their namespace');
    const index = codeModeIndex(bindings, FACTS);
    assert.ok(index.length <= FACTS.index.maxChars);
    assert.match(index.split('\n')[2] ?? '', /^- read \{ path: string \} -> \{ content: string \}$/, 'tools with an output hint come first');
    assert.match(index, /\d+ additional tools omitted from this prompt index/);
  });
});

describe('Code Mode: another agent runtime', () => {
  it('says so when agentRuntime.id names one, and for an openai/* model on the official endpoint', () => {
    const pinned = decide('{ models: { providers: { p: { agentRuntime: { id: "claude-cli" }, models: [ { id: "m" } ] } } } }', { modelEntryPath: ['models', 'providers', 'p', 'models', 0] });
    assert.equal(pinned.harness?.id, 'claude-cli');
    assert.match(pinned.reason, /models\.providers\.p\.agentRuntime\.id is "claude-cli"/);
    assert.equal(decide('{}', { model: { provider: 'openai', model: 'gpt-5.5' } }).harness?.id, 'codex');
    assert.equal(decide('{ models: { providers: { openai: { agentRuntime: { id: "openclaw" } } } } }', { model: { provider: 'openai', model: 'gpt-5.5' } }).harness, undefined);
    assert.equal(decide('{ models: { providers: { openai: { baseUrl: "http://127.0.0.1:9/v1" } } } }', { model: { provider: 'openai', model: 'gpt-5.5' } }).harness, undefined);
    assert.equal(decide('{}').harness, undefined);
  });
});
