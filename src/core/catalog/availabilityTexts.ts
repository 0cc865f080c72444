import type { ToolPolicy } from '../policy/policyEngine';
import { patternMatches } from '../policy/toolPattern';
import type { CatalogTool, ToolAvailabilityTexts, ToolDefinition } from '../types';
import { policySubjectOf } from './policySubject';

/**
 * OpenClaw adjusts some of its tools' texts to the run: to the other tools it
 * has (`applyToolAvailabilityDescriptions`, after its policy filter: with
 * `agents_list` denied, `sessions_spawn` no longer says "(see agents_list)"),
 * and to its tool profile (2026.9.6's `gateway` offers config reads only when
 * no profile restricts the run: `profileAllowsGatewayConfigReads`). The texts
 * are generated per combination (`ToolDefinition.availability`,
 * `whenProfileRestricts`); this picks each tool's by the tools the catalog
 * allows, whatever their source, and the policy's profile layers.
 */
export function applyAvailabilityTexts(tools: readonly CatalogTool[], defOf: ReadonlyMap<CatalogTool, ToolDefinition>, policy: ToolPolicy): void {
  const present = new Set(tools.filter((t) => t.status !== 'excluded').map((t) => t.name));
  for (const tool of tools) {
    const def = defOf.get(tool);
    const texts = def?.whenProfileRestricts && profileRestricts(policy, tool) ? def.whenProfileRestricts : def?.availability;
    const text = texts ? pick(texts, present) : undefined;
    if (text) {
      tool.description = text.description;
      tool.parameters = text.parameters ?? def?.parameters ?? tool.parameters;
    }
  }
}

function pick(texts: ToolAvailabilityTexts, present: ReadonlySet<string>): ToolAvailabilityTexts['variants'][string] | undefined {
  return texts.variants[texts.vars.map((v) => (present.has(v) ? '1' : '0')).join('')];
}

/**
 * A profile (or provider profile) of the run restricts this tool's texts: its
 * allow list has no `*` and its alsoAllow does not name the tool (OpenClaw's
 * `profileAllowsGatewayConfigReads`, for each of the two profiles).
 */
export function profileRestricts(policy: ToolPolicy, tool: CatalogTool): boolean {
  const subject = policySubjectOf(tool);
  return policy.layers.some(
    (l) => (l.kind === 'profile' || l.kind === 'provider-profile') && !l.allow.some((r) => r.pattern === '*') && !l.alsoAllow.some((r) => patternMatches(r.pattern, subject, policy.model)),
  );
}
