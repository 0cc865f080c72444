import type { CatalogTool, PolicyDecision } from '../types';

/**
 * Why a tool is excluded or direct-only, as a snapshot records it: a kind
 * for machines, the sentence for people, and the policy rule when one
 * decided it. The kinds are those of the catalog's typed reasons
 * (`core/reasons.ts`); this is the one place a snapshot reads a reason.
 */
export interface SnapshotReason {
  kind: string;
  text: string;
}

/** The rule that excluded a tool (the first denying decision), with where it was written. */
export interface SnapshotRule {
  layer: string;
  rule: string;
  file?: string;
  line?: number;
}

// Until every catalog reason is typed, the kind is read from the sentence the
// catalog builder and the sources write (one table, swapped out in one place).
const KIND_BY_TEXT: ReadonlyArray<readonly [RegExp, string]> = [
  [/^catalogMode "direct-only"/u, 'direct-only'],
  [/^client tool name conflict/u, 'client-conflict'],
  [/^name conflict/u, 'name-conflict'],
  [/^plugin disabled/u, 'plugin-disabled'],
  [/^duplicate /u, 'duplicate'],
  [/is not declared in contracts\.tools/u, 'undeclared'],
  [/is declared in contracts\.tools .* but has no definition/u, 'missing-definition'],
  [/toolFilter/u, 'tool-filter'],
];

export function snapshotReason(tool: Pick<CatalogTool, 'reason' | 'decisions' | 'status'>): SnapshotReason | undefined {
  const text = tool.reason;
  if (text === undefined || tool.status === 'cataloged') {
    return undefined;
  }
  const known = KIND_BY_TEXT.find(([re]) => re.test(text));
  if (known) {
    return { kind: known[1], text };
  }
  return { kind: denyingDecision(tool.decisions) ? 'policy' : 'bad-shape', text };
}

function denyingDecision(decisions: readonly PolicyDecision[]): PolicyDecision | undefined {
  return decisions.find((d) => d.effect === 'deny');
}

/** The policy rule that excluded the tool, when the policy did. */
export function excludingRule(tool: Pick<CatalogTool, 'decisions' | 'status'>): SnapshotRule | undefined {
  if (tool.status !== 'excluded') {
    return undefined;
  }
  const d = denyingDecision(tool.decisions);
  return d ? { layer: d.layer, rule: d.rule, ...(d.file !== undefined ? { file: d.file } : {}), ...(d.line !== undefined ? { line: d.line } : {}) } : undefined;
}

/** The policy rule that lets an allowed tool through, when one was written (not the "nothing restricts it" default). */
export function admittingRule(tool: Pick<CatalogTool, 'decisions' | 'status'>): SnapshotRule | undefined {
  if (tool.status === 'excluded') {
    return undefined;
  }
  const d = tool.decisions.find((x) => x.effect === 'allow' && x.file !== undefined);
  return d ? { layer: d.layer, rule: d.rule, ...(d.file !== undefined ? { file: d.file } : {}), ...(d.line !== undefined ? { line: d.line } : {}) } : undefined;
}
