import type { OpenClawModel } from '../policy/openclawVersions';
import { entryProblem, explainEntry, listSuggestions, type AuthoringCatalog, type EntryMeaning, type EntryProblem, type TermSuggestion } from './catalogTerms';
import { isPluginEntryKey, listKindOf, listKindOfElement, toolSearchKeyOf, type ListKind } from './configLists';
import { leafAt, scanJson5, type ScanPath } from './json5Scan';
import { SchemaKeys, type KeySuggestion, type ValueSuggestion } from './schemaKeys';
import { toolSearchEffect, type ToolSearchEffect } from './toolSearchEffect';

/** A span of the document, as UTF-16 offsets. */
export interface Span {
  start: number;
  end: number;
}

export type ConfigCompletion =
  | { kind: 'key'; key: KeySuggestion }
  | { kind: 'value'; value: ValueSuggestion }
  | { kind: 'term'; term: TermSuggestion; list: ListKind };

export interface CompletionResult {
  items: ConfigCompletion[];
  /** What a chosen item replaces: the inside of the string under the cursor, or the bare word. */
  replace?: Span;
  /** Whether the cursor is inside quotes (so an item goes in without its own). */
  inString: boolean;
  /** The list the cursor is in, when it is one the catalog knows. */
  list?: ListKind;
}

export type ConfigHover =
  | { kind: 'entry'; span: Span; list: ListKind; meaning: EntryMeaning }
  | { kind: 'tool-search'; span: Span; effect: ToolSearchEffect }
  | { kind: 'key'; span: Span; path: ScanPath; valueType: string };

export interface EntryDiagnostic extends EntryProblem {
  span: Span;
  list: ListKind;
}

const schemaKeys = new SchemaKeys();

function innerSpan(start: number, end: number, quoted: boolean, text: string): Span {
  if (!quoted) {
    return { start, end };
  }
  const closed = end - start >= 2 && text.charAt(end - 1) === text.charAt(start);
  return { start: start + 1, end: closed ? end - 1 : end };
}

/**
 * Completions at an offset: schema keys in objects, schema literals for
 * values, and the catalog's names in tool lists (only when a catalog is
 * known; keys and literals need none).
 */
export function completionsAt(text: string, offset: number, cat: AuthoringCatalog | undefined): CompletionResult {
  const { context } = scanJson5(text, offset);
  if (!context || (context.container === 'top' && context.valuePath === undefined && context.token === undefined && text.trim() !== '')) {
    return { items: [], inString: false };
  }
  const token = context.token;
  const inString = token?.quote !== undefined;
  const replace = token ? innerSpan(token.start, token.end, inString, text) : undefined;
  if (context.position === 'key' && context.container === 'object') {
    if (isPluginEntryKey([...context.containerPath, '*']) && cat) {
      const plugins = listSuggestions({ kind: 'plugin-id', field: 'allow' }, cat).filter((s) => !context.siblingKeys.includes(s.text));
      return { items: plugins.map((term) => ({ kind: 'term', term, list: { kind: 'plugin-id', field: 'allow' } })), replace, inString };
    }
    const keys = schemaKeys.keysAt(context.containerPath, context.siblingKeys);
    return { items: keys.map((key) => ({ kind: 'key', key })), replace, inString };
  }
  const list = context.container === 'array' ? listKindOf(context.containerPath) : undefined;
  if (list) {
    if (!cat) {
      return { items: [], replace, inString, list };
    }
    return { items: listSuggestions(list, cat).map((term) => ({ kind: 'term', term, list })), replace, inString, list };
  }
  if (context.valuePath) {
    const values = schemaKeys.valuesAt(context.valuePath);
    return { items: values.map((value) => ({ kind: 'value', value })), replace, inString };
  }
  return { items: [], replace, inString };
}

/** What the token at an offset means: a list entry (with the tools it selects), a `tools.toolSearch` setting, or a schema key. */
export function hoverAt(file: string, text: string, offset: number, cat: AuthoringCatalog | undefined, model: OpenClawModel): ConfigHover | undefined {
  const { leaves } = scanJson5(text);
  const leaf = leafAt(leaves, offset);
  if (!leaf) {
    return undefined;
  }
  const span = { start: leaf.start, end: leaf.end };
  if (leaf.kind === 'value' && cat) {
    const list = listKindOfElement(leaf.path);
    if (list) {
      return { kind: 'entry', span, list, meaning: explainEntry(leaf.text, list, cat) };
    }
  }
  if (leaf.kind === 'key' && cat && isPluginEntryKey(leaf.path)) {
    const list: ListKind = { kind: 'plugin-id', field: 'allow' };
    return { kind: 'entry', span, list, meaning: explainEntry(leaf.text, list, cat) };
  }
  const tsKey = toolSearchKeyOf(leaf.path);
  if (tsKey !== undefined) {
    const effect = toolSearchEffect(file, text, tsKey, model);
    if (effect) {
      return { kind: 'tool-search', span, effect };
    }
  }
  if (leaf.kind === 'key') {
    const valueType = schemaKeys.describeAt(leaf.path);
    if (valueType !== undefined) {
      return { kind: 'key', span, path: leaf.path, valueType };
    }
  }
  return undefined;
}

/** Every list entry of the document that selects no tool of the catalog. */
export function entryDiagnostics(text: string, cat: AuthoringCatalog): EntryDiagnostic[] {
  const out: EntryDiagnostic[] = [];
  for (const leaf of scanJson5(text).leaves) {
    if (leaf.kind !== 'value' || leaf.quote === undefined) {
      continue;
    }
    const list = listKindOfElement(leaf.path);
    const problem = list ? entryProblem(leaf.text, list, cat) : undefined;
    if (list && problem) {
      out.push({ ...problem, list, span: innerSpan(leaf.start, leaf.end, true, text) });
    }
  }
  return out;
}
