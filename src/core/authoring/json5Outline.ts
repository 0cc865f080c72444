import { scanJson5, type ScannedValue } from './json5Scan';

/**
 * One member of the document's outline: what JSON's outline, breadcrumbs
 * and folding gave the file before it became JSON5.
 */
export interface OutlineNode {
  /** The key, or the index of an array element. */
  name: string;
  kind: ScannedValue['kind'];
  /** A scalar's text. */
  detail?: string;
  /** From the key (or the element) to the end of the value. */
  start: number;
  end: number;
  nameStart: number;
  nameEnd: number;
  children: OutlineNode[];
}

export interface FoldSpan {
  start: number;
  end: number;
  kind: 'region' | 'comment';
}

/** The outline of a JSON5 text, also when it is half written. */
export function outlineJson5(text: string): OutlineNode[] {
  const { values } = scanJson5(text);
  const ordered = [...values].sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: OutlineNode[] = [];
  const open: { value: ScannedValue; node?: OutlineNode }[] = [];
  for (const v of ordered) {
    while (open.length > 0 && (open[open.length - 1]?.value.end ?? 0) <= v.start) {
      open.pop();
    }
    const last = v.path[v.path.length - 1];
    if (last === undefined) {
      // The top-level value: its members are the outline's roots.
      open.push({ value: v });
      continue;
    }
    const node: OutlineNode = {
      name: v.key?.text ?? String(last),
      kind: v.kind,
      detail: v.text,
      start: v.key?.start ?? v.start,
      end: v.end,
      nameStart: v.key?.start ?? v.start,
      nameEnd: v.key?.end ?? v.start + 1,
      children: [],
    };
    const parent = open[open.length - 1];
    (parent?.node?.children ?? roots).push(node);
    if (v.kind === 'object' || v.kind === 'array') {
      open.push({ value: v, node });
    }
  }
  return roots;
}

/** What folds: every container and block comment (the editor keeps those spanning lines). */
export function foldSpans(text: string): FoldSpan[] {
  const { values, comments } = scanJson5(text);
  return [
    ...values.filter((v) => v.kind === 'object' || v.kind === 'array').map((v) => ({ start: v.start, end: v.end, kind: 'region' as const })),
    ...comments.map((c) => ({ ...c, kind: 'comment' as const })),
  ];
}
