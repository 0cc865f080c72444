// A collapsible tree for a JSON value the host sent as text. Native
// <details>/<summary>, so it is keyboard reachable (Tab, Enter, Space) and
// read by screen readers without extra wiring. Text that is not JSON (a value
// cut to fit, a log line) is shown as it is.
import { el } from './dom';

/** Children shown per object or array; the rest are counted. */
const MAX_CHILDREN = 200;
/** Containers open on first render down to this depth… */
const OPEN_DEPTH = 2;
/** …unless the whole value is this small, when everything is open (a call's result reads at a glance). */
const OPEN_ALL_NODES = 80;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function parse(text: string): { ok: true; value: Json } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as Json };
  } catch {
    return { ok: false };
  }
}

function primitive(v: null | boolean | number | string): HTMLElement {
  if (typeof v === 'string') {
    return el('span', { class: 'json-string' }, JSON.stringify(v));
  }
  return el('span', { class: `json-${v === null ? 'null' : typeof v}` }, String(v));
}

function keyLabel(key: string | number | undefined): (Node | string)[] {
  if (key === undefined) {
    return [];
  }
  return [el('span', { class: 'json-key' }, typeof key === 'number' ? String(key) : key), el('span', { class: 'json-punct' }, ': ')];
}

/** Values in `v`, counting stops past `cap` (an explicit stack: the value came from a snippet). */
function countNodes(v: Json, cap: number): number {
  let n = 0;
  const stack: Json[] = [v];
  while (stack.length > 0 && n <= cap) {
    const x = stack.pop() as Json;
    n++;
    if (x !== null && typeof x === 'object') {
      stack.push(...(Array.isArray(x) ? x : Object.values(x)).slice(0, cap));
    }
  }
  return n;
}

function node(value: Json, key: string | number | undefined, depth: number, openDepth: number): HTMLElement {
  if (value === null || typeof value !== 'object') {
    return el('div', { class: 'json-leaf' }, ...keyLabel(key), primitive(value));
  }
  const isArray = Array.isArray(value);
  const entries: [string | number, Json][] = isArray ? value.map((v, i): [number, Json] => [i, v]) : Object.entries(value);
  const count = entries.length;
  const shape = isArray ? `[${count} ${count === 1 ? 'item' : 'items'}]` : `{${count} ${count === 1 ? 'key' : 'keys'}}`;
  if (count === 0) {
    return el('div', { class: 'json-leaf' }, ...keyLabel(key), el('span', { class: 'json-punct' }, isArray ? '[]' : '{}'));
  }
  const details = el('details', { class: 'json-node' }, el('summary', {}, ...keyLabel(key), el('span', { class: 'json-shape' }, shape)));
  if (depth < openDepth) {
    details.open = true;
  }
  const list = el('div', { class: 'json-children' });
  for (const [k, v] of entries.slice(0, MAX_CHILDREN)) {
    list.append(node(v, k, depth + 1, openDepth));
  }
  if (count > MAX_CHILDREN) {
    list.append(el('div', { class: 'json-more' }, `… ${count - MAX_CHILDREN} more`));
  }
  details.append(list);
  return details;
}

/** The tree of `text` when it is JSON, else `text` as preformatted text. */
export function jsonTree(text: string, attrs: Record<string, string> = {}): HTMLElement {
  const parsed = parse(text);
  if (!parsed.ok) {
    return el('pre', { ...attrs, class: `json-raw ${attrs.class ?? ''}`.trim() }, text);
  }
  const openDepth = countNodes(parsed.value, OPEN_ALL_NODES) <= OPEN_ALL_NODES ? Number.MAX_SAFE_INTEGER : OPEN_DEPTH;
  return el('div', { ...attrs, class: `json-tree ${attrs.class ?? ''}`.trim() }, node(parsed.value, undefined, 0, openDepth));
}
