// scripts/lib/promptConditions.mjs (the prompt extractor's part that finds the
// lines OpenClaw writes only for some tools), on a stand-in for
// buildAgentSystemPrompt: the segments it finds, their texts per combination,
// and the failure when lines do not compose.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(__dirname, '..', '..', '..');

type Render = (visible: Set<string>, available: Set<string>) => string;
interface Segment {
  vars: string[];
  base: string;
  lines: string[];
  variants: Record<string, number[]>;
}
interface Cluster {
  before: string | null;
  after: string | null;
  segments: Segment[];
}
interface Lib {
  promptConditions(o: { render: Render; baseVisible: string[]; baseAvailable: string[]; universe: string[]; template: string; where: string }): Cluster[];
  lineHunks(a: string[], b: string[]): { from: number; to: number; lines: string[] }[];
}

async function lib(): Promise<Lib> {
  return (await import(pathToFileURL(path.join(ROOT, 'scripts', 'lib', 'promptConditions.mjs')).href)) as Lib;
}

// Like OpenClaw's: a line per tool, one line two tools share, one that depends on a tool being sent.
const render: Render = (V, A) =>
  [
    'start',
    'tooling',
    A.has('exec') || A.has('process') ? `wait: ${['exec', 'process'].filter((n) => A.has(n)).join(' or ')}` : '',
    A.has('spawn') ? 'spawn line' : '',
    'middle',
    V.has('read') ? 'skills: read' : '',
    A.has('openclaw') ? 'ask openclaw' : A.has('gateway') ? 'config read: gateway' : '',
    'end',
  ]
    .filter(Boolean)
    .join('\n');

const text = (s: Segment, key: string): string | undefined => s.variants[key]?.map((i) => s.lines[i]).join('\n');

describe('prompt extractor: tool-dependent segments (scripts/lib/promptConditions.mjs)', () => {
  const all = ['exec', 'process', 'spawn', 'read', 'openclaw', 'gateway'];
  const template = render(new Set(all), new Set(all));

  it('finds each segment with the tools it depends on, between unchanged lines', async () => {
    const clusters = (await lib()).promptConditions({ render, baseVisible: all, baseAvailable: all, universe: [...all, 'unrelated'], template, where: 'test' });
    const vars = clusters.map((c) => c.segments.map((s) => s.vars.join(',')));
    assert.deepEqual(vars, [['exec,process', 'spawn'], ['visible:read', 'gateway,openclaw']]);
    assert.equal(clusters[0]?.before, 'tooling');
    assert.equal(clusters[0]?.after, 'middle');
    const wait = clusters[0]?.segments[0];
    assert.ok(wait);
    assert.equal(text(wait, '10'), 'wait: exec');
    assert.equal(text(wait, '00'), '');
    const control = clusters[1]?.segments[1];
    assert.ok(control);
    assert.equal(text(control, '10'), 'config read: gateway');
    assert.equal(text(control, '01'), 'ask openclaw');
  });

  it('fails when a segment\'s lines are not in the template', async () => {
    const l = await lib();
    assert.throws(() => l.promptConditions({ render, baseVisible: all, baseAvailable: all, universe: all, template: 'something else', where: 'test' }), /not found once in the template/);
  });

  it('lineHunks: the replaced ranges of a line diff', async () => {
    const { lineHunks } = await lib();
    assert.deepEqual(lineHunks(['a', 'b', 'c', 'd'], ['a', 'x', 'c']), [
      { from: 1, to: 2, lines: ['x'] },
      { from: 3, to: 4, lines: [] },
    ]);
  });
});
