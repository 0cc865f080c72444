import type { ConfigReader } from '../config/configReader';
import { patternMatches } from '../policy/toolPattern';
import { locationSuffix } from '../util/location';
import type { CatalogTool } from '../types';

/** A configured "this tool needs approval" rule and where it was written. */
export interface ApprovalRule {
  pattern: string;
  file?: string;
  line?: number;
}

export interface ApprovalRequest {
  tool: Pick<CatalogTool, 'id' | 'name' | 'source' | 'sourceName' | 'description'>;
  args: Record<string, unknown>;
  callId: string;
  rule: ApprovalRule;
}

/** Asks a person (an editor prompt, a terminal question). Resolves true to let the call run. */
export type Approver = (request: ApprovalRequest) => Promise<boolean>;

export const APPROVAL_CONFIG_PATH = ['approvals', 'tools'] as const;

/**
 * Which tools need approval before they run: `approvals.tools` in the
 * OpenClaw config, a list of the same patterns the tool policy uses
 * (names, ids, `*`, `group:*`, `bundle-mcp`, plugin ids).
 */
export class ApprovalPolicy {
  constructor(readonly rules: readonly ApprovalRule[]) {}

  static fromConfig(reader: ConfigReader | undefined, extra: readonly string[] = []): ApprovalPolicy {
    const rules: ApprovalRule[] = [];
    const list = reader?.stringArray([...APPROVAL_CONFIG_PATH]) ?? [];
    list.forEach((pattern, i) => rules.push({ pattern, file: reader?.file, line: reader?.line([...APPROVAL_CONFIG_PATH, i]) }));
    for (const pattern of extra) {
      rules.push({ pattern });
    }
    return new ApprovalPolicy(rules);
  }

  /** The first rule that asks for approval of this tool, if any. */
  ruleFor(tool: Pick<CatalogTool, 'id' | 'name' | 'source' | 'sourceName' | 'groups' | 'rawName'>): ApprovalRule | undefined {
    const subject = { name: tool.name, source: tool.source, owner: tool.sourceName, groups: tool.groups, id: tool.id };
    return this.rules.find((r) => patternMatches(r.pattern, subject));
  }
}

export function describeRule(rule: ApprovalRule): string {
  const where = locationSuffix(rule);
  return `approvals.tools "${rule.pattern}"${where}`;
}
