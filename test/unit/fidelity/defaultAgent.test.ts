import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { agentPickItems, resolveRunAgent } from '../../../src/core/policy/runAgent';
import { OpenWorkspace } from '../../../src/core/workspace';
import { scratchDir } from '../../helpers/scratch';

/**
 * OpenClaw 2026.9.6 runs its default agent when none is asked for
 * (`resolveSessionAgentIdStrict` -> `tryResolveLegacyDataOwnerAgentId` /
 * `resolveDefaultAgentId` in agent-scope-config): the one entry with
 * `default: true`, else the only entry, else the implicit `main` when there is
 * no `agents.list`; several agents and no default is `AgentSelectionRequiredError`.
 */
async function open(config: unknown, agent?: string) {
  const dir = scratchDir('default-agent-');
  const file = path.join(dir, 'openclaw.json');
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  const ws = new OpenWorkspace({ workspace: dir, configPath: file, noUserConfig: true, env: {}, liveMcp: () => undefined, openclawVersion: '2026.9.6', policy: agent ? { agent } : undefined });
  const catalog = await ws.buildCatalog();
  await ws.dispose();
  const status = (name: string) => catalog.tools.find((t) => t.name === name)?.status;
  return { ws, catalog, status, errors: catalog.diagnostics.filter((d) => d.severity === 'error') };
}

const agents = (...list: unknown[]) => ({ agents: { list } });

describe('the default agent (issue 27, cause 1)', () => {
  it('with no agent asked for, the entry with default: true is run with its tools', async () => {
    const r = await open(agents({ id: 'chat' }, { id: 'ops', default: true, tools: { deny: ['exec'] } }));
    assert.equal(r.ws.agent.kind, 'default');
    assert.equal(r.ws.agent.kind === 'default' && r.ws.agent.id, 'ops');
    assert.equal(r.ws.agent.kind === 'default' && r.ws.agent.why, 'default-marker');
    assert.equal(r.status('exec'), 'excluded');
    const exec = r.catalog.tools.find((t) => t.name === 'exec');
    assert.match(JSON.stringify(exec?.reason), /agents\.list\[1\]\.tools\.deny/);
    assert.deepEqual(r.errors, []);
  });

  it('the only agent is the default, with its sandbox: its sandbox.mode all applies the sandbox layer', async () => {
    const r = await open(agents({ id: 'solo', sandbox: { mode: 'all' }, tools: { deny: ['web_fetch'] } }));
    assert.equal(r.ws.agent.kind === 'default' && r.ws.agent.why, 'only-agent');
    assert.equal(r.status('web_fetch'), 'excluded');
    // OpenClaw 2026.9.6's default sandbox deny list holds `browser`.
    assert.equal(r.status('browser'), 'excluded');
    assert.match(JSON.stringify(r.catalog.tools.find((t) => t.name === 'browser')?.reason), /sandbox/);
  });

  it('an agent asked for wins over the default', async () => {
    const r = await open(agents({ id: 'chat' }, { id: 'ops', default: true, tools: { deny: ['exec'] } }), 'chat');
    assert.equal(r.ws.agent.kind, 'requested');
    assert.notEqual(r.status('exec'), 'excluded');
  });

  it('several agents and no default: refused, an error at agents.list with its line, and no agent layer', async () => {
    const r = await open(agents({ id: 'a', tools: { deny: ['exec'] } }, { id: 'b' }));
    assert.equal(r.ws.agent.kind, 'refused');
    assert.equal(r.errors.length, 1);
    assert.match(r.errors[0]?.message ?? '', /AgentSelectionRequiredError/);
    assert.match(r.errors[0]?.message ?? '', /\(a, b\)/);
    assert.equal(r.errors[0]?.line, 3);
    assert.notEqual(r.status('exec'), 'excluded');
  });

  it('two entries with default: true mark nothing: refused like no default', async () => {
    const r = await open(agents({ id: 'a', default: true }, { id: 'b', default: true }));
    assert.equal(r.ws.agent.kind === 'refused' && r.ws.agent.reason, 'several-agents');
    assert.match(r.errors[0]?.message ?? '', /2 entries say default: true/);
  });

  it('two default: true with one agent: the only agent still runs', async () => {
    const r = await open(agents({ id: 'a', default: true, tools: { deny: ['exec'] } }));
    assert.equal(r.ws.agent.kind === 'default' && r.ws.agent.id, 'a');
    assert.equal(r.status('exec'), 'excluded');
  });

  it('agents.ownership "explicit" ignores default: true', async () => {
    const r = await open({ agents: { ownership: 'explicit', list: [{ id: 'a', default: true }, { id: 'b' }] } });
    assert.equal(r.ws.agent.kind, 'refused');
  });

  it('no agents.list: the implicit main agent, no agent layer, no diagnostic', async () => {
    const r = await open({ tools: { deny: ['cron'] } });
    assert.equal(r.ws.agent.kind, 'implicit');
    assert.deepEqual(r.errors, []);
  });

  it('an empty agents.list: refused ("No agents configured")', () => {
    const doc: Record<string, unknown> = { agents: { list: [] } };
    const fake = { raw: (p: readonly (string | number)[]) => p.reduce<unknown>((cur, k) => (cur !== null && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[k] : undefined), doc), line: () => 2 };
    const r = resolveRunAgent(fake as never, undefined);
    assert.equal(r.kind === 'refused' && r.reason, 'no-agents');
    assert.match(r.kind === 'refused' ? r.message : '', /No agents configured/);
  });
});

describe('the agent picker rows (issue 27, item 3)', () => {
  it("first says which agent OpenClaw runs when none is asked for, then lists each agent with OpenClaw's default marked", async () => {
    const { ws } = await open(agents({ id: 'chat' }, { id: 'ops', default: true }));
    const rows = agentPickItems(ws.config.reader, undefined);
    assert.deepEqual(rows.map((r) => [r.value, r.label, r.current]), [['', "OpenClaw's choice: ops", true], ['chat', 'chat', false], ['ops', 'ops', false]]);
    assert.equal(rows[0]?.description, 'the entry with default: true');
    assert.equal(rows[2]?.description, "OpenClaw's default");
    assert.equal(typeof rows[0]?.line, 'number', 'the marker has a line to jump to');
    const asked = agentPickItems(ws.config.reader, 'chat');
    assert.deepEqual(asked.filter((r) => r.current).map((r) => r.value), ['chat']);
  });

  it('says when OpenClaw would refuse to pick one: several agents and no default, or two markers', async () => {
    for (const list of [[{ id: 'a' }, { id: 'b' }], [{ id: 'a', default: true }, { id: 'b', default: true }]]) {
      const { ws } = await open(agents(...list));
      const [first, ...rest] = agentPickItems(ws.config.reader, undefined);
      assert.equal(first?.refused, true);
      assert.equal(first?.label, "OpenClaw's choice: none");
      assert.match(first?.description ?? '', /AgentSelectionRequiredError/);
      assert.deepEqual(rest.map((r) => r.value), ['a', 'b']);
    }
  });

  it('without agents.list, OpenClaw runs its implicit main agent; an agent asked for but not listed is said so', async () => {
    const { ws } = await open({ tools: {} });
    const rows = agentPickItems(ws.config.reader, 'ghost');
    assert.equal(rows[0]?.label, "OpenClaw's choice: main");
    assert.match(rows[0]?.description ?? '', /implicit main agent/);
    assert.deepEqual(rows.slice(1).map((r) => [r.value, r.current, r.description]), [['ghost', true, 'asked for, but not in agents.list: no agent layer']]);
  });
});

describe('the keyed roster agents.entries (2026.8.1 on; OpenClaw 2026.9.6 names agents.list legacy)', () => {
  const entries = (e: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ agents: { entries: e, ...extra } });

  it('the entry with default: true is the run, keyed by its id, with its tools at agents.entries.<id>', async () => {
    const r = await open(entries({ chat: {}, ops: { default: true, tools: { deny: ['exec'] } } }));
    assert.equal(r.ws.agent.kind === 'default' && r.ws.agent.id, 'ops');
    assert.deepEqual(r.ws.agent.kind === 'default' && r.ws.agent.path, ['agents', 'entries', 'ops']);
    assert.equal(r.status('exec'), 'excluded');
    assert.match(JSON.stringify(r.catalog.tools.find((t) => t.name === 'exec')?.reason), /agents\.entries\.ops\.tools\.deny/);
    assert.deepEqual(r.errors, []);
  });

  it('agents.entries wins over agents.list when a config has both (readAgentRosterProperty)', async () => {
    const r = await open(entries({ solo: { tools: { deny: ['read'] } } }, { list: [{ id: 'old', tools: { deny: ['exec'] } }] }));
    assert.equal(r.ws.agent.kind === 'default' && r.ws.agent.id, 'solo');
    assert.equal(r.status('read'), 'excluded');
    assert.notEqual(r.status('exec'), 'excluded');
  });

  it('several keyed agents and no default: refused at agents.entries; an agent asked for by key gets its layers and sandbox', async () => {
    const r = await open(entries({ a: {}, b: {} }));
    assert.equal(r.ws.agent.kind, 'refused');
    assert.match(r.errors.map((d) => `${d.line} ${d.message}`).join('\n'), /AgentSelectionRequiredError/);
    const b = await open(entries({ a: {}, b: { sandbox: { mode: 'all' }, tools: { sandbox: { tools: { allow: ['read'] } } } } }), 'b');
    assert.equal(b.status('read') !== 'excluded' && b.status('exec'), 'excluded', 'the agent\'s sandbox mode and sandbox allow list apply');
    assert.deepEqual(agentPickItems(b.ws.config.reader, undefined).map((x) => x.value), ['', 'a', 'b']);
  });

  it('an empty agents.entries: refused ("No agents configured")', async () => {
    const r = await open(entries({}));
    assert.equal(r.ws.agent.kind === 'refused' && r.ws.agent.reason, 'no-agents');
    assert.match(r.ws.agent.kind === 'refused' ? r.ws.agent.message : '', /agents\.entries is empty/);
  });
});
