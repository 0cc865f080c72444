import * as assert from 'node:assert/strict';
import { applyLineEdits } from '../../../src/core/prompt/lineEdits';

// The generated template variants (skipBootstrap) are line edits anchored on
// the lines before them: applied where the anchor is once, refused where it
// is missing or twice (a template they were not made from).
describe('line edits (generated template variants)', () => {
  const text = 'a\nb\nc\nd\n';
  it('replaces, removes and adds after a unique anchor', () => {
    assert.equal(applyLineEdits(text, [{ before: ['a'], remove: ['b'], add: ['B', 'B2'] }]), 'a\nB\nB2\nc\nd\n');
    assert.equal(applyLineEdits(text, [{ before: ['b'], remove: ['c'], add: [] }]), 'a\nb\nd\n');
    assert.equal(applyLineEdits(text, [{ before: ['c'], remove: [], add: ['x'] }]), 'a\nb\nc\nx\nd\n');
  });
  it('refuses a missing or repeated anchor', () => {
    assert.equal(applyLineEdits(text, [{ before: ['z'], remove: [], add: ['x'] }]), undefined);
    assert.equal(applyLineEdits('a\nb\na\nb\n', [{ before: ['a'], remove: ['b'], add: [] }]), undefined);
  });
});
