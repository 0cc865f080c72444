import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { foldSpans, outlineJson5, type OutlineNode } from '../../../src/core/authoring/json5Outline';
import { parseJson5 } from '../../../src/core/config/json5Document';

const DEMO = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'examples', 'demo', 'openclaw.json'), 'utf8');

/** The outline as the value it describes: objects by key, arrays by index, scalars by text. */
function asValue(nodes: readonly OutlineNode[], kind: 'object' | 'array'): unknown {
  if (kind === 'array') {
    return nodes.map((n) => leaf(n));
  }
  return Object.fromEntries(nodes.map((n) => [n.name, leaf(n)]));
}

function leaf(n: OutlineNode): unknown {
  if (n.kind === 'object' || n.kind === 'array') {
    return asValue(n.children, n.kind);
  }
  if (n.kind === 'number') {
    return Number(n.detail);
  }
  if (n.kind === 'boolean') {
    return n.detail === 'true';
  }
  return n.kind === 'null' ? null : n.detail;
}

describe('config authoring: outline and folding', () => {
  it('the outline of the demo config is the value the strict parser reads', () => {
    assert.deepEqual(asValue(outlineJson5(DEMO), 'object'), parseJson5('openclaw.json', DEMO).value);
  });

  it('reads every config fixture as the strict parser does (real configs, hostile input, the demo)', () => {
    const root = path.join(__dirname, '..', '..', '..');
    const real = path.join(root, 'test', 'fixtures', 'real-configs');
    const files = [
      ...fs.readdirSync(real).filter((f) => f.endsWith('.json')).map((f) => path.join(real, f)),
      ...['hostile', 'search/workspace', 'multi-root/alpha', 'oracle/wrong-policy'].map((d) => path.join(root, 'test', 'fixtures', d, 'openclaw.json')),
    ];
    assert.ok(files.length >= 8, `${files.length} fixtures`);
    let compared = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const strict = parseJson5(file, text).value;
      if (strict === null || typeof strict !== 'object' || Array.isArray(strict)) {
        continue;
      }
      // NaN is not equal to itself: compare through JSON, which writes it as null on both sides.
      assert.deepEqual(JSON.parse(JSON.stringify(asValue(outlineJson5(text), 'object'))), JSON.parse(JSON.stringify(strict)), path.relative(root, file));
      compared++;
    }
    assert.ok(compared >= 8, `${compared} compared`);
  });

  it('spans run from the key to the end of the value, and the name is the key as written', () => {
    const tools = outlineJson5(DEMO).find((n) => n.name === 'tools');
    assert.ok(tools);
    assert.match(DEMO.slice(tools.start, tools.end), /^tools: \{[\s\S]*\n {2}\}$/);
    const byProvider = tools.children.find((n) => n.name === 'byProvider');
    const model = byProvider?.children[0];
    assert.equal(model?.name, 'openai/gpt-5-mini');
    assert.equal(model && DEMO.slice(model.nameStart, model.nameEnd), '"openai/gpt-5-mini"');
  });

  it('keeps what it can of a half-written document', () => {
    const nodes = outlineJson5('{ a: { b: [1, "x"');
    assert.deepEqual(asValue(nodes, 'object'), { a: { b: [1, 'x'] } });
  });

  it('folds every container and block comment', () => {
    const text = '/* a\n  b */\n{\n  a: [\n    1,\n  ],\n}';
    const spans = foldSpans(text).map((f) => [f.kind, text.slice(f.start, f.end)]);
    assert.deepEqual(spans, [
      ['region', '[\n    1,\n  ]'],
      ['region', '{\n  a: [\n    1,\n  ],\n}'],
      ['comment', '/* a\n  b */'],
    ]);
  });
});
