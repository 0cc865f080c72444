import * as momoa from '@humanwhocodes/momoa';
import { errorMessage } from '../util/errors';

/** A path into a JSON5 document: object keys and array indexes. */
export type EditPath = ReadonlyArray<string | number>;

/** One replacement in a file's text: offsets into the text the edit was computed from. */
export interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

/** Why an edit could not be computed (the file changed, the path is gone, the text does not parse). */
export class EditError extends Error {}

type Node = momoa.AnyNode;

function parse(text: string): momoa.DocumentNode {
  try {
    return momoa.parse(text, { mode: 'json5', allowTrailingCommas: true });
  } catch (err) {
    throw new EditError(`the file does not parse: ${errorMessage(err)}`);
  }
}

function keyName(n: momoa.StringNode | momoa.IdentifierNode): string {
  return n.type === 'Identifier' ? n.name : n.value;
}

/** The node at `path`, or undefined when any step is missing. */
function nodeAt(root: Node, path: EditPath): Node | undefined {
  let cur: Node | undefined = root;
  for (const step of path) {
    if (!cur) {
      return undefined;
    }
    if (cur.type === 'Object' && typeof step === 'string') {
      cur = cur.members.find((m) => keyName(m.name) === step)?.value;
    } else if (cur.type === 'Array' && typeof step === 'number') {
      cur = cur.elements[step]?.value;
    } else {
      return undefined;
    }
  }
  return cur;
}

/** The member (key and value) at `path`, for edits that remove or rename a key. */
function memberAt(root: Node, path: EditPath): momoa.MemberNode | undefined {
  const parent = nodeAt(root, path.slice(0, -1));
  const last = path[path.length - 1];
  return parent?.type === 'Object' && typeof last === 'string' ? parent.members.find((m) => keyName(m.name) === last) : undefined;
}

const start = (n: Node | momoa.MemberNode | momoa.ElementNode): number => n.loc.start.offset;
const end = (n: Node | momoa.MemberNode | momoa.ElementNode): number => n.loc.end.offset;

/** Skips whitespace and comments from `i`; returns the next significant offset. */
function skipTrivia(text: string, i: number): number {
  let j = i;
  for (;;) {
    while (j < text.length && /\s/.test(text.charAt(j))) {
      j++;
    }
    if (text.startsWith('//', j)) {
      const nl = text.indexOf('\n', j);
      j = nl < 0 ? text.length : nl + 1;
    } else if (text.startsWith('/*', j)) {
      const close = text.indexOf('*/', j + 2);
      j = close < 0 ? text.length : close + 2;
    } else {
      return j;
    }
  }
}

/** Offset just past the comma that follows `i` (through trivia), or undefined when none follows. */
function commaAfter(text: string, i: number): number | undefined {
  const j = skipTrivia(text, i);
  return text.charAt(j) === ',' ? j + 1 : undefined;
}

/** Offset of the comma before `i` (searching back over whitespace only), or undefined. */
function commaBefore(text: string, i: number): number | undefined {
  let j = i - 1;
  while (j >= 0 && /\s/.test(text.charAt(j))) {
    j--;
  }
  return text.charAt(j) === ',' ? j : undefined;
}

/**
 * Removes the array element at `path`, with its comma, so the list stays
 * valid JSON5: `["a", "b", "c"]` minus `[1]` is `["a", "c"]`.
 */
export function removeArrayElement(text: string, path: EditPath): TextEdit {
  const root = parse(text).body;
  const list = nodeAt(root, path.slice(0, -1));
  const index = path[path.length - 1];
  if (list?.type !== 'Array' || typeof index !== 'number' || !list.elements[index]) {
    throw new EditError('the entry to remove is no longer there');
  }
  const els = list.elements;
  const el = els[index];
  const next = els[index + 1];
  if (!el) {
    throw new EditError('the entry to remove is no longer there');
  }
  if (next) {
    // The entry, its comma and the space after it go; a comment before the next entry stays.
    const comma = commaAfter(text, end(el));
    let stop = comma ?? start(next);
    while (stop < start(next) && /\s/.test(text.charAt(stop))) {
      stop++;
    }
    return { start: start(el), end: stop, newText: '' };
  }
  const prev = els[index - 1];
  if (prev) {
    const comma = commaBefore(text, start(el)) ?? end(prev);
    const trailing = commaAfter(text, end(el));
    return { start: Math.min(comma, start(el)), end: trailing !== undefined && trailing > end(el) ? trailing - 1 : end(el), newText: '' };
  }
  const trailing = commaAfter(text, end(el));
  return { start: start(el), end: trailing ?? end(el), newText: '' };
}

/** Replaces the value at `path` with `value` (JSON-encoded); with `create`, writes the member (and the objects on the way) when it is missing. */
export function setValue(text: string, path: EditPath, value: unknown, create = false): TextEdit {
  const root = parse(text).body;
  const node = nodeAt(root, path);
  if (!node) {
    if (create) {
      return insertMember(text, root, path, JSON.stringify(value));
    }
    throw new EditError('the value to change is no longer there');
  }
  return { start: start(node), end: end(node), newText: JSON.stringify(value) };
}

/** Whether keys in this object are written quoted (strict JSON) or bare (JSON5). */
function quotesKeys(obj: momoa.ObjectNode, text: string): boolean {
  const first = obj.members[0];
  if (first) {
    return first.name.type === 'String';
  }
  // An empty object: follow the file (a JSON file quotes every key).
  return /^\s*[{[]\s*"/.test(text) && !/^\s*[A-Za-z_$][\w$]*\s*:/m.test(text);
}

function keyText(key: string, quoted: boolean): string {
  return !quoted && /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}

/** The indentation of the line `offset` is on. */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/**
 * Adds `value` to the array at `path`, creating the array (and the objects
 * on the way to it) when they are missing. Nothing is added when the array
 * already holds the value. A created array starts with `seed` (a list that
 * replaces an inherited one keeps what it inherited).
 */
export function appendArrayElement(text: string, path: EditPath, value: string, seed: readonly string[] = []): TextEdit | undefined {
  const root = parse(text).body;
  const existing = nodeAt(root, path);
  const literal = JSON.stringify(value);
  if (existing) {
    if (existing.type !== 'Array') {
      throw new EditError('the list to add to is not an array');
    }
    if (existing.elements.some((e) => e.value.type === 'String' && e.value.value === value)) {
      return undefined;
    }
    const last = existing.elements[existing.elements.length - 1];
    if (!last) {
      return { start: start(existing) + 1, end: end(existing) - 1, newText: literal };
    }
    const trailing = commaAfter(text, end(last));
    return trailing !== undefined ? { start: trailing, end: trailing, newText: ` ${literal},` } : { start: end(last), end: end(last), newText: `, ${literal}` };
  }
  return insertMember(text, root, path, `[${[...seed.filter((x) => x !== value), value].map((x) => JSON.stringify(x)).join(', ')}]`);
}

/** Writes `path: literal` into the deepest object on `path` that exists, as nested members, first in that object. */
function insertMember(text: string, root: Node, path: EditPath, literal: string): TextEdit {
  let depth = 0;
  let obj: Node = root;
  while (depth < path.length - 1) {
    const next = nodeAt(obj, [path[depth] as string | number]);
    if (!next) {
      break;
    }
    obj = next;
    depth++;
  }
  if (obj.type !== 'Object') {
    throw new EditError('the place to add the list is not an object');
  }
  const quoted = quotesKeys(obj, text);
  const rest = path.slice(depth).map(String);
  let member = `${keyText(rest[rest.length - 1] ?? '', quoted)}: ${literal}`;
  for (let i = rest.length - 2; i >= 0; i--) {
    member = `${keyText(rest[i] ?? '', quoted)}: { ${member} }`;
  }
  const first = obj.members[0];
  if (!first) {
    return { start: start(obj) + 1, end: end(obj) - 1, newText: ` ${member} ` };
  }
  // As the object's first member, on its own line with the indentation of the one it goes before.
  const at = start(first);
  const sameLine = text.lastIndexOf('\n', at - 1) < start(obj);
  return sameLine ? { start: at, end: at, newText: `${member}, ` } : { start: at, end: at, newText: `${member},\n${indentAt(text, at)}` };
}

/** Renames a key-holding string: the `name` (or `function.name`) of the client tool called `name`. */
export function renameClientTool(text: string, name: string, newName: string): TextEdit {
  const body = parse(text).body;
  const list = body.type === 'Array' ? body : body.type === 'Object' ? nodeAt(body, ['tools']) : undefined;
  if (list?.type !== 'Array') {
    throw new EditError('the client tools file holds no list of tools');
  }
  for (const el of list.elements) {
    for (const p of [['function', 'name'], ['name']] as const) {
      const n = nodeAt(el.value, p);
      if (n?.type === 'String' && n.value === name) {
        return { start: start(n), end: end(n), newText: JSON.stringify(newName) };
      }
    }
  }
  throw new EditError(`no client tool named "${name}" in the file`);
}

/** Applies edits (computed on `text`) to `text`: tests and the CLI check a fix this way. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  }
  return out;
}

/**
 * Edits computed one after another (each on the text the ones before it left)
 * as edits of the first text, so they apply together as one edit set. Edits
 * that touch a place an earlier one wrote become one replacement of the span
 * that changed.
 */
export function composeEdits(text: string, steps: readonly (readonly TextEdit[])[]): TextEdit[] {
  // `done` holds edits in the coordinates of `text`, sorted and apart.
  let done: TextEdit[] = [];
  let current = text;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] ?? [];
    const mapped = step.map((e) => ({ start: toOriginal(done, e.start), end: toOriginal(done, e.end), newText: e.newText }));
    current = applyEdits(current, step);
    if (mapped.some((e) => e.start === undefined || e.end === undefined)) {
      let out = current;
      for (const rest of steps.slice(i + 1)) {
        out = applyEdits(out, rest);
      }
      return wholeSpan(text, out);
    }
    done = [...done, ...(mapped as TextEdit[])].sort((x, y) => x.start - y.start || x.end - y.end);
  }
  return done;
}

/** An offset of the edited text as an offset of the first text; undefined at or inside a place an edit wrote. */
function toOriginal(done: readonly TextEdit[], offset: number): number | undefined {
  let shift = 0;
  for (const d of done) {
    const newStart = d.start + shift;
    const newEnd = newStart + d.newText.length;
    if (offset < newStart) {
      break;
    }
    if (offset <= newEnd) {
      return undefined;
    }
    shift += d.newText.length - (d.end - d.start);
  }
  return offset - shift;
}

/** One edit from the first difference of `text` and `out` to the last. */
function wholeSpan(text: string, out: string): TextEdit[] {
  let a = 0;
  while (a < text.length && a < out.length && text.charAt(a) === out.charAt(a)) {
    a++;
  }
  let b = 0;
  while (b < text.length - a && b < out.length - a && text.charAt(text.length - 1 - b) === out.charAt(out.length - 1 - b)) {
    b++;
  }
  return a === text.length && a === out.length ? [] : [{ start: a, end: text.length - b, newText: out.slice(a, out.length - b) }];
}

/** Whether the member at `path` exists (fixes that need a key check it first). */
export function hasMember(text: string, path: EditPath): boolean {
  try {
    return memberAt(parse(text).body, path) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The edits that undo `edits` once they are applied to `text`: offsets into
 * the edited text, each putting back what its edit replaced.
 */
export function inverseEdits(text: string, edits: readonly TextEdit[]): TextEdit[] {
  let shift = 0;
  const out: TextEdit[] = [];
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    const start = e.start + shift;
    out.push({ start, end: start + e.newText.length, newText: text.slice(e.start, e.end) });
    shift += e.newText.length - (e.end - e.start);
  }
  return out;
}
