import * as assert from 'node:assert/strict';
import { parseOpenClawConfig } from '../../../src/core/config/openclawConfig';
import { enableToolSearchPlan, fixEdits } from '../../../src/core/explain/quickFix';
import { appendArrayElement, applyEdits, EditError, inverseEdits, removeArrayElement, renameClientTool, setValue } from '../../../src/core/explain/configEdits';

// Text edits on JSON5 as users write it: comments, trailing commas, bare keys.
// Each result must parse and keep everything it does not touch.

function apply(text: string, edit: ReturnType<typeof removeArrayElement> | undefined): string {
  return edit ? applyEdits(text, [edit]) : text;
}

describe('config edits (JSON5 text)', () => {
  it('removes first, middle and last entries, keeping comments and a trailing comma', () => {
    const text = '{ deny: ["a", /* keep */ "b", "c",], }';
    assert.equal(apply(text, removeArrayElement(text, ['deny', 0])), '{ deny: [/* keep */ "b", "c",], }');
    assert.equal(apply(text, removeArrayElement(text, ['deny', 1])), '{ deny: ["a", /* keep */ "c",], }');
    assert.equal(apply(text, removeArrayElement(text, ['deny', 2])), '{ deny: ["a", /* keep */ "b",], }');
    const one = '{\n  deny: [\n    "only", // the one\n  ],\n}';
    assert.equal(apply(one, removeArrayElement(one, ['deny', 0])), '{\n  deny: [\n     // the one\n  ],\n}');
  });

  it('appends to a list (once), and creates missing lists and objects in the file\'s key style', () => {
    const text = '{\n  tools: {\n    allow: ["read"], // read only\n  },\n}';
    assert.equal(apply(text, appendArrayElement(text, ['tools', 'allow'], 'exec')), '{\n  tools: {\n    allow: ["read", "exec"], // read only\n  },\n}');
    assert.equal(appendArrayElement(text, ['tools', 'allow'], 'read'), undefined, 'already there');
    assert.equal(apply(text, appendArrayElement(text, ['tools', 'sandbox', 'tools', 'alsoAllow'], 'x')), '{\n  tools: {\n    sandbox: { tools: { alsoAllow: ["x"] } },\n    allow: ["read"], // read only\n  },\n}');
    const json = '{ "tools": { "deny": [] } }';
    assert.equal(apply(json, appendArrayElement(json, ['tools', 'deny'], 'a')), '{ "tools": { "deny": ["a"] } }');
    assert.equal(apply(json, appendArrayElement(json, ['tools', 'alsoAllow'], 'a')), '{ "tools": { "alsoAllow": ["a"], "deny": [] } }');
    assert.equal(apply('{}', appendArrayElement('{}', ['tools', 'deny'], 'a')), '{ tools: { deny: ["a"] } }');
  });

  it('sets a value and renames a client tool (OpenAI or bare shape)', () => {
    const text = '{ plugins: { entries: { "legacy-crm": { enabled: false } } } }';
    assert.equal(apply(text, setValue(text, ['plugins', 'entries', 'legacy-crm', 'enabled'], true)), '{ plugins: { entries: { "legacy-crm": { enabled: true } } } }');
    const client = '[{ "type": "function", "function": { "name": "web_search" } }, { "name": "other" }]';
    assert.equal(apply(client, renameClientTool(client, 'web_search', 'web_search_client')), '[{ "type": "function", "function": { "name": "web_search_client" } }, { "name": "other" }]');
    assert.throws(() => renameClientTool(client, 'missing', 'x'), EditError);
  });

  it('refuses text that does not parse or a path that is gone, instead of editing blindly', () => {
    assert.throws(() => removeArrayElement('{ deny: ["a" }', ['deny', 0]), EditError);
    assert.throws(() => removeArrayElement('{ deny: ["a"] }', ['deny', 3]), EditError);
    assert.throws(() => setValue('{}', ['a'], true), EditError);
  });

  it('inverse edits put the text back exactly', () => {
    const text = '{ deny: ["a", "b"], allow: ["x"] }';
    const edits = [removeArrayElement(text, ['deny', 0]), appendArrayElement(text, ['allow'], 'y')].flatMap((e) => (e ? [e] : []));
    const changed = applyEdits(text, edits);
    assert.equal(changed, '{ deny: ["b"], allow: ["x", "y"] }');
    assert.equal(applyEdits(changed, inverseEdits(text, edits)), text);
  });
});

describe('turning Tool Search on (the empty-state action)', () => {
  const settingsOf = (text: string) => parseOpenClawConfig('openclaw.json', text).settings;
  for (const [name, text] of [
    ['off', '{ tools: { toolSearch: false } }'],
    ['unset', '{ tools: { profile: "full" } }'],
    ['no tools section', '{}'],
    ['disabled object', '{ tools: { toolSearch: { enabled: false, mode: "tools" } } }'],
  ] as const) {
    it(`${name}: the edit turns it on, and keeps the rest`, () => {
      const before = parseOpenClawConfig('openclaw.json', text);
      const plan = enableToolSearchPlan('openclaw.json', before.reader?.raw(['tools', 'toolSearch']));
      const after = applyEdits(text, fixEdits(plan, text));
      const s = settingsOf(after);
      assert.equal(s.enabled, true, after);
      assert.equal(s.mode, name === 'disabled object' ? 'tools' : 'code');
      if (name === 'unset') {
        assert.match(after, /profile: "full"/);
      }
    });
  }
});
