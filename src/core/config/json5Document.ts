import * as momoa from '@humanwhocodes/momoa';
import type { Diagnostic } from '../types';

/** A path into a parsed document: object keys and array indexes. */
export type JsonPath = ReadonlyArray<string | number>;

export interface Position {
  line: number;
  column: number;
}

/**
 * A parsed JSON5 document that remembers where each value and key was
 * written, so every diagnostic and policy decision can name a line.
 */
export interface Json5Document {
  file: string;
  value: unknown;
  /** Position of the value at `path` (or of its key when `key` is set). */
  locate(path: JsonPath, key?: boolean): Position | undefined;
  diagnostics: Diagnostic[];
}

function pathKey(path: JsonPath): string {
  return path.map((p) => String(p).replace(/\//g, '\\/')).join('/');
}

type MomoaNode = momoa.AnyNode;

function evaluate(node: MomoaNode): unknown {
  switch (node.type) {
    case 'Object': {
      const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const m of node.members) {
        out[memberName(m.name)] = evaluate(m.value);
      }
      return { ...out };
    }
    case 'Array':
      return node.elements.map((e) => evaluate(e.value));
    case 'String':
    case 'Number':
    case 'Boolean':
      return node.value;
    case 'Null':
      return null;
    case 'NaN':
      return NaN;
    case 'Infinity':
      return node.sign === '-' ? -Infinity : Infinity;
    default:
      return undefined;
  }
}

function memberName(n: momoa.StringNode | momoa.IdentifierNode): string {
  return n.type === 'Identifier' ? n.name : n.value;
}

/**
 * Parses JSON5 text. Never throws: a syntax error yields `value: undefined`
 * and one error diagnostic with the position the parser stopped at.
 */
export function parseJson5(file: string, text: string): Json5Document {
  const valueLocs = new Map<string, Position>();
  const keyLocs = new Map<string, Position>();
  let ast: momoa.DocumentNode;
  try {
    ast = momoa.parse(text, { mode: 'json5', allowTrailingCommas: true });
  } catch (err) {
    const e = err as { message?: string; line?: number; column?: number };
    const line = typeof e.line === 'number' ? e.line : undefined;
    const column = typeof e.column === 'number' ? e.column : undefined;
    const message = String(e.message ?? err).replace(/\s*\(\d+:\d+\)\s*$/, '');
    return {
      file,
      value: undefined,
      locate: () => undefined,
      diagnostics: [{ file, line, column, severity: 'error', message: `JSON5 syntax error: ${message}` }],
    };
  }
  const walk = (node: MomoaNode, path: (string | number)[]): void => {
    valueLocs.set(pathKey(path), { line: node.loc.start.line, column: node.loc.start.column });
    if (node.type === 'Object') {
      for (const m of node.members) {
        const p = [...path, memberName(m.name)];
        keyLocs.set(pathKey(p), { line: m.name.loc.start.line, column: m.name.loc.start.column });
        walk(m.value, p);
      }
    } else if (node.type === 'Array') {
      node.elements.forEach((el, i) => walk(el.value, [...path, i]));
    }
  };
  walk(ast.body, []);
  return {
    file,
    value: evaluate(ast.body),
    locate(path, key) {
      const k = pathKey(path);
      if (key) {
        return keyLocs.get(k) ?? valueLocs.get(k);
      }
      return valueLocs.get(k) ?? keyLocs.get(k);
    },
    diagnostics: [],
  };
}
