// A unified diff of two texts, as `diff -u` and git print it: what
// `explain --fix --dry-run` shows instead of the whole edited file (issue 44:
// 330 lines for a one-line fix). Line-based LCS; configs are bounded by
// READ_LIMITS, and past MAX_CELLS the changed middle is one hunk.

const MAX_CELLS = 4_000_000;

type Op = { kind: ' ' | '-' | '+'; line: string };

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The edit script: common prefix and suffix kept, the middle by LCS (or replaced whole when too large). */
function script(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const ops: Op[] = a.slice(0, start).map((line) => ({ kind: ' ', line }));
  const n = midA.length;
  const m = midB.length;
  if (n * m > MAX_CELLS) {
    ops.push(...midA.map((line): Op => ({ kind: '-', line })), ...midB.map((line): Op => ({ kind: '+', line })));
  } else {
    // lcs[i][j]: the LCS length of midA[i..] and midB[j..].
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i]![j] = midA[i] === midB[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && midA[i] === midB[j]) {
        ops.push({ kind: ' ', line: midA[i]! });
        i++;
        j++;
      } else if (i < n && (j >= m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
        // Removals before additions, as diff -u prints a changed line.
        ops.push({ kind: '-', line: midA[i]! });
        i++;
      } else {
        ops.push({ kind: '+', line: midB[j]! });
        j++;
      }
    }
  }
  ops.push(...a.slice(endA).map((line): Op => ({ kind: ' ', line })));
  return ops;
}

function range(start: number, count: number): string {
  // diff -u: an empty side is written as the line before it, count 0.
  return count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;
}

/**
 * `--- a/NAME`, `+++ b/NAME`, then hunks with `context` lines around each
 * change; empty when the texts are equal.
 */
export function unifiedDiff(before: string, after: string, name: string, context = 3): string {
  if (before === after) return '';
  const ops = script(splitLines(before), splitLines(after));
  const changed = ops.map((o, k) => (o.kind !== ' ' ? k : -1)).filter((k) => k >= 0);
  const out = [`--- a/${name}`, `+++ b/${name}`];
  let k = 0;
  while (k < changed.length) {
    const from = Math.max(0, changed[k]! - context);
    let to = changed[k]! + context;
    while (k + 1 < changed.length && changed[k + 1]! - context <= to + 1) {
      k++;
      to = changed[k]! + context;
    }
    to = Math.min(ops.length - 1, to);
    k++;
    // Line numbers of the hunk's first line on each side.
    let lineA = 1;
    let lineB = 1;
    for (const o of ops.slice(0, from)) {
      if (o.kind !== '+') lineA++;
      if (o.kind !== '-') lineB++;
    }
    const hunk = ops.slice(from, to + 1);
    const countA = hunk.filter((o) => o.kind !== '+').length;
    const countB = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${range(lineA, countA)} +${range(lineB, countB)} @@`, ...hunk.map((o) => `${o.kind}${o.line}`));
  }
  // A missing last newline is not marked: the lines are what a reader checks.
  return out.join('\n');
}
