import * as assert from 'node:assert/strict';
import { compareReplay, replaySummary } from '../../../src/core/searchExplain/sessionReplay';
import { parseSessionHostMessage, parseSessionWebviewMessage } from '../../../src/webview/shared/sessionProtocol';
import { parsePanelState, parseHostMessage } from '../../../src/webview/shared/playgroundProtocol';

const same = (id: string): string => id;

describe('session replay: a recorded search against the current catalog', () => {
  it('the same tools in the same order are the same', () => {
    const c = compareReplay(['a', 'b', 'c'], ['a', 'b', 'c'], same);
    assert.equal(c.same, true);
    assert.deepEqual([c.added, c.dropped, c.unknown, c.moved], [[], [], [], []]);
    assert.equal(replaySummary(c), 'Same hits as the session, in the same order (3).');
  });

  it('names what is new, what is no longer found, what the catalog lacks and what moved', () => {
    const catalog = new Set(['a', 'b', 'c', 'd']);
    const c = compareReplay(['a', 'b', 'gone', 'c'], ['b', 'a', 'd'], (id) => (catalog.has(id) ? id : undefined));
    assert.equal(c.same, false);
    assert.deepEqual(c.added, ['d']);
    assert.deepEqual(c.dropped, ['c']);
    assert.deepEqual(c.unknown, ['gone']);
    assert.deepEqual(c.moved, [{ id: 'a', was: 1, now: 2 }, { id: 'b', was: 2, now: 1 }]);
    assert.deepEqual(c.hits[2], { recorded: 'gone', was: 3 });
    assert.match(replaySummary(c), /^Hits differ from the session: 1 new \(d\); 1 no longer found \(c\); 1 not in this catalog \(gone\); 2 moved \(a #1 → #2, b #2 → #1\)\.$/);
  });

  it('reads a recorded id in the spelling of the run that wrote it (OpenClaw\'s MCP ids)', () => {
    const spelled: Record<string, string> = { 'mcp:calendar:calendar__list_events': 'mcp:calendar:list_events' };
    const c = compareReplay(['mcp:calendar:calendar__list_events'], ['mcp:calendar:list_events'], (id) => spelled[id] ?? id);
    assert.equal(c.same, true);
    assert.equal(c.hits[0]?.id, 'mcp:calendar:list_events');
  });

  it('more hits today than recorded is a difference even when the recorded ones kept their ranks', () => {
    const c = compareReplay(['a'], ['a', 'b'], same);
    assert.equal(c.same, false);
    assert.deepEqual(c.added, ['b']);
  });
});

describe('session replay: the protocols carry it bounded', () => {
  const step = { kind: 'search', line: 0, depth: 1, title: 'search', ok: true, detail: '{}' };
  const view = (replay: unknown): unknown => ({
    type: 'session',
    view: { file: 'x.sqlite', turns: [{ turnId: 't', steps: [{ ...step, replay }] }], answers: { searches: 1, describes: 0, otherTools: [], failedCalls: [] }, eventCount: 1, lineCount: 0, problems: [], moreProblems: 0 },
  });

  it('a search step may carry its query and hits; an empty, over-long or over-full replay is refused', () => {
    assert.ok(parseSessionHostMessage(view({ query: 'send newsletter', hits: ['a', 'b'] })));
    assert.ok(parseSessionHostMessage(view({ query: 'send newsletter' })));
    assert.equal(parseSessionHostMessage(view({ query: '' })), undefined);
    assert.equal(parseSessionHostMessage(view({ query: 'x'.repeat(513) })), undefined);
    assert.equal(parseSessionHostMessage(view({ query: 'q', hits: Array.from({ length: 51 }, (_, i) => `t${i}`) })), undefined);
    assert.equal(parseSessionHostMessage(view({ query: 'q', hits: [1] })), undefined);
  });

  it('the viewer asks for a replay by step index only', () => {
    assert.deepEqual(parseSessionWebviewMessage({ type: 'replaySearch', step: 3 }), { type: 'replaySearch', step: 3 });
    assert.equal(parseSessionWebviewMessage({ type: 'replaySearch', step: -1 }), undefined);
    assert.equal(parseSessionWebviewMessage({ type: 'replaySearch', step: 1.5 }), undefined);
    assert.equal(parseSessionWebviewMessage({ type: 'replaySearch', query: 'x' }), undefined);
  });

  it('the playground takes a replay view with its summary', () => {
    const v = { from: 'openclaw-agent.sqlite', query: 'q', hitsRecorded: true, same: false, summary: 'Hits differ from the session: 1 new (d).' };
    assert.deepEqual(parseHostMessage({ type: 'replay', view: v }), { type: 'replay', view: v });
    assert.equal(parseHostMessage({ type: 'replay', view: { ...v, same: 'no' } }), undefined);
    assert.deepEqual(parsePanelState({}), { query: '', toolId: '' });
  });
});
