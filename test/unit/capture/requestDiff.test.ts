// The structural diff of a predicted and a captured request: tools added,
// removed or changed, prompt sections, messages, envelope and both sizes,
// with the volatile parts (time, scratch paths, ids) never a difference.
import * as assert from 'node:assert/strict';
import { diffRequests, promptSections } from '../../../src/core/capture/requestDiff';
import { normalizeText } from '../../../src/core/prompt/volatile';

function tool(name: string, description: string, parameters: unknown = { type: 'object', properties: { q: { type: 'string' } } }): unknown {
  return { type: 'function', function: { name, description, parameters } };
}

const SYSTEM = ['You are OpenClaw.', '## Tooling', 'Use the tools.', '## Workspace', 'Folder: /tmp/tsi-capture-code-Ab12Cd/agent-workspace'].join('\n');

function body(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: 'capture-model',
    stream: true,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: '[Wed 2026-12-02 00:16 UTC] Call it.\n\nRuntime: agent=main | sessionId=3f2b8c1e-9d4a-4c2b-8e1f-0a1b2c3d4e5f | node=v24.22.3' },
    ],
    tools: [tool('alpha', 'First.'), tool('beta', 'Second.')],
    ...over,
  };
}

describe('capture: request diff', () => {
  it('finds nothing between a request and itself', () => {
    const d = diffRequests({ predicted: body(), real: body() });
    assert.equal(d.same, true);
    assert.equal(d.tools.same, 2);
    assert.deepEqual(d.envelope, []);
    assert.deepEqual(d.messages.differences, []);
    assert.equal(d.sizes.predicted.bytes, d.sizes.real.bytes);
    assert.ok(d.sizes.real.tokens > 0);
  });

  it('does not count the volatile parts (prompt/volatile.ts) as differences: time prefix, runtime line, each side\'s own folders', () => {
    const real = body();
    const messages = real.messages as { role: string; content: string }[];
    messages[0]!.content = SYSTEM.replace('Ab12Cd', 'Zz99Yy');
    messages[1]!.content = '[Thu 2026-12-03 11:02 UTC] Call it.\n\nRuntime: agent=main | sessionId=00000000-1111-4222-8333-444444444444 | node=v20.20.2 | host=elsewhere';
    const d = diffRequests({ predicted: body(), predictedVolatile: { workspaceDir: '/tmp/tsi-capture-code-Ab12Cd/agent-workspace' }, real, realVolatile: { workspaceDir: '/tmp/tsi-capture-code-Zz99Yy/agent-workspace' } });
    assert.equal(d.same, true, JSON.stringify(d));
    // Anything else that differs still does: the folder without its value given.
    assert.equal(diffRequests({ predicted: body(), real }).same, false);
    // The sizes are of the bodies as sent, not normalized.
    assert.notEqual(d.sizes.predicted.bytes, d.sizes.real.bytes);
    // What was normalized is said, with each side's text (issue 41: shown as such, not hidden).
    const by = Object.fromEntries((d.normalized ?? []).map((n) => [n.part, n]));
    assert.deepEqual(Object.keys(by).sort(), ['runtime', 'timestamp', 'workspaceDir']);
    assert.deepEqual([by.workspaceDir?.predicted, by.workspaceDir?.real], ['/tmp/tsi-capture-code-Ab12Cd/agent-workspace', '/tmp/tsi-capture-code-Zz99Yy/agent-workspace']);
    assert.deepEqual([by.timestamp?.predicted, by.timestamp?.real], ['[Wed 2026-12-02 00:16 UTC]', '[Thu 2026-12-03 11:02 UTC]']);
    assert.match(by.runtime?.real ?? '', /node=v20\.20\.2 \| host=elsewhere$/);
    assert.match(by.workspaceDir?.what ?? '', /agent workspace folder/);
  });

  it('names tools the prediction misses, tools it invents and tools whose schema or description differ', () => {
    const real = body({ tools: [tool('alpha', 'First, longer.'), tool('beta', 'Second.', { type: 'object', properties: {} }), tool('gamma', 'Third.')] });
    const predicted = body({ tools: [tool('alpha', 'First.'), tool('beta', 'Second.'), tool('delta', 'Fourth.')] });
    const d = diffRequests({ predicted, real });
    assert.equal(d.same, false);
    assert.deepEqual(d.tools.added, ['gamma']);
    assert.deepEqual(d.tools.removed, ['delta']);
    assert.deepEqual(d.tools.changed, [
      { name: 'alpha', schema: false, description: true },
      { name: 'beta', schema: true, description: false },
    ]);
    assert.equal(d.tools.same, 0);
    assert.equal(d.tools.predicted, 3);
    assert.equal(d.tools.real, 3);
  });

  it('ignores key order inside a schema but not the order of the tools', () => {
    const a = { type: 'object', properties: { x: { type: 'string' }, y: { type: 'number' } } };
    const b = { properties: { y: { type: 'number' }, x: { type: 'string' } }, type: 'object' };
    const same = diffRequests({ predicted: body({ tools: [tool('alpha', 'A', a)] }), real: body({ tools: [tool('alpha', 'A', b)] }) });
    assert.equal(same.same, true);
    const swapped = diffRequests({ predicted: body(), real: body({ tools: [tool('beta', 'Second.'), tool('alpha', 'First.')] }) });
    assert.equal(swapped.tools.sameOrder, false);
    assert.equal(swapped.same, false);
  });

  it('compares the system prompt section by section', () => {
    const real = body();
    (real.messages as { content: string }[])[0]!.content = `${SYSTEM.replace('Use the tools.', 'Use the tools well.')}\n## Bootstrap\nAGENTS.md ...`;
    const predicted = body();
    (predicted.messages as { content: string }[])[0]!.content = `${SYSTEM}\n## Only predicted\nx`;
    const d = diffRequests({ predicted, real });
    assert.deepEqual(d.prompt.added.map((s) => s.heading), ['## Bootstrap']);
    assert.deepEqual(d.prompt.removed.map((s) => s.heading), ['## Only predicted']);
    assert.deepEqual(d.prompt.changed.map((s) => s.heading), ['## Tooling']);
    assert.equal(d.prompt.same, 2, 'the preamble and ## Workspace');
    const first = d.prompt.changed[0]!.first;
    assert.ok(first, 'a changed section says where it parts');
    assert.equal(first.offset, 'Use the tools'.length);
    assert.match(first.predicted, /tools\.$/);
    assert.match(first.real, /tools well\.$/);
  });

  it('bounds the excerpt of where two long messages part', () => {
    const long = 'x'.repeat(5000);
    const d = diffRequests({ predicted: body({ messages: [{ role: 'system', content: SYSTEM }, { role: 'user', content: `${long}A${long}` }] }), real: body({ messages: [{ role: 'system', content: SYSTEM }, { role: 'user', content: `${long}B${long}` }] }) });
    const m = d.messages.differences[0]!;
    assert.equal(m.first?.offset, 5000);
    assert.ok(m.first.predicted.length <= 96 && m.first.predicted.includes('A') && m.first.real.includes('B'));
  });

  it('lists messages added, removed, with another role or content', () => {
    const real = body({ messages: [{ role: 'system', content: SYSTEM }, { role: 'user', content: 'Other text.' }, { role: 'user', content: 'internal context' }] });
    const d = diffRequests({ predicted: body(), real });
    assert.deepEqual(
      d.messages.differences.map((m) => [m.index, m.kind]),
      [
        [1, 'content'],
        [2, 'added'],
      ],
    );
    const roles = diffRequests({ predicted: body(), real: body({ messages: [{ role: 'developer', content: SYSTEM }] }) });
    assert.deepEqual(
      roles.messages.differences.map((m) => [m.index, m.kind]),
      [
        [0, 'role'],
        [1, 'removed'],
      ],
    );
  });

  it('lists envelope keys that differ or are sent by one side only', () => {
    const real = body({ stream_options: { include_usage: true }, max_completion_tokens: 4096, model: 'capture-model' });
    const predicted = body({ stream: false, temperature: 0 });
    const d = diffRequests({ predicted, real });
    assert.deepEqual(d.envelope, [
      { key: 'max_completion_tokens', real: '4096' },
      { key: 'stream', predicted: 'false', real: 'true' },
      { key: 'stream_options', real: '{"include_usage":true}' },
      { key: 'temperature', predicted: '0' },
    ]);
  });

  it('takes the real size from the wire when given, and can skip tokens', () => {
    const d = diffRequests({ predicted: body(), real: body(), realBytes: 12345, tokens: false });
    assert.equal(d.sizes.real.bytes, 12345);
    assert.equal(d.sizes.real.tokens, 0);
  });

  it('reads odd bodies without throwing', () => {
    const d = diffRequests({ predicted: null, real: { tools: 'x', messages: [null, 3] } });
    assert.equal(d.tools.real, 0);
    assert.equal(d.messages.real, 2);
    assert.equal(d.same, false);
  });

  it('cuts a prompt at its headings and numbers repeated ones', () => {
    const s = promptSections('intro\n# A\none\n## B\ntwo\n## B\nthree');
    assert.deepEqual([...s.keys()], ['(preamble)', '# A', '## B', '## B (2)']);
  });

  it('normalizes each volatile kind to its placeholder', () => {
    assert.equal(
      normalizeText('[Wed 2026-12-02 00:16 UTC] hi in /var/tmp/s/ws/x.json\nRuntime: agent=main | node=v24\nCurrent date: 2026-12-02', { workspaceDir: '/var/tmp/s/ws' }),
      '<timestamp> hi in <workspaceDir>/x.json\n<runtime>\nCurrent date: <date>',
    );
  });
});
