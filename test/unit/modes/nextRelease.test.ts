import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PreviewAssembler, previewBaseOf } from '../../../src/core/modes/preview';
import { OpenWorkspace } from '../../../src/core/workspace';
import { transcriptEvents } from '../../../src/core/telemetry/openclawTranscript';
import { CONTROL_VIA } from '../../../src/core/telemetry/sessionLog';
import { toPreviewView } from '../../../src/extension/preview/previewView';
import { cli } from '../../helpers/cliWorkspace';
import { RENAMED_CALL, RETIRED_CODE_TOOL, withNextRelease } from '../../helpers/nextRelease';
import { scratchDir } from '../../helpers/scratch';
import { DEMO } from '../gateway/fixtures';

/** What a surface may no longer name once the release renamed or retired it. */
const GONE = [new RegExp(`\\b${RENAMED_CALL.from}\\b`), new RegExp(`\\b${RETIRED_CODE_TOOL}\\b`)];

function assertNamesNothingGone(text: string, where: string): void {
  for (const re of GONE) {
    assert.doesNotMatch(text, re, `${where} names ${re.source}`);
  }
}

/** A workspace that leaves tools.toolSearch unset: the release's own default decides the mode. */
function unsetWorkspace(): string {
  const dir = scratchDir('tsi-next-');
  const plugins = JSON.stringify(path.join(DEMO, 'plugins'));
  fs.writeFileSync(path.join(dir, 'openclaw.json'), `{ tools: { profile: "full", deny: ["gateway"] }, plugins: { load: { paths: [${plugins}] } } }`);
  return dir;
}

interface ModeJson {
  mode: string;
  effectiveMode: string;
  fallbackReason?: string;
  visibleTools: string[];
  request: { messages?: { role: string; content: string }[] };
}

describe('a release shaped like the next one (tools and directory only, dispatch_action, no tool_search_code)', function () {
  this.timeout(60000);
  let next: { version: string; remove: () => void };
  before(() => {
    next = withNextRelease();
  });
  after(() => next.remove());

  it('preview --mode all shows the modes the release has, with its own control tools and guidance', async () => {
    const ws = unsetWorkspace();
    const r = await cli(ws, 'preview', '--mode', 'all', '--json', '--openclaw-version', next.version);
    assert.equal(r.code, 0, r.err);
    const all = JSON.parse(r.out) as { modes: Record<string, ModeJson> };
    assert.deepEqual(Object.keys(all.modes), ['direct', 'tools', 'directory', 'code-mode']);
    for (const m of ['tools', 'directory'] as const) {
      const p = all.modes[m];
      assert.equal(p?.effectiveMode, m);
      for (const n of ['tool_search', 'tool_describe', RENAMED_CALL.to]) {
        assert.ok(p?.visibleTools.includes(n), `${m} sends ${n}: ${p?.visibleTools.join(', ')}`);
      }
      assert.match(p?.request.messages?.[0]?.content ?? '', new RegExp(RENAMED_CALL.to), `${m}'s guidance quotes the release's call control`);
    }
    assertNamesNothingGone(r.out, 'preview --mode all --json');
  });

  it('an unset tools.toolSearch is the release default (tools); a mode it lacks runs as the one true selects', async () => {
    const ws = unsetWorkspace();
    const unset = JSON.parse((await cli(ws, 'preview', '--json', '--openclaw-version', next.version)).out) as ModeJson;
    assert.equal(unset.mode, 'tools');
    const code = await cli(ws, 'preview', '--mode', 'code', '--json', '--openclaw-version', next.version);
    assert.equal(code.code, 0, code.err);
    const p = JSON.parse(code.out) as ModeJson;
    assert.equal(p.effectiveMode, 'tools');
    assert.match(p.fallbackReason ?? '', new RegExp(`^OpenClaw ${next.version.replace(/\./g, '\\.')} has no code mode: it runs mode "code" as tools mode`));
    assertNamesNothingGone(code.out, 'preview --mode code --json');
  });

  it('catalog and snapshot render it without the retired or renamed names', async () => {
    const ws = unsetWorkspace();
    const catalog = await cli(ws, 'catalog', '--all', '--json', '--openclaw-version', next.version);
    assert.equal(catalog.code, 0, catalog.err);
    assertNamesNothingGone(catalog.out, 'catalog --all --json');
    const snap = await cli(ws, 'snapshot', '--out', 'next.json', '--openclaw-version', next.version);
    assert.equal(snap.code, 0, snap.err);
    const text = fs.readFileSync(path.join(ws, 'next.json'), 'utf8');
    assertNamesNothingGone(text, 'snapshot');
    const s = JSON.parse(text) as { openclaw: { version: string }; modes: Record<string, { effectiveMode: string; visibleTools: string[] }> };
    assert.equal(s.openclaw.version, next.version);
    assert.ok(s.modes.tools?.visibleTools.includes(RENAMED_CALL.to));
  });

  it("Mode Preview's view model shows the release's modes and control tools", async () => {
    const ws = new OpenWorkspace({ workspace: unsetWorkspace(), noUserConfig: true, env: {}, openclawVersion: next.version });
    try {
      const catalog = await ws.buildCatalog();
      const view = toPreviewView(new PreviewAssembler(previewBaseOf(catalog, ws, { isolation: { ok: true } })).assemble(''), catalog, { workspaceName: 'next', cause: 'open' });
      assert.equal(view.configuredMode, 'tools');
      assert.deepEqual(view.modes.map((m) => m.mode), ['direct', 'tools', 'directory', 'code-mode']);
      assertNamesNothingGone(JSON.stringify(view), 'the Mode Preview view');
      assert.match(JSON.stringify(view), new RegExp(RENAMED_CALL.to));
    } finally {
      await ws.dispose();
    }
  });

  it("reads a transcript of the release: its renamed call control is a call, and its search a search", () => {
    const entries = [
      { type: 'session', id: 's-next', timestamp: '2026-12-01T00:00:00Z' },
      { type: 'message', id: 'u1', message: { role: 'user', content: 'find and call the tool', timestamp: 1 } },
      { type: 'message', message: { role: 'assistant', timestamp: 2, content: [{ type: 'toolCall', id: 'c1', name: 'tool_search', arguments: { query: 'fake tool 17' } }] } },
      { type: 'message', message: { role: 'toolResult', toolCallId: 'c1', timestamp: 3, details: { results: [{ id: 'openclaw:fake-plugin:fake_plugin_tool_17' }] }, content: [] } },
      { type: 'message', message: { role: 'assistant', timestamp: 4, content: [{ type: 'toolCall', id: 'c2', name: RENAMED_CALL.to, arguments: { id: 'openclaw:fake-plugin:fake_plugin_tool_17', args: {} } }] } },
      { type: 'message', message: { role: 'toolResult', toolCallId: 'c2', timestamp: 5, details: { tool: { id: 'openclaw:fake-plugin:fake_plugin_tool_17', name: 'fake_plugin_tool_17' } }, content: [{ type: 'text', text: 'ok' }] } },
      { type: 'message', message: { role: 'assistant', timestamp: 6, stopReason: 'stop', content: [{ type: 'text', text: 'done' }] } },
    ];
    const t = transcriptEvents(entries);
    const calls = t.events.filter((e) => e.type === 'call');
    assert.deepEqual(calls.map((c) => c.type === 'call' && [c.via, c.id, c.parentCallId]), [[CONTROL_VIA.call, 'openclaw:fake-plugin:fake_plugin_tool_17', 'c2']]);
    assert.equal(t.events.filter((e) => e.type === 'search').length, 1);
    // Without the release registered, the renamed control is an ordinary (direct) call: the names come from the releases, not the reader.
    next.remove();
    try {
      const unknown = transcriptEvents(entries).events.filter((e) => e.type === 'call');
      assert.deepEqual(unknown.map((c) => c.type === 'call' && c.via), ['direct']);
    } finally {
      next = withNextRelease();
    }
  });
});
