import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseSessionLog } from '../../../src/core/telemetry/sessionLog';
import { summarizeSession } from '../../../src/core/telemetry/summary';
import { MAX_SHOWN_RESULT_CHARS, shownResult } from '../../../src/cli/commands/call';
import { cli, cliWorkspace } from '../../helpers/cliWorkspace';
import { HOSTILE } from '../../helpers/mcp';

interface CallJson {
  ok: boolean;
  tool?: { id: string; source: string; sourceName: string; name?: string };
  result?: unknown;
  error?: string;
  blockedBy?: string;
}

describe('CLI call (contract)', () => {
  const ws = cliWorkspace();

  it('calls a plugin tool through the gateway: {ok, tool, result}, exit 0', async () => {
    const r = await cli(ws, 'call', 'fake_plugin_tool_17', '--args', '{"marker":"abc"}', '--json');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as CallJson;
    assert.equal(j.ok, true);
    // The contract's {id, source, sourceName}, within the full compact entry.
    assert.deepEqual(
      { id: j.tool?.id, source: j.tool?.source, sourceName: j.tool?.sourceName, name: j.tool?.name },
      { id: 'openclaw:fake-plugin:fake_plugin_tool_17', source: 'openclaw', sourceName: 'fake-plugin', name: 'fake_plugin_tool_17' },
    );
    assert.equal(j.result, 'FAKE_PLUGIN_OK fake_plugin_tool_17 abc');
  });

  it('reports a policy block as the result, exit 1', async () => {
    const r = await cli(ws, 'call', 'fake_plugin_tool_36', '--args', '{"marker":"x"}', '--json', '--approve');
    assert.equal(r.code, 1);
    const j = JSON.parse(r.out) as CallJson;
    assert.equal(j.ok, false);
    assert.equal(j.blockedBy, 'policy');
    assert.match(j.error ?? '', /denied by tools\.deny "fake_plugin_tool_36" \(openclaw\.json:5\)/);
  });

  it('needs --approve for a tool named in approvals.tools', async () => {
    const blocked = await cli(ws, 'call', 'fake_plugin_tool_21', '--args', '{"marker":"y"}', '--json');
    assert.equal(blocked.code, 1);
    assert.equal((JSON.parse(blocked.out) as CallJson).blockedBy, 'approval');
    assert.match((JSON.parse(blocked.out) as CallJson).error ?? '', /approvals\.tools "fake_plugin_tool_2\*" \(openclaw\.json:7\)/);
    const approved = await cli(ws, 'call', 'fake_plugin_tool_21', '--args', '{"marker":"y"}', '--json', '--approve');
    assert.equal(approved.code, 0, approved.out);
  });

  it("reports a plugin hook's block", async () => {
    const r = await cli(ws, 'call', 'fake_plugin_tool_17', '--args', '{"marker":"forbidden!"}');
    assert.equal(r.code, 1);
    assert.match(r.out, /^blocked by hook:fake-plugin {2}openclaw:fake-plugin:fake_plugin_tool_17\n.*refuses forbidden markers/);
  });

  it('says an OpenClaw core tool is declared, not executed', async () => {
    const r = await cli(ws, 'call', 'openclaw:core:read', '--args', '{"path":"x"}', '--json');
    assert.equal(r.code, 1);
    assert.match((JSON.parse(r.out) as CallJson).error ?? '', /declared here, not executed/);
  });

  it('answers an unknown tool with close names, exit 1', async () => {
    const r = await cli(ws, 'call', 'fake_plugin_tool_177', '--json');
    assert.equal(r.code, 1);
    const j = JSON.parse(r.out) as CallJson;
    assert.equal(j.blockedBy, 'lookup');
    assert.match(j.error ?? '', /Unknown tool id: fake_plugin_tool_177\. Did you mean: fake_plugin_tool_17/);
    assert.ok(!(j.error ?? '').includes('fake_plugin_tool_36'), 'never suggests a denied tool');
  });

  it('suggests only close names to a person (edit distance, shared words), or none; the model\'s message stays OpenClaw\'s', async () => {
    const close = await cli(ws, 'call', 'github__create_isue');
    assert.equal(close.code, 1);
    assert.match(close.out, /^unknown tool {2}github__create_isue\nDid you mean: github__create_issue[,?]/);
    const words = await cli(ws, 'call', 'list pull requests', '--json');
    const j = JSON.parse(words.out) as CallJson & { suggestions?: string[] };
    assert.equal(j.suggestions?.[0], 'github__list_pull_requests', JSON.stringify(j.suggestions));
    assert.match(j.error ?? '', /^Unknown tool id: list pull requests\./, 'the model-facing text is unchanged');
    const none = await cli(ws, 'call', 'zzqx_nothing');
    assert.match(none.out, /^unknown tool {2}zzqx_nothing\nNo tool has a close name/);
    assert.doesNotMatch(none.out, /Did you mean/);
  });

  it('rejects bad --args with exit 2 and a one-line reason', async () => {
    for (const bad of ['{marker', '[1,2]', '"x"']) {
      const r = await cli(ws, 'call', 'fake_plugin_tool_17', '--args', bad);
      assert.equal(r.code, 2, bad);
      assert.equal(r.err.trim().split('\n').length, 1);
      assert.match(r.err, /--args/);
    }
  });

  it('writes the session log with --log', async () => {
    const file = path.join(ws, 'session.jsonl');
    await cli(ws, 'call', 'fake_plugin_tool_17', '--args', '{"marker":"log"}', '--log', file);
    const { events } = parseSessionLog(fs.readFileSync(file, 'utf8'));
    const call = events.find((e) => e.type === 'call');
    assert.ok(call?.type === 'call' && call.via === 'cli' && call.ok && call.source === 'openclaw');
  });
});

describe('CLI call of a live MCP tool', function () {
  // Starts the reference "everything" MCP server over stdio.
  this.timeout(60000);

  it('runs it through the gateway on the live connection, and the log says the result came from MCP', async () => {
    const server = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
    const ws = cliWorkspace(`mcp: { servers: { everything: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(server)}] } } },`);
    const file = path.join(ws, 'mcp.jsonl');
    const r = await cli(ws, 'call', 'everything__echo', '--args', '{"message":"through the gateway"}', '--json', '--log', file);
    assert.equal(r.code, 0, r.out + r.err);
    const j = JSON.parse(r.out) as CallJson;
    assert.deepEqual(
      { id: j.tool?.id, source: j.tool?.source, sourceName: j.tool?.sourceName, name: j.tool?.name },
      { id: 'mcp:everything:echo', source: 'mcp', sourceName: 'everything', name: 'everything__echo' },
    );
    assert.match(JSON.stringify(j.result), /Echo: through the gateway/);
    const s = summarizeSession(parseSessionLog(fs.readFileSync(file, 'utf8')).events);
    assert.equal(s.finalCalls[0]?.origin, 'MCP everything');
  });

  it('prints what a tool said when it reports an error (isError), escaped; --json keeps the whole result', async () => {
    const ws = cliWorkspace(`mcp: { servers: { fine: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(HOSTILE)}, "ok"] } } },`);
    const r = await cli(ws, 'call', 'fine__fail', '--args', '{}');
    assert.equal(r.code, 1, r.out + r.err);
    assert.equal(r.out.trim(), 'failed  mcp:fine:fail: the tool reported an error\nit failed on purpose');
    const j = JSON.parse((await cli(ws, 'call', 'fine__fail', '--args', '{}', '--json')).out) as CallJson;
    assert.equal(j.ok, false);
    assert.deepEqual((j.result as { content: unknown }).content, [{ type: 'text', text: 'it failed on purpose' }]);
  });
});

describe('CLI call: what a tool said, for a person', () => {
  it('is the text of its content, with hidden characters escaped and the length bounded', () => {
    assert.equal(shownResult({ content: [{ type: 'text', text: 'bad \u001b[2J\u202Einput' }], isError: true }), 'bad \\x1b[2J<U+202E>input');
    const long = shownResult({ content: [{ type: 'text', text: 'x'.repeat(MAX_SHOWN_RESULT_CHARS * 2) }] });
    assert.equal(long.length, MAX_SHOWN_RESULT_CHARS);
    assert.ok(long.endsWith('…'));
    assert.equal(shownResult({ value: 1 }), '{\n  "value": 1\n}');
  });
});
