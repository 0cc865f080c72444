import * as assert from 'node:assert/strict';
import { parseOpenClawConfig } from '../../../src/core/config/openclawConfig';
import { groupsOfCoreTool } from '../../../src/core/policy/groups';
import { ToolPolicy, type PolicyLayerInput } from '../../../src/core/policy/policyEngine';
import type { PolicySubject } from '../../../src/core/policy/toolPattern';
import type { PolicyContext } from '../../../src/core/types';

function core(name: string): PolicySubject {
  return { name, source: 'openclaw', owner: 'core', groups: groupsOfCoreTool(name), id: `openclaw:core:${name}` };
}
function plugin(owner: string, name: string): PolicySubject {
  return { name, source: 'openclaw', owner, groups: [], id: `openclaw:${owner}:${name}` };
}
function mcp(server: string, raw: string): PolicySubject {
  return { name: `${server}__${raw}`, source: 'mcp', owner: server, groups: [], id: `mcp:${server}:${raw}` };
}
function client(name: string): PolicySubject {
  return { name, source: 'client', owner: 'client', groups: [], id: `client:client:${name}` };
}

interface Case {
  title: string;
  config: string;
  ctx?: PolicyContext;
  session?: PolicyLayerInput;
  allowed: PolicySubject[];
  denied: PolicySubject[];
}

const CASES: Case[] = [
  { title: 'no policy allows everything', config: '{}', allowed: [core('exec'), mcp('gh', 'x'), client('c')], denied: [] },
  { title: 'deny by exact name', config: '{ tools: { deny: ["exec"] } }', allowed: [core('read')], denied: [core('exec')] },
  { title: 'names match case-insensitively', config: '{ tools: { deny: ["EXEC"] } }', allowed: [], denied: [core('exec')] },
  { title: 'deny a group', config: '{ tools: { deny: ["group:fs"] } }', allowed: [core('exec')], denied: [core('read'), core('write'), core('edit'), core('apply_patch')] },
  { title: 'wildcards', config: '{ tools: { deny: ["sessions_*"] } }', allowed: [core('session_status')], denied: [core('sessions_list'), core('sessions_send')] },
  { title: 'bundle-mcp names every MCP tool', config: '{ tools: { deny: ["bundle-mcp"] } }', allowed: [core('read'), plugin('p', 't')], denied: [mcp('a', 'x'), mcp('b', 'y')] },
  { title: 'MCP tools match on server__tool and id', config: '{ tools: { deny: ["gh__delete_*", "mcp:fs:write_file"] } }', allowed: [mcp('gh', 'create_issue')], denied: [mcp('gh', 'delete_repo'), mcp('fs', 'write_file')] },
  { title: 'a plugin id selects its tools', config: '{ tools: { deny: ["fake-plugin"] } }', allowed: [plugin('notes', 'notes_search')], denied: [plugin('fake-plugin', 'fake_plugin_tool_01')] },
  { title: 'a non-empty allow blocks the rest', config: '{ tools: { allow: ["read", "bundle-mcp"] } }', allowed: [core('read'), mcp('gh', 'x')], denied: [core('write'), plugin('p', 't'), client('c')] },
  { title: 'deny wins over allow', config: '{ tools: { allow: ["group:fs"], deny: ["write"] } }', allowed: [core('read')], denied: [core('write'), core('exec')] },
  { title: 'profile minimal', config: '{ tools: { profile: "minimal" } }', allowed: [core('session_status')], denied: [core('read'), mcp('gh', 'x')] },
  { title: 'profile coding + alsoAllow', config: '{ tools: { profile: "coding", alsoAllow: ["bundle-mcp"] } }', allowed: [core('read'), core('exec'), core('memory_get'), core('image'), mcp('gh', 'x')], denied: [core('message'), core('browser'), plugin('p', 't')] },
  { title: 'profile messaging', config: '{ tools: { profile: "messaging" } }', allowed: [core('message'), core('sessions_send')], denied: [core('sessions_spawn'), core('read')] },
  { title: 'profile full restricts nothing', config: '{ tools: { profile: "full" } }', allowed: [core('gateway'), mcp('a', 'b'), client('c')], denied: [] },
  {
    title: 'byProvider applies for the provider',
    config: '{ tools: { byProvider: { openai: { deny: ["exec"] } } } }',
    ctx: { provider: 'openai/gpt-5' },
    allowed: [core('read')],
    denied: [core('exec')],
  },
  {
    title: 'byProvider provider/model wins over provider',
    config: '{ tools: { byProvider: { openai: { deny: ["exec"] }, "openai/gpt-5-mini": { deny: ["read"] } } } }',
    ctx: { provider: 'openai/gpt-5-mini' },
    allowed: [core('exec')],
    denied: [core('read')],
  },
  { title: 'byProvider ignored for another provider', config: '{ tools: { byProvider: { openai: { deny: ["exec"] } } } }', ctx: { provider: 'anthropic' }, allowed: [core('exec')], denied: [] },
  {
    title: 'agent layer applies to that agent',
    config: '{ agents: { list: [{ id: "ops", tools: { allow: ["exec"] } }, { id: "other" }] } }',
    ctx: { agent: 'ops' },
    allowed: [core('exec')],
    denied: [core('read')],
  },
  { title: 'agent layer ignored for other agents', config: '{ agents: { list: [{ id: "ops", tools: { allow: ["exec"] } }] } }', ctx: { agent: 'dev' }, allowed: [core('read')], denied: [] },
  {
    title: 'sandbox layer when sandboxed explicitly',
    config: '{ tools: { sandbox: { tools: { deny: ["group:runtime"] } } } }',
    ctx: { sandboxed: true },
    allowed: [core('read')],
    denied: [core('exec'), core('process')],
  },
  { title: 'sandbox layer off when not sandboxed', config: '{ tools: { sandbox: { tools: { deny: ["exec"] } } } }', ctx: {}, allowed: [core('exec')], denied: [] },
  {
    title: 'sandbox mode all sandboxes every run',
    config: '{ agents: { defaults: { sandbox: { mode: "all" } } }, tools: { sandbox: { tools: { deny: ["bundle-mcp"] } } } }',
    allowed: [core('read')],
    denied: [mcp('gh', 'x')],
  },
  {
    title: 'sandbox mode non-main sandboxes other sessions only',
    config: '{ agents: { defaults: { sandbox: { mode: "non-main" } } }, tools: { sandbox: { tools: { deny: ["exec"] } } } }',
    ctx: { session: 'discord:group:42' },
    allowed: [core('read')],
    denied: [core('exec')],
  },
  {
    title: 'sandbox mode non-main leaves the main session alone',
    config: '{ agents: { defaults: { sandbox: { mode: "non-main" } } }, tools: { sandbox: { tools: { deny: ["exec"] } } } }',
    ctx: { session: 'main' },
    allowed: [core('exec')],
    denied: [],
  },
  {
    title: 'session layer restricts further',
    config: '{ tools: { allow: ["read", "write"] } }',
    session: { deny: ["write"] },
    allowed: [core('read')],
    denied: [core('write'), core('exec')],
  },
  {
    title: 'every layer must allow: agent allow cannot undo a global deny',
    config: '{ tools: { deny: ["exec"] }, agents: { list: [{ id: "ops", tools: { allow: ["exec"] } }] } }',
    ctx: { agent: 'ops' },
    allowed: [],
    denied: [core('exec')],
  },
];

describe('policy engine', () => {
  for (const c of CASES) {
    it(c.title, () => {
      const cfg = parseOpenClawConfig('openclaw.json', c.config);
      // agents.list is legacy in OpenClaw 2026.9.6: that note is info, not a problem.
      assert.deepEqual(cfg.diagnostics.filter((d) => d.severity !== 'info'), []);
      const policy = ToolPolicy.fromConfig(cfg.reader, c.ctx ?? {}, c.session);
      for (const s of c.allowed) {
        const v = policy.evaluate(s);
        assert.equal(v.allowed, true, `${s.id} should be allowed: ${JSON.stringify(v.decisions)}`);
      }
      for (const s of c.denied) {
        const v = policy.evaluate(s);
        assert.equal(v.allowed, false, `${s.id} should be denied: ${JSON.stringify(v.decisions)}`);
        assert.ok(v.decisions.some((d) => d.effect === 'deny'), 'a denial names its deciding rule');
        assert.ok(v.reason && v.hint);
      }
    });
  }

  it('decisions name the layer, rule, file and line', () => {
    const cfg = parseOpenClawConfig('ws/openclaw.json', '{\n  tools: {\n    allow: ["read"],\n    deny: [\n      "exec",\n    ],\n  },\n}');
    const policy = ToolPolicy.fromConfig(cfg.reader, {});
    assert.deepEqual(policy.evaluate(core('exec')).decisions[0], { layer: 'tools.deny', rule: 'deny "exec"', effect: 'deny', file: 'ws/openclaw.json', line: 5, column: 7, path: ['tools', 'deny', 0] });
    assert.deepEqual(policy.evaluate(core('read')).decisions[0], { layer: 'tools.allow', rule: 'allow "read"', effect: 'allow', file: 'ws/openclaw.json', line: 3, column: 13, path: ['tools', 'allow', 0] });
    const miss = policy.evaluate(core('write'));
    assert.equal(miss.decisions[0]?.effect, 'deny');
    assert.equal(miss.decisions[0]?.line, 3);
    assert.match(miss.hint ?? '', /add "write" to tools\.allow/);
  });

  it('an allowed tool with no rules says that no layer restricts it', () => {
    const v = ToolPolicy.fromConfig(undefined, {}).evaluate(core('read'));
    assert.deepEqual(v.decisions, [{ layer: 'default', rule: 'no policy layer restricts this tool', effect: 'allow' }]);
  });

  it('an unknown profile is a diagnostic and restricts nothing', () => {
    const cfg = parseOpenClawConfig('openclaw.json', '{ tools: { profile: "paranoid" } }');
    const policy = ToolPolicy.fromConfig(cfg.reader, {});
    assert.match(cfg.diagnostics[0]?.message ?? '', /tools\.profile must be one of "minimal", "coding", "messaging", "full", got the string "paranoid"/);
    assert.equal(policy.evaluate(core('exec')).allowed, true);
  });

  it('a wrong-typed allow list is reported and ignored', () => {
    const cfg = parseOpenClawConfig('openclaw.json', '{ tools: { allow: "read", deny: ["exec", 3] } }');
    const policy = ToolPolicy.fromConfig(cfg.reader, {});
    assert.equal(cfg.diagnostics.length, 2);
    assert.equal(policy.evaluate(core('write')).allowed, true);
    assert.equal(policy.evaluate(core('exec')).allowed, false);
  });
});
