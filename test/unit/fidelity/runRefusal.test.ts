import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { OpenWorkspace } from '../../../src/core/workspace';
import { emptyAllowlistGuard } from '../../../src/core/policy/runRefusal';
import { statusText } from '../../../src/extension/tree/catalogTreeModel';
import { PreviewAssembler, previewBaseOf } from '../../../src/core/modes/preview';
import { toPreviewView } from '../../../src/extension/preview/previewView';

// A run OpenClaw refuses before any request: explicit allowlists leave it no
// callable tool (issue 40's locked-roster, issue 44's zero-tool agent). The
// message is OpenClaw's own, from the generated guard of the release; the
// real-config suite checks it against the real refusal.
const LOCKED = path.resolve(__dirname, '../../fixtures/user-configs/locked-roster');

async function catalogOf(opts: { agent?: string; text?: string; version?: string }) {
  const ws = new OpenWorkspace({
    workspace: opts.text !== undefined ? '/nonexistent-workspace' : LOCKED,
    noUserConfig: true,
    env: {},
    liveMcp: () => undefined,
    ...(opts.agent !== undefined ? { policy: { agent: opts.agent } } : {}),
    ...(opts.version !== undefined ? { openclawVersion: opts.version } : {}),
    ...(opts.text !== undefined ? { configText: { file: 'openclaw.json', text: opts.text, display: 'openclaw.json' } } : {}),
  });
  try {
    return await ws.buildCatalog();
  } finally {
    await ws.dispose();
  }
}

describe('a run OpenClaw refuses: explicit allowlists leave it no tool', () => {
  it("says so for the locked agent in OpenClaw 2026.9.6's own words, at its allowlist, above every other diagnostic", async () => {
    const c = await catalogOf({ agent: 'locked' });
    assert.equal(c.size, 0);
    assert.equal(
      c.runRefusal?.message,
      'No callable tools remain after resolving explicit tool allowlist (agents.locked.tools.allow: nonexistent_tool); no registered tools matched. Fix the allowlist or enable the plugin that registers the requested tool.',
    );
    const first = c.diagnostics[0];
    assert.equal(first?.severity, 'error');
    assert.equal(first?.line, 11);
    assert.ok(first?.message.includes(c.runRefusal?.message ?? '?'));
  });

  it('says nothing for an agent its allowlist leaves tools, for a config without an explicit allowlist, or for a release without the guard', async () => {
    assert.equal((await catalogOf({ agent: 'helper' })).runRefusal, undefined);
    // No tool left, but by a profile and a deny list, not an allowlist: OpenClaw runs it with no tools.
    const none = await catalogOf({ text: JSON.stringify({ tools: { profile: 'minimal', deny: ['*'] } }) });
    assert.equal(none.size, 0);
    assert.equal(none.runRefusal, undefined);
    // Not refused, but said: the first diagnostic is a warning that the run gets no tool.
    assert.equal(none.diagnostics[0]?.severity, 'warning');
    assert.match(none.diagnostics[0]?.message ?? '', /^this agent's runs get no tool: its policy \(tools\.profile \(minimal\), tools\.allow\) excludes all \d+; OpenClaw 2026\.9\.6 runs it with none/);
    assert.ok(!(await catalogOf({ agent: 'helper' })).diagnostics.some((d) => d.message.includes('get no tool')), 'an agent with tools gets no such warning');
    assert.ok(!(await catalogOf({ agent: 'locked' })).diagnostics.some((d) => d.message.includes('get no tool')), 'a refused run is said once, as refused');
    const old = await catalogOf({ agent: 'locked', version: '2026.4.8' });
    assert.equal(old.runRefusal, undefined);
  });

  it('names every explicit allowlist OpenClaw names, global before the agent, with its entries normalized', async () => {
    const text = JSON.stringify({ tools: { allow: ['Nope_Tool'] }, agents: { list: [{ id: 'solo', default: true, tools: { allow: ['other_missing'] } }] } }, null, 2);
    const c = await catalogOf({ text });
    assert.match(c.runRefusal?.message ?? '', /\(tools\.allow: nope_tool; agents\.solo\.tools\.allow: other_missing\); no registered tools matched\./);
  });

  it('follows the release: the newest measured release at or before it (the guard came between 2026.4.8 and 2026.4.29)', () => {
    assert.equal(emptyAllowlistGuard('2026.4.8'), undefined);
    assert.equal(emptyAllowlistGuard('2026.4.20'), undefined);
    assert.ok(emptyAllowlistGuard('2026.4.29'));
    assert.ok(emptyAllowlistGuard('2026.9.6'));
    assert.ok(emptyAllowlistGuard('2026.12.1'), 'a release newer than the newest measured one follows it');
    assert.equal(emptyAllowlistGuard('not a version'), undefined);
  });
});

describe('the status bar says first when the agent gets no tool (issue 44)', () => {
  it('a run with none (profile and deny list) and a refused run read "no tools" with why in the tooltip; a run with tools does not', async () => {
    const none = statusText(await catalogOf({ text: JSON.stringify({ tools: { profile: 'minimal', deny: ['*'] } }) }));
    assert.match(none.text, /^\$\(warning\) \S+ · 0 · no tools$/);
    assert.equal(none.noTools, true);
    assert.match(none.tooltip, /^This agent's runs get no tool: its policy \(tools\.profile \(minimal\), tools\.allow\) excludes all \d+/);
    const refused = statusText(await catalogOf({ agent: 'locked' }));
    assert.match(refused.text, / · no tools$/);
    assert.match(refused.tooltip, /^OpenClaw 2026\.9\.6 refuses this agent's runs: no tool left by /);
    const fine = statusText(await catalogOf({ agent: 'helper' }));
    assert.doesNotMatch(fine.text, /no tools|warning/);
    assert.equal(fine.noTools, undefined);
  });
});

describe('Mode Preview says when the agent gets no tool (issue 44)', () => {
  it('a banner with why and where above the cards, only for a run with none that is not refused', async () => {
    const ws = new OpenWorkspace({ workspace: '/nonexistent-workspace', noUserConfig: true, env: {}, liveMcp: () => undefined, configText: { file: 'openclaw.json', text: JSON.stringify({ tools: { profile: 'minimal', deny: ['*'] } }, null, 2), display: 'openclaw.json' } });
    try {
      const catalog = await ws.buildCatalog();
      const view = toPreviewView(new PreviewAssembler(previewBaseOf(catalog, ws, { isolation: { ok: true } })).assemble(''), catalog, { workspaceName: 'none', cause: 'open' });
      assert.match(view.noTools?.message ?? '', /^This agent's runs get no tool: its policy/);
      assert.equal(view.noTools?.file, 'openclaw.json');
      assert.equal(view.runRefused, undefined);
    } finally {
      await ws.dispose();
    }
  });
});
