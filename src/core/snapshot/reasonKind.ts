import { toolReasonText } from '../reasons';
import type { CatalogTool, PolicyDecision } from '../types';

/**
 * Why a tool is excluded or direct-only, as a snapshot records it: a kind
 * for machines, the sentence for people, and the policy rule when one
 * decided it. The kinds are those of the catalog's typed reasons
 * (`core/reasons.ts`), read from the typed reason, never from its text.
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

export function snapshotReason(tool: Pick<CatalogTool, 'reason' | 'decisions' | 'status' | 'source' | 'sourceName' | 'name'>): SnapshotReason | undefined {
  if (tool.reason === undefined || tool.status === 'cataloged') {
    return undefined;
  }
  return { kind: tool.reason.kind, text: toolReasonText(tool) ?? tool.reason.kind };
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
