// The unified diff `explain --fix --dry-run` prints (issue 44): hunks that,
// applied to the old text, give the new one, with line numbers as diff -u
// writes them (the expected output below is GNU diff -u's for the same files).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { unifiedDiff } from '../../../src/core/util/unifiedDiff';

/** Applies a unified diff to a text, checking every context and removed line. */
function applyDiff(before: string, diff: string): string {
  const old = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const out: string[] = [];
  let at = 0;
  for (const line of diff.split('\n').slice(2)) {
    const h = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@$/.exec(line);
    if (h) {
      const start = Number(h[1]) - (h[2] === '0' ? 0 : 1);
      while (at < start) out.push(old[at++]!);
    } else if (line.startsWith(' ') || line.startsWith('-')) {
      assert.equal(old[at], line.slice(1), `line ${at + 1}`);
      if (line.startsWith(' ')) out.push(line.slice(1));
      at++;
    } else if (line.startsWith('+')) {
      out.push(line.slice(1));
    }
  }
  while (at < old.length) out.push(old[at++]!);
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

describe('unifiedDiff', () => {
  it('prints what diff -u prints for a changed line and an added last line', () => {
    const a = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n';
    const b = 'a\nb\nC\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n';
    assert.equal(unifiedDiff(a, b, 'x'), ['--- a/x', '+++ b/x', '@@ -1,6 +1,6 @@', ' a', ' b', '-c', '+C', ' d', ' e', ' f', '@@ -10,3 +10,4 @@', ' j', ' k', ' l', '+m'].join('\n'));
  });

  it('is empty for equal texts', () => {
    assert.equal(unifiedDiff('a\n', 'a\n', 'x'), '');
  });

  it('applied to the old text gives the new one, for any edit of any lines', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c', '{', '}', '  x: 1,', ''), { maxLength: 30 }).map((ls) => (ls.length ? `${ls.join('\n')}\n` : ''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const d = unifiedDiff(a, b, 'f');
        assert.equal(d === '' ? a : applyDiff(a, d), b);
      }),
      { numRuns: 500 },
    );
  });
});
