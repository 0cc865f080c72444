import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyEdits, descriptionEdit } from '../../../src/core/learning/descriptionEdit';
import type { ToolSuggestion } from '../../../src/core/learning/suggest';
import { planEdits } from '../../../src/core/learning/suggestionEdits';
import { DEMO } from '../gateway/fixtures';

const MANIFEST = path.join(DEMO, 'plugins', 'fake-plugin', 'openclaw.plugin.json');
const CLIENT = path.join(DEMO, '.openclaw', 'client-tools.json');

function suggestion(over: Partial<ToolSuggestion>): ToolSuggestion {
  const zero = { top1: 0, recall5: 0, mrr: 0 };
  return { toolId: 'x', name: 'x', source: 'openclaw', sourceName: 'p', target: 'plugin-manifest', queries: 2, current: '', added: ' Related: a.', proposed: 'a', words: [{ word: 'a', queries: 2, gain: 1, loss: 0 }], before: zero, after: zero, ...over };
}

describe('learning: description edits', () => {
  it('replaces one tool\'s description in a plugin manifest and nothing else', () => {
    const text = fs.readFileSync(MANIFEST, 'utf8');
    const r = descriptionEdit(MANIFEST, text, 'fake_plugin_tool_02', 'Ships "parcels".\nRelated: courier.');
    assert.ok('edit' in r);
    const out = applyEdits(text, [r.edit]);
    const before = JSON.parse(text) as { tools: { name: string; description: string }[] };
    const after = JSON.parse(out) as typeof before;
    assert.equal(after.tools.find((t) => t.name === 'fake_plugin_tool_02')?.description, 'Ships "parcels".\nRelated: courier.');
    after.tools = after.tools.map((t) => (t.name === 'fake_plugin_tool_02' ? { ...t, description: before.tools[1]?.description ?? '' } : t));
    assert.deepEqual(after, before);
    assert.equal(out.split('\n').length, text.split('\n').length);
    assert.equal(text.split('\n')[r.edit.line - 1]?.includes('"description"'), true);
  });

  it('edits client-tools files in both shapes, keeping comments', () => {
    const text = fs.readFileSync(CLIENT, 'utf8');
    for (const name of ['render_chart', 'confirm_with_user']) {
      const r = descriptionEdit(CLIENT, text, name, 'new text');
      assert.ok('edit' in r, name);
      assert.ok(applyEdits(text, [r.edit]).includes('"new text"'));
    }
    const json5 = '// mine\n{ tools: [ { name: "a", description: "old", }, ], }';
    const r = descriptionEdit('c.json5', json5, 'a', 'new');
    assert.ok('edit' in r);
    assert.equal(applyEdits(json5, [r.edit]), '// mine\n{ tools: [ { name: "a", description: "new", }, ], }');
  });

  it('reports what it cannot edit', () => {
    assert.ok('problem' in descriptionEdit('m.json', '{"tools": [{"name": "a"}]}', 'a', 'x'));
    assert.ok('problem' in descriptionEdit('m.json', '{"tools": []}', 'a', 'x'));
    assert.ok('problem' in descriptionEdit('m.json', '{"tools": [', 'a', 'x'));
  });

  it('plans edits for plugin and client tools only; MCP and core stay suggestions', () => {
    const text = '{"tools": [{"name": "a", "description": "A."}, {"name": "b", "description": "B."}]}';
    const plan = planEdits(
      [
        suggestion({ toolId: 'p:a', name: 'a', proposed: 'A. Related: x.', origin: { file: 'm.json' } }),
        suggestion({ toolId: 'p:b', name: 'b', proposed: 'B. Related: y.', origin: { file: 'm.json' } }),
        suggestion({ toolId: 'p:c', name: 'c', words: [], origin: { file: 'm.json' } }),
        suggestion({ toolId: 'mcp:s:t', source: 'mcp', target: 'mcp-server', origin: { file: 's.json' } }),
        suggestion({ toolId: 'openclaw:core:read', target: 'openclaw-core' }),
      ],
      () => text,
    );
    assert.deepEqual(plan.edits.map((e) => e.toolId), ['p:a', 'p:b']);
    assert.deepEqual(plan.skipped.map((s) => s.toolId), ['mcp:s:t', 'openclaw:core:read']);
    assert.equal(applyEdits(text, plan.edits.map((e) => e.edit)), '{"tools": [{"name": "a", "description": "A. Related: x."}, {"name": "b", "description": "B. Related: y."}]}');
  });
});
