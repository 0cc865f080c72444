import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliCaptured } from '../../helpers/cliCapture';
import { DEMO } from '../gateway/fixtures';
import { scratchDir } from '../../helpers/scratch';

interface SuggestJson {
  usage: { files: number; pairs: { query: string; tool: string; count: number }[] };
  report: { suggestions: { toolId: string; added: string; proposed: string; words: { word: string }[]; target: string }[] };
  applied?: { edits: { toolId: string; edit: { file: string; line: number } }[] };
}

describe('CLI suggest (contract)', () => {
  let tmp: string;
  let shared: string[];

  before(() => {
    // The demo's plugin, sessions and client tools, without its MCP servers.
    tmp = scratchDir('tsi-suggest-cli-');
    fs.cpSync(path.join(DEMO, 'plugins'), path.join(tmp, 'plugins'), { recursive: true });
    fs.cpSync(path.join(DEMO, 'sessions'), path.join(tmp, 'sessions'), { recursive: true });
    fs.cpSync(path.join(DEMO, '.openclaw', 'client-tools.json'), path.join(tmp, '.openclaw', 'client-tools.json'));
    fs.writeFileSync(path.join(tmp, 'openclaw.json'), '{ tools: { toolSearch: true, profile: "full" }, plugins: { load: { paths: ["./plugins"] } } }');
    shared = ['--workspace', tmp, '--no-user-config'];
  });

  after(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('suggests words for the demo tools from the bundled session logs, and --apply writes them to the manifest', async () => {
    const r = await runCliCaptured(['suggest', ...shared, '--sessions', 'sessions', '--json'], tmp);
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as SuggestJson;
    assert.equal(j.usage.files, 2);
    const t02 = j.report.suggestions.find((s) => s.toolId === 'openclaw:fake-plugin:fake_plugin_tool_02');
    assert.ok(t02?.words.some((w) => w.word === 'parcel'), JSON.stringify(t02));
    assert.equal(t02?.target, 'plugin-manifest');
    assert.ok((t02?.added.length ?? 0) <= 120);

    const text = await runCliCaptured(['suggest', ...shared, '--sessions', path.join(tmp, 'sessions'), '--tool', 'fake_plugin_tool_02'], tmp);
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /openclaw:fake-plugin:fake_plugin_tool_02 .*\n {2}add \(\d+ chars\): Related: .*parcel/);
    assert.doesNotMatch(text.out, /fake_plugin_tool_09/);

    const applied = await runCliCaptured(['suggest', ...shared, '--sessions', 'sessions', '--tool', 'fake_plugin_tool_02', '--apply', '--json'], tmp);
    assert.equal(applied.code, 0, applied.err);
    assert.deepEqual((JSON.parse(applied.out) as SuggestJson).applied?.edits.map((e) => e.toolId), ['openclaw:fake-plugin:fake_plugin_tool_02']);
    const manifest = JSON.parse(fs.readFileSync(path.join(tmp, 'plugins', 'fake-plugin', 'openclaw.plugin.json'), 'utf8')) as { tools: { name: string; description: string }[] };
    assert.equal(manifest.tools.find((t) => t.name === 'fake_plugin_tool_02')?.description, t02?.proposed);
    // Now searchable by the words the sessions used.
    const search = await runCliCaptured(['search', ...shared, '--json', 'track', 'a', 'parcel'], tmp);
    assert.equal((JSON.parse(search.out) as { hits: { id: string }[] }).hits[0]?.id, 'openclaw:fake-plugin:fake_plugin_tool_02');
  });

  it('needs --sessions, and says when a path cannot be read', async () => {
    const none = await runCliCaptured(['suggest', ...shared], tmp);
    assert.equal(none.code, 2);
    assert.match(none.err, /--sessions/);
    const missing = await runCliCaptured(['suggest', ...shared, '--sessions', 'nope'], tmp);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /nope/);
  });
});
