import { OPENCLAW_CONFIG_SCHEMA, SchemaChecker, type ConfigSchema, type SchemaNode } from '../config/configSchema';
import type { ScanPath } from './json5Scan';

/** A key the config schema allows in an object, with what its value may be. */
export interface KeySuggestion {
  key: string;
  /** The schema's description of the value (`true or false`, `one of "code", "tools"`...). */
  valueType: string;
}

/** A literal value the schema allows at a path. */
export interface ValueSuggestion {
  value: string | number | boolean | null;
}

type Resolved = Exclude<SchemaNode, { ref: string }>;

/** Schema lookups for completion, over the same table the schema check uses. */
export class SchemaKeys {
  private readonly checker: SchemaChecker;

  constructor(private readonly schema: ConfigSchema = OPENCLAW_CONFIG_SCHEMA) {
    this.checker = new SchemaChecker(schema);
  }

  private resolve(n: SchemaNode): Resolved {
    let cur = n;
    for (let i = 0; i < 20 && typeof cur === 'object' && 'ref' in cur; i++) {
      cur = this.schema.defs[cur.ref] ?? 'any';
    }
    return typeof cur === 'object' && 'ref' in cur ? 'any' : cur;
  }

  /** Every option of a node, through references and unions. */
  private options(n: SchemaNode, depth = 0): Resolved[] {
    const r = this.resolve(n);
    if (depth < 6 && typeof r === 'object' && 'anyOf' in r) {
      return r.anyOf.flatMap((o) => this.options(o, depth + 1));
    }
    return [r];
  }

  private nodeAt(path: ScanPath): SchemaNode | undefined {
    const parts = path.map(String);
    const found = this.checker.nodeAt(parts);
    if (found !== undefined || parts.length < 3 || parts[0] !== 'agents' || parts[1] !== 'list') {
      return found;
    }
    // `agents.list[i]` is the older spelling of `agents.entries.<id>` (the inspector's policy still reads it): same members.
    return this.checker.nodeAt(['agents', 'entries', ...parts.slice(2)]);
  }

  /** Keys the object at `path` may hold, minus those already written. */
  keysAt(path: ScanPath, written: readonly string[] = []): KeySuggestion[] {
    const node = this.nodeAt(path);
    if (node === undefined) {
      return [];
    }
    const out: KeySuggestion[] = [];
    const seen = new Set(written);
    for (const o of this.options(node)) {
      if (typeof o !== 'object' || !('object' in o)) {
        continue;
      }
      for (const [key, child] of Object.entries(o.object)) {
        if (!seen.has(key)) {
          seen.add(key);
          out.push({ key, valueType: this.checker.describe(child) });
        }
      }
    }
    return out;
  }

  /** Literal values (enum members, booleans) the schema allows at `path`. */
  valuesAt(path: ScanPath): ValueSuggestion[] {
    const node = this.nodeAt(path);
    if (node === undefined) {
      return [];
    }
    const out: ValueSuggestion[] = [];
    const add = (v: unknown): void => {
      if ((typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null) && !out.some((o) => o.value === v)) {
        out.push({ value: v });
      }
    };
    for (const o of this.options(node)) {
      if (o === 'boolean') {
        add(true);
        add(false);
      } else if (typeof o === 'object' && 'enum' in o) {
        o.enum.forEach(add);
      }
    }
    return out;
  }

  /** What the value at `path` may be, in words; undefined when the schema does not know the path. */
  describeAt(path: ScanPath): string | undefined {
    const node = this.nodeAt(path);
    return node === undefined ? undefined : this.checker.describe(node);
  }
}
