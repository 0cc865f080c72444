// A capture runs the agent the workspace's run is for, on a scratch copy of
// the config whose lines map back to the user's file, and says OpenClaw's own
// reason when a turn fails.
import * as assert from 'node:assert/strict';
import { captureAgentOf, captureConfig, CaptureConfigError } from '../../../src/core/capture/captureConfig';
import { mapScratchLines, scratchText, userLineOf, type SourceLines } from '../../../src/core/capture/scratchLines';
import { openclawReason } from '../../../src/core/capture/turnFailure';
import { ConfigReader } from '../../../src/core/config/configReader';
import { parseJson5 } from '../../../src/core/config/json5Document';
import { agentWorkspaceDir } from '../../../src/core/prompt/agentWorkspace';
import { configuredModelEntry } from '../../../src/core/prompt/modelEntry';

const BASE = { configDir: '/ws', baseUrl: 'http://127.0.0.1:4321/v1', agentWorkspace: '/scratch/agent', mode: 'code' as const };

const TWO = { agents: { list: [{ id: 'coder', default: true, tools: { profile: 'coding' }, model: 'openai/gpt-5' }, { id: 'helper', tools: { profile: 'minimal' } }] } };

describe('capture: the agent a turn runs', () => {
  it('is the one asked for, else OpenClaw\'s default, with agents.list, agents.entries and no roster', () => {
    assert.equal(captureAgentOf(TWO), 'coder');
    assert.equal(captureAgentOf(TWO, 'helper'), 'helper');
    assert.equal(captureAgentOf({ agents: { entries: { ops: { tools: { profile: 'full' } } } } }), 'ops');
    assert.equal(captureAgentOf({}), 'main');
    assert.throws(() => captureAgentOf({ agents: { list: [{ id: 'a' }, { id: 'b' }] } }), (err: unknown) => err instanceof CaptureConfigError && /Multiple agents are configured \(a, b\)/.test(err.message));
  });

  it('keeps the run agent in the scratch config, with the stand-in model and the scratch agent workspace', () => {
    const cfg = captureConfig({ ...BASE, config: TWO }) as { agents: { list: Record<string, unknown>[] } };
    assert.deepEqual(cfg.agents.list[0], { id: 'coder', default: true, tools: { profile: 'coding' }, model: { primary: 'tsi-capture/capture-model' }, workspace: '/scratch/agent' });
    // Another agent's turn: its entry gets the scratch workspace (OpenClaw would otherwise use <defaults.workspace>/helper).
    const helper = captureConfig({ ...BASE, config: TWO, agent: 'helper' }) as { agents: { list: Record<string, unknown>[] } };
    assert.deepEqual(helper.agents.list[1], { id: 'helper', tools: { profile: 'minimal' }, workspace: '/scratch/agent' });
    assert.deepEqual(helper.agents.list[0], TWO.agents.list[0]);
    const entries = captureConfig({ ...BASE, config: { agents: { entries: { ops: { model: 'x/y' } } } } }) as { agents: { entries: Record<string, unknown> } };
    assert.deepEqual(entries.agents.entries.ops, { model: { primary: 'tsi-capture/capture-model' }, workspace: '/scratch/agent' });
  });

  it('predicts with the run agent\'s model and agent workspace, as OpenClaw resolves them', () => {
    assert.equal(configuredModelEntry({ ...TWO, agents: { ...TWO.agents, defaults: { model: 'a/b' } } })?.model, 'gpt-5');
    assert.equal(configuredModelEntry({ ...TWO, agents: { ...TWO.agents, defaults: { model: 'a/b' } } }, 'helper')?.model, 'b');
    const env = { OPENCLAW_STATE_DIR: '/state' };
    assert.equal(agentWorkspaceDir(TWO, '/ws', env, '/home/u'), '/state/workspace');
    assert.equal(agentWorkspaceDir(TWO, '/ws', env, '/home/u', 'helper'), '/state/workspace-helper');
    const withDefaults = { agents: { ...TWO.agents, defaults: { workspace: '/w' } } };
    assert.equal(agentWorkspaceDir(withDefaults, '/ws', env, '/home/u'), '/w');
    assert.equal(agentWorkspaceDir(withDefaults, '/ws', env, '/home/u', 'helper'), '/w/helper');
  });
});

describe('capture: the scratch copy\'s lines', () => {
  const USER = `{
  // the user's own layout: comments, other indentation
  agents: {
    list: [
      { id: "coder", default: true },
    ],
  },
  env: {
    FOO: "bar",
  },
}
`;
  const reader = new ConfigReader(parseJson5('openclaw.json', USER));
  const source: SourceLines = { file: 'openclaw.json', line: (p) => reader.line(p) };

  it('is written byte for byte as JSON.stringify writes it, with the path of every line', () => {
    const value = { a: [1, { b: [] }, {}], c: { d: null, e: 'x' }, f: true };
    const s = scratchText(value);
    assert.equal(s.text, `${JSON.stringify(value, null, 2)}\n`);
    assert.equal(s.paths.length, s.text.split('\n').length - 1);
    assert.deepEqual(s.paths[s.text.split('\n').findIndex((l) => l.includes('"e"'))], ['c', 'e']);
  });

  it('maps a line OpenClaw cites in the copy to the user\'s file and line, or the nearest parent the user wrote', () => {
    const cfg = { models: { providers: { capture: { baseUrl: 'http://127.0.0.1:1/v1' } } }, agents: { list: [{ id: 'coder', default: true }] }, env: { FOO: 'bar' } };
    const s = scratchText(cfg);
    const scratchLine = s.text.split('\n').findIndex((l) => l.includes('"FOO"')) + 1;
    assert.equal(userLineOf(s, scratchLine, source), 9);
    const stderr = `OpenClaw config is invalid\nFile: /tmp/tsi-capture-code-x/openclaw.json\nProblem:\n  - openclaw.json:${scratchLine} — env: Unrecognized key: "FOO"\n`;
    const mapped = mapScratchLines(stderr, '/tmp/tsi-capture-code-x/openclaw.json', 'openclaw.json', s, source);
    assert.match(mapped, /^ {2}- openclaw\.json:9 — env: Unrecognized key: "FOO"$/m);
    assert.match(mapped, /^File: openclaw\.json$/m);
    // A line only the capture wrote (its provider) has no line of the user's: it says it is the copy's.
    const providerLine = s.text.split('\n').findIndex((l) => l.includes('baseUrl')) + 1;
    assert.equal(mapScratchLines(`openclaw.json:${providerLine}`, '/x/openclaw.json', 'openclaw.json', s, source), `openclaw.json:${providerLine} (the capture's copy)`);
  });
});

describe('capture: OpenClaw\'s reason for a failed turn', () => {
  it('reads the refused config\'s problems, the CLI\'s Reason line, the --json error, else the last stderr line', () => {
    assert.equal(
      openclawReason('OpenClaw config is invalid\nFile: openclaw.json\nProblem:\n  - openclaw.json:9 — env: Unrecognized key: "FOO"\n  - agents.entries.helper: Unrecognized key: "bogus"\nLegacy config keys detected:\n'),
      'OpenClaw refuses the config: openclaw.json:9 — env: Unrecognized key: "FOO"; agents.entries.helper: Unrecognized key: "bogus"',
    );
    assert.equal(openclawReason('[openclaw] The CLI command failed.\n[openclaw] Reason: Unknown agent id "main". Use "openclaw agents list" to see configured agents.\n[openclaw] Try: openclaw doctor\n'), 'Unknown agent id "main". Use "openclaw agents list" to see configured agents.');
    assert.equal(openclawReason('', { ok: false, error: { message: 'boom' }, issues: [{ path: 'env', message: 'bad' }] }), 'boom; env: bad');
    assert.equal(openclawReason('starting\nsomething broke\n[tsi-capture-guard] refused 1.2.3.4\n'), 'something broke');
    assert.equal(openclawReason(''), undefined);
  });
});
