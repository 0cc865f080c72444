import * as momoa from '@humanwhocodes/momoa';
import { errorMessage } from '../util/errors';

/**
 * Where a tool's description is written in a plugin manifest
 * (`openclaw.plugin.json`: `tools[]`) or a client-tools file (an array, or
 * `{ tools: [...] }`, of `{ name, description }` or `{ type: "function",
 * function: { name, description } }`), and the text edit that replaces it.
 * The edit touches the one string and nothing else, so comments and layout
 * around it survive and an editor can undo it as one change.
 */

export interface TextEdit {
  file: string;
  /** UTF-16 offset and length of the replaced text (the JSON string, quotes included). */
  offset: number;
  length: number;
  newText: string;
  /** 1-based line and column of the replaced text. */
  line: number;
  column: number;
}

export type EditResult = { edit: TextEdit } | { problem: string };

type ObjectNode = momoa.ObjectNode;

function member(obj: ObjectNode, key: string): momoa.MemberNode | undefined {
  return obj.members.find((m) => (m.name.type === 'Identifier' ? m.name.name : m.name.value) === key);
}

function stringAt(obj: ObjectNode, key: string): string | undefined {
  const v = member(obj, key)?.value;
  return v?.type === 'String' ? v.value : undefined;
}

/** The object holding `name` and `description` of each listed tool. */
function toolObjects(root: momoa.ValueNode): ObjectNode[] {
  let list: momoa.ValueNode | undefined = root;
  if (root.type === 'Object') {
    list = member(root, 'tools')?.value;
  }
  if (list?.type !== 'Array') {
    return [];
  }
  return list.elements.flatMap((e) => {
    if (e.value.type !== 'Object') {
      return [];
    }
    const fn = member(e.value, 'function')?.value;
    return [fn?.type === 'Object' ? fn : e.value];
  });
}

/**
 * The edit that sets the description of `toolName` in `text` (the contents of
 * `file`) to `description`; a problem when the file cannot be read or the
 * tool has no description string there.
 *
 * @example
 * const r = descriptionEdit('openclaw.plugin.json', text, 'notes_search', 'Search notes. Related: memo.');
 * if ('edit' in r) text = applyEdits(text, [r.edit]);
 */
export function descriptionEdit(file: string, text: string, toolName: string, description: string): EditResult {
  let doc: momoa.DocumentNode;
  try {
    doc = momoa.parse(text, { mode: 'json5', allowTrailingCommas: true });
  } catch (err) {
    return { problem: `${file}: cannot parse: ${errorMessage(err)}` };
  }
  const tool = toolObjects(doc.body).find((o) => stringAt(o, 'name') === toolName);
  if (!tool) {
    return { problem: `${file}: no tool named "${toolName}"` };
  }
  const node = member(tool, 'description')?.value;
  if (node?.type !== 'String') {
    return { problem: `${file}: tool "${toolName}" has no description string to change` };
  }
  const start = node.loc.start;
  return {
    edit: {
      file,
      offset: start.offset,
      length: node.loc.end.offset - start.offset,
      newText: JSON.stringify(description),
      line: start.line,
      column: start.column,
    },
  };
}

/** `text` with non-overlapping edits applied (any order). */
export function applyEdits(text: string, edits: readonly Pick<TextEdit, 'offset' | 'length' | 'newText'>[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.offset - a.offset)) {
    out = out.slice(0, e.offset) + e.newText + out.slice(e.offset + e.length);
  }
  return out;
}
