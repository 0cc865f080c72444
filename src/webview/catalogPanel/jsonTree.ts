// A collapsible JSON tree from nested <details> (keyboard and screen reader
// friendly for free). Text only; bounded so a huge schema cannot flood the DOM.
import { el } from '../shared/dom';

const MAX_NODES = 3000;

function scalar(v: unknown): HTMLElement {
  const kind = v === null ? 'null' : typeof v;
  return el('span', { class: `json-${kind}` }, typeof v === 'string' ? JSON.stringify(v) : String(v));
}

/** The tree of `value`; levels above `openDepth` start open. */
export function jsonTree(value: unknown, opts: { openDepth?: number; testId?: string } = {}): HTMLElement {
  let nodes = 0;
  const openDepth = opts.openDepth ?? 2;
  const node = (key: string | undefined, v: unknown, depth: number): HTMLElement => {
    nodes++;
    const label = key === undefined ? [] : [el('span', { class: 'json-key' }, key), ': '];
    if (typeof v !== 'object' || v === null) {
      return el('li', {}, ...label, scalar(v));
    }
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
    const brief = Array.isArray(v) ? `[${entries.length}]` : `{${entries.length}}`;
    if (entries.length === 0) {
      return el('li', {}, ...label, el('span', { class: 'json-brief' }, Array.isArray(v) ? '[]' : '{}'));
    }
    const list = el('ul', { class: 'json-children' });
    for (const [k, x] of entries) {
      if (nodes >= MAX_NODES) {
        list.append(el('li', { class: 'muted' }, '… (more, cut for display)'));
        break;
      }
      list.append(node(k, x, depth + 1));
    }
    const d = el('details', {}, el('summary', {}, ...label, el('span', { class: 'json-brief' }, brief)), list);
    d.open = depth < openDepth;
    return el('li', {}, d);
  };
  return el('ul', { class: 'json-tree', ...(opts.testId ? { 'data-testid': opts.testId } : {}) }, node(undefined, value, 0));
}
