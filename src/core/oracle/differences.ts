/** The areas where the product is compared with the real OpenClaw. */
export const ORACLE_SUITES = ['config', 'policy', 'compact', 'directory', 'search', 'lookup', 'mcpNames', 'clientConflicts', 'composition', 'request'] as const;
export type OracleSuite = (typeof ORACLE_SUITES)[number];

/** One place where the product and OpenClaw answered differently. */
export interface Difference {
  suite: OracleSuite;
  /** What was compared: a tool id, a query, a config value. */
  subject: string;
  /** Which part differs: `allowed`, `rule`, `input`, `text`, `hits`, `message`, ... */
  field: string;
  ours: unknown;
  openclaw: unknown;
  /** Context for a reader: our rule, OpenClaw's blocking step. */
  detail?: string;
  /** Facts the known-difference rules read (source of the tool, the query, ...). */
  facts?: Readonly<Record<string, unknown>>;
  /** Id of the documented, deliberate difference this is; absent means undocumented. */
  known?: string;
}

/**
 * A deliberate difference: documented in docs/fidelity.md ("Deliberate
 * differences", rows `oracle:<id>`) and pinned by test/oracle/knownDifferences.test.ts,
 * which checks the table against the docs and that each one still occurs.
 */
export interface KnownDifference {
  id: string;
  suite: OracleSuite;
  behaviour: string;
  openclaw: string;
  ours: string;
  why: string;
  applies(d: Difference): boolean;
}

function fact(d: Difference, key: string): unknown {
  return d.facts?.[key];
}

function isErrorValue(v: unknown): boolean {
  return typeof v === 'object' && v !== null && 'error' in v;
}

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    id: 'empty-query-error',
    suite: 'search',
    behaviour: 'search with an empty or blank query',
    openclaw: 'an empty list of hits (older versions dumped the catalog unranked)',
    ours: 'an input error: "query must not be empty"',
    why: 'an unranked dump was a known complaint; a blank query is a caller mistake worth saying so',
    applies: (d) => d.suite === 'search' && d.field === 'hits' && String(fact(d, 'query') ?? '').trim() === '' && isErrorValue(d.ours) && !isErrorValue(d.openclaw),
  },
  {
    id: 'lookup-case-insensitive',
    suite: 'lookup',
    behaviour: 'describe or call by a name or id in other letter case, or by an MCP tool\'s raw name',
    openclaw: 'exact id, then exact model-facing name; otherwise "Unknown tool id"',
    ours: 'also resolves case-insensitively and by the MCP raw name (when unique)',
    why: 'models and people retype names; refusing a unique match only makes them loop',
    applies: (d) => {
      if (d.suite !== 'lookup' || d.field !== 'resolves' || !isErrorValue(d.openclaw) || isErrorValue(d.ours)) {
        return false;
      }
      const needle = String(fact(d, 'needle') ?? '').trim();
      const exact = [fact(d, 'resolvedName'), fact(d, 'resolvedId')].filter((x): x is string => typeof x === 'string');
      const loose = [...exact, fact(d, 'resolvedRawName')].filter((x): x is string => typeof x === 'string');
      // Only what OpenClaw's exact lookup cannot find: other letter case, or the raw MCP name.
      return !exact.includes(needle) && loose.some((n) => n.toLowerCase() === needle.toLowerCase());
    },
  },
  {
    id: 'lookup-loose-ambiguous',
    suite: 'lookup',
    behaviour: 'describe or call by a name several tools share loosely: an MCP raw name on two servers, or a name in other letter case',
    openclaw: '"Unknown tool id: ... Did you mean: ...?" (it matches exact ids and names only)',
    ours: '"Ambiguous tool name: ...; use an exact tool id. Ids: ..." listing the tools it could mean',
    why: 'the loose match (see lookup-case-insensitive) found several tools; naming them beats suggestions that may not include them',
    applies: (d) => {
      if (d.suite !== 'lookup' || d.field !== 'message' || !isErrorValue(d.ours) || !isErrorValue(d.openclaw)) {
        return false;
      }
      const ours = String((d.ours as { error?: unknown }).error ?? '');
      const theirs = String((d.openclaw as { error?: unknown }).error ?? '');
      const needle = String(fact(d, 'needle') ?? '').trim();
      return ours.startsWith(`Ambiguous tool name: ${needle};`) && theirs.startsWith(`Unknown tool id: ${needle}.`);
    },
  },
  {
    id: 'input-hint-all-sources',
    suite: 'compact',
    behaviour: 'the `input` hint of a compact entry for an MCP or client tool',
    openclaw: '"unknown" (hints are computed for first-party tools only)',
    ours: 'the same `{ a: string; b?: number }` hint as for first-party tools',
    why: 'the hint is what lets a model call without a describe round-trip; MCP and client schemas are bounded and sanitized before they are summarized',
    applies: (d) => d.suite === 'compact' && d.field === 'input' && fact(d, 'source') !== 'openclaw' && d.openclaw === 'unknown',
  },
  {
    id: 'mcp-canonical-id',
    suite: 'compact',
    behaviour: 'the id of an MCP tool',
    openclaw: '`mcp:<safe server>:<server>__<tool>` (built from the model-facing name)',
    ours: '`mcp:<server>:<tool>` (the seed\'s canonical spelling); OpenClaw\'s spelling is accepted wherever an id is',
    why: 'the seed defines the id; ids stay readable and stable when sanitizing rules change',
    applies: (d) => d.suite === 'compact' && d.field === 'id' && fact(d, 'source') === 'mcp',
  },
];

/** Marks `d` with the known difference that explains it, if any. */
export function classify(d: Difference): Difference {
  const k = KNOWN_DIFFERENCES.find((x) => x.suite === d.suite && x.applies(d));
  return k ? { ...d, known: k.id } : d;
}

export function undocumented(ds: readonly Difference[]): Difference[] {
  return ds.filter((d) => d.known === undefined);
}

/** Deep equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

export function stableJson(v: unknown): string {
  return JSON.stringify(v, (_k, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
    }
    return value;
  }) ?? 'undefined';
}

/** One line per difference, for the CLI, the extension and failing tests. */
export function formatDifference(d: Difference): string {
  const tag = d.known ? `known: ${d.known}` : 'UNDOCUMENTED';
  const lines = [`[${d.suite}] ${d.subject} · ${d.field} (${tag})`, `  ours:     ${stableJson(d.ours)}`, `  openclaw: ${stableJson(d.openclaw)}`];
  if (d.detail) {
    lines.push(`  ${d.detail}`);
  }
  return lines.join('\n');
}
