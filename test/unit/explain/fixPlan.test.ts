import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyEdits } from '../../../src/core/explain/configEdits';
import { explainWithFixPlans, planToolFix } from '../../../src/core/explain/fixPlan';
import { fixEdits, type ToolFixPlan } from '../../../src/core/explain/quickFix';
import { ruleLocationText } from '../../../src/core/reasons';
import type { CatalogTool, PolicyContext } from '../../../src/core/types';
import { OpenWorkspace } from '../../../src/core/workspace';
import { scratchDir } from '../../helpers/scratch';

// Issue 30, "fixes that fix": a tool that several layers exclude gets one plan
// that lifts every one of them, in the run's own agent entry before global
// lists, and the plan is offered only when the catalog built again from the
// edited config admits the tool.

// The user's case: the global profile `coding` leaves web_search out, and
// agent qa denies it as well. The old fix ("Add web_search to tools.alsoAllow")
// widened every agent on the global profile and left qa's deny in place.
const MULTI_AGENT = fs.readFileSync(path.resolve(__dirname, '..', '..', 'fixtures', 'fix-plan', 'multi-agent.openclaw.json5'), 'utf8');

function workspace(config: string): string {
  const dir = scratchDir('fixplan-');
  fs.writeFileSync(path.join(dir, 'openclaw.json'), config);
  return dir;
}

function open(dir: string, policy: PolicyContext = {}, openclawVersion?: string): OpenWorkspace {
  return new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, policy, liveMcp: () => undefined, ...(openclawVersion ? { openclawVersion } : {}) });
}

async function withRun<T>(dir: string, policy: PolicyContext, fn: (ws: OpenWorkspace, tool: (name: string) => CatalogTool) => Promise<T>, openclawVersion?: string): Promise<T> {
  const ws = open(dir, policy, openclawVersion);
  try {
    const c = await ws.buildCatalog();
    const tool = (name: string): CatalogTool => {
      const t = c.withName(name)[0];
      assert.ok(t, `${name} is in the catalog`);
      return t;
    };
    return await fn(ws, tool);
  } finally {
    await ws.dispose();
  }
}

async function plan(dir: string, policy: PolicyContext, name: string, openclawVersion?: string): Promise<ToolFixPlan> {
  return withRun(
    dir,
    policy,
    async (ws, tool) => {
      const t = tool(name);
      assert.equal(t.status, 'excluded', `${name} starts excluded`);
      const p = await planToolFix(ws, await ws.buildCatalog(), t);
      assert.ok(p, 'a plan (or its refusal) is made');
      return p;
    },
    openclawVersion,
  );
}

/** Writes the plan's edit set to the config and returns the new text. */
function applyPlan(dir: string, p: ToolFixPlan): string {
  assert.ok(p.plan, `a plan: ${p.message}`);
  const file = path.join(dir, p.plan.file);
  const text = fs.readFileSync(file, 'utf8');
  const next = applyEdits(text, fixEdits(p.plan, text));
  fs.writeFileSync(file, next);
  return next;
}

async function statusOf(dir: string, policy: PolicyContext, name: string): Promise<string> {
  return withRun(dir, policy, (_ws, tool) => Promise.resolve(tool(name).status));
}

describe('fix plans across every layer that blocks a tool (issue 30)', () => {
  it('agent qa, web_search: edits qa\'s own deny and alsoAllow, keeps the global alsoAllow for qa, widens no one, and the rebuilt catalog admits it', async () => {
    const dir = workspace(MULTI_AGENT);
    const p = await plan(dir, { agent: 'qa' }, 'web_search');
    assert.equal(p.admits, true, p.message);
    assert.equal(p.scope, 'agent');
    assert.deepEqual(p.widens, []);
    assert.equal(p.recheck?.status, 'cataloged');
    // Both layers that block are listed, each with the edit that lifts it.
    assert.deepEqual(
      p.blockers.map((b) => [b.layer, b.edit]),
      [
        ['tools.profile (coding)', 'Add "web_search" to agents.list[1].tools.alsoAllow (keeping tools.alsoAllow: "cron")'],
        ['agents.qa.tools.deny', 'Remove "web_search" from agents.list[1].tools.deny'],
      ],
    );
    assert.deepEqual(
      p.plan?.edits.map((e) => [e.kind, 'path' in e ? e.path : undefined]),
      [
        ['append-entry', ['agents', 'list', 1, 'tools', 'alsoAllow']],
        ['remove-entry', ['agents', 'list', 1, 'tools', 'deny', 0]],
      ],
    );
    // The agent's deny is the blocker at its own line (openclaw.json:190 in the user's file).
    const deny = p.blockers[1];
    const line = MULTI_AGENT.split('\n').findIndex((l) => l.includes('deny: ["web_search"')) + 1;
    assert.equal(deny?.at?.line, line);

    const next = applyPlan(dir, p);
    assert.match(next, /\/\/ qa must not browse/, 'comments are kept');
    assert.match(next, /profile: "coding", \/\/ every agent codes/);
    assert.match(next, /deny: \["browser"\]/, 'only the web_search entry goes');
    assert.match(next, /alsoAllow: \["cron", "web_search"\]/);
    assert.equal(await statusOf(dir, { agent: 'qa' }, 'web_search'), 'cataloged');
    assert.equal(await statusOf(dir, { agent: 'qa' }, 'cron'), 'cataloged', 'qa keeps what the global alsoAllow gave it');
    assert.equal(await statusOf(dir, { agent: 'ops' }, 'web_search'), 'excluded', 'ops is not widened');
  });

  it('the same with the keyed roster agents.entries: the edit lands in agents.entries.qa and widens no other agent', async () => {
    const config = JSON.stringify({
      tools: { profile: 'coding', alsoAllow: ['cron'] },
      agents: { entries: { main: { default: true, tools: { profile: 'full' } }, qa: { tools: { deny: ['web_search', 'browser'] } } } },
    }, null, 2);
    const dir = workspace(config);
    const p = await plan(dir, { agent: 'qa' }, 'web_search');
    assert.equal(p.admits, true, p.message);
    assert.equal(p.scope, 'agent');
    assert.deepEqual(p.widens, []);
    assert.deepEqual(
      p.plan?.edits.map((e) => [e.kind, 'path' in e ? e.path : undefined]),
      [['remove-entry', ['agents', 'entries', 'qa', 'tools', 'deny', 0]]],
    );
    applyPlan(dir, p);
    assert.equal(await statusOf(dir, { agent: 'qa' }, 'web_search'), 'cataloged');
    assert.equal(await statusOf(dir, { agent: 'qa' }, 'browser'), 'excluded', 'only the web_search entry goes');
  });

  it('explain --fix\'s data: the match\'s fix is the edit set, not the global alsoAllow that left the tool excluded', async () => {
    const dir = workspace(MULTI_AGENT);
    await withRun(dir, { agent: 'qa' }, async (ws) => {
      const e = await explainWithFixPlans(ws, await ws.buildCatalog(), 'web_search');
      const m = e.matches[0];
      assert.equal(m?.fix?.kind, 'edit-set');
      assert.doesNotMatch(m?.fix?.title ?? '', /to tools\.alsoAllow/);
      assert.equal(m?.fixPlan?.admits, true);
    });
  });

  it('a global deny only a global edit lifts: the plan says which other agents it widens', async () => {
    const config = MULTI_AGENT.replace('alsoAllow: ["cron"],', 'alsoAllow: ["cron"],\n    deny: ["web_search"],').replace('tools: { deny: ["web_search", "browser"] },', 'tools: { deny: ["browser"] },');
    const dir = workspace(config);
    const p = await plan(dir, { agent: 'qa' }, 'web_search');
    assert.equal(p.admits, true, p.message);
    assert.equal(p.scope, 'global');
    assert.deepEqual(
      p.plan?.edits.map((e) => e.title),
      ['Add "web_search" to agents.list[1].tools.alsoAllow (keeping tools.alsoAllow: "cron")', 'Remove "web_search" from tools.deny'],
    );
    // main's profile (full) has web_search: the global deny was all that kept it out there. ops keeps the coding profile.
    assert.deepEqual(p.widens, [{ agent: 'main', tools: ['web_search'] }]);
    assert.match(p.message, /also widens agent main \(web_search\)/);
    applyPlan(dir, p);
    assert.equal(await statusOf(dir, { agent: 'qa' }, 'web_search'), 'cataloged');
    assert.equal(await statusOf(dir, { agent: 'main' }, 'web_search'), 'cataloged');
    assert.equal(await statusOf(dir, { agent: 'ops' }, 'web_search'), 'excluded');
  });

  it('nothing admits it when a switch keeps OpenClaw from building the tool: no plan, every blocking layer with file:line', async () => {
    const config = `{
  meta: { lastTouchedVersion: "2026.9.6" },
  tools: {
    profile: "minimal",
    web: { search: { enabled: false } },
  },
  agents: { list: [{ id: "qa", default: true, tools: { deny: ["web_search"] } }] },
}
`;
    const dir = workspace(config);
    const p = await plan(dir, {}, 'web_search');
    assert.equal(p.admits, false);
    assert.equal(p.plan, undefined);
    const where = p.remaining.map((b) => `${b.layer} ${b.at ? ruleLocationText(b.at) : ''}`);
    assert.deepEqual(where, ['OpenClaw core openclaw.json:5:31 tools.web.search.enabled']);
    // Every layer is still listed so the user can open each.
    assert.deepEqual(
      p.blockers.map((b) => `${b.layer} ${b.at?.line ?? ''}`),
      ['OpenClaw core 5', 'tools.profile (minimal) 4', 'agents.qa.tools.deny 7'],
    );
    assert.match(p.message, /no edit of the tool policy admits web_search: blocked by OpenClaw core \(openclaw\.json:5:31 tools\.web\.search\.enabled\)/);
    await withRun(dir, {}, async (ws) => {
      const e = await explainWithFixPlans(ws, await ws.buildCatalog(), 'web_search');
      assert.equal(e.matches[0]?.fix, undefined, 'no one-click fix is offered');
    });
  });

  it('nothing admits it in a sandbox whose OpenClaw default allow list decides (2026.1.30 reads no sandbox alsoAllow): the sandbox layer is named', async () => {
    const config = `{
  meta: { lastTouchedVersion: "2026.1.30" },
  tools: { profile: "full" },
  agents: {
    defaults: { sandbox: { mode: "all" } },
    list: [{ id: "qa", default: true, tools: { deny: ["web_search"] } }],
  },
}
`;
    const dir = workspace(config);
    const p = await plan(dir, {}, 'web_search');
    assert.equal(p.admits, false);
    // The agent's deny can be lifted; OpenClaw's default sandbox allow list cannot without replacing it whole.
    assert.deepEqual(p.remaining.map((b) => [b.layer, b.at?.builtIn]), [['tools.sandbox.tools.allow', 'OpenClaw 2026.1.30 default sandbox allow list']]);
    assert.match(p.message, /no edit of openclaw\.json admits web_search for agent qa/);
  });

  it('in 2026.9.6 the same sandbox is lifted by the agent\'s own sandbox alsoAllow, and the re-check admits it', async () => {
    const config = `{
  meta: { lastTouchedVersion: "2026.9.6" },
  tools: { profile: "full" },
  agents: {
    defaults: { sandbox: { mode: "all" } },
    list: [{ id: "qa", default: true, tools: { deny: ["web_search"] } }, { id: "ops" }],
  },
}
`;
    const dir = workspace(config);
    const p = await plan(dir, {}, 'web_search');
    assert.equal(p.admits, true, p.message);
    assert.equal(p.scope, 'agent');
    assert.deepEqual(
      p.plan?.edits.map((e) => e.title),
      ['Remove "web_search" from agents.list[0].tools.deny', 'Add "web_search" to agents.list[0].tools.sandbox.tools.alsoAllow'],
    );
    applyPlan(dir, p);
    assert.equal(await statusOf(dir, {}, 'web_search'), 'cataloged');
    assert.equal(await statusOf(dir, { agent: 'ops' }, 'web_search'), 'excluded');
  });
});
