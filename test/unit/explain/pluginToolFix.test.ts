// Explain's fix for a plugin tool OpenClaw does not build (issue 44, on a
// real public multi-agent config): the fix read "add "browser" or "browser"
// to agents.list[0].tools.profile", cited OpenClaw source paths, and left out
// that the same agent denies browser. Now it names the tool once, an allow
// list (a profile is one name), no source path, and the fix plan lifts every
// layer that blocks it, the explicit deny too, checked by building again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { planToolFix } from '../../../src/core/explain/fixPlan';
import { toolReasonText } from '../../../src/core/reasons';
import { OpenWorkspace } from '../../../src/core/workspace';
import { scratchDir } from '../../helpers/scratch';

const CONFIG = '{\n  agents: { list: [ { id: "main", default: true, tools: { profile: "minimal", allow: ["read"], deny: ["browser"] } } ] },\n}\n';

async function withTool<T>(config: string, name: string, fn: (ws: OpenWorkspace, t: NonNullable<ReturnType<Awaited<ReturnType<OpenWorkspace['buildCatalog']>>['withName']>[0]>) => Promise<T>): Promise<T> {
  const dir = scratchDir('plugin-fix-');
  fs.writeFileSync(path.join(dir, 'openclaw.json'), config);
  const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, liveMcp: () => undefined, openclawVersion: '2026.9.6' });
  try {
    const t = (await ws.buildCatalog()).withName(name)[0];
    assert.ok(t, name);
    return await fn(ws, t);
  } finally {
    await ws.dispose();
  }
}

describe("Explain's fix for a plugin tool no allow list names", () => {
  it('names the tool once, an allow list and no OpenClaw source path', async () => {
    await withTool(CONFIG, 'browser', async (_ws, t) => {
      assert.equal(t.reason?.kind, 'not-constructed');
      const text = (toolReasonText(t) ?? '');
      assert.doesNotMatch(text, /"browser" or "browser"|nor "browser"/);
      assert.doesNotMatch(text, /src\/[\w/-]+\.ts|createPluginToolAllowlist/);
      assert.doesNotMatch(text, /to agents\.list\[0\]\.tools\.profile/);
      assert.match(text, /add "browser" to agents\.list\[0\]\.tools\.allow/);
    });
  });

  it("the fix plan lifts every blocking layer, the agent's explicit deny too, and the rebuilt catalog has the tool", async () => {
    await withTool(CONFIG, 'browser', async (ws, t) => {
      const p = await planToolFix(ws, await ws.buildCatalog(), t);
      assert.ok(p?.admits, p?.message);
      const titles = p.plan?.edits.map((e) => e.title) ?? [];
      assert.ok(titles.includes('Add "browser" to agents.list[0].tools.allow'), titles.join('\n'));
      assert.ok(titles.includes('Remove "browser" from agents.list[0].tools.deny'), titles.join('\n'));
      assert.ok(p.blockers.some((b) => b.layer.includes('deny')), JSON.stringify(p.blockers));
      assert.equal(p.recheck?.status, 'cataloged');
      assert.equal(p.scope, 'agent');
    });
  });

  it('with only a profile, the fix names an alsoAllow beside it, never the profile', async () => {
    await withTool('{ agents: { list: [ { id: "main", default: true, tools: { profile: "minimal" } } ] } }\n', 'browser', async (ws, t) => {
      assert.equal(t.reason?.kind, 'not-constructed', (toolReasonText(t) ?? ''));
      assert.match((toolReasonText(t) ?? ''), /add "browser" to agents\.list\[0\]\.tools\.alsoAllow/);
      const p = await planToolFix(ws, await ws.buildCatalog(), t);
      assert.ok(p?.admits, p?.message);
      assert.ok(!p.plan?.edits.some((e) => e.title.includes('.profile')), p.plan?.edits.map((e) => e.title).join('\n'));
    });
  });

  it('a plugin whose id is not the tool name names both, once each', async () => {
    await withTool('{ tools: { profile: "minimal", allow: ["read"] } }\n', 'talk_voice', async (_ws, t) => {
      if (t.reason?.kind !== 'not-constructed') return assert.fail(`talk_voice: ${t.status} ${(toolReasonText(t) ?? '')}`);
      assert.match((toolReasonText(t) ?? ''), new RegExp(`add "talk_voice" or plugin "${t.sourceName}" to tools\\.allow`));
    });
  });
});
